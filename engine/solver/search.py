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
from .positions import Move, Position
from .values import BEST, WORST, Bounds, SearchProgress, Value

LOW = WORST.score
HIGH = BEST.score
# How often (in nodes) the clock is read.
_CLOCK_EVERY = 64


class OutOfBudget(Exception):  # noqa: N818 - a signal inside the search, never shown
    """The time or node budget ran out: the last finished iteration's bounds stand."""


@dataclass
class Entry:
    """What the table knows of a position: true bounds, the best move found (its item) and the horizon guess."""

    low: int
    high: int
    best: str | None
    guess: int | None


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
        pruning: bool = True,
    ) -> None:
        self.root = root
        self.started = time.perf_counter()
        self.deadline = None if budget_s is None else self.started + budget_s
        self.max_nodes = max_nodes
        self.progress = progress
        self.pruning = pruning
        self.table: dict[Hashable, Entry] = {}
        self.nodes = 0
        self.depth = 0

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
        walked = position
        while not walked.terminal:
            moves = walked.moves()
            walked = walked.play(next((move for move in moves if move.is_pass), moves[0]))
        found = walked.value().score
        if entry is None:
            self.table[position.key] = Entry(LOW, HIGH, None, found)
        else:
            entry.guess = found
        return found

    def value(self, position: Position, alpha: int, beta: int, horizon: int) -> tuple[int, int]:
        """True bounds on ``position``'s value, searched within (alpha, beta) down to match-up ``horizon``."""
        self._tick()
        if position.terminal:
            score = position.value().score
            return score, score
        key = position.key
        entry = self.table.get(key) if self.pruning else None
        if entry is not None:
            if entry.low == entry.high or entry.low >= beta or entry.high <= alpha:
                return entry.low, entry.high
            alpha, beta = max(alpha, entry.low), min(beta, entry.high)
        if position.stage >= horizon:
            self.guess(position)
            return (LOW, HIGH) if entry is None else (entry.low, entry.high)
        maximizing = position.mover is Side.ATTACKER
        moves = position.moves()
        children = [(move, position.play(move)) for move in moves]
        best_item = entry.best if entry is not None else None
        children.sort(key=lambda pair: self._rank(pair, best_item, maximizing))
        low = high = LOW if maximizing else HIGH
        best: Move | None = None
        for index, (move, child) in enumerate(children):
            child_low, child_high = self.value(child, alpha, beta, horizon)
            if maximizing:
                if best is None or child_low > low:
                    low, best = child_low, move
                high = max(high, child_high)
                if self.pruning:
                    if low >= beta:
                        if index < len(children) - 1:
                            high = HIGH
                        break
                    alpha = max(alpha, low)
            else:
                if best is None or child_high < high:
                    high, best = child_high, move
                low = min(low, child_low)
                if self.pruning:
                    if high <= alpha:
                        if index < len(children) - 1:
                            low = LOW
                        break
                    beta = min(beta, high)
        stored = self.table.get(key)
        if stored is None:
            self.table[key] = Entry(low, high, best.item if best else None, None)
        else:
            stored.low, stored.high = max(stored.low, low), min(stored.high, high)
            if best is not None:
                stored.best = best.item
            low, high = stored.low, stored.high
        return low, high

    def _rank(self, pair: tuple[Move, Position], best: str | None, maximizing: bool) -> tuple[int, int, int]:
        move, child = pair
        entry = self.table.get(child.key)
        guess = 0
        if entry is not None:
            if entry.low == entry.high:
                guess = entry.low
            elif entry.guess is not None:
                guess = entry.guess
        return (0 if move.item == best else 1, -guess if maximizing else guess, 1 if move.is_pass else 0)

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
        """Deepen one match-up at a time until the root is exact or the budget runs out."""
        low, high = LOW, HIGH
        finished = False
        if self.root.terminal:
            score = self.root.value().score
            return Searched(score, score, 0, 1, True, ())
        horizon = self.root.stage
        try:
            while True:
                horizon += 1
                self.depth = horizon - self.root.stage
                found_low, found_high = self.value(self.root, LOW, HIGH, horizon)
                low, high = max(low, found_low), min(high, found_high)
                self.report(low, high)
                if low == high:
                    finished = True
                    break
                if horizon > self.root.stage + 64:  # no combat has that many match-ups: a safety stop
                    break
        except OutOfBudget:
            entry = self.table.get(self.root.key)
            if entry is not None:
                low, high = max(low, entry.low), min(high, entry.high)
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
