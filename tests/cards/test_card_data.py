"""The loaded database holds every printed card with the facts from the sources."""

from __future__ import annotations

import pytest
from django.db.models import Count

from cards.models import Card, CardSet, Printing

pytestmark = pytest.mark.django_db


def test_cards_per_primary_set() -> None:
    counts = dict(Card.objects.values_list("card_set__code").annotate(n=Count("pk")))
    assert counts == {"RE": 324, "DI": 123, "DN": 123, "NP": 102, "PR": 4, "FAN": 3}
    assert Card.objects.count() == 679


def test_printings_per_set_count_promo_reprints() -> None:
    counts = dict(Printing.objects.values_list("card_set__code").annotate(n=Count("pk")))
    assert counts == {"RE": 324, "DI": 124, "DN": 123, "NP": 102, "PR": 7, "FAN": 3}


def test_cards_per_type() -> None:
    counts = dict(Card.objects.values_list("card_type").annotate(n=Count("pk")))
    assert counts == {
        "creature": 391, "spell": 74, "shield": 64, "hand_item": 26, "standard_bearer": 24, "stronghold": 21,
        "terrain": 15, "guardian": 14, "creature_item": 13, "stronghold_upgrade": 12, "shield_terrain": 12,
        "accessory": 7, "bribery": 3, "stronghold_downgrade": 3,
    }  # fmt: skip


def test_sand_lord() -> None:
    card = Card.objects.get(slug="sand-lord")
    assert (card.vitality, card.border, card.bribery, card.ocb, card.ocb_against) == (
        11,
        "elemental",
        ["babes"],
        3,
        "external",
    )
    assert [c.name for c in card.classes.all()] == ["Elemental Lord"]
    assert card.size == "medium"


def test_rock_giant_is_bribed_with_beer_and_says_why() -> None:
    card = Card.objects.get(slug="rock-giant")
    assert card.bribery == ["beer"]
    assert "Beer bribery flag found in the Gold column and moved to Beer." in card.import_fixes


def test_land_drake_printed_in_dagger_isle_and_as_promo() -> None:
    card = Card.objects.get(slug="land-drake")
    assert [p.card_set.code for p in card.printings.all()] == ["DI", "PR"]
    assert card.card_set.code == "DI"


def test_fangis_has_two_printings() -> None:
    card = Card.objects.get(slug="fangis-the-hunter")
    assert card.printings.count() == 2
    assert [p.classes for p in card.printings.all()] == [["Animal"], ["Henchman"]]


def test_guardian_stats() -> None:
    finn = Card.objects.get(slug="finn-swamp-king")
    assert (finn.vitality, finn.cmp, finn.guardian_stones, finn.guardian_base_draw) == (27, 8, 6, 2)
    assert (finn.guardian_ldl, finn.guardian_mdl, finn.guardian_luc) == (-1, 0, 1)


def test_stronghold_stats() -> None:
    left = Card.objects.get(slug="freebooters-stronghold-left")
    assert (left.stronghold_group, left.stronghold_position, left.stronghold_defend_bonus) == (
        "Freebooter's Stronghold", "left", 4)  # fmt: skip
    assert left.stronghold_counts_as_terrain == "Rivers and Lakes"


def test_mud_castle_sits_in_the_unverified_set() -> None:
    fan = CardSet.objects.get(code="FAN")
    assert fan.is_unverified
    assert sorted(fan.primary_cards.values_list("name", flat=True)) == [
        "Mud Castle (Center)", "Mud Castle (Left)", "Mud Castle (Right)"]  # fmt: skip


def test_every_card_has_a_summary_and_a_source() -> None:
    assert not Card.objects.filter(summary="").exists()
    assert all(card.sources for card in Card.objects.only("sources"))
