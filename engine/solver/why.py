""""Why did I lose?": the smallest change to the loser's own decisions that changes who holds the space.

The played line is the set-up's own decisions, replayed move by move through the legal-action API (an action the
API does not offer where it was written is one the engine refused: it changed nothing, so the replay leaves it
out). The opponent keeps its decisions: at each of its turns it takes its next action of that match-up (or round)
as played, where that action is still offered, else it passes. The loser, at each of its turns, either keeps its
own next action as played (no change) or takes any other legal action (one change). The search looks for a line
that changes the holder with 0, 1, 2, ... changes, so the first found is a smallest; when every line of the loser's
choices has been searched without one, no change within its choices turns the combat.
"""

from __future__ import annotations

import time
from collections.abc import Hashable

from ..actions import action_to_text
from ..catalog import CardCatalog
from ..enums import Side
from ..errors import EngineError
from ..rulesets import ARENA, STANDARD, AnySetup, ruleset_of
from .positions import Move, Position, start
from .solve import line_of
from .values import Parting, WhyLost


class _OutOfTime(Exception):  # noqa: N818 - a signal inside the search, never shown
    pass


def _played_actions(setup: AnySetup) -> dict[str, list[str]]:
    """Each match-up's (or round's) actions as written, by where they go (``m1``, ``p``, ``s``)."""
    ruleset = ruleset_of(setup)
    if ruleset is ARENA:
        data = ruleset.to_dict(setup)
        return {key: list(data.get(name) or []) for key, name in (("p", "primary"), ("s", "secondary"))}
    combat = STANDARD.setup_of(setup)
    for side in (Side.ATTACKER, Side.DEFENDER):
        written = combat.side(side)
        shorthand = [
            kind
            for kind, decisions in (
                ("ranged", [True for _ in written.ranged]),
                ("bribe", [not b.moment.secondary for b in written.bribes]),
                ("spell", [not s.moment.secondary for s in written.spells]),
                ("channel", [not c.moment.secondary for c in written.channels]),
            )
            if any(decisions)
        ]
        if shorthand:
            raise EngineError(
                f"why a side lost is read from the match-ups' ordered lists (m1=...), and the {side.value} writes "
                f"its {', '.join(shorthand)} as per-kind clauses: write them as ordered actions",
                code="solver.per_kind_clauses",
            )
    return {matchup.key: [action_to_text(action) for action in matchup.actions] for matchup in combat.actions}


class _Replay:
    """Walks the played line and the loser's alternatives."""

    def __init__(self, root: Position, played: dict[str, list[str]], loser: Side, holder: object, deadline: float):
        self.root = root
        self.played = played
        self.loser = loser
        self.holder = holder
        self.deadline = deadline
        self.nodes = 0
        self.failed: dict[Hashable, int] = {}

    def _scripted(self, position: Position, move_list: list[Move], side: Side) -> Move | None:
        """``side``'s next action as played in this match-up, if still offered there."""
        moves = position.moves()
        where = moves[0].where
        taken = sum(1 for move in move_list if move.where == where and move.side is side)
        own = [item for item in self.played.get(where, []) if item.startswith("a:" if side is Side.ATTACKER else "d:")]
        if taken < len(own):
            return next((move for move in moves if move.item == own[taken]), None)
        return None

    def _fallback(self, position: Position) -> Move:
        moves = position.moves()
        return next((move for move in moves if move.is_pass), moves[0])

    def played_line(self) -> list[Move]:
        line: list[Move] = []
        position = self.root
        while not position.terminal:
            move = self._scripted(position, line, position.mover) or self._fallback(position)
            line.append(move)
            position = position.play(move)
        return line

    def search(self, position: Position, line: list[Move], budget: int) -> list[Move] | None:
        """A line from ``position`` with at most ``budget`` changes that changes the holder."""
        self.nodes += 1
        if self.nodes % 64 == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        if position.terminal:
            try:
                return line if position.value().holder != self.holder else None
            except EngineError:
                return None  # a line the engine refuses is no change the loser could make
        key = (position.key, tuple(m.item for m in line if m.side is not position.mover))
        if self.failed.get(key, -1) >= budget:
            return None
        mover = position.mover
        kept = self._scripted(position, line, mover) or self._fallback(position)
        if mover is not self.loser:
            found = self.search(position.play(kept), [*line, kept], budget)
        else:
            found = self.search(position.play(kept), [*line, kept], budget)
            if found is None and budget > 0:
                for move in position.moves():
                    if move.item == kept.item:
                        continue
                    found = self.search(position.play(move), [*line, move], budget - 1)
                    if found is not None:
                        break
        if found is None:
            self.failed[key] = max(budget, self.failed.get(key, -1))
        return found


def why_lost(setup: AnySetup, catalog: CardCatalog, *, budget_s: float | None = None) -> WhyLost:
    """The smallest change to the loser's own decisions that changes the holder, for a set-up whose decisions
    are written as ordered lists (a duel's rounds); ``complete`` is False when the budget ran out first."""
    started = time.perf_counter()
    root = start(setup, catalog)
    replay = _Replay(root, _played_actions(setup), Side.ATTACKER, None, float("inf"))
    played_moves = replay.played_line()
    played = line_of(root, played_moves)
    holder = played.value.holder
    loser = None if holder is None else holder.other
    if loser is None:
        return WhyLost(None, played, None, None, None, True, replay.nodes, time.perf_counter() - started)
    deadline = float("inf") if budget_s is None else started + budget_s
    replay = _Replay(root, _played_actions(setup), loser, holder, deadline)
    found: list[Move] | None = None
    changes = 0
    complete = True
    limit = sum(1 for move in played_moves if move.side is loser) + 8
    try:
        for budget in range(limit + 1):
            found = replay.search(root, [], budget)
            if found is not None:
                changes = budget
                break
    except _OutOfTime:
        complete = False
    if found is None:
        return WhyLost(loser, played, None, None, None, complete, replay.nodes, time.perf_counter() - started)
    better = line_of(root, found)
    parting = None
    for kept, changed in zip(played_moves, found, strict=False):
        if kept.item != changed.item:
            parting = Parting(changed.where, kept.decision(), changed.decision(), changed.rule)
            break
    else:
        # One line is the other with more decisions at its end: they part where the shorter one stops.
        shorter = min(len(played_moves), len(found))
        extra_played = played_moves[shorter] if len(played_moves) > shorter else None
        extra_found = found[shorter] if len(found) > shorter else None
        first = extra_found or extra_played
        if first is not None:
            parting = Parting(
                first.where,
                None if extra_played is None else extra_played.decision(),
                None if extra_found is None else extra_found.decision(),
                first.rule,
            )
    return WhyLost(
        loser, played, better, changes, parting, complete, replay.nodes,
        time.perf_counter() - started,
    )
