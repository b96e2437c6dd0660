"""Mutable bookkeeping of one combat, private to the resolver."""

from __future__ import annotations

import builtins
from collections import Counter
from dataclasses import dataclass, field
from typing import TypeVar

from .abilities import (
    Ability,
    CommandBonus,
)
from .cards import CardDefinition, GuardianStats
from .enums import (
    BriberyIcon,
    Fate,
    Role,
    Side,
)
from .log import Term, Why
from .setup import SideSetup

A = TypeVar("A", bound=Ability)


@dataclass(eq=False)
class Fighter:
    """A creature card in this combat. Mutable, private to the resolver."""

    id: str
    side: Side
    card: CardDefinition
    reference: str
    fate: Fate = Fate.STANDING
    role: Role = Role.UNPLAYED
    in_hand: bool = True
    # Why its fate is what it is, as a code and values (render.NOTICES words it: ``fate_reason``).
    fate_why: Why = Why("fate.in_shield")
    fate_step: int | None = None
    faced: Fighter | None = None
    beaten_by: Fighter | None = None
    turned: bool = False
    round: int | None = None
    blank: bool = False
    channelled: bool = False
    # Its side's Guardian has spent a stone channelling into it this combat (a Guardian that channels into
    # each creature only once reads it).
    guardian_channelled: bool = False
    name: str = field(init=False)
    vitality: int = field(init=False)

    @property
    def fate_reason(self) -> str:
        return self.fate_why.text

    def text(self, kind: builtins.type[A]) -> tuple[A, ...]:
        """The abilities of one kind its text box gives now: none once the text box is blanked."""
        if self.blank:
            return ()
        # The resolver asks this hundreds of times per combat; the card's cache is read directly.
        found: tuple[A, ...] | None = self.card._by_kind.get(kind)
        return found if found is not None else self.card.abilities_of(kind)

    def first_text(self, kind: builtins.type[A]) -> A | None:
        if self.blank:
            return None
        found: tuple[A, ...] | None = self.card._by_kind.get(kind)
        if found is None:
            found = self.card.abilities_of(kind)
        return found[0] if found else None

    def __post_init__(self) -> None:
        # Read in nearly every step; a changed copy of the card (class, size, text) keeps both.
        self.name = self.card.name
        self.vitality = self.card.base_vitality

    @property
    def on_table(self) -> bool:
        return not self.in_hand and self.fate is Fate.STANDING

    @property
    def attackable(self) -> bool:
        """A legal secondary target: standing on the table, or set aside by methane (A-08)."""
        return self.on_table or self.fate is Fate.OUT_OF_PLAY


@dataclass(eq=False)
class SideState:
    side: Side
    setup: SideSetup
    fighters: list[Fighter]
    guardian: GuardianStats
    stones: int
    hand: Counter[str]
    channellers: list[tuple[CardDefinition, str]]
    used_channellers: set[int] = field(default_factory=set)
    command_card: CardDefinition | None = None
    command_fighter: Fighter | None = None
    command_active: bool = False
    # What cancelled the command card (CMD-2, CMD-3, A-14, ENG-8, ENG-14): the card, the rule, the step.
    command_cancelled: tuple[CardDefinition | None, str, int] | None = None
    # An opposing spell or item command whose ability this side's command took over (rule ENG-14).
    borrowed: CardDefinition | None = None
    bonuses: list[tuple[CommandBonus, CardDefinition]] = field(default_factory=list)
    shield_cards: list[CardDefinition] = field(default_factory=list)
    bribery_locks: dict[BriberyIcon, Fighter] = field(default_factory=dict)
    queue: list[Fighter] = field(default_factory=list)
    stronghold: CardDefinition | None = None
    # Cards played before the combat whose effect lasts into it (set-up input ``earlier``).
    earlier_cards: list[CardDefinition] = field(default_factory=list)
    # The Guardian card the set-up names (None: an unnamed Guardian with the default stats): the card a
    # Guardian's channel step names.
    guardian_card: CardDefinition | None = None
    _by_reference: dict[str, Fighter] = field(default_factory=dict)

    @property
    def by_reference(self) -> dict[str, Fighter]:
        if not self._by_reference:
            self._by_reference = {f.reference: f for f in self.fighters}
            for fighter in self.fighters:
                self._by_reference.setdefault(f"{fighter.card.slug}#1", fighter)
        return self._by_reference

    def holding(self) -> list[Fighter]:
        return [fighter for fighter in self.fighters if fighter.in_hand and fighter.fate is Fate.STANDING]

    def holds_any(self) -> bool:
        """``bool(holding())`` without building the list: asked before every primary match-up."""
        for fighter in self.fighters:
            if fighter.in_hand and fighter.fate is Fate.STANDING:
                return True
        return False


class Contribution:
    """The running total of one creature in one attack, kept as explained terms."""

    def __init__(self, fighter: Fighter) -> None:
        self.fighter = fighter
        self.terms: list[Term] = [Term(fighter.name, fighter.vitality)]
        self.channelled = 0
        self.channel_allowed = False

    @property
    def total(self) -> int:
        # A loop rather than sum() over a generator: read at every step of a match-up, over a handful of terms.
        total = 0
        for term in self.terms:
            total += term.amount
        return total

    def add(self, label: str, amount: int) -> None:
        self.terms.append(Term(label, amount))


@dataclass(eq=False)
class Shot:
    """One ranged attack placed in a match-up and the points it added to its side."""

    side: Side
    shooter: Fighter
    amount: int
    cancelled: bool = False
    # A shot that is not the shooter's own (a bribery card fired by a command): its value, for a take-over.
    points: int | None = None
