"""The engine's answers as the site serves them: computed with the site's catalog (so an admin's correction of a
card is seen), once per question and catalog, and explained row by row for a page or the API."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cards.engine_catalog import site_catalog
from combat.links import permalink
from combat.rule_refs import rule_refs
from engine import parse_setup, resolve
from engine.catalog import CardCatalog
from engine.log import CombatLog
from engine.options import Reason
from learn.answers import compute_answer
from learn.questions import Answer, Evidence, Kind, Question
from learn.rule_index import rule_index


@lru_cache(maxsize=2048)
def _answer(question: Question, catalog: CardCatalog) -> Answer:
    return compute_answer(question, catalog)


@lru_cache(maxsize=512)
def _log(setup: str, catalog: CardCatalog) -> CombatLog:
    return resolve(parse_setup(setup), catalog)


def engine_answer(question: Question) -> Answer:
    return _answer(question, site_catalog())


def combat_log(question: Question) -> CombatLog | None:
    """The resolved combat of a question (None for a legality question, which resolves nothing)."""
    return None if question.kind is Kind.LEGAL else _log(question.setup, site_catalog())


@dataclass(frozen=True)
class ExplainRow:
    """One fact of an answer as shown: the engine's words, its numbered rule and the step-through link."""

    words: str
    rule_number: str
    rule_label: str
    rule_url: str
    step_url: str  # "" for a fact that is not a step of the combat


def _words(question: Question, item: Evidence, log: CombatLog | None) -> str:
    if item.step is not None and log is not None and 0 <= item.step < len(log.steps):
        return log.steps[item.step].text
    if item.kind == "refused":
        return Reason(item.code, item.rule, item.values).words
    if item.kind == "offered":
        return "The engine offers this action as one of the legal next actions."
    return item.kind


def explain(question: Question, answer: Answer) -> list[ExplainRow]:
    log = combat_log(question)
    refs = rule_refs(item.rule for item in answer.evidence if item.rule in rule_index().by_engine_id)
    rows = []
    for item in answer.evidence:
        number = rule_index().place(item.rule).number if rule_index().knows(item.rule) else ""
        ref = refs.get(item.rule)
        url = ref.url if ref is not None else f"/rules/{number}/"
        label = f"Rule {number}" if number else (ref.label if ref is not None else item.rule)
        step_url = permalink(question.setup, step=item.step) + "#step-nav" if item.step is not None else ""
        rows.append(ExplainRow(_words(question, item, log), number, label, url, step_url))
    return rows


def step_through_url(question: Question) -> str:
    """The whole combat in the simulator's step-through (a legality question shows its set-up there too)."""
    return permalink(question.setup)


def step_text(question: Question) -> str:
    """The words of the step a rule question asks about ("" for other kinds)."""
    log = combat_log(question)
    return log.steps[question.ask.step].text if question.kind is Kind.RULE and log is not None else ""
