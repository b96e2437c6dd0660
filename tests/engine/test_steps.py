"""One hand-worked combat per rule of the procedure that the worked examples do not already cover.

Each expected number is worked out in the comment above it from the printed cards and the rules."""

from __future__ import annotations

from engine.catalog import default_catalog
from engine.enums import Fate, Side, StepKind, Winner
from engine.log import CombatLog
from engine.notation import parse_setup
from engine.resolver import resolve


def run(text: str) -> CombatLog:
    return resolve(parse_setup(text), default_catalog())


def fates(log: CombatLog, side: Side) -> dict[str, str]:
    return {name: fate.value for name, fate in log.result.fates_by_name(side).items()}


def rules(log: CombatLog) -> list[str]:
    return [step.rule for step in log.steps]


def test_methane_sets_creatures_aside_out_of_play() -> None:
    # The Cow's 3-point methane hits the Super Model (Vitality 1) still in the defender's hand:
    # set aside, never counted. Swordsman 6 beats Cow 2; Sand Lord 11 + 3 OCB beats Wild Nymph 4.
    # Gnomes (4 + 1 OCB = 5) cannot beat the Sand Lord (needs 11 + 1 - 3 partner = ... no partner
    # bonus beyond the Wild Nymph's 4: needs 8). Control: attacker 11 against 6 + 4 = 10.
    log = run("terrain=swamp a=cow,sand-lord d=swordsman,wild-nymph,gnomish-gnomes,super-model")
    assert fates(log, Side.DEFENDER)["super-model"] == Fate.OUT_OF_PLAY.value
    assert (log.result.attacker_total, log.result.defender_total) == (11, 10)
    assert log.result.winner is Winner.ATTACKER
    assert "AOE-4" in rules(log)


def test_several_secondary_attackers_add_base_vitality_except_the_last() -> None:
    # The Wraith is turned by the Ice Spirit, so it gives no partner bonus. Gnomes 4 (not
    # last: bare Vitality) + Archer 6 (last) = 10 > 5: the Ice Spirit is beaten.
    log = run("a=ice-spirit d=wraith,gnomish-gnomes,archer d.secondary=gnomish-gnomes>ice-spirit,archer>ice-spirit")
    kill = next(s for s in log.steps if s.kind is StepKind.KILL_TEST)
    assert kill.total == 10 and kill.rule == "SEC-7"
    assert "SEC-8" in rules(log)
    assert fates(log, Side.ATTACKER) == {"ice-spirit": "beaten"}
    assert log.result.shields_destroyed == (Side.ATTACKER,)


def test_default_secondaries_combine_leftovers_when_none_can_win_alone() -> None:
    # Ice Spirit needs 6 (turned Wraith: no partner). Gnomes 4 + 1 OCB = 5 and Wild Nymph 4 cannot
    # alone; together 4 + 4 = 8 > 5.
    log = run("a=wraith,gnomish-gnomes,wild-nymph d=ice-spirit")
    assert fates(log, Side.DEFENDER) == {"ice-spirit": "beaten"}
    assert "ENG-2" in rules(log)


def test_a_failed_secondary_attack_changes_nothing() -> None:
    # Ice Spirit 5 alone, Gnomes 4 + 1 OCB = 5: not more than 5 (SEC-7, SEC-10).
    log = run("a=wraith,gnomish-gnomes d=ice-spirit a.secondary=gnomish-gnomes>ice-spirit")
    assert fates(log, Side.DEFENDER) == {"ice-spirit": "standing"}
    assert fates(log, Side.ATTACKER)["gnomish-gnomes"] == "standing"
    assert "SEC-10" in rules(log)


def test_the_ugly_wart_fiend_forbids_babes_bribes_on_its_side_after_it_is_beaten() -> None:
    # Round 1: Fiend 1 loses to the Wild Nymph 4 + 1. Round 2: the attacker's Babes on the
    # Baal-a-Gog is refused; Baal-a-Gog 12 + 4 OCB beats Snogwart 8? Snogwart is mortal,
    # Baal-a-Gog elemental with OCB against externals: 12 against 8 + 2 OCB = 10.
    log = run("a=wild-nymph,snogwart a.hand=babes a.bribe=2:babes d=ugly-wart-fiend,baal-a-gog")
    assert fates(log, Side.DEFENDER) == {"ugly-wart-fiend": "beaten", "baal-a-gog": "standing"}
    assert any(s.rule == "A-12" and "cannot bribe" in s.text for s in log.steps)
    assert "babes" in log.result.warnings[0].lower()


def test_bribing_the_fiend_itself_is_allowed() -> None:
    log = run("a=wild-nymph a.hand=babes a.bribe=1:babes d=ugly-wart-fiend")
    assert fates(log, Side.DEFENDER) == {"ugly-wart-fiend": "bribed"}


def test_nobody_may_channel_against_an_ogre() -> None:
    # Swordsman vs Ice Ogre (mortal vs mortal: no OCB): Power Lunch lets the Swordsman receive, but
    # the Ice Ogre forbids channelling against it: 6 against 9.
    log = run("a=swordsman a.hand=power-lunch a.spell=1:power-lunch a.channel=1:guardian d=ice-ogre")
    assert log.result.matchups[0].attacker_total == 6
    assert any("Nobody may channel against Ice Ogre" in s.text for s in log.steps)


def test_equal_up_numbers_dispel_both_contradicting_commands_and_a_baggler_dispels_any() -> None:
    log = run(
        "a=iron-crag-baggler,swordsman a.command=iron-crag-baggler d=slor-overlord-of-the-wastes,sand-lord d.command=slor-overlord-of-the-wastes"
    )
    assert "A-14" in rules(log)
    # Slor dispelled: the Sand Lord gets no Dry Heaps bonus (no terrain at all): 11 against 6 + 3.
    assert log.result.matchups[0].defender_total == 11


def test_a_dispel_magic_can_be_answered() -> None:
    # The defender dispels Vitales; the attacker answers with its own Dispel Magic, so Vitales hits
    # the Gnomes (4) in the defender's hand.
    log = run(
        "a=sand-lord a.hand=vitales-dark-cloud,dispel-magic a.command=vitales-dark-cloud a.dispel=1 "
        "d=swordsman,gnomish-gnomes d.hand=dispel-magic d.dispel=1"
    )
    assert fates(log, Side.DEFENDER)["gnomish-gnomes"] == "discarded_by_aoe"
    assert [s.rule for s in log.steps if s.kind is StepKind.DISPEL] == ["CMD-3", "CMD-3"]


def test_the_loser_may_destroy_its_own_shield() -> None:
    # Black Lung 14 + 6 OCB beats the Swordsman; the Wild Nymph (needs 14 + 1 - 6 = 9) cannot reply.
    # 14 against 4: the defender loses and chooses to destroy its shield rather than retreat.
    log = run("a=black-lung d=swordsman,wild-nymph d.destroy-shield=yes")
    assert log.result.shields_destroyed == (Side.DEFENDER,)
    assert "RES-6" in rules(log)


def test_defending_in_a_stronghold_adds_its_bonus_and_ties_go_to_the_defender() -> None:
    # Swordsman 6 + 5 (Carreg Amroth) = 11 pushes the Sand Lord 11 (Swordsman's OCB +3 applies too:
    # 14 > 11, the Sand Lord is beaten).
    log = run("a=sand-lord d=swordsman d.stronghold=carreg-amroth-center")
    assert log.result.matchups[0].defender_total == 14
    assert log.result.winner is Winner.DEFENDER


def test_a_card_that_is_not_automated_is_reported_every_time() -> None:
    log = run("a=sand-lord d=swordsman d.items=mighty-tiki-god")
    assert any(step.kind is StepKind.NOT_AUTOMATED and step.card == "mighty-tiki-god" for step in log.steps)
    assert any(slug == "mighty-tiki-god" for slug, _ in log.result.not_automated)


def test_dice_are_inputs_of_the_setup() -> None:
    # Match-up 1: Initiate of Entropy 2 + roll 5 = 7 against Swordsman 6 + 3 OCB + 4 (Drifter's
    # Nexus stronghold: roll 3 + 1) = 13. Match-up 2: Mendu Sada's fear AOE rolls 4 and finds only
    # the Archer (6) in the hand; Mendu Sada 11 against Gnomes 4 + 4 stronghold + 1 OCB = 9.
    text = (
        "a=initiate-of-entropy,mendu-sada-the-havoc a.rolls=initiate-of-entropy:5,mendu-sada-the-havoc:4 "
        "d=swordsman,gnomish-gnomes,archer d.stronghold=drifters-nexus-stronghold-center "
        "d.rolls=drifters-nexus-stronghold-center:3"
    )
    log = run(text)
    assert [[m.attacker_total, m.defender_total] for m in log.result.matchups] == [[7, 13], [11, 9]]


def test_a_missing_or_impossible_roll_is_a_setup_problem() -> None:
    from engine.validate import validate

    missing = validate(parse_setup("a=initiate-of-entropy d=swordsman"), default_catalog())
    assert [p.code for p in missing] == ["setup.roll_missing"]
    impossible = validate(
        parse_setup("a=demorgan-the-inciter a.rolls=demorgan-the-inciter:13 d=swordsman"), default_catalog()
    )
    assert [p.code for p in impossible] == ["setup.roll_impossible"]
    assert "2 to 12" in impossible[0].message


def test_command_only_text_works_only_from_the_command_card() -> None:
    # Slimwit Man's +2 to the opponent's creatures is a command text. As the attacker's command card,
    # the Swordsman gets it: 6 + 2 = 8 beats the Archer's 6. Fighting as a primary creature (Vitality 3,
    # beaten by the Swordsman 6), Slimwit Man gives nothing: the Gunner stays at 4 and the Archer beats it.
    commanding = run("a=slimwit-man,archer a.command=slimwit-man d=swordsman")
    assert [(m.attacker_total, m.defender_total) for m in commanding.result.matchups] == [(6, 8)]
    fighting = run("a=slimwit-man,archer d=swordsman,gunner")
    assert [(m.attacker_total, m.defender_total) for m in fighting.result.matchups] == [(3, 6), (6, 4)]
    assert not any(step.card == "slimwit-man" and step.kind is StepKind.BONUS for step in fighting.steps)
