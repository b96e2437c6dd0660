"""The engine offers the moves: every legal next action and set-up decision, as typed values (no Django).

``options(setup, catalog)`` reads a standard set-up (complete or partial) and lists per match-up row each side's
legal decisions (ranged supporters, bribes with their icons and targets, spells with their targets, channel sources
with the stones that still add something) and the legal next actions of the row's ordered list, the command cards,
the secondary plans and the inputs the cards need. ``next_actions`` and ``why_not`` answer for one row; an action
that is not offered gets a ``Reason`` (code, values, rule). ``duel_options(setup, catalog)`` does the same for an
Arena duel's two rounds, including who opens the secondary round. Every option carries its notation ``item`` and
its ``words``; the site reads the fields and shows the words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalog import CardCatalog
from .standard import next_actions, options, why_not
from .values import (
    ActionOption,
    CardInput,
    Decision,
    DuelOptions,
    OptionKind,
    Options,
    Reason,
    Row,
    SecondaryOptions,
    SideRow,
    Turn,
)

if TYPE_CHECKING:
    from ..arena.setup import ArenaSetup, RoundAction


# The duel half is imported when first asked for, so that ``import engine`` (every resolution in a new process)
# does not load the Arena modules for a standard combat.
def duel_options(setup: ArenaSetup, catalog: CardCatalog) -> DuelOptions:
    """Both rounds of an Arena duel as they stand: each round's turn, who opens it and why, and every legal
    next action (``engine.options.duel``)."""
    from .duel import duel_options as of_duel

    return of_duel(setup, catalog)


def duel_why_not(setup: ArenaSetup, catalog: CardCatalog, round_key: str, action: RoundAction) -> Reason | None:
    """Why ``action`` may not come next in round ``round_key`` (``p`` or ``s``) of a duel, or None when offered."""
    from .duel import duel_why_not as why_not_in_duel

    return why_not_in_duel(setup, catalog, round_key, action)


__all__ = [
    "ActionOption",
    "CardInput",
    "Decision",
    "DuelOptions",
    "OptionKind",
    "Options",
    "Reason",
    "Row",
    "SecondaryOptions",
    "SideRow",
    "Turn",
    "duel_options",
    "duel_why_not",
    "next_actions",
    "options",
    "why_not",
]
