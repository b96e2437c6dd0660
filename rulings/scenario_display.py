"""What a ruling page, a rule page and a card page show of a ruling's scenario (``rulings.scenarios``): the
set-up in words, its result, a "See it happen" link to the step-through at the step that applies the ruling,
and for an open rule the result under each reading side by side."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from engine.rulesets import AnyLog, ruleset_of
from rulings import scenarios
from rulings.scenarios import Outcome, Scenario, Without
from rulings.simulator import simulator

__all__ = ["Readings", "Scenario", "Shown", "Without", "readings", "scenario_of", "shown", "shown_for"]


@dataclass(frozen=True)
class Shown:
    """One scenario as a page shows it. ``checked``: the engine gives the result the ruling states (CI checks
    it too; a page says so rather than hide a scenario that has drifted)."""

    shows: str
    result: str
    step_text: str
    url: str
    result_url: str
    checked: bool


@dataclass(frozen=True)
class ReadingShown:
    name: str
    summary: str
    is_default: bool
    shown: Shown


@dataclass(frozen=True)
class Readings:
    """An open rule's scenario under each reading, and the site's default with the reason for it."""

    question: str
    rows: tuple[ReadingShown, ...]
    default: str
    why_default: str
    since: date


def _result_words(log: AnyLog) -> str:
    """The result in a few words: who wins, and a standard combat's totals for control."""
    result = log.to_dict()["result"]
    winner = result.get("winner")
    said = f"the {winner} wins" if winner else "nobody wins"
    if "attacker_total" in result and result["attacker_total"] is not None:
        said += f" (control: attacker {result['attacker_total']}, defender {result['defender_total']})"
    return said[:1].upper() + said[1:] + "."


def _anchor(log: AnyLog) -> str:
    # A duel's step-through has its own navigation anchor (README: Phones, dark theme and print).
    return "#duel-step-nav" if ruleset_of(log).name == "arena" else "#step-nav"


def _shown(outcome: Outcome, notation: str) -> Shown:
    log = outcome.log
    step = outcome.step if outcome.step is not None else 0
    return Shown(
        shows=outcome.scenario.shows,
        result=_result_words(log),
        step_text=log.steps[step].text if log.steps else "",
        url=simulator().permalink(notation, step=step) + _anchor(log),
        result_url=simulator().permalink(notation, step="end") + _anchor(log),
        checked=not outcome.mismatches,
    )


def scenario_of(subject: str) -> Scenario | Without | None:
    return scenarios.by_subject().get(subject)


def shown(scenario: Scenario) -> Shown:
    return _shown(scenarios.run(scenario, simulator().catalog()), scenario.notation)


def readings(scenario: Scenario) -> Readings | None:
    """The scenario under each reading of its open rule (``Ruleset.with_reading``), the default first."""
    if not scenario.reading:
        return None
    rule = scenarios.open_rule_of(scenario)
    rows = []
    for case, outcome in scenarios.run_readings(scenario, simulator().catalog()):
        choice = rule.choice(case.choice)
        notation = scenarios.reading_notation(scenario, case.choice)
        rows.append(ReadingShown(choice.name, choice.summary, choice.name == rule.default, _shown(outcome, notation)))
    rows.sort(key=lambda row: not row.is_default)
    why = (
        "it is what the published rules say where they speak; the other reading is the site's earlier choice, "
        "kept by name so that a link shared before it became a choice keeps the result it had"
    )
    return Readings(rule.question, tuple(rows), rule.default, why, date.fromisoformat(rule.since))


def shown_for(codes: list[str]) -> dict[str, Shown]:
    """The scenario of each ruling code that has one, for a card page's list of rulings."""
    found = scenarios.by_subject()
    return {code: shown(entry) for code in codes if isinstance(entry := found.get(code), Scenario)}
