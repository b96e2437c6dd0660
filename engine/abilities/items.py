"""Kinds of the creature magic items carried in a shield's stack (the set-up's ``items``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dice import Dice
from ..enums import AoeType
from ..selectors import Selector
from .base import Ability, Offer, Sides


@dataclass(frozen=True)
class GrantsFlying(Ability):
    """CMB-2: creatures carried with this item fly for the whole combat, for every flier-only text and for the
    fliers' own rules: with ``carrier`` the one creature of its stack its owner names (``choices=<item>:<creature>``;
    by default the creature in the item's place of the shield, as the notation places items), else every creature matching ``to`` on the ``sides`` it reaches."""

    kind: ClassVar[str] = "grants_flying"
    steps: ClassVar[tuple[str, ...]] = ("CMB-2",)
    carrier: bool = False
    to: Selector | None = None
    sides: Sides = Sides.OWN

    def __post_init__(self) -> None:
        if self.carrier == (self.to is not None):
            raise ValueError("give either 'carrier' (one named creature) or 'to' (the creatures it reaches)")

    def offer(self) -> Offer | None:
        return Offer.OWN_CREATURE if self.carrier else None

    def describe(self) -> str:
        if self.carrier:
            return (
                "The creature of its stack that its owner names flies for the whole combat (by default the creature "
                "it rides on: the one in its place of the shield)."
            )
        assert self.to is not None
        who = {Sides.OWN: "of its side", Sides.OPPONENT: "of the opponent", Sides.BOTH: "of either side"}[self.sides]
        return f"Each of the {self.to.describe()} {who} on its space flies for the whole combat."


@dataclass(frozen=True)
class DiscardsOpposingItems(Ability):
    """PRI-0: as this creature is revealed in a primary match-up, the opponent discards every creature magic item
    of his stack; what they gave the creatures beside them (flying) ends at once."""

    kind: ClassVar[str] = "discards_opposing_items"
    steps: ClassVar[tuple[str, ...]] = ("PRI-0",)

    def describe(self) -> str:
        return (
            "When it is revealed in a primary match-up, the opponent discards every creature magic item in his "
            "stack, and what those items gave his creatures ends."
        )


@dataclass(frozen=True)
class LendsCommand(Ability):
    """CMB-2 / CMD-4: played together with its side's command creature, whatever that creature (it need not be a
    command creature itself). ``fights_command``: the creature fights the opposing command creature before either
    command acts (Heels of Speed, as CommandFight); ``aoe_points``: its command becomes that AOE instead of any
    other (Bagpipes of Fear). Whether it is played is the set-up's choice (``choices=<item>:use|keep``); by default
    it is, unless the command creature has a command of its own (the site's reading)."""

    kind: ClassVar[str] = "lends_command"
    steps: ClassVar[tuple[str, ...]] = ("CMB-2",)
    fights_command: bool = False
    aoe_points: int = 0
    aoe_type: AoeType = AoeType.FEAR

    def __post_init__(self) -> None:
        if self.fights_command == bool(self.aoe_points):
            raise ValueError("give either 'fights_command' or 'aoe_points'")

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def option_words(self) -> tuple[str, ...]:
        return ("use", "keep")

    def describe(self) -> str:
        what = (
            "fights the opposing command creature before either command takes effect"
            if self.fights_command
            else f"has a {self.aoe_points}-point {self.aoe_type.value} AOE as its command, and no other command"
        )
        return (
            f"Played with its side's command creature (any creature may be one with it), that creature {what}. "
            "A set-up choice (use or keep); by default it is used unless the creature has a command of its own."
        )


@dataclass(frozen=True)
class ShieldsFirstFromChannelling(Ability):
    """CMD-4 / PRI-10: as the command, a roll (``dice``, a set-up input) sets how many of its side's first primary
    match-ups the opponent may not channel in (Disc of Siin): ``table`` gives the number for each result, lowest
    first; ``ALL`` (99) means every primary match-up."""

    kind: ClassVar[str] = "shields_first_from_channelling"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4", "PRI-10")
    dice: Dice
    table: tuple[int, ...]

    ALL: ClassVar[int] = 99

    def __post_init__(self) -> None:
        if len(self.table) != self.dice.highest - self.dice.lowest + 1:
            raise ValueError("'table' needs one number for each result of the dice")

    def shielded(self, rolled: int) -> int:
        """How many first primary match-ups the roll protects."""
        return self.table[rolled - self.dice.lowest]

    def describe(self) -> str:
        results = ", ".join(
            f"{self.dice.lowest + index}: {'all' if count >= self.ALL else count}"
            for index, count in enumerate(self.table)
        )
        return (
            f"Command: roll {self.dice} (a set-up input); the opponent may not channel in as many of its side's first "
            f"primary match-ups as the roll gives ({results})."
        )
