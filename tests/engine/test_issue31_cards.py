"""Issue 31 item 8: the cards that were left `not_automated`, each now automated or out of scope.

Table-driven: every card this branch settles has a row, with a worked combat in the notation, its
arithmetic in a comment and the rule it follows, and the step or refusal that shows the card at work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import default_catalog, parse_setup, resolve, validate
from engine.enums import AutomationStatus, Side, StepKind, Winner

CATALOG = default_catalog()
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "cards"

SHIELD_TERRAIN = [
    "shield-terrain-broms-angelic",
    "shield-terrain-broms-demonic",
    "shield-terrain-broms-dragon",
    "shield-terrain-broms-goblin",
    "shield-terrain-broms-skull",
    "shield-terrain-maitzs-insect",
    "shield-terrain-maitzs-lightning",
    "shield-terrain-ploogs-chicken",
    "shield-terrain-ploogs-ox",
    "shield-terrain-warholas-snakes",
    "shield-terrain-dem-bones",
    "shield-terrain-egyptian-motif",
]


def problem_codes(notation: str) -> list[str]:
    return [problem.code for problem in validate(parse_setup(notation), CATALOG)]


# ----------------------------------------------------------------- VAL-5: a shield card's own stacking limit
@pytest.mark.parametrize("shield", SHIELD_TERRAIN)
def test_a_shield_terrain_card_used_as_the_shield_holds_at_most_25_points(shield: str) -> None:
    # Rule 4.4.1 (VAL-5) allows 30 points; this card as the Shield allows 25.
    # Sand Lord 11 + Black Lung 14 = 25: allowed under it.
    assert problem_codes(f"a=sand-lord,black-lung a.shield={shield} d=swordsman") == []
    # Black Lung 14 + Swordsman 6 + Archer 6 = 26: refused under it, and allowed under a plain shield.
    over = f"a=black-lung,swordsman,archer a.shield={shield} d=swordsman"
    problems = validate(parse_setup(over), CATALOG)
    assert [problem.code for problem in problems] == ["setup.stacking_over_limit"]
    assert "26 points" in problems[0].message and "limit of 25" in problems[0].message
    assert CATALOG.get(shield).name in problems[0].message
    assert problem_codes("a=black-lung,swordsman,archer a.shield=shield-broms-skull-06 d=swordsman") == []


@pytest.mark.parametrize("shield", SHIELD_TERRAIN)
def test_a_shield_terrain_card_laid_as_terrain_sets_no_limit_and_no_terrain_type(shield: str) -> None:
    # Laid as the terrain card it limits no stack: 26 points under a plain shield stay legal.
    notation = f"terrain={shield} a=black-lung,swordsman,archer d=swordsman"
    assert problem_codes(notation) == []
    log = resolve(parse_setup(notation), CATALOG)
    # No terrain type, so no terrain step (PRI-8) acts: match-up 1 is Black Lung 14 + 6 off-colour
    # bonus against the mortal Swordsman = 20, against Swordsman 6 (PRI-7, PRI-11).
    assert "PRI-8" not in {step.rule for step in log.steps}
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (20, 6)


def test_worked_combat_under_a_25_point_shield() -> None:
    # The full stack the card allows fights as under any shield (the limit changes only the set-up):
    # match-up 1: Sand Lord 11 against Swordsman 6 + 3 off-colour against an elemental = 9 (PRI-7, PRI-11);
    # match-up 2: Black Lung 14 + 6 off-colour against a mortal = 20 against Archer 6.
    # Control (RES-2): 11 + 14 = 25 against 0, the attacker takes the space.
    log = resolve(parse_setup("a=sand-lord,black-lung a.shield=shield-terrain-broms-skull d=swordsman,archer"), CATALOG)
    assert [(m.attacker_total, m.defender_total) for m in log.result.matchups] == [(11, 9), (20, 6)]
    assert log.result.winner is Winner.ATTACKER
    assert not log.result.not_automated


# ----------------------------------------------------------------- PRI-10: a card laid before the fight
@pytest.mark.parametrize("placed_by", ["a", "d"])
def test_monolith_of_power_named_as_played_earlier_bars_every_channel(placed_by: str) -> None:
    # Without it: Sand Lord 11 + 3 off-colour against the external Zombie = 14 (PRI-7); the defender's Guardian
    # spends a stone, CMP 9 capped at the Zombie's 7: 7 + 7 = 14, a push and both survive.
    base = "a=sand-lord d=zombie d.channel=1:guardian*1"
    free = resolve(parse_setup(base), CATALOG)
    assert (free.result.matchups[0].attacker_total, free.result.matchups[0].defender_total) == (14, 14)
    # With the Monolith laid by either player within reach: nobody channels (PRI-10), so 14 against 7 and the
    # Sand Lord beats the Zombie; the defender keeps its stone (7 stones left).
    log = resolve(parse_setup(f"{base} {placed_by}.earlier=monolith-of-power"), CATALOG)
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (14, 7)
    refusals = [step for step in log.steps if step.rule == "PRI-10" and step.card == "monolith-of-power"]
    assert refusals, "the channel refused names the Monolith under rule PRI-10"
    assert "monolith-of-power" not in dict(log.result.not_automated)


def test_monolith_of_power_is_offered_as_a_ban_on_channelling() -> None:
    from engine import options
    from engine.options.values import OptionKind

    free = options(parse_setup("a=sand-lord d=zombie"), CATALOG).row(1).defender
    assert [decision.item for decision in free.channels] == ["1:guardian"]
    barred = options(parse_setup("a=sand-lord d=zombie a.earlier=monolith-of-power"), CATALOG).row(1).defender
    assert list(barred.channels) == []
    reason = barred.why_no(OptionKind.CHANNEL)
    assert reason is not None and reason.code == "channel.forbidden" and "Monolith of Power" in reason.words


# ----------------------------------------------------------------- PRI-10: a Guardian that channels once each
HARKIN = "a=zombie a.guardian=harkin-spreader-of-the-wealth d=sand-lord"


@pytest.mark.parametrize(
    ("channel", "totals", "code"),
    [
        # Zombie 7 + one stone at Harkin's CMP 6 = 13 against Sand Lord 11 + 3 off-colour = 14 (PRI-7, PRI-10):
        # the Sand Lord wins; the second stone planned is not spent (Harkin keeps 10 - 1 = 9).
        ("a.channel=1:guardian*2", (13, 14), "channel.once_each_stones"),
        # Two channels of one stone in turn: the first adds 6 (13), the second is refused (PRI-10).
        ("m1=a:channel:guardian*1,d:pass,a:channel:guardian*1,d:pass", (13, 14), "channel.once_each"),
    ],
)
def test_harkin_channels_into_a_creature_only_once(channel: str, totals: tuple[int, int], code: str) -> None:
    log = resolve(parse_setup(f"{HARKIN} {channel}"), CATALOG)
    matchup = log.result.matchups[0]
    assert (matchup.attacker_total, matchup.defender_total) == totals
    assert log.result.winner is Winner.DEFENDER
    assert code in [notice.code for notice in log.result.notices]
    # Without Harkin (the default Guardian, CMP 9) the same channels fill the Zombie's cap of 7:
    # 7 + 7 = 14 against 14, a push.
    other = resolve(parse_setup(f"a=zombie d=sand-lord {channel}"), CATALOG)
    assert (other.result.matchups[0].attacker_total, other.result.matchups[0].defender_total) == (14, 14)


def test_harkin_is_offered_one_stone_per_creature() -> None:
    from engine import options

    free = options(parse_setup("a=light-elemental d=sand-lord"), CATALOG).row(1).attacker
    assert [decision.item for decision in free.channels] == ["1:guardian", "1:guardian*2"]
    harkin = options(parse_setup("a=light-elemental a.guardian=harkin-spreader-of-the-wealth d=sand-lord"), CATALOG)
    assert [decision.item for decision in harkin.row(1).attacker.channels] == ["1:guardian"]


# ----------------------------------------------------------------- stronghold upgrades and downgrades in play
def first_totals(notation: str) -> tuple[int | None, int | None]:
    matchup = resolve(parse_setup(notation), CATALOG).result.matchups[0]
    return matchup.attacker_total, matchup.defender_total


@pytest.mark.parametrize("laid_by", ["a", "d"])
def test_sewage_backup_takes_the_stronghold_defence_bonus_away(laid_by: str) -> None:
    base = "a=black-lung d=light-elemental d.stronghold=carreg-amroth-center"
    # Without it: Light Elemental 13 + 5 defending Carreg Amroth (ENG-3) + 2 off-colour against the external
    # Black Lung (PRI-7) = 20 against 14.
    assert first_totals(base) == (14, 20)
    # With the downgrade on that stronghold card (whoever laid it): no defence bonus, 13 + 2 = 15 against 14.
    log = resolve(parse_setup(f"{base} {laid_by}.earlier=sewage-backup"), CATALOG)
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (14, 15)
    step = next(step for step in log.steps if step.card == "sewage-backup" and step.rule == "ENG-3")
    assert "Sewage Backup" in step.text and step.subject is not None


def test_wizards_tower_adds_one_to_each_channeller_and_not_to_the_guardian() -> None:
    channeller = "a=light-elemental d=light-elemental d.channellers=energy-well d.channel=1:energy-well"
    # Energy Well channels 3 into the defending Light Elemental: 13 + 3 = 16 (PRI-10) ...
    assert first_totals(channeller) == (13, 16)
    # ... and 3 + 1 = 4 with Wizard's Tower in play for the defender: 13 + 3 + 1 = 17.
    log = resolve(parse_setup(f"{channeller} d.earlier=wizards-tower"), CATALOG)
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (13, 17)
    assert [step.delta for step in log.steps if step.card == "wizards-tower" and step.rule == "PRI-10"] == [1]
    # The Guardian's stone is not a channeller: one stone at CMP 9 is 13 + 9 = 22 either way.
    guardian = "a=light-elemental d=light-elemental d.channel=1:guardian*1"
    assert first_totals(guardian) == first_totals(f"{guardian} d.earlier=wizards-tower") == (13, 22)
    # The opponent's Tower does nothing for this side's channellers.
    assert first_totals(f"{channeller} a.earlier=wizards-tower") == (13, 16)


@pytest.mark.parametrize(
    ("idol", "control", "stones_left"),
    [
        # Swordsman and Archer push (6 against 6, PRI-11, both survive); the count is 6 against 6, a tie the
        # defender keeps (RES-3).
        ("", (6, 6), 7),
        # Large Idol in play in front of the attacker's stronghold: 6 + 3 = 9 against 6 (RES-2), the attacker takes it.
        ("a.earlier=large-idol", (9, 6), 7),
        # Two stones spent at the count: 6 + 3 + 2 = 11; the attacker's default 7 stones drop to 5.
        ("a.earlier=large-idol a.choices=large-idol:2", (11, 6), 5),
        # Nine stones wanted, one held: only that one is spent, 6 + 3 + 1 = 10.
        ("a.earlier=large-idol a.choices=large-idol:9 a.stones=1", (10, 6), 0),
    ],
)
def test_large_idol_adds_to_the_count_for_control(idol: str, control: tuple[int, int], stones_left: int) -> None:
    log = resolve(parse_setup(f"a=swordsman d=archer {idol}"), CATALOG)
    assert (log.result.attacker_total, log.result.defender_total) == control
    assert log.result.winner is (Winner.ATTACKER if control[0] > control[1] else Winner.DEFENDER)
    spent = [step for step in log.steps if step.message == "stones_for_control"]
    assert len(spent) == (1 if "choices" in idol else 0)
    assert log.result.stones_left[0] == stones_left


def test_an_upgrade_without_combat_text_cannot_be_named_as_played_earlier() -> None:
    # Gift of Osirus is out of scope (its text acts on no combat); Teleport Tower moves shields.
    assert problem_codes("a=sand-lord a.earlier=gift-of-osirus d=swordsman") == ["setup.not_lasting_from_earlier"]
    assert problem_codes("a=sand-lord a.earlier=teleport-tower d=swordsman") == ["setup.not_lasting_from_earlier"]
    assert problem_codes("a=sand-lord a.earlier=wizards-tower,sewage-backup d=swordsman") == []


# ----------------------------------------------------------------- CMB-2: creature items that let creatures fly
@pytest.mark.parametrize(
    ("items", "second"),
    [
        # Match-up 2, Swordsman 6 + 3 off-colour against the elemental Wind Spirit = 9 (PRI-7) against 5 ...
        ("", (9, 5)),
        # ... and against 5 + 4 for the Wind Spirit's own text against fliers (PRI-6) = 9, a push, once the
        # Swordsman carries the Amulet (the owner's choice).
        ("a.items=amulet-of-flying a.choices=amulet-of-flying:swordsman", (9, 9)),
        # Without a named carrier it rides on the creature in its place (first item: the Sand Lord): match-up 2
        # unchanged.
        ("a.items=amulet-of-flying", (9, 5)),
        # Second item, it rides on the second creature, the Swordsman: 9 against 9 again.
        ("a.items=the-black-eye,amulet-of-flying", (9, 9)),
    ],
)
def test_amulet_of_flying_makes_its_carrier_a_flier(items: str, second: tuple[int, int]) -> None:
    log = resolve(parse_setup(f"a=sand-lord,swordsman {items} d=wind-spirit,wind-spirit"), CATALOG)
    assert (log.result.matchups[1].attacker_total, log.result.matchups[1].defender_total) == second
    first = (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total)
    # Match-up 1: Sand Lord 11 against Wind Spirit 5, + 4 only when the Sand Lord is the flier.
    assert first == ((11, 9) if items == "a.items=amulet-of-flying" else (11, 5))
    fliers = [step.subject for step in log.steps if step.card == "amulet-of-flying" and step.rule == "CMB-2"]
    assert len(fliers) == (1 if items else 0)


@pytest.mark.parametrize("carried_by", ["a", "d"])
def test_the_black_eye_lets_every_pirate_on_the_space_fly(carried_by: str) -> None:
    # Jibber (a Pirate) 7 + 4 off-colour against the elemental Wind Spirit = 11 (PRI-7); the Wind Spirit's text
    # gives it + 4 against a flier (PRI-6): 5 without the Black Eye, 9 with it, whichever side carries it.
    assert first_totals("a=jibber d=wind-spirit") == (11, 5)
    assert first_totals(f"a=jibber d=wind-spirit {carried_by}.items=the-black-eye") == (11, 9)
    # The Sand Lord is no Pirate: it does not fly, so the Wind Spirit gets nothing against it (11 against 5).
    assert first_totals(f"a=sand-lord d=wind-spirit {carried_by}.items=the-black-eye") == (11, 5)


def test_a_creature_item_choice_is_offered_and_checked() -> None:
    from engine import options

    found = options(parse_setup("a=sand-lord,swordsman a.items=amulet-of-flying d=wind-spirit"), CATALOG).inputs
    amulet = next(item for item in found if item.card == "amulet-of-flying")
    assert [value for value, _ in amulet.choices] == ["sand-lord", "swordsman"]
    wrong = "a=sand-lord a.items=amulet-of-flying a.choices=amulet-of-flying:gunner d=wind-spirit"
    assert problem_codes(wrong) == ["setup.bad_choice"]


@pytest.mark.parametrize("discarder", ["vapor-elemental", "iron-crag-boggler"])
def test_a_creature_that_makes_the_opponent_discard_his_items_grounds_their_fliers(discarder: str) -> None:
    amulet = "a=swordsman,sand-lord a.items=amulet-of-flying a.choices=amulet-of-flying:sand-lord"
    # With the Amulet kept (a Zombie first): match-up 2 is Sand Lord 11 against Wind Spirit 5 + 4 against a
    # flier = 9 (PRI-6).
    kept = resolve(parse_setup(f"{amulet} d=zombie,wind-spirit"), CATALOG)
    assert (kept.result.matchups[1].attacker_total, kept.result.matchups[1].defender_total) == (11, 9)
    # Revealed in match-up 1, the discarder makes the attacker discard the Amulet (PRI-0): the Sand Lord flies no
    # more, so match-up 2 is 11 against 5.
    log = resolve(parse_setup(f"{amulet} d={discarder},wind-spirit"), CATALOG)
    assert (log.result.matchups[1].attacker_total, log.result.matchups[1].defender_total) == (11, 5)
    assert [step.message for step in log.steps if step.rule == "PRI-0" and "discard" in step.message] == [
        "discard_opposing_items",
        "discard_opposing_items.grounded",
    ]
    uses = {(outcome.card, outcome.use.value) for outcome in log.result.cards}
    assert ("amulet-of-flying", "discarded") in uses


# ----------------------------------------------------------------- a creature item played as the command card
TWEEZLE = (
    "a=sand-lord a.items=exploding-tweezle a.command=exploding-tweezle d=swordsman,rock-spirit d.command=rock-spirit"
)


def test_exploding_tweezle_blows_up_the_opposing_command_creature() -> None:
    # Rock Spirit's command is dispelled whatever its Up number and the creature is destroyed with the
    # Tweezle: match-up 1, Sand Lord 11 against Swordsman 6 + 3 off-colour = 9; at the count (RES-2) the
    # defender has 0 (Swordsman beaten, Rock Spirit destroyed) against 11.
    log = resolve(parse_setup(TWEEZLE), CATALOG)
    assert (log.result.attacker_total, log.result.defender_total) == (11, 0)
    fates = {outcome.card: outcome.fate.value for outcome in log.result.creatures}
    assert fates["rock-spirit"] == "destroyed"
    assert [step.rule for step in log.steps if step.card == "exploding-tweezle"] == ["A-14", "A-14"]
    uses = [(outcome.card, outcome.use.value) for outcome in log.result.cards]
    assert uses == [("exploding-tweezle", "command")], "played from the stack, not kept there nor taken from a hand"
    # Without the Tweezle the Rock Spirit stands as the command card and counts 5: 11 against 5.
    plain = resolve(parse_setup("a=sand-lord d=swordsman,rock-spirit d.command=rock-spirit"), CATALOG)
    assert (plain.result.attacker_total, plain.result.defender_total) == (11, 5)


def test_exploding_tweezle_is_the_attackers_and_must_be_carried() -> None:
    from engine import options

    assert problem_codes("a=sand-lord d=swordsman d.items=exploding-tweezle d.command=exploding-tweezle") == [
        "setup.command_attacker_only"
    ]
    assert problem_codes("a=sand-lord a.command=exploding-tweezle d=swordsman") == ["setup.decision_names_absent_card"]
    offered = options(
        parse_setup("a=sand-lord a.items=exploding-tweezle d=swordsman d.items=exploding-tweezle"), CATALOG
    )
    assert {side.value: [d.item for d in found] for side, found in offered.commands} == {
        "attacker": ["exploding-tweezle"],
        "defender": [],
    }


@pytest.mark.parametrize(
    ("choice", "totals", "stones_left"),
    [
        # The defender shows his cards (the default): his one stone channels 9 into the Zombie, capped at 7:
        # 7 + 7 = 14 against Sand Lord 11 + 3 off-colour = 14, a push.
        ("", (14, 14), 0),
        # He refuses and loses his one stone at the command step (CMD-4): no channel, 14 against 7.
        ("a.choices=tweezle-the-sneaky:pay", (14, 7), 0),
    ],
)
def test_tweezle_the_sneaky_makes_the_opponent_show_or_pay(
    choice: str, totals: tuple[int, int], stones_left: int
) -> None:
    notation = (
        "a=sand-lord a.items=tweezle-the-sneaky a.command=tweezle-the-sneaky "
        f"d=zombie d.stones=1 d.channel=1:guardian*1 {choice}"
    )
    log = resolve(parse_setup(notation), CATALOG)
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == totals
    assert log.result.stones_left[1] == stones_left
    paid = [step for step in log.steps if step.card == "tweezle-the-sneaky" and step.delta]
    assert [step.rule for step in paid] == (["CMD-4"] if choice else [])


@pytest.mark.parametrize(
    ("rolled", "second"),
    [
        # Roll 1: no match-up shielded; match-up 2 Black Lung 14 against Zombie 7 + one stone (CMP 9 capped at the
        # Zombie's 7, A-05) = 14, a push.
        (1, (14, 14)),
        # Roll 2: only match-up 1 shielded; match-up 2 as above.
        (2, (14, 14)),
        # Roll 3 or 4: the first two shielded, the defender may not channel in match-up 2 (PRI-10): 14 against 7.
        (3, (14, 7)),
        (6, (14, 7)),
    ],
)
def test_disc_of_siin_shields_the_first_attackers_from_opposing_channels(rolled: int, second: tuple[int, int]) -> None:
    notation = (
        f"a=sand-lord,black-lung a.items=disc-of-siin a.command=disc-of-siin a.rolls=disc-of-siin:{rolled} "
        "d=zombie,zombie d.channel=1:guardian*1,2:guardian*1"
    )
    log = resolve(parse_setup(notation), CATALOG)
    # Match-up 1: Sand Lord 11 + 3 off-colour against the external Zombie = 14, against 7 + 7 unless shielded.
    first = (14, 14) if rolled == 1 else (14, 7)
    assert [(m.attacker_total, m.defender_total) for m in log.result.matchups] == [first, second]
    refused = [step for step in log.steps if step.card == "disc-of-siin" and step.rule == "PRI-10"]
    assert len(refused) == {1: 0, 2: 1}.get(rolled, 2)


def test_disc_of_siin_needs_its_roll_only_as_the_command() -> None:
    carried = "a=sand-lord a.items=disc-of-siin d=zombie"
    assert problem_codes(carried) == []
    assert problem_codes(f"{carried} a.command=disc-of-siin") == ["setup.roll_missing"]


def test_wheel_of_law_makes_both_sides_play_from_the_lowest_vitality_up() -> None:
    base = "a=black-lung,swordsman d=sand-lord,gunner"
    # As listed: Black Lung 14 meets Sand Lord 11, then Swordsman 6 meets Gunner 4.
    plain = resolve(parse_setup(base), CATALOG)
    # (Fighters by place: a1 Black Lung, a2 Swordsman, d1 Sand Lord, d2 Gunner.)
    assert [(m.attacker, m.defender) for m in plain.result.matchups] == [("a1", "d1"), ("a2", "d2")]
    # Wheel of Law as the attacker's command (CMD-4): both queues sorted up (PRI-0), Swordsman 6 meets Gunner 4
    # first (6 against 4, PRI-11), then Black Lung 14 meets Sand Lord 11.
    log = resolve(parse_setup(f"{base} a.items=wheel-of-law a.command=wheel-of-law"), CATALOG)
    assert [(m.attacker, m.defender) for m in log.result.matchups] == [("a2", "d2"), ("a1", "d1")]
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (6, 4)
    assert len([step for step in log.steps if step.card == "wheel-of-law" and step.rule == "CMD-4"]) == 3


@pytest.mark.parametrize(
    ("attacker", "play", "control"),
    [
        # No Rock: Cave Giant 12 beats Swordsman 6 (PRI-11); the Rock Spirit stands as the command card and
        # counts 5 (RES-2): 12 against 5.
        ("cave-giant", "", (12, 5)),
        # Played in match-up 1 beside a Giant (shorthand or an item turn): the Rock Spirit is destroyed (ENG-7) and
        # counts for nothing: 12 against 0.
        ("cave-giant", "a.spell=1:rock-of-far-rolling", (12, 0)),
        ("cave-giant", "m1=a:item:rock-of-far-rolling,d:pass,a:pass", (12, 0)),
        # Beside a Sand Lord (no Giant) it does nothing: Sand Lord 11 beats Swordsman 6 + 3 off-colour = 9; 11 against 5.
        ("sand-lord", "a.spell=1:rock-of-far-rolling", (11, 5)),
    ],
)
def test_rock_of_far_rolling_destroys_a_creature_command_beside_a_giant(
    attacker: str, play: str, control: tuple[int, int]
) -> None:
    notation = f"a={attacker} a.hand=rock-of-far-rolling {play} d=swordsman,rock-spirit d.command=rock-spirit"
    log = resolve(parse_setup(notation), CATALOG)
    assert (log.result.attacker_total, log.result.defender_total) == control
    fates = {outcome.card: outcome.fate.value for outcome in log.result.creatures}
    assert fates["rock-spirit"] == ("destroyed" if control == (12, 0) else "standing")
    if play:
        assert [step.rule for step in log.steps if step.card == "rock-of-far-rolling"] == ["ENG-7"]


# ----------------------------------------------------------------- CMB-2: items played with the command creature
def test_heels_of_speed_make_any_creature_a_command_creature_that_fights_the_opposing_one() -> None:
    heels = (
        "a=sand-lord,swordsman a.items=heels-of-speed a.command=swordsman d=archer,rock-spirit d.command=rock-spirit"
    )
    # Without the Heels the Swordsman cannot be a command card at all.
    assert problem_codes(heels.replace("a.items=heels-of-speed ", "")) == ["setup.not_a_command"]
    # With them it fights the Rock Spirit before either command acts (ENG-14): Swordsman 6 + 3 off-colour against
    # the elemental Rock Spirit = 9 against 5; the Rock Spirit is beaten and its command never takes effect, so the
    # count is 11 + 6 = 17 against 0 (Archer beaten by the Sand Lord, 11 against 6 + 3 = 9).
    log = resolve(parse_setup(heels), CATALOG)
    assert (log.result.attacker_total, log.result.defender_total) == (17, 0)
    fight = [step for step in log.steps if step.rule == "ENG-14"]
    assert fight and "9 against Rock Spirit 5" in fight[1].text
    # Kept (the owner's choice), the Swordsman is no command creature again.
    assert problem_codes(f"{heels} a.choices=heels-of-speed:keep") == ["setup.not_a_command"]


@pytest.mark.parametrize(
    ("command", "choice", "parrot"),
    [
        # The Swordsman has no command of its own: the Bagpipes go with it by default, a 3-point fear AOE
        # (CMD-4) discards the defender's Pauly (Vitality 1) from the hand; Gunner (4) is out of reach.
        ("swordsman", "", "discarded_by_aoe"),
        # The Rock Spirit has a command of its own (+5 against defenders in a stronghold): by default it keeps it.
        ("rock-spirit", "", "beaten"),
        # Chosen, the Bagpipes replace that command with the AOE.
        ("rock-spirit", "a.choices=bagpipes-of-fear:use", "discarded_by_aoe"),
    ],
)
def test_bagpipes_of_fear_give_the_command_creature_a_fear_aoe(command: str, choice: str, parrot: str) -> None:
    notation = (
        f"a=sand-lord,{command},swordsman a.items=bagpipes-of-fear a.command={command} {choice} "
        "d=archer,pauly-official-parrot,gunner"
    )
    log = resolve(parse_setup(notation), CATALOG)
    fates = {outcome.card: outcome.fate.value for outcome in log.result.creatures}
    assert fates["pauly-official-parrot"] == parrot
    bonus = [step for step in log.steps if step.rule == "CMD-4" and step.card == "rock-spirit"]
    assert bool(bonus) == (command == "rock-spirit" and not choice)


def test_any_creature_is_offered_as_the_command_beside_a_lent_command() -> None:
    from engine import options

    plain = options(parse_setup("a=sand-lord,swordsman d=archer"), CATALOG)
    heels = options(parse_setup("a=sand-lord,swordsman a.items=heels-of-speed d=archer"), CATALOG)
    assert dict(plain.commands)[Side.ATTACKER] == ()
    assert [d.item for d in dict(heels.commands)[Side.ATTACKER]] == ["sand-lord", "swordsman"]


# ----------------------------------------------------------------- every settled card: status and reason
def fixture_cards() -> dict[str, dict[str, object]]:
    return {card["slug"]: card for path in FIXTURES.glob("*.json") for card in json.loads(path.read_text())}


OUT_OF_SCOPE = ["gift-of-osirus", "cheesy-con-souvenir-tweezle", "alarm-bells", "secret-catacombs"]


@pytest.mark.parametrize("slug", OUT_OF_SCOPE)
def test_an_out_of_scope_card_says_why(slug: str) -> None:
    card = CATALOG.get(slug)
    assert card.automation is AutomationStatus.OUT_OF_SCOPE
    assert len(card.automation_reason) > 40
    assert "needs a new kind" not in card.automation_reason


# Every card this branch automated, each with a worked combat above.
AUTOMATED = [
    *SHIELD_TERRAIN,
    "monolith-of-power",
    "harkin-spreader-of-the-wealth",
    "sewage-backup",
    "wizards-tower",
    "amulet-of-flying",
    "the-black-eye",
    "vapor-elemental",
    "iron-crag-boggler",
    "large-idol",
    "exploding-tweezle",
    "heels-of-speed",
    "bagpipes-of-fear",
    "tweezle-the-sneaky",
    "disc-of-siin",
    "wheel-of-law",
    "rock-of-far-rolling",
    "40-000-useless-warhammers",
    "pirate-log-platform",
    "summon-loghammers-sapper",
    "obelisk-of-bablos",
    "tablet-of-ancathus",
]


@pytest.mark.parametrize("slug", AUTOMATED)
def test_an_automated_card_carries_its_ability_as_data(slug: str) -> None:
    record = fixture_cards()[slug]
    assert record["automation"]["status"] == "automated"  # type: ignore[index]
    assert CATALOG.get(slug).abilities, "an automated card with text has its ability as data"


# ----------------------------------------------------------------- ENG-1: an out-of-scope card in a combat
@pytest.mark.parametrize("notation", ["a=cleric d=swordsman", "a=swordsman a.hand=holy-grail d=swordsman"])
def test_an_out_of_scope_card_in_a_combat_is_a_note_not_a_card_to_check_by_hand(notation: str) -> None:
    # Rule 11.4.1 (ENG-1): Cleric (heals after the combat) and Holy Grail (Draw and Organize) act outside the
    # combat, so the log names each once as changing nothing; no not-automated step, no warning, no hand check.
    log = resolve(parse_setup(notation), CATALOG)
    card = "Cleric" if "cleric" in notation else "Holy Grail"
    said = [step for step in log.steps if step.rule == "ENG-1" and card in step.text]
    assert len(said) == 1
    assert said[0].kind is StepKind.NOTE
    assert "acts outside one combat" in said[0].text and "nothing to check by hand" in said[0].text
    assert "check it by hand" not in said[0].text
    assert not any(step.kind is StepKind.NOT_AUTOMATED for step in log.steps)
    assert log.result.not_automated == () and log.result.warnings == ()


# ----------------------------------------------------------------- CMD-4: 40,000 Useless Warhammers
@pytest.mark.parametrize(
    ("command", "matchups", "control", "winner"),
    [
        # Without it: Black Lung 14 against Sand Lord 11 + 3 off-colour = 14, a push; Swordsman 6 against
        # Archer 6, a push; control 14 + 6 = 20 against 11 + 6 = 17 (RES-2): the attacker takes the space.
        ("", [(14, 14), (6, 6)], (20, 17), Winner.ATTACKER),
        # As the attacker's command (CMD-4) every creature has base Vitality 0: Black Lung 0 against Sand Lord
        # 0 + 3 off-colour = 3, Black Lung beaten (PRI-11); Swordsman 0 against Archer 0, a push; control counts
        # base Vitality (RES-2): 0 against 0 + 0 = 0, a tie, so the defender keeps the space (RES-3).
        (
            "a.hand=40-000-useless-warhammers a.command=40-000-useless-warhammers",
            [(0, 3), (0, 0)],
            (0, 0),
            Winner.DEFENDER,
        ),
    ],
)
def test_useless_warhammers_sets_every_creatures_base_vitality_to_0(
    command: str, matchups: list[tuple[int, int]], control: tuple[int, int], winner: Winner
) -> None:
    log = resolve(parse_setup(f"a=black-lung,swordsman {command} d=sand-lord,archer"), CATALOG)
    assert [(m.attacker_total, m.defender_total) for m in log.result.matchups] == matchups
    assert (log.result.attacker_total, log.result.defender_total) == control
    assert log.result.winner is winner
    assert log.result.not_automated == ()
    assert any(step.rule == "CMD-4" and step.card == "40-000-useless-warhammers" for step in log.steps) == bool(command)


# ----------------------------------------------------------------- AOE-1: Pirate Log Platform on the space attacked
@pytest.mark.parametrize(
    ("earlier", "control", "winner"),
    [
        # Without it: Black Lung 14 against Sand Lord 11 + 3 off-colour = 14, a push; Swordsman 6 beats
        # Gunner 4 (PRI-11); Archer 6 + Black Lung's partner 14 = 20 beats Sand Lord 11 (SEC-7): 26 against 0.
        ("", (26, 0), Winner.ATTACKER),
        # The defender's platform: a 7-point AOE as the attack begins (AOE-1) discards Swordsman 6 and Archer 6
        # (AOE-2, 6 <= 7), Black Lung 14 is spared; Black Lung pushes Sand Lord, Gunner 4 + partner 11 = 15 beats
        # Black Lung 14 (SEC-7): 0 against 11 + 4 = 15, the defender keeps the space.
        ("d.earlier=pirate-log-platform", (0, 15), Winner.DEFENDER),
        # Laid by the attacker it strikes no enemy shield: as without it, 26 against 0.
        ("a.earlier=pirate-log-platform", (26, 0), Winner.ATTACKER),
    ],
)
def test_pirate_log_platform_strikes_the_attacking_shield(
    earlier: str, control: tuple[int, int], winner: Winner
) -> None:
    log = resolve(parse_setup(f"a=black-lung,swordsman,archer {earlier} d=sand-lord,gunner"), CATALOG)
    assert (log.result.attacker_total, log.result.defender_total) == control
    assert log.result.winner is winner
    hits = [step for step in log.steps if step.card == "pirate-log-platform" and step.rule == "AOE-2"]
    assert len(hits) == (2 if earlier.startswith("d.") else 0)
    assert log.result.not_automated == ()


# ----------------------------------------------------------------- PRI-2: Summon Loghammer's Sapper
@pytest.mark.parametrize(
    ("play", "control", "winner"),
    [
        # The defender's Large Idol stands: Black Lung 14 against Sand Lord 11 + 3 off-colour = 14, a push;
        # control 14 against 11 + 3 for the Idol (RES-2) = 14, a tie: the defender keeps the space (RES-3).
        ("", (14, 14), Winner.DEFENDER),
        # The attacker's Sapper in match-up 1 destroys the Idol (PRI-2) before the count: 14 against 11.
        ("a.hand=summon-loghammers-sapper a.spell=1:summon-loghammers-sapper", (14, 11), Winner.ATTACKER),
        # The same as a turn of the match-up.
        ("a.hand=summon-loghammers-sapper m1=a:spell:summon-loghammers-sapper,d:pass", (14, 11), Winner.ATTACKER),
    ],
)
def test_summon_loghammers_sapper_destroys_an_opposing_upgrade(
    play: str, control: tuple[int, int], winner: Winner
) -> None:
    log = resolve(parse_setup(f"a=black-lung {play} d=sand-lord d.earlier=large-idol"), CATALOG)
    assert (log.result.attacker_total, log.result.defender_total) == control
    assert log.result.winner is winner
    assert log.result.not_automated == ()


def test_summon_loghammers_sapper_with_no_opposing_upgrade_does_nothing() -> None:
    # The attacker's own Large Idol is no target (the site's reading), so it still counts: Black Lung 14 + 3 for the
    # Idol = 17 against Sand Lord 11 (RES-2; the push of match-up 1 leaves both standing).
    notation = (
        "a=black-lung a.earlier=large-idol a.hand=summon-loghammers-sapper a.spell=1:summon-loghammers-sapper "
        "d=sand-lord"
    )
    log = resolve(parse_setup(notation), CATALOG)
    assert (log.result.attacker_total, log.result.defender_total) == (17, 11)
    said = [step for step in log.steps if step.card == "summon-loghammers-sapper" and step.rule == "PRI-2"]
    assert len(said) == 1 and "does nothing" in said[0].text


# ----------------------------------------------------------------- CMD-4: Obelisk of Bablos
@pytest.mark.parametrize(
    ("attacker", "command", "discarded", "control"),
    [
        # Without it: Swordsman 6 + 3 off-colour = 9 loses to Sand Lord 11, Archer 6 beats Gunner 4 (PRI-11); the
        # defender's Swordsman 6 + Gunner's partner 4 = 10 beats Archer 6 (SEC-7): 0 against 11 + 6 = 17.
        ("swordsman,archer", "", [], (0, 17)),
        # As the attacker's command: hands 6 + 6 = 12 against 11 + 4 + 6 = 21, so the defender discards at least 5:
        # Gunner 4 alone is short, Swordsman 6 is the smallest loss reaching 5 (the site's reading). Swordsman 9
        # loses to Sand Lord 11, Archer 6 beats Gunner 4 and nobody is left: 6 against 11.
        ("swordsman,archer", "obelisk", ["d3"], (6, 11)),
        # Hands 14 + 6 = 20 against 11 + 4 + 6 = 21 still richer: the defender loses Swordsman 6 again; Black Lung 14
        # pushes Sand Lord 11 + 3 = 14, Swordsman 6 beats Gunner 4: 20 against 11.
        ("black-lung,swordsman", "obelisk", ["d3"], (20, 11)),
        # Hands 14 + 6 + 6 = 26 against 21: the defender's is not higher, nothing is discarded.
        ("black-lung,swordsman,archer", "obelisk", [], None),
    ],
)
def test_obelisk_of_bablos_makes_the_richer_hand_discard_5(
    attacker: str, command: str, discarded: list[str], control: tuple[int, int] | None
) -> None:
    play = "a.hand=obelisk-of-bablos a.command=obelisk-of-bablos" if command else ""
    log = resolve(parse_setup(f"a={attacker} {play} d=sand-lord,gunner,swordsman"), CATALOG)
    assert sorted(c.id for c in log.result.creatures if c.fate.value == "discarded") == discarded
    if control is not None:
        assert (log.result.attacker_total, log.result.defender_total) == control
    said = [step for step in log.steps if step.card == "obelisk-of-bablos" and step.rule == "CMD-4"]
    assert len(said) == (1 + len(discarded) if command else 0)
    assert log.result.not_automated == ()


# ----------------------------------------------------------------- CMD-4 / PRI-8: Tablet of Ancathus
TABLET = "a.hand=tablet-of-ancathus a.command=tablet-of-ancathus"


@pytest.mark.parametrize(
    ("notation", "second", "control"),
    [
        # In the Woods without it: Wood Spirit 6 + 4 Woods = 10 beats Swordsman 6 + 3 off-colour = 9; Sand Lord
        # 11 + 3 off-colour - 6 Woods = 8 loses to Black Lung 14 (PRI-8, PRI-11): 6 against 14.
        ("terrain=woods a=wood-spirit,sand-lord d=swordsman,black-lung", (8, 14), (6, 14)),
        # With it (CMD-4), Wood Spirit still stands after match-up 1, so Sand Lord counts its +4 Woods in place of
        # its own -6: 11 + 3 + 4 = 18 beats Black Lung 14: 6 + 11 = 17 against 0.
        (f"terrain=woods a=wood-spirit,sand-lord {TABLET} d=swordsman,black-lung", (18, 14), (17, 0)),
        # The first creature beaten (Gnomes 4 + 3 Woods = 7 against Black Lung 14 + 6 off-colour = 20): no swap,
        # Sand Lord 11 - 6 = 5 loses to Swordsman 6 + 3 = 9: 0 against 20.
        (f"terrain=woods a=gnomish-gnomes,sand-lord {TABLET} d=black-lung,swordsman", (5, 9), (0, 20)),
    ],
)
def test_tablet_of_ancathus_lends_the_first_creatures_terrain_modifier(
    notation: str, second: tuple[int, int], control: tuple[int, int]
) -> None:
    log = resolve(parse_setup(notation), CATALOG)
    matchup = log.result.matchups[1]
    assert (matchup.attacker_total, matchup.defender_total) == second
    assert (log.result.attacker_total, log.result.defender_total) == control
    assert log.result.not_automated == ()
