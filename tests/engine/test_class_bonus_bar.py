"""A card that takes class bonuses away from the opposing side (ENG-13) also reaches a secondary attacker's own
class bonus, when the fixtures mark that bonus as one (Captain Red Nose's share as a Pirate)."""

from __future__ import annotations

from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.resolver import resolve

CATALOG = default_catalog()


def _secondary_sum(notation: str) -> str:
    steps = resolve(parse_setup(notation), CATALOG).steps
    return next(
        step.text for step in steps if step.rule == "SEC-7" and "Captain Red Nose" in step.text and " = " in step.text
    )


def test_the_noseoid_bars_captain_red_noses_pirate_share_in_a_secondary_attack() -> None:
    # The Gunner loses match-up 1 to the Noseoid (15); Red Nose, left over, attacks it: 4 partner + 15 + 5 OCB
    # (Mortal against an Elemental) = 24, without its +4 as a Pirate, because the Noseoid is in play.
    assert "4 partner + 15 Captain Red Nose + 5 OCB = 24" in _secondary_sum(
        "a=gunner,captain-red-nose d=captain-red-noseoid"
    )


def test_without_the_noseoid_the_pirate_share_counts() -> None:
    # The same fight against the Ice Elemental (15, no text that matters off its terrain): 4 + 15 + 4 + 5 = 28.
    text = _secondary_sum("a=gunner,captain-red-nose d=ice-elemental")
    assert "= 28" in text and "+ 4" in text
