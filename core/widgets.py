"""Django's Select widget, written out in Python rather than through its templates.

A select renders one template include per option (and one more for each option's attributes): the card list's
filter form (sixteen selects, the class menu alone with a hundred options) spent most of a search page's time
there. ``PlainSelect`` writes the same HTML, byte for byte (tests/site/test_widgets.py compares it with
Django's own rendering for every select of the site's filter forms), with the same escaping.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe

# The templates whose output this widget reproduces; a subclass that names others renders through them.
SELECT_TEMPLATE = "django/forms/widgets/select.html"
OPTION_TEMPLATE = "django/forms/widgets/select_option.html"


def _as_string(value: Any) -> str:
    """``value|stringformat:'s'``, escaped as the template escapes it (a safe string stays unescaped)."""
    text = str(value)
    return str(conditional_escape(mark_safe(text) if isinstance(value, SafeData) else text))


def _attributes(attrs: dict[str, Any]) -> str:
    """django/forms/widgets/attrs.html: False leaves an attribute out, True writes its bare name."""
    parts = []
    for name, value in attrs.items():
        if value is False:
            continue
        parts.append(
            f" {conditional_escape(name)}" if value is True else f' {conditional_escape(name)}="{_as_string(value)}"'
        )
    return "".join(parts)


class PlainSelect(forms.Select):
    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> SafeString:
        if self.template_name != SELECT_TEMPLATE or self.option_template_name != OPTION_TEMPLATE:
            return super().render(name, value, attrs, renderer)
        widget = self.get_context(name, value, attrs)["widget"]
        parts = [f'<select name="{conditional_escape(widget["name"])}"{_attributes(widget["attrs"])}>']
        for group_name, group_choices, _index in widget["optgroups"]:
            if group_name:
                parts.append(format_html('\n  <optgroup label="{}">', group_name))
            for option in group_choices:
                parts.append(
                    f'\n  <option value="{_as_string(option["value"])}"{_attributes(option["attrs"])}>'
                    f"{conditional_escape(option['label'])}</option>\n"  # the option template's last line break
                )
            if group_name:
                parts.append("\n  </optgroup>")
        parts.append("\n</select>")
        return mark_safe("".join(parts))
