"""The engine's answer to a question, with the facts that explain it, computed afresh from the set-up.

Nothing here decides a rule: the winner, the totals and the fates are the resolution's (``engine.resolve``),
the legality of an action is ``engine.options.why_not``'s, and a step's rule is the one the engine cites,
numbered by the rules files (``rule_index``)."""

from __future__ import annotations

from engine import parse_setup, resolve
from engine.actions import action_from_text
from engine.catalog import CardCatalog
from engine.enums import Phase, Side, StepKind
from engine.log import CombatLog, Step
from engine.options import why_not
from learn.questions import Answer, Ask, Evidence, Kind, Question
from learn.rule_index import rule_index

# The rule a legal action of each kind rests on (the engine id), for the chapter of a "yes, it is legal".
OFFERED_RULES = {"bribe": "PRI-1", "ranged": "PRI-9", "channel": "PRI-10", "spell": "PRI-2", "pass": "A-04",
                 "bribe-back": "A-01", "item": "PRI-2"}  # fmt: skip


class QuestionError(ValueError):
    """A question whose set-up or pointer the engine cannot answer (a data error, never a learner's)."""


def step_evidence(step: Step) -> Evidence:
    return Evidence(rule=step.rule, kind=step.kind.value, step=step.index, card=step.card, subject=step.subject,
                    delta=step.delta, total=step.total)  # fmt: skip


def _winner(log: CombatLog) -> Answer:
    # The count and the verdict: what decides who holds the space (rule 7.1).
    steps = [s for s in log.steps if s.phase is Phase.RESOLUTION and s.kind in (StepKind.COUNT, StepKind.RESULT)]
    return Answer(log.result.winner.value, tuple(step_evidence(step) for step in steps))


def _total(log: CombatLog, ask: Ask) -> Answer:
    if not 1 <= ask.matchup <= len(log.result.matchups):
        raise QuestionError(f"the combat has no match-up {ask.matchup}")
    matchup = log.result.matchups[ask.matchup - 1]
    total = matchup.attacker_total if ask.side == Side.ATTACKER.value else matchup.defender_total
    if total is None:
        raise QuestionError(f"match-up {ask.matchup} was not compared (a bribe or a destruction decided it)")
    moment = str(ask.matchup)
    steps = [
        s
        for s in log.steps
        if s.moment == moment
        and ((s.delta is not None and s.side is not None and s.side.value == ask.side) or s.kind is StepKind.COMPARE)
    ]
    return Answer(str(total), tuple(step_evidence(step) for step in steps))


def _fate(log: CombatLog, ask: Ask) -> Answer:
    for creature in log.result.creatures:
        if creature.id == ask.creature:
            index = creature.step
            if index is None:  # it never lost nor won outright: the count of its side shows it still there (RES-2)
                index = next(s.index for s in log.steps if s.kind is StepKind.COUNT and s.side is creature.side)
            values = tuple(sorted((str(k), str(v)) for k, v in creature.reason_values.items()))
            return Answer(creature.fate.value, (Evidence(rule=log.steps[index].rule, kind=creature.fate.value, step=index,
                                                         card=creature.card, code=creature.reason_code,
                                                         values=values),))  # fmt: skip
    raise QuestionError(f"the combat has no creature {ask.creature!r}")


def _card(log: CombatLog, ask: Ask) -> Answer:
    step = log.steps[ask.step] if 0 <= ask.step < len(log.steps) else None
    if step is None or step.delta is None or step.card != ask.card or step.kind.value != ask.effect:
        raise QuestionError(f"step {ask.step} of the combat is not {ask.card}'s {ask.effect} changing a total")
    return Answer(str(step.delta), (step_evidence(step),))


def _rule(log: CombatLog, ask: Ask) -> Answer:
    if not 0 <= ask.step < len(log.steps):
        raise QuestionError(f"the combat has no step {ask.step}")
    step = log.steps[ask.step]
    return Answer(rule_index().place(step.rule).number, (step_evidence(step),))


def legal_answer(question_setup: str, ask: Ask, catalog: CardCatalog) -> Answer:
    action = action_from_text(ask.action)
    reason = why_not(parse_setup(question_setup), catalog, ask.matchup, action)
    if reason is None:
        rule = OFFERED_RULES[action.kind.value]
        return Answer(
            "yes",
            (
                Evidence(
                    rule=rule,
                    kind="offered",
                    card=str(action.card) if action.card else (action.icon.value if action.icon else ""),
                ),
            ),
        )
    return Answer(
        reason.code,
        (Evidence(rule=reason.rule, kind="refused", code=reason.code, values=tuple(sorted(reason.values))),),
    )


def compute_answer(question: Question, catalog: CardCatalog) -> Answer:
    """The engine's answer to ``question`` now: compare it with the stored one to verify the question."""
    if question.kind is Kind.LEGAL:
        return legal_answer(question.setup, question.ask, catalog)
    log = resolve(parse_setup(question.setup), catalog)
    if question.kind is Kind.WINNER:
        return _winner(log)
    if question.kind is Kind.TOTAL:
        return _total(log, question.ask)
    if question.kind is Kind.FATE:
        return _fate(log, question.ask)
    if question.kind is Kind.CARD:
        return _card(log, question.ask)
    return _rule(log, question.ask)


def is_correct(question: Question, given: str, answer: Answer) -> bool:
    """A learner's answer against the engine's: a number is read as a number, a choice as itself."""
    given = given.strip().lower()
    if not question.choices:
        try:
            return int(given) == int(answer.value)
        except ValueError:
            return False
    return given == answer.value.lower()
