"""Each creature's fate as a result reports it: its side, card, role, fate, the reason as a code and
values and in words, the step that decided it and whether it counts for control. One builder serves
the finished combat (``resolver``), the combat stopped part-way (``partial``) and the Arena duel
(``arena.duel``), so what an outcome holds is decided in one place."""

from __future__ import annotations

from collections.abc import Collection, Container

from .combat_state import Combat
from .enums import SIDES
from .log import CreatureOutcome
from .state import Fighter

NOT_LEFT_OUT: frozenset[Fighter] = frozenset()


def creature_outcome(
    fighter: Fighter, made_up: Collection[str], *, counted: bool = True, reason_in_words: str | None = None
) -> CreatureOutcome:
    """``fighter``'s outcome. ``counted``: False for a standing creature a card's text keeps out of the
    control count. ``reason_in_words``: a reason given as a sentence only, with no code or values
    (the duel words its own reasons)."""
    if reason_in_words is None:
        why = fighter.fate_why
        reason, code, values = why.text, why.code, dict(why.values)
    else:
        reason, code, values = reason_in_words, "", {}
    # Built as Step.record is: every field given, without the frozen dataclass's per-field set-up.
    return CreatureOutcome.record(
        id=fighter.id,
        side=fighter.side,
        card=fighter.card.slug,
        name=fighter.name,
        vitality=fighter.vitality,
        role=fighter.role,
        fate=fighter.fate,
        reason=reason,
        step=fighter.fate_step,
        counted=counted,
        made_up=fighter.card.slug in made_up,
        reason_code=code,
        reason_values=values,
    )


def creature_outcomes(
    combat: Combat, made_up: Collection[str], *, left_out: Container[Fighter] = NOT_LEFT_OUT
) -> tuple[CreatureOutcome, ...]:
    """The outcome of every creature of the combat, the attacker's first; ``left_out``: the creatures a
    text keeps out of the control count."""
    return tuple(
        creature_outcome(f, made_up, counted=f not in left_out) for side in SIDES for f in combat.sides[side].fighters
    )
