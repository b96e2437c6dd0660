"""How terms combine: juxtaposition, or, minus, parentheses, phrases and sorting, checked against the
fixtures; and how the search joins the other list filters on the page and in the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cards.filters import CardFilterSet
from cards.models import Card
from core.text_analysis import stems
from tests.search import reference as ref
from tests.search.helpers import found, found_in_order

pytestmark = pytest.mark.django_db

fire = ref.slugs(ref.has_word("fire"))
big = ref.slugs(ref.number("vitality", ">=", 10))
elemental = ref.slugs(lambda r: r["border"] == "elemental")
flying = ref.slugs(ref.FLAGS["flying"])
undead = ref.slugs(lambda r: "Undead" in r["classes"])
demon = ref.slugs(lambda r: "Demon" in r["classes"])
everything = ref.slugs(lambda r: True)


@pytest.mark.parametrize(
    "query, expected",
    [
        ("fire v>=10", fire & big),
        ("fire and v>=10", fire & big),
        ("fire or v>=10", fire | big),
        ("fire OR v>=10", fire | big),
        ("-fire", everything - fire),
        ("fire -v>=10", fire - big),
        ("-(fire or v>=10)", everything - (fire | big)),
        ("(c:undead or c:demon) -is:flying", (undead | demon) - flying),
        ("c:undead or c:demon -is:flying", undead | (demon - flying)),
        ("b:e (fire or is:flying) v>=10", elemental & (fire | flying) & big),
        ("--fire", fire),
        ("((fire))", fire),
        ("fire or (b:e -(v>=10 or is:flying))", fire | (elemental - (big | flying))),
    ],
)
def test_combinations(query: str, expected: set[str]) -> None:
    assert found(query) == expected


def test_quoted_phrase_needs_the_words_together() -> None:
    words = stems("dry heaps")

    def has_phrase(record: dict[str, Any]) -> bool:
        for text in ref.word_texts(record):
            tokens = stems(text)
            if any(tokens[i : i + len(words)] == words for i in range(len(tokens))):
                return True
        return False

    expected = ref.slugs(has_phrase)
    assert expected and found('"dry heaps"') == expected
    assert found("dry heaps") >= expected


def test_plain_words_find_what_the_abilities_say() -> None:
    # The abilities are searched as the card page describes them, so words find what keywords find.
    assert found("immune fire") == ref.slugs(lambda r: ref.has_word("immune")(r) and ref.has_word("fire")(r))
    fire_immune = ref.slugs(lambda r: "fire" in ref.immune_to(r))
    assert fire_immune and fire_immune <= found("immune fire")
    assert len(found("immune fire")) > len(ref.slugs(lambda r: {"immun", "fire"} <= set(
        stems(" ".join([r["name"], *r["aliases"], r["summary"]])))))  # fmt: skip


def test_order_and_direction() -> None:
    by_vitality = found_in_order("set:dn order:vitality")
    records = {r["slug"]: r for r in ref.records()}
    vitalities = [records[slug]["vitality"] for slug in by_vitality]
    present = [v for v in vitalities if v is not None]
    assert present == sorted(present) and vitalities[len(present) :] == [None] * (len(vitalities) - len(present))
    descending = found_in_order("set:dn order:v dir:desc")
    assert [records[s]["vitality"] for s in descending][: len(present)] == sorted(present, reverse=True)
    assert found_in_order("dir:desc") == sorted(everything, key=lambda s: (records[s]["name"].casefold(), s), reverse=True)


def test_search_joins_the_other_filters() -> None:
    filterset = CardFilterSet({"q": "fire", "border": "elemental", "flying": "false"}, queryset=Card.objects.all())
    assert filterset.is_valid()
    assert {card.slug for card in filterset.qs} == (fire & elemental) - flying


def test_order_in_the_query_wins_over_the_sort_menu() -> None:
    filterset = CardFilterSet({"q": "b:e order:vitality dir:desc", "sort": "name"}, queryset=Card.objects.all())
    assert filterset.is_valid()
    vitalities = [card.vitality for card in filterset.qs if card.vitality is not None]
    assert vitalities == sorted(vitalities, reverse=True)


def test_the_same_search_serves_the_page_and_the_api(client: Client) -> None:
    query = {"q": "immune:fire -is:flying", "border": "external"}
    expected = ref.slugs(lambda r: "fire" in ref.immune_to(r) and not r["flying"] and r["border"] == "external")
    body = client.get("/api/v1/cards/", query).json()
    assert {card["slug"] for card in body["results"]} == expected and body["count"] == len(expected)
    page = client.get("/cards/", query)
    assert page.status_code == 200
    assert page.context["total"] == len(expected)
    assert {card.slug for card in page.context["page"].object_list} == expected


def test_examples_from_the_issue_run() -> None:
    modifiers = {r["slug"]: ref.terrain_modifiers(r).get("dry_heaps") for r in ref.records()}
    assert found('terrain:"dry heaps">=4') == {s for s, m in modifiers.items() if m is not None and m >= 4}
    assert found("v>=10 border:elemental bribe:babes") == ref.slugs(
        lambda r: r["vitality"] is not None and r["vitality"] >= 10 and r["border"] == "elemental"
        and "babes" in r["bribery"])  # fmt: skip
    assert found("class:knight ranged>0") == ref.slugs(
        lambda r: "Knight" in r["classes"] and (r["ranged_attack"] or 0) > 0
    )
    assert found("sand lord") >= {"sand-lord"}
