"""A duel's cards and round actions in plain words: the duel form's builder lists the actions written so far in
these words, and the duel step-through's set-up says them the same way (``combat.duel_summary``)."""

from __future__ import annotations

from engine.actions import ActionKind
from engine.arena import ArenaSetup
from engine.arena.duel import with_made_up
from engine.arena.setup import ArenaPlay, PlayKind, RoundAction
from engine.catalog import CardCatalog
from engine.enums import BriberyIcon, Side
from engine.errors import EngineError
from engine.setup import split_reference


def card_catalog(setup: ArenaSetup, catalog: CardCatalog) -> CardCatalog:
    try:
        return with_made_up(setup, catalog)
    except EngineError:
        return catalog


def card_words(catalog: CardCatalog, reference: str) -> str:
    """A card reference by the card's name (``archer#2`` -> "Archer (copy 2)"); the reference if unknown."""
    try:
        slug, copy = split_reference(str(reference))
    except ValueError:
        return str(reference)
    card = catalog.find(slug)
    name = card.name if card is not None else slug
    return f"{name} (copy {copy})" if copy > 1 else name


def stones_words(amount: int) -> str:
    return f"{amount} Power Stone{'s' if amount != 1 else ''}"


def bribery_words(catalog: CardCatalog, icon: BriberyIcon) -> str:
    card = catalog.find(icon.value)
    return card.name if card is not None else icon.value.capitalize()


def action_words(action: RoundAction, catalog: CardCatalog) -> str:
    """One round action in plain words, from its fields (who does what with which card, aimed at whom)."""
    who = "The attacker" if action.side is Side.ATTACKER else "The defender"
    target = f" {card_words(catalog, action.target)}" if action.target is not None else ""
    if isinstance(action, ArenaPlay):
        card = card_words(catalog, action.card)
        if action.kind is PlayKind.CREATURE:
            against = f", against{target}" if target else ""
            return f"{who} sends {card} from the Creature Pen in as a secondary attacker{against}"
        return f"{who} plays the shield {card} against{target or ' the opposing duellist'}"
    if action.kind is ActionKind.PASS:
        return f"{who} passes"
    if action.icon is not None:
        back = " back" if action.kind is ActionKind.BRIBE_BACK else ""
        aimed = target or " the opposing duellist"
        return f"{who} bribes{back}{aimed} with {bribery_words(catalog, action.icon)}"
    assert action.card is not None
    card = card_words(catalog, action.card)
    aimed = f" on{target}" if target else ""
    if action.kind is ActionKind.SPELL:
        return f"{who} casts {card}{aimed}"
    if action.kind is ActionKind.ITEM:
        return f"{who} uses the item {card}{aimed}"
    if action.kind is ActionKind.RANGED:
        return f"{who}'s {card} makes a ranged attack from under a stronghold" + (f" at{target}" if target else "")
    into = f" into{target}" if target else ""
    if str(action.card) == "guardian":
        return f"{who}'s Guardian channels {stones_words(action.amount)}{into}"
    return f"{who} channels through {card}{into}"


