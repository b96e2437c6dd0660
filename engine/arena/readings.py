"""The Guardians Arena's open rules and the site's named readings of them (``engine.readings``).

The end of a secondary round in which nobody played is the first. The Arena rules' step 6 (chapter 6.7 of
the site's Arena rules) compares the two sides again after the secondary round, every primary-round modifier
dropped but command abilities, and says nothing to exempt a round of passes: that is the default,
``step-6``. Until 2026-12-07 the site ruled instead that such a round leaves the primary result standing;
that ruling is the reading ``primary-stands``, and a duel text that names no reading (every link shared
before that date) is read under it, so it keeps its result.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import NotationError
from ..readings import Choice, OpenRule


class SecondaryPasses(str, Enum):
    """How a secondary round in which nobody played ends (Arena rule 6.7.5, engine id ARN-14)."""

    STEP_6 = "step-6"
    PRIMARY_STANDS = "primary-stands"


SECONDARY_PASSES = OpenRule(
    key="secondary-passes",
    rule="ARN-14",
    number="6.7.5",
    question="How does a secondary round end when both players pass without playing anything?",
    choices=(
        Choice(
            SecondaryPasses.STEP_6.value,
            "The Arena rules' step 6 as published: the two sides are compared again, every primary-round "
            "modifier dropped except command abilities, and the higher total wins the duel.",
        ),
        Choice(
            SecondaryPasses.PRIMARY_STANDS.value,
            "The site's ruling until 2026-12-07: nothing was played, so the primary result stands and the "
            "creature holding the upper hand wins (a tied primary round stays a tie).",
        ),
    ),
    default=SecondaryPasses.STEP_6.value,
    before=SecondaryPasses.PRIMARY_STANDS.value,
    since="2026-12-07",
)
ARENA_OPEN_RULES: tuple[OpenRule, ...] = (SECONDARY_PASSES,)


@dataclass(frozen=True)
class ArenaReadings:
    """The readings a duel is resolved under. ``written``: the set-up named them; a text that names none
    was written before readings existed, is read under each open rule's ``before`` choice, and prints as it
    was written, so its permalink is unchanged."""

    secondary_passes: SecondaryPasses = SecondaryPasses.STEP_6
    written: bool = True

    def named(self) -> dict[str, str]:
        """Each open rule's key and the reading chosen, in the order the rule set lists them."""
        return {SECONDARY_PASSES.key: self.secondary_passes.value}


TODAY = ArenaReadings()
BEFORE_READINGS = ArenaReadings(SecondaryPasses(SECONDARY_PASSES.before), written=False)


def readings_from(named: dict[str, str]) -> ArenaReadings:
    """The readings a set-up names (``reading.<key>=<choice>`` clauses or the JSON ``readings`` object); an
    open rule it leaves out takes today's default."""
    known = {rule.key: rule for rule in ARENA_OPEN_RULES}
    values: dict[str, str] = {}
    for key, choice in named.items():
        rule = known.get(key)
        if rule is None:
            raise NotationError(
                f"unknown reading {key!r}; the Arena's readings are {', '.join(known)}", code="notation.unknown_reading"
            )
        values[key] = rule.choice(choice).name
    passes = values.get(SECONDARY_PASSES.key, SECONDARY_PASSES.default)
    return ArenaReadings(secondary_passes=SecondaryPasses(passes))
