"""Match-up outcome texts whose effect shows in the creatures' fates rather than in the count."""

from __future__ import annotations

from engine.catalog import default_catalog
from engine.enums import Fate, Side
from engine.notation import parse_setup
from engine.resolver import resolve


def _fates(notation: str) -> tuple[dict[str, Fate], tuple[Side, ...]]:
    result = resolve(parse_setup(notation), default_catalog()).result
    return {creature.card: creature.fate for creature in result.creatures}, result.shields_destroyed


def test_tangle_web_destroys_the_victor_whose_side_loses_the_space() -> None:
    # Swordsman 9 beats the Tangle Web 8, but the defender keeps the space 7 to 6.
    fates, destroyed = _fates("a=swordsman,idiot d=tangle-web,axeman")
    assert fates["swordsman"] is Fate.DESTROYED
    assert Side.ATTACKER in destroyed


def test_tangle_web_spares_the_victor_whose_side_takes_the_space() -> None:
    # The Gnomes beat the Idiot, the Swordsman (9) beats the Tangle Web (8) and the attacker takes the space
    # 4 + 6 against 0, so the Swordsman stays standing.
    fates, _ = _fates("a=gnobby-gnomes,swordsman d=idiot,tangle-web")
    assert fates["swordsman"] is Fate.STANDING


def test_a_spell_command_card_is_destroyed_only_by_a_big_enough_lead() -> None:
    # Press Leak (Up 5) is the defender's command: Bold Mold 12 + 4 beats the Mortal Gnomes 4 by 12, more than 5.
    notation = "a=bold-mold d=gnobby-gnomes d.hand=press-leak d.command=press-leak"
    steps = resolve(parse_setup(notation), default_catalog()).steps
    assert any(step.rule == "ENG-7" and "destroys" in step.text for step in steps)
    # Against the External Zombie (12 against 7, a lead of 5, not more than 5) it stays.
    steps = resolve(parse_setup(notation.replace("gnobby-gnomes", "zombie")), default_catalog()).steps
    assert any(step.rule == "ENG-7" and "stays" in step.text for step in steps)
