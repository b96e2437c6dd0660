from __future__ import annotations

from django import forms
from django.urls import Resolver404, resolve

from reports.models import Report

# The pages a report may be about: every card, rule and ruling page.
REPORTABLE_PAGES = {"cards:card-detail", "rulings:rule", "rulings:arena-rule", "rulings:ruling"}


def reportable(path: str) -> bool:
    if not path.startswith("/") or path.startswith("//") or len(path) > 300:
        return False
    try:
        match = resolve(path.split("?", 1)[0])
    except Resolver404:
        return False
    return match.view_name in REPORTABLE_PAGES


class ReportForm(forms.ModelForm):
    # A field people never see (hidden by the stylesheet and from screen readers); bots that fill every field
    # fill it, and their report is dropped without telling them.
    website = forms.CharField(required=False, label="Leave this empty")

    class Meta:
        model = Report
        fields = ["page", "kind", "message", "contact"]
        widgets = {
            "page": forms.HiddenInput,
            "kind": forms.RadioSelect,
            "message": forms.Textarea(attrs={"rows": 6, "maxlength": 2000}),
        }
        labels = {
            "kind": "What is wrong?",
            "message": "What did you notice, and where does the correct fact come from?",
            "contact": "Your e-mail or name (optional)",
        }
        help_texts = {
            "message": "A few sentences are plenty: the card, rule or ruling, what it says here, what it should say, "
            "and your source (a card, the rulebook, an FAQ) if you have one.",
            "contact": "Only if you would like an answer; it is never shown on the site.",
        }
        error_messages = {
            "kind": {"required": "Choose what kind of problem it is."},
            "message": {"required": "Say what is wrong, in a sentence or two."},
        }

    def clean_page(self) -> str:
        page = str(self.cleaned_data["page"])
        if not reportable(page):
            raise forms.ValidationError("Reports are about a card, rule or ruling page; this address is not one.")
        return page

    def clean_message(self) -> str:
        message = str(self.cleaned_data["message"]).strip()
        if len(message) < 10:
            raise forms.ValidationError(
                "Say a little more (at least 10 characters), so an editor can find the problem."
            )
        return message

    def is_bot(self) -> bool:
        return bool(self.cleaned_data.get("website"))
