"""Answers taken as a turn (site ruling ENG-19): an answer answers the action taken just before it.

A card played "when the opponent channels" or "after a ranged attack" (Energy Eater, Magic Feedback,
Longshot Louie's shot, Heisenburg's Missiles, ...) answers the opposing action of the turn just before
its own, and no other: not one taken earlier, and not one taken later. ``pairs`` finds, in the list of
turns of an ordered match-up, each answer and the opposing action it answers, before the turns are
played (as ``channelling.dispel_answers`` finds the Dispel Magic answers), so the channel can be made
with its answer already known: the answered stone or channeller is reversed or cancelled where it is
counted, with the answer's own step.

An answer written where the turn just before is not the opposing action it answers has nothing to
answer: a spell stays in the hand, a ranged answer adds nothing (``missed``). Answers cast at the
any-time spell point (given before the match-up's first action, or in the per-kind shorthand) keep
waiting for the act they answer, as they always have.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .abilities import BribeCounter, BribeToMelee, CancelsOpposingChannel, ChannelReaction, RangedReaction
from .cards import CardDefinition
from .catalog import CardCatalog as Catalog
from .combat_state import Combat
from .core import log, take_back_card
from .enums import Side, StepKind
from .setup import Channel, RangedSupport, SpellPlay, split_reference
from .turns import GuardianUse, Turn


class AnswerTo(str, Enum):
    """What kind of opposing action an answering card answers (the value is its words' key)."""

    CHANNEL = "channel"
    SHOT = "shot"
    BRIBE = "bribe"  # answered only inside the bribery window (matchup_effects.window_answers)


# What the refusal's sentence calls the action that was not there.
_WORDS = {AnswerTo.CHANNEL: "channelling", AnswerTo.SHOT: "ranged attack", AnswerTo.BRIBE: "bribe"}


def answers_to(catalog: Catalog, decision: object) -> AnswerTo | None:
    """What ``decision`` (one turn's decision) answers, if it is an answer at all."""
    if isinstance(decision, SpellPlay):
        card = catalog.find(split_reference(decision.card)[0])
        if card is None:
            return None
        reaction = card.first(ChannelReaction)
        if reaction is not None and not reaction.as_ranged:
            return AnswerTo.CHANNEL
        if card.first(RangedReaction) is not None:
            return AnswerTo.SHOT
        if card.first(BribeCounter) is not None or card.first(BribeToMelee) is not None:
            return AnswerTo.BRIBE
        return None
    if isinstance(decision, GuardianUse):
        card = catalog.find(split_reference(decision.card)[0])
        if card is not None and card.first(CancelsOpposingChannel) is not None:
            return AnswerTo.CHANNEL
        return None
    if isinstance(decision, RangedSupport):
        card = catalog.find(split_reference(decision.creature)[0])
        reaction = card.first(ChannelReaction) if card is not None else None
        if reaction is not None and reaction.as_ranged:
            return AnswerTo.CHANNEL
    return None


def answered_kind(decision: object) -> AnswerTo | None:
    """What kind of answerable action ``decision`` is."""
    if isinstance(decision, Channel):
        return AnswerTo.CHANNEL
    if isinstance(decision, RangedSupport):
        return AnswerTo.SHOT
    return None


@dataclass(frozen=True)
class TurnAnswers:
    """The answers of one ordered match-up, by position in its list of turns: ``by_answered`` maps the
    answered turn to its answer's position, ``answers`` every position holding an answer."""

    by_answered: dict[int, int]
    answers: dict[int, AnswerTo]

    def answer_of(self, position: int) -> int | None:
        return self.by_answered.get(position)

    def pairs_with_previous(self, position: int) -> bool:
        return position - 1 in self.by_answered and self.by_answered[position - 1] == position


NO_ANSWERS = TurnAnswers({}, {})


def pairs(catalog: Catalog, turns: tuple[Turn, ...]) -> TurnAnswers:
    """Each answer of the list and the opposing turn just before it, when that is the action it answers.
    Passes and refused actions take no turn here (a pass in between gives the turn to the other side)."""
    answers: dict[int, AnswerTo] = {}
    by_answered: dict[int, int] = {}
    for position, (side, decision, _) in enumerate(turns):
        kind = answers_to(catalog, decision)
        if kind is None:
            continue
        answers[position] = kind
        if position == 0:
            continue
        before_side, before, _ = turns[position - 1]
        if before_side is side.other and answered_kind(before) is kind:
            by_answered[position - 1] = position
    if not answers:
        return NO_ANSWERS
    return TurnAnswers(by_answered, answers)


def missed(
    combat: Combat,
    side: Side,
    card_name: str,
    kind: AnswerTo,
    *,
    spell_slug: str | None,
    card: CardDefinition | None = None,
    spent: bool = True,
) -> None:
    """An answer with nothing just before it to answer: a spell goes back to the hand uncast; a ranged
    answerer, placed, adds nothing."""
    if spell_slug is not None and spent:
        take_back_card(combat, side, spell_slug)
    if card is not None:
        message = "turn_answer.missed.guardian"
    else:
        message = "turn_answer.missed.spell" if spell_slug is not None else "turn_answer.missed.ranged"
        card = combat.catalog.find(spell_slug) if spell_slug is not None else None
    log(
        combat,
        StepKind.NOTE,
        "ENG-19",
        message,
        (side.value, card_name, side.other.value, _WORDS[kind]),
        side=side,
        card=card,
    )


def withdraw_pending(combat: Combat, side: Side, play: SpellPlay) -> bool:
    """Take the answer ``play`` out of the answers waiting in its match-up; True if it was still waiting."""
    for entry in combat.pending_reactions[side]:
        if entry[1] is play:
            combat.pending_reactions[side].remove(entry)
            return True
    return False
