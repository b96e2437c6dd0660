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

from .duel import duel_options, duel_why_not
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
