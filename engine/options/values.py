"""The values the legal-action API returns: every option a frozen value with its notation item and its words.

A program reads the fields (``kind``, ``side``, ``card``, ``icon``, ``target``, ``amount``, ``item``); ``words`` are
for display only. A reason something is not offered is a ``Reason``: a stable code, its values by name and the
rule, worded from a template when read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from ..actions import Action
from ..enums import BriberyIcon, Side
from ..render import REFUSAL_WHY, STANDARD_WORDS, Words

if TYPE_CHECKING:  # the Arena's plays, named only in annotations: importing engine.arena loads the whole duel
    from ..arena.setup import ArenaPlay


class OptionKind(str, Enum):
    """What an option does. The action kinds keep the notation's word (``engine.actions.ActionKind``); the
    Arena's secondary-round plays and the set-up decisions that are no turn have their own."""

    RANGED = "ranged"
    SPELL = "spell"
    CHANNEL = "channel"
    BRIBE = "bribe"
    BRIBE_BACK = "bribe-back"
    ITEM = "item"
    GUARDIAN = "guardian"  # the side's Guardian's own ability taken as a turn (issue 31)
    PASS = "pass"
    CREATURE = "creature"  # Arena: a creature of the pen sent in as a secondary attacker
    SHIELD = "shield"  # Arena: a shield of the pen played against an opposing creature
    COMMAND = "command"
    SECONDARY = "secondary"
    ROLL = "roll"
    COUNT = "count"
    CHOICE = "choice"


# The words of the reasons only this API gives (the others are the engine's notices and refusals, render.NOTICES).
OPTION_WHY: dict[str, str] = {
    "options.not_held": "the {side} holds no {card} left to play",
    "options.no_ranged_supporter": "the {side} has no creature left that can give ranged support",
    "options.no_channel_source": "the {side} has no Power Stone and no channeller left",
    "options.adds_nothing": "{target} already has its Vitality {vitality} in channelled points: more adds nothing",
    "options.not_in_hand": "{card} is not in the {side}'s combat hand in {words.matchup_n:{round}}",
    "options.no_target": "{card} has nothing to answer here",
    "options.not_a_target": "{target} is not a creature {card} can be aimed at here",
    "options.no_row": "there is no {words.matchup_n:{round}}: the shields give {rows}",
    "options.no_secondary": "neither side has creatures left over for secondary attacks",
    "options.unknown_side": "the set-up is not complete enough to offer actions: {problem}",
    "options.first_unknown": "who acts first in the secondary round depends on the primary round, which cannot "
    "be played yet",
    "options.duel_over": "the duel ended in the primary round, so no secondary round is played",
    "options.secondary_first_beaten": "the {side} was beaten in the primary round, so acts first",
    "options.secondary_first_tie": "the primary round was a tie, so the attacker acts first",
    "options.primary_first": "the attacker acts first",
    "options.round_over": "both players have passed in succession, so the {round_name} round is over",
    "options.secondary_unplanned": "the {side}'s secondary attacks are left to the simulator's pick: plan them "
    "to answer a secondary attacker",
    "options.not_offered": "{action} is not one of the legal actions here",
    "options.wrong_round": "{action} belongs to the {round_name} round",
    "options.no_icon": "{target} carries no {icon} icon",
    "options.not_the_guardian": "{card} is not the {side}'s Guardian",
    "options.no_guardian_turn": "{card}, the {side}'s Guardian, has no ability taken as a turn in a match-up",
    "options.nothing_to_answer": "{card} answers only the opposing action of the turn just before it, and that is "
    "not one it answers",
    "options.too_few_stones_for_guardian": "{card} needs {cost} Power Stone(s) and {left} are left",
}


@dataclass(frozen=True)
class Reason:
    """Why something is not offered (or why a turn is what it is): a stable code, its values by name and the rule.
    The codes are the engine's own where it has one (``action.out_of_turn``, ``ranged.woods``,
    ``channel.cannot_receive``, ``bribe.no_icon``) and ``options.*`` otherwise."""

    code: str
    rule: str
    values: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, code: str, rule: str, **values: object) -> Reason:
        return cls(code, rule, tuple((name, str(value)) for name, value in values.items()))

    @property
    def value_map(self) -> dict[str, str]:
        return dict(self.values)

    def worded(self, words: Words = STANDARD_WORDS) -> str:
        template = OPTION_WHY.get(self.code) or REFUSAL_WHY.get(self.code)
        if template is None:
            return words.notice(self.code).format_map(_Missing(self.value_map))
        return words.expand(template).format_map(_Missing(self.value_map))

    @property
    def words(self) -> str:
        return self.worded()


class _Missing(dict[str, str]):
    """A template's value the reason does not carry is said as a blank rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""


@dataclass(frozen=True)
class ActionOption:
    """One legal next action of an ordered match-up or an Arena round: ``item`` is the action as the notation
    writes it (``a:bribe:gold@archer``), the value the site submits; ``action`` the parsed action (an Arena
    secondary-round play is an ``ArenaPlay``)."""

    kind: OptionKind
    side: Side
    item: str
    words: str
    action: Action | ArenaPlay
    card: str | None = None
    icon: BriberyIcon | None = None
    target: str | None = None
    amount: int = 1


@dataclass(frozen=True)
class Decision:
    """One legal set-up decision: ``clause`` is the side's notation field it goes in (``ranged``, ``bribe``,
    ``spell``, ``channel``, ``command``, ``secondary``, ``roll``, ``count``, ``choice``) and ``item`` its value there
    (``2:gold@archer``, ``guardian*2``, ``archer>swordsman``)."""

    kind: OptionKind
    side: Side
    clause: str
    item: str
    words: str
    card: str | None = None
    icon: BriberyIcon | None = None
    target: str | None = None
    amount: int = 1


@dataclass(frozen=True)
class Turn:
    """Where an ordered list stands and what may come next: whose turn it is (None when it cannot be known yet,
    in which case ``actions`` hold both sides'), whether the bribery window is open, whether the list has ended,
    every legal next action, and why the turn is what it is or why nothing may come (``reason``)."""

    side: Side | None
    window_open: bool
    ended: bool
    actions: tuple[ActionOption, ...]
    reason: Reason | None = None

    def offered(self, item: str) -> ActionOption | None:
        return next((option for option in self.actions if option.item == item), None)


@dataclass(frozen=True)
class SideRow:
    """One side of one match-up row: its creature and the legal decisions of each kind, and why a kind offers
    nothing (``blocked``: by kind, the reason). ``items`` are the hand items the engine applies as a turn: they
    have no per-kind clause, so each is the action it is in the row's ordered list (``clause`` ``m<N>``)."""

    side: Side
    creature: str
    ranged: tuple[Decision, ...] = ()
    bribes: tuple[Decision, ...] = ()
    spells: tuple[Decision, ...] = ()
    # Why there are no bribes or spells against the secondary attackers (their attacks are not planned yet).
    answers_reason: Reason | None = None
    channels: tuple[Decision, ...] = ()
    items: tuple[Decision, ...] = ()
    blocked: tuple[tuple[OptionKind, Reason], ...] = ()

    def why_no(self, kind: OptionKind) -> Reason | None:
        return next((reason for found, reason in self.blocked if found is kind), None)


@dataclass(frozen=True)
class Row:
    """Primary match-up ``number``: both sides' decisions for the per-kind clauses, and the next actions of its
    ordered list (``m<N>=``) as it stands."""

    number: int
    attacker: SideRow
    defender: SideRow
    turn: Turn

    def side(self, side: Side) -> SideRow:
        return self.attacker if side is Side.ATTACKER else self.defender


@dataclass(frozen=True)
class CardInput:
    """A roll, count or choice a card needs (``kind``), in the side's clause ``clause`` as ``<card>:<value>``:
    the bounds of a number, or the choices with their words (empty for free text, described by ``help``)."""

    kind: OptionKind
    side: Side
    card: str
    clause: str
    words: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""


@dataclass(frozen=True)
class SecondaryOptions:
    """The side with creatures left over, each left-over creature (``attackers``) and the opposing creatures it
    may attack (``targets``), each attack plan as a decision (``plans``: ``archer>swordsman``; ``none``), and the
    other side's bribes and spells against each secondary attacker."""

    side: Side
    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    plans: tuple[Decision, ...]
    # The other side's answers: a bribe on secondary attacker N (``s1:gold``, SEC-9) with an icon it carries, and a
    # spell that answers its channelling (``s1:<spell>``).
    bribes: tuple[Decision, ...] = ()
    spells: tuple[Decision, ...] = ()
    # Why there are no bribes or spells against the secondary attackers (their attacks are not planned yet).
    answers_reason: Reason | None = None


@dataclass(frozen=True)
class Options:
    """Everything a standard set-up (complete or partial) offers: per match-up row both sides' decisions and the
    next actions, the command cards, the secondary plans and the inputs the cards need. ``problem`` is set when
    the set-up cannot offer rows yet (a shield without a known creature)."""

    rows: tuple[Row, ...] = ()
    commands: tuple[tuple[Side, tuple[Decision, ...]], ...] = ()
    # Per side: how many Dispel Magic it may hold back for the command step (its ``dispel`` clause: 1, 2, ...).
    dispels: tuple[tuple[Side, tuple[Decision, ...]], ...] = ()
    secondary: SecondaryOptions | None = None
    inputs: tuple[CardInput, ...] = ()
    notes: tuple[Reason, ...] = ()
    problem: Reason | None = None
    # Plays between primary match-ups (issue 31): each a ``b<N>`` action (``clause`` ``b1``, ``item``
    # ``a:item:eye-of-missile-mayhem``) of a card whose text acts then, for each gap between two rows.
    between: tuple[Decision, ...] = ()

    def row(self, number: int) -> Row | None:
        return next((row for row in self.rows if row.number == number), None)

    def commands_of(self, side: Side) -> tuple[Decision, ...]:
        return next((found for owner, found in self.commands if owner is side), ())

    def dispels_of(self, side: Side) -> tuple[Decision, ...]:
        return next((found for owner, found in self.dispels if owner is side), ())


@dataclass(frozen=True)
class DuelOptions:
    """An Arena duel's rounds as they stand: each round's turn with its legal next actions (``primary``,
    ``secondary``), who opens the secondary round and why (``secondary.side``, ``secondary.reason``)."""

    primary: Turn
    secondary: Turn
    notes: tuple[Reason, ...] = field(default=())

    def round(self, key: str) -> Turn:
        return self.primary if key in ("p", "primary") else self.secondary


__all__ = [
    "OPTION_WHY",
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
]
