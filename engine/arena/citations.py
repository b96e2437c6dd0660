"""The rule a duel step cites: an Arena id (ARN-n) for every step, the shared steps included.

A duel runs the standard engine's bonus, immunity, bribery, spell, ranged and channelling steps
(``rounds``), and those steps name the standard rule they follow (PRI-7 for an off-colour bonus,
PRI-10 for a channel). In a duel the rule that governs them is an Arena rule, so the duel maps each
standard id to the Arena id of the rule stating the same thing in the Arena rules, in this one
table, instead of giving the shared steps a second copy. An id is mapped per round because the
same shared step is one Arena action in the primary round (6.3.2) and another in the secondary
round (6.6.1): a spell cast is ARN-3 in the first and ARN-31 in the second.

A change that a standard bearer's or the terrain card's own rule makes (a bonus, a stronger or weaker ranged
attack or channel, a bribe or a card refused on the space, a stone that stops an AOE) cites site ruling 6.8.8
(ARN-46) in both rounds, whatever shared step made it: that ruling is what makes such a card's rule hold in a
duel, the same in the primary and the secondary round. A step is such a change when the side-wide card is the
card it names, or a value of its sentence (a card refused "because The Maitz Hotel is in play").

``tests/engine/test_arena_citations.py`` checks that every id the engine's source can cite is in
the table and that every Arena id it gives is carried by a rule of ``rules/arena``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from ..enums import Phase
from ..log import Notice, Step
from ..render import Named
from .wording import DuelStep

# Standard id -> (Arena id in the primary round, Arena id in the secondary round and after).
_BY_ROUND: dict[str, tuple[str, str]] = {
    # The combat opens and the hands (5.1.2, 6.2.1).
    "CMB-1": ("ARN-26", "ARN-26"),
    "CMB-2": ("ARN-28", "ARN-28"),
    # Creatures laid and revealed: the reveal (6.3.1); in the secondary round, a creature played (6.6.1b).
    "PRI-0": ("ARN-1", "ARN-9"),
    "A-11": ("ARN-25", "ARN-25"),
    # Bribery: one action among the others (6.3.6), or a Stock card of the secondary round (6.6.1c).
    "PRI-1": ("ARN-32", "ARN-31"),
    "SEC-9": ("ARN-32", "ARN-31"),
    "A-01": ("ARN-32", "ARN-32"),
    "A-02": ("ARN-32", "ARN-32"),
    "A-12": ("ARN-32", "ARN-32"),
    "ENG-9": ("ARN-32", "ARN-32"),
    # Spells and H items played as a turn (6.3.2b, 6.6.1c).
    "PRI-2": ("ARN-3", "ARN-31"),
    "A-04": ("ARN-3", "ARN-31"),
    # A class change cast as a turn, after the text-box totals (standard 11.4.17).
    "ENG-17": ("ARN-3", "ARN-31"),
    "PRI-12": ("ARN-3", "ARN-8"),
    # Commands work on the reveal (6.3.1, 6.3.5), their AOEs and set-asides included.
    "CMD-1": ("ARN-2", "ARN-2"),
    "CMD-2": ("ARN-2", "ARN-2"),
    "CMD-3": ("ARN-2", "ARN-2"),
    "CMD-4": ("ARN-2", "ARN-2"),
    "CMD-5": ("ARN-2", "ARN-2"),
    "A-14": ("ARN-2", "ARN-2"),
    "ENG-7": ("ARN-2", "ARN-2"),
    "ENG-8": ("ARN-2", "ARN-2"),
    "ENG-12": ("ARN-2", "ARN-2"),
    "ENG-14": ("ARN-2", "ARN-2"),
    "ENG-15": ("ARN-2", "ARN-2"),
    # An AOE: a command's on the reveal; a secondary attacker's as it enters (6.6.1b, 6.6.3).
    "AOE-1": ("ARN-2", "ARN-9"),
    "AOE-2": ("ARN-2", "ARN-9"),
    "AOE-3": ("ARN-2", "ARN-9"),
    "AOE-4": ("ARN-2", "ARN-9"),
    "PRI-4": ("ARN-9", "ARN-9"),
    # The modifiers counted at the end of a round (6.4.4a to 6.4.4e).
    "PRI-3": ("ARN-34", "ARN-34"),
    "PRI-5": ("ARN-35", "ARN-35"),
    "A-06": ("ARN-35", "ARN-35"),
    "PRI-6": ("ARN-36", "ARN-36"),
    "ENG-3": ("ARN-36", "ARN-36"),
    "ENG-5": ("ARN-36", "ARN-36"),
    "PRI-7": ("ARN-37", "ARN-37"),
    "PRI-8": ("ARN-38", "ARN-38"),
    "A-24": ("ARN-38", "ARN-38"),
    "ENG-13": ("ARN-38", "ARN-38"),
    # Ranged attacks from under a stronghold (2.6.1) and channelling (6.3.7).
    "PRI-9": ("ARN-21", "ARN-21"),
    "A-23": ("ARN-21", "ARN-21"),
    "ENG-11": ("ARN-21", "ARN-21"),
    "PRI-10": ("ARN-33", "ARN-33"),
    "A-05": ("ARN-33", "ARN-33"),
    "A-10": ("ARN-33", "ARN-33"),
    # Comparing the totals (6.4.1, 6.4.2, 6.7.1 to 6.7.4).
    "PRI-11": ("ARN-6", "ARN-11"),
    "A-29": ("ARN-7", "ARN-12"),
    "SEC-1": ("ARN-8", "ARN-8"),
    "SEC-2": ("ARN-11", "ARN-11"),
    "SEC-3": ("ARN-9", "ARN-9"),
    "SEC-4": ("ARN-13", "ARN-13"),
    "ENG-18": ("ARN-46", "ARN-46"),
    "SEC-5": ("ARN-13", "ARN-13"),
    "SEC-6": ("ARN-13", "ARN-13"),
    "SEC-7": ("ARN-13", "ARN-13"),
    "SEC-8": ("ARN-13", "ARN-13"),
    "SEC-10": ("ARN-13", "ARN-13"),
    "A-07": ("ARN-13", "ARN-13"),
    "RES-2": ("ARN-11", "ARN-11"),
    "RES-3": ("ARN-12", "ARN-12"),
    # A duellist gone, and where the cards go (6.4.3, 7.1.2).
    "ENG-10": ("ARN-15", "ARN-15"),
    "RES-4": ("ARN-17", "ARN-17"),
    "RES-5": ("ARN-17", "ARN-17"),
    "RES-6": ("ARN-17", "ARN-17"),
    "A-19": ("ARN-17", "ARN-17"),
    "HEAL-1": ("ARN-17", "ARN-17"),
    # The simulator's own rulings, restated for duels (6.8).
    "ENG-1": ("ARN-39", "ARN-39"),
    "ENG-2": ("ARN-40", "ARN-40"),
    "ENG-4": ("ARN-40", "ARN-40"),
    "ENG-6": ("ARN-40", "ARN-40"),
    "ENG-16": ("ARN-41", "ARN-41"),
    # Issue 31's rulings: an answer to the action just before (a turn), a taken-over shot (a ranged attack), a stone
    # gained on a bribe (bribery), a Guardian's turn (channelling, the only kind so far), a play between match-ups.
    "ENG-19": ("ARN-3", "ARN-31"),
    "ENG-20": ("ARN-21", "ARN-21"),
    "ENG-21": ("ARN-32", "ARN-32"),
    "ENG-22": ("ARN-33", "ARN-33"),
    "ENG-23": ("ARN-3", "ARN-8"),
}

STANDARD_TO_ARENA: Mapping[str, tuple[str, str]] = _BY_ROUND


def arena_rule(rule: str, phase: Phase) -> str:
    """The Arena id a duel cites for ``rule`` in ``phase``; an Arena id (or '') is kept as it is."""
    if not rule or rule.startswith("ARN-"):
        return rule
    primary, secondary = STANDARD_TO_ARENA.get(rule, (rule, rule))
    return primary if phase in (Phase.SETUP, Phase.COMMAND, Phase.PRIMARY) else secondary


SIDE_RULE = "ARN-46"
# The Arena rules of the actions and end-of-round modifiers a side-wide card can change (6.3.2, 6.3.6, 6.3.7, 6.4.4,
# 6.6.1b, 6.6.1c, 2.6.1); the card's placing (ARN-22, ARN-23), its sacrifice (ARN-29), a gap in its automation (ARN-39)
# and a push it wins (ARN-44, the more specific ruling 6.8.6) keep their own rules.
_CHANGED_BY_SIDE_RULE = frozenset(
    {"ARN-3", "ARN-9", "ARN-21", "ARN-31", "ARN-32", "ARN-33", "ARN-34", "ARN-35", "ARN-36", "ARN-37", "ARN-38"}
)


@dataclass(frozen=True)
class SideCards:
    """The standard bearers in play and the terrain card whose text sets a rule in this duel: slug to name."""

    names: Mapping[str, str]

    def made(self, card: str, values: Iterable[object]) -> bool:
        """Whether a step naming ``card`` with these sentence values is a change one of these cards made."""
        if card in self.names:
            return True
        wanted = set(self.names.values())
        return any(
            value in wanted or (isinstance(value, Named) and not wanted.isdisjoint(value.names))
            for value in values
            if isinstance(value, str)
        )

    def cite(self, rule: str, card: str, values: Iterable[object]) -> str:
        return SIDE_RULE if rule in _CHANGED_BY_SIDE_RULE and self.made(card, values) else rule


NO_SIDE_CARDS = SideCards({})


def cite_arena(steps: Iterable[Step], side_cards: SideCards = NO_SIDE_CARDS) -> tuple[Step, ...]:
    """The duel's log with every step citing its Arena id, each a ``DuelStep`` worded for a duel."""
    return tuple(
        DuelStep.record(
            **{**step.__dict__, "rule": side_cards.cite(arena_rule(step.rule, step.phase), step.card, step.args)}
        )
        for step in steps
    )


def cite_notice(notice: Notice, phase: Phase, side_cards: SideCards = NO_SIDE_CARDS) -> Notice:
    rule = side_cards.cite(arena_rule(notice.rule, phase), "", notice.values.values())
    return notice if rule == notice.rule else replace(notice, rule=rule)
