"""The site's engine catalog comes from the database: it matches the fixtures, and follows a correction."""

from __future__ import annotations

from typing import Any

import pytest

from cards.models import Card
from combat import running
from engine.catalog import default_catalog
from engine.log import CombatLog

pytestmark = pytest.mark.django_db

NOTATION = "a=sand-lord d=swordsman"


def test_every_card_reads_the_same_from_the_database_as_from_the_fixtures() -> None:
    from_database, from_fixtures = running.catalog(), default_catalog()
    assert len(from_database) == len(from_fixtures) == 679
    different = [card.slug for card in from_fixtures if from_database.get(card.slug) != card]
    assert different == []


def _sand_lord(log: CombatLog) -> tuple[int, int | None]:
    """Sand Lord's Vitality in the result and its side's total in the match-up."""
    creature = next(creature for creature in log.result.creatures if creature.card == "sand-lord")
    return creature.vitality, log.result.matchups[0].attacker_total


def test_an_admin_correction_reaches_the_next_combat(django_capture_on_commit_callbacks: Any) -> None:
    before = running.run_notation(NOTATION)
    card = Card.objects.get(slug="sand-lord")
    assert card.vitality == 11
    with django_capture_on_commit_callbacks(execute=True):
        card.vitality = 17
        card.save()
    after = running.run_notation(NOTATION)
    assert running.catalog().get("sand-lord").vitality == 17
    assert default_catalog().get("sand-lord").vitality == 11  # the command line still reads the fixtures
    assert _sand_lord(before) == (11, 11)
    assert _sand_lord(after) == (17, 17)
