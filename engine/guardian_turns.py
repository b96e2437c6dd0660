"""A Guardian's own ability taken as a turn of an ordered match-up (issue 31, site ruling ENG-22).

``<side>:guardian:<the Guardian's slug>`` is one turn like any other action (rule 6.4.4): the referee
places it in the turn order, and this module does what the Guardian card's text says when its turn comes.
The one kind so far, ``CancelsOpposingChannel`` (Siin), answers the opposing channel of the turn just
before it (ENG-19): ``channelling.channel_answered`` finds the pair before the channel is counted, so
the channel adds nothing; a Guardian turn with nothing to answer, or one its player cannot pay for, says
so in a step and changes nothing.
"""

from __future__ import annotations

from .abilities import CancelsOpposingChannel
from .cards import CardDefinition
from .combat_state import Combat
from .core import burn_stones, log
from .enums import Side, StepKind
from .setup import Channel, split_reference
from .turns import GuardianUse

GUARDIAN_RULE = "ENG-22"


def guardian_ability(
    combat: Combat, side: Side, use: GuardianUse
) -> tuple[CardDefinition, CancelsOpposingChannel] | None:
    """The side's Guardian card and its turn ability, when the action names that Guardian and it has one."""
    card = combat.sides[side].guardian_card
    named = combat.catalog.find(split_reference(use.card)[0])
    if card is None or named is None or named.slug != card.slug:
        return None
    rule = card.first(CancelsOpposingChannel)
    return (card, rule) if rule is not None else None


def not_applied(combat: Combat, side: Side, use: GuardianUse) -> None:
    """A Guardian turn the engine cannot apply: the card named is not the side's Guardian, or its text has
    no ability taken as a turn. Nothing happens; the step says why."""
    card = combat.sides[side].guardian_card
    named = combat.catalog.find(split_reference(use.card)[0])
    name = named.name if named is not None else use.card
    if card is None or named is None or card.slug != named.slug:
        log(
            combat,
            StepKind.NOTE,
            GUARDIAN_RULE,
            "guardian_turn.not_guardian",
            (side.value, name),
            side=side,
            card=named,
        )
        return
    log(combat, StepKind.NOTE, GUARDIAN_RULE, "guardian_turn.no_ability", (side.value, name), side=side, card=card)


def cancel_channel(combat: Combat, side: Side, use: GuardianUse, channeller: Side, channel: Channel) -> bool:
    """The Guardian of ``side`` cancels the channel ``channeller`` has just made; False (and the channel is
    made) when it cannot: no such ability, too few stones, or channelling already barred."""
    found = guardian_ability(combat, side, use)
    if found is None:
        return False
    card, rule = found
    if combat.channelling_barred is not None:
        return False
    why = f"to cancel the {channeller.value}'s channel"
    if not burn_stones(combat, side, rule.cost, card, GUARDIAN_RULE, why):
        stones = combat.sides[side].stones
        log(
            combat,
            StepKind.NOTE,
            GUARDIAN_RULE,
            "guardian_turn.cannot_pay",
            (side.value, card.name, rule.cost, stones),
            side=side,
            card=card,
        )
        return False
    state = combat.sides[channeller]
    source = "the Guardian" if channel.source == "guardian" else channel.source
    if channel.source == "guardian":
        # The stones the channel took stay spent: it was made, then cancelled.
        state.stones = max(0, state.stones - channel.amount)
    log(
        combat,
        StepKind.CHANNEL,
        GUARDIAN_RULE,
        "guardian_turn.cancels",
        (side.value, card.name, channeller.value, source),
        side=side,
        card=card,
    )
    if rule.bars_rest:
        combat.channelling_barred = card
        log(combat, StepKind.NOTE, GUARDIAN_RULE, "guardian_turn.bars", (card.name,), side=side, card=card)
    return True
