"""How a shared step reads in a duel: in the Arena's words for the round it happened in.

A duel runs the standard engine's steps, whose sentences speak of match-ups and the count for
control. ``render.Words`` lets a sentence take its rule set's word there; a duel step
(``DuelStep``) renders with the Arena's words for its phase, and the duel's warnings and creature
reasons are worded the same way. A sentence worded when it happens (a refusal, a reason nested in
another) takes ``Combat.words()``, which the duel's Combat gives for its round, and a message inside
a step (``render.Said``) is written in the step's words. Codes and values are the standard ones:
only the sentence differs.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..enums import Phase
from ..log import Step
from ..render import ARENA_PRIMARY_WORDS, ARENA_SECONDARY_WORDS, Words, render

_PRIMARY_PHASES = frozenset({Phase.SETUP, Phase.COMMAND, Phase.PRIMARY})


def duel_words(phase: Phase) -> Words:
    """The Arena's words for a step of ``phase``: the command step and the reveal belong to the primary round."""
    return ARENA_PRIMARY_WORDS if phase in _PRIMARY_PHASES else ARENA_SECONDARY_WORDS


@dataclass(frozen=True)
class DuelStep(Step):
    """A step of a duel: the same event, its sentence in the Arena's words."""

    @property
    def text(self) -> str:
        return render(self.message, self.args, duel_words(self.phase))

    @property
    def words(self) -> Words:
        return duel_words(self.phase)
