"""Named queries over rules and rulings; views, the API and the FilterSet call these."""

from __future__ import annotations

import re
from functools import reduce
from operator import and_
from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Case, IntegerField, Q, Value, When

if TYPE_CHECKING:
    from cards.models import Card
    from rulings.models import RuleEntry, Ruling, Topic  # noqa: F401

MAX_SEARCH_WORDS = 10
WORD = re.compile(r"[\w'-]+")


def search_words(query: str) -> list[str]:
    """The plain words of a search box, lower-cased, without repeats; punctuation is ignored."""
    words: list[str] = []
    for word in WORD.findall(query.lower()):
        word = word.strip("'-")
        if word and word not in words:
            words.append(word)
    return words[:MAX_SEARCH_WORDS]


def _all_words_in(fields: tuple[str, ...], words: list[str]) -> Q:
    """Every word must occur (case-insensitively) in at least one of the fields."""
    per_word = [reduce(lambda a, b: a | b, (Q(**{f"{name}__icontains": word}) for name in fields)) for word in words]
    return reduce(and_, per_word, Q())


class RuleEntryQuerySet(models.QuerySet["RuleEntry"]):
    def in_ruleset(self, slug: str) -> RuleEntryQuerySet:
        return self.filter(ruleset__slug=slug)

    def sections(self) -> RuleEntryQuerySet:
        return self.filter(kind="section")

    def headings(self) -> RuleEntryQuerySet:
        return self.filter(kind__in=("section", "subsection"))

    def under(self, entry: RuleEntry) -> RuleEntryQuerySet:
        """The entry itself and everything numbered beneath it."""
        return self.filter(ruleset_id=entry.ruleset_id, lineage__startswith=entry.lineage)

    def matching_words(self, words: list[str]) -> RuleEntryQuerySet:
        return self.filter(_all_words_in(("title", "text"), words)) if words else self.none()

    def for_display(self) -> RuleEntryQuerySet:
        """Everything a rule's block on a page shows, in a fixed number of queries."""
        return self.select_related("ruleset").prefetch_related(
            "engine_ids", "rulings", "differs_from__ruleset", "arena_departures__ruleset"
        )


class RulingQuerySet(models.QuerySet["Ruling"]):
    def for_listing(self) -> RulingQuerySet:
        return self.select_related("superseded_by").prefetch_related("rules__ruleset", "cards", "topics")

    def current(self) -> RulingQuerySet:
        return self.filter(status="current")

    def citing(self, entry: RuleEntry) -> RulingQuerySet:
        """Rulings that cite the entry or any rule numbered beneath it."""
        return self.filter(rules__ruleset_id=entry.ruleset_id, rules__lineage__startswith=entry.lineage).distinct()

    def about_card(self, card: Card) -> RulingQuerySet:
        return self.filter(cards=card)

    def on_topic(self, topic: Topic) -> RulingQuerySet:
        return self.filter(topics=topic)

    def matching_words(self, words: list[str]) -> RulingQuerySet:
        return self.filter(_all_words_in(("question", "answer"), words)) if words else self.none()

    def in_rank_order(self, pks: list[int]) -> RulingQuerySet:
        """Only these rulings, in the order given (a search's ranking, best first)."""
        if not pks:
            return self.none()
        rank = Case(*(When(pk=pk, then=Value(place)) for place, pk in enumerate(pks)), output_field=IntegerField())
        return self.filter(pk__in=pks).order_by(rank)

    def of_kind(self, kind: str) -> RulingQuerySet:
        return self.filter(kind=kind)

    def with_authority(self, authority: str) -> RulingQuerySet:
        return self.filter(authority=authority)

    def with_status(self, status: str) -> RulingQuerySet:
        return self.filter(status=status)
