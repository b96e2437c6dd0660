"""PlainSelect writes exactly the HTML Django's Select writes through its templates, for every menu of the
card filter form, with each value chosen in turn, a value that is no choice, and the attributes a bound field
adds; escaping included."""

from __future__ import annotations

import pytest
from django import forms
from django.utils.safestring import mark_safe

from cards.filters import CardFilterSet
from core.widgets import PlainSelect

pytestmark = pytest.mark.django_db


def _both(widget: forms.Select, name: str, value: object, attrs: dict[str, object] | None = None) -> tuple[str, str]:
    plain = PlainSelect(attrs=widget.attrs, choices=widget.choices)
    return plain.render(name, value, attrs), forms.Select.render(widget, name, value, attrs)


def test_every_menu_of_the_card_filters_renders_as_django_renders_it() -> None:
    form = CardFilterSet({}).form
    menus = {name: field for name, field in form.fields.items() if isinstance(field.widget, forms.Select)}
    assert len(menus) >= 14 and all(isinstance(field.widget, PlainSelect) for field in menus.values())
    compared = 0
    for name, field in menus.items():
        values = [None, "", "not-a-choice", *(str(value) for value, _label in field.widget.choices)]
        for value in values:
            ours, django = _both(field.widget, name, value, {"id": f"id_{name}", "aria-invalid": "true"})
            assert ours == django, (name, value)
            compared += 1
    assert compared > 150  # the class menu alone has dozens of options


def test_the_whole_form_is_unchanged_with_values_chosen() -> None:
    data = {"type": "creature", "border": "mortal", "flying": "true", "set": "RE", "sort": "-vitality", "q": "fire"}
    form = CardFilterSet(data).form
    for field in form:
        widget = field.field.widget
        if isinstance(widget, PlainSelect):
            widget_html = str(field)
            field.field.widget = forms.Select(attrs=widget.attrs, choices=widget.choices)
            assert widget_html == str(field), field.name
            field.field.widget = widget


def test_escaping_and_attributes_follow_the_templates() -> None:
    choices = [("a&b", "<b>bold</b>"), ("safe", mark_safe("<i>kept</i>")), ("Group", [("1", "one"), ("2", "two")])]
    attrs = {"class": 'x" onclick="y', "required": True, "disabled": False, "data-n": 3}
    for value in ("a&b", "2", "none"):
        widget = forms.Select(attrs=attrs, choices=choices)
        ours, django = _both(widget, "pick<>", value, {"id": "id_pick"})
        assert ours == django, value
    assert "&lt;b&gt;" in ours and "<i>kept</i>" in ours and "optgroup" in ours
