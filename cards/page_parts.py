"""What apps above cards add to a card's page, without the cards app importing them.

The card page shows the card's rulings and the rules that mention it (the rulings app) and a link to try
it in the simulator (the combat app). Both sit above cards, so each registers a part when it starts
(``add_card_page_part`` in its ``AppConfig.ready``); the card page asks every registered part for its
entries of the template context. Without an app, its part is simply absent from the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.models import Card

CardPagePart = Callable[["Card"], dict[str, Any]]

_PARTS: dict[str, CardPagePart] = {}


def add_card_page_part(name: str, part: CardPagePart) -> None:
    """Register (or replace, by name) a part of the card page: a function of the card giving context entries."""
    _PARTS[name] = part


def card_page_context(card: Card) -> dict[str, Any]:
    """Every registered part's context entries for this card, in the order the apps started."""
    context: dict[str, Any] = {}
    for part in _PARTS.values():
        context.update(part(card))
    return context
