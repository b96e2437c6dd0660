"""What a resolved combat returns: an immutable sequence of steps and a result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .enums import CardUse, Fate, Phase, Role, Side, StepKind, Terrain, Winner
from .render import STANDARD_WORDS, Words, render, render_values
from .render import chain_text as chain_text

if TYPE_CHECKING:
    from .cards import CardDefinition

_NO_VALUES: Mapping[str, object] = MappingProxyType({})


@dataclass(frozen=True)
class Notice:
    """A warning as data: a stable code (``action.out_of_turn``), its values by name, the sentence for
    people made from them (render.NOTICES) and the rule it follows (A-04). Each is also one of the
    warnings, as ``"<message> (<code>)"``."""

    code: str
    message: str
    rule: str = ""
    # The values the message is made from, by name: what the site and API clients read (never the sentence).
    values: dict[str, object] = field(default_factory=dict, hash=False)


class Why:
    """A reason kept as data: a code naming its sentence in ``render.NOTICES`` and the values that
    fill it in. Refusal checks return one (or None), and every creature's fate keeps one, so the words
    are made in one place. Immutable by contract (nothing sets its fields after creation); a slotted
    class rather than a frozen dataclass because a combat makes dozens and the frozen set-up cost a
    few per cent of a resolution."""

    __slots__ = ("by", "code", "values")

    def __init__(self, code: str, values: Mapping[str, object] = _NO_VALUES, by: CardDefinition | None = None) -> None:
        self.code = code
        self.values = values
        # The card responsible (the Maitz Hotel that refuses a Dispel Magic), as a card, so a refusal step can
        # name it in its ``card`` field; None where no card is (the order of play, a rule of the game).
        self.by = by

    @property
    def text(self) -> str:
        return render_values(self.code, self.values)

    def __reduce__(self) -> tuple[type[Why], tuple[str, dict[str, object], CardDefinition | None]]:
        # Copied and pickled with a log that keeps it (a refusal step's WordedWhy); the shared empty
        # mapping of a reason without values is a read-only proxy, which cannot be pickled itself.
        return (Why, (self.code, dict(self.values), self.by))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Why) and (other.code, dict(other.values)) == (self.code, dict(self.values))

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return f"Why({self.code!r}, {dict(self.values)!r})"


class WordedWhy(str):
    """A reason as words (a refusal in a step's sentence, worded once in the rule set's words) that keeps the
    reason itself in ``why`` and the words it was written in in ``words``: a str, so the sentence is what it
    was; a reader writes it again from ``why``'s code and values in those words (and links the cards they name)
    rather than reading the words."""

    why: Why
    words: Words

    def __new__(cls, why: Why, words: Words = STANDARD_WORDS) -> WordedWhy:
        made = super().__new__(cls, render_values(why.code, why.values, words))
        made.why = why
        made.words = words
        return made

    def __getnewargs__(self) -> tuple[Why, Words]:  # type: ignore[override]
        # Copies and pickles rebuild it from both: ``CombatLog.to_dict`` deep-copies every step's values.
        return (self.why, self.words)


def notice_of(code: str, rule: str, values: dict[str, object]) -> Notice:
    """A notice worded by the template ``code`` names, from values given as a mapping."""
    return Notice(code, render_values(code, values), rule, values)


def coded(code: str, rule: str, template: str | None = None, **values: object) -> Notice:
    """A notice whose sentence is the template ``code`` (or ``template``, where one code has several
    wordings) names, filled in from ``values``."""
    return Notice(code, render_values(template or code, values), rule, values)


@dataclass(frozen=True, init=False)
class Term:
    """One addend of a total: ``Term("OCB", 3)``. A chain of terms explains a number."""

    label: str
    amount: int

    def __init__(self, label: str, amount: int) -> None:
        # Written into the instance's table: the frozen dataclass's own set-up takes twice as long, and a
        # combat makes a term for every bonus and every creature counted (exploring, thousands of times).
        fields = self.__dict__
        fields["label"] = label
        fields["amount"] = amount


@dataclass(frozen=True)
class Step:
    index: int
    phase: Phase
    kind: StepKind
    rule: str
    # The event's sentence, named (render.MESSAGES) and filled in only when read: exploring never renders.
    message: str
    args: tuple[object, ...]
    moment: str = ""
    side: Side | None = None
    card: str = ""
    card_name: str = ""
    subject: str = ""
    subject_name: str = ""
    delta: int | None = None
    total: int | None = None
    chain: tuple[Term, ...] = ()

    @property
    def text(self) -> str:
        """The English sentence of this step, made by the one renderer."""
        return render(self.message, self.args)

    @property
    def words(self) -> Words:
        """The words of the rule set this step is written in (a duel's step: the Arena's for its round)."""
        return STANDARD_WORDS

    @property
    def chain_text(self) -> str:
        return chain_text(self.chain) if self.chain else ""

    @classmethod
    def record(cls, **values: Any) -> Step:
        """A step with every field given, built without the frozen dataclass's field-by-field set-up:
        a combat writes dozens of steps and that set-up was a tenth of a resolution's time. Written out in
        each record method rather than shared: a helper's extra call per record cost about 1%."""
        made = object.__new__(cls)
        made.__dict__.update(values)
        return made


@dataclass(frozen=True)
class CreatureOutcome:
    id: str
    side: Side
    card: str
    name: str
    vitality: int
    role: Role
    fate: Fate
    reason: str
    step: int | None
    # False for a standing creature whose Vitality a card's text keeps out of the control count.
    counted: bool = True
    # A card defined in the set-up for a "what if" question, not a printed one.
    made_up: bool = False
    # The reason as data: its code (render.NOTICES words it as ``reason``) and values by name.
    reason_code: str = ""
    reason_values: dict[str, object] = field(default_factory=dict, hash=False)

    @property
    def counts_for_control(self) -> bool:
        return self.fate.counts_for_control and self.counted

    @classmethod
    def record(cls, **values: Any) -> CreatureOutcome:
        """An outcome with every field given, built as ``Step.record`` is: the frozen dataclass's
        field-by-field set-up, once per creature, was about a twentieth of a resolution."""
        made = object.__new__(cls)
        made.__dict__.update(values)
        return made


@dataclass(frozen=True)
class Matchup:
    round: int
    attacker: str
    defender: str
    attacker_total: int | None
    defender_total: int | None
    outcome: str

    @classmethod
    def record(cls, **values: Any) -> Matchup:
        """A match-up with every field given, built as ``Step.record`` is."""
        made = object.__new__(cls)
        made.__dict__.update(values)
        return made


@dataclass(frozen=True)
class CommandOutcome:
    """A side's command card: whether its command took effect, and if not, what stopped it at which step."""

    side: Side
    card: str
    name: str
    dispelled: bool
    # The card whose effect cancelled it (Dispel Magic, the opposing command, a command fighter); "" for none.
    dispelled_by: str = ""
    rule: str = ""
    step: int | None = None


@dataclass(frozen=True)
class SecondaryOutcome:
    """One secondary attack on one target: who attacked, the attack sum against the target's Vitality."""

    target: str
    attackers: tuple[str, ...]
    total: int
    target_vitality: int
    beaten: bool
    step: int


@dataclass(frozen=True)
class CardOutcome:
    """The fate of one spell, bribery card or item of a side; ``step`` is where it was used (None: never)."""

    side: Side
    card: str
    use: CardUse
    step: int | None = None

    @classmethod
    def record(cls, **values: Any) -> CardOutcome:
        """A card's outcome with every field given, built as ``Step.record`` is."""
        made = object.__new__(cls)
        made.__dict__.update(values)
        return made


@dataclass(frozen=True)
class CombatResult:
    creatures: tuple[CreatureOutcome, ...]
    matchups: tuple[Matchup, ...]
    attacker_total: int
    defender_total: int
    attacker_chain: tuple[Term, ...]
    defender_chain: tuple[Term, ...]
    winner: Winner
    retreat: str
    shields_destroyed: tuple[Side, ...]
    may_heal: Side
    secondary_side: Side | None
    # Each legal secondary target (creature id) and the attack sum it needs, when secondaries happen.
    needs: tuple[tuple[str, int], ...]
    not_automated: tuple[tuple[str, str], ...]
    warnings: tuple[str, ...]
    commands: tuple[CommandOutcome, ...] = ()
    # The space's terrain types once the command step is over (a command can change them, CMD-4).
    terrain_after_command: tuple[Terrain, ...] = ()
    # The Power Stones each side's Guardian has left: (attacker, defender).
    stones_left: tuple[int, int] = (0, 0)
    secondary_attacks: tuple[SecondaryOutcome, ...] = ()
    cards: tuple[CardOutcome, ...] = ()
    # Every warning as data: its stable code, values and rule, in the order of ``warnings`` (one each).
    notices: tuple[Notice, ...] = ()
    # The slugs of the made-up cards the set-up defines (made_up.py), shown as "made-up".
    made_up: tuple[str, ...] = ()
    # The reading of each open rule the combat was resolved under (engine.standard_readings), by key;
    # ``readings_written``: the set-up named them (False: a text older than the clause, read as then);
    # ``readings_applied``: the keys whose reading can change this set-up's result (standard_readings.can_matter).
    readings: dict[str, str] = field(default_factory=dict, hash=False)
    readings_written: bool = True
    readings_applied: tuple[str, ...] = ()

    @classmethod
    def record(cls, **values: Any) -> CombatResult:
        """A result with every field given, built as ``Step.record`` is."""
        made = object.__new__(cls)
        made.__dict__.update(values)
        return made

    def fate_of(self, creature_id: str) -> Fate:
        for creature in self.creatures:
            if creature.id == creature_id:
                return creature.fate
        raise KeyError(creature_id)

    def fates_by_name(self, side: Side) -> dict[str, Fate]:
        """Card slug (with #n for repeated cards) to fate, for one side."""
        counts: dict[str, int] = {}
        fates: dict[str, Fate] = {}
        for creature in self.creatures:
            if creature.side is not side:
                continue
            counts[creature.card] = counts.get(creature.card, 0) + 1
            key = creature.card if counts[creature.card] == 1 else f"{creature.card}#{counts[creature.card]}"
            fates[key] = creature.fate
        return fates


@dataclass(frozen=True)
class CombatLog:
    notation: str
    steps: tuple[Step, ...]
    result: CombatResult

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _plain(asdict(self))
        data["steps"] = [_step_dict(step) for step in self.steps]
        # Which answer this is, as every JSON answer of the engine says (a duel's, a partial one, an exploration's).
        data["kind"] = "combat"
        data["ruleset"] = "standard"
        return data


def _step_dict(step: Step) -> dict[str, Any]:
    """The step's JSON form: the event's fields with its sentence in place of the message and values."""
    data: dict[str, Any] = {}
    for item in fields(step):
        if item.name == "message":
            data["text"] = step.text
        elif item.name != "args":
            data[item.name] = _plain(getattr(step, item.name))
    data["chain"] = [_plain(asdict(term)) for term in step.chain]
    data["chain_text"] = step.chain_text
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value
