"""The solver's positions: a set-up written up to some decision, whose moves come from the legal-action API.

A position is the set-up with the decisions taken so far written into it (an ordered list per match-up, a duel's
two rounds), so every line the solver plays is an ordinary set-up notation, and its value is what the ordinary
engine resolves it to. The moves are exactly the legal next actions ``engine.options`` offers there
(``next_actions`` for a shield combat's match-up, ``duel_options`` for a duel's round): nothing here re-derives a
rule. ``stage`` counts the match-ups (or rounds) already closed, which is what iterative deepening deepens by.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..actions import Action, ActionKind, MatchupActions
from ..arena.setup import ArenaSetup, RoundAction
from ..catalog import CardCatalog
from ..enums import Side
from ..errors import EngineError, SetupInvalid
from ..options import ActionOption, duel_options, next_actions
from ..options.values import Turn
from ..setup import CombatSetup, Moment, SideSetup
from .values import Decision, Value

# The rule id each kind of action follows (the rules reference resolves every one): the bribery window (PRI-1),
# a bribe back, a spell usable at any time (PRI-2), ranged support (PRI-9), channelling (PRI-10), and the
# alternating turns for an item or a pass.
STANDARD_RULES = {
    "bribe": "PRI-1",
    "bribe-back": "A-01",
    "spell": "PRI-2",
    "ranged": "PRI-9",
    "channel": "PRI-10",
    "item": "A-04",
    "pass": "A-04",
}
# A duel's plays follow the round they are made in: the primary round's turns (ARN-3), the secondary round's
# plays (ARN-31).
DUEL_RULES = {"p": "ARN-3", "s": "ARN-31"}


@dataclass(frozen=True)
class Move:
    """One legal next action as the solver plays it: the option the API offered and where it goes."""

    side: Side
    where: str
    option: ActionOption
    rule: str

    @property
    def item(self) -> str:
        return self.option.item

    @property
    def is_pass(self) -> bool:
        return self.option.kind.value == "pass"

    def decision(self) -> Decision:
        return Decision(self.side, self.where, self.option.item, self.option.words, self.rule)


class Position(Protocol):
    """What the search needs of a position, whichever the rule set."""

    @property
    def terminal(self) -> bool: ...

    @property
    def mover(self) -> Side: ...

    @property
    def stage(self) -> int: ...

    @property
    def key(self) -> Hashable: ...

    @property
    def hint(self) -> Hashable: ...

    def moves(self) -> tuple[Move, ...]: ...

    def play(self, move: Move) -> Position: ...

    def value(self) -> Value: ...

    def resolved_value(self) -> Value: ...

    def passed_value(self) -> Value: ...

    def rounds(self) -> tuple[tuple[str, Value], ...]: ...

    def notation(self) -> str: ...


def _mover(turn: Turn) -> Side:
    """Whose move it is: the turn's side, or, where the API cannot know it yet, the side of the first action it
    offers (it then offers only one side's actions in every case the solver reaches)."""
    if turn.side is not None:
        return turn.side
    return turn.actions[0].side if turn.actions else Side.ATTACKER


def _is_pass(action: Action) -> bool:
    return action.kind is ActionKind.PASS


def bare_standard(setup: CombatSetup) -> CombatSetup:
    """The position the solver starts from: the set-up without the primary match-ups' decisions (per-kind clauses
    and ordered lists), which are what it decides. The rest (play orders, command cards, Dispel Magic kept back,
    secondary plans and answers, rolls, counts, choices) stays as given."""

    def bare(side: SideSetup) -> SideSetup:
        def later(moment: Moment) -> bool:
            return moment.secondary

        return replace(
            side,
            ranged=(),
            bribes=tuple(b for b in side.bribes if later(b.moment)),
            spells=tuple(s for s in side.spells if later(s.moment)),
            channels=tuple(c for c in side.channels if later(c.moment)),
        )

    return replace(setup, attacker=bare(setup.attacker), defender=bare(setup.defender), actions=())


def written(setup: CombatSetup) -> CombatSetup:
    """The set-up as a line writes it: a match-up in which everyone only passed needs no list (without one, the
    match-up plays the per-kind clauses, which the solver left empty: the same combat)."""
    kept = tuple(matchup for matchup in setup.actions if not all(_is_pass(a) for a in matchup.actions))
    return setup if len(kept) == len(setup.actions) else replace(setup, actions=kept)


class _Settled:
    """What a position reads off its open turn once settled: whether play has ended and whose move it is."""

    __slots__ = ()

    def _settle(self) -> Turn | None:
        raise NotImplementedError

    @property
    def terminal(self) -> bool:
        return self._settle() is None

    @property
    def mover(self) -> Side:
        turn = self._settle()
        assert turn is not None
        return _mover(turn)


class StandardPosition(_Settled):
    """A shield combat with the ordered lists of match-ups written so far; ``number`` is the match-up whose list
    may be open (the first one that is, is found when the position is first asked for its moves: a position the
    search never enters costs nothing). Past the last row the position is terminal."""

    __slots__ = ("base", "catalog", "hint", "memo", "setup", "written", "_key", "_number", "_turn", "_settled", "_value")

    def __init__(
        self,
        setup: CombatSetup,
        catalog: CardCatalog,
        number: int = 1,
        base: Hashable = ("start",),
        memo: dict[Hashable, Any] | None = None,
    ) -> None:
        self.setup = setup
        self.catalog = catalog
        # What one search has already asked the API and the engine, by the lists written (exactly: the same lists
        # are the same set-up): a position met again, in a later deepening iteration, costs no new question.
        self.memo: dict[Hashable, Any] = {} if memo is None else memo
        self.written: Hashable = tuple((m.round, m.actions) for m in setup.actions)
        # The key: the combat's state when the open match-up began (its fingerprint) and that match-up's list so
        # far. ``hint`` is the key as the parent sees it, before knowing whether its move closed the list (then the
        # key becomes the state after that match-up): what move ordering looks up, without settling the child.
        self.base = base
        self.hint: Hashable = (base, number, self._list(number))
        self._key: Hashable | None = None
        self._number = number
        self._turn: Turn | None = None
        self._settled = False
        self._value: Value | None = None

    def _list(self, number: int) -> tuple[Action, ...]:
        listed = self.setup.actions_of(number)
        return listed.actions if listed is not None else ()

    @property
    def key(self) -> Hashable:
        if self._key is None:
            self._settle()
            self._key = (self.base, self._number, self._list(self._number)) if self._turn is not None else self.hint
        return self._key

    def _settle(self) -> Turn | None:
        """The open list's turn: a closed list moves on to the next match-up (the API counts the rows from the
        lists as written: a creature placed as ranged support leaves its shield's queue)."""
        if not self._settled:
            known = self.memo.get(("settled", self.written))
            if known is not None:
                self._number, self._turn, self.base = known
                self._settled = True
                return self._turn
            number = self._number
            turn: Turn | None = next_actions(self.setup, self.catalog, number)
            while turn is not None and not turn.actions:
                code = turn.reason.code if turn.reason is not None else ""
                if code == "options.no_row":
                    turn = None
                elif code == "options.unknown_side":
                    raise EngineError(turn.reason.worded() if turn.reason else code, code="solver.no_position")
                else:
                    number += 1
                    turn = next_actions(self.setup, self.catalog, number)
            if number != self._number and turn is not None:
                from .fingerprint import state_after

                state = state_after(self.setup, self.catalog, number - 1)
                self.base = ("state", state) if state is not None else ("after", self.hint)
            self._number, self._turn, self._settled = number, turn, True
            self.memo[("settled", self.written)] = (number, turn, self.base)
        return self._turn

    @property
    def number(self) -> int:
        self._settle()
        return self._number

    @property
    def stage(self) -> int:
        return self.number - 1

    def moves(self) -> tuple[Move, ...]:
        turn = self._settle()
        if turn is None:
            return ()
        where = f"m{self._number}"
        return tuple(
            Move(option.side, where, option, STANDARD_RULES.get(option.kind.value, "A-04")) for option in turn.actions
        )

    def play(self, move: Move) -> StandardPosition:
        action = move.option.action
        assert isinstance(action, Action)
        number = int(move.where[1:])
        lists = {m.round: m.actions for m in self.setup.actions}
        lists[number] = (*lists.get(number, ()), action)
        matchups = tuple(MatchupActions(n, lists[n]) for n in sorted(lists))
        return StandardPosition(replace(self.setup, actions=matchups), self.catalog, number, self.base, self.memo)

    def final_setup(self) -> CombatSetup:
        return written(self.setup)

    def value(self) -> Value:
        """The value the ordinary engine gives the line, read as exploring reads a resolution: the combat played
        without writing its steps (their count kept), then the counts for control and who holds the space
        (``resolver.decide``, the first steps of the resolution). The set-up is not checked again: every action in
        it was offered by the legal-action API."""
        if self._value is None:
            found = self.memo.get(("value", self.written))
            if found is None:
                from ..combat_state import Combat
                from ..effects import run_effects
                from ..resolver import decide, play

                combat = Combat(self.final_setup(), self.catalog, checked=True)
                combat.for_reader = False
                run_effects(combat, "CMB-2")
                play(combat)
                totals, _, winner = decide(combat)
                margin = sum(t.amount for t in totals[Side.ATTACKER]) - sum(t.amount for t in totals[Side.DEFENDER])
                found = self.memo[("value", self.written)] = Value(Side(winner.value), margin)
            self._value = found
        return self._value

    def rounds(self) -> tuple[tuple[str, Value], ...]:
        """A shield combat has no rounds to report apart."""
        return ()

    def passed_value(self) -> Value:
        """The value if both sides only passed from here on: a match-up without a list is played from the per-kind
        clauses, which the solver left empty, and a pass is always offered, so the set-up as it stands is that line."""
        return self.value()

    def resolved_value(self) -> Value:
        """The value of the whole resolution as ``resolve`` returns it (checked, steps written): the judge's."""
        from ..resolver import resolve

        result = resolve(self.final_setup(), self.catalog).result
        return Value(Side(result.winner.value), result.attacker_total - result.defender_total)

    def notation(self) -> str:
        from ..notation import format_setup

        return format_setup(self.final_setup())


class DuelPosition(_Settled):
    """An Arena duel with the plays of its primary round (then its secondary round) written so far."""

    __slots__ = ("catalog", "memo", "setup", "_round_key", "_turn", "_settled", "_value")

    def __init__(self, setup: ArenaSetup, catalog: CardCatalog, memo: dict[Hashable, Any] | None = None) -> None:
        self.setup = setup
        self.catalog = catalog
        self.memo: dict[Hashable, Any] = {} if memo is None else memo
        self._value: Value | None = None
        self._round_key = "p"
        self._turn: Turn | None = None
        self._settled = False

    def _settle(self) -> Turn | None:
        """The open round's turn, asked of the API when first needed (and once per search)."""
        if not self._settled:
            known = self.memo.get(("settled", self.key))
            if known is None:
                found = duel_options(self.setup, self.catalog)
                turn: Turn | None = found.primary
                round_key = "p"
                if turn is None or turn.ended or not turn.actions:
                    turn, round_key = found.secondary, "s"
                    if turn.ended or not turn.actions:
                        turn = None
                known = self.memo[("settled", self.key)] = (round_key, turn)
            self._round_key, self._turn = known
            self._settled = True
        return self._turn

    @property
    def round_key(self) -> str:
        self._settle()
        return self._round_key

    @property
    def stage(self) -> int:
        """Rounds closed: 0 in the primary round, 1 in the secondary, 2 once the duel is over."""
        if self.terminal:
            return 2
        return 0 if self._round_key == "p" else 1

    @property
    def key(self) -> Hashable:
        return (self.setup.primary, self.setup.secondary)

    @property
    def hint(self) -> Hashable:
        return self.key

    def moves(self) -> tuple[Move, ...]:
        turn = self._settle()
        if turn is None:
            return ()
        rule = DUEL_RULES[self._round_key]
        return tuple(Move(option.side, self._round_key, option, rule) for option in turn.actions)

    def play(self, move: Move) -> DuelPosition:
        action: RoundAction = move.option.action
        if move.where == "p":
            return DuelPosition(replace(self.setup, primary=(*self.setup.primary, action)), self.catalog, self.memo)
        return DuelPosition(replace(self.setup, secondary=(*self.setup.secondary, action)), self.catalog, self.memo)

    def value(self) -> Value:
        if self._value is None:
            from ..rulesets import ARENA

            found = self.memo.get(("value", self.key))
            if found is None:
                result = ARENA.resolve(self.setup, self.catalog).result
                totals = result.secondary if result.secondary is not None else result.primary
                margin = 0 if totals is None else totals.attacker_total - totals.defender_total
                found = self.memo[("value", self.key)] = Value(result.winner, margin)
            self._value = found
        return self._value

    def resolved_value(self) -> Value:
        """A duel's value is always read from its whole resolution."""
        return self.value()

    def passed_value(self) -> Value:
        """The value if both players only passed from here on (walked pass by pass: a duel writes every turn)."""
        walked: DuelPosition = self
        while not walked.terminal:
            moves = walked.moves()
            walked = walked.play(next((move for move in moves if move.is_pass), moves[0]))
        return walked.value()

    def rounds(self) -> tuple[tuple[str, Value], ...]:
        """Each round played along this (whole) line: who won it and its margin."""
        from ..rulesets import ARENA

        result = ARENA.resolve(self.setup, self.catalog).result
        played = (("p", result.primary), ("s", result.secondary))
        return tuple(
            (key, Value(totals.won_by, totals.attacker_total - totals.defender_total))
            for key, totals in played
            if totals is not None
        )

    def notation(self) -> str:
        from ..rulesets import ARENA

        return ARENA.format(self.setup)


def bare_duel(setup: ArenaSetup) -> ArenaSetup:
    """A duel's starting position: both rounds' plays removed (they are what the solver decides)."""
    return replace(setup, primary=(), secondary=())


def start(setup: CombatSetup | ArenaSetup, catalog: CardCatalog) -> StandardPosition | DuelPosition:
    """The root position of a set-up of either rule set (its decisions removed); the rule set tells them apart."""
    from ..rulesets import ARENA, STANDARD, ruleset_of

    ruleset = ruleset_of(setup)
    problems = ruleset.validate(setup, catalog)
    if problems:
        raise SetupInvalid(problems)
    if ruleset is ARENA:
        return DuelPosition(bare_duel(ARENA.setup_of(setup)), catalog)
    return StandardPosition(bare_standard(STANDARD.setup_of(setup)), catalog)
