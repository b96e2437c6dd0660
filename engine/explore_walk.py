"""Resolve many play orders at once by walking the tree of their common beginnings.

Play orders that begin alike share their first match-ups: a match-up's outcome depends only on the
state of the combat when it starts. The walk resolves the command step once, then plays the first
match-up once per creature the permuted side can open with, saves the state after it (engine.fork),
and goes on depth first from each saved state, so the match-ups of a common prefix are resolved once
for all the orders that share it. Each order's result is exactly the one a full resolution gives:

- the state after the command step does not depend on the play order (nothing before the primaries
  reads it), and the order enters the primaries only through the permuted side's queue, which the
  procedure takes from the front (engine.primary_step.next_primary);
- so at each saved state the walk puts the next creature of the order at the front of that queue and
  plays one more match-up; a creature that is no longer in hand and standing is skipped, as the
  procedure skips it;
- a card may reorder that queue (a creature that must play first, a command that picks the first
  match-up), put a creature back into it or take one out of it; then the rest of the order matters
  before its turn comes and sharing is not sound. The walk checks the queue after every match-up it
  shares (it must be exactly the rest of the order) and, if it is not, gives up with
  ``OrderSensitive``; explore then resolves every order in full.

Without a deadline, orders are visited in the same sequence as ``itertools.permutations`` of the pool
(lexicographic by the pool's positions). With a deadline, each node of the tree's first SHUFFLED_DEPTH
levels visits its children in a seeded shuffled sequence (the sharing is the same, so a walk that finishes
costs the same and its rows are put back in the permutations' sequence); a walk cut short by its deadline
keeps only the branches of that depth it finished, so it has covered a random set of whole branches: every
order is as likely as any other to be among them, not just the orders of the first openings. The walk also judges its pace after a tenth of the time; if it cannot finish, it draws orders
uniformly at random instead (the same seed, so the same set-up always samples the same orders in the same
sequence), each resolved from the saved state of its first creatures: a simple random sample, spread
wider than whole branches. Under load that judgement can be wrong; the shuffled walk keeps a cut fair.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple

from .abilities import ForcedFirstAnswer, PlayRestriction, Restriction
from .catalog import CardCatalog
from .combat_state import Combat
from .effects import run_effects
from .enums import Fate, Side, Winner
from .errors import StopAfter
from .fork import fork, release
from .resolver import decide, play
from .setup import CombatSetup, SideSetup
from .state import Fighter


class OrderSensitive(Exception):  # noqa: N818 - a signal inside exploring, never shown
    """A card made the rest of the play order matter before its turn: the walk cannot share match-ups."""


class TooSlow(Exception):  # noqa: N818 - a signal inside exploring, never shown
    """The walk will not finish within the deadline: a fair sample is worth more than the first orders."""


class OutOfTime(Exception):  # noqa: N818 - a signal inside exploring, never shown
    """The deadline passed; the rows walked so far are kept."""


@dataclass(frozen=True)
class _Skipped:
    pass


_SKIPPED = _Skipped()


# What one more creature of an order gives (_Walk._advance), one per match-up played: named tuples, which
# cost a fraction of a frozen dataclass to make.
class _Saved(NamedTuple):
    combat: Combat
    extras: list[Fighter]


class _Ended(NamedTuple):
    counted: tuple[Winner, int, int]


# Sampling keeps the states after the first creatures of an order, up to this many creatures and at most
# this many states (a combat's state is tens of kilobytes; 30 creatures a side would otherwise keep 25,000).
SAVED_DEPTH = 3
SAVED_STATES = 600


class Walked(NamedTuple):
    """One order's result: the permuted side's arrangement (pool positions) and the count it ends with.
    A named tuple: one is made per order, and a frozen dataclass's set-up cost several times as much."""

    arrangement: tuple[int, ...]
    winner: Winner
    attacker_total: int
    defender_total: int


def _with_side(setup: CombatSetup, side: Side, changed: SideSetup) -> CombatSetup:
    return replace(setup, attacker=changed) if side is Side.ATTACKER else replace(setup, defender=changed)


def _set_order(combat: Combat, side: Side, order: tuple[str, ...]) -> None:
    """The combat as if its set-up had given this play order (used before the primaries begin)."""
    playing = replace(combat.setup.side(side), order=order)
    combat.setup = _with_side(combat.setup, side, playing)
    combat.given = _with_side(combat.given, side, replace(combat.given.side(side), order=order))
    combat.sides[side].setup = playing


def _counted(combat: Combat) -> tuple[Winner, int, int]:
    """Who holds the space and the two counts: the first steps of resolution, all a row shows."""
    totals, _, winner = decide(combat)
    return winner, sum(t.amount for t in totals[Side.ATTACKER]), sum(t.amount for t in totals[Side.DEFENDER])


def _playable(fighter: Fighter) -> bool:
    """What next_primary asks of a queued creature before it plays it."""
    return fighter.in_hand and fighter.fate is Fate.STANDING


class _Walk:
    def __init__(
        self,
        setup: CombatSetup,
        catalog: CardCatalog,
        permuted: Side,
        pool: tuple[str, ...],
        playing: int,
        deadline: float | None,
        keep: Callable[[tuple[int, ...]], bool],
        shuffle: random.Random | None = None,
    ) -> None:
        self.setup = setup
        # Shuffles the children of each node above ``branch_depth`` (None: the permutations' sequence), so
        # that a cut is a fair sample; a branch at that depth is walked in sequence and kept only when whole.
        self.shuffle = shuffle
        self.branch_depth = min(SHUFFLED_DEPTH, playing)
        # The rows and visits before the branch being walked (None: between branches).
        self.branch_start: tuple[int, int] | None = None
        self.catalog = catalog
        self.permuted = permuted
        self.pool = pool
        self.playing = playing
        self.deadline = deadline
        self.keep = keep
        self.rows: list[Walked] = []
        self.started = time.monotonic()
        # When to judge whether the whole walk fits in the time left (None: never).
        self.probe_at: float | None = None
        # Orders visited, kept or not (an order breaking the ranged plan is visited but left out).
        self.visited = 0
        # Each pool position's place in the permuted side's list of fighters (set by _root).
        self.slots: list[int] = []

    def _check_time(self) -> None:
        if self.deadline is None or not self.visited:
            return
        now = time.monotonic()
        if now > self.deadline:
            raise OutOfTime
        if self.probe_at is not None and now > self.probe_at:
            # Time to judge the pace: an orderly walk that cannot finish would cover only the first openings.
            self.probe_at = None
            projected = (now - self.started) / self.visited * math.perm(len(self.pool), self.playing)
            if self.started + projected > self.deadline:
                raise TooSlow

    def _fighters(self, combat: Combat, positions: list[int]) -> list[Fighter]:
        # By place in the side's list of fighters, which every copy keeps (a creature joining is added at its end).
        fighters = combat.sides[self.permuted].fighters
        slots = self.slots
        return [fighters[slots[i]] for i in positions]

    def _emit(self, arrangement: tuple[int, ...], winner: Winner, attacker_total: int, defender_total: int) -> None:
        self.visited += 1
        if self.keep(arrangement):
            self.rows.append(Walked(arrangement, winner, attacker_total, defender_total))

    def _root(self) -> Combat:
        """The combat once its command step is over: the same for every order."""
        root = Combat(self.setup, self.catalog, checked=True)
        root.for_reader = False
        state = root.sides[self.permuted]
        self.slots = [state.fighters.index(state.by_reference[reference]) for reference in self.pool]
        root.stop_after = 0
        run_effects(root, "CMB-2")
        try:
            play(root)
        except StopAfter:
            pass
        self._refuse_reordering(root)
        return root

    def _refuse_reordering(self, root: Combat) -> None:
        """When the primaries begin, the procedure may reorder the queue by the whole play order: a creature
        that must play first goes ahead of the rest, a command puts a class first, a command dictates the first
        answer. The check after each match-up cannot see that for orders it did not play, so such a combat is
        resolved order by order."""
        if root.play_first is not None and root.play_first[0] is self.permuted:
            raise OrderSensitive
        if root.lowest_first is not None:
            raise OrderSensitive
        if ForcedFirstAnswer in root.kinds_present:
            raise OrderSensitive
        for fighter in root.sides[self.permuted].fighters:
            if any(rule.must is Restriction.FIRST_PRIMARY for rule in fighter.card.abilities_of(PlayRestriction)):
                raise OrderSensitive

    def run(self) -> None:
        self._node(self._root(), 0, [], [], owned=True)

    def _advance(
        self, state: Combat, played: int, prefix: list[int], chosen: int, extras: list[Fighter], *, owned: bool
    ) -> _Skipped | _Saved | _Ended:
        """The next creature of the order: skipped, or played in one more match-up from ``state`` (used up
        when ``owned``); the saved state after it, or the counts once the combat is over. The last creature of
        the arrangement, or the last but one when a single creature is left for the last place, plays on to the
        end, since the rest of the order is then fixed."""
        fighter = state.sides[self.permuted].fighters[self.slots[chosen]]
        if not _playable(fighter):
            # Skipped when its turn comes, as next_primary skips it: no match-up is played for it.
            return _SKIPPED
        rest = [i for i in range(len(self.pool)) if i not in prefix and i != chosen]
        child = state if owned else fork(state)
        self._arrange(child, played, [*prefix, chosen], rest, extras)
        # Once one creature is left for one place, the order is fixed: play on without saving a state.
        to_place = self.playing - len(prefix) - 1
        child.stop_after = None if to_place == 0 or to_place == len(rest) == 1 else played + 1
        try:
            play(child, resume=played)
        except StopAfter:
            queue = child.sides[self.permuted].queue
            expected = self._fighters(child, rest)
            if queue[: len(expected)] != expected:
                raise OrderSensitive from None
            left = queue[len(expected) :]
            if played == 0:
                if any(f.reference in self.pool for f in left):
                    raise OrderSensitive from None
            elif left != [self._same(child, f) for f in extras]:
                raise OrderSensitive from None
            return _Saved(child, left)
        counted = _counted(child)
        release(child)
        return _Ended(counted)

    def _node(self, state: Combat, played: int, prefix: list[int], extras: list[Fighter], *, owned: bool) -> None:
        # A branch of the shuffled depth begins (a walk without deadline has no branches); never a leaf.
        branch = len(prefix) == self.branch_depth < self.playing and self.shuffle is not None
        if branch:
            self.branch_start = (len(self.rows), self.visited)
        remaining = [i for i in range(len(self.pool)) if i not in prefix]
        if len(prefix) == self.playing:
            self._finish(state if owned else fork(state), played, prefix, remaining, extras)
            return
        # The creatures left over keep the pool's order (``remaining``); only the sequence of visits is shuffled.
        visits = remaining
        if self.shuffle is not None and len(prefix) < self.branch_depth and len(remaining) > 1:
            visits = remaining.copy()
            self.shuffle.shuffle(visits)
        for place, chosen in enumerate(visits):
            self._check_time()
            last = owned and place == len(visits) - 1
            step = self._advance(state, played, prefix, chosen, extras, owned=last)
            if isinstance(step, _Skipped):
                self._node(state, played, [*prefix, chosen], extras, owned=last)
            elif isinstance(step, _Saved):
                self._node(step.combat, played + 1, [*prefix, chosen], step.extras, owned=True)
            else:
                # The combat is over (or the arrangement complete): every order beginning so shares this result.
                rest = [i for i in remaining if i != chosen]
                for tail in itertools.permutations(rest, self.playing - len(prefix) - 1):
                    self._emit((*prefix, chosen, *tail), *step.counted)
        if branch:
            self.branch_start = None

    def drop_unfinished_branch(self) -> None:
        """After a cut: the branch being walked covered only its first orders, so it is left out (unless it is all
        there is), and the rows are put back in the permutations' sequence."""
        if self.branch_start is not None and self.branch_start[0]:
            del self.rows[self.branch_start[0] :]
            self.visited = self.branch_start[1]
        self.put_in_sequence()

    def put_in_sequence(self) -> None:
        """Rows within a branch come in sequence and whole branches in a shuffled one: a stable sort by branch
        restores the permutations' sequence."""
        if self.shuffle is not None:
            depth = self.branch_depth
            self.rows.sort(key=lambda row: row.arrangement[:depth])

    def sample(self, seed: int) -> None:
        """Orders drawn uniformly at random without repeats (a fixed seed: the same sequence every time),
        each resolved from the deepest saved state of its beginning; states up to SAVED_DEPTH are kept."""
        rng = random.Random(seed)
        root = self._root()
        saved: dict[tuple[int, ...], tuple[Combat, int, list[Fighter]] | tuple[Winner, int, int]] = {}
        drawn: set[tuple[int, ...]] = set()
        total = math.perm(len(self.pool), self.playing)
        while len(drawn) < total:
            self._check_time()
            arrangement = tuple(rng.sample(range(len(self.pool)), self.playing))
            if arrangement in drawn:
                continue
            drawn.add(arrangement)
            self._emit(arrangement, *self._play_sampled(root, arrangement, saved))

    def _play_sampled(
        self,
        root: Combat,
        arrangement: tuple[int, ...],
        saved: dict[tuple[int, ...], tuple[Combat, int, list[Fighter]] | tuple[Winner, int, int]],
    ) -> tuple[Winner, int, int]:
        state, played, extras, owned = root, 0, list[Fighter](), False
        for depth, chosen in enumerate(arrangement):
            prefix = list(arrangement[:depth])
            key = arrangement[: depth + 1]
            found = saved.get(key)
            if found is None:
                step = self._advance(state, played, prefix, chosen, extras, owned=owned)
                if isinstance(step, _Ended):
                    found = step.counted
                elif isinstance(step, _Saved):
                    found = (step.combat, played + 1, step.extras)
                    owned = depth >= SAVED_DEPTH
                else:
                    found = (state, played, extras)
                if depth < SAVED_DEPTH and len(saved) < SAVED_STATES:
                    saved[key] = found
            if len(found) == 3 and isinstance(found[0], Winner):
                return found
            state, played, extras = found
        rest = [i for i in range(len(self.pool)) if i not in arrangement]
        return self._finish_counts(state if owned else fork(state), played, list(arrangement), rest, extras)

    def _same(self, combat: Combat, fighter: Fighter) -> Fighter:
        """A fighter's counterpart in another copy of the combat (found by its id, unique per combat)."""
        return next(f for f in combat.sides[fighter.side].fighters if f.id == fighter.id)

    def _arrange(self, combat: Combat, played: int, prefix: list[int], rest: list[int], extras: list[Fighter]) -> None:
        """The permuted side's order from here: ``prefix`` played or skipped, then ``rest``."""
        if played == 0:
            _set_order(combat, self.permuted, tuple(self.pool[i] for i in [*prefix, *rest]))
        else:
            state = combat.sides[self.permuted]
            state.queue = self._fighters(combat, [prefix[-1], *rest]) + [self._same(combat, f) for f in extras]

    def _finish(self, combat: Combat, played: int, prefix: list[int], rest: list[int], extras: list[Fighter]) -> None:
        self._emit(tuple(prefix), *self._finish_counts(combat, played, prefix, rest, extras))

    def _finish_counts(
        self, combat: Combat, played: int, prefix: list[int], rest: list[int], extras: list[Fighter]
    ) -> tuple[Winner, int, int]:
        """The whole arrangement is chosen; the creatures left over keep the pool's order (as explore gives it)."""
        if played == 0:
            _set_order(combat, self.permuted, tuple(self.pool[i] for i in [*prefix, *rest]))
        else:
            combat.sides[self.permuted].queue = self._fighters(combat, rest) + [self._same(combat, f) for f in extras]
        combat.stop_after = None
        play(combat, resume=played)
        counted = _counted(combat)
        release(combat)
        return counted


class Coverage(Enum):
    """How the orders a walk covered were chosen."""

    # Every order.
    COMPLETE = "complete"
    # Orders drawn one by one, uniformly at random without repeats (a simple random sample).
    DRAWN = "drawn"
    # Whole branches of the tree of orders, visited in a shuffled sequence and cut by the deadline.
    BRANCHES = "branches"


@dataclass(frozen=True)
class WalkResult:
    """The rows kept (in the permutations' sequence), how many orders were visited, how they were chosen and
    the seed of the shuffle or the draw (None: no deadline, every order in sequence)."""

    rows: list[Walked]
    visited: int
    coverage: Coverage
    sample_seed: int | None

    @property
    def complete(self) -> bool:
        return self.coverage is Coverage.COMPLETE


# Sampling and shuffling draw from this seed: the same set-up always covers the same orders.
SAMPLE_SEED = 20
# Within a time budget the first this many levels of the tree are visited in a shuffled sequence: deep enough
# for fine cuts (8 creatures: 336 branches of 120 orders), shallow enough that shuffling costs nothing.
SHUFFLED_DEPTH = 3
# Within a time budget the walk runs this share of it, then samples instead if it cannot finish.
PROBE_SHARE = 0.1


def walk(
    setup: CombatSetup,
    catalog: CardCatalog,
    permuted: Side,
    pool: tuple[str, ...],
    playing: int,
    *,
    deadline: float | None = None,
    keep: Callable[[tuple[int, ...]], bool] = lambda arrangement: True,
    sample: bool = False,
    seed: int = SAMPLE_SEED,
) -> WalkResult:
    """Every arrangement of ``playing`` of the permuted side's ``pool`` (references) against the set-up's
    fixed side; ``setup`` is checked already and ``keep`` drops orders that are not legal. With a deadline the
    tree is walked in a shuffled sequence (``seed``) and the walk checks its pace: when it cannot finish in
    time it draws a fair sample instead; either way a partial answer is a fair sample, not the orders of the
    first openings. ``sample`` draws the sample whatever the time. Raises OrderSensitive."""
    shuffle = None if deadline is None else random.Random(seed)
    walker = _Walk(setup, catalog, permuted, pool, playing, deadline, keep, shuffle)
    if deadline is not None:
        walker.probe_at = walker.started + PROBE_SHARE * max(0.0, deadline - walker.started)
    try:
        if sample:
            raise TooSlow
        walker.run()
    except OutOfTime:
        walker.drop_unfinished_branch()
        return WalkResult(walker.rows, walker.visited, Coverage.BRANCHES, seed)
    except TooSlow:
        sampler = _Walk(setup, catalog, permuted, pool, playing, deadline, keep)
        try:
            sampler.sample(seed)
        except OutOfTime:
            sampler.rows.sort()
            return WalkResult(sampler.rows, sampler.visited, Coverage.DRAWN, seed)
        sampler.rows.sort()
        return WalkResult(sampler.rows, sampler.visited, Coverage.COMPLETE, seed)
    walker.put_in_sequence()
    return WalkResult(walker.rows, walker.visited, Coverage.COMPLETE, None if shuffle is None else seed)
