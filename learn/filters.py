"""The quiz's filters, one definition for the page and the API: level, chapter and which round of questions."""

from __future__ import annotations

from django import forms

from learn.questions import Level, Question, question_bank
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
    """The filters of the quiz page and of /api/v1/learn/questions/."""

    level = forms.ChoiceField(required=False, choices=[("", "Every level")] + [(level.value, level.value.capitalize())
                                                                             for level in Level])  # fmt: skip
    chapter = forms.ChoiceField(required=False, label="Rules chapter")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["chapter"].choices = [("", "Every chapter"), *chapter_choices()]  # type: ignore[attr-defined]

    def questions(self) -> list[Question]:
        data = self.cleaned_data
        return question_bank().filtered(data.get("level") or "", data.get("chapter") or "")


class QuizPageForm(QuestionFilter):
    """The page's filters, plus which round of the filtered questions to show, or one question by its id (the
    address the API gives each question)."""

    round = forms.IntegerField(required=False, min_value=1, max_value=1000, widget=forms.HiddenInput)
    question = forms.CharField(required=False, max_length=120, widget=forms.HiddenInput)

    def clean_question(self) -> str:
        wanted = str(self.cleaned_data.get("question") or "")
        if wanted and wanted not in question_bank().by_id:
            raise forms.ValidationError(f"No question is called {wanted!r}.")
        return wanted

    def questions(self) -> list[Question]:
        wanted = self.cleaned_data.get("question")
        return [question_bank().by_id[wanted]] if wanted else super().questions()
