"""Rules a Shield's standard bearer (or the defender's stronghold card) lays on a whole side, each at its
step of the procedure: real set-ups in the notation, the totals worked out by hand, and the step that
carries each change (its amount, the running total, the card responsible and the rule id)."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from engine import default_catalog, parse_setup, resolve
from engine.abilities import parse_ability
from engine.errors import CatalogError
from engine.log import CombatLog, Step

CATALOG = default_catalog()


def run(notation: str) -> CombatLog:
    return resolve(parse_setup(notation), CATALOG)


def steps_of(log: CombatLog, card: str) -> list[Step]:
    """The steps a card is responsible for."""
    return [step for step in log.steps if step.card == card]


def made_up(record: dict[str, object]) -> str:
    """A made-up card as the notation's ``made-up.<slug>=`` clause writes it (JSON, percent-encoded)."""
    return quote(json.dumps(record, separators=(",", ":")), safe="")


def totals(log: CombatLog) -> list[tuple[int | None, int | None]]:
    return [(m.attacker_total, m.defender_total) for m in log.result.matchups]


# ----------------------------------------------------------------- PRI-6 / SEC-4: a bonus for one role
@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        # Brom's Demonic 04 gives +2 only while its side attacks: Gnomes 4 + 2 = 6 beat Gnomes 4.
        ("a=gnobby-gnomes a.shield=standard-bearer-broms-demonic-04 d=gnobby-gnomes", (6, 4)),
        # The same card with the defender does nothing: 4 against 4 is a push.
        ("a=gnobby-gnomes d=gnobby-gnomes d.shield=standard-bearer-broms-demonic-04", (4, 4)),
        # Maitz's Lightning 14 is the reverse: +2 only while its side defends.
        ("a=gnobby-gnomes d=gnobby-gnomes d.shield=standard-bearer-maitzs-lightning-14", (4, 6)),
        ("a=gnobby-gnomes a.shield=standard-bearer-maitzs-lightning-14 d=gnobby-gnomes", (4, 4)),
    ],
)
def test_a_shield_bonus_for_one_role_applies_only_in_that_role(notation: str, expected: tuple[int, int]) -> None:
    log = run(notation)
    assert totals(log) == [expected]
    setup = parse_setup(notation)
    (shield,) = setup.attacker.shields or setup.defender.shields
    bonus_steps = steps_of(log, shield)
    if expected[0] == expected[1]:
        assert bonus_steps == []
    else:
        (step,) = bonus_steps
        assert (step.rule, step.delta, step.total) == ("PRI-6", 2, 6)
        assert "while its side is the" in step.text


def test_a_shield_bonus_helps_a_secondary_attacker_by_site_ruling_eng_18() -> None:
    """Brom's Angelic 13: +3 against flyers, in the primaries and (the card lasting the whole combat) in a
    secondary attack. Match-up 1: Gnomes 4 + 3 = 7 lose to the flying Warrior Spirit's 10. The second
    Gnomes then attack it: 4 + 3 (Angelic) + 4 (partner: the first Gnomes faced it) = 11 > 10."""
    log = run(
        "a=gnobby-gnomes,gnobby-gnomes a.shield=standard-bearer-broms-angelic-13 "
        "d=warrior-spirit a.secondary=gnobby-gnomes#2>warrior-spirit"
    )
    assert totals(log) == [(7, 10)]
    primary, secondary = steps_of(log, "standard-bearer-broms-angelic-13")
    assert (primary.rule, primary.delta, primary.total) == ("PRI-6", 3, 7)
    # The partner's 4 is counted first, then the attacker's 4: the Shield's +3 makes 11.
    # The rules grant a secondary attacker no bearer's bonus: the step cites the site's ruling, not SEC-4.
    assert (secondary.rule, secondary.delta, secondary.total) == ("ENG-18", 3, 11)
    (attack,) = log.result.secondary_attacks
    assert attack.total == 11
    fates = {c.card: c.fate.value for c in log.result.creatures if c.side.value == "defender"}
    assert fates == {"warrior-spirit": "beaten"}
    assert (log.result.attacker_total, log.result.defender_total) == (4, 0)


# ----------------------------------------------------------------- PRI-9: ranged attacks of a side, or of both
def test_a_shield_weakens_every_ranged_attack_of_both_sides() -> None:
    """Brom's Dragon 15 (the attacker's): each Archer's 3 becomes 2, so 6 + 2 against 6 + 2 is a push."""
    log = run(
        "a=swordsman,archer a.ranged=1:archer a.shield=standard-bearer-broms-dragon-15 "
        "d=swordsman,archer d.ranged=1:archer"
    )
    assert totals(log) == [(8, 8)]
    steps = steps_of(log, "standard-bearer-broms-dragon-15")
    assert [(s.rule, s.side.value if s.side else None, s.delta, s.total) for s in steps] == [
        ("PRI-9", "attacker", -1, 8),
        ("PRI-9", "defender", -1, 8),
    ]


def test_a_weakening_rule_never_takes_a_shot_below_zero() -> None:
    """A made-up 1-point shooter under Brom's Dragon 15 adds 0, not -1: the Gnomes stay at 4."""
    shooter = made_up(
        {
            "name": "Test Sling",
            "type": "creature",
            "border": "mortal",
            "vitality": 2,
            "ranged_attack": 1,
        }
    )
    log = run(
        f"a=gnobby-gnomes,test-sling a.ranged=1:test-sling a.shield=standard-bearer-broms-dragon-15 "
        f"d=gnobby-gnomes made-up.test-sling={shooter}"
    )
    assert totals(log) == [(4, 4)]
    (step,) = steps_of(log, "standard-bearer-broms-dragon-15")
    assert (step.delta, step.total) == (-1, 4)


@pytest.mark.parametrize(
    ("shield", "role", "expected"),
    [
        # Ploog's Ox 19: +3 to its side's shots while it attacks: Swordsman 6 + Archer 3 + 3 = 12.
        ("standard-bearer-ploogs-ox-19", "a", 12),
        ("standard-bearer-ploogs-ox-19", "d", 9),
        # Ploog's Ox 05 and Chicken 05: the same, only while defending.
        ("standard-bearer-ploogs-ox-05", "d", 12),
        ("standard-bearer-ploogs-ox-05", "a", 9),
        ("standard-bearer-ploogs-chicken-05", "d", 12),
        ("standard-bearer-ploogs-chicken-05", "a", 9),
    ],
)
def test_a_shield_strengthens_its_sides_shots_in_one_role(shield: str, role: str, expected: int) -> None:
    """The Archer supports the side that holds the Shield; the opposing Gnomes stand alone at 4."""
    other = "d" if role == "a" else "a"
    log = run(f"{role}=swordsman,archer {role}.ranged=1:archer {role}.shield={shield} {other}=gnobby-gnomes")
    matchup = log.result.matchups[0]
    mine = matchup.attacker_total if role == "a" else matchup.defender_total
    assert mine == expected
    steps = steps_of(log, shield)
    if expected == 12:
        (step,) = steps
        assert (step.rule, step.delta, step.total) == ("PRI-9", 3, 12)
    else:
        assert steps == []


def test_sabu_amantek_strengthens_the_defenders_shots_only() -> None:
    """Defending in Sabu Amantek (Left): Swordsman 6 + 3 stronghold + Archer 3 + 2 = 14; the attacker's
    Archer gets nothing from the defender's stronghold: 6 + 3 = 9."""
    log = run(
        "a=swordsman,archer a.ranged=1:archer d=swordsman,archer d.ranged=1:archer d.stronghold=sabu-amantek-left"
    )
    assert totals(log) == [(9, 14)]
    ranged = [s for s in steps_of(log, "sabu-amantek-left") if s.rule == "PRI-9"]
    assert [(s.side.value if s.side else None, s.delta, s.total) for s in ranged] == [("defender", 2, 14)]
    assert (log.result.attacker_total, log.result.defender_total) == (6, 12)


# ----------------------------------------------------------------- PRI-10: each channel use
def test_a_shield_weakens_every_channel_of_both_sides() -> None:
    """Brom's Skull 21: the Guardian's 9 per stone gives 6 on either side; Zombie 7 + 6 = 13 each, a push.
    The channel's own step is whole (9) and the Shield's step takes 3 off: 6 fits under the Zombie's cap of 7."""
    log = run("a=zombie a.channel=1:guardian a.shield=standard-bearer-broms-skull-21 d=zombie d.channel=1:guardian")
    assert totals(log) == [(13, 13)]
    steps = steps_of(log, "standard-bearer-broms-skull-21")
    assert [(s.rule, s.side.value if s.side else None, s.delta, s.total) for s in steps] == [
        ("PRI-10", "attacker", -3, 13),
        ("PRI-10", "defender", -3, 13),
    ]


def test_a_shield_strengthens_channels_into_its_own_creatures_only() -> None:
    """Warhola's Snakes 17 (the attacker's), Thak's CMP 5 on both sides: the attacker's Zombie 7 + 5 + 2 = 14,
    the defender's 7 + 5 = 12."""
    log = run(
        "a=zombie a.guardian=thak-steady-hand a.channel=1:guardian a.shield=standard-bearer-warholas-snakes-17 "
        "d=zombie d.guardian=thak-steady-hand d.channel=1:guardian"
    )
    assert totals(log) == [(14, 12)]
    (step,) = steps_of(log, "standard-bearer-warholas-snakes-17")
    assert (step.rule, step.side.value if step.side else None, step.delta, step.total) == ("PRI-10", "attacker", 2, 14)


def test_a_strengthened_channel_still_stops_at_the_cap() -> None:
    """Rak Nam's 9 into the Zombie (cap 7): 7 fits, so the Snakes' +2 adds nothing and says why."""
    log = run("a=zombie a.channel=1:guardian a.shield=standard-bearer-warholas-snakes-17 d=gnobby-gnomes")
    assert totals(log) == [(16, 4)]  # 7 + 2 off-colour against the mortal Gnomes + 7 channelled
    (step,) = steps_of(log, "standard-bearer-warholas-snakes-17")
    assert (step.delta, step.total) == (0, 16)
    assert "the cap stops it" in step.text


# ----------------------------------------------------------------- PRI-7 / SEC-4: the off-colour bonus
def test_a_shield_raises_an_off_colour_bonus_that_applies() -> None:
    """Brom's Skull 16: the Swordsman's off-colour 3 against the elemental Sand Lord becomes 5: 11 against
    11, a push (without the Shield, 9 loses)."""
    log = run("a=swordsman a.shield=standard-bearer-broms-skull-16 d=sand-lord")
    assert totals(log) == [(11, 11)]
    (step,) = steps_of(log, "standard-bearer-broms-skull-16")
    assert (step.rule, step.kind.value, step.delta, step.total) == ("PRI-7", "off_colour", 2, 11)


def test_no_off_colour_bonus_nothing_to_raise() -> None:
    log = run("a=gnobby-gnomes a.shield=standard-bearer-broms-skull-16 d=gnobby-gnomes")
    assert totals(log) == [(4, 4)]
    assert steps_of(log, "standard-bearer-broms-skull-16") == []


# ----------------------------------------------------------------- PRI-1: no bribe on the side
def test_no_bribe_works_on_a_side_under_an_unbribeable_shield() -> None:
    """The Swordsman shows a Gold icon, but Maitz's Insect 16 keeps its side from being bribed: the bribe is
    refused at PRI-1 (the card stays in the hand) and the Swordsman's 6 beats the Gnomes' 4."""
    notation = "a=gnobby-gnomes a.hand=gold a.bribe=1:gold d=swordsman"
    bribed = run(notation)
    assert (bribed.result.attacker_total, bribed.result.defender_total) == (4, 0)
    log = run(notation + " d.shield=standard-bearer-maitzs-insect-16")
    assert totals(log) == [(4, 6)]
    (step,) = steps_of(log, "standard-bearer-maitzs-insect-16")
    assert (step.rule, step.kind.value) == ("PRI-1", "bribe")
    assert [n.code for n in log.result.notices] == ["bribe.side_unbribeable"]
    assert log.result.notices[0].values["card"] == "Standard Bearer Maitz's Insect 16"


# ----------------------------------------------------------------- RES-2: the count for control
def test_a_shield_adds_to_its_sides_count_while_attacking() -> None:
    """Maitz's Insect 14: a push leaves 4 against 4, which the defender would hold (RES-3); the attacking
    Shield's +3 makes it 7 against 4."""
    log = run("a=gnobby-gnomes a.shield=standard-bearer-maitzs-insect-14 d=gnobby-gnomes")
    assert (log.result.winner.value, log.result.attacker_total, log.result.defender_total) == ("attacker", 7, 4)
    (step,) = steps_of(log, "standard-bearer-maitzs-insect-14")
    assert (step.rule, step.delta, step.total) == ("RES-2", 3, 7)
    defending = run("a=gnobby-gnomes d=gnobby-gnomes d.shield=standard-bearer-maitzs-insect-14")
    assert (defending.result.winner.value, defending.result.attacker_total, defending.result.defender_total) == (
        "defender",
        4,
        4,
    )
    assert steps_of(defending, "standard-bearer-maitzs-insect-14") == []


# ----------------------------------------------------------------- PRI-0: the first creature announced
@pytest.mark.parametrize(
    ("shield", "said"),
    [("standard-bearer-broms-demonic-19", "medium"), ("standard-bearer-maitzs-lightning-04", "mortal")],
)
def test_the_opponent_announces_his_first_creature(shield: str, said: str) -> None:
    log = run(f"a=gnobby-gnomes,archer a.shield={shield} d=swordsman,gnobby-gnomes d.order=swordsman,gnobby-gnomes")
    (step,) = steps_of(log, shield)
    assert (step.rule, step.side.value if step.side else None) == ("PRI-0", "defender")
    assert step.subject_name == "Swordsman" and step.text.endswith(f"Swordsman: {said}.")
    assert step.args[-1] == said


# ----------------------------------------------------------------- the data: unknown kinds and bad fields
@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"kind": "ranged_modifer", "amount": 2}, "ability.unknown_kind", None),
        ({"kind": "channel_modifier", "amount": 2, "side": "own"}, "ability.unknown_field", "side"),
        ({"kind": "ocb_modifier"}, "ability.missing_field", "amount"),
        ({"kind": "channel_modifier", "amount": 2, "sides": "all"}, "ability.bad_field", "sides"),
        ({"kind": "ranged_modifier", "amount": 3, "side_role": "attacker"}, "ability.invalid", None),
        (
            {"kind": "ranged_modifier", "amount": 3, "to_side": True, "side_role": "winner"},
            "ability.bad_field",
            "side_role",
        ),
        ({"kind": "control_bonus", "amount": 3, "to_total": True, "to": {"flying": True}}, "ability.invalid", None),
        ({"kind": "channel_modifier", "amount": 0}, "ability.invalid", None),
        ({"kind": "announcement", "first_only": True}, "ability.invalid", None),
    ],
)
def test_bad_ability_data_gives_a_coded_error(data: dict[str, object], code: str, field: str | None) -> None:
    with pytest.raises(CatalogError) as caught:
        parse_ability(data, "card 'test' ability 1")
    assert caught.value.code == code
    assert caught.value.values["kind"] == data["kind"]
    assert caught.value.values.get("field") == field
    assert caught.value.message.startswith("card 'test' ability 1: ")


def test_a_made_up_card_with_a_bad_ability_is_a_set_up_problem_with_its_cause() -> None:
    from engine import validate

    record = made_up(
        {
            "name": "Test Bearer",
            "type": "standard_bearer",
            "abilities": [{"kind": "ranged_modifier", "amount": 2, "both_sides": True, "to_side": True}],
        }
    )
    (problem,) = validate(
        parse_setup(f"a=gnobby-gnomes a.shield=test-bearer d=gnobby-gnomes made-up.test-bearer={record}"), CATALOG
    )
    assert (problem.code, problem.values["cause"], problem.values["kind"]) == (
        "setup.bad_made_up",
        "ability.invalid",
        "ranged_modifier",
    )


# ----------------------------------------------------------------- PRI-8: terrain bonuses
def test_a_shield_raises_every_terrain_bonus_but_no_penalty() -> None:
    """Brom's Goblin 16 (the attacker's) reaches both sides: in Dry Heaps the Sand Lord 11 + 6 + 1 = 18, the
    Grilbus 6 + 2 + 1 = 9 + its off-colour 2 against the elemental = 11. In Woods the Sand Lord's -6 is a
    penalty and stays: 11 - 6 = 5."""
    log = run("terrain=dry-heaps a=sand-lord a.shield=standard-bearer-broms-goblin-16 d=grilbus")
    assert totals(log) == [(18, 11)]
    steps = steps_of(log, "standard-bearer-broms-goblin-16")
    assert [(s.rule, s.side.value if s.side else None, s.delta, s.total) for s in steps] == [
        ("PRI-8", "attacker", 1, 18),
        ("PRI-8", "defender", 1, 11),
    ]
    woods = run("terrain=woods a=sand-lord a.shield=standard-bearer-broms-goblin-16 d=grilbus")
    assert totals(woods)[0][0] == 5
    assert steps_of(woods, "standard-bearer-broms-goblin-16") == []


def test_a_shield_lowers_the_opponents_terrain_bonuses_to_zero_at_most() -> None:
    """Brom's Goblin 11 (the defender's) takes 3 from each opposing terrain bonus: the Sand Lord's Dry Heaps
    +6 gives 3 (14 in all); the Grilbus's +2 gives nothing, not -1 (6 against the Gnomes' 4)."""
    log = run("terrain=dry-heaps a=sand-lord d=earth-elemental d.shield=standard-bearer-broms-goblin-11")
    assert totals(log) == [(14, 20)]  # the Earth Elemental's own +2 is untouched: 18 + 2
    (step,) = steps_of(log, "standard-bearer-broms-goblin-11")
    assert (step.rule, step.side.value if step.side else None, step.delta, step.total) == ("PRI-8", "attacker", -3, 14)
    floor = run("terrain=dry-heaps a=grilbus d=gnobby-gnomes d.shield=standard-bearer-broms-goblin-11")
    assert totals(floor) == [(6, 4)]
    (step,) = steps_of(floor, "standard-bearer-broms-goblin-11")
    assert (step.delta, step.total) == (-2, 6)


def test_a_shield_raises_the_off_colour_bonus_of_a_secondary_attacker_at_sec_4() -> None:
    """Brom's Skull 16: the Gnomes (4) lose to the Sand Lord (11), then the Swordsman attacks it: partner 4 +
    Swordsman 6 + off-colour 3 + 2 = 15 > 11."""
    log = run(
        "a=gnobby-gnomes,swordsman a.order=gnobby-gnomes,swordsman a.shield=standard-bearer-broms-skull-16 "
        "d=sand-lord a.secondary=swordsman>sand-lord"
    )
    (step,) = steps_of(log, "standard-bearer-broms-skull-16")
    assert (step.rule, step.kind.value, step.delta, step.total) == ("SEC-4", "off_colour", 2, 15)
    (attack,) = log.result.secondary_attacks
    assert (attack.total, attack.beaten) == (15, True)


# ----------------------------------------------------------------- a terrain card's rules bind both players
def test_on_rocks_at_rhuadan_only_guardians_channel_and_3_less() -> None:
    """Rak Nam's stone gives 9 - 3 = 6: Zombie 7 + 2 off-colour against the mortal Gnomes + 6 = 15. A
    channeller (Grand Avatar, CMP 6) is refused with its code, and the Zombie stays at 9."""
    log = run("terrain=rocks-at-rhuadan a=zombie a.channel=1:guardian d=gnobby-gnomes")
    assert totals(log) == [(15, 4)]
    (step,) = steps_of(log, "rocks-at-rhuadan")
    assert (step.rule, step.side.value if step.side else None, step.delta, step.total) == ("PRI-10", "attacker", -3, 15)
    refused = run(
        "terrain=rocks-at-rhuadan a=zombie a.channellers=grand-avatar a.channel=1:grand-avatar d=gnobby-gnomes"
    )
    assert totals(refused) == [(9, 4)]
    (notice,) = refused.result.notices
    assert (notice.code, notice.rule, notice.values["source"]) == (
        "channel.guardians_only",
        "PRI-10",
        "Rocks at Rhuadan",
    )


def test_dispel_magic_may_not_be_played_at_the_maitz_hotel() -> None:
    """The Medicine Man's command (+2 to its side's Spirits) stands: the defender's Dispel Magic is refused
    at CMD-3, so the Warrior Spirit 10 + 2 = 12 beats the Axeman's 7 + 4 off-colour = 11."""
    notation = "a=medicine-man,warrior-spirit a.command=medicine-man d=axeman d.hand=dispel-magic d.dispel=1"
    elsewhere = run(notation)
    assert totals(elsewhere) == [(10, 11)]  # without the Hotel the Dispel Magic cancels the command
    log = run("terrain=the-maitz-hotel " + notation)
    assert totals(log) == [(12, 11)]
    # The refusal step names the banning card in its field; the refused Dispel Magic is among its values.
    (refusal,) = [s for s in log.steps if s.rule == "CMD-3" and s.card == "the-maitz-hotel"]
    assert "Dispel Magic" in refusal.args and "The Maitz Hotel" in refusal.text


# ----------------------------------------------------------------- CMD-3: a stone to dispel the opposing command
def test_a_shield_pays_a_stone_to_dispel_the_opposing_command_when_the_set_up_chooses_it() -> None:
    """Ploog's Chicken 12 (the defender's): paying 1 of Rak Nam's 7 stones cancels the Medicine Man's
    command, so the Warrior Spirit fights at 10 and loses to the Axeman's 7 + 4 off-colour = 11."""
    notation = (
        "a=medicine-man,warrior-spirit a.command=medicine-man d=axeman d.shield=standard-bearer-ploogs-chicken-12"
    )
    kept = run(notation)
    assert totals(kept) == [(12, 11)]  # no choice made: the offer is not taken
    log = run(notation + " d.choices=standard-bearer-ploogs-chicken-12:dispel")
    assert totals(log) == [(10, 11)]
    pays, dispels = steps_of(log, "standard-bearer-ploogs-chicken-12")
    assert (pays.rule, pays.kind.value, pays.delta, pays.total) == ("CMD-3", "stones", -1, 6)
    assert (dispels.rule, dispels.kind.value) == ("CMD-3", "dispel")
    (command,) = log.result.commands
    assert (command.card, command.dispelled, command.dispelled_by) == (
        "medicine-man",
        True,
        "standard-bearer-ploogs-chicken-12",
    )
    assert log.result.stones_left == (7, 6)
    broke = run(notation + " d.stones=0 d.choices=standard-bearer-ploogs-chicken-12:dispel")
    assert totals(broke) == [(12, 11)]
    assert [n.code for n in broke.result.notices] == ["stones.cannot_pay"]


def test_a_shields_choice_is_checked_like_any_other() -> None:
    from engine import validate

    (problem,) = validate(
        parse_setup(
            "a=medicine-man a.command=medicine-man d=axeman d.shield=standard-bearer-ploogs-chicken-12 "
            "d.choices=standard-bearer-ploogs-chicken-12:maybe"
        ),
        CATALOG,
    )
    assert (problem.code, problem.values["option"]) == ("setup.bad_choice", "maybe")


# ----------------------------------------------------------------- ENG-16: a card in play from before the combat
def test_the_gift_of_isis_raises_the_guardians_cmp() -> None:
    """Thak's CMP 5 becomes 7 while the Gift of Isis is in play: Zombie 7 + 2 off-colour + 7 = 16 (14 without)."""
    plain = run("a=zombie a.guardian=thak-steady-hand a.channel=1:guardian d=gnobby-gnomes")
    assert totals(plain) == [(14, 4)]
    log = run("a=zombie a.guardian=thak-steady-hand a.channel=1:guardian a.earlier=gift-of-isis d=gnobby-gnomes")
    assert totals(log) == [(16, 4)]
    (_, raised) = steps_of(log, "gift-of-isis")
    assert (raised.rule, raised.delta, raised.total) == ("ENG-16", 2, 7)


# ----------------------------------------------------------------- AOE-1 / PRI-4: a stone to cancel an AOE
@pytest.mark.parametrize(
    ("notation", "rule"),
    [
        # The Sorcerer's 4-point fire AOE as its command (AOE-1) ...
        ("a=sorcerer,swordsman a.command=sorcerer d=gnobby-gnomes,archer", "AOE-1"),
        # ... and as a primary attacker (PRI-4), the Gnomes still in the hand when it fires.
        (
            "a=swordsman,sorcerer a.order=sorcerer,swordsman d=gnobby-gnomes,archer d.order=archer,gnobby-gnomes",
            "PRI-4",
        ),
    ],
)
def test_a_shield_pays_a_stone_to_cancel_an_opposing_creatures_aoe(notation: str, rule: str) -> None:
    plain = run(notation)
    assert "discarded_by_aoe" in {c.fate.value for c in plain.result.creatures if c.card == "gnobby-gnomes"}
    log = run(notation + " d.shield=egyptian-motif-standard-25 d.choices=egyptian-motif-standard-25:sorcerer")
    (step,) = steps_of(log, "egyptian-motif-standard-25")
    assert (step.rule, step.kind.value, step.side.value if step.side else None, step.delta, step.total) == (
        rule,
        "aoe",
        "defender",
        -1,
        6,
    )
    assert not [s for s in log.steps if s.kind.value == "aoe" and s.card == "sorcerer"]
    assert {c.card: c.fate.value for c in log.result.creatures}["gnobby-gnomes"] != "discarded_by_aoe"
    assert log.result.stones_left == (7, 6)


@pytest.mark.parametrize(
    ("notation", "rule", "totals_seen"),
    [
        # A ranged attacker placed later: the Archer keeps supporting, Swordsman 6 + 3 = 9.
        (
            "a=gnobby-gnomes a.hand=gold a.bribe=1:gold@archer d=swordsman,archer d.ranged=1:archer "
            "d.shield=standard-bearer-maitzs-insect-16",
            "A-02",
            [(4, 9)],
        ),
        # A secondary attacker (SEC-9): the Swordsman stays and attacks the Archer (partner 4 + 6 = 10 > 6).
        (
            "a=swordsman,gnobby-gnomes a.order=gnobby-gnomes,swordsman a.shield=standard-bearer-maitzs-insect-16 "
            "a.secondary=swordsman>archer d=archer d.hand=gold d.bribe=s1:gold",
            "SEC-9",
            [(4, 6)],
        ),
    ],
)
def test_the_unbribeable_side_holds_for_ranged_and_secondary_attackers(
    notation: str, rule: str, totals_seen: list[tuple[int, int]]
) -> None:
    log = run(notation)
    assert totals(log) == totals_seen
    (step,) = steps_of(log, "standard-bearer-maitzs-insect-16")
    assert (step.rule, step.kind.value) == (rule, "bribe")
    assert [n.code for n in log.result.notices] == ["bribe.side_unbribeable"]
