"""Checks of a duel set-up against the Arena rules, each problem with a stable code and the rule it breaks.

Checks that need the primary round's outcome (who acts first in the secondary round) are made when
the duel is resolved and raised the same way, as ``SetupInvalid``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..actions import Action, ActionKind
from ..cards import CardDefinition
from ..catalog import CardCatalog
from ..enums import SIDES, CardType, Side
from ..errors import Problem, SetupInvalid
from ..setup import split_reference
from .setup import ArenaPlay, ArenaSetup, DuelSide, PlayKind, RoundAction, is_pass
from .stock import shared_code_reads, stock_reason

STOCK_TYPES = frozenset({CardType.SPELL, CardType.HAND_ITEM, CardType.BRIBERY})
PEN_TYPES = frozenset(
    {CardType.CREATURE, CardType.SHIELD, CardType.TERRAIN, CardType.CREATURE_ITEM, CardType.SHIELD_TERRAIN}
)


def problem(code: str, message: str, rule: str, *, field: str = "", card: str = "") -> Problem:
    """A problem whose message names the Arena rule it breaks, so every caller shows it."""
    return Problem(f"arena.{code}", f"{message} (Arena rule {rule})", field=field, card=card)


def card_of(catalog: CardCatalog, reference: str) -> CardDefinition | None:
    return catalog.find(split_reference(reference)[0])


def turn_problems(actions: Iterable[RoundAction], first: Side, round_name: str, rule: str) -> list[Problem]:
    """Players alternate, ``first`` acting first, until both pass in succession."""
    problems: list[Problem] = []
    expected = first
    passes = 0
    for index, action in enumerate(actions, start=1):
        if passes >= 2:
            problems.append(
                problem(
                    "after_round_end",
                    f"{round_name} action {index} ({action.side.value}) comes after both players passed, which ended the round",
                    rule,
                    field=round_name,
                )
            )
            break
        if action.side is not expected:
            problems.append(
                problem(
                    "out_of_turn",
                    f"{round_name} action {index} is the {action.side.value}'s, but it is the {expected.value}'s turn",
                    rule,
                    field=round_name,
                )
            )
            break
        passes = passes + 1 if is_pass(action) else 0
        expected = expected.other
    return problems


def validate_duel(setup: ArenaSetup, catalog: CardCatalog) -> list[Problem]:
    """Every problem the set-up has that can be seen before the duel is played."""
    problems: list[Problem] = []
    for side in SIDES:
        problems += _side_problems(setup, side, catalog)
    if problems:
        return problems
    for side in SIDES:
        if setup.side(side).sacrifice and not (setup.side(side).bearer and setup.side(side.other).bearer):
            problems.append(
                problem(
                    "nothing_to_sacrifice",
                    f"the {side.value} sacrifices his standard bearer to destroy the opponent's, but both players need one in play",
                    "2.4.2",
                    field=f"{side.letter}.sacrifice",
                )
            )
    a_up, d_up = setup.attacker.up, setup.defender.up
    if a_up is not None and d_up is not None:
        if a_up == d_up:
            problems.append(
                problem("up_tie", "equal Up numbers give nobody Initiative: new Up cards are turned", "4.3.1")
            )
        elif a_up < d_up:
            problems.append(
                problem("initiative", "the attacker is the player with Initiative, the higher Up number", "5.1.2")
            )
    problems += turn_problems(setup.primary, Side.ATTACKER, "primary", "6.3.2")
    used: dict[Side, Counter[str]] = {side: Counter() for side in SIDES}
    for index, action in enumerate(setup.primary, start=1):
        problems += _primary_problems(setup, catalog, action, index, used[action.side])
    shields: Counter[Side] = Counter()
    for index, action in enumerate(setup.secondary, start=1):
        problems += _secondary_problems(setup, catalog, action, index, used[action.side], shields)
    return problems


def check_duel(setup: ArenaSetup, catalog: CardCatalog) -> None:
    problems = validate_duel(setup, catalog)
    if problems:
        raise SetupInvalid(problems)


def _side_problems(setup: ArenaSetup, side: Side, catalog: CardCatalog) -> list[Problem]:
    duel = setup.side(side)
    problems: list[Problem] = []
    where = side.letter
    if not duel.duellists:
        problems.append(
            problem("no_duellist", f"the {side.value} has no creature in the Duel Zone", "5.1.2", field=where)
        )
    elif len(duel.duellists) > 1:
        problems.append(
            problem(
                "two_duellists",
                f"the {side.value} moves {len(duel.duellists)} creatures into the Duel Zone; only one may enter",
                "5.1.1",
                field=where,
            )
        )
    groups: list[tuple[str, tuple[str, ...], frozenset[CardType] | None, str, str]] = [
        ("", duel.duellists, frozenset({CardType.CREATURE}), "not_a_creature", "5.1.1"),
        ("stock", duel.stock, STOCK_TYPES, "not_a_stock_card", "4.6.1"),
        ("pen", duel.pen, PEN_TYPES, "not_a_pen_card", "4.6.1"),
        ("under", duel.under, frozenset({CardType.CREATURE}), "not_under_material", "4.4.1d"),
        ("items", duel.items, frozenset({CardType.CREATURE_ITEM}), "not_a_creature_item", "4.4.1c"),
        (
            "bearer",
            (duel.bearer,) if duel.bearer else (),
            frozenset({CardType.STANDARD_BEARER}),
            "not_a_standard_bearer",
            "2.4.1",
        ),
        ("capture", (duel.capture,) if duel.capture else (), frozenset({CardType.SHIELD}), "not_a_shield", "7.2.7"),
        (
            "guardian",
            (duel.guardian,) if duel.guardian else (),
            frozenset({CardType.GUARDIAN}),
            "not_a_guardian",
            "3.1.1",
        ),
    ]
    for key, references, types, code, rule in groups:
        field = f"{where}.{key}" if key else where
        for reference in references:
            card = card_of(catalog, reference)
            if card is None:
                problems.append(
                    Problem("setup.unknown_card", f"{field}: no card called {reference!r}", field=field, card=reference)
                )
            elif types is not None and card.type not in types:
                wanted = ", ".join(sorted(t.value.replace("_", " ") for t in types))
                problems.append(
                    problem(
                        code,
                        f"{field}: {card.name} is a {card.type.value.replace('_', ' ')}, not a {wanted}",
                        rule,
                        field=field,
                        card=card.slug,
                    )
                )
            elif key == "under" and not (card.ranged_attack or card.cmp):
                problems.append(
                    problem(
                        code,
                        f"{field}: only a creature with channelling or a ranged attack lies under a stronghold; {card.name} has neither",
                        rule,
                        field=field,
                        card=card.slug,
                    )
                )
    problems += _unused_decisions(duel, where, catalog)
    return problems


def _unused_decisions(duel: DuelSide, where: str, catalog: CardCatalog) -> list[Problem]:
    """A roll, count or choice given for a Stock card the duel does not play (Ice Storm is
    not automated in duels): said as such, rather than the standard check's "rolls no dice here"."""
    problems: list[Problem] = []
    groups = (("rolls", "roll", duel.rolls), ("counts", "count", duel.counts), ("choices", "choice", duel.choices))
    for key, noun, decisions in groups:
        for decision in decisions:
            card = card_of(catalog, decision.card)
            if card is None or card.type not in STOCK_TYPES or shared_code_reads(card):
                continue
            problems.append(
                problem(
                    "decision_not_used",
                    f"{where}.{key}: the {noun} given for {card.name} is not "
                    f"used: {stock_reason(card)[0].lower()}{stock_reason(card)[1:].rstrip('.')}",
                    "6.8.1",
                    field=f"{where}.{key}",
                    card=card.slug,
                )
            )
    return problems


def _holds(catalog: CardCatalog, cards: tuple[str, ...], slug: str, used: Counter[str]) -> bool:
    held = sum(1 for reference in cards if (card_of(catalog, reference) or _NONE).slug == slug)
    return used[slug] < held


class _NoCard:
    slug = ""


_NONE = _NoCard()


def _primary_problems(
    setup: ArenaSetup, catalog: CardCatalog, action: RoundAction, index: int, used: Counter[str]
) -> list[Problem]:
    duel = setup.side(action.side)
    where = f"primary action {index}"
    if isinstance(action, ArenaPlay):
        if action.kind is PlayKind.CREATURE:
            return [
                problem(
                    "pen_card_in_primary",
                    f"{where}: {action.card} is a creature from the Creature Pen, which joins the hand only in the secondary round",
                    "6.5.1",
                    field="primary",
                    card=str(action.card),
                )
            ]
        return [
            problem(
                "shield_in_primary",
                f"{where}: a shield is played only in the secondary round",
                "6.6.1d",
                field="primary",
            )
        ]
    return _stock_problems(setup, catalog, action, where, "primary", used, duel.under)


def _stock_problems(
    setup: ArenaSetup,
    catalog: CardCatalog,
    action: Action,
    where: str,
    round_name: str,
    used: Counter[str],
    under: tuple[str, ...],
) -> list[Problem]:
    duel = setup.side(action.side)
    if action.kind is ActionKind.PASS:
        return []
    if action.kind in (ActionKind.RANGED, ActionKind.CHANNEL):
        assert action.card is not None
        if action.kind is ActionKind.CHANNEL and action.card.slug == "guardian":
            return []
        if round_name == "secondary":
            return [
                problem(
                    "not_in_secondary",
                    f"{where}: ranged attacks and channelling belong to the primary round",
                    "6.6.1",
                    field=round_name,
                )
            ]
        card = card_of(catalog, action.card)
        if card is None or not any(split_reference(r)[0] == card.slug for r in under):
            return [
                problem(
                    "not_under_stronghold",
                    f"{where}: {action.card} must lie under one of the {action.side.value}'s strongholds to "
                    f"{'shoot' if action.kind is ActionKind.RANGED else 'channel'}",
                    "2.6.1" if action.kind is ActionKind.RANGED else "6.3.2d",
                    field=round_name,
                    card=str(action.card),
                )
            ]
        return []
    # A bribe, a spell or an item: a card of the Stock.
    if action.icon is not None:
        wanted = [
            c
            for c in duel.stock
            if (card := card_of(catalog, c))
            and card.type is CardType.BRIBERY
            and (action.icon in card.bribery or card.slug == action.icon.value)
        ]
        slug = split_reference(wanted[0])[0] if wanted else ""
    else:
        assert action.card is not None
        card = card_of(catalog, action.card)
        slug = card.slug if card else action.card.slug
    if slug and _holds(catalog, duel.stock, slug, used):
        used[slug] += 1
        return []
    in_pen = slug and any((card_of(catalog, r) or _NONE).slug == slug for r in duel.pen)
    what = action.icon.value if action.icon else str(action.card)
    if in_pen and round_name == "primary":
        return [
            problem(
                "pen_card_in_primary",
                f"{where}: {what} is in the Creature Pen, which joins the hand only in the secondary round",
                "6.2.1",
                field=round_name,
            )
        ]
    return [
        problem(
            "not_in_stock",
            f"{where}: the {action.side.value}'s Stock holds no {what} (left to play)",
            "6.3.2b" if round_name == "primary" else "6.6.1c",
            field=round_name,
        )
    ]


def _secondary_problems(
    setup: ArenaSetup,
    catalog: CardCatalog,
    action: RoundAction,
    index: int,
    used: Counter[str],
    shields: Counter[Side],
) -> list[Problem]:
    duel = setup.side(action.side)
    where = f"secondary action {index}"
    if isinstance(action, Action):
        return _stock_problems(setup, catalog, action, where, "secondary", used, ())
    card = card_of(catalog, action.card)
    wanted = CardType.CREATURE if action.kind is PlayKind.CREATURE else CardType.SHIELD
    if card is None or card.type is not wanted or not _holds(catalog, duel.pen, card.slug, used):
        return [
            problem(
                "not_in_pen",
                f"{where}: the {action.side.value}'s Creature Pen holds no {wanted.value} {action.card} (left to play)",
                "6.6.1b" if action.kind is PlayKind.CREATURE else "6.6.1d",
                field="secondary",
                card=str(action.card),
            )
        ]
    used[card.slug] += 1
    if action.kind is PlayKind.SHIELD:
        shields[action.side] += 1
        if shields[action.side] > 1:
            return [
                problem(
                    "two_shields",
                    f"{where}: the {action.side.value} already has a shield in play",
                    "2.3.2",
                    field="secondary",
                )
            ]
    return []
