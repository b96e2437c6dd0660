"""Checks of a duel set-up against the Arena rules, each problem with a stable code and the rule it breaks.

Checks that need the primary round's outcome (who acts first in the secondary round) are made when
the duel is resolved and raised the same way, as ``SetupInvalid``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from ..abilities import Aoe, RangedChannelling
from ..actions import Action, ActionKind, action_to_text
from ..cards import CardDefinition
from ..catalog import CardCatalog
from ..enums import SIDES, CardType, Side
from ..errors import Problem, SetupInvalid
from ..setup import split_reference
from .notation import round_action_text
from .setup import ArenaPlay, ArenaSetup, DuelSide, PlayKind, RoundAction, is_pass
from .stock import shared_code_reads, stock_reason
from .support import reads_set_up_inputs

STOCK_TYPES = frozenset({CardType.SPELL, CardType.HAND_ITEM, CardType.BRIBERY})
PEN_TYPES = frozenset(
    {CardType.CREATURE, CardType.SHIELD, CardType.TERRAIN, CardType.CREATURE_ITEM, CardType.SHIELD_TERRAIN}
)


def problem(
    code: str, message: str, rule: str, *, field: str = "", card: str = "", values: Mapping[str, str] | None = None
) -> Problem:
    """A problem whose message names the Arena rule it breaks, so every caller shows it; ``values`` are its
    facts by name for programs (the action at fault, the target it names)."""
    return Problem(f"arena.{code}", f"{message} (Arena rule {rule})", field=field, card=card, values=dict(values or {}))


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
    return problems + _entering_inputs(setup, catalog)


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


def secondary_channel_problem(action: Action, where: str) -> Problem:
    """A ranged attack or a channel written for the secondary round, which has none (6.6.1), the Guardian's
    channel included; ``where`` is "secondary action N"."""
    assert action.card is not None
    text = action_to_text(action)
    guardian = action.card.slug == "guardian"
    return problem(
        "not_in_secondary",
        f"{where} ({text}): ranged attacks and channelling, "
        f"{'from the Guardian as from a creature, ' if guardian else ''}belong to the primary round",
        "6.6.1",
        field="secondary",
        card="" if guardian else str(action.card),
        values={"action": text},
    )


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
        assert action.card is not None  # Action's own check: a ranged attack or a channel names its card
        guardian = action.kind is ActionKind.CHANNEL and action.card.slug == "guardian"
        # The secondary round has no channelling at all (6.6.1 lists its plays), the Guardian's included. A
        # Guardian's channel there is refused only when the round reaches it (``secondary_channel_problem``):
        # written after a duellist left, or for a round never played, it was always said not to be taken, and a
        # shared permalink to such a duel keeps resolving.
        if round_name == "secondary" and not guardian:
            return [secondary_channel_problem(action, where)]
        if guardian:
            return []
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


def _entering_inputs(setup: ArenaSetup, catalog: CardCatalog) -> list[Problem]:
    """The roll or count of an AOE fired by a creature sent in from the pen (6.6.1b), when its AOE is otherwise a
    command's that a duel does not apply (Mayor McEvil): the duel does not ask for that input for the command,
    but the AOE reads it as the creature enters, so the set-up must give it (6.8.2)."""
    problems: list[Problem] = []
    for action in setup.secondary:
        card = card_of(catalog, action.card) if isinstance(action, ArenaPlay) else None
        if card is None or action.kind is not PlayKind.CREATURE or reads_set_up_inputs(card):
            continue
        duel, letter = setup.side(action.side), action.side.letter
        aoes = card.abilities_of(Aoe)
        wanted = (
            (
                "counts",
                "setup.count_missing",
                any(aoe.per_count for aoe in aoes),
                duel.counts,
                f"a count of {card.count_needed}",
            ),
            ("rolls", "setup.roll_missing", any(aoe.dice is not None for aoe in aoes), duel.rolls, "a roll"),
        )
        for key, code, needed, given, what in wanted:
            if needed and not any((card_of(catalog, item.card) or _NONE).slug == card.slug for item in given):
                problems.append(
                    Problem.at(
                        code,
                        f"{letter}.{key}",
                        f"{card.name} fires its AOE as it enters as a secondary attacker (Arena rule 6.6.1b) and "
                        f"needs {what}; give it as {card.slug}:N",
                        card.slug,
                    )
                )
    return problems


def _slug(catalog: CardCatalog, reference: str) -> str:
    """The card a reference names, by slug (an alias or a copy number resolved); the reference's own slug if
    no card has it (``guardian``, a typing slip)."""
    slug = split_reference(reference)[0]
    card = catalog.find(slug)
    return card.slug if card is not None else slug


class TargetUse(str, Enum):
    """What the duel does with an action whose target it cannot reach, as it always has (so a shared permalink
    keeps its result): the action reaches its usual creature; a channel adds nothing; a spell or H item reaches
    no card it names; a bribe reaches the creature named even though it is not in the battle."""

    IGNORED = "ignored"
    CHANNEL_LOST = "channel_lost"
    UNKNOWN = "unknown"
    OUT_OF_BATTLE = "out_of_battle"
    # A bribe or a shield of the secondary round: the duel has always refused it there (arena.bad_target).
    REFUSED = "refused"


@dataclass(frozen=True)
class OffTarget:
    """A target (``@card``) naming a creature the action cannot reach when it is taken. Such set-ups resolved
    before the check knew of them (the target ignored, or the channel not made) and duel permalinks carry them,
    so the duel says it as a coded warning at the action's turn (``arena.target_*``) rather than refusing it."""

    round_name: str
    # The action's place in its round, from 0.
    index: int
    side: Side
    action: str
    target: str
    whom: str
    rule: str
    use: TargetUse
    # The creature the action reaches instead, by name (the opposing duellist), for a target ignored.
    usual: str = ""
    # The target in words: the card's name, or the target as written when no card has that name.
    target_name: str = ""

    def warning(self) -> tuple[str, dict[str, str]]:
        """The warning's code and its values by name (the step's ARN id is the round's: ``arn``)."""
        return f"arena.target_{self.use.value}", {
            "number": str(self.index + 1),
            "round_name": self.round_name,
            "action": self.action,
            "target": self.target,
            "target_name": self.target_name or self.target,
            "whom": self.whom,
            "rule_number": self.rule,
            **({"usual": self.usual} if self.use is TargetUse.IGNORED else {}),
        }

    @property
    def warned(self) -> bool:
        """Said as a warning at its turn; a refused one stops the duel there instead."""
        return self.use is not TargetUse.REFUSED

    @property
    def arn(self) -> str:
        """The Arena id of the step: a turn of the primary round (ARN-3), a secondary attacker (ARN-9), a Stock
        card of the secondary round (ARN-31)."""
        if self.round_name == "primary":
            return "ARN-3"
        return "ARN-9" if self.use is TargetUse.IGNORED else "ARN-31"


def off_targets(setup: ArenaSetup, catalog: CardCatalog) -> dict[tuple[str, int], OffTarget]:
    """Each target (``@name``) naming a creature its action cannot reach when it is taken, by round and place.

    Who is in the battle at an action: both duellists, and the creatures written into it earlier in the same
    round (a ranged attacker in the primary round, a secondary attacker in the secondary). A bribe aims at an
    opposing one of them (6.3.3); a ranged attack and a secondary attacker fight the opposing duellist (2.6.1,
    6.6.1b); a channel feeds the side's own duellist or a ranged attacker of its own whose shot takes
    channelling (6.3.7). A spell or an H item reads its target by its text, so it may name any creature of the
    duel, either side's channeller under a stronghold, or the Guardian. A bribe or a shield of the secondary
    round aimed elsewhere is here as ``TargetUse.REFUSED``: the duel has always refused it when the round
    reaches it (arena.bad_target), and still does."""
    found: dict[tuple[str, int], OffTarget] = {}
    everyone = {
        _slug(catalog, reference)
        for side in SIDES
        for reference in (*setup.side(side).duellists[:1], *setup.side(side).under, *setup.side(side).pen)
    } | {"guardian"}
    for round_name, actions in (("primary", setup.primary), ("secondary", setup.secondary)):
        joined: dict[Side, list[str]] = {side: [] for side in SIDES}
        for index, action in enumerate(actions):
            if action.target is not None:
                off = _off_target(setup, catalog, action, str(action.target), index, round_name, joined, everyone)
                if off is not None:
                    found[(round_name, index)] = off
            entering = (isinstance(action, ArenaPlay) and action.kind is PlayKind.CREATURE) or (
                isinstance(action, Action) and action.kind is ActionKind.RANGED
            )
            if entering and action.card is not None:
                joined[action.side].append(_slug(catalog, action.card))
    return found


def _off_target(
    setup: ArenaSetup,
    catalog: CardCatalog,
    action: RoundAction,
    target: str,
    index: int,
    round_name: str,
    joined: dict[Side, list[str]],
    everyone: set[str],
) -> OffTarget | None:
    side = action.side
    own = [_slug(catalog, r) for r in setup.side(side).duellists[:1]]
    opposing = [_slug(catalog, r) for r in setup.side(side.other).duellists[:1]]
    if isinstance(action, ArenaPlay) and action.kind is PlayKind.SHIELD:
        allowed, whom, rule = opposing + joined[side.other], "an opposing creature in the battle", "2.3.1"
        use = TargetUse.REFUSED
    elif isinstance(action, ArenaPlay):
        allowed, whom, rule, use = (
            opposing,
            "the opposing duellist, the one a secondary attacker fights",
            "6.6.1b",
            TargetUse.IGNORED,
        )
    elif action.icon is not None and round_name == "secondary":
        allowed, whom, rule = opposing + joined[side.other], "an opposing creature in the battle", "6.6.1c"
        use = TargetUse.REFUSED
    elif action.icon is not None:
        allowed, whom, rule = opposing + joined[side.other], "an opposing creature in the battle", "6.3.2b"
        # The duel takes the bribe on any opposing creature of the duel it names, else on the duellist.
        use = (
            TargetUse.OUT_OF_BATTLE
            if _slug(catalog, target) in _opposing_creatures(setup, catalog, side)
            else TargetUse.IGNORED
        )
    elif action.kind is ActionKind.RANGED:
        allowed, whom, rule, use = (
            opposing,
            "the opposing duellist, the one a ranged attack fires at",
            "2.6.1",
            TargetUse.IGNORED,
        )
    elif action.kind is ActionKind.CHANNEL:
        shots = [slug for slug in joined[side] if (card := catalog.find(slug)) and card.first(RangedChannelling)]
        allowed = own + shots
        whom = "the channelling side's duellist or a ranged attacker of its own whose shot takes channelling"
        rule, use = "6.3.7", TargetUse.CHANNEL_LOST
    else:
        allowed, whom, rule, use = (
            sorted(everyone),
            "a creature, a channeller or the Guardian of this duel",
            "6.3.2b",
            TargetUse.UNKNOWN,
        )
    if _slug(catalog, target) in allowed:
        return None
    duellist = card_of(catalog, setup.side(side.other).duellists[0]) if setup.side(side.other).duellists else None
    usual = duellist.name if duellist is not None else ", ".join(opposing)
    named = card_of(catalog, target)
    target_name = (
        named.name if named is not None else ("the Guardian" if _slug(catalog, target) == "guardian" else target)
    )
    return OffTarget(round_name, index, side, round_action_text(action), target, whom, rule, use, usual, target_name)


def _opposing_creatures(setup: ArenaSetup, catalog: CardCatalog, side: Side) -> set[str]:
    """The creatures of the other side that the duel's combat holds: its duellist, its ranged attackers and the
    creatures of its Creature Pen (``duel.standard_setup``)."""
    other = setup.side(side.other)
    shooters = [
        a.card for a in setup.primary if isinstance(a, Action) and a.side is side.other and a.kind is ActionKind.RANGED
    ]
    references = [*other.duellists[:1], *(str(s) for s in shooters if s is not None), *other.pen]
    return {
        card.slug
        for reference in references
        if (card := card_of(catalog, reference)) is not None and card.type is CardType.CREATURE
    }
