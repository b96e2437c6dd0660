"""The readings of a set-up text or JSON object that names none (``engine.standard_readings``): an older link is
read as it was then, a text in notation added since cannot be older. Apart from ``standard_readings`` because it
reads the actions (``engine.actions`` imports the set-up, which holds the readings)."""

from __future__ import annotations

from .actions import ActionKind
from .setup import CombatSetup
from .standard_readings import BEFORE_READINGS, TODAY, StandardReadings, can_matter


def newer_than_the_clause(setup: CombatSetup) -> bool:
    """Whether the set-up uses notation added with the clause (rules 1.3): a Guardian's turn, plays between
    match-ups (``b<N>``) or a ranged attack written for a secondary attack. No link using them was shared
    before, so such a text is never an old link, whether or not it names a reading."""
    return bool(
        setup.between
        or setup.attacker.secondary_ranged
        or setup.defender.secondary_ranged
        or any(action.kind is ActionKind.GUARDIAN for matchup in setup.actions for action in matchup.actions)
    )


def read_unnamed(setup: CombatSetup) -> StandardReadings:
    """The readings of a text that names none: the old reading where it can matter and the text could have been
    shared before the clause existed; else today's (printed with its clause from then on)."""
    return BEFORE_READINGS if can_matter(setup) and not newer_than_the_clause(setup) else TODAY
