"""Each creature's fate as a result reports it: its side, card, role, fate, the reason as a code and
values and in words, the step that decided it and whether it counts for control. One builder serves
the finished combat (``resolver``), the combat stopped part-way (``partial``) and the Arena duel
(``arena.duel``), so what an outcome holds is decided in one place."""

from __future__ import annotations

from collections.abc import Collection, Container

from .combat_state import Combat
from .enums import SIDES
from .log import CreatureOutcome, Why
from .render import STANDARD_WORDS, Words, render_values
from .state import Fighter

NOT_LEFT_OUT: frozenset[Fighter] = frozenset()


def creature_outcome(
    fighter: Fighter,
    made_up: Collection[str],
    *,
    counted: bool = True,
    why: Why | None = None,
    words: Words = STANDARD_WORDS,
) -> CreatureOutcome:
    """``fighter``'s outcome. ``counted``: False for a standing creature a card's text keeps out of the
    control count. ``why``: the reason, when the rule set gives another than the fighter's own (a duel
    says a standing creature took part in it); ``words``: the rule set's words the reason is written in.
    The code and values are the reason's whatever the words."""
    why = fighter.fate_why if why is None else why
    code, values = why.code, dict(why.values)
    reason = render_values(code, values, words)
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
