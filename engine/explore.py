"""Explore every primary play order of a combat and say what each side can guarantee.

A play order, for this purpose, is a pairing: which of the attacker's creatures meets which of the
defender's in the primaries, and who is left over for secondary attacks. The side with fewer
primary creatures (the attacker on a tie) keeps the sequence given in the set-up; every
arrangement of the other side's creatures is tried. Every other decision stays as the set-up gives
it, so each row replays as an ordinary resolution of its notation. An order that, with the ranged plan as
given, breaks the duty to aim every ranged attack at a card that draws them (ENG-11) is left out.

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
import time
from dataclasses import dataclass, replace
from statistics import fmean

from .abilities import DrawsRanged
from .catalog import CardCatalog
from .enums import Side, Winner
from .errors import EngineError
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
    notation: str

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
    # then over the explored rows only, which come first in the permuted side's lexicographic order).
    total_orders: int = 0
    complete: bool = True

    @property
    def explored(self) -> int:
        return len(self.outcomes)

    def coverage(self) -> str:
        """'explored N of M play orders', with M written so that no huge number is ever printed in full."""
        return f"explored {describe_count(self.explored)} of {describe_count(self.total_orders)} play orders"


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
    setup: CombatSetup, catalog: CardCatalog, *, limit: int | None = MAX_ORDERS, budget: float | None = None
) -> Exploration:
    """Resolve every play order; refuse more than ``limit`` orders (None: no count limit).

    With ``budget`` (seconds), stop once that much time has passed and answer with the orders explored so far
    (``complete`` is then False and ``coverage()`` says how many of how many): time, not the count, bounds work.
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
    outcomes: list[OrderOutcome] = []
    draws = any(
        catalog.get(split_reference(ref)[0]).first(DrawsRanged) is not None
        for side in Side
        for ref in setup.side(side).creatures
    )
    broke_draw = 0
    tried = 0
    for arrangement in itertools.permutations(pools[permuted], playing):
        if deadline is not None and tried and time.monotonic() > deadline:
            break
        tried += 1
        rest = tuple(ref for ref in pools[permuted] if ref not in arrangement)
        order = arrangement + rest
        variant = _with_order(base, permuted, order)
        obeyed = _obey_first_answer(variant, catalog, permuted, fixed_order)
        if obeyed is None:
            continue
        variant, row_fixed = obeyed
        if draws and draws_ranged_problems(variant, catalog):
            # ENG-11: with the ranged plan as given, this order leaves a ranged attack off the match-up that draws them all.
            broke_draw += 1
            continue
        log = resolve(variant, catalog, checked=True)
        attacker_refs, defender_refs = (row_fixed, arrangement) if fixed is Side.ATTACKER else (arrangement, row_fixed)
        outcomes.append(
            OrderOutcome(
                permuted_side=permuted,
                order=order,
                pairs=tuple(zip(attacker_refs, defender_refs, strict=True)),
                leftovers=rest,
                winner=log.result.winner,
                attacker_total=log.result.attacker_total,
                defender_total=log.result.defender_total,
                notation=log.notation,
            )
        )
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
    return replace(_summarise(setup, fixed, fixed_order, tuple(outcomes)), total_orders=count, complete=tried == count)


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
