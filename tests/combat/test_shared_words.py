"""combat/shared_words.py: a set-up and its result in words, read from their fields (engine fixtures' catalog)."""

from __future__ import annotations

from combat.shared_words import TITLE_LIMIT, combat_words
from engine import default_catalog, parse_setup, resolve


def _words(notation: str):  # type: ignore[no-untyped-def]
    catalog = default_catalog()
    setup = parse_setup(notation)
    return combat_words(setup, resolve(setup, catalog), catalog), resolve(setup, catalog).result


def test_a_basic_terrain_card_is_its_type_and_another_terrain_card_is_named() -> None:
    assert _words("terrain=the-dry-heaps a=sand-lord d=swordsman")[0].place == "in the Dry Heaps"
    assert _words("terrain=swamp a=sand-lord d=swordsman")[0].place == "in the Swamps"
    assert _words("terrain=mountains a=sand-lord d=swordsman")[0].place == "in the Mountains"
    named = _words("terrain=spirit-mountain a=sand-lord d=swordsman")[0].place
    assert named == "on the terrain card Spirit Mountain"
    assert _words("terrain=face-down a=sand-lord d=swordsman")[0].place == "on a face-down terrain card"
    assert _words("a=sand-lord d=swordsman")[0].place == ""


def test_a_long_line_up_is_shortened_in_the_title_but_the_outcome_never_is() -> None:
    crowd = "cherub,bone-shambler,shadow-spy,trumpeter,groupie,medicine-man,skeletal-minion"
    words, result = _words(f"terrain=spirit-mountain a={crowd} d={crowd}")
    assert len(words.title) <= TITLE_LIMIT
    assert words.title.startswith("Cherub and 6 more against Cherub and 6 more on the terrain card Spirit Mountain")
    assert words.title.endswith(f"{result.attacker_total} against {result.defender_total}")
    # The description keeps every creature's name.
    assert "Shadow Spy" in words.description or words.description.endswith("\u2026")


def test_a_second_copy_and_what_each_side_brought_are_said() -> None:
    words, result = _words("a=archer,archer a.ranged=1:archer#2 d=swordsman d.hand=gold d.bribe=1:gold")
    attacker, defender = words.sides
    assert attacker.fighters == "Archer and Archer (copy 2)"
    assert attacker.extras == "with ranged support from Archer (copy 2)"
    assert defender.extras == "with 1 bribe (Gold)"
    assert words.outcome == (
        f"The {result.winner.value} holds the space, {result.attacker_total} against {result.defender_total}."
    )
