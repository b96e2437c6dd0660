"""The quiz's filters, one definition for the page and the API: level, chapter and which round of questions."""

from __future__ import annotations

from django import forms

from learn.questions import Level, question_bank
from learn.rule_index import rule_index

ROUND_SIZE = 5


def chapter_choices() -> list[tuple[str, str]]:
    """The rules chapters that have questions, in reading order, each with its count."""
    counts: dict[str, int] = {}
    for question in question_bank().questions:
        counts[question.chapter] = counts.get(question.chapter, 0) + 1
    return [(number, f"{number} {title} ({counts[number]})") for number, title in rule_index().chapters.items()
            if number in counts]  # fmt: skip


class QuestionFilter(forms.Form):
    level = forms.ChoiceField(required=False, choices=[("", "Every level")] + [(level.value, level.value.capitalize())
                                                                             for level in Level])  # fmt: skip
    chapter = forms.ChoiceField(required=False, label="Rules chapter")
    round = forms.IntegerField(required=False, min_value=1, max_value=1000, widget=forms.HiddenInput)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["chapter"].choices = [("", "Every chapter"), *chapter_choices()]  # type: ignore[attr-defined]

    def questions(self) -> list:  # type: ignore[type-arg]
        data = self.cleaned_data
        return question_bank().filtered(data.get("level") or "", data.get("chapter") or "")
