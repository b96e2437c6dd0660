"""A combat set-up: what each side brings and the decisions each player makes.

Cards are named by slug (``sand-lord``); a second copy in the same shield is ``archer#2``. The
set-up holds references only: ``validate`` checks them against a card catalog, and the resolver
reads the cards from there. Decisions left out get the documented defaults of ``defaults.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .enums import BriberyIcon, Side
from .standard_readings import TODAY as TODAY_READINGS
from .standard_readings import StandardReadings

if TYPE_CHECKING:
    from .actions import MatchupActions
    from .between_actions import BetweenActions


@dataclass(frozen=True, order=True)
class Moment:
    """When a decision applies: primary match-up ``round`` (1, 2, ...) or secondary attack ``s1``..."""

    round: int
    secondary: bool = False

    def __str__(self) -> str:
        return f"s{self.round}" if self.secondary else str(self.round)

    @classmethod
    def parse(cls, text: str) -> Moment:
        secondary = text.startswith("s")
        digits = text[1:] if secondary else text
        if not digits.isdigit() or int(digits) < 1:
            raise ValueError(f"{text!r} is not a match-up number (1, 2, ...) or a secondary attack (s1, s2, ...)")
        return cls(int(digits), secondary)


@dataclass(frozen=True)
class Bribe:
    """Bribe an opposing creature: by default the one facing yours at that moment."""

    moment: Moment
    icon: BriberyIcon
    target: str | None = None


@dataclass(frozen=True)
class SpellPlay:
    moment: Moment
    card: str
    target: str | None = None


@dataclass(frozen=True)
class Channel:
    """``source`` is ``guardian`` (spending ``amount`` stones) or a channeller under a stronghold."""

    moment: Moment
    source: str
    amount: int = 1
    target: str | None = None


@dataclass(frozen=True)
class RangedSupport:
    round: int
    creature: str
    # Written for secondary attack ``round`` (``s1:archer``): writable so that it can be refused (issue 31,
    # rule SEC-1: ranged attacks belong to the primary match-ups). Such entries live in ``SideSetup.secondary_ranged``.
    secondary: bool = False


@dataclass(frozen=True)
class SecondaryAttack:
    attacker: str
    target: str


@dataclass(frozen=True)
class Roll:
    """The result of the dice a card of this side rolls in the combat (``mendu-sada-the-havoc:4``)."""

    card: str
    value: int


@dataclass(frozen=True)
class Count:
    """A number the combat cannot see for itself, given for one card (``woodland-troll:3``): cards
    outside the combat (Nymphs in play, Undead in the discard pile) or a player's choice (Beer
    cards discarded). The card's ability says what is counted."""

    card: str
    value: int


@dataclass(frozen=True)
class Choice:
    """A choice a card offers, written on the side of the card that offers it, whoever makes it
    (rule 11.4.6): a size (``female-titan:small``), a creature class (``chief-lector-priest-of-sethos:knight``),
    taking up an option (``spirit-guide:retreat``) or a creature (``mocodabi:devil-dog``), including one
    picked at random at the table, which, like a roll, is an input so the result is reproducible."""

    card: str
    option: str


@dataclass(frozen=True)
class SideSetup:
    creatures: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    channellers: tuple[str, ...] = ()
    guardian: str | None = None
    stones: int | None = None
    stronghold: str | None = None
    shields: tuple[str, ...] = ()
    command: str | None = None
    dispel: int = 0
    order: tuple[str, ...] = ()
    ranged: tuple[RangedSupport, ...] = ()
    bribes: tuple[Bribe, ...] = ()
    spells: tuple[SpellPlay, ...] = ()
    channels: tuple[Channel, ...] = ()
    # None: let the default policy choose; an empty tuple: make no secondary attacks.
    secondaries: tuple[SecondaryAttack, ...] | None = None
    destroy_shield: bool = False
    rolls: tuple[Roll, ...] = ()
    counts: tuple[Count, ...] = ()
    choices: tuple[Choice, ...] = ()
    # Cards this side played before the combat began (earlier in the turn) whose effect lasts into it.
    earlier: tuple[str, ...] = ()
    # Ranged attacks written for a secondary attack (``ranged=s1:archer``, in the same clause as ``ranged``): never
    # made, each refused at the secondary attacks with its code (``ranged.in_secondary``).
    secondary_ranged: tuple[RangedSupport, ...] = ()


@dataclass(frozen=True)
class CombatSetup:
    attacker: SideSetup = field(default_factory=SideSetup)
    defender: SideSetup = field(default_factory=SideSetup)
    terrain: str | None = None
    # Match-ups played as ordered actions (``m1=a:channel:guardian,d:ranged:djinn``), by round; a
    # match-up with no entry is played from the per-kind clauses above, in their documented order.
    actions: tuple[MatchupActions, ...] = ()
    # Made-up cards for "what if" questions: each the canonical JSON of a card record (made_up.py).
    made_up: tuple[str, ...] = ()
    # Plays between primary match-ups (``b1=a:item:eye-of-missile-mayhem``), by the match-up they follow.
    between: tuple[BetweenActions, ...] = ()
    # The readings of the standard combat's open rules (engine.standard_readings): today's for a set-up made in
    # code; the notation and JSON readers give a text that names none, where one can matter, the old reading.
    readings: StandardReadings = TODAY_READINGS

    def side(self, side: Side) -> SideSetup:
        return self.attacker if side is Side.ATTACKER else self.defender

    def actions_of(self, round_number: int) -> MatchupActions | None:
        return next((matchup for matchup in self.actions if matchup.round == round_number), None)

    def between_after(self, round_number: int) -> BetweenActions | None:
        return next((between for between in self.between if between.after == round_number), None)


FACE_DOWN = "face-down"


def face_down(terrain: str | None) -> tuple[bool, str | None]:
    """Whether the space's terrain is a card laid face down (rule 8.2.2b), and the card the set-up names for it
    (``face-down:slug``), if any."""
    if terrain is None:
        return False, None
    head, _, named = terrain.partition(":")
    if head != FACE_DOWN:
        return False, None
    return True, named or None


def copy_references(slugs: list[str]) -> list[str]:
    """Each card's reference in a list of slugs: the first copy by its slug, later ones as ``slug#n``."""
    seen: dict[str, int] = {}
    references = []
    for slug in slugs:
        seen[slug] = seen.get(slug, 0) + 1
        references.append(slug if seen[slug] == 1 else f"{slug}#{seen[slug]}")
    return references


class CardRef(str):
    """A card reference as the notation writes it (``archer``, ``archer#2``), parsed once.

    ``slug`` and ``copy`` are read off it without splitting the text again; for everything else
    (equality, hashing, JSON, printing) it is the text itself, so a set-up built from plain strings
    means the same and permalinks print back identically."""

    slug: str
    copy: int

    def __new__(cls, text: str) -> CardRef:
        reference = super().__new__(cls, text)
        slug, _, copy = text.partition("#")
        if copy and (not copy.isdigit() or int(copy) < 1):
            raise ValueError(f"{text!r}: the copy number after # must be 1 or more")
        reference.slug = slug
        reference.copy = int(copy) if copy else 1
        return reference


def card_ref(text: str | None) -> CardRef | None:
    return None if text is None else CardRef(text)


def split_reference(reference: str) -> tuple[str, int]:
    """``archer#2`` -> (``archer``, 2); a bare slug is copy 1. A CardRef is not split again."""
    if type(reference) is CardRef:
        return reference.slug, reference.copy
    slug, _, copy = reference.partition("#")
    if copy and (not copy.isdigit() or int(copy) < 1):
        raise ValueError(f"{reference!r}: the copy number after # must be 1 or more")
    return slug, int(copy) if copy else 1
