"""``engine.options`` held by properties over generated set-ups of both rule sets, the engine as the judge.

- Sound: every action offered at a position, appended there, validates and is neither refused nor dropped by the
  engine's resolution (``options_oracle``).
- Complete: every action of the position's universe (each kind with each card the set-up holds, the Guardian's
  stones one by one, each icon, aimed at the usual creature or at a creature in the row) that the engine accepts
  is offered; one not offered has a coded reason (``why_not``).

The set-ups are small (a few creatures from a pool chosen for its mechanics: icons, red bars, ranged attackers,
channellers, Power Lunch, Dispel Magic, Hammer of Doom, Woods) so that a position's universe can be tried whole.
CI runs a fixed, bounded number of examples (derandomized, ``OPTIONS_EXAMPLES``, default 25 per test); a longer run:
``OPTIONS_EXAMPLES=500 python -m pytest -n 0 tests/engine/test_options_properties.py``.
"""

from __future__ import annotations

import os
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.actions import Action, ActionKind, action_to_text
from engine.arena import ArenaSetup, format_duel
from engine.arena.notation import round_action_text
from engine.arena.setup import ArenaPlay, DuelSide, PlayKind
from engine.catalog import default_catalog
from engine.enums import BriberyIcon, Side
from engine.notation import format_setup, parse_setup
from engine.options import Decision, duel_options, duel_why_not, next_actions, options, why_not
from engine.resolver import resolve
from engine.setup import CardRef, CombatSetup, SecondaryAttack, SideSetup, copy_references
from engine.validate import validate

from .options_oracle import (
    duel_accepts,
    duel_last_stone_adds,
    duel_signals,
    last_stone_adds,
    standard_accepts,
    standard_signals,
    with_action,
    with_round_action,
)

CATALOG = default_catalog()
EXAMPLES = int(os.environ.get("OPTIONS_EXAMPLES", "25"))
CREATURES = ("sand-lord", "swordsman", "archer", "axeman", "zombie", "vapor-elemental", "willo-the-wisp", "doomwing")
CHANNELLERS = ("shadow-of-ashes", "valkyrie-spirit", "energy-well")
HAND = ("gold", "babes", "beer", "power-lunch", "dispel-magic", "hammer-of-doom")
TERRAINS = (None, "swamps", "woods", "mountains")
GUARDIAN = "rak-nam-leader-of-the-mighty"
# A Guardian whose ability is a turn (issue 31: Siin cancels the opposing channel just made).
GUARDIANS = (None, GUARDIAN, "siin-stealer-of-the-power")
PROFILE = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


@st.composite
def standard_sides(draw: st.DrawFn) -> SideSetup:
    creatures = tuple(draw(st.lists(st.sampled_from(CREATURES), min_size=1, max_size=3)))
    hand = tuple(draw(st.lists(st.sampled_from(HAND), max_size=3)))
    channellers = tuple(draw(st.lists(st.sampled_from(CHANNELLERS), max_size=1)))
    stones = draw(st.sampled_from((0, 1, 2, 3)))
    guardian = draw(st.sampled_from(GUARDIANS))
    return SideSetup(creatures=creatures, hand=hand, channellers=channellers, stones=stones, guardian=guardian)


@st.composite
def positions(draw: st.DrawFn) -> tuple[CombatSetup, int]:
    """A valid set-up and a match-up of it whose list has been played a few legal steps (walking the offers)."""
    setup = CombatSetup(draw(standard_sides()), draw(standard_sides()), draw(st.sampled_from(TERRAINS)))
    assume(not validate(setup, CATALOG))
    rows = min(len(setup.attacker.creatures), len(setup.defender.creatures))
    number = draw(st.integers(1, rows))
    for _ in range(draw(st.integers(0, 5))):
        turn = next_actions(setup, CATALOG, number)
        if turn.ended or not turn.actions:
            break
        chosen = draw(st.sampled_from(turn.actions))
        assert isinstance(chosen.action, Action)
        setup = with_action(setup, number, chosen.action)
    assume(number <= min(len(r.creatures) for r in (setup.attacker, setup.defender)))
    return setup, number


def universe(setup: CombatSetup, number: int) -> list[Action]:
    """Every action worth trying at a match-up: each kind with each card either side holds."""
    found: list[Action] = []
    for side in (Side.ATTACKER, Side.DEFENDER):
        mine, theirs = setup.side(side), setup.side(side.other)
        own_refs = copy_references(list(mine.creatures))
        their_refs = copy_references(list(theirs.creatures))
        found.append(Action(side, ActionKind.PASS))
        for icon in BriberyIcon:
            for kind in (ActionKind.BRIBE, ActionKind.BRIBE_BACK):
                found.append(Action(side, kind, icon=icon))
            found += [Action(side, ActionKind.BRIBE, icon=icon, target=CardRef(ref)) for ref in their_refs]
        found += [Action(side, ActionKind.RANGED, card=CardRef(ref)) for ref in own_refs]
        for slug in dict.fromkeys(mine.hand):
            card = CATALOG.get(slug)
            if card.type.value == "spell":
                found.append(Action(side, ActionKind.SPELL, card=CardRef(slug)))
            if card.type.value == "hand_item":
                found.append(Action(side, ActionKind.ITEM, card=CardRef(slug)))
        stones = mine.stones if mine.stones is not None else 7
        found += [
            Action(side, ActionKind.CHANNEL, card=CardRef("guardian"), amount=amount) for amount in range(1, stones + 2)
        ]
        found += [
            Action(side, ActionKind.CHANNEL, card=CardRef(ref)) for ref in copy_references(list(mine.channellers))
        ]
        found += [Action(side, ActionKind.GUARDIAN, card=CardRef(slug)) for slug in GUARDIANS if slug is not None]
    return found


@given(positions())
@PROFILE
def test_every_offered_action_is_accepted_by_the_engine(position: tuple[CombatSetup, int]) -> None:
    setup, number = position
    turn = next_actions(setup, CATALOG, number)
    for option in turn.actions:
        assert isinstance(option.action, Action)
        accepted, why = standard_accepts(setup, CATALOG, number, option.action)
        assert accepted, f"offered {option.item} at m{number} of {format_setup(setup)}: {why}"
        if option.action.card == "guardian":
            assert last_stone_adds(setup, CATALOG, number, option.action), (
                f"{option.item} adds nothing: {format_setup(setup)}"
            )
        assert why_not(setup, CATALOG, number, option.action) is None


@given(positions())
@PROFILE
def test_every_action_the_engine_accepts_is_offered(position: tuple[CombatSetup, int]) -> None:
    setup, number = position
    turn = next_actions(setup, CATALOG, number)
    offered = {option.item for option in turn.actions}
    row = options(setup, CATALOG).row(number)
    assert row is not None
    steps = resolve(setup, CATALOG).steps
    decided = any(step.message == "bribe_creature.7" and step.moment == str(number) for step in steps)
    for action in universe(setup, number):
        if decided and action.kind is ActionKind.SPELL:
            # A named reading: once a bribe has taken a creature of the match-up, it is decided and the options
            # offer no spell; the engine still casts one written there, changing nothing of the outcome.
            assert why_not(setup, CATALOG, number, action) is not None
            continue
        if action_to_text(action) in offered:
            continue
        if action.icon is not None and action.target == row.side(action.side.other).creature:
            continue  # the usual creature named: the options write that bribe without a target
        reason = why_not(setup, CATALOG, number, action)
        assert reason is not None and reason.code and reason.rule, action_to_text(action)
        assert reason.words
        accepted, _ = standard_accepts(setup, CATALOG, number, action)
        if accepted and action.kind is ActionKind.CHANNEL and not last_stone_adds(setup, CATALOG, number, action):
            assert reason.code == "options.adds_nothing", (action_to_text(action), reason.code)
            continue  # a stone that adds nothing is not offered, and said so
        assert not accepted, (
            f"{action_to_text(action)} is accepted at m{number} of {format_setup(setup)} but not offered ({reason.code})"
        )


# ------------------------------------------------------------------------------------------------ Arena duels

DUELLISTS = ("sand-lord", "swordsman", "axeman", "zombie", "vapor-elemental", "doomwing")
UNDER = ("archer", "willo-the-wisp", "shadow-of-ashes", "energy-well")
STOCK = ("gold", "babes", "beer", "power-lunch", "hammer-of-doom")
PEN = ("swordsman", "zombie", "sand-lord")


@st.composite
def duel_sides(draw: st.DrawFn) -> DuelSide:
    return DuelSide(
        duellists=(CardRef(draw(st.sampled_from(DUELLISTS))),),
        stock=tuple(CardRef(s) for s in draw(st.lists(st.sampled_from(STOCK), max_size=3))),
        under=tuple(CardRef(s) for s in draw(st.lists(st.sampled_from(UNDER), max_size=2))),
        pen=tuple(CardRef(s) for s in draw(st.lists(st.sampled_from(PEN), max_size=1))),
        stones=draw(st.sampled_from((None, 0, 1, 2))),
    )


@st.composite
def duel_positions(draw: st.DrawFn) -> tuple[ArenaSetup, str]:
    setup = ArenaSetup(draw(duel_sides()), draw(duel_sides()), draw(st.sampled_from(TERRAINS)))
    assume(not isinstance(duel_signals(setup, CATALOG), str))
    key = draw(st.sampled_from(("p", "s")))
    if key == "s":
        # Play the primary round to its end first, as the offers go, so the secondary round has its opener.
        for _ in range(8):
            turn = duel_options(setup, CATALOG).primary
            if turn.ended:
                break
            setup = with_round_action(setup, "p", draw(st.sampled_from(turn.actions)).action)
    for _ in range(draw(st.integers(0, 4))):
        turn = duel_options(setup, CATALOG).round(key)
        if turn.ended or not turn.actions:
            break
        setup = with_round_action(setup, key, draw(st.sampled_from(turn.actions)).action)
    assume(not isinstance(duel_signals(setup, CATALOG), str))
    return setup, key


def duel_universe(setup: ArenaSetup) -> list[Action | ArenaPlay]:
    found: list[Action | ArenaPlay] = []
    for side in (Side.ATTACKER, Side.DEFENDER):
        mine, theirs = setup.side(side), setup.side(side.other)
        found.append(Action(side, ActionKind.PASS))
        for icon in BriberyIcon:
            found += [Action(side, ActionKind.BRIBE, icon=icon), Action(side, ActionKind.BRIBE_BACK, icon=icon)]
        for slug in dict.fromkeys(mine.stock):
            card = CATALOG.get(slug)
            if card.type.value == "spell":
                found.append(Action(side, ActionKind.SPELL, card=CardRef(slug)))
            if card.type.value == "hand_item":
                found.append(Action(side, ActionKind.ITEM, card=CardRef(slug)))
        for slug in dict.fromkeys(mine.under):
            found += [Action(side, ActionKind.RANGED, card=slug), Action(side, ActionKind.CHANNEL, card=slug)]
        stones = mine.stones if mine.stones is not None else 7
        found += [
            Action(side, ActionKind.CHANNEL, card=CardRef("guardian"), amount=amount) for amount in range(1, stones + 2)
        ]
        found += [ArenaPlay(side, PlayKind.CREATURE, slug) for slug in dict.fromkeys(mine.pen)]
        del theirs
    return found


@given(duel_positions())
@PROFILE
def test_every_offered_duel_action_is_accepted_by_the_engine(position: tuple[ArenaSetup, str]) -> None:
    setup, key = position
    turn = duel_options(setup, CATALOG).round(key)
    for option in turn.actions:
        action = option.action
        assert isinstance(action, (Action, ArenaPlay))
        accepted, why = duel_accepts(setup, CATALOG, key, action)
        assert accepted, f"offered {option.item} in round {key} of {format_duel(setup)}: {why}"
        if key == "p" and isinstance(action, Action) and action.card == "guardian" and action.target is None:
            assert duel_last_stone_adds(setup, CATALOG, action), f"{option.item} adds nothing in {format_duel(setup)}"
        assert duel_why_not(setup, CATALOG, key, action) is None


@given(duel_positions())
@PROFILE
def test_every_duel_action_the_engine_accepts_is_offered(position: tuple[ArenaSetup, str]) -> None:
    setup, key = position
    turn = duel_options(setup, CATALOG).round(key)
    offered = {option.item for option in turn.actions}
    for action in duel_universe(setup):
        if round_action_text(action) in offered:
            continue
        if isinstance(action, Action) and action.kind is ActionKind.BRIBE_BACK:
            plain = round_action_text(replace(action, kind=ActionKind.BRIBE))
            if plain in offered:
                # A duel plays a bribe back as a bribe: the options write it so unless it answers a bribe.
                assert duel_why_not(setup, CATALOG, key, action) is not None
                continue
        reason = duel_why_not(setup, CATALOG, key, action)
        assert reason is not None and reason.code and reason.words
        if turn.ended:
            continue  # the round is over (or never comes): nothing is a move, though the duel ignores a pass
        accepted, _ = duel_accepts(setup, CATALOG, key, action)
        if (
            accepted
            and key == "p"
            and isinstance(action, Action)
            and action.card == "guardian"
            and not duel_last_stone_adds(setup, CATALOG, action)
        ):
            assert reason.code == "options.adds_nothing", (round_action_text(action), reason.code)
            continue  # a stone that adds nothing is not offered, and said so
        assert not accepted, (
            f"{round_action_text(action)} is accepted in round {key} of {format_duel(setup)} but not offered ({reason.code})"
        )


# ------------------------------------------------------------------------------------------------ set-up decisions

_CLAUSE_FIELDS = {"ranged": "ranged", "bribe": "bribes", "spell": "spells", "channel": "channels"}


def with_decision(setup: CombatSetup, side: Side, clause: str, item: str) -> CombatSetup:
    """The set-up with one more per-kind decision, read by the notation's own parser."""
    parsed = parse_setup(f"a=swordsman d=swordsman a.{clause}={item}").attacker
    field = _CLAUSE_FIELDS[clause]
    grown = replace(setup.side(side), **{field: (*getattr(setup.side(side), field), *getattr(parsed, field))})
    return replace(setup, attacker=grown) if side is Side.ATTACKER else replace(setup, defender=grown)


@given(standard_sides(), standard_sides(), st.sampled_from(TERRAINS))
@PROFILE
def test_every_offered_decision_is_taken_by_the_engine(
    attacker: SideSetup, defender: SideSetup, terrain: str | None
) -> None:
    setup = CombatSetup(attacker, defender, terrain)
    assume(not validate(setup, CATALOG))
    found = options(setup, CATALOG)
    decisions = [
        decision
        for row in found.rows
        for side_row in (row.attacker, row.defender)
        for decision in (*side_row.ranged, *side_row.bribes, *side_row.spells, *side_row.channels)
    ]
    assert_taken(setup, decisions)
    secondary = found.secondary
    if secondary is not None and secondary.targets:
        # Plan every left-over creature's attack on the first target, so the other side's answers are offered.
        assert secondary.answers_reason is not None or setup.side(secondary.side).secondaries is not None
        attacks = tuple(SecondaryAttack(attacker, secondary.targets[0]) for attacker in secondary.attackers)
        side_setup = replace(setup.side(secondary.side), secondaries=attacks)
        planned = (
            replace(setup, attacker=side_setup)
            if secondary.side is Side.ATTACKER
            else replace(setup, defender=side_setup)
        )
        if not validate(planned, CATALOG):
            answers = options(planned, CATALOG).secondary
            assert answers is not None and answers.answers_reason is None
            # Whether a planned attack happens depends on the primaries (its target may be beaten first), which the
            # options do not resolve: an answer must validate and not be refused, but may find no attack to answer.
            assert_taken(planned, [*answers.bribes, *answers.spells], may_be_moot=True)


def assert_taken(setup: CombatSetup, decisions: list[Decision], *, may_be_moot: bool = False) -> None:
    base = standard_signals(setup, CATALOG)
    assert base is not None
    for decision in decisions:
        grown = standard_signals(with_decision(setup, decision.side, decision.clause, decision.item), CATALOG)
        assert grown is not None, f"{decision.side.value}.{decision.clause}={decision.item} of {format_setup(setup)}"
        new = [key for key in grown - base if not key.startswith("log:")]
        dropped = not may_be_moot and any(key.startswith("log:") for key in base & grown)
        assert not new and not dropped, (
            f"{decision.side.value}.{decision.clause}={decision.item} of {format_setup(setup)}: {new or 'no effect'}"
        )
