"""Plays between two primary match-ups (issue 31, site ruling ENG-23): what ``b<N>`` actions do.

After primary match-up N has been resolved (PRI-11) and before the next is revealed (PRI-0), the players may
play the cards whose text acts at that moment, in the order the set-up's ``b<N>`` list gives them. The only
such kind so far is ``ReturnsRangedToHand`` (Eye of Missile Mayhem): every creature its player has used for
a ranged attack, still in the combat, goes back to the combat hand. One planned for a later ranged attack
waits for it; the others are played again after the creatures already waiting (as ENG-10 says of any
creature that goes back to the hand), so they may fight a later match-up or make a secondary attack.

Anything else written there is writable and refused with its code (``action.not_between_matchups``); an item
that cannot act (not held, no such text) does nothing, with its reason, and is not spent.
"""

from __future__ import annotations

from .abilities import ReturnsRangedToHand
from .actions import Action, ActionKind, Refusal
from .cards import CardDefinition
from .combat_state import Combat
from .core import action_said, fighter_named, log, spend_card
from .enums import CardType, CardUse, Fate, Role, Side, StepKind
from .log import Why, WordedWhy
from .render import Named, action_reason
from .setup import split_reference
from .state import Fighter

BETWEEN_RULE = "ENG-23"


def play_between(combat: Combat, after: int) -> None:
    """The ``b<after>`` list of the set-up, in order (nothing when it has none)."""
    plays = combat.setup.between_after(after)
    if plays is None:
        return
    for action in plays.actions:
        if action.kind is ActionKind.PASS:
            continue
        if action.kind is not ActionKind.ITEM or action.card is None:
            refuse_between(combat, after, action)
            continue
        play_item(combat, after, action.side, str(action.card))


def refuse_between(combat: Combat, after: int, action: Action) -> None:
    refusal = Refusal.NOT_BETWEEN
    attempt = action_said(combat.catalog, action)
    why = action_reason(refusal.value, "")
    log(combat, StepKind.NOTE, refusal.rule, "between.refused", (after, action.side.value, attempt, refusal.value, why))
    names = tuple(value for value in attempt.args if isinstance(value, str))
    combat.warn(
        refusal.value,
        refusal.rule,
        round=after,
        side=action.side.value,
        action=str(action),
        attempt=Named(str(attempt), names),
        turn="",
    )


def item_problem(combat: Combat, side: Side, card: CardDefinition | None, reference: str) -> Why | None:
    """Why an item written between match-ups does nothing, or None when it acts."""
    if card is None:
        return Why("item.no_such_card", {"reference": repr(reference)})
    if card.type is not CardType.HAND_ITEM:
        return Why("item.not_a_hand_item", {"card": card.name, "kind": card.type.value.replace("_", " ")})
    if combat.sides[side].hand[card.slug] <= 0:
        return Why("item.not_in_hand", {"card": card.name, "player": side.value})
    if card.first(ReturnsRangedToHand) is None:
        return Why("item.not_between", {"card": card.name})
    return None


def play_item(combat: Combat, after: int, side: Side, reference: str) -> None:
    card = combat.catalog.find(split_reference(reference)[0])
    problem = item_problem(combat, side, card, reference)
    if problem is not None:
        name = card.name if card is not None else reference
        log(
            combat,
            StepKind.NOTE,
            BETWEEN_RULE,
            "between.not_applied",
            (after, side.value, name, combat.say(problem)),
            side=side,
            card=card,
        )
        combat.warn(
            "action.not_applied",
            BETWEEN_RULE,
            round=after,
            side=side.value,
            item=reference,
            card=name,
            why=combat.say(problem),
            why_code=problem.code,
        )
        return
    assert card is not None
    spend_card(combat, side, card.slug, CardUse.CAST)
    returned = return_shooters(combat, side, after, card)
    if not returned:
        log(
            combat,
            StepKind.NOTE,
            BETWEEN_RULE,
            "between.returns_nothing",
            (after, side.value, card.name),
            side=side,
            card=card,
        )
        return
    names = Named(", ".join(fighter.name for fighter in returned), tuple(fighter.name for fighter in returned))
    log(
        combat,
        StepKind.NOTE,
        BETWEEN_RULE,
        "between.returns_ranged",
        (after, side.value, card.name, names),
        side=side,
        card=card,
    )


def return_shooters(combat: Combat, side: Side, after: int, card: CardDefinition) -> list[Fighter]:
    """Every creature of ``side`` that made a ranged attack and is still in the combat, back in the hand."""
    state = combat.sides[side]
    planned = {
        id(fighter)
        for support in state.setup.ranged
        if support.round > after and (fighter := fighter_named(combat, side, support.creature)) is not None
    }
    returned: list[Fighter] = []
    why = Why("why.returned_between", {"card": card.name, "round": after})
    text = WordedWhy(why, combat.words())
    for fighter in state.fighters:
        if fighter.role is not Role.RANGED or fighter.fate is not Fate.STANDING:
            continue
        fighter.in_hand = True
        fighter.role = Role.UNPLAYED
        fighter.round = None
        fighter.faced = None
        fighter.fate_why = Why("fate.back_in_hand", {"why": str(text), "why_code": why.code, **why.values})
        if id(fighter) not in planned:
            state.queue.append(fighter)
        returned.append(fighter)
    return returned
