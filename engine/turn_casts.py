"""Spells and items taken as a turn of an ordered match-up (A-04), at their place after PRI-8.

A spell given before the first ranged attack, channel or item of its match-up is cast at PRI-2 like
the shorthand's (``matchup_effects.any_time_spells``); one given later is cast here, in its turn: it
finds the totals the earlier turns left, and what it changes acts on the turns after it and on the
comparison. Most spells act the same wherever they are cast. Two effects reach totals already made:

- **Power Lunch** (``AllowChannelling``): its creature may receive channelling from this turn on.
- **A terrain destroyed** (``DestroyTerrain``, Hammer of Doom): the terrain bonuses and penalties
  counted at PRI-8 are taken back, each as a term of the running total, and ranged attacks in the
  Woods become legal for the turns after it.

A Dispel Magic answers the opposing spell given just before it: that spell is spent, dispelled,
and does nothing. An answering spell (``RangedReaction``) cast after an opposing ranged attack
answers that attack; otherwise it waits for the next one, as at PRI-2.

An item used as a turn acts only through the item abilities the engine applies in a match-up
(``TURN_ITEM_KINDS``); any other item is reported with ``action.not_applied`` and the reason.
"""

from __future__ import annotations

from .abilities import (
    Ability,
    AllowChannelling,
    CastDestroysCommand,
    ClassChoice,
    CommandCard,
    DestroyTerrain,
    Dispel,
    LastingAttackBonus,
    OutOfCombat,
)
from .cards import CardDefinition
from .combat_state import Combat
from .core import log, spend_card
from .effects import effects_in
from .enums import SIDES, CardType, CardUse, Fate, Side, StepKind
from .log import Why
from .matchup_effects import add, cast, cast_refused, terrain_terms
from .render import Said, args_of, refusal_step
from .setup import SpellPlay
from .state import Contribution, Fighter
from .turns import ItemUse

# The item abilities the engine applies when an item is used as a turn.
TURN_ITEM_KINDS: tuple[type[Ability], ...] = (DestroyTerrain, CastDestroysCommand)


def matchup_decided(combat: Combat, pair: dict[Side, Fighter]) -> bool:
    """A spell has ended the match-up, or a creature of it has left: later turns change nothing."""
    return (
        combat.spell_decided is not None
        or combat.ended_unchallenged
        or any(f.fate is not Fate.STANDING for f in pair.values())
    )


def terrain_total(combat: Combat, side: Side, fighter: Fighter) -> int:
    """What the terrain adds to ``fighter`` now (PRI-8, its printed and borrowed terms)."""
    terms = terrain_terms(combat, fighter, "PRI-8")
    for effect in effects_in(combat, "PRI-8 borrowed"):
        terms = terms + effect(combat, side, fighter)
    return sum(term.amount for term in terms if not term.barred)


def cast_in_turn(
    combat: Combat,
    side: Side,
    play: SpellPlay,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    *,
    dispelled: bool = False,
    cancels: str | None = None,
) -> None:
    """One spell (or modelled item) cast in its turn. ``dispelled``: the opponent's Dispel Magic given
    right after it cancels it; ``cancels``: for a Dispel Magic, the opposing spell it cancels."""
    card = combat.catalog.get(play.card)
    if matchup_decided(combat, pair):
        log(combat, StepKind.SPELL, "PRI-2", "any_time_spells.4", (side.value, card.name), side=side, card=card)
        return
    if cast_refused(combat, side, card):
        return
    if card.first(Dispel) is not None:
        spend_card(combat, side, card.slug, CardUse.CAST)
        if cancels is not None:
            args: tuple[object, ...] = (side.value, card.name, side.other.value, cancels)
            log(combat, StepKind.SPELL, "PRI-2", "any_time_spells", args, side=side, card=card)
        else:
            log(combat, StepKind.SPELL, "PRI-2", "any_time_spells.2", (side.value, card.name), side=side, card=card)
        return
    if dispelled:
        spend_card(combat, side, card.slug, CardUse.DISPELLED)
        return
    spend_card(combat, side, card.slug, CardUse.CAST)
    before = {s: terrain_total(combat, s, pair[s]) for s in SIDES} if card.first(DestroyTerrain) else None
    own, printed = pair[side], pair[side].card
    cast(combat, side, card, play, pair)
    lunched = combat.lunched.get(side)
    if card.first(AllowChannelling) is not None and lunched is not None and lunched in pair.values():
        contributions[lunched.side].channel_allowed = True
    if before is not None:
        terrain_gone(combat, card, pair, contributions, before)
    if card.first(ClassChoice) is not None and own.card is not printed:
        # The text-box step is over: what it counted stands; the new class acts from this turn on.
        # The rules say nothing of class changes: site ruling ENG-17 (rule 11.4.17), with a notice.
        log(combat, StepKind.NOTE, "ENG-17", "cast_in_turn.class_late", (card.name, own.name), side=side, card=card)
        combat.warn("class_change.totals_stand", "ENG-17", card=card.name, fighter=own.name, id=own.id)


def terrain_gone(
    combat: Combat,
    card: CardDefinition,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    before: dict[Side, int],
) -> None:
    """The terrain terms counted at PRI-8 follow the terrain the card left."""
    for side in SIDES:
        change = terrain_total(combat, side, pair[side]) - before[side]
        if change:
            bonus = "bonus" if before[side] > 0 else "penalty"
            counted = f" and its {bonus} of {before[side]:+d}" if before[side] else ""
            why = f"{card.name} taking away the terrain{counted}"
            add(combat, contributions[side], card.name, change, "A-24", card, why, StepKind.SPELL)


def item_refusal(combat: Combat, side: Side, card: CardDefinition | None, reference: str) -> Why | None:
    """Why an item action does nothing here, or None when the engine applies it."""
    if card is None:
        return Why("item.no_such_card", {"reference": repr(reference)})
    if card.type is not CardType.HAND_ITEM:
        return Why("item.not_a_hand_item", {"card": card.name, "kind": card.type.value.replace("_", " ")})
    if combat.sides[side].hand[card.slug] <= 0:
        return Why("item.not_in_hand", {"card": card.name, "player": side.value})
    if any(card.first(kind) is not None for kind in TURN_ITEM_KINDS):
        return None
    if card.first(CommandCard) is not None:
        return Why("item.command_card", {"card": card.name})
    if card.first(LastingAttackBonus) is not None:
        return Why("item.played_earlier", {"card": card.name})
    if card.first(OutOfCombat) is not None:
        return Why(
            "item.out_of_combat",
            {"card": card.name, "reason": card.automation_reason.rstrip(".") or "it acts outside it"},
        )
    return Why(
        "item.not_modelled", {"card": card.name, "reason": card.automation_reason.rstrip(".") or "no ability of it"}
    )


def use_item(
    combat: Combat,
    side: Side,
    item: ItemUse,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
) -> None:
    """An item used as a turn: applied where the engine models its ability, else reported."""
    card = combat.catalog.find(item.card)
    why = item_refusal(combat, side, card, item.card)
    if why:
        # The item by its name and the reason by its code and values: a reader sees no slug and links the cards.
        name = card.name if card is not None else item.card
        reason = refusal_step(why.code)
        said = Said(reason, args_of(reason, why.values))
        log(combat, StepKind.NOTE, "A-04", "use_item.not_applied", (side.value, name, said), side=side, card=card)
        combat.warn(
            "action.not_applied",
            "A-04",
            round=item.moment.round,
            side=side.value,
            item=item.card,
            card=name,
            why=why.text,
            why_code=why.code,
        )
        return
    cast_in_turn(combat, side, SpellPlay(item.moment, item.card, item.target), pair, contributions)
