"""The legal decisions and next actions of a standard set-up (complete or partial), read from the set-up alone.

Nothing here resolves the combat: the rows are the match-ups the set-up plans (``validate.planned_queue`` on the
set-up the referee plays, so a creature an ordered list places as ranged support has left the queue), the turn of
an ordered list is ``turns.turn_state``'s (the referee's own walk), and a card is offered while the side still holds
one it has not used in another decision. What a card in play forbids and the set-up shows (the terrain, a
stronghold, a shield) is read from the cards; what only the combat can show (a lock made by a creature bribed
earlier, a ranged ban a command set) is the engine's to refuse when the combat reaches it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..abilities import (
    AllowChannelling,
    AllowsRanged,
    CommandRelocates,
    DestroyTerrain,
    Dispel,
    DispelsOpposingCommand,
    LendsCommand,
    Offer,
    ReturnsRangedToHand,
)
from ..abilities.base import ChannelEffect
from ..abilities.bribery import NoBriberyHere, UnbribeableSide
from ..abilities.channelling import (
    AllowsChannellingTo,
    ChannelReaction,
    ChannelsOnlyTo,
    ForbidsChannelling,
    ReceivesChannellingOnlyFrom,
)
from ..abilities.limits import GuardianChannelsOnceEach
from ..abilities.ranged import ForbidsRanged, RangedLimit, RangedReaction
from ..actions import Action, ActionKind, MatchupActions, Refusal, action_to_text
from ..cards import DEFAULT_GUARDIAN, CardDefinition
from ..catalog import CardCatalog
from ..core import action_said
from ..enums import SIDES, BriberyIcon, CardType, Side, Terrain
from ..errors import EngineError
from ..made_up import catalog_for
from ..setup import CardRef, CombatSetup, Moment, SideSetup, copy_references, split_reference
from ..turn_casts import TURN_ITEM_KINDS
from ..turns import TurnPlan, TurnState, referee, turn_state
from ..validate import planned_queue, ranged_use, resolve_terrain
from .answers import (
    bribe_answers,
    channelling_barred_by,
    guardian_reason,
    guardian_turns,
    spell_answers_here,
)
from .values import (
    ActionOption,
    CardInput,
    Decision,
    OptionKind,
    Options,
    Reason,
    Row,
    SecondaryOptions,
    SideRow,
    Turn,
)

GUARDIAN = "guardian"
_ROW_LIMIT = 12


def _card(catalog: CardCatalog, reference: str | None) -> CardDefinition | None:
    if not reference:
        return None
    try:
        return catalog.find(split_reference(reference)[0])
    except ValueError:
        return None


def _refs(catalog: CardCatalog, references: Iterable[str]) -> list[str]:
    """Each card of a list as decisions name it: its slug, ``slug#2`` for a second copy."""
    return copy_references([card.slug for card in (_card(catalog, ref) for ref in references) if card is not None])


def _name(catalog: CardCatalog, reference: str) -> str:
    card = _card(catalog, reference)
    copy = split_reference(reference)[1] if card is not None else 1
    return (card.name if card is not None else reference) + (f" (copy {copy})" if copy > 1 else "")


@dataclass
class _Hand:
    """What one side brings to the match-ups: the cards it may decide with, and what it has used so far."""

    side: Side
    setup: SideSetup
    creatures: list[str]
    ranged: list[str]
    icons: Counter[str]
    spells: Counter[str]
    items: Counter[str]
    stones: int
    cmp: int
    guardian_name: str
    channellers: list[str]

    @classmethod
    def of(cls, catalog: CardCatalog, side: Side, setup: SideSetup) -> _Hand:
        creatures = _refs(catalog, setup.creatures)
        command = _card(catalog, setup.command)
        ranged = [
            ref
            for ref in creatures
            if (card := _card(catalog, ref)) is not None
            and ranged_use(card)
            and not (command is not None and command.slug == card.slug)
        ]
        hand = [card for card in (_card(catalog, ref) for ref in setup.hand) if card is not None]
        icons = Counter(card.slug for card in hand if card.type is CardType.BRIBERY)
        spells = Counter(card.slug for card in hand if card.type is CardType.SPELL)
        items = Counter(
            card.slug
            for card in hand
            if card.type is CardType.HAND_ITEM and any(card.first(kind) is not None for kind in TURN_ITEM_KINDS)
        )
        guardian = _card(catalog, setup.guardian)
        stats = guardian.guardian if guardian is not None and guardian.guardian is not None else DEFAULT_GUARDIAN
        stones = setup.stones if setup.stones is not None else stats.stones
        name = guardian.name if guardian is not None and guardian.guardian is not None else "the Guardian"
        channellers = _refs(catalog, setup.channellers)
        return cls(side, setup, creatures, ranged, icons, spells, items, stones, stats.cmp, name, channellers)


@dataclass
class _Used:
    """What one side's decisions spend, apart from one match-up (``skip``): ranged supporters, bribery cards by
    icon, spells by slug, items by slug, channellers, and the Guardian's stones."""

    ranged: Counter[str]
    icons: Counter[str]
    spells: Counter[str]
    items: Counter[str]
    channellers: Counter[str]
    stones: int


def _used(catalog: CardCatalog, plan: TurnPlan, side: Side, skip: int = 0) -> _Used:
    played = plan.setup.side(side)
    ranged = Counter(str(s.creature) for s in played.ranged if s.round != skip)
    icons = Counter(b.icon.value for b in played.bribes if b.moment.secondary or b.moment.round != skip)
    spells: Counter[str] = Counter()
    for play in played.spells:
        card = _card(catalog, play.card)
        if card is not None and (play.moment.secondary or play.moment.round != skip):
            spells[card.slug] += 1
    channellers: Counter[str] = Counter()
    stones = 0
    for channel in played.channels:
        if not channel.moment.secondary and channel.moment.round == skip:
            continue
        if channel.source == GUARDIAN:
            stones += channel.amount
        else:
            channellers[str(channel.source)] += 1
    items: Counter[str] = Counter()
    for round_number, turns in plan.turns.items():
        for owner, turn, _ in turns:
            if owner is side and round_number != skip and type(turn).__name__ == "ItemUse":
                card = _card(catalog, getattr(turn, "card", ""))
                if card is not None:
                    items[card.slug] += 1
    return _Used(ranged, icons, spells, items, channellers, stones)


@dataclass
class _Board:
    """The set-up as the options read it: the cards, the referee's plan, both hands and the match-up queues."""

    catalog: CardCatalog
    setup: CombatSetup
    plan: TurnPlan
    hands: dict[Side, _Hand]
    queues: dict[Side, list[str]]
    terrain_card: CardDefinition | None
    woods: bool

    @property
    def rows(self) -> int:
        return min(len(self.queues[Side.ATTACKER]), len(self.queues[Side.DEFENDER]), _ROW_LIMIT)

    def card(self, reference: str | None) -> CardDefinition | None:
        return _card(self.catalog, reference)

    def name(self, reference: str) -> str:
        return _name(self.catalog, reference)

    def side_cards(self, side: Side) -> list[CardDefinition]:
        """The cards that rule a whole side from the start: its shields, its stronghold and the cards it played
        before the combat (``earlier``), whose rules the engine reads as it reads a shield's."""
        setup = self.setup.side(side)
        found = [self.card(ref) for ref in (*setup.shields, setup.stronghold, *setup.earlier)]
        return [card for card in found if card is not None]


def _board(setup: CombatSetup, catalog: CardCatalog) -> _Board | Reason:
    try:
        cards = catalog_for(setup, catalog)
    except EngineError as exc:
        return Reason.of("options.unknown_side", "VAL-1", problem=exc.code)
    for side in SIDES:
        creatures = setup.side(side).creatures
        if not creatures or any((card := _card(cards, ref)) is None or not card.is_creature for ref in creatures):
            return Reason.of(
                "options.unknown_side", "VAL-1", problem=f"the {side.value}'s shield needs known creatures", side=side
            )
    plan = referee(setup)
    queues = {}
    for side in SIDES:
        played = plan.setup.side(side)
        refs = _refs(cards, played.creatures)
        queues[side] = [refs[index] for index in planned_queue(played, cards) if index < len(refs)]
    found = resolve_terrain(cards, setup.terrain)
    terrain_card, types = found if found is not None else (None, frozenset())
    woods = Terrain.WOODS in types and (terrain_card is None or terrain_card.first(AllowsRanged) is None)
    hands = {side: _Hand.of(cards, side, setup.side(side)) for side in SIDES}
    return _Board(cards, setup, plan, hands, queues, terrain_card, woods)


# ------------------------------------------------------------------------------------------------ the pieces


def _ranged_choices(
    board: _Board, side: Side, number: int, used: _Used, taken: tuple[Action, ...] = ()
) -> tuple[list[str], Reason | None]:
    """The creatures ``side`` may place as ranged support in match-up ``number``, or why none; ``taken``: the
    actions of its list so far (a terrain destroyed there lifts the Woods' ban for the turns after it)."""
    destroyed = any(
        a.kind is ActionKind.ITEM and (card := board.card(str(a.card))) is not None and card.first(DestroyTerrain)
        for a in taken
    )
    if board.woods and not destroyed:
        return [], Reason.of("shots.woods", "6.9.1", side=side.value, round=number)
    for owner in SIDES:
        for card in board.side_cards(owner):
            rule = card.first(ForbidsRanged)
            if rule is not None and rule.sides.reaches(owner is side):
                return [], Reason.of("ranged.forbidden", "PRI-9", source=card.name, shooter="", side=side.value)
    hand = board.hands[side]
    queue = board.queues[side]
    fought = set(queue[:number])  # the row's own creature and those that fought before it are not in the hand
    own = board.card(queue[number - 1]) if number - 1 < len(queue) else None
    facing_queue = board.queues[side.other]
    facing = board.card(facing_queue[number - 1]) if number - 1 < len(facing_queue) else None
    found = []
    last: Reason | None = None
    for ref in hand.ranged:
        if used.ranged[ref] or ref in fought:
            continue
        shooter = board.card(ref)
        assert shooter is not None
        limit = shooter.first(RangedLimit)
        if limit is not None:
            if limit.against is not None and facing is not None and not limit.against.matches(facing):
                last = Reason.of(
                    "ranged.wrong_target",
                    "PRI-9",
                    shooter=shooter.name,
                    kind=limit.against.describe(),
                    fighter=facing.name,
                )
                continue
            if limit.supports is not None and own is not None and not limit.supports.matches(own):
                last = Reason.of(
                    "ranged.wrong_partner",
                    "PRI-9",
                    shooter=shooter.name,
                    kind=limit.supports.describe(),
                    fighter=own.name,
                )
                continue
        found.append(ref)
    if not found:
        return [], last or Reason.of("options.no_ranged_supporter", "PRI-9", side=side.value)
    return found, None


def _bribable(board: _Board, side: Side, icon: str, target: CardDefinition) -> Reason | None:
    """Why a bribe with ``icon`` on ``target`` would be refused, as far as the set-up shows it."""
    if BriberyIcon(icon) not in target.bribery:
        return Reason.of("bribe.no_icon", "PRI-1", side=side.value, icon=icon.capitalize(), target=target.name)
    terrain = board.terrain_card
    banned = terrain.first(NoBriberyHere) if terrain is not None else None
    if terrain is not None and banned is not None and banned.icon.value == icon:
        return Reason.of(
            "bribe.banned_here", "PRI-1", side=side.value, icon=icon.capitalize(), target=target.name, card=terrain.name
        )
    for card in board.side_cards(side.other):
        if card.first(UnbribeableSide) is not None:
            return Reason.of(
                "bribe.side_unbribeable", "PRI-1", side=side.value, icon=icon.capitalize(), target=target.name,
                card=card.name,
            )  # fmt: skip
    return None


def _bribe_choices(
    board: _Board, side: Side, targets: list[str | None], facing: str, used: _Used
) -> tuple[list[tuple[str, str | None]], Reason | None]:
    """Each (icon, target) ``side`` may bribe with: ``None`` aims at the facing creature."""
    hand = board.hands[side]
    left = [icon for icon, held in sorted(hand.icons.items()) if held > used.icons[icon]]
    if not left:
        return [], Reason.of("options.not_held", "PRI-1", side=side.value, card="bribery card")
    found: list[tuple[str, str | None]] = []
    last: Reason | None = None
    for target in targets:
        card = board.card(target or facing)
        if card is None:
            continue
        for icon in left:
            why = _bribable(board, side, icon, card)
            if why is None:
                found.append((icon, target))
            else:
                last = why
    return found, (None if found else last)


def _spell_choices(
    board: _Board, side: Side, used: _Used, facing: str | None, shooters: list[str], channellers: list[str],
    in_list: bool,
    answers_spell: bool = False,
) -> list[tuple[str, str | None]]:  # fmt: skip
    """Each spell still in the hand and after it each creature it may be aimed at (``None``: its default one)."""
    hand = board.hands[side]
    found: list[tuple[str, str | None]] = []
    for slug, held in sorted(hand.spells.items()):
        if used.spells[slug] >= held:
            continue
        card = board.catalog.get(slug)
        if card.first(Dispel) is not None:
            # In a list it answers the opposing spell just before it (offered only then: with nothing to cancel it
            # is spent for nothing); among the per-kind decisions the command step's ``dispel`` clause plays it.
            if in_list and answers_spell:
                found.append((slug, None))
            continue
        found.append((slug, None))
        # Aimed at the opposing creature only where its name is not also one of the caster's own creatures, which
        # the engine would read first.
        if facing is not None and card.first(AllowChannelling) is not None and facing not in hand.creatures:
            found.append((slug, facing))
        if card.first(RangedReaction) is not None:
            found += [(slug, shooter) for shooter in shooters]
        reaction = card.first(ChannelReaction)
        if reaction is not None and not reaction.as_ranged and reaction.effect is ChannelEffect.DESTROY_CHANNELLER:
            found += [(slug, other) for other in channellers]
    return found


def _channel_choices(
    board: _Board, side: Side, own: str, used: _Used, lunched: bool, channelled: int
) -> tuple[list[tuple[str, int]], Reason | None]:
    """The channel sources ``side`` may use into its creature ``own``: the Guardian with each number of stones that
    still adds something, and each channeller not used elsewhere; or why none."""
    card = board.card(own)
    assert card is not None
    hand = board.hands[side]
    receives = card.receives_channeling or lunched or _allowed_here(board, side, card)
    overriding = [
        ref
        for ref in hand.channellers
        if (source := board.card(ref)) is not None
        and (limit := source.first(ChannelsOnlyTo)) is not None
        and limit.overrides_red_bar
        and limit.target.matches(card)
    ]
    if not receives and not overriding:
        return [], Reason.of("channel.cannot_receive", "PRI-10", side=side.value, target=card.name)
    stones_ok = True
    channellers_ok = True
    for owner in SIDES:
        for ruling in board.side_cards(owner):
            rule = ruling.first(ForbidsChannelling)
            if rule is None or not rule.sides.reaches(owner is side):
                continue
            if rule.stones_only:
                stones_ok = False
            elif rule.channellers_only:
                channellers_ok = False
            else:
                return [], Reason.of("channel.forbidden", "PRI-10", source=ruling.name, player=side.value)
    space = board.terrain_card.first(ForbidsChannelling) if board.terrain_card is not None else None
    if space is not None and space.channellers_only:
        channellers_ok = False
    only = card.first(ReceivesChannellingOnlyFrom)
    found: list[tuple[str, int]] = []
    room = card.base_vitality - channelled
    if room <= 0:
        return [], Reason.of("options.adds_nothing", "PRI-10", target=card.name, vitality=card.base_vitality)
    left = hand.stones - used.stones
    if receives and stones_ok and (only is None or only.guardian) and hand.cmp > 0:
        useful = math.ceil(room / hand.cmp)
        guardian = board.card(board.setup.side(side).guardian)
        if guardian is not None and guardian.first(GuardianChannelsOnceEach) is not None:
            useful = min(useful, 1)  # Harkin: one stone into any one creature a combat
        found += [(GUARDIAN, amount) for amount in range(1, min(left, useful) + 1)]
    if channellers_ok:
        for ref in hand.channellers:
            source = board.card(ref)
            if used.channellers[ref] or source is None:
                continue
            if only is not None and not (only.channellers is not None and only.channellers.matches(source)):
                continue
            restriction = source.first(ChannelsOnlyTo)
            if restriction is not None and not restriction.target.matches(card):
                continue
            if not receives and ref not in overriding:
                continue
            found.append((ref, 1))
    if not found:
        return [], Reason.of("options.no_channel_source", "PRI-10", side=side.value)
    return found, None


def _aimed(board: _Board, caster: Side, target: str) -> Side:
    """The side whose creature a card's named target is, as the engine reads it: the caster's own creature of that
    name first, else the opponent's (``matchup_effects.cast``)."""
    return caster if target in board.hands[caster].creatures else caster.other


def _allowed_here(board: _Board, side: Side, card: CardDefinition) -> bool:
    """Whether a card in play from the start (the terrain card, a shield, the stronghold) lets ``card`` receive
    channelling despite its red bar."""
    terrain = board.terrain_card
    if terrain is not None and (rule := terrain.first(AllowsChannellingTo)) is not None and rule.target.matches(card):
        return True
    for owner in SIDES:
        for ruling in board.side_cards(owner):
            rule = ruling.first(AllowsChannellingTo)
            if rule is not None and rule.sides.reaches(owner is side) and rule.target.matches(card):
                return True
    return False


def _lunched(board: _Board, side: Side, own: str, plays: Iterable[tuple[Side, str, str | None]]) -> bool:
    """Whether a spell among ``plays`` (caster, spell, target) lets ``own`` receive channelling (Power Lunch on its
    own creature by default, or the opponent's aimed at it)."""
    for caster, spell, target in plays:
        card = board.card(spell)
        if card is None or card.first(AllowChannelling) is None:
            continue
        if target is None and caster is side:
            return True
        if target == own and _aimed(board, caster, target) is side:
            return True
    return False


# ------------------------------------------------------------------------------------------------ words


def _words(board: _Board, action: Action) -> str:
    return f"{action.side.value.capitalize()}: {action_said(board.catalog, action)}"


def _action_option(board: _Board, action: Action) -> ActionOption:
    return ActionOption(
        OptionKind(action.kind.value),
        action.side,
        action_to_text(action),
        _words(board, action),
        action,
        card=str(action.card) if action.card is not None else None,
        icon=action.icon,
        target=str(action.target) if action.target is not None else None,
        amount=action.amount,
    )


def _decision(board: _Board, side: Side, number: int, action: Action, clause: str) -> Decision:
    """A per-kind decision of match-up ``number``: the action's item without its side and kind, after the round."""
    what = action_to_text(action).split(":", 2)[2]
    return Decision(
        OptionKind(action.kind.value),
        side,
        clause,
        f"{number}:{what}",
        _words(board, action),
        card=str(action.card) if action.card is not None else None,
        icon=action.icon,
        target=str(action.target) if action.target is not None else None,
        amount=action.amount,
    )


# ------------------------------------------------------------------------------------------------ rows


def _side_row(board: _Board, side: Side, number: int) -> SideRow:
    """The per-kind decisions of one side for match-up ``number`` (its ``ranged``, ``bribe``, ``spell`` and
    ``channel`` clauses), each counted against what the other match-ups already use."""
    own, facing = board.queues[side][number - 1], board.queues[side.other][number - 1]
    used = _used(board.catalog, board.plan, side, skip=number)
    blocked: list[tuple[OptionKind, Reason]] = []
    ranged, why = _ranged_choices(board, side, number, used)
    if why is not None:
        blocked.append((OptionKind.RANGED, why))
    played = board.plan.setup
    shooters = [str(s.creature) for s in played.side(side.other).ranged if s.round == number]
    bribes, why = _bribe_choices(board, side, [None, *shooters], facing, used)
    if why is not None:
        blocked.append((OptionKind.BRIBE, why))
    other_channellers = board.hands[side.other].channellers
    spells = _spell_choices(board, side, used, facing, shooters, other_channellers, in_list=False)
    if not spells:
        blocked.append((OptionKind.SPELL, Reason.of("options.not_held", "PRI-2", side=side.value, card="spell")))
    plays = [
        (owner, str(play.card), play.target)
        for owner in SIDES
        for play in played.side(owner).spells
        if play.moment.round == number and not play.moment.secondary
    ]
    channels, why = _channel_choices(board, side, own, used, _lunched(board, side, own, plays), 0)
    if why is not None:
        blocked.append((OptionKind.CHANNEL, why))
    return SideRow(
        side,
        own,
        ranged=tuple(
            _decision(board, side, number, Action(side, ActionKind.RANGED, card=_ref(ref)), "ranged") for ref in ranged
        ),
        bribes=tuple(
            _decision(board, side, number, Action(side, ActionKind.BRIBE, icon=BriberyIcon(i), target=_ref(t)), "bribe")
            for i, t in bribes
        ),
        spells=tuple(
            _decision(board, side, number, Action(side, ActionKind.SPELL, card=_ref(s), target=_ref(t)), "spell")
            for s, t in spells
        ),
        channels=tuple(
            _decision(board, side, number, Action(side, ActionKind.CHANNEL, card=_ref(s), amount=a), "channel")
            for s, a in channels
        ),
        items=tuple(
            Decision(
                OptionKind.ITEM, side, f"m{number}", action_to_text(item), _words(board, item), card=str(item.card)
            )
            for item in (
                Action(side, ActionKind.ITEM, card=CardRef(slug))
                for slug, held in sorted(board.hands[side].items.items())
                if held > used.items[slug]
            )
        ),
        blocked=tuple(blocked),
    )


def _ref(text: str | None) -> CardRef | None:
    return None if text is None else CardRef(text)


def _next_actions(board: _Board, number: int) -> Turn:
    """Every legal next action of match-up ``number``'s ordered list as it stands."""
    listed = board.setup.actions_of(number)
    actions = listed.actions if listed is not None else ()
    state = turn_state(MatchupActions(number, actions))
    if state.ended:
        return Turn(state.turn, False, True, (), Reason.of("action.matchup_ended", "A-04"))
    side = state.turn
    offered = _offered(board, number, actions, state, side)
    return Turn(side, state.window_open, False, tuple(_action_option(board, action) for action in offered))


def _offered(board: _Board, number: int, actions: tuple[Action, ...], state: TurnState, side: Side) -> list[Action]:
    facing = board.queues[side.other][number - 1]
    used = _used(board.catalog, board.plan, side)
    found: list[Action] = []
    opening = not actions
    gone = _bribed(board, number, actions)
    if state.window_open and state.answers(side):
        held = [
            board.catalog.get(slug)
            for slug, count in sorted(board.hands[side].spells.items())
            if count > used.spells[slug]
        ]
        found += bribe_answers(held, side, state.last, board.card(board.queues[side][number - 1]))
    if gone:
        # A creature of the match-up has been bribed: the match-up is decided, and only the player whose creature
        # it was may still answer with a bribe of his own while the window is open.
        if state.window_open and side.other not in gone and state.may_bribe(side):
            bribes, _ = _bribe_choices(board, side, [None], facing, used)
            found += [Action(side, ActionKind.BRIBE, icon=BriberyIcon(icon)) for icon, _ in bribes]
            if state.answers(side):
                found += [Action(side, ActionKind.BRIBE_BACK, icon=BriberyIcon(icon)) for icon, _ in bribes]
        return [*found, Action(side, ActionKind.PASS)]
    if state.window_open:
        if state.may_bribe(side):
            bribes, _ = _bribe_choices(board, side, [None], facing, used)
            found += [Action(side, ActionKind.BRIBE, icon=BriberyIcon(icon)) for icon, _ in bribes]
            if state.answers(side):
                found += [Action(side, ActionKind.BRIBE_BACK, icon=BriberyIcon(icon)) for icon, _ in bribes]
        if not opening:
            return [*found, Action(side, ActionKind.PASS)]
    shooter = state.shooter_to_bribe(side)
    if shooter is not None:
        bribes, _ = _bribe_choices(board, side, [str(shooter)], facing, used)
        found += [Action(side, ActionKind.BRIBE, icon=BriberyIcon(icon), target=_ref(t)) for icon, t in bribes]
    refused = {refusal.index for refusal in board.plan.refused.get(number, ())}
    taken = [action for index, action in enumerate(actions) if index not in refused]
    ranged, _ = _ranged_choices(board, side, number, used, tuple(taken))
    found += [Action(side, ActionKind.RANGED, card=CardRef(ref)) for ref in ranged]
    shooters = [str(a.card) for a in taken if a.side is side.other and a.kind is ActionKind.RANGED]
    channellers = [
        str(a.card) for a in taken if a.side is side.other and a.kind is ActionKind.CHANNEL and a.card != GUARDIAN
    ]
    last = taken[-1] if taken else None
    answers_spell = last is not None and last.side is side.other and last.kind is ActionKind.SPELL
    spells = _spell_choices(board, side, used, facing, shooters, channellers, in_list=True, answers_spell=answers_spell)
    found += [
        Action(side, ActionKind.SPELL, card=CardRef(s), target=_ref(t))
        for s, t in spells
        if spell_answers_here(board.catalog.get(s), t, side, tuple(taken))
    ]
    channels, _ = _list_channels(board, number, side, tuple(taken), used)
    found += [Action(side, ActionKind.CHANNEL, card=CardRef(s), amount=a) for s, a in channels]
    found += guardian_turns(_guardian_card(board, side), side, board.hands[side].stones - used.stones, tuple(taken))
    hand = board.hands[side]
    found += [
        Action(side, ActionKind.ITEM, card=CardRef(slug))
        for slug, held in sorted(hand.items.items())
        if held > used.items[slug]
    ]
    found.append(Action(side, ActionKind.PASS))
    return found


def _bribed(board: _Board, number: int, actions: tuple[Action, ...]) -> set[Side]:
    """The sides whose creature of match-up ``number`` an earlier bribe of the list has taken (a bribe the order of
    play accepts, with an icon the creature carries and nothing in play forbidding it)."""
    refused = {refusal.index for refusal in board.plan.refused.get(number, ())}
    gone: set[Side] = set()
    for index, action in enumerate(actions):
        if index in refused or action.icon is None:
            continue
        bribed = action.side.other
        creature = board.queues[bribed][number - 1]
        if action.target is not None and action.target != creature:
            continue
        card = board.card(creature)
        if card is not None and _bribable(board, action.side, action.icon.value, card) is None:
            gone.add(bribed)
    return gone


def _list_channels(
    board: _Board, number: int, side: Side, taken: tuple[Action, ...], used: _Used
) -> tuple[list[tuple[str, int]], Reason | None]:
    """The channel sources ``side`` may use next in match-up ``number``'s list, after the actions ``taken`` (a
    Power Lunch among them opens channelling; the points channelled so far leave less room)."""
    guardians = {each: _guardian_card(board, each) for each in SIDES}
    if any(guardians.values()):
        lists = [_taken(board, earlier) for earlier in range(1, number)] + [taken]
        barred = channelling_barred_by(guardians, lists)
        if barred is not None:
            return [], Reason.of("channel.barred_for_combat", "PRI-10", source=barred.name, player=side.value)
    own = board.queues[side][number - 1]
    plays = [(a.side, str(a.card), a.target) for a in taken if a.kind is ActionKind.SPELL]
    channelled = sum(
        (a.amount * board.hands[side].cmp if a.card == GUARDIAN else _cmp(board, str(a.card)))
        for a in taken
        if a.side is side and a.kind is ActionKind.CHANNEL and a.target in (None, own)
    )
    return _channel_choices(board, side, own, used, _lunched(board, side, own, plays), channelled)


def _taken(board: _Board, number: int) -> tuple[Action, ...]:
    """The actions of match-up ``number``'s list that the order of play accepts."""
    listed = board.setup.actions_of(number)
    refused = {refusal.index for refusal in board.plan.refused.get(number, ())}
    return tuple(a for index, a in enumerate(listed.actions if listed else ()) if index not in refused)


def _cmp(board: _Board, reference: str) -> int:
    card = board.card(reference)
    return card.cmp or 0 if card is not None else 0


# ------------------------------------------------------------------------------------------------ the rest


def _commands(board: _Board, side: Side) -> tuple[Decision, ...]:
    """The command cards: a creature of the shield, a card of the hand or a creature item of the stack that can be
    played as one (a card that moves the combat elsewhere only for the defender, one that blows up the opposing
    command only for the attacker)."""
    setup = board.setup.side(side)
    found: list[Decision] = []

    def fits(card: CardDefinition | None) -> bool:
        return (
            card is not None
            and card.usable_as_command
            and (side is Side.DEFENDER or card.first(CommandRelocates) is None)
            and (
                side is Side.ATTACKER
                or not any(rule.attacking_only for rule in card.abilities_of(DispelsOpposingCommand))
            )
        )

    # An item of the stack played with the command creature lets any creature be one (Heels of Speed, Bagpipes).
    lends = any((item := board.card(ref)) is not None and item.first(LendsCommand) is not None for ref in setup.items)
    for ref in board.hands[side].creatures:
        creature = board.card(ref)
        if fits(creature) or (lends and creature is not None):
            words = f"{board.name(ref)} (from the shield: it fights no match-up)"
            found.append(Decision(OptionKind.COMMAND, side, "command", ref, words, card=ref))
    for card in dict.fromkeys(c for c in (board.card(ref) for ref in setup.hand) if c is not None):
        if fits(card):
            found.append(
                Decision(OptionKind.COMMAND, side, "command", card.slug, f"{card.name} (from the hand)", card=card.slug)
            )
    for card in dict.fromkeys(c for c in (board.card(ref) for ref in setup.items) if c is not None):
        if fits(card):
            words = f"{card.name} (a creature item of the stack)"
            found.append(Decision(OptionKind.COMMAND, side, "command", card.slug, words, card=card.slug))
    return tuple(found)


def _secondary(board: _Board) -> SecondaryOptions | None:
    lengths = {side: len(board.queues[side]) for side in SIDES}
    if lengths[Side.ATTACKER] == lengths[Side.DEFENDER]:
        return None
    side = Side.ATTACKER if lengths[Side.ATTACKER] > lengths[Side.DEFENDER] else Side.DEFENDER
    rows = board.rows
    attackers = tuple(board.queues[side][rows:])
    targets = tuple(board.queues[side.other])
    plans = [Decision(OptionKind.SECONDARY, side, "secondary", "none", "Make no secondary attacks")]
    plans += [
        Decision(
            OptionKind.SECONDARY, side, "secondary", f"{attacker}>{target}",
            f"{board.name(attacker)} attacks {board.name(target)}", card=attacker, target=target,
        )
        for attacker in attackers
        for target in targets
    ]  # fmt: skip
    answering = side.other
    used = _used(board.catalog, board.plan, answering)
    hand = board.hands[answering]
    bribes: list[Decision] = []
    spells: list[Decision] = []
    planned = board.setup.side(side).secondaries
    if planned is None:
        # The simulator picks the attacks when the set-up plans none, so which creature makes attack N is not known.
        why = Reason.of("options.secondary_unplanned", "SEC-9", side=side.value)
        return SecondaryOptions(side, attackers, targets, tuple(plans), answers_reason=why)
    for number, attacker in enumerate((str(attack.attacker) for attack in planned), start=1):
        card = board.card(attacker)
        if card is None:
            continue
        moment = Moment(number, secondary=True)
        spent = Counter(b.icon.value for b in board.plan.setup.side(answering).bribes if b.moment == moment)
        for icon, held in sorted(hand.icons.items()):
            if held > used.icons[icon] - spent[icon] and _bribable(board, answering, icon, card) is None:
                action = Action(answering, ActionKind.BRIBE, icon=BriberyIcon(icon))
                words = f"{_words(board, action)} on {card.name} (secondary attacker {number})"
                bribes.append(
                    Decision(OptionKind.BRIBE, answering, "bribe", f"{moment}:{icon}", words, icon=BriberyIcon(icon))
                )
        for slug, held in sorted(hand.spells.items()):
            reaction = board.catalog.get(slug).first(ChannelReaction)
            if reaction is None or reaction.as_ranged or held <= used.spells[slug]:
                continue
            action = Action(answering, ActionKind.SPELL, card=CardRef(slug))
            words = f"{_words(board, action)} against the channelling of {card.name} (secondary attacker {number})"
            spells.append(Decision(OptionKind.SPELL, answering, "spell", f"{moment}:{slug}", words, card=slug))
    return SecondaryOptions(side, attackers, targets, tuple(plans), tuple(bribes), tuple(spells))


def _dispels(board: _Board, side: Side) -> tuple[Decision, ...]:
    """How many Dispel Magic the side may keep for the command step (CMD-3): one up to all it holds."""
    held = sum(count for slug, count in board.hands[side].spells.items() if board.catalog.get(slug).first(Dispel))
    return tuple(
        Decision(OptionKind.SPELL, side, "dispel", str(count), f"Keep {count} Dispel Magic for the command step")
        for count in range(1, held + 1)
    )


def _inputs(board: _Board, side: Side) -> list[CardInput]:
    """A roll, count or choice for each card of this side that needs one, as the set-up's checks ask."""
    setup = board.setup.side(side)
    opponent = board.setup.side(side.other)
    hand = board.hands[side]
    found: list[CardInput] = []
    keys = [(ref, board.card(ref)) for ref in hand.creatures]
    keys += [(c.slug, c) for c in (board.card(ref) for ref in (setup.stronghold, *setup.shields)) if c is not None]
    commanding = board.card(setup.command)
    if commanding is not None and commanding.type is CardType.CREATURE_ITEM:
        keys.append((commanding.slug, commanding))  # a command item of the stack rolls as its command acts
    cast = _refs(board.catalog, [str(play.card) for play in board.plan.setup.side(side).spells])
    keys += [(ref, board.card(ref)) for ref in cast]
    for key, card in keys:
        if card is not None and card.dice_needed:
            dice = card.dice_needed[0]
            found.append(
                CardInput(
                    OptionKind.ROLL, side, key, "rolls", f"{board.name(key)}: dice roll ({dice})",
                    dice.lowest, dice.highest, help=f"Roll {dice} at the table: {dice.lowest} to {dice.highest}.",
                )
            )  # fmt: skip
    for key in hand.creatures:
        card = board.card(key)
        if card is not None and card.count_needed:
            found.append(
                CardInput(
                    OptionKind.COUNT, side, key, "counts", f"{board.name(key)}: how many", 0, 99,
                    help=f"Count {card.count_needed}.",
                )
            )  # fmt: skip
    offering = [(key, board.card(key)) for key in hand.creatures]
    offering += [
        (c.slug, c) for c in (board.card(ref) for ref in (*setup.hand, *setup.items, *setup.earlier)) if c is not None
    ]
    seen: set[str] = set()
    for key, card in offering:
        if card is None or card.choice_offered is None or key in seen:
            continue
        seen.add(key)
        found.append(_choice(board, side, key, card, setup, opponent))
    return found


def _choice(
    board: _Board, side: Side, key: str, card: CardDefinition, setup: SideSetup, opponent: SideSetup
) -> CardInput:
    ability = card.choice_offered
    assert ability is not None
    offer = ability.offer()
    choices: list[tuple[str, str]] = []
    if offer in (Offer.SIZE, Offer.OPTION):
        choices = [(word, word.replace("-", " ")) for word in ability.option_words()]
    elif offer is Offer.OPPOSING_CREATURE:
        choices = [(ref, board.name(ref)) for ref in _refs(board.catalog, opponent.creatures)]
    elif offer is Offer.OWN_CREATURE:
        choices = [(ref, board.name(ref)) for ref in _refs(board.catalog, setup.creatures)]
    elif offer is Offer.OPPOSING_HAND_CARD:
        choices = [(c.slug, c.name) for c in (board.card(ref) for ref in opponent.hand) if c is not None]
    elif offer is Offer.OPPOSING_ITEM:
        choices = [(c.slug, c.name) for c in (board.card(ref) for ref in opponent.items) if c is not None]
    help_text = "" if choices else f"Free text ({offer.value if offer else 'choice'}); blank: the card's default."
    return CardInput(
        OptionKind.CHOICE, side, key, "choices", f"{board.name(key)}: choice",
        choices=tuple(dict.fromkeys(choices)), help=help_text,
    )  # fmt: skip


# ------------------------------------------------------------------------------------------------ the API


def options(setup: CombatSetup, catalog: CardCatalog) -> Options:
    """Everything the set-up offers: per match-up row the legal decisions of each side and the legal next actions
    of its ordered list, the command cards, the secondary plans and the inputs the cards need."""
    board = _board(setup, catalog)
    if isinstance(board, Reason):
        return Options(problem=board)
    rows = tuple(
        Row(number, _side_row(board, Side.ATTACKER, number), _side_row(board, Side.DEFENDER, number),
            _next_actions(board, number))
        for number in range(1, board.rows + 1)
    )  # fmt: skip
    notes = (Reason.of("shots.woods", "6.9.1"),) if board.woods else ()
    return Options(
        rows=rows,
        commands=tuple((side, _commands(board, side)) for side in SIDES),
        dispels=tuple((side, _dispels(board, side)) for side in SIDES),
        secondary=_secondary(board),
        inputs=tuple(found for side in SIDES for found in _inputs(board, side)),
        notes=notes,
        between=_between(board),
    )


def _between(board: _Board) -> tuple[Decision, ...]:
    """The plays of a card whose text acts between two primary match-ups (ENG-23), for each gap between rows, from
    the hand items each side still holds (one not already written between earlier rows)."""
    found: list[Decision] = []
    for side in SIDES:
        written = Counter(
            str(action.card) for plays in board.setup.between for action in plays.actions
            if action.side is side and action.kind is ActionKind.ITEM
        )  # fmt: skip
        hand = Counter(card.slug for card in (board.card(ref) for ref in board.hands[side].setup.hand) if card)
        for slug, held in sorted(hand.items()):
            card = board.card(slug)
            if card is None or card.first(ReturnsRangedToHand) is None or held <= written[slug]:
                continue
            action = Action(side, ActionKind.ITEM, card=CardRef(slug))
            found += [
                Decision(OptionKind.ITEM, side, f"b{number}", action_to_text(action), _words(board, action), card=slug)
                for number in range(1, board.rows)
            ]
    return tuple(found)


def next_actions(setup: CombatSetup, catalog: CardCatalog, round_number: int) -> Turn:
    """The legal next actions of match-up ``round_number``'s ordered list (``m<N>=``) as the set-up gives it."""
    board = _board(setup, catalog)
    if isinstance(board, Reason):
        return Turn(None, False, False, (), board)
    if not 1 <= round_number <= board.rows:
        return Turn(None, False, False, (), Reason.of("options.no_row", "PRI-0", round=round_number, rows=board.rows))
    return _next_actions(board, round_number)


def why_not(setup: CombatSetup, catalog: CardCatalog, round_number: int, action: Action) -> Reason | None:
    """Why ``action`` may not come next in match-up ``round_number``'s list, or None when it is offered: the
    referee's refusal (whose turn, the bribery window) with its code and rule, else the reason its kind offers
    nothing or does not offer this card."""
    board = _board(setup, catalog)
    if isinstance(board, Reason):
        return board
    if not 1 <= round_number <= board.rows:
        return Reason.of("options.no_row", "PRI-0", round=round_number, rows=board.rows)
    listed = setup.actions_of(round_number)
    before = listed.actions if listed is not None else ()
    trial = MatchupActions(round_number, (*before, action))
    tried = referee(replace(setup, actions=(trial,)))
    for refusal in tried.refused.get(round_number, ()):
        if refusal.index == len(before):
            return Reason.of(refusal.refusal.value, refusal.refusal.rule, turn=refusal.turn)
    turn = _next_actions(board, round_number)
    if turn.offered(action_to_text(action)) is not None:
        return None
    return _kind_reason(board, round_number, action) or Reason.of(
        "options.not_offered", "A-04", action=action_to_text(action)
    )


def _kind_reason(board: _Board, number: int, action: Action) -> Reason | None:
    side = action.side
    row = _side_row(board, side, number)
    kind = {
        ActionKind.RANGED: OptionKind.RANGED,
        ActionKind.BRIBE: OptionKind.BRIBE,
        ActionKind.BRIBE_BACK: OptionKind.BRIBE,
        ActionKind.SPELL: OptionKind.SPELL,
        ActionKind.CHANNEL: OptionKind.CHANNEL,
    }.get(action.kind)
    if action.kind is ActionKind.CHANNEL:
        used = _used(board.catalog, board.plan, side)
        channels, why = _list_channels(board, number, side, _taken(board, number), used)
        if why is not None:
            return why
        amounts = [amount for source, amount in channels if source == GUARDIAN]
        if action.card == GUARDIAN and (not amounts or action.amount > max(amounts)):
            left = board.hands[side].stones - used.stones
            if action.amount > left:
                return Reason.of("channel.too_few_stones", "PRI-10", side=side.value, planned=action.amount, left=left)
            own = board.card(board.queues[side][number - 1])
            assert own is not None
            return Reason.of("options.adds_nothing", "PRI-10", target=own.name, vitality=own.base_vitality)
    elif kind is not None:
        blocked = row.why_no(kind)
        if blocked is not None:
            return blocked
    if action.icon is not None:
        target = board.card(str(action.target) if action.target else board.queues[side.other][number - 1])
        if target is not None:
            why = _bribable(board, side, action.icon.value, target)
            if why is not None:
                return why
    if action.kind is ActionKind.GUARDIAN:
        used = _used(board.catalog, board.plan, side)
        left = board.hands[side].stones - used.stones
        found = board.card(str(action.card))
        named = (found.slug, found.name) if found is not None else (str(action.card), str(action.card))
        return guardian_reason(_guardian_card(board, side), side, left, _taken(board, number), named)
    listed = board.setup.actions_of(number)
    if action.kind is ActionKind.SPELL and turn_state(listed.actions if listed else ()).window_open:
        # Inside the window only a spell answering the bribe just made is taken (ENG-19); any other waits.
        return Reason.of(Refusal.WINDOW_OPEN.value, Refusal.WINDOW_OPEN.rule, turn="")
    if action.kind is ActionKind.SPELL and action.card is not None:
        spell = board.card(str(action.card))
        aimed = str(action.target) if action.target is not None else None
        if spell is not None and not spell_answers_here(spell, aimed, side, _taken(board, number)):
            return Reason.of("options.nothing_to_answer", "ENG-19", card=spell.name)
    if action.card is not None and action.kind is not ActionKind.CHANNEL:
        card = board.card(str(action.card))
        return Reason.of("options.not_held", "A-04", side=side.value, card=card.name if card else str(action.card))
    return None


def _guardian_card(board: _Board, side: Side) -> CardDefinition | None:
    """The Guardian card the set-up names for ``side`` (None for an unnamed Guardian)."""
    return board.card(board.setup.side(side).guardian)
