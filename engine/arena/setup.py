"""A Guardians Arena duel set-up: one duellist a side, the Stock, the Creature Pen, the creatures
under the strongholds, the Initiative, the terrain of the Duel Zone and each round's ordered actions.

The player with Initiative is the duel's attacker (Arena rule 5.1.2), so ``attacker`` is that
player; the optional Up numbers record how Initiative was won (rule 4.3.1) and are checked.
Actions of the primary round are the match-up actions of ``engine.actions`` (ranged, spell,
channel, bribe, item, pass); the secondary round adds two plays only the Arena has: a creature from
the pen as a secondary attacker and a shield that cancels an opposing creature (``ArenaPlay``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..actions import Action, ActionKind
from ..enums import Side
from ..setup import CardRef, Choice, Count, Roll
from .readings import TODAY, ArenaReadings


class Ruleset(str, Enum):
    STANDARD = "standard"
    ARENA = "arena"


class PlayKind(str, Enum):
    """The secondary-round plays the match-up actions do not have (Arena rule 6.6.1b and 6.6.1d)."""

    CREATURE = "creature"
    SHIELD = "shield"


@dataclass(frozen=True)
class ArenaPlay:
    """A creature played as a secondary attacker, or a shield cancelling an opposing creature
    (``target``: by default the opposing duellist)."""

    side: Side
    kind: PlayKind
    card: CardRef
    target: CardRef | None = None


RoundAction = Action | ArenaPlay


def is_pass(action: RoundAction) -> bool:
    return isinstance(action, Action) and action.kind is ActionKind.PASS


@dataclass(frozen=True)
class DuelSide:
    # Every creature the player moved into the Duel Zone; the rules allow one (checked, rule 5.1.1).
    duellists: tuple[CardRef, ...] = ()
    items: tuple[CardRef, ...] = ()
    guardian: CardRef | None = None
    stones: int | None = None
    up: int | None = None
    stock: tuple[CardRef, ...] = ()
    pen: tuple[CardRef, ...] = ()
    # Creatures with channelling or a ranged attack lying under the player's strongholds (rule 4.4.1d).
    under: tuple[CardRef, ...] = ()
    bearer: CardRef | None = None
    # Victorious creatures already under the Guardian before this duel (rule 7.3.1).
    victorious: int = 0
    # A shield left unopposed in the raid that follows, capturing the enemy creature in the Duel Zone (7.2.7).
    capture: CardRef | None = None
    # In Phase I the player sacrificed his own standard bearer to destroy the opponent's (rule 2.4.2).
    sacrifice: bool = False
    # The decisions a card of this side needs and the duel cannot see (Arena rule 6.8.2): the same
    # rolls, counts and choices as a standard side's (engine.setup), in the same notation.
    rolls: tuple[Roll, ...] = ()
    counts: tuple[Count, ...] = ()
    choices: tuple[Choice, ...] = ()

    @property
    def duellist(self) -> CardRef:
        return self.duellists[0]


@dataclass(frozen=True)
class ArenaSetup:
    attacker: DuelSide = field(default_factory=DuelSide)
    defender: DuelSide = field(default_factory=DuelSide)
    terrain: str | None = None
    primary: tuple[RoundAction, ...] = ()
    secondary: tuple[RoundAction, ...] = ()
    ruleset: Ruleset = Ruleset.ARENA
    # Made-up cards the duel defines, each as its canonical record text (engine.made_up), as in a
    # standard set-up: a "what if" creature or spell without a printed card behind it.
    made_up: tuple[str, ...] = ()
    # The readings of the Arena's open rules this duel is resolved under (engine.arena.readings).
    readings: ArenaReadings = TODAY

    def side(self, side: Side) -> DuelSide:
        return self.attacker if side is Side.ATTACKER else self.defender
