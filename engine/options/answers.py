"""Which answers a match-up's ordered list may take next (issue 31, site rulings ENG-19 and ENG-22).

An answer answers the opposing action of the turn just before it, so the options offer it only there: an
answering spell (``RangedReaction`` right after an opposing ranged attack, ``ChannelReaction`` right after
the opposing channel it reaches), and a Guardian's turn ability (Siin right after an opposing channel, when
its player can pay). Before a match-up's first action an answering spell is cast at the any-time spell step
and waits (the shorthand's reading), so it is offered there as before. ``guardian_reason`` says why a
Guardian turn is not offered, with a code and the rule.
"""

from __future__ import annotations

from ..abilities import BribeCounter, BribeToMelee, CancelsOpposingChannel, ChannelReaction, RangedReaction
from ..abilities.base import ChannelEffect
from ..actions import Action, ActionKind
from ..cards import CardDefinition
from ..enums import Side
from ..setup import CardRef
from .values import Reason

GUARDIAN_SOURCE = "guardian"
# The kinds after which a spell given in the list is cast in its turn (turns.py: the match-up has acted).
ACTING = (ActionKind.RANGED, ActionKind.CHANNEL, ActionKind.ITEM, ActionKind.GUARDIAN)


def acted(taken: tuple[Action, ...]) -> bool:
    return any(action.kind in ACTING for action in taken)


def spell_answers_here(card: CardDefinition, target: str | None, side: Side, taken: tuple[Action, ...]) -> bool:
    """Whether the answering spell ``card`` (aimed at ``target``) answers something if cast now: always before
    the first action (it waits, cast at PRI-2), after it only the opposing action just taken, the one it reaches."""
    channel = card.first(ChannelReaction)
    shot = card.first(RangedReaction)
    if (channel is None or channel.as_ranged) and shot is None:
        return True
    if not acted(taken):
        return True
    last = taken[-1] if taken else None
    if last is None or last.side is side or last.card is None:
        return False
    if shot is not None:
        return last.kind is ActionKind.RANGED and target in (None, str(last.card))
    assert channel is not None
    if last.kind is not ActionKind.CHANNEL:
        return False
    from_guardian = str(last.card) == GUARDIAN_SOURCE
    if channel.effect is ChannelEffect.SUBTRACT:
        return from_guardian
    return not from_guardian and target in (None, str(last.card))


def guardian_turns(
    guardian: CardDefinition | None, side: Side, stones_left: int, taken: tuple[Action, ...]
) -> list[Action]:
    """The Guardian turn ``side`` may take now: none, or its answer to the opposing channel just taken."""
    if guardian_reason(guardian, side, stones_left, taken) is not None:
        return []
    assert guardian is not None
    return [Action(side, ActionKind.GUARDIAN, card=CardRef(guardian.slug))]


def guardian_reason(
    guardian: CardDefinition | None,
    side: Side,
    stones_left: int,
    taken: tuple[Action, ...],
    named: tuple[str, str] | None = None,
) -> Reason | None:
    """Why ``side``'s Guardian (the action naming the card ``named``: its slug and name) takes no turn now, or
    None when it may."""
    if guardian is None or (named is not None and named[0] != guardian.slug):
        card = named[1] if named is not None else "the card named"
        return Reason.of("options.not_the_guardian", "ENG-22", side=side.value, card=card)
    rule = guardian.first(CancelsOpposingChannel)
    if rule is None:
        return Reason.of("options.no_guardian_turn", "ENG-22", side=side.value, card=guardian.name)
    last = taken[-1] if taken else None
    if last is None or last.side is side or last.kind is not ActionKind.CHANNEL:
        return Reason.of("options.nothing_to_answer", "ENG-19", card=guardian.name)
    if stones_left < rule.cost:
        return Reason.of(
            "options.too_few_stones_for_guardian", "ENG-22", card=guardian.name, cost=rule.cost, left=stones_left
        )
    return None


def bribe_answers(
    catalog_cards: list[CardDefinition], side: Side, last: Action | None, own: CardDefinition | None
) -> list[Action]:
    """The spells ``side`` may cast inside the bribery window right after the opposing bribe ``last`` (ENG-19):
    a counter of that bribe's icon (Shadow Bank Job) or a spell that keeps ``own``, the bribed creature, in the
    melee (Pirate Double-Cross). ``catalog_cards``: the spells still in the hand."""
    if last is None or last.side is side or not last.kind.in_bribery_window or last.icon is None:
        return []
    found: list[Action] = []
    for card in catalog_cards:
        counters = any(rule.icon is last.icon for rule in card.abilities_of(BribeCounter))
        keeps = own is not None and any(
            rule.target is None or rule.target.matches(own) for rule in card.abilities_of(BribeToMelee)
        )
        if counters or keeps:
            found.append(Action(side, ActionKind.SPELL, card=CardRef(card.slug)))
    return found


def channelling_barred_by(
    guardians: dict[Side, CardDefinition | None], lists: list[tuple[Action, ...]]
) -> CardDefinition | None:
    """The Guardian whose turn has ended channelling for the rest of the combat in the match-ups' lists so far (a
    Guardian turn with ``bars_rest`` right after an opposing channel, ENG-22), or None."""
    for taken in lists:
        acting = [action for action in taken if action.kind is not ActionKind.PASS]
        for before, action in zip(acting, acting[1:], strict=False):
            if action.kind is not ActionKind.GUARDIAN or before.kind is not ActionKind.CHANNEL:
                continue
            guardian = guardians.get(action.side)
            rule = guardian.first(CancelsOpposingChannel) if guardian is not None else None
            if before.side is action.side.other and rule is not None and rule.bars_rest:
                return guardian
    return None
