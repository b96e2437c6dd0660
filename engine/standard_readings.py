"""The standard combat's open rules and the site's named readings of them (``engine.readings``).

``turn-answers``: when does an answer answer? Rules 1.3 (rulings ENG-19..ENG-23, 2026-12-08) settle it: an
answer taken as a turn answers the opposing action of the turn just before it and no other; a spell written
right after a bribe answers that bribe inside the window; a secondary bribe aimed at one creature never lands
on another; an attack on a creature already gone is refused before it uses up its attacker's one attack; a
shot taken over is the new side's ranged attack, reached by that side's rules in play. That is the default,
``just-before``. Until rules 1.2 the engine did otherwise (an answer waited for a later action, a spell in the
window was cast at PRI-2, ...): that behaviour is the reading ``rules-1.2``, and a set-up where it can matter
(``can_matter``) that names no reading was written before the clause existed and is read under it, so every
link shared then keeps its result.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from .errors import NotationError
from .readings import Choice, OpenRule

if TYPE_CHECKING:
    from .setup import CombatSetup


class AnswerReading(str, Enum):
    """How answers, the bribery window's spells and secondary bribes are read (rules 1.3 or as until 1.2)."""

    JUST_BEFORE = "just-before"
    RULES_1_2 = "rules-1.2"


TURN_ANSWERS = OpenRule(
    key="turn-answers",
    rule="ENG-19",
    number="11.4.19",
    question="Which action does an answer answer, and what may land or be used up in the bribery window and the "
    "secondary attacks?",
    choices=(
        Choice(
            AnswerReading.JUST_BEFORE.value,
            "Rules 1.3: an answer answers the opposing action of the turn just before it (a spell right after a bribe, "
            "in the window); an aimed secondary bribe lands only on the creature it names; an attack on a creature "
            "already gone is refused without using up its attacker; a taken-over shot meets its new side's rules.",
        ),
        Choice(
            AnswerReading.RULES_1_2.value,
            "The site's engine until rules 1.2: an answer waits for the next action it fits, a spell in the bribery "
            "window is cast with the other spells, a secondary bribe lands on whichever creature makes that attack, a "
            "refused attack uses up its attacker, and a taken-over shot keeps its old worth.",
        ),
    ),
    default=AnswerReading.JUST_BEFORE.value,
    before=AnswerReading.RULES_1_2.value,
    since="2026-12-08",
)
STANDARD_OPEN_RULES: tuple[OpenRule, ...] = (TURN_ANSWERS,)


@dataclass(frozen=True)
class StandardReadings:
    """The readings a standard combat is resolved under. ``written``: the set-up named them (or was made in
    code, today); False for a text where a reading can matter that names none, read under ``before``."""

    turn_answers: AnswerReading = AnswerReading.JUST_BEFORE
    written: bool = True

    def named(self) -> dict[str, str]:
        return {TURN_ANSWERS.key: self.turn_answers.value}

    @property
    def answers_as_1_2(self) -> bool:
        return self.turn_answers is AnswerReading.RULES_1_2


TODAY = StandardReadings()
BEFORE_READINGS = StandardReadings(AnswerReading(TURN_ANSWERS.before), written=False)


def readings_from(named: dict[str, str]) -> StandardReadings:
    """The readings a set-up names; an open rule it leaves out takes today's default."""
    known = {rule.key: rule for rule in STANDARD_OPEN_RULES}
    for key in named:
        if key not in known:
            raise NotationError(
                f"unknown reading {key!r}; the standard combat's readings are {', '.join(known)}",
                code="notation.unknown_reading",
            )
    chosen = TURN_ANSWERS.choice(named.get(TURN_ANSWERS.key, TURN_ANSWERS.default)).name
    return StandardReadings(AnswerReading(chosen))


def can_matter(setup: CombatSetup) -> bool:
    """Whether ``turn-answers`` can change this set-up's result: only with a written turn order (answers in turns,
    the ordered bribery window), a spell written (a shot taken over at its moment) or a secondary plan or bribe
    (aimed bribes, refused attacks). Every other set-up resolves alike under both readings, so its text carries
    no clause and reads the same as before."""
    if setup.actions:
        return True
    return any(
        side.spells or side.secondaries or any(bribe.moment.secondary for bribe in side.bribes)
        for side in (setup.attacker, setup.defender)
    )
