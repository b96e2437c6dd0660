"""Exact minimax with alpha-beta, move ordering, a transposition table and iterative deepening, anytime.

Every node returns bounds that are true whatever the window (``low <= value <= high``): a leaf is exact, a node at
the horizon of a deepening iteration knows nothing (its bounds are the widest), a node that cut off after one move
keeps the widest bound on the side it did not search. So the bounds at the root never claim more than was proved,
whenever the budget stops the search, and a transposition entry is valid for any later window or depth.

Deepening is by match-up (a duel's round): iteration ``d`` searches every decision of the first ``d`` match-ups
still open and stops at the start of the next; at that horizon it keeps a guess (the position resolved with only
passes from there on), used to order moves and never as a bound. Moves are ordered by the best move the table
remembers, then by the guess of the position each leads to, then non-passes before a pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from ..enums import Side
from ..errors import EngineError
from .positions import Move, Position
from .values import BEST, WORST, Bounds, SearchProgress, Value

# A horizon past every match-up (and past a duel's two rounds): no combat has this many.
FULL_DEPTH = 64
LOW = WORST.score
HIGH = BEST.score
# How often (in nodes) the clock is read.
_CLOCK_EVERY = 64


class RefusedLine(Exception):  # noqa: N818 - a signal inside the search, never shown
    """The engine refuses the whole line an offered action leads to (an action the legal-action API offers but the
    combat, once played, cannot take): that action is left out, as a move the rules do not allow."""


class OutOfBudget(Exception):  # noqa: N818 - a signal inside the search, never shown
    """The time or node budget ran out: the last finished iteration's bounds stand."""


@dataclass
class Entry:
    """What the table knows of a position: true bounds, the best move found (its item) and the horizon guess."""

    low: int
    high: int
    best: str | None
    guess: int | None
    # The score the last search gave it (guesses as leaves): what move ordering reads.
    score: int | None = None


@dataclass(frozen=True)
class Searched:
    """One finished search: the root's bounds, how deep it went (match-ups), nodes and whether it finished."""

    low: int
    high: int
    depth: int
    nodes: int
    finished: bool
    root_moves: tuple[tuple[str, int, int], ...]


class Search:
    """One search of one root; the table lives as long as the search object."""

    def __init__(
        self,
        root: Position,
        *,
        budget_s: float | None = None,
        max_nodes: int | None = None,
        progress: Callable[[SearchProgress], None] | None = None,
        every_root_move: bool = False,
    ) -> None:
        self.root = root
        # Search each first move with the whole window, so each one's value is proved, not only the best one's
        # (alpha-beta otherwise proves of a worse first move only that it is no better).
        self.every_root_move = every_root_move
        self.started = time.perf_counter()
        self.deadline = None if budget_s is None else self.started + budget_s
        self.max_nodes = max_nodes
        self.progress = progress
        self.table: dict[Hashable, Entry] = {}
        # The history heuristic: how often each move (its item, by side) was best or cut off, anywhere.
        self.history: dict[str, int] = {}
        self.nodes = 0
        self.depth = 0
        # The deepest stage (match-ups closed) a line of the search has reached.
        self.deepest = root.stage

    # The clock and node budget.
    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self.deadline is not None and self.nodes % _CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise OutOfBudget

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def guess(self, position: Position) -> int:
        """The position resolved with passes only from here on: a real line's value, used for ordering only."""
        entry = self.table.get(position.key)
        if entry is not None and entry.guess is not None:
            return entry.guess
        try:
            found = position.passed_value().score
        except EngineError:
            found = 0  # only an ordering hint: a line the engine refuses orders as an even one
        if entry is None:
            self.table[position.key] = Entry(LOW, HIGH, None, found)
        else:
            entry.guess = found
        return found

    def value(self, position: Position, alpha: int, beta: int, horizon: int) -> tuple[int, int, int]:
        """True bounds on ``position``'s value and its searched score, within (alpha, beta) down to match-up
        ``horizon``. The score is alpha-beta's value with the horizon's guesses as leaves: it decides the cut-offs
        and the best move; the bounds only ever take what the leaves below prove (a horizon proves nothing, a cut
        leaves its side open), so they stay true whatever the guesses were."""
        self._tick()
        if position.terminal:
            self.deepest = max(self.deepest, position.stage)
            try:
                score = position.value().score
            except EngineError as refused:
                raise RefusedLine from refused
            return score, score, score
        key = position.key
        entry = self.table.get(key)
        whole_window = self.every_root_move and position is self.root
        if entry is not None and not whole_window:
            if entry.low == entry.high:
                return entry.low, entry.high, entry.low
            if entry.low >= beta:
                return entry.low, entry.high, entry.low
            if entry.high <= alpha:
                return entry.low, entry.high, entry.high
            alpha, beta = max(alpha, entry.low), min(beta, entry.high)
        if position.stage >= horizon:
            guess = self.guess(position)
            known = self.table[key]
            return known.low, known.high, min(max(guess, known.low), known.high)
        maximizing = position.mover is Side.ATTACKER
        moves = position.moves()
        children = [(move, position.play(move)) for move in moves]
        best_item = entry.best if entry is not None else None
        children.sort(key=lambda pair: self._rank(pair, best_item, maximizing))
        low = high = score = LOW if maximizing else HIGH
        best: Move | None = None
        last = len(children) - 1
        for index, (move, child) in enumerate(children):
            try:
                child_low, child_high, child_score = self.value(child, alpha, beta, horizon)
            except RefusedLine:
                continue
            if maximizing:
                low, high = max(low, child_low), max(high, child_high)
                if best is None or child_score > score:
                    score, best = child_score, move
                if whole_window:
                    continue
                if score >= beta:
                    if index < last:
                        high = HIGH  # the moves not searched may be worth more
                    break
                alpha = max(alpha, score)
            else:
                low, high = min(low, child_low), min(high, child_high)
                if best is None or child_score < score:
                    score, best = child_score, move
                if whole_window:
                    continue
                if score <= alpha:
                    if index < last:
                        low = LOW
                    break
                beta = min(beta, score)
        if best is None:
            raise RefusedLine  # every move here leads to a line the engine refuses
        stored = self.table.get(key)
        if stored is None:
            stored = self.table[key] = Entry(low, high, None, None)
            if position.hint != key:
                self.table[position.hint] = stored
        else:
            stored.low, stored.high = max(stored.low, low), min(stored.high, high)
        if best is not None:
            stored.best = best.item
            self.history[best.item] = self.history.get(best.item, 0) + 1
        stored.score = score
        return stored.low, stored.high, min(max(score, stored.low), stored.high)

    def _rank(self, pair: tuple[Move, Position], best: str | None, maximizing: bool) -> tuple[int, int, int, int]:
        move, child = pair
        entry = self.table.get(child.hint)
        guess = 0
        if entry is not None:
            if entry.low == entry.high:
                guess = entry.low
            elif entry.score is not None:
                guess = entry.score
            elif entry.guess is not None:
                guess = entry.guess
        return (
            0 if move.item == best else 1,
            -self.history.get(move.item, 0),
            -guess if maximizing else guess,
            1 if move.is_pass else 0,
        )

    def report(self, low: int, high: int) -> None:
        if self.progress is not None:
            self.progress(
                SearchProgress(
                    self.depth,
                    self.nodes,
                    self.elapsed(),
                    Bounds(Value.of_score(low), Value.of_score(high)),
                    self.proved_share(),
                )
            )

    def root_moves(self) -> tuple[tuple[str, int, int], ...]:
        if self.root.terminal:
            return ()
        found = []
        for move in self.root.moves():
            child = self.root.play(move)
            if child.terminal:
                score = child.value().score
                found.append((move.item, score, score))
                continue
            entry = self.table.get(child.key)
            found.append((move.item, LOW, HIGH) if entry is None else (move.item, entry.low, entry.high))
        return tuple(found)

    def proved_share(self) -> float:
        moves = self.root_moves()
        if not moves:
            return 1.0
        return sum(1 for _, low, high in moves if low == high) / len(moves)

    def run(self) -> Searched:
        """Deepen until the root is exact or the budget runs out: one match-up deep, then to the end. Without a
        budget the search goes to full depth at once: the shallow iteration pays for itself only when the search may
        be cut short (it gives a best line at once and orders the moves of the deep one), and on the benchmark's
        3-against-3 set-ups shallow iterations cost more positions than they save."""
        low, high = LOW, HIGH
        finished = False
        if self.root.terminal:
            score = self.root.value().score
            return Searched(score, score, 0, 1, True, ())
        horizon = self.root.stage
        unbounded = self.deadline is None and self.max_nodes is None
        try:
            while True:
                # One match-up deep first (its guesses order the moves), then to the end: the intermediate depths
                # prove nothing (a horizon proves nothing), while the full depth proves the first moves one by one.
                horizon += FULL_DEPTH if unbounded or horizon > self.root.stage else 1
                self.depth = min(horizon - self.root.stage, 1)
                found_low, found_high, _ = self.value(self.root, LOW, HIGH, horizon)
                self.depth = max(self.depth, self.deepest - self.root.stage)
                low, high = max(low, found_low), min(high, found_high)
                self.report(low, high)
                if low == high:
                    finished = True
                    break
                if horizon > self.root.stage + FULL_DEPTH:  # past every match-up: a safety stop
                    break
        except RefusedLine as refused:
            raise EngineError("the engine refuses every line of this set-up", code="solver.no_line") from refused
        except OutOfBudget:
            self.depth = max(self.depth, self.deepest - self.root.stage)
            entry = self.table.get(self.root.key)
            if entry is not None:
                low, high = max(low, entry.low), min(high, entry.high)
            # What the first moves proved, even where the iteration did not get back to the root: the mover can
            # have at least the best lower bound among its moves, and at most the best upper bound (a move not
            # searched yet is worth anything).
            moves = self.root_moves()
            if moves:
                lows = [move_low for _, move_low, _ in moves]
                highs = [move_high for _, _, move_high in moves]
                if self.root.mover is Side.ATTACKER:
                    low, high = max(low, max(lows)), min(high, max(highs))
                else:
                    low, high = max(low, min(lows)), min(high, min(highs))
            self.report(low, high)
        return Searched(low, high, self.depth, self.nodes, finished, self.root_moves())

    def principal(self) -> list[Move]:
        """The best line the table remembers from the root, completed (past what it remembers) by the guess's
        rule: a pass where one is offered, else the first offered move."""
        line: list[Move] = []
        position = self.root
        while not position.terminal:
            moves = position.moves()
            entry = self.table.get(position.key)
            chosen = None
            if entry is not None and entry.best is not None:
                chosen = next((move for move in moves if move.item == entry.best), None)
            if chosen is None:
                chosen = next((move for move in moves if move.is_pass), moves[0])
            line.append(chosen)
            position = position.play(chosen)
        return line
