"""Command cards and what they do in the command step (CMD-1 to CMD-5), AOEs (AOE-1 to AOE-4) and spells."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ..dice import Dice
from ..enums import AoeType, Border, Terrain, Timing
from ..selectors import Selector
from .base import (
    Ability,
    Castable,
    Guessed,
    Offer,
    Outcome,
    Restriction,
    Sides,
    When,
    _signed,
    _where,
)


@dataclass(frozen=True)
class Aoe(Ability):
    """With ``dice``, the strength is the roll plus ``points``; a roll listed in ``fails_on`` does nothing."""

    kind: ClassVar[str] = "aoe"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4", "PRI-4")
    points: int = 0
    type: AoeType = AoeType.PLAIN
    timing: Timing = Timing.PRIMARY
    hits: Selector | None = None
    both_sides: bool = False
    # Strikes its owner's own combat hand instead of the opponent's.
    own_hand: bool = False
    dice: Dice | None = None
    fails_on: tuple[int, ...] = ()
    per_count: int = 0
    counting: str = ""

    def __post_init__(self) -> None:
        if self.per_count and not self.counting:
            raise ValueError("per_count needs 'counting' (what the set-up count means)")

    def describe(self) -> str:
        growth = (
            f" It grows by {self.per_count} point(s) for each of {self.counting} (a count the set-up gives)."
            if self.per_count
            else ""
        )
        return self._describe() + growth

    def _describe(self) -> str:
        label = "" if self.type is AoeType.PLAIN else f"{self.type.value} "
        when = "as its command" if self.timing is Timing.COMMAND else "when it fights a primary match-up"
        if self.dice is not None:
            plus = f" + {self.points}" if self.points else ""
            fails = f"; a roll of {', '.join(map(str, self.fails_on))} does nothing" if self.fails_on else ""
            return f"AOE of {self.dice}{plus} points ({label}{when}){fails}: hits creatures up to that Vitality."
        reach = f" ({self.hits.describe()} only)" if self.hits else ""
        sides = (
            "its owner's own combat hand"
            if self.own_hand
            else "every combat hand"
            if self.both_sides
            else "the opponent's combat hand"
        )
        effect = "sets them aside out of play" if self.type is AoeType.METHANE else "discards them"
        return (
            f"{self.points}-point {label}AOE {when}: hits creatures of Vitality {self.points} or less"
            f"{reach} in {sides} and {effect}."
        )


@dataclass(frozen=True)
class DispelsOpposingCommand(Ability):
    """As a command: cancels the opposing command (A-14). With a ``cost`` (a Shield's rule), its owner may
    pay that many Power Stones at CMD-3 to cancel it: the set-up's choice ``dispel`` takes the offer."""

    kind: ClassVar[str] = "dispels_opposing_command"
    steps: ClassVar[tuple[str, ...]] = ("CMD-3",)
    cost: int = 0
    # The card goes up with the command it cancels (Exploding Tweezle): both are destroyed, so an opposing command
    # creature is lost and does not count for control.
    destroys: bool = False
    # Playable as the command card only by the attacking side.
    attacking_only: bool = False

    def offer(self) -> Offer | None:
        return Offer.OPTION if self.cost else None

    def option_words(self) -> tuple[str, ...]:
        return ("dispel", "keep") if self.cost else ()

    def describe(self) -> str:
        if self.cost:
            return (
                f"Once the command cards are revealed, its owner may pay {self.cost} Power Stone(s) to cancel the "
                "opposing command card, whatever its Up number (a set-up choice: dispel; none is made by default)."
            )
        if self.destroys:
            who = " (only when its side attacks)" if self.attacking_only else ""
            return (
                f"Command{who}: cancels the opponent's command card, whatever its Up number, and destroys it together "
                "with itself; a command creature destroyed so is lost and does not count for control."
            )
        return "Command: cancels the opponent's command card, whatever its Up number."


@dataclass(frozen=True)
class CancelsAoe(Ability):
    """A Shield's rule: its owner may pay ``cost`` Power Stones to cancel the AOE an opposing creature fires,
    as its command (CMD-4) or in a primary match-up (PRI-4); the set-up's choice names that creature."""

    kind: ClassVar[str] = "cancels_aoe"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4", "PRI-4")
    cost: int = 1

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            f"Its owner may pay {self.cost} Power Stone(s) to cancel the AOE an opposing creature fires, as its "
            "command or in a primary match-up (a set-up choice names that creature; none is cancelled by default)."
        )


@dataclass(frozen=True)
class CommandTerrain(Ability):
    kind: ClassVar[str] = "command_terrain"
    terrain: Terrain

    def describe(self) -> str:
        return f"Command: the space counts as {self.terrain.value} for the rest of the combat."


@dataclass(frozen=True)
class CommandBonus(Ability):
    kind: ClassVar[str] = "command_bonus"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4", "PRI-6")
    amount: int
    against: Selector | None = None
    to: Selector | None = None
    terrain: Terrain | None = None
    when: When = When.PRIMARY
    first_only: bool = False
    rising: bool = False

    def describe(self) -> str:
        target = f" against {self.against.describe()}" if self.against else ""
        who = f"its side's {self.to.describe()}" if self.to else "every creature of its side"
        if self.first_only:
            who = f"the first of {who} played after it"
        scope = {
            When.PRIMARY: "in primary match-ups",
            When.SECONDARY: "when they make a secondary attack",
            When.BOTH: "in primary match-ups and secondary attacks",
        }[self.when]
        amount = (
            f"{_signed(self.amount)} Vitality for each match-up number (+{self.amount} in the first, "
            f"+{2 * self.amount} in the second, ...)"
            if self.rising
            else f"{_signed(self.amount)} Vitality"
        )
        return f"Command: {who} get {amount}{target} {scope}{_where(self.terrain)}."


@dataclass(frozen=True)
class DestroyedWhenCommanding(Ability):
    kind: ClassVar[str] = "destroyed_when_commanding"

    def describe(self) -> str:
        return "When its command takes effect, the card itself is destroyed."


@dataclass(frozen=True)
class CommandAnnouncement(Ability):
    """A command that makes the opponent reveal something before creatures are picked.

    ``conflict`` names the group of commands that cannot all be obeyed at once: two commands that
    each make the other side declare first contradict each other (command example 2)."""

    kind: ClassVar[str] = "command_announcement"
    announce: str
    conflict: str = ""
    # The opponent may refuse and lose this many Power Stones instead (Tweezle the Sneaky): a choice written on
    # the card's side (``choices=<card>:show|pay``, rule 11.4.6); by default he shows, which costs nothing counted.
    or_stones: int = 0

    def offer(self) -> Offer | None:
        return Offer.OPTION if self.or_stones else None

    def option_words(self) -> tuple[str, ...]:
        return ("show", "pay") if self.or_stones else ()

    def describe(self) -> str:
        if self.or_stones:
            return (
                f"Command: the opponent must {self.announce} (a set-up choice, show or pay: by default he shows; "
                f"paying, he loses {self.or_stones} Power Stone(s))."
            )
        return f"Command: for the whole combat the opponent must {self.announce}."


@dataclass(frozen=True)
class CommandPlayFirst(Ability):
    kind: ClassVar[str] = "command_play_first"
    target: Selector

    def describe(self) -> str:
        return f"Command: the opponent shows and must play {self.target.describe()} before any other creature."


@dataclass(frozen=True)
class Dispel(Ability):
    kind: ClassVar[str] = "dispel"
    steps: ClassVar[tuple[str, ...]] = ("CMD-3", "PRI-2")

    def describe(self) -> str:
        return "Cancels a spell, an item or a command card's effect (never channelling)."


@dataclass(frozen=True)
class DestroyTerrain(Ability):
    kind: ClassVar[str] = "destroy_terrain"

    def describe(self) -> str:
        return "Any time: destroys a terrain card, so the fight has no terrain from then on."


@dataclass(frozen=True)
class CommandRelocates(Ability):
    """Command, defender only: the combat moves to the space the attacker came from; the set-up's choice
    names that space's terrain."""

    kind: ClassVar[str] = "command_relocates"

    def offer(self) -> Offer | None:
        return Offer.TERRAIN

    def describe(self) -> str:
        return (
            "Command, for the defender only: the combat moves to the space the attacking shield came from. That "
            "space's terrain is a set-up choice (a terrain type, a terrain card, face-down or none; none by default). "
            "The defender no longer stands on its stronghold, so no defence bonus applies."
        )


@dataclass(frozen=True)
class JoinsFromTerrain(Ability):
    """Command: a creature lying face down as the space's terrain card, once its owner's, joins his combat hand."""

    kind: ClassVar[str] = "joins_from_terrain"

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def option_words(self) -> tuple[str, ...]:
        return ("use",)

    def describe(self) -> str:
        return (
            "Command: if the space's terrain is a face-down card that was once one of its owner's creatures (the "
            "set-up names it), he may take that creature into his combat hand to fight for him (the set-up's "
            "choice 'use'; by default it stays terrain). Once picked up, the space has no terrain card."
        )


@dataclass(frozen=True)
class DestroysCommandCard(Ability):
    """After its primary match-up, a side's command card is destroyed: its ongoing effect ends, and a command
    creature is lost. ``lead_over_vitality``: only when the lead beats that card's Vitality (Up number)."""

    kind: ClassVar[str] = "destroys_command_card"
    outcome: Outcome
    who: Sides = Sides.OPPONENT
    lead_over_vitality: bool = False
    creature_only: bool = False

    def __post_init__(self) -> None:
        if self.who is Sides.BOTH:
            raise ValueError("destroys_command_card: 'who' is 'own' or 'opponent'")

    def describe(self) -> str:
        event = (
            "When it beats its primary opponent"
            if self.outcome is Outcome.BEATS
            else "When it is beaten in a primary match-up"
        )
        whose = "its own side's" if self.who is Sides.OWN else "the opposing"
        if self.lead_over_vitality:
            event += f" by more than the Vitality of {whose} command card (a spell's or item's Up number)"
            whose = "that"
        which = " if that card is a creature" if self.creature_only else ""
        return f"{event}, {whose} command card is destroyed{which}: its effect ends and it does not count."


@dataclass(frozen=True)
class ForbidsCommands(Ability):
    kind: ClassVar[str] = "forbids_commands"

    def describe(self) -> str:
        return "No command card may be played in a combat here."


@dataclass(frozen=True)
class CommandCard(Ability):
    """A spell or item whose text says it is played as the command card."""

    kind: ClassVar[str] = "command_card"
    steps: ClassVar[tuple[str, ...]] = ("CMD-1",)

    def describe(self) -> str:
        return "Played as the command card of a combat."


@dataclass(frozen=True)
class CommandSideline(Ability):
    kind: ClassVar[str] = "command_sideline"
    target: Selector
    both_sides: bool = True
    cost: int = 0
    # One opposing card drawn at random (named by the set-up's choices) and the command card itself.
    picked: bool = False

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE if self.picked else None

    def describe(self) -> str:
        if self.picked:
            return (
                "Command: one card drawn at random from the opponent's combat hand (a set-up choice) and this "
                "card itself can neither fight nor count for control; secondary attackers may still attack either."
            )
        hands = "the combat on either side" if self.both_sides else "the opponent's combat hand or command"
        cost = f" (costs {self.cost} Power Stone{'s' if self.cost != 1 else ''})" if self.cost else ""
        return (
            f"Command{cost}: {self.target.describe()} still in {hands} are set aside: they cannot fight or count "
            "for control, but they can be attacked."
        )


@dataclass(frozen=True)
class PlayRestriction(Ability):
    kind: ClassVar[str] = "play_restriction"
    must: Restriction

    def describe(self) -> str:
        if self.must is Restriction.COMMAND:
            return "It can be played only as the command card."
        return "If it fights, it must be its side's first primary creature."


@dataclass(frozen=True)
class ForbidsCasting(Ability):
    """While it is in play (with ``command_only``: as the active command), the reached side(s) may
    not play cards of the kind ``casting``."""

    kind: ClassVar[str] = "forbids_casting"
    casting: Castable = Castable.SPELL
    sides: Sides = Sides.BOTH
    command_only: bool = False
    # Only the cards of that kind that match (a terrain card that bans Dispel Magic on its space).
    only: Selector | None = None

    def describe(self) -> str:
        who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "no player"}[self.sides]
        verb = "may play" if self.sides is Sides.BOTH else "may not play"
        what = {Castable.SPELL: "spells (Dispel Magic included)", Castable.HAND_ITEM: "hand magic items"}[self.casting]
        if self.only is not None:
            what = self.only.describe()
        start = "Command: for the whole combat" if self.command_only else "While it is in play"
        return f"{start} {who} {verb} {what}."


@dataclass(frozen=True)
class Undispellable(Ability):
    kind: ClassVar[str] = "undispellable"

    def describe(self) -> str:
        return "Its command cannot be dispelled, by Dispel Magic or by another command."


@dataclass(frozen=True)
class UpCardDuel(Ability):
    """Command: a card picked from the opposing combat hand is destroyed when the opponent's Up card (a
    creature; its Vitality is a set-up count) has the lower base Vitality."""

    kind: ClassVar[str] = "up_card_duel"
    counting: str = "the base Vitality of the opponent's Up card this turn"
    needs_count: ClassVar[bool] = True

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            "Command: if the opponent's Up card is a creature, its player picks a creature from the opponent's "
            "combat hand (a set-up choice; none is picked if none is given); if the Up card's base Vitality (a "
            "set-up count) is lower than the picked card's, the picked card is destroyed."
        )


@dataclass(frozen=True)
class Detonates(Ability):
    """Command: its side may blow up one of its creatures in a primary match-up, destroying both."""

    kind: ClassVar[str] = "detonates"
    target: Selector | None = None

    def offer(self) -> Offer | None:
        return Offer.OWN_CREATURE

    def describe(self) -> str:
        who = self.target.describe() if self.target else "creature"
        return (
            f"Command: its side may blow up one of its {who} when it meets its primary opponent: both creatures of "
            "that match-up are destroyed (the set-up's choice names the creature)."
        )


class Announced(str, Enum):
    """What a first-creature announcement names, read off the creature the opponent then plays first."""

    SIZE = "size"
    BORDER = "border"


@dataclass(frozen=True)
class Announcement(Ability):
    """An announcement while the card is in play; the set-up's play order already reflects it. With
    ``first_only`` (a Shield's rule) only the opponent's first primary creature is announced, and the log
    names what was said (``what``) at the first reveal."""

    kind: ClassVar[str] = "announcement"
    steps: ClassVar[tuple[str, ...]] = ("PRI-0",)
    announce: str = ""
    first_only: bool = False
    what: Announced | None = None

    def __post_init__(self) -> None:
        if self.first_only and self.what is None:
            raise ValueError("'first_only' needs 'what' (size or border: what the opponent says of that creature)")

    def describe(self) -> str:
        if self.first_only and self.what is not None:
            return (
                f"Before the first primary match-up the opponent must say the {self.what.value} of the creature he "
                "will play first; only the play order depends on it, and the set-up gives that order."
            )
        return (
            f"While it is in play the opponent must {self.announce}; only the play order depends on it, and the "
            "set-up gives that order."
        )


@dataclass(frozen=True)
class ForcedFirstAnswer(Ability):
    """Command: its side shows its first primary creature; the opponent must answer with his highest
    base-Vitality creature whose base Vitality is below the shown one's (ruling ENG-15)."""

    kind: ClassVar[str] = "forced_first_answer"

    def describe(self) -> str:
        return (
            "Command: in the first match-up its side lays its creature first, and the opponent must answer with the "
            "creature of highest base Vitality among those whose base Vitality is lower than the shown creature's "
            "(any of them on a tie; a free choice when none is lower). The set-up's first match-up is checked "
            "against this."
        )


@dataclass(frozen=True)
class CommandGuess(Ability):
    """Command: in each primary match-up, once both creatures are picked face down, ``guesser`` guesses the
    ``guesses`` of the other side's hidden creature; the owner's creature gets ``amount`` on a right guess
    (``on_right``) or on a wrong one. The guesses are a set-up choice, one per match-up (ruling ENG-12)."""

    kind: ClassVar[str] = "command_guess"
    amount: int
    guesses: Guessed
    guesser: Sides = Sides.OPPONENT
    on_right: bool = False

    def __post_init__(self) -> None:
        if self.guesser is Sides.BOTH:
            raise ValueError("command_guess: 'guesser' is 'own' or 'opponent'")

    def offer(self) -> Offer | None:
        return Offer.GUESSES

    def option_words(self) -> tuple[str, ...]:
        if self.guesses is Guessed.BORDER:
            return tuple(border.value for border in Border)
        return ("small", "medium", "large")

    def describe(self) -> str:
        who = "the opponent" if self.guesser is Sides.OPPONENT else "its owner"
        whose = "its side's" if self.guesser is Sides.OPPONENT else "the opposing"
        what = "border colour" if self.guesses is Guessed.BORDER else "size (Small, Medium or Large)"
        when = "right" if self.on_right else "wrong"
        default = "wrong" if self.on_right else "right"
        return (
            f"Command: in each primary match-up, after both creatures are picked face down, {who} guesses the {what} "
            f"of {whose} creature; if the guess is {when}, its side's creature gets {_signed(self.amount)} Vitality. "
            f"The guesses are a set-up choice, one per match-up in order ({', '.join(self.option_words())}, joined "
            f"by hyphens); a match-up with no guess given counts as a {default} guess."
        )


@dataclass(frozen=True)
class StoneBid(Ability):
    """Command: the players bid Power Stones for the space; the higher bid holds it, its bidder burns the
    bid, the combat is cancelled and this card is discarded (ruling ENG-12)."""

    kind: ClassVar[str] = "stone_bid"
    opening: int = 1

    def offer(self) -> Offer | None:
        return Offer.BIDS

    def describe(self) -> str:
        return (
            f"Command: the players bid Power Stones for the space, its owner opening at {self.opening}; whoever "
            "outbids the other burns his bid and holds the space, the combat is cancelled with no match-up fought, "
            "and this card is discarded. The final bids are a set-up choice, owner's then opponent's ('3-4'; 0 for "
            f"an opponent who never raises); with none given, the owner bids {self.opening} and the opponent does "
            "not raise."
        )


@dataclass(frozen=True)
class CommandFight(Ability):
    """Command: its creature fights the opposing command creature before the commands take effect
    (rule ENG-14); if it wins, the opposing command never takes effect."""

    kind: ClassVar[str] = "command_fight"

    def describe(self) -> str:
        return (
            "Command: if the opposing command card is a creature, this creature fights it before either command "
            "takes effect (printed Vitality plus each one's own text bonuses, off-colour bonus and terrain "
            "modifier). The loser is beaten; if this creature wins, the opposing command has no effect."
        )


@dataclass(frozen=True)
class AttacksCommandCard(Ability):
    """As a primary attacker its owner may switch it to the opposing command creature (the set-up's choice
    ``card:command``); the abandoned opponent is left unchallenged (rule ENG-10)."""

    kind: ClassVar[str] = "attacks_command_card"

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def option_words(self) -> tuple[str, ...]:
        return ("command", "opponent")

    def describe(self) -> str:
        return (
            "When it is played as a primary attacker, its owner may leave its match-up opponent and have it fight "
            "the opposing command card instead, if that card is a creature (the set-up's choice 'command'; by "
            "default it fights its opponent). The left opponent stays on the table unchallenged; a command creature "
            "beaten this way does not count, and its command ends."
        )


@dataclass(frozen=True)
class StealsCommand(Ability):
    """Command: an opposing Spell or Item command is dispelled and works for this side instead."""

    kind: ClassVar[str] = "steals_command"

    def describe(self) -> str:
        return (
            "Command: if the opposing command card is a Spell or an Item, it is dispelled and its command ability "
            "works for this card's side instead, for as long as this card's own command stands."
        )


@dataclass(frozen=True)
class PensChannellers(Ability):
    """Command: its side pays ``cost`` Power Stones and every opposing creature lying under a Stronghold card or
    Upgrade (the set-up's channellers) goes back to the opponent's Creature Pen before the primaries."""

    kind: ClassVar[str] = "pens_channellers"
    cost: int = 1

    def describe(self) -> str:
        return (
            f"Command: its side pays {self.cost} Power Stone(s) and the opponent must move every creature kept under "
            "his Stronghold cards or Upgrades to his Creature Pen before the primaries, so none of them can channel "
            "in this combat (no effect if the stones cannot be paid)."
        )


@dataclass(frozen=True)
class LowestFirst(Ability):
    """CMD-4 / PRI-0: as the command, both players play their primary creatures from the lowest printed Vitality
    up (Wheel of Law): each side's play order is sorted so, ties keeping the order given; ranged support and every
    other use of a creature are unchanged."""

    kind: ClassVar[str] = "lowest_first"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4", "PRI-0")

    def describe(self) -> str:
        return (
            "Command: both players play their creatures in the primary match-ups from the lowest Vitality up (equal "
            "ones in the order given); ranged attacks work as usual."
        )


@dataclass(frozen=True)
class ZeroBaseVitality(Ability):
    """CMD-4: as the command, every creature in the combat that is not a Guardian counts as base Vitality 0 for the
    rest of it (40,000 Useless Warhammers): its fights, the AOEs it meets and its count for control (RES-2, which
    counts the base Vitality) all start from 0; what it costs against the stacking limit is unchanged, and bonuses,
    channelling and ranged attacks add to 0 as they would to the printed number."""

    kind: ClassVar[str] = "zero_base_vitality"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4", "RES-2")

    def describe(self) -> str:
        return (
            "Command: for the rest of the combat every creature except a Guardian has base Vitality 0; bonuses, "
            "channelled points and ranged attacks still add to it."
        )


@dataclass(frozen=True)
class RicherHandDiscards(Ability):
    """CMD-4: as the command, both combat hands' creature Vitality is compared (Obelisk of Bablos); if the
    opponent's is higher, he discards creatures of his hand worth at least ``at_least`` Vitality (all of them if they
    are worth less). Guardians are neither counted nor discarded. Which creatures: the site's reading gives the
    opponent the smallest loss that reaches the amount (fewest creatures on equal loss, then the play order)."""

    kind: ClassVar[str] = "richer_hand_discards"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4",)
    at_least: int

    def __post_init__(self) -> None:
        if self.at_least <= 0:
            raise ValueError("'at_least' must be positive")

    def describe(self) -> str:
        return (
            "Command: the combat hands' creature Vitality is compared; if the opponent's is higher, he discards "
            f"creatures worth at least {self.at_least} Vitality (the smallest such loss; Guardians are left alone)."
        )


@dataclass(frozen=True)
class SharesFirstTerrainBonus(Ability):
    """CMD-4 / PRI-8: while this command stands (Tablet of Ancathus), each other creature of its side fights with
    the terrain modifier its side's first primary creature has where the fight is, instead of its own. The text
    asks that the first creature live through the combat; the site's reading checks it when each other creature's
    terrain modifier counts: still standing then, the swap applies, and a fight already decided stays decided if it
    falls later."""

    kind: ClassVar[str] = "shares_first_terrain_bonus"
    steps: ClassVar[tuple[str, ...]] = ("CMD-4", "PRI-8")

    def describe(self) -> str:
        return (
            "Command: while your first primary creature is still standing, each of your other creatures uses that "
            "creature's terrain bonus or penalty where the fight is, instead of its own."
        )
