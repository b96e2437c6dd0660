"""The engine as the judge of the options: whether it accepts an action appended to a position, by resolving.

An action is *accepted* when the set-up with it still validates and its resolution neither refuses it (a notice
or step of refusal that the position without it does not have) nor drops it as taking no effect. This is the
oracle the property tests hold ``engine.options`` to; it resolves, so it is slow and lives in the tests.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.actions import Action, ActionKind, MatchupActions
from engine.arena import ArenaSetup, resolve_duel
from engine.arena.setup import RoundAction, is_pass
from engine.arena.validate import validate_duel
from engine.catalog import CardCatalog
from engine.enums import Side, StepKind
from engine.errors import EngineError
from engine.log import Step
from engine.resolver import resolve
from engine.setup import CombatSetup
from engine.validate import validate

# Codes of notices that say an action was refused, not taken, or taken against another creature than written.
REFUSING_PREFIXES = (
    "action.",
    "bribe.",
    "ranged.",
    "channel.",
    "cast.",
    "shots.",
    "item.",
    "decision.",
    "arena.target",
    "arena.bad",
    "arena.action_not_possible",
    "arena.not_in_secondary",
    "arena.primary_matchup_only",
)
NOT_REFUSING = frozenset({"action.shorthand_ignored"})
# Steps that say an action was not taken without a notice of their own.
NOT_TAKEN_STEPS = frozenset(
    {
        "channel_into.2",
        "channel_into.3",
        "channel_into.4",
        "channel_into.5",
        "channel_into.6",
        "bribe_creature",
        "arena.not_taken",
        "arena.not_taken_decided",
        "bribe_creature.5",
        "action.refused",
        "ranged",
        "ranged.2",
        "channelling",
        "channel_into",
        "any_time_spells.2",
        "any_time_spells.3",
        "any_time_spells.4",
        "cast",
        "cast.2",
        "cast_rolled_outcome",
        "cast_ends_matchup",
        # Issue 31: an answer with nothing just before it to answer, a Guardian turn that does nothing.
        "turn_answer.missed.spell",
        "turn_answer.missed.guardian",
        "turn_answer.missed.bribe",
        "turn_answer.unpaired_bribe",
        "guardian_turn.cannot_pay",
        "guardian_turn.not_guardian",
        "guardian_turn.no_ability",
        "between.not_applied",
    }
)


def _signals(codes: list[str], messages: list[str]) -> Counter[str]:
    found: Counter[str] = Counter()
    for code in codes:
        if code.startswith(REFUSING_PREFIXES) and code not in NOT_REFUSING:
            found["notice:" + code] += 1
    for message in messages:
        if message in NOT_TAKEN_STEPS or message.startswith("refused."):
            found["step:" + message] += 1
    return found


def with_action(setup: CombatSetup, round_number: int, action: Action) -> CombatSetup:
    listed = setup.actions_of(round_number)
    before = listed.actions if listed is not None else ()
    others = tuple(m for m in setup.actions if m.round != round_number)
    grown = MatchupActions(round_number, (*before, action))
    return replace(setup, actions=tuple(sorted((*others, grown), key=lambda m: m.round)))


def standard_signals(setup: CombatSetup, catalog: CardCatalog, upto: int = 0) -> Counter[str] | None:
    """The refusal signals of a set-up's resolution, and who fought each match-up (an action that changes who
    fights a match-up already under way, such as its own creature placed as ranged support, is no legal move
    there: who fights match-ups ``upto`` and before); None when the set-up does not validate."""
    if validate(setup, catalog):
        return None
    log = resolve(setup, catalog, checked=True)
    found = _signals([n.code for n in log.result.notices], [s.message for s in log.steps])
    found[f"log:{hash(tuple(s.text for s in log.steps))}"] += 1
    for matchup in log.result.matchups[:upto]:
        found[f"fought:{matchup.round}:{matchup.attacker}:{matchup.defender}"] += 1
    return found


def standard_accepts(setup: CombatSetup, catalog: CardCatalog, round_number: int, action: Action) -> tuple[bool, str]:
    base = standard_signals(setup, catalog, round_number)
    assert base is not None, "the position itself must validate"
    grown = standard_signals(with_action(setup, round_number, action), catalog, round_number)
    if grown is None:
        problems = validate(with_action(setup, round_number, action), catalog)
        return False, "invalid: " + ", ".join(p.code for p in problems)
    # An action other than a pass that leaves the log as it was is dropped without a word (a bribe aimed at a
    # creature not in the match-up): not taken.
    same_log = any(key.startswith("log:") for key in base & grown)
    if same_log and action.kind is not ActionKind.PASS:
        return False, "no effect"
    new = +Counter({key: n for key, n in (grown - base).items() if not key.startswith("log:")})
    lost = +Counter({key: n for key, n in (base - grown).items() if not key.startswith("log:")})
    return (not new and not lost), ", ".join(sorted(new + lost))


def with_round_action(setup: ArenaSetup, key: str, action: RoundAction) -> ArenaSetup:
    if key == "p":
        return replace(setup, primary=(*setup.primary, action))
    return replace(setup, secondary=(*setup.secondary, action))


def duel_signals(setup: ArenaSetup, catalog: CardCatalog) -> Counter[str] | str:
    problems = validate_duel(setup, catalog)
    if problems:
        return "invalid: " + ", ".join(p.code for p in problems)
    try:
        log = resolve_duel(setup, catalog)
    except EngineError as exc:
        return f"refused: {exc.code}"
    found = _signals([n.code for n in log.result.notices], [s.message for s in log.steps])
    found[f"log:{hash(tuple(s.text for s in log.steps))}"] += 1
    return found


def duel_accepts(setup: ArenaSetup, catalog: CardCatalog, key: str, action: RoundAction) -> tuple[bool, str]:
    base = duel_signals(setup, catalog)
    assert not isinstance(base, str), base
    grown = duel_signals(with_round_action(setup, key, action), catalog)
    if isinstance(grown, str):
        return False, grown
    if any(key.startswith("log:") for key in base & grown) and not is_pass(action):
        return False, "no effect"
    new = +Counter({key: n for key, n in (grown - base).items() if not key.startswith("log:")})
    return (not new), ", ".join(sorted(new))


def _channelled(steps: tuple[Step, ...], side: Side) -> int:
    """What the side's channel steps added, before any later rule (a flier's) takes totals away."""
    return sum(step.delta or 0 for step in steps if step.kind is StepKind.CHANNEL and step.side is side)


def last_stone_adds(setup: CombatSetup, catalog: CardCatalog, round_number: int, action: Action) -> bool:
    """Whether the last Power Stone of a Guardian's channel, or a channeller's channel, adds points (the options
    offer no channel that adds nothing): against the same channel with one stone fewer (none, for one use)."""
    fewer = setup if action.amount == 1 else with_action(setup, round_number, replace(action, amount=action.amount - 1))
    grown = resolve(with_action(setup, round_number, action), catalog).steps
    return _channelled(grown, action.side) > _channelled(resolve(fewer, catalog).steps, action.side)


def duel_last_stone_adds(setup: ArenaSetup, catalog: CardCatalog, action: Action) -> bool:
    """Whether the last Power Stone of a Guardian's channel in the primary round adds points."""
    fewer = setup if action.amount == 1 else with_round_action(setup, "p", replace(action, amount=action.amount - 1))
    grown = resolve_duel(with_round_action(setup, "p", action), catalog).steps
    return _channelled(grown, action.side) > _channelled(resolve_duel(fewer, catalog).steps, action.side)
