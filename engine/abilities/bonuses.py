"""Abilities that change a creature's total in a match-up (PRI-5 to PRI-8) or what its text box does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dice import Dice
from ..enums import AttackType, Border, Terrain, Timing
from ..selectors import Selector
from .base import (
    Ability,
    Offer,
    Per,
    Scope,
    SideRole,
    Sides,
    Suppressed,
    TextScope,
    When,
    _more_or_less,
    _signed,
    _where,
)


@dataclass(frozen=True)
class TerrainModifier(Ability):
    kind: ClassVar[str] = "terrain_modifier"
    steps: ClassVar[tuple[str, ...]] = ("PRI-8", "SEC-4")
    terrain: Terrain
    amount: int

    def describe(self) -> str:
        return f"{_signed(self.amount)} Vitality when the fight is in {self.terrain.value}."


@dataclass(frozen=True)
class Bonus(Ability):
    """A printed bonus of the creature itself, optionally only against some opponents."""

    kind: ClassVar[str] = "bonus"
    amount: int
    against: Selector | None = None
    when: When = When.BOTH
    terrain: Terrain | None = None
    no_terrain: bool = False
    side_role: SideRole | None = None
    per: Per | None = None
    counting: str = ""
    of: Selector | None = None
    partner: Selector | None = None
    face_down_terrain: bool = False
    # A bonus the creature has for being of this class: a class bonus, which a card in play can take away (ENG-13).
    as_class: Selector | None = None

    def __post_init__(self) -> None:
        if self.per is Per.COUNT and not self.counting:
            raise ValueError("per 'count' needs 'counting' (what the set-up count means)")
        if self.per is Per.BEATEN_EARLIER and self.of is None:
            raise ValueError("per 'beaten_earlier' needs 'of' (which beaten creatures count)")

    def describe(self) -> str:
        target = f" against {self.against.describe()}" if self.against else ""
        scope = {
            When.PRIMARY: " in primary match-ups",
            When.SECONDARY: " when it makes a secondary attack",
            When.BOTH: "",
        }
        each = {
            None: "",
            Per.COUNT: f" for each of {self.counting} (a count the set-up gives)",
            Per.MATCHUPS_FOUGHT: " for each primary match-up already fought in this combat",
            Per.BEATEN_EARLIER: f" for each of {self.of.describe() if self.of else ''} beaten or destroyed earlier in this combat",
            Per.PREVIOUS_OPPONENT: (
                " for each point of the printed Vitality of the creature the opponent played in the previous match-up"
            ),
            Per.SINGLE_BORDERED_IN_HAND: (
                " for each other single-bordered card (creature) still in its side's combat hand when it is played"
            ),
        }[self.per]
        partner = (
            f" when its side's creature that fought the target in the primaries was one of {self.partner.describe()}"
            if self.partner
            else ""
        )
        where = _where(self.terrain, self.no_terrain, self.side_role)
        if self.face_down_terrain:
            where += " while the space's terrain is a card laid face down"
        if self.as_class:
            where += f" (a class bonus: it has it as one of {self.as_class.describe()})"
        return f"{_signed(self.amount)} Vitality{each}{target}{scope[self.when]}{partner}{where}."


@dataclass(frozen=True)
class Immunity(Ability):
    kind: ClassVar[str] = "immunity"
    steps: ClassVar[tuple[str, ...]] = ("AOE-3", "PRI-5")
    attack_type: AttackType | None = None
    against: Selector | None = None
    aoe: bool = False
    ranged: bool = False
    terrain: Terrain | None = None

    def describe(self) -> str:
        if self.terrain is not None:
            return self._describe().rstrip(".") + _where(self.terrain) + "."
        return self._describe()

    def _describe(self) -> str:
        if self.aoe:
            return "Immune to every AOE attack."
        if self.ranged:
            return "Immune to ranged attacks: ranged support against it adds nothing."
        if self.attack_type is not None:
            return f"Immune to {self.attack_type.value} attacks, including {self.attack_type.value} AOEs."
        assert self.against is not None
        return f"Immune to {self.against.describe()}: such an opponent is turned and does no damage."


@dataclass(frozen=True)
class AttackKind(Ability):
    kind: ClassVar[str] = "attack_type"
    steps: ClassVar[tuple[str, ...]] = ("AOE-3", "PRI-5")
    type: AttackType

    def describe(self) -> str:
        return f"Its attack is {self.type.value}-based."


@dataclass(frozen=True)
class RolledBonus(Ability):
    """A bonus of a die roll (given in the set-up) plus ``plus``."""

    kind: ClassVar[str] = "rolled_bonus"
    dice: Dice
    plus: int = 0
    when: When = When.PRIMARY

    def describe(self) -> str:
        plus = f" + {self.plus}" if self.plus else ""
        scope = {
            When.PRIMARY: " in primary match-ups",
            When.SECONDARY: " when it makes a secondary attack",
            When.BOTH: "",
        }
        return f"Gets {self.dice}{plus} Vitality{scope[self.when]} (the roll is part of the set-up)."


@dataclass(frozen=True)
class RolledDefence(Ability):
    """A stronghold whose defence bonus is rolled once per combat."""

    kind: ClassVar[str] = "rolled_defence"
    steps: ClassVar[tuple[str, ...]] = ("PRI-6",)
    dice: Dice
    plus: int = 0

    def describe(self) -> str:
        plus = f" + {self.plus}" if self.plus else ""
        return (
            f"Defending creatures get {self.dice}{plus}, rolled once for the combat (the roll is part of the set-up)."
        )


@dataclass(frozen=True)
class SideBonus(Ability):
    """While this creature is in play (revealed in the primaries and not bribed or destroyed),
    creatures of the reached side that match ``to`` get the bonus against opponents matching
    ``against``."""

    kind: ClassVar[str] = "side_bonus"
    amount: int
    to: Selector | None = None
    against: Selector | None = None
    sides: Sides = Sides.OWN
    includes_self: bool = False
    until_beaten: bool = False
    command_only: bool = False
    once_beaten: bool = False

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "all"}[self.sides]
        if self.once_beaten:
            target = self.to.describe() if self.to else "creatures"
            return (
                f"Once it has been beaten (in play, not bribed or destroyed), {who} {target} get "
                f"{_signed(self.amount)} Vitality in their later primary match-ups."
            )
        if self.command_only:
            target = self.to.describe() if self.to else "creatures"
            versus = f" against {self.against.describe()}" if self.against else ""
            return f"Command: {who} {target} get {_signed(self.amount)} Vitality{versus} in primary match-ups."
        target = self.to.describe() if self.to else "creatures"
        versus = f" against {self.against.describe()}" if self.against else ""
        self_note = " (itself included)" if self.includes_self else " (not itself)"
        until = " until it is beaten" if self.until_beaten else ""
        return f"While it is in play{until}, {who} {target}{self_note} get {_signed(self.amount)} Vitality{versus} in primary match-ups."


@dataclass(frozen=True)
class OcbModifier(Ability):
    """While this card is in play, an off-colour bonus that applies to a creature of the reached side is
    ``amount`` larger (or smaller, never below 0): in primary match-ups and in secondary attacks alike."""

    kind: ClassVar[str] = "ocb_modifier"
    steps: ClassVar[tuple[str, ...]] = ("PRI-7", "SEC-4")
    amount: int
    sides: Sides = Sides.OWN

    def __post_init__(self) -> None:
        if not self.amount:
            raise ValueError("'amount' must not be 0 (an ocb_modifier that changes nothing)")

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "every"}[self.sides]
        return (
            f"While it is in play, whenever one of {who} creatures gets its off-colour bonus (in a primary match-up "
            f"or a secondary attack), that bonus is {_more_or_less(self.amount)}"
            f"{' (never below 0)' if self.amount < 0 else ''}."
        )


@dataclass(frozen=True)
class TerrainBonusModifier(Ability):
    """While this card is in play, each terrain bonus (a positive terrain modifier that applies where the fight
    is) of a creature of the reached side is ``amount`` larger or smaller; a bonus is never taken below 0
    and penalties are not touched (PRI-8, and SEC-4 for a secondary attacker)."""

    kind: ClassVar[str] = "terrain_bonus_modifier"
    steps: ClassVar[tuple[str, ...]] = ("PRI-8", "SEC-4")
    amount: int
    sides: Sides = Sides.OWN

    def __post_init__(self) -> None:
        if not self.amount:
            raise ValueError("'amount' must not be 0 (a terrain_bonus_modifier that changes nothing)")

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "every"}[self.sides]
        floor = " (never below 0; penalties are not touched)" if self.amount < 0 else " (penalties are not touched)"
        return (
            f"While it is in play, each terrain bonus of {who} creatures is {_more_or_less(self.amount)} wherever "
            f"it applies{floor}."
        )


@dataclass(frozen=True)
class AttackBoost(Ability):
    """While this creature is in play, every attack of ``attack_type`` is ``amount`` stronger: creatures
    with that attack (in primaries and secondary attacks) and AOEs of that type."""

    kind: ClassVar[str] = "attack_boost"
    attack_type: AttackType
    amount: int
    sides: Sides = Sides.BOTH

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "every"}[self.sides]
        return (
            f"While it is in play, {who} {self.attack_type.value}-based attack is {_signed(self.amount)} stronger: each "
            f"creature with a {self.attack_type.value}-based attack (itself included) gets {_signed(self.amount)} "
            f"Vitality in primary match-ups and secondary attacks, and each {self.attack_type.value} AOE hits "
            f"{self.amount} point(s) higher."
        )


@dataclass(frozen=True)
class TerrainEverywhere(Ability):
    """While this creature is in play and unbeaten, its side's other creatures get their terrain bonus
    whatever the terrain (rule ENG-13 says which one)."""

    kind: ClassVar[str] = "terrain_everywhere"
    until_beaten: bool = True

    def describe(self) -> str:
        return (
            "While it is in play and unbeaten, each other creature of its side gets its best terrain bonus wherever "
            "it fights (its largest printed terrain bonus, unless the real terrain already gives it more); penalties "
            "of the real terrain still apply."
        )


@dataclass(frozen=True)
class PushMargin(Ability):
    """An opponent beats this creature only by leading by at least ``margin``; less is a push."""

    kind: ClassVar[str] = "push_margin"
    steps: ClassVar[tuple[str, ...]] = ("PRI-11",)
    margin: int
    terrain: Terrain | None = None
    # With ``to`` the margin protects its side's creatures of that kind while this card is in play.
    to: Selector | None = None
    command_only: bool = False

    def describe(self) -> str:
        if self.to is not None:
            when = "Command" if self.command_only else "While it is in play"
            return (
                f"{when}: in primary match-ups an opponent beats its side's {self.to.describe()} only by leading by "
                f"{self.margin} or more; a smaller lead is a push."
            )
        where = f"In {self.terrain.value}, an" if self.terrain else "An"
        return f"{where} opponent beats it only by leading by {self.margin} or more; a smaller lead is a push."


@dataclass(frozen=True)
class WinsPushes(Ability):
    kind: ClassVar[str] = "wins_pushes"
    steps: ClassVar[tuple[str, ...]] = ("PRI-11",)

    def describe(self) -> str:
        return "Its side wins every primary match-up that would otherwise be a push."


@dataclass(frozen=True)
class Harmless(Ability):
    kind: ClassVar[str] = "harmless"

    def describe(self) -> str:
        return (
            "Every creature is immune to it: in a primary match-up it is turned and cannot beat anything, and as a "
            "secondary attacker it adds nothing."
        )


@dataclass(frozen=True)
class BlankText(Ability):
    kind: ClassVar[str] = "blank_text"
    scope: TextScope = TextScope.OPPONENT
    cost: int = 0

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE if self.scope is TextScope.CHOSEN else None

    def describe(self) -> str:
        if self.scope is TextScope.CHOSEN:
            price = f"paying {self.cost} Power Stone(s)" if self.cost else "at no cost"
            return (
                f"Command: in one primary match-up its owner may blank the opposing creature's text box, {price}, for "
                "the rest of the combat; ranged attacks are not touched (the set-up's choice names the opposing "
                "creature; none named, it is not used)."
            )
        if self.scope is TextScope.ALL:
            return "Command: every creature's text box is blank for the rest of the combat (stats still count)."
        return "The creature it faces in a primary match-up has a blank text box for the rest of the combat."


@dataclass(frozen=True)
class Suppresses(Ability):
    kind: ClassVar[str] = "suppresses"
    what: Suppressed
    scope: Scope = Scope.MATCHUP
    protects: Selector | None = None
    command_only: bool = False

    def describe(self) -> str:
        effect = {
            Suppressed.STRONGHOLD_BONUS: "stronghold defence bonus",
            Suppressed.OCB: "off-colour bonus",
            Suppressed.AOE: "AOE",
            Suppressed.CLASS_BONUS: "Vitality bonus tied to a creature class",
        }[self.what]
        if self.scope is Scope.MATCHUP:
            whose = "its" if self.what is not Suppressed.STRONGHOLD_BONUS else "the"
            return f"The creature it faces in a primary match-up loses {whose} {effect}."
        protected = self.protects.describe() if self.protects else "creatures"
        if self.what is Suppressed.CLASS_BONUS:
            return (
                f"While it is in play, the opponent's creatures get no {effect} (a bonus for being of a class, or "
                "against, beside or for counting creatures of a class), from any card."
            )
        if self.command_only:
            return f"Command: opposing creatures get no {effect} against its side's {protected}."
        return f"While it is in play, opposing creatures get no {effect} against its side's {protected}."


@dataclass(frozen=True)
class StartsAsPush(Ability):
    """In its primary match-ups (against ``against``), the totals the printed cards give are made
    equal before the players' own additions (ranged attacks, channelling) decide it."""

    kind: ClassVar[str] = "starts_as_push"
    steps: ClassVar[tuple[str, ...]] = ("PRI-11",)
    against: Selector | None = None

    def describe(self) -> str:
        versus = f" against {self.against.describe()}" if self.against else ""
        return (
            f"In a primary match-up{versus}, the result starts as a push: the totals from the cards are made equal, "
            "and only ranged attacks and channelling added afterwards can decide it."
        )


@dataclass(frozen=True)
class SizeChoice(Ability):
    """Its owner may shrink it while it is face up; the chosen size is a set-up choice."""

    kind: ClassVar[str] = "size_choice"
    medium: int = 0
    small: int = 0

    def option_words(self) -> tuple[str, ...]:
        return ("large", "medium", "small")

    def offer(self) -> Offer | None:
        return Offer.SIZE

    def describe(self) -> str:
        return (
            f"Its owner may make it Medium ({_signed(self.medium)} Vitality) or Small ({_signed(self.small)}) "
            "while it is face up; size-based effects see the chosen size (a set-up choice; Large if none is given)."
        )


@dataclass(frozen=True)
class ClassChoice(Ability):
    """A creature class its owner names replaces the classes of the creatures it reaches."""

    kind: ClassVar[str] = "class_choice"
    who: Sides = Sides.OWN
    target: Selector | None = None
    timing: Timing = Timing.COMMAND
    until_primaries_end: bool = False

    def offer(self) -> Offer | None:
        return Offer.CLASS

    def describe(self) -> str:
        whose = "its side's" if self.who is Sides.OWN else "the opponent's"
        reach = f"{whose} {self.target.describe()}" if self.target else f"{whose} creatures"
        if self.timing is Timing.PRIMARY:
            reach = "its side's creature in the current primary match-up"
            when = "Cast in a primary match-up"
        else:
            when = "Command"
        until = "until the primary match-ups end" if self.until_primaries_end else "for the rest of the combat"
        return f"{when}: {reach} count as a creature class its owner names {until} (a set-up choice)."


@dataclass(frozen=True)
class SharedClass(Ability):
    """Every primary attacker of its side takes the classes of that side's first match-up creature."""

    kind: ClassVar[str] = "shared_class"

    def describe(self) -> str:
        return (
            "Command: every primary attacker of its side counts as the creature class(es) of the side's "
            "first match-up creature."
        )


@dataclass(frozen=True)
class GrantsImmunity(Ability):
    """While it is in play, creatures matching ``to`` (of the reached sides; with ``later_only``
    only those played in later match-ups) are immune to ``attack_type``."""

    kind: ClassVar[str] = "grants_immunity"
    attack_type: AttackType
    to: Selector | None = None
    sides: Sides = Sides.BOTH
    later_only: bool = True

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "all"}[self.sides]
        target = self.to.describe() if self.to else "creatures"
        later = " played in later match-ups" if self.later_only else ""
        return f"While it is in play, {who} {target}{later} are immune to {self.attack_type.value} attacks."


@dataclass(frozen=True)
class FixesRolls(Ability):
    """While its creature is in play and unbeaten, every six-sided die counts as this value."""

    kind: ClassVar[str] = "fixes_rolls"
    value: int = 1

    def describe(self) -> str:
        return f"While it is in play and unbeaten, every d6 rolled in the combat counts as {self.value}, whatever the dice show."


@dataclass(frozen=True)
class Reroll(Ability):
    """A reroll is the player's business at the table: the set-up gives the roll that is finally kept."""

    kind: ClassVar[str] = "reroll"
    times: int = 1

    def describe(self) -> str:
        return (
            f"While it is in play its owner may roll any one d6 again ({self.times} time(s)); the set-up's roll is "
            "the one finally kept, so nothing else changes (rule 11.4.4)."
        )


@dataclass(frozen=True)
class StealsText(Ability):
    """As a primary attacker it rolls; on ``succeeds_from`` or more it takes its opponent's text box.
    With ``from_hand`` there is no roll: its owner may lay a creature of his combat hand in the melee as an
    unchallenged card (a set-up choice naming it; none given, none laid) and it gains that creature's text box."""

    kind: ClassVar[str] = "steals_text"
    dice: Dice | None = None
    succeeds_from: int = 0
    from_hand: bool = False

    def __post_init__(self) -> None:
        if (self.dice is None) != self.from_hand:
            raise ValueError(
                "give dice to take the opponent's text box, or from_hand (and no dice) to copy a hand card's"
            )

    def offer(self) -> Offer | None:
        return Offer.OWN_CREATURE if self.from_hand else None

    def describe(self) -> str:
        if self.from_hand:
            return (
                "When it fights a primary match-up its owner may lay any creature of his combat hand in the melee as "
                "an unchallenged card (it fights no one, stays unbeaten and counts for control); it then gains that "
                "creature's text box for the rest of the combat (the laid creature is a set-up choice; none given, "
                "none is laid)."
            )
        return (
            f"When it meets its primary opponent it rolls {self.dice} (a set-up roll); on {self.succeeds_from} or more it "
            "takes over that creature's text box for the rest of the combat, and the opponent's text box goes blank."
        )


@dataclass(frozen=True)
class BorrowsPrevious(Ability):
    """In a primary match-up it uses the printed off-colour and terrain bonuses of the creature its side
    played in the match-up just before (PRI-7, PRI-8); in its side's first match-up there is none."""

    kind: ClassVar[str] = "borrows_previous"
    ocb: bool = True
    ocb_against: Border | None = None
    terrain_bonus: bool = True

    def describe(self) -> str:
        lent = []
        if self.ocb:
            against = f", counted only against {self.ocb_against.value}s" if self.ocb_against else ""
            lent.append(f"off-colour bonus{against}")
        if self.terrain_bonus:
            lent.append("terrain bonus")
        return (
            f"In a primary match-up it uses the printed {' and the '.join(lent)} of the creature its side played in "
            "the match-up just before; in the first match-up there is nothing to borrow, and a borrowed bonus is "
            "never lent on again."
        )


@dataclass(frozen=True)
class StoneOrBonus(Ability):
    """When it fights a primary match-up the opponent either burns ``stones`` Power Stones or lets it have
    ``amount`` (set-up choice ``burn``; by default he keeps his stones and the bonus applies)."""

    kind: ClassVar[str] = "stone_or_bonus"
    amount: int
    stones: int = 1

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def option_words(self) -> tuple[str, ...]:
        return ("burn", "refuse")

    def describe(self) -> str:
        return (
            f"When it fights a primary match-up the opponent must either burn {self.stones} Power Stone(s) from his "
            f"supply or let it fight with {_signed(self.amount)} Vitality (a set-up choice, 'burn' or 'refuse'; "
            "with none given, or with too few stones, he burns nothing and the bonus applies)."
        )


@dataclass(frozen=True)
class LastingAttackBonus(Ability):
    """Played before the combat (the set-up's ``earlier`` input names it): every creature attacking a
    creature that is one of ``against`` gets ``amount`` for this combat, whoever played the card."""

    kind: ClassVar[str] = "lasting_attack_bonus"
    from_earlier: ClassVar[bool] = True
    amount: int
    against: Selector

    def describe(self) -> str:
        return (
            f"Played before the combat starts (name it in the set-up as played earlier): for that combat every "
            f"creature attacking {self.against.describe()} gets {_signed(self.amount)} Vitality, in its primary "
            "match-up and as the last secondary attacker on such a target; ranged attacks get nothing."
        )
