"""The legal next actions of an Arena duel's two rounds, read from the duel set-up.

A round's turn order is the Arena's (the attacker opens the primary round; the player beaten in it opens the
secondary, the attacker after a tie: Arena rules 6.3.2 and 6.6.1), worked out by the engine's own resolution of
the primary round. A card is offered while the side's Stock, Creature Pen or strongholds still hold one not played
(across both rounds, 6.3.2b), and only where the engine would let it count: a bribe only with an icon its target
carries, a channel only into a creature that can receive one (no red bar, a spell such as Power Lunch cast earlier
in the round, or a card in play allowing it), the Guardian's stones only while some are left and add something.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from ..abilities import AllowChannelling, AllowsRanged, DestroyTerrain, RangedChannelling
from ..abilities.bribery import NoBriberyHere, UnbribeableSide
from ..abilities.channelling import AllowsChannellingTo, ChannelsOnlyTo, ReceivesChannellingOnlyFrom
from ..actions import Action, ActionKind
from ..arena.duel import resolve_duel, with_made_up
from ..arena.notation import round_action_text
from ..arena.rounds import play_said
from ..arena.setup import ArenaPlay, ArenaSetup, PlayKind, RoundAction, is_pass
from ..arena.validate import validate_duel
from ..cards import DEFAULT_GUARDIAN, CardDefinition
from ..catalog import CardCatalog
from ..enums import BriberyIcon, CardType, Side, Terrain
from ..errors import EngineError
from ..render import ARENA_PRIMARY_WORDS, ARENA_SECONDARY_WORDS
from ..setup import CardRef, split_reference
from ..validate import resolve_terrain
from .values import ActionOption, DuelOptions, OptionKind, Reason, Turn

GUARDIAN = "guardian"
PRIMARY, SECONDARY = "p", "s"
_ROUND_NAMES = {PRIMARY: "primary", SECONDARY: "secondary"}


def _card(catalog: CardCatalog, reference: str | None) -> CardDefinition | None:
    if not reference:
        return None
    try:
        return catalog.find(split_reference(str(reference))[0])
    except ValueError:
        return None


def _key(round_key: str) -> str:
    return PRIMARY if round_key in (PRIMARY, "primary") else SECONDARY


def first_in_round(setup: ArenaSetup, catalog: CardCatalog, round_key: str) -> tuple[Side | None, Reason]:
    """Who opens the round and why: the attacker in the primary; in the secondary the player the primary round
    beat (the attacker after a tie), None while the primary round cannot be played or when it ended the duel."""
    if _key(round_key) == PRIMARY:
        return Side.ATTACKER, Reason.of("options.primary_first", "6.3.2")
    try:
        result = resolve_duel(replace(setup, secondary=()), catalog).result
    except EngineError:
        return None, Reason.of("options.first_unknown", "6.6.1")
    primary = result.primary
    if primary is None and result.decided_by_code == "arena.decided.left_zone":
        return None, Reason.of("options.duel_over", "6.6.1")
    if primary is None:
        return None, Reason.of("options.first_unknown", "6.6.1")
    if primary.won_by is None:
        return Side.ATTACKER, Reason.of("options.secondary_first_tie", "6.6.1")
    return primary.won_by.other, Reason.of("options.secondary_first_beaten", "6.6.1", side=primary.won_by.other.value)


class _Uses:
    """What each side's actions before the next one have played, across both rounds (Arena rule 6.3.2b)."""

    def __init__(self, catalog: CardCatalog, earlier: Iterable[RoundAction]) -> None:
        self.stock: dict[Side, Counter[str]] = {side: Counter() for side in Side}
        self.pen: dict[Side, Counter[str]] = {side: Counter() for side in Side}
        self.under: dict[Side, Counter[str]] = {side: Counter() for side in Side}
        self.stones: Counter[Side] = Counter()
        self.shields: Counter[Side] = Counter()
        for action in earlier:
            side = action.side
            if isinstance(action, ArenaPlay):
                card = _card(catalog, action.card)
                self.pen[side][card.slug if card else action.card.slug] += 1
                self.shields[side] += action.kind is PlayKind.SHIELD
            elif action.icon is not None:
                self.stock[side][action.icon.value] += 1
            elif action.kind in (ActionKind.SPELL, ActionKind.ITEM) and action.card is not None:
                card = _card(catalog, action.card)
                self.stock[side][card.slug if card else action.card.slug] += 1
            elif action.kind is ActionKind.CHANNEL and action.card == GUARDIAN:
                self.stones[side] += action.amount
            elif action.kind in (ActionKind.RANGED, ActionKind.CHANNEL) and action.card is not None:
                card = _card(catalog, action.card)
                card = _card(catalog, action.card)
                self.under[side][card.slug if card else action.card.slug] += 1


def _duellist(setup: ArenaSetup, side: Side) -> str:
    duellists = setup.side(side).duellists
    return str(duellists[0]) if duellists else ""


def _left(catalog: CardCatalog, references: Iterable[str], used: Counter[str]) -> list[str]:
    """The cards of a list not yet played, each slug once, in the list's order (a copy counts as its card)."""
    held: Counter[str] = Counter()
    order: list[str] = []
    for reference in references:
        card = _card(catalog, reference)
        if card is None:
            continue
        held[card.slug] += 1
        if card.slug not in order:
            order.append(card.slug)
    return [slug for slug in order if held[slug] > used[slug]]


def _takes(setup: ArenaSetup, catalog: CardCatalog, side: Side, icon: BriberyIcon, target: CardDefinition) -> bool:
    """Whether ``side``'s bribe with ``icon`` takes ``target``: it carries the icon, the Duel Zone's terrain card
    allows that bribe, and no standard bearer of the target's side keeps its creatures from being bribed."""
    if icon not in target.bribery:
        return False
    terrain = _card(catalog, setup.terrain)
    banned = terrain.first(NoBriberyHere) if terrain is not None else None
    if banned is not None and banned.icon is icon:
        return False
    bearer = _card(catalog, setup.side(side.other).bearer)
    return bearer is None or bearer.first(UnbribeableSide) is None


def _duellist_bribed(setup: ArenaSetup, catalog: CardCatalog, written: tuple[RoundAction, ...]) -> bool:
    for action in written:
        if not isinstance(action, Action) or action.icon is None:
            continue
        duellist = _duellist(setup, action.side.other)
        if action.target is not None and str(action.target) != duellist:
            continue
        card = _card(catalog, duellist)
        if card is not None and _takes(setup, catalog, action.side, action.icon, card):
            return True
    return False


def _under_left(catalog: CardCatalog, under: Iterable[str], used: Counter[str]) -> list[str]:
    """The creatures under the strongholds that have not shot or channelled yet, by slug: each acts once (6.3.2d),
    and a duel names a second copy under a stronghold no differently (``archer#2`` is refused), so a card counts
    once however many copies lie there."""
    slugs = dict.fromkeys(card.slug for card in (_card(catalog, ref) for ref in under) if card is not None)
    return [slug for slug in slugs if not used[slug]]


def _turn(actions: tuple[RoundAction, ...], first: Side | None) -> tuple[Side | None, bool]:
    passes = 0
    side = first
    for action in actions:
        passes = passes + 1 if is_pass(action) else 0
        side = action.side.other
    return side, passes >= 2


def _receives(
    setup: ArenaSetup, catalog: CardCatalog, side: Side, target: CardDefinition, reference: str,
    written: tuple[RoundAction, ...], source: CardDefinition | None,
) -> bool:  # fmt: skip
    """Whether a channel from ``source`` (None: the Guardian) may go into ``target``: it has no red bar, a spell cast
    earlier in the round lets it receive, the terrain or a standard bearer allows it, or the channeller's text
    overrides the red bar."""
    if target.receives_channeling:
        return True
    for action in written:
        if not isinstance(action, Action) or action.kind is not ActionKind.SPELL:
            continue
        spell = _card(catalog, action.card)
        if spell is None or spell.first(AllowChannelling) is None:
            continue
        if action.target is None:
            if action.side is side and reference == _duellist(setup, side):
                return True
            continue
        # A named target is read on the caster's side first (matchup_effects.cast).
        caster_refs = {
            _duellist(setup, action.side),
            *(
                str(a.card)
                for a in written
                if a.side is action.side and isinstance(a, Action) and a.kind is ActionKind.RANGED
            ),
        }
        aimed_side = action.side if str(action.target) in caster_refs else action.side.other
        if aimed_side is side and str(action.target) == reference:
            return True
    terrain = _card(catalog, setup.terrain)
    bearers = [(owner, _card(catalog, setup.side(owner).bearer)) for owner in Side]
    allowances = [(side, terrain)] + bearers
    for owner, card in allowances:
        if card is None:
            continue
        rule = card.first(AllowsChannellingTo)
        if rule is not None and rule.target.matches(target) and (card is terrain or rule.sides.reaches(owner is side)):
            return True
    restriction = source.first(ChannelsOnlyTo) if source is not None else None
    return restriction is not None and restriction.overrides_red_bar and restriction.target.matches(target)


def _offered(setup: ArenaSetup, catalog: CardCatalog, key: str, side: Side) -> list[RoundAction]:
    mine, theirs = setup.side(side), setup.side(side.other)
    written = setup.primary if key == PRIMARY else setup.secondary
    uses = _Uses(catalog, list(setup.primary) + (list(setup.secondary) if key == SECONDARY else []))
    joined = {
        s: [
            str(a.card)
            for a in written
            if a.side is s
            and ((isinstance(a, ArenaPlay) and a.kind is PlayKind.CREATURE) or (isinstance(a, Action) and a.kind is ActionKind.RANGED))
        ]
        for s in Side
    }  # fmt: skip
    own = str(mine.duellists[0]) if mine.duellists else None
    other = str(theirs.duellists[0]) if theirs.duellists else None
    found: list[RoundAction] = []
    if _duellist_bribed(setup, catalog, written):
        # A bribe that takes a duellist ends the round: the actions after it are not taken (site ruling 6.3.4).
        return [Action(side, ActionKind.PASS)]
    stock_left = _left(catalog, mine.stock, uses.stock[side])
    # Whom a spell or an item may be aimed at: nobody named (its usual creature), or a creature in the battle.
    anyone: list[str | None] = [
        None,
        *(r for r in (own, other) if r),
        *dict.fromkeys(joined[side]),
        *dict.fromkeys(joined[side.other]),
    ]
    for slug in stock_left:
        card = catalog.get(slug)
        if card.type is CardType.SPELL:
            found += [Action(side, ActionKind.SPELL, card=CardRef(slug), target=_ref(t)) for t in anyone]
    for slug in stock_left:
        card = catalog.get(slug)
        if card.type is CardType.HAND_ITEM:
            found += [Action(side, ActionKind.ITEM, card=CardRef(slug), target=_ref(t)) for t in anyone]
    icons = [BriberyIcon(slug) for slug in stock_left if slug in {icon.value for icon in BriberyIcon}]
    # A bribe goes to the opposing duellist (no target named) or to a creature the opponent joined in this round,
    # and only with an icon that creature carries.
    bribe_targets: list[tuple[str | None, str | None]] = [(None, other)] + [
        (r, r) for r in dict.fromkeys(joined[side.other])
    ]
    for icon in icons:
        for target, reference in bribe_targets:
            aimed = _card(catalog, reference)
            if aimed is not None and _takes(setup, catalog, side, icon, aimed):
                found.append(Action(side, ActionKind.BRIBE, icon=icon, target=_ref(target)))
    last = written[-1] if written else None
    if isinstance(last, Action) and last.side is side.other and last.icon is not None:
        duellist = _card(catalog, other)
        found += [
            Action(side, ActionKind.BRIBE_BACK, icon=icon)
            for icon in icons
            if duellist is not None and _takes(setup, catalog, side, icon, duellist)
        ]
    if key == PRIMARY:
        for ref in _under_left(catalog, mine.under, uses.under[side]) if not _woods(setup, catalog) else ():
            card = catalog.get(split_reference(ref)[0])
            if card.ranged_attack:
                found.append(Action(side, ActionKind.RANGED, card=CardRef(ref)))
        found += _channels(setup, catalog, side, own, written, joined[side], uses)
    else:
        pen_left = _left(catalog, mine.pen, uses.pen[side])
        found += [
            ArenaPlay(side, PlayKind.CREATURE, CardRef(slug))
            for slug in pen_left
            if catalog.get(slug).type is CardType.CREATURE
        ]
        if not uses.shields[side]:
            shield_targets: list[str | None] = [None, *dict.fromkeys(joined[side.other])]
            found += [
                ArenaPlay(side, PlayKind.SHIELD, CardRef(slug), _ref(t))
                for slug in pen_left
                if catalog.get(slug).type is CardType.SHIELD
                for t in shield_targets
            ]
    found.append(Action(side, ActionKind.PASS))
    return found


def _channels(
    setup: ArenaSetup, catalog: CardCatalog, side: Side, own: str | None, written: tuple[RoundAction, ...],
    shots: list[str], uses: _Uses,
) -> list[RoundAction]:  # fmt: skip
    """Channelling into the side's duellist (no target named), or into a shot of its own placed earlier in the
    round whose text takes channelling (6.3.7): the Guardian's stones that are left and still add something,
    and each channeller under a stronghold not yet used."""
    mine = setup.side(side)
    duellist = _card(catalog, own)
    guardian = _card(catalog, mine.guardian)
    stats = guardian.guardian if guardian is not None and guardian.guardian is not None else DEFAULT_GUARDIAN
    stones = (mine.stones if mine.stones is not None else stats.stones) - uses.stones[side]
    channelled = sum(
        a.amount * stats.cmp if a.card == GUARDIAN else (_card(catalog, a.card) or _NoCmp).cmp or 0
        for a in written
        if isinstance(a, Action) and a.side is side and a.kind is ActionKind.CHANNEL and a.target in (None, own)
    )
    into: list[tuple[str | None, CardDefinition, str]] = []
    if duellist is not None and own is not None:
        into.append((None, duellist, own))
    for ref in dict.fromkeys(shots):
        card = _card(catalog, ref)
        if card is not None and card.first(RangedChannelling) is not None:
            into.append((ref, card, ref))
    found: list[RoundAction] = []
    channellers = [
        (ref, catalog.get(split_reference(ref)[0])) for ref in _under_left(catalog, mine.under, uses.under[side])
    ]
    for target, card, reference in into:
        room = card.base_vitality - (channelled if target is None else 0)
        only = card.first(ReceivesChannellingOnlyFrom)
        guardian_allowed = only is None or only.guardian
        if (
            guardian_allowed
            and _receives(setup, catalog, side, card, reference, written, None)
            and stats.cmp > 0
            and room > 0
        ):
            useful = math.ceil(room / stats.cmp) if target is None else stones
            found += [
                Action(side, ActionKind.CHANNEL, card=CardRef(GUARDIAN), amount=amount, target=_ref(target))
                for amount in range(1, min(stones, useful) + 1)
            ]
        for channeller_ref, channeller in channellers:
            restriction = channeller.first(ChannelsOnlyTo)
            if restriction is not None and not restriction.target.matches(card):
                continue
            if only is not None and not (only.channellers is not None and only.channellers.matches(channeller)):
                continue
            if channeller.cmp and _receives(setup, catalog, side, card, reference, written, channeller):
                found.append(Action(side, ActionKind.CHANNEL, card=CardRef(channeller_ref), target=_ref(target)))
    return found


def _woods(setup: ArenaSetup, catalog: CardCatalog) -> bool:
    """The Duel Zone counts as Woods and no card there allows ranged attacks (rule 6.9.1), and no card played
    earlier in the primary round has destroyed the terrain (Hammer of Doom)."""
    for action in setup.primary:
        card = _card(catalog, action.card) if isinstance(action, Action) and action.kind is ActionKind.ITEM else None
        if card is not None and card.first(DestroyTerrain) is not None:
            return False
    found = resolve_terrain(catalog, setup.terrain)
    if found is None:
        return False
    card, types = found
    return Terrain.WOODS in types and (card is None or card.first(AllowsRanged) is None)


class _NoCmp:
    cmp = 0


def _ref(text: str | None) -> CardRef | None:
    return None if text is None else CardRef(text)


def _option(catalog: CardCatalog, key: str, action: RoundAction) -> ActionOption:
    words = ARENA_PRIMARY_WORDS if key == PRIMARY else ARENA_SECONDARY_WORDS
    said = play_said(catalog, action).worded(words)
    if isinstance(action, ArenaPlay):
        return ActionOption(
            OptionKind(action.kind.value), action.side, round_action_text(action),
            f"{action.side.value.capitalize()}: {said}", action, card=str(action.card),
            target=str(action.target) if action.target is not None else None,
        )  # fmt: skip
    return ActionOption(
        OptionKind(action.kind.value), action.side, round_action_text(action),
        f"{action.side.value.capitalize()}: {said}", action,
        card=str(action.card) if action.card is not None else None, icon=action.icon,
        target=str(action.target) if action.target is not None else None, amount=action.amount,
    )  # fmt: skip


def _round_turn(setup: ArenaSetup, catalog: CardCatalog, key: str) -> Turn:
    written = setup.primary if key == PRIMARY else setup.secondary
    first, why = first_in_round(setup, catalog, key)
    if key == SECONDARY and first is None and why.code == "options.duel_over":
        return Turn(None, False, True, (), why)
    side, over = _turn(written, first)
    if over:
        rule = "6.3.2" if key == PRIMARY else "6.6.1"
        return Turn(side, False, True, (), Reason.of("options.round_over", rule, round_name=_ROUND_NAMES[key]))
    sides = [side] if side is not None else [Side.ATTACKER, Side.DEFENDER]
    offered = tuple(_option(catalog, key, action) for who in sides for action in _offered(setup, catalog, key, who))
    return Turn(side, False, False, offered, why)


def duel_options(setup: ArenaSetup, catalog: CardCatalog) -> DuelOptions:
    """Both rounds of a duel as they stand: whose turn, who opened and why, and every legal next action."""
    try:
        cards = with_made_up(setup, catalog)
    except EngineError as exc:
        reason = Reason.of("options.unknown_side", "ARN-42", problem=exc.code)
        return DuelOptions(Turn(None, False, False, (), reason), Turn(None, False, False, (), reason))
    notes = tuple(
        Reason.of(p.code, "", **p.values) for p in validate_duel(replace(setup, primary=(), secondary=()), cards)
    )
    return DuelOptions(_round_turn(setup, cards, PRIMARY), _round_turn(setup, cards, SECONDARY), notes)


def duel_why_not(setup: ArenaSetup, catalog: CardCatalog, round_key: str, action: RoundAction) -> Reason | None:
    """Why ``action`` may not come next in round ``round_key`` (``p`` or ``s``), or None when it is offered."""
    key = _key(round_key)
    try:
        cards = with_made_up(setup, catalog)
    except EngineError as exc:
        return Reason.of("options.unknown_side", "ARN-42", problem=exc.code)
    turn = _round_turn(setup, cards, key)
    text = round_action_text(action)
    if turn.offered(text) is not None:
        return None
    if turn.ended:
        return turn.reason
    rule = "6.3.2" if key == PRIMARY else "6.6.1"
    if turn.side is not None and action.side is not turn.side:
        return Reason.of("action.out_of_turn", rule, turn=turn.side.value)
    if isinstance(action, Action) and action.kind is ActionKind.RANGED and key == PRIMARY and _woods(setup, cards):
        return Reason.of("shots.woods", "6.9.1")
    if isinstance(action, Action) and action.kind is ActionKind.BRIBE_BACK:
        written = setup.primary if key == PRIMARY else setup.secondary
        last = written[-1] if written else None
        if not (isinstance(last, Action) and last.side is action.side.other and last.icon is not None):
            return Reason.of("action.nothing_to_bribe_back", "A-01")
    if isinstance(action, ArenaPlay) and key == PRIMARY:
        return Reason.of("options.wrong_round", "6.6.1", action=text, round_name="secondary")
    if isinstance(action, Action) and action.kind in (ActionKind.RANGED, ActionKind.CHANNEL) and key == SECONDARY:
        return Reason.of("options.wrong_round", "6.6.1", action=text, round_name="primary")
    if isinstance(action, Action) and action.icon is not None:
        theirs = setup.side(action.side.other)
        target = _card(
            cards, str(action.target) if action.target else (str(theirs.duellists[0]) if theirs.duellists else None)
        )
        if target is not None and action.icon not in target.bribery:
            return Reason.of("options.no_icon", "ARN-33", target=target.name, icon=action.icon.value.capitalize())
    if isinstance(action, Action) and action.kind is ActionKind.CHANNEL and action.card == GUARDIAN and key == PRIMARY:
        amounts = [
            o.amount for o in turn.actions if o.side is action.side and o.card == GUARDIAN and o.target == action.target
        ]
        mine = setup.side(action.side)
        aimed_ref = str(action.target) if action.target else _duellist(setup, action.side)
        aimed = _card(cards, aimed_ref)
        if aimed is not None and (not amounts or action.amount > max(amounts)):
            guardian = _card(cards, mine.guardian)
            stats = guardian.guardian if guardian is not None and guardian.guardian is not None else DEFAULT_GUARDIAN
            left = (mine.stones if mine.stones is not None else stats.stones) - _Uses(cards, setup.primary).stones[
                action.side
            ]
            if action.amount > left:
                return Reason.of(
                    "channel.too_few_stones", "ARN-35", side=action.side.value, planned=action.amount, left=left
                )
            if not _receives(setup, cards, action.side, aimed, aimed_ref, setup.primary, None):
                return Reason.of("channel.cannot_receive", "ARN-35", side=action.side.value, target=aimed.name)
            return Reason.of("options.adds_nothing", "ARN-35", target=aimed.name, vitality=aimed.base_vitality)
    if isinstance(action, Action) and action.kind is ActionKind.CHANNEL:
        own = setup.side(action.side).duellists
        target = _card(cards, str(action.target) if action.target else (str(own[0]) if own else None))
        if target is not None and not target.receives_channeling:
            return Reason.of("channel.cannot_receive", "ARN-35", side=action.side.value, target=target.name)
    return Reason.of("options.not_offered", rule, action=text)
