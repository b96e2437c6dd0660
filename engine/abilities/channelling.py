"""Abilities that change channelling (PRI-10) and Power Stones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..enums import Terrain
from ..selectors import Selector
from .base import (
    Ability,
    ChannelEffect,
    Sides,
    StoneEvent,
    _more_or_less,
    _where,
)


@dataclass(frozen=True)
class ChannelCap(Ability):
    """``maximum`` None means no limit at all."""

    kind: ClassVar[str] = "channel_cap"
    maximum: int | None = None

    def describe(self) -> str:
        if self.maximum is None:
            return "May take any amount of channelling in one match-up."
        return f"May take up to {self.maximum} points of channelling in one match-up."


@dataclass(frozen=True)
class ChannelModifier(Ability):
    """While this card is in play, each use of a channel source (a stone the Guardian spends, a channeller)
    by the reached side gives ``amount`` more (or less, never below 0) before the receiver's cap applies;
    in primary match-ups and secondary attacks alike."""

    kind: ClassVar[str] = "channel_modifier"
    steps: ClassVar[tuple[str, ...]] = ("PRI-10", "SEC-4")
    amount: int
    sides: Sides = Sides.OWN

    def __post_init__(self) -> None:
        if not self.amount:
            raise ValueError("'amount' must not be 0 (a channel_modifier that changes nothing)")

    def describe(self) -> str:
        who = {
            Sides.OWN: "into its side's creatures",
            Sides.OPPONENT: "into the opponent's creatures",
            Sides.BOTH: "on either side",
        }[self.sides]
        return (
            f"While it is in play, every channelling {who} gives {_more_or_less(self.amount)} per use (per stone "
            f"the Guardian spends, per channeller){', never below 0' if self.amount < 0 else ''}; the receiver's "
            "cap still applies."
        )


@dataclass(frozen=True)
class ChannelsOnlyTo(Ability):
    kind: ClassVar[str] = "channels_only_to"
    target: Selector
    overrides_red_bar: bool = False

    def describe(self) -> str:
        extra = ", even those that normally cannot receive channelling" if self.overrides_red_bar else ""
        return f"As a channeller it can channel only to {self.target.describe()}{extra}."


@dataclass(frozen=True)
class NoChannellingAgainst(Ability):
    kind: ClassVar[str] = "no_channelling_against"

    def describe(self) -> str:
        return "Its opponent in a match-up cannot receive channelling."


@dataclass(frozen=True)
class AllowChannelling(Ability):
    kind: ClassVar[str] = "allow_channelling"

    def describe(self) -> str:
        return "Any time in a match-up: one creature may receive channelling for that match-up."


@dataclass(frozen=True)
class ReceivesChannellingOnlyFrom(Ability):
    kind: ClassVar[str] = "receives_channelling_only_from"
    guardian: bool = True
    channellers: Selector | None = None

    def describe(self) -> str:
        sources = ["its own Guardian"] if self.guardian else []
        if self.channellers:
            sources.append(self.channellers.describe())
        return "It may receive channelling only from " + " or ".join(sources) + "."


@dataclass(frozen=True)
class ForbidsChannelling(Ability):
    """While this creature is in play, the reached side(s) may not channel at all; with
    ``stones_only`` only channelling paid with Power Stones is barred (channellers still work);
    ``in_matchup_only``: the ban starts only once it fights or supports a match-up, never as the command."""

    kind: ClassVar[str] = "forbids_channelling"
    sides: Sides = Sides.BOTH
    until_beaten: bool = False
    stones_only: bool = False
    # Only channellers are barred: the Guardian still channels with stones (a terrain card's rule).
    channellers_only: bool = False
    command_only: bool = False
    in_matchup_only: bool = False
    # A card laid on the board before the fight (Monolith of Power): the set-up names it as played earlier,
    # which says the combat is within its reach, and its ban lasts the whole combat.
    placed_before: bool = False

    def __post_init__(self) -> None:
        if self.stones_only and self.channellers_only:
            raise ValueError("'stones_only' and 'channellers_only' together would bar every channel: give 'sides'")
        if self.placed_before and (self.command_only or self.in_matchup_only or self.until_beaten):
            raise ValueError("'placed_before' is a card on the board: it is no command and never fights or is beaten")

    def lasts_into_combat(self) -> bool:
        return self.placed_before

    def describe(self) -> str:
        if self.channellers_only:
            start = "Command: for the whole combat" if self.command_only else "While it is in play"
            return f"{start} only a Guardian may channel (with its stones); no channeller may."
        who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "neither player"}[self.sides]
        if self.stones_only:
            who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "no player"}[self.sides]
            verb = "may spend" if self.sides is Sides.BOTH else "may not spend"
            start = "Command: for the whole combat" if self.command_only else "While it is in play"
            return f"{start} {who} {verb} Power Stones to channel (channellers under a stronghold still may)."
        verb = "may channel" if self.sides is Sides.BOTH else "may not channel"
        until = ", until it is beaten," if self.until_beaten else ""
        start = "Once it has been played in a match-up" if self.in_matchup_only else "Once it is in play"
        if self.placed_before:
            return (
                "Laid on the board before the fight: in a combat within its reach nobody may channel at all (name it "
                "in the set-up as played earlier)."
            )
        if self.command_only:
            start = "Command: from now on"
        return f"{start}{until} {who} {verb} any more."


@dataclass(frozen=True)
class AllowsChannellingTo(Ability):
    """``guardian_cmp_cap``: the creatures it lets receive may take up to their Guardian's CMP
    in one match-up instead of their own Vitality."""

    kind: ClassVar[str] = "allows_channelling_to"
    target: Selector
    sides: Sides = Sides.OWN
    guardian_cmp_cap: bool = False
    command_only: bool = False

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "every player's"}[self.sides]
        cap = " and may take up to their Guardian's CMP of channelling in a match-up" if self.guardian_cmp_cap else ""
        start = "Command: for the whole combat" if self.command_only else "While it is in play"
        return f"{start} {who} {self.target.describe()} may receive channelling even with a red bar{cap}."


@dataclass(frozen=True)
class Stones(Ability):
    kind: ClassVar[str] = "stones"
    amount: int
    on: StoneEvent
    who: Sides = Sides.OWN
    against: Selector | None = None
    if_channelled: bool = False
    terrain: Terrain | None = None

    def __post_init__(self) -> None:
        if self.who is Sides.BOTH:
            raise ValueError("stones: 'who' is 'own' or 'opponent'")

    def describe(self) -> str:
        player = "its owner" if self.who is Sides.OWN else "the opposing player"
        verb = f"gains {self.amount}" if self.amount >= 0 else f"loses {-self.amount}"
        whom = f" {self.against.describe()}" if self.against else " a creature"
        channelled = " that received channelling in this combat" if self.if_channelled else ""
        event = {
            StoneEvent.BEATS: f"When it beats{whom}{channelled} in a primary match-up",
            StoneEvent.BEATEN: f"When it is beaten in a primary match-up by{whom}",
            StoneEvent.COMMAND: "When its command takes effect",
            StoneEvent.OPPONENT_CHANNELS: "Each time the opponent channels while it is in play",
            StoneEvent.SIDE_BEATS: "For each opposing creature its side beats while it is in play and unbeaten",
            StoneEvent.CAST: "When it is played",
            StoneEvent.OWN_BRIBED: "Each time one of its player's creatures is bribed",
        }[self.on]
        return f"{event}{_where(self.terrain)}, {player} {verb} Power Stone(s)."


@dataclass(frozen=True)
class ChannelReaction(Ability):
    """Answers one opposing channelling in a primary match-up or a secondary attack: as a spell
    (``spell`` decision, ``s1`` for a secondary attack) or, with ``as_ranged``, as the creature's
    ranged use in a match-up (``ranged`` decision)."""

    kind: ClassVar[str] = "channel_reaction"
    effect: ChannelEffect
    as_ranged: bool = False

    def describe(self) -> str:
        when = "Used as its ranged attack" if self.as_ranged else "Cast"
        if self.effect is ChannelEffect.SUBTRACT:
            return f"{when} when the opposing Guardian channels: that channelling is taken off the target instead of added."
        return (
            f"{when} right after an opposing creature (not a Guardian) channels: that channeller is destroyed "
            "and its channelling cancelled."
        )


@dataclass(frozen=True)
class GuardianCmp(Ability):
    """Played before the combat (the set-up's ``earlier`` input names it): its owner's Guardian channels
    with this CMP for the rest of the turn."""

    kind: ClassVar[str] = "guardian_cmp"
    from_earlier: ClassVar[bool] = True
    value: int

    def describe(self) -> str:
        return (
            f"Played in Draw and Organize: for the rest of the turn its owner's Guardian has a CMP of {self.value}, so "
            "each stone it spends on channelling gives that much (name it in the set-up as played earlier)."
        )


@dataclass(frozen=True)
class GuardianCmpBonus(Ability):
    """A card in play before the combat began (an accessory beside the Guardian; the set-up's ``earlier``
    input names it): its owner's Guardian channels with ``amount`` more CMP while it stays in play."""

    kind: ClassVar[str] = "guardian_cmp_bonus"
    from_earlier: ClassVar[bool] = True
    amount: int

    def __post_init__(self) -> None:
        if not self.amount:
            raise ValueError("'amount' must not be 0 (a guardian_cmp_bonus that changes nothing)")

    def describe(self) -> str:
        return (
            f"While it is in play its owner's Guardian has {_more_or_less(self.amount)} CMP, so each stone spent on "
            "channelling gives that much more (name it in the set-up as played earlier)."
        )
