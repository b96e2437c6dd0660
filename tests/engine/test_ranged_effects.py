"""ENG-11: ranged attacks with an effect instead of points, the duty to aim every ranged attack at
Bone Fright, and Gold cards fired through Mayor McGreed's command."""

from __future__ import annotations

import pytest

from engine.catalog import default_catalog
from engine.enums import Fate, Role, Side, Winner
from engine.errors import EngineError, SetupInvalid
from engine.explore import explore
from engine.log import CombatLog
from engine.notation import parse_setup
from engine.resolver import resolve
from engine.validate import validate

CATALOG = default_catalog()


def run(text: str) -> CombatLog:
    return resolve(parse_setup(text), CATALOG)


def eng11(log: CombatLog) -> list[str]:
    return [step.text for step in log.steps if step.rule == "ENG-11"]


def test_after_the_djinn_forces_a_push_no_ranged_attack_or_channelling_changes_it() -> None:
    log = run("a=warrior-spirit,djinn a.ranged=1:djinn d=sand-lord,archer d.ranged=1:archer d.channel=1:guardian*2")
    # Spirit 10 raised to the Sand Lord's 11; the Archer and the two stones are never used.
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (11, 11)
    archer = next(c for c in log.result.creatures if c.card == "archer")
    assert archer.role is not Role.RANGED
    assert any("Archer's ranged attack is not made" in text for text in eng11(log))
    assert any("channelling planned for it is not made" in text for text in eng11(log))


def test_a_target_immune_to_ranged_attacks_ignores_the_djinn() -> None:
    log = run("a=crackhatch-at-large d=sand-lord,djinn d.ranged=1:djinn")
    # Crackhatch 17 against the Sand Lord 11: the Djinn's shot cannot reach an opponent immune to ranged attacks.
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (17, 11)
    assert log.result.fates_by_name(Side.DEFENDER)["sand-lord"] is Fate.BEATEN


def test_drizzle_bone_does_nothing_when_its_side_loses() -> None:
    log = run("a=swordsman,drizzle-bone-the-hack a.ranged=1:drizzle-bone-the-hack d=warrior-spirit")
    # Swordsman 6 + 3 off-colour = 9 loses to the Spirit's 10: the Swordsman is only beaten.
    assert log.result.fates_by_name(Side.ATTACKER)["swordsman"] is Fate.BEATEN


def test_gorcoo_helps_only_a_saurian_that_lacks_its_bonus() -> None:
    not_saurian = run("a=archer,gorcoo a.ranged=1:gorcoo d=zombie")
    assert any("is not one, so it has no effect" in text for text in eng11(not_saurian))
    already = run("a=jimandu,gorcoo a.ranged=1:gorcoo d=zombie")
    # Jimandu already gets its 2 against the External Zombie: 12, nothing more from Gorcoo.
    assert already.result.matchups[0].attacker_total == 12
    assert any("already has its off-colour bonus" in text for text in eng11(already))


def test_mayor_mcgreed_fires_gold_only_beside_a_barnyard_animal() -> None:
    log = run("a=swordsman,mayor-mcgreed a.command=mayor-mcgreed a.hand=gold a.choices=mayor-mcgreed:1 d=sand-lord")
    # Swordsman 6 + 3 off-colour against the Elemental, and no Gold: a Knight is no Barnyard Animal.
    assert log.result.matchups[0].attacker_total == 9
    assert any("not one of Barnyard Animals" in warning for warning in log.result.warnings)


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "a=horse,mayor-mcgreed a.command=mayor-mcgreed a.hand=gold a.choices=mayor-mcgreed:1x2 d=swordsman",
            "hand holds 1",
        ),
        ("a=horse,mayor-mcgreed a.hand=gold a.choices=mayor-mcgreed:1 d=swordsman", "command card"),
        (
            "a=horse,mayor-mcgreed a.command=mayor-mcgreed a.hand=gold a.choices=mayor-mcgreed:x1 d=swordsman",
            "match-up number",
        ),
    ],
)
def test_a_bad_gold_plan_is_refused(text: str, message: str) -> None:
    problems = validate(parse_setup(text), CATALOG)
    assert [p.code for p in problems] == ["setup.bad_choice"]
    assert message in problems[0].message


def test_every_ranged_creature_still_held_must_fire_at_bone_fright() -> None:
    problems = validate(parse_setup("a=zombie,bone-fright d=swordsman,gnobby-gnomes,archer"), CATALOG)
    assert [(p.code, p.card, p.field) for p in problems] == [("setup.ranged_must_target", "archer", "d.ranged")]
    assert "d.ranged=2:archer" in problems[0].message
    # Fired at an earlier match-up, before Bone Fright came out, it is used up: nothing is owed.
    assert (
        validate(parse_setup("a=zombie,bone-fright d=swordsman,gnobby-gnomes,archer d.ranged=1:archer"), CATALOG) == []
    )
    # Played as the primary that faces Bone Fright, it is no ranged attacker.
    assert validate(parse_setup("a=bone-fright d=archer,swordsman"), CATALOG) == []
    # No ranged attacks in Woods: nothing is possible, nothing is owed.
    assert validate(parse_setup("terrain=woods a=bone-fright d=swordsman,archer"), CATALOG) == []


def test_exploration_leaves_out_orders_that_break_the_duty() -> None:
    exploration = explore(parse_setup("a=zombie,bone-fright,axeman d=swordsman,archer d.ranged=2:archer"), CATALOG)
    # The defender plays one primary; of the attacker's three candidates, Bone Fright would meet it in
    # match-up 1 while the Archer is kept for match-up 2: that order is not legal.
    assert sorted(o.order[0] for o in exploration.outcomes) == ["axeman", "zombie"]
    assert all(o.winner is Winner.ATTACKER for o in exploration.outcomes)
    with pytest.raises(EngineError) as caught:
        explore(parse_setup("a=bone-fright d=swordsman,archer d.ranged=2:archer"), CATALOG)
    assert caught.value.code == "explore.no_legal_order"
    with pytest.raises(SetupInvalid):
        run("a=bone-fright d=swordsman,archer d.ranged=2:archer")


def test_the_log_reports_a_ranged_creature_left_idle_against_bone_fright() -> None:
    # The set-up check is bypassed here, as if the combat had moved Bone Fright to another match-up.
    setup = parse_setup("a=bone-fright d=swordsman,archer")
    log = resolve(setup, CATALOG, checked=True)
    assert any("Archer" in warning and "Bone Fright" in warning for warning in log.result.warnings)


def test_secauris_makes_the_opponent_discard_a_creature_item() -> None:
    named = run(
        "a=sand-lord,secauris a.ranged=1:secauris a.choices=secauris:amulet-of-flying "
        "d=swordsman,archer d.items=amulet-of-flying,heels-of-speed"
    )
    assert any("discards its creature magic item Amulet of Flying." in text for text in eng11(named))
    default = run("a=sand-lord,secauris a.ranged=1:secauris d=swordsman,archer d.items=amulet-of-flying,heels-of-speed")
    # Heels of Speed has the lower Up number (5 against 16).
    assert any("Heels of Speed (none is named" in text for text in eng11(default))
    problems = validate(parse_setup("a=sand-lord,secauris a.choices=secauris:wheel-of-law d=swordsman"), CATALOG)
    assert [p.code for p in problems] == ["setup.bad_choice"]
