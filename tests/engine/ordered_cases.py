"""What the tests of ordered match-ups share (test_ordered_actions, test_turns_in_place): a set-up
resolved from its notation, a case worked by hand for its first match-up, and the checks each case makes."""

from __future__ import annotations

from dataclasses import dataclass

from engine.catalog import default_catalog
from engine.log import CombatLog
from engine.notation import format_setup, parse_setup
from engine.resolver import resolve


def run(text: str) -> CombatLog:
    return resolve(parse_setup(text), default_catalog())


@dataclass(frozen=True)
class Case:
    name: str
    setup: str
    totals: tuple[int | None, int | None]  # match-up 1: attacker's total, defender's total
    stones: tuple[int, int]  # stones left: attacker, defender
    fates: dict[str, str]  # creature id -> fate
    codes: tuple[str, ...] = ()  # the result's notice codes, in order


def check_case(case: Case) -> CombatLog:
    """Resolve the case and check the first match-up's totals, the stones left, every creature's
    fate, the notice codes and that the notation prints back as written; the log, for further checks."""
    log = run(case.setup)
    first = log.result.matchups[0]
    assert (first.attacker_total, first.defender_total) == case.totals
    assert log.result.stones_left == case.stones
    assert {c.id: c.fate.value for c in log.result.creatures} == case.fates
    assert tuple(n.code for n in log.result.notices) == case.codes
    assert format_setup(parse_setup(case.setup)) == case.setup
    return log
