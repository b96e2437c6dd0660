"""The shared FilterSet and the named querysets behind it, checked against the real data."""

from __future__ import annotations

from typing import Any

import pytest

from cards.filters import CardFilterSet
from cards.models import Card

pytestmark = pytest.mark.django_db


def names(params: dict[str, Any]) -> list[str]:
    filterset = CardFilterSet(params, queryset=Card.objects.all())
    assert filterset.is_valid(), filterset.errors
    return [card.name for card in filterset.qs]


def test_set_border_and_bribery_together() -> None:
    assert names({"set": "DI", "border": "elemental", "bribery": "babes"}) == [
        "Captain Red Noseoid", "Chephros", "Druk", "Reverend Smilin' Jackoid"]  # fmt: skip


def test_set_filter_includes_promo_reprints() -> None:
    assert names({"set": "PR"}) == [
        "Barrow Wight",
        "Chaos Summoner",
        "Cheesy Con Souvenir Tweezle",
        "Druk",
        "Exploding Tweezle",
        "Land Drake",
        "Tweezle the Sneaky",
    ]


def test_class_and_flying() -> None:
    assert names({"class": "undead", "flying": "true"}) == ["Buzz, Vampire Mosquito"]


def test_vitality_range_sorted_high_first() -> None:
    assert names({"type": "creature", "vitality_min": "20", "sort": "-vitality"}) == [
        "Pink Flamingos", "Great Ba'te", "Ba Choomba", "Old Nick", "Watcher"]  # fmt: skip


def test_yes_no_filters_count_real_cards() -> None:
    assert len(names({"channeller": "true"})) == 15  # Doomwing's 6 is its ranged attack, not a CMP
    assert len(names({"receives_channeling": "true"})) == 58
    assert len(names({"command": "true"})) == 104  # 80 creatures and 24 spells and items
    assert len(names({"ranged_attack": "true"})) == 26
    assert len(names({"flying": "true"})) == 54
    assert len(names({"flying": "false"})) == 676 - 54  # the 3 unverified cards are left out by default


def test_bribery_and_size_counts() -> None:
    assert len(names({"bribery": "gold"})) == 122
    assert len(names({"bribery": "beer"})) == 107
    assert len(names({"size": "large"})) == 90


def test_sort_by_vitality_puts_cards_without_vitality_last() -> None:
    result = names({"sort": "vitality"})
    assert result[:2] == ["Rye Beaner", "Scamp Jones"]
    assert Card.objects.get(name=result[-1]).vitality is None


def test_sort_by_set_starts_with_the_base_set() -> None:
    filterset = CardFilterSet({"sort": "-set"}, queryset=Card.objects.all())
    assert filterset.qs.first().card_set.code == "PR"
    widened = CardFilterSet({"sort": "-set", "include": "unverified"}, queryset=Card.objects.all())
    assert widened.qs.first().card_set.code == "FAN"


def test_rarity_and_starter_filters() -> None:
    assert len(names({"rarity": "rare", "set": "NP"})) == 0  # Necropolis Park printed no rares
    assert len(names({"rarity": "uncommon", "set": "DN"})) == 40
    starter = names({"starter": "true"})
    assert len(starter) == 66 and "Carreg Amroth (Left)" in starter and "Khnumian Stronghold (Center)" in starter


@pytest.mark.parametrize(
    "param, value",
    [("set", "XX"), ("type", "dragon"), ("border", "purple"), ("bribery", "wine"), ("class", "nobody"),
     ("size", "huge"), ("vitality_min", "ten"), ("flying", "maybe"), ("sort", "colour")],
)  # fmt: skip
def test_invalid_values_are_errors_naming_the_parameter(param: str, value: str) -> None:
    filterset = CardFilterSet({param: value}, queryset=Card.objects.all())
    assert not filterset.is_valid()
    assert list(filterset.errors) == [param]


def test_related_cards_share_a_class_or_the_set() -> None:
    sand_lord = Card.objects.get(slug="sand-lord")
    same_class = set(Card.objects.sharing_a_class_with(sand_lord).values_list("name", flat=True))
    assert same_class == {"Iron Lord", "Rock Lord"}
    assert Card.objects.from_same_set_as(sand_lord).count() == 323
