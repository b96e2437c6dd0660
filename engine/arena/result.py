"""What a resolved duel returns: the log's steps and the result as data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

from ..enums import Side
from ..log import CreatureOutcome, Notice, Step, Term, _plain, _step_dict


class Place(str, Enum):
    """Where a card of the duel ends up (Arena rules 2.3, 7.1, 7.2.7 and 7.3.1)."""

    VICTORIOUS = "victorious"  # face up under its Guardian, out of play (7.3.1)
    CAPTURED = "captured"  # under the opponent's Prison-Shield (2.3.3, 7.2.7)
    PRISON_SHIELD = "prison_shield"  # the shield that made the capture, right of the Duel Zone
    PEN = "pen"  # back to the owner's Creature Pen (7.1.3)
    DISCARD = "discard"  # the owner's discard pile (7.1.2, 2.3.2)
    DECK_BOTTOM = "deck_bottom"  # face down at the bottom of the owner's deck (7.1.1)
    KEPT = "kept"  # stays where it was: in the Stock, the Creature Pen or under a stronghold


@dataclass(frozen=True)
class RoundTotals:
    """The two sides' totals at the end of one round, each explained by its terms."""

    attacker_total: int
    defender_total: int
    attacker_chain: tuple[Term, ...]
    defender_chain: tuple[Term, ...]
    # The side that won the round (the primary winner holds the upper hand); None for equal totals.
    won_by: Side | None
    # The card that decided the round instead of its totals (Summon Entropy Storm's winning roll, arena rule
    # 6.8.5), by slug; empty when the totals were compared. The totals are then those at the moment it decided.
    decided_by_card: str = ""


@dataclass(frozen=True)
class CardPlace:
    side: Side
    card: str
    place: Place
    rule: str


@dataclass(frozen=True)
class DuelResult:
    primary: RoundTotals | None
    upper_hand: Side | None
    secondary: RoundTotals | None
    # The duel's winner; None for a tie (both duellists go back to their pens).
    winner: Side | None
    decided_by: str
    places: tuple[CardPlace, ...]
    # Victorious creatures under each Guardian after the duel: (attacker, defender).
    victorious: tuple[int, int]
    not_automated: tuple[tuple[str, str], ...]
    warnings: tuple[str, ...]
    # The warnings that carry a stable code (arena.command_no_effect, action.needs_spell_first, ...).
    notices: tuple[Notice, ...] = ()
    # Every creature that took part (duellists, ranged attackers, secondary attackers) or was struck
    # in the hand, with its fate: what a picture of the duel draws.
    creatures: tuple[CreatureOutcome, ...] = ()
    # The slugs of the made-up cards the set-up defines: they have no card page.
    made_up: tuple[str, ...] = ()
    # What decided the duel as data: a stable code (render.NOTICES words it as ``decided_by``) and its
    # values by name (the rule, and the round for a duellist that left the Duel Zone).
    decided_by_code: str = ""
    decided_by_values: dict[str, object] = field(default_factory=dict, hash=False)
    # The reading of each open rule the duel was resolved under, by key (engine.arena.readings): named
    # whether or not it mattered. ``readings_written``: the set-up named them; False for a text written
    # before readings existed, read under the readings of that time. ``readings_applied``: the keys of
    # the open rules whose reading decided a step of this duel (its result may differ under another).
    readings: dict[str, str] = field(default_factory=dict, hash=False)
    readings_written: bool = True
    readings_applied: tuple[str, ...] = ()

    def places_of(self, side: Side) -> dict[str, str]:
        return {place.card: place.place.value for place in self.places if place.side is side}


@dataclass(frozen=True)
class DuelLog:
    notation: str
    steps: tuple[Step, ...]
    result: DuelResult
    ruleset: str = "arena"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _plain(asdict(self.result))
        return {
            "ruleset": self.ruleset,
            "notation": self.notation,
            "steps": [_step_dict(step) for step in self.steps],
            "result": data,
            "kind": "duel",
        }
