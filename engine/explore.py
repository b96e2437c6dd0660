"""Explore every primary play order of a combat and say what each side can guarantee.

A play order, for this purpose, is a pairing: which of the attacker's creatures meets which of the
defender's in the primaries, and who is left over for secondary attacks. The side with fewer
primary creatures (the attacker on a tie) keeps the sequence given in the set-up; every
arrangement of the other side's creatures is tried. Every other decision stays as the set-up gives
it, so each row replays as an ordinary resolution of its notation. An order that, with the ranged plan as
given, breaks the duty to aim every ranged attack at a card that draws them (ENG-11) is left out.
Orders that begin alike are resolved together, match-up by match-up from saved states (explore_walk),
with exactly the results of resolving each in full; a time budget bounds the work. Within a budget the
orders are visited in a seeded shuffled sequence, so an answer cut short covers a fair sample of the
orders (never just the first ones) and says so.

Solution concept. Players reveal each creature at the same moment, so neither sees the other's
order: the play order is a simultaneous, zero-sum choice. Whatever order one side picks, the other
can answer with any pairing, so a side's pure-strategy security level is simply its worst row.
Randomising helps: a side that shuffles its order uniformly makes every pairing of the creatures
that play equally likely, whatever the opponent does. So with equal numbers of primary creatures,
each side can guarantee the average over all pairings, and neither can do better against a
shuffling opponent: that average is the value of the game (its mixed-strategy equilibrium). With
unequal numbers, the side with more creatures also chooses which ones play; it picks the subset
whose average is best for it, and that subset's average is the value. The payoff used is whether
the attacker takes the space; the control margin is reported alongside.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from statistics import fmean
from typing import Any

from .abilities import DrawsRanged
from .catalog import CardCatalog
from .enums import Side, Winner
from .errors import EngineError
from .explore_walk import SAMPLE_SEED, Coverage, OrderSensitive, walk
from .made_up import catalog_for
from .notation import format_setup
from .resolver import resolve
from .setup import CombatSetup, SideSetup, copy_references, split_reference
from .validate import check, draws_ranged_problems, find_creature, first_answer_rule, first_primary

MAX_ORDERS = 50_000


@dataclass(frozen=True)
class OrderOutcome:
    """One pairing, resolved. ``order`` is the permuted side's play order (slugs, #n for copies)."""

    permuted_side: Side
    order: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    leftovers: tuple[str, ...]
    winner: Winner
    attacker_total: int
    defender_total: int
    # The set-up with every order but the permuted side's as this row plays it; the row's own set-up and
    # notation (a permalink) are made only when read.
    base: CombatSetup = field(repr=False, compare=False)

    @classmethod
    def record(cls, **values: Any) -> OrderOutcome:
        """A row with every field given, built as ``log.Step.record`` is: without the frozen dataclass's
        field-by-field set-up (an exploration makes a row per order, 40,320 for 8 against 8)."""
        made = object.__new__(cls)
        made.__dict__.update(values)
        return made

    @property
    def setup(self) -> CombatSetup:
        return _with_order(self.base, self.permuted_side, self.order)

    @cached_property
    def notation(self) -> str:
        return format_setup(self.setup)

    @property
    def margin(self) -> int:
        """Attacker's control total minus the defender's."""
        return self.attacker_total - self.defender_total


@dataclass(frozen=True)
class Guarantee:
    side: Side
    security_level: OrderOutcome
    value_hold_probability: float
    value_margin: float
    best_subset: tuple[str, ...]


@dataclass(frozen=True)
class Exploration:
    base_notation: str
    fixed_side: Side
    fixed_order: tuple[str, ...]
    outcomes: tuple[OrderOutcome, ...]
    best_for_attacker: OrderOutcome
    best_for_defender: OrderOutcome
    attacker_guarantee: Guarantee
    defender_guarantee: Guarantee
    attacker_hold_probability: float
    # How many play orders exist; fewer were explored when the time budget ran out (the figures above are
    # then over the explored rows only, a fair sample of the orders; see kind and covered()).
    total_orders: int = 0
    complete: bool = True
    # The time budget given (seconds; None: none), the permuted side's creatures in the sequence orders are
    # visited, how many orders were visited (illegal ones included), and whether match-ups were shared.
    budget: float | None = None
    pool: tuple[str, ...] = ()
    visited: int = 0
    shared: bool = False
    # The seed of the shuffled sequence or random draw that chose the orders (None: no budget, every order
    # in sequence), and how the orders explored were chosen.
    sample_seed: int | None = None
    sampling: Coverage = Coverage.COMPLETE

    @property
    def explored(self) -> int:
        return len(self.outcomes)

    def coverage(self) -> str:
        """'explored N of M play orders', with M written so that no huge number is ever printed in full."""
        return f"explored {describe_count(self.explored)} of {describe_count(self.total_orders)} play orders"

    @property
    def kind(self) -> str:
        """'complete' when every order was explored, else 'fair sample' (the budget ran out)."""
        return "complete" if self.complete else "fair sample"

    def covered(self) -> str:
        """Which orders a partial exploration covered, honestly: a random sample drawn order by order (when the
        budget was seen to be too short for them all), or whole branches of the tree of orders (orders that
        share their first creatures) taken in a shuffled sequence until the budget ran out. Either way each
        order was as likely as any other to be explored, and the seed makes it repeatable."""
        if self.complete:
            return "every play order"
        budget = f" within the {self.budget:g} s budget" if self.budget is not None else ""
        seed = f"fixed seed {self.sample_seed}: the same set-up explores the same orders"
        if self.sampling is Coverage.BRANCHES:
            return (
                f"a fair sample of {describe_count(self.visited)} of {describe_count(self.total_orders)} orders{budget}: "
                "whole groups of orders that open alike, visited in a shuffled sequence, so each order was equally "
                f"likely to be explored ({seed})"
            )
        return (
            f"a fair sample of {describe_count(self.visited)} of {describe_count(self.total_orders)} orders{budget}, "
            f"drawn at random one by one, each order equally likely to be drawn ({seed})"
        )


# Beyond this many digits a count is described by its order of magnitude: writing a factorial out in full
# is slow, unreadable and, past Python's int-to-text limit, an error.
_EXACT_DIGITS = 12


def describe_count(count: int) -> str:
    """A count as people read it: exact up to 12 digits ("2,500"), else "more than 10^k"."""
    if count < 10**_EXACT_DIGITS:
        return f"{count:,}"
    # bit_length gives the magnitude without converting the number to text: count >= 2^(b-1) >= 10^k.
    power = math.floor((count.bit_length() - 1) * math.log10(2))
    return f"more than 10^{power}"


def count_orders(pool: int, playing: int) -> int:
    """Arrangements of `playing` creatures out of `pool`: pool! / (pool - playing)!."""
    count = 1
    for n in range(pool, pool - playing, -1):
        count *= n
    return count


class TooManyOrders(EngineError):
    code = "explore.too_many_orders"


def _primary_pool(setup: SideSetup, catalog: CardCatalog) -> list[str]:
    """The side's creatures that will fight primaries, as references, in its current play order."""
    references = copy_references([catalog.get(split_reference(entry)[0]).slug for entry in setup.creatures])
    excluded: set[int] = set()
    for reference in [setup.command] if setup.command else []:
        index = find_creature(catalog, setup.creatures, reference)
        if index is not None:
            excluded.add(index)
    for support in setup.ranged:
        index = find_creature(catalog, setup.creatures, support.creature)
        if index is not None:
            excluded.add(index)
    ordered: list[int] = []
    for reference in setup.order:
        index = find_creature(catalog, setup.creatures, reference)
        if index is not None and index not in ordered:
            ordered.append(index)
    ordered += [i for i in range(len(references)) if i not in ordered]
    return [references[i] for i in ordered if i not in excluded]


def explore(
    setup: CombatSetup,
    catalog: CardCatalog,
    *,
    limit: int | None = MAX_ORDERS,
    budget: float | None = None,
    share: bool = True,
    seed: int = SAMPLE_SEED,
) -> Exploration:
    """Resolve every play order; refuse more than ``limit`` orders (None: no count limit).

    With ``budget`` (seconds), stop once that much time has passed and answer with the orders explored so far
    (``complete`` is then False, ``coverage()`` says how many of how many and ``covered()`` which): time, not
    the count, bounds work. Within a budget orders are visited in a sequence shuffled by ``seed``, so an
    answer cut short is a fair sample, the same for the same seed. Orders that begin alike share their first match-ups (explore_walk); ``share=False``
    resolves each order in full, as exploring did before (the benchmark's baseline).
    """
    deadline = None if budget is None else time.monotonic() + budget
    check(setup, catalog, first_matchup=False)
    # The set-up's made-up cards join the catalog once, for every order explored (made_up.py).
    catalog = catalog_for(setup, catalog)
    pools = {side: _primary_pool(setup.side(side), catalog) for side in Side}
    fixed = Side.ATTACKER if len(pools[Side.ATTACKER]) <= len(pools[Side.DEFENDER]) else Side.DEFENDER
    permuted = fixed.other
    fixed_order = tuple(pools[fixed])
    playing = len(fixed_order)
    count = count_orders(len(pools[permuted]), playing)
    if limit is not None and count > limit:
        raise TooManyOrders(
            f"{describe_count(count)} play orders to explore; the limit is {limit:,}. Fix part of the order (a.order or d.order "
            "with fewer creatures playing) or explore a smaller combat"
        )
    base = _with_order(setup, fixed, fixed_order)
    draws = any(
        catalog.get(split_reference(ref)[0]).first(DrawsRanged) is not None
        for side in Side
        for ref in setup.side(side).creatures
    )
    pool = tuple(pools[permuted])
    walked = None
    if share and first_answer_rule(base, catalog) is None:
        try:
            walked = _walk_orders(base, catalog, fixed, pool, playing, draws, deadline, seed)
        except OrderSensitive:
            walked = None  # A card reads the rest of the order early: every order is resolved in full below.
    if walked is not None:
        outcomes, tried, broke_draw, sampling, used_seed = walked
    else:
        outcomes, tried, broke_draw, sampling = _resolve_each(
            base, catalog, fixed, pool, playing, draws, deadline, seed
        )
        used_seed = None if deadline is None else seed
    if not outcomes and tried < count:
        raise EngineError(
            f"the time budget ran out after {describe_count(tried)} of {describe_count(count)} play orders, none of "
            "them legal; fix part of the order (a.order or d.order) or explore a smaller combat",
            code="explore.over_budget",
        )
    if not outcomes and broke_draw:
        raise EngineError(
            "no play order fits the ranged plan: in every one, a ranged attack that must be aimed at the match-up "
            "of a card drawing them all (Bone Fright) is planned elsewhere (ENG-11)",
            code="explore.no_legal_order",
        )
    if not outcomes:
        raise EngineError(
            "no play order obeys the first match-up the command dictates: the creature that must answer is held "
            "back for ranged support (ENG-15)",
            code="explore.no_legal_order",
        )
    return replace(
        _summarise(setup, fixed, fixed_order, tuple(outcomes)),
        total_orders=count,
        complete=tried == count,
        budget=budget,
        pool=pool,
        visited=tried,
        shared=walked is not None,
        sample_seed=used_seed,
        sampling=sampling,
    )


def _walk_orders(
    base: CombatSetup,
    catalog: CardCatalog,
    fixed: Side,
    pool: tuple[str, ...],
    playing: int,
    draws: bool,
    deadline: float | None,
    seed: int,
) -> tuple[list[OrderOutcome], int, int, Coverage, int | None]:
    """Every order by the shared-prefix walk (explore_walk): the rows, the orders visited, those left out,
    how the orders were chosen and the seed that shuffled or sampled them."""
    permuted = fixed.other
    fixed_order = base.side(fixed).order

    def legal(arrangement: tuple[int, ...]) -> bool:
        return not (
            draws and draws_ranged_problems(_with_order(base, permuted, _full_order(pool, arrangement)), catalog)
        )

    walked = walk(base, catalog, permuted, pool, playing, deadline=deadline, keep=legal, seed=seed)
    outcomes = [
        _outcome(
            base,
            fixed,
            fixed_order,
            _full_order(pool, row.arrangement),
            playing,
            row.winner,
            row.attacker_total,
            row.defender_total,
        )
        for row in walked.rows
    ]
    # Orders visited but not kept broke the ranged plan (ENG-11).
    return outcomes, walked.visited, walked.visited - len(walked.rows), walked.coverage, walked.sample_seed


def _full_order(pool: tuple[str, ...], arrangement: tuple[int, ...]) -> tuple[str, ...]:
    """The permuted side's play order: the arrangement, then the creatures left over in the pool's order."""
    chosen = tuple([pool[i] for i in arrangement])
    if len(arrangement) == len(pool):
        return chosen  # Every creature plays: nothing is left over (a row per order, so the shortcut pays).
    return chosen + tuple([ref for i, ref in enumerate(pool) if i not in arrangement])


def _outcome(
    variant: CombatSetup,
    fixed: Side,
    row_fixed: tuple[str, ...],
    order: tuple[str, ...],
    playing: int,
    winner: Winner,
    attacker_total: int,
    defender_total: int,
) -> OrderOutcome:
    permuted = fixed.other
    arrangement = order[:playing]
    attacker_refs, defender_refs = (row_fixed, arrangement) if fixed is Side.ATTACKER else (arrangement, row_fixed)
    return OrderOutcome.record(
        permuted_side=permuted,
        order=order,
        pairs=tuple(zip(attacker_refs, defender_refs, strict=True)),
        leftovers=order[playing:],
        winner=winner,
        attacker_total=attacker_total,
        defender_total=defender_total,
        base=variant,
    )


def _resolve_each(
    base: CombatSetup,
    catalog: CardCatalog,
    fixed: Side,
    pool: tuple[str, ...],
    playing: int,
    draws: bool,
    deadline: float | None,
    seed: int,
) -> tuple[list[OrderOutcome], int, int, Coverage]:
    """Every order resolved in full, one after the other: for set-ups whose cards make sharing unsound. Within
    a deadline the orders come in a random sequence (``seed``), so a cut leaves a fair sample; the rows are
    then put back in the permutations' sequence."""
    permuted = fixed.other
    fixed_order = base.side(fixed).order
    found: list[tuple[tuple[int, ...], OrderOutcome]] = []
    broke_draw = 0
    tried = 0
    total = count_orders(len(pool), playing)
    for arrangement in _arrangements(len(pool), playing, total, None if deadline is None else random.Random(seed)):
        if deadline is not None and tried and time.monotonic() > deadline:
            break
        tried += 1
        order = tuple(pool[i] for i in arrangement) + tuple(ref for i, ref in enumerate(pool) if i not in arrangement)
        variant = _with_order(base, permuted, order)
        obeyed = _obey_first_answer(variant, catalog, permuted, fixed_order)
        if obeyed is None:
            continue
        variant, row_fixed = obeyed
        if draws and draws_ranged_problems(variant, catalog):
            # ENG-11: with the ranged plan as given, this order leaves a ranged attack off the match-up that draws them all.
            broke_draw += 1
            continue
        result = resolve(variant, catalog, checked=True).result
        outcome = _outcome(
            variant, fixed, row_fixed, order, playing, result.winner, result.attacker_total, result.defender_total
        )
        found.append((arrangement, outcome))
    found.sort(key=lambda item: item[0])
    return [outcome for _, outcome in found], tried, broke_draw, Coverage.COMPLETE if tried == total else Coverage.DRAWN


# Up to this many orders, a shuffled sequence is the list of them all shuffled; beyond, orders are drawn at random
# without repeats (the list would be too big to hold, and a budget covers a small share of them anyway).
_SHUFFLED_LIST = 200_000


def _arrangements(size: int, playing: int, total: int, rng: random.Random | None) -> Iterator[tuple[int, ...]]:
    """Every arrangement of ``playing`` of ``size`` pool positions: in the permutations' sequence, or in a random
    one drawn from ``rng``."""
    if rng is None:
        yield from itertools.permutations(range(size), playing)
        return
    if total <= _SHUFFLED_LIST:
        every = list(itertools.permutations(range(size), playing))
        rng.shuffle(every)
        yield from every
        return
    drawn: set[tuple[int, ...]] = set()
    while len(drawn) < total:
        arrangement = tuple(rng.sample(range(size), playing))
        if arrangement not in drawn:
            drawn.add(arrangement)
            yield arrangement


def _obey_first_answer(
    variant: CombatSetup, catalog: CardCatalog, permuted: Side, fixed_order: tuple[str, ...]
) -> tuple[CombatSetup, tuple[str, ...]] | None:
    """ENG-15: the row with its first match-up as a command like the Goose's dictates, with the fixed side's
    order for that row; None when the permuted side's first creature breaks it (that order is not legal)."""
    rule = first_answer_rule(variant, catalog)
    if rule is None:
        return variant, fixed_order
    answering, _, allowed = rule
    answering_setup = variant.side(answering)
    if first_primary(catalog, answering_setup) in allowed:
        return variant, fixed_order
    if answering is permuted:
        return None
    references = copy_references([catalog.get(split_reference(e)[0]).slug for e in answering_setup.creatures])
    answers = [ref for ref in fixed_order if references.index(ref) in allowed]
    if not answers:
        return None
    # The answering side cannot pick its first creature; the rest of its order stands.
    row_fixed = (answers[0], *(ref for ref in fixed_order if ref != answers[0]))
    return _with_order(variant, answering, row_fixed), row_fixed


def _with_order(setup: CombatSetup, side: Side, order: tuple[str, ...]) -> CombatSetup:
    if side is Side.ATTACKER:
        return replace(setup, attacker=replace(setup.attacker, order=order))
    return replace(setup, defender=replace(setup.defender, order=order))


def _attacker_key(outcome: OrderOutcome) -> tuple[int, int]:
    return (outcome.winner is Winner.ATTACKER, outcome.margin)


def _summarise(
    setup: CombatSetup, fixed: Side, fixed_order: tuple[str, ...], outcomes: tuple[OrderOutcome, ...]
) -> Exploration:
    best_attacker = max(outcomes, key=_attacker_key)
    best_defender = min(outcomes, key=_attacker_key)
    groups: dict[frozenset[str], list[OrderOutcome]] = {}
    for outcome in outcomes:
        groups.setdefault(frozenset(outcome.order[: len(fixed_order)]), []).append(outcome)

    def mean_hold(rows: list[OrderOutcome]) -> float:
        return fmean(1.0 if row.winner is Winner.ATTACKER else 0.0 for row in rows)

    # The permuted side chooses which of its creatures play; it picks the subset best for it.
    chooser = fixed.other
    pick = max if chooser is Side.ATTACKER else min
    subset, rows = pick(groups.items(), key=lambda item: (mean_hold(item[1]), fmean(r.margin for r in item[1])))
    value_hold = mean_hold(rows)
    value_margin = fmean(row.margin for row in rows)
    chosen = tuple(sorted(subset))
    return Exploration(
        base_notation=format_setup(setup),
        fixed_side=fixed,
        fixed_order=fixed_order,
        outcomes=outcomes,
        best_for_attacker=best_attacker,
        best_for_defender=best_defender,
        attacker_guarantee=Guarantee(
            Side.ATTACKER, best_defender, value_hold, value_margin, chosen if chooser is Side.ATTACKER else ()
        ),
        defender_guarantee=Guarantee(
            Side.DEFENDER, best_attacker, 1.0 - value_hold, -value_margin, chosen if chooser is Side.DEFENDER else ()
        ),
        attacker_hold_probability=mean_hold(list(outcomes)),
    )
