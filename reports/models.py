"""A visitor's report of a problem on a card, rule or ruling page, kept for the site's editors (listed in the
admin). Its own small app: reports concern pages of three apps (cards, rules, rulings), and the form, its
throttle and its model belong together rather than inside one of them."""

from __future__ import annotations

from django.db import models


class Report(models.Model):
    class Kind(models.TextChoices):
        WRONG_FACT = "wrong_fact", "A fact is wrong (a statistic, a set, a rule's wording)"
        MISSING = "missing", "Something is missing"
        RULING = "ruling", "A ruling or its source is wrong or disputed"
        BROKEN = "broken", "Something on the page does not work"
        OTHER = "other", "Something else"

    # The site address reported, as a path (/cards/sand-lord/), checked to be a card, rule or ruling page.
    page = models.CharField(max_length=300)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    message = models.TextField(max_length=2000)
    # Optional: how to reach the reporter with a question; never shown on the site.
    contact = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    handled = models.BooleanField(default=False, help_text="Ticked once an editor has dealt with the report.")
    editor_note = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} on {self.page}"
