"""A pasted order of actions with turns the order of play refuses says so at the top of the result, in words,
beside the totals of the match-up played without them, and not among the checks by hand."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from combat.refused import refused_turns
from engine import resolve
from engine.catalog import default_catalog
from engine.notation import parse_setup

CATALOG = default_catalog()
# The attacker passes again before the defender has had its turn: refused, and the Djinn then shoots.
REFUSED = "a=sand-lord,archer d=swordsman,djinn m1=a:ranged:archer,a:pass,d:ranged:djinn"
ACCEPTED = "a=sand-lord,archer d=swordsman,djinn m1=a:ranged:archer,d:ranged:djinn,a:pass"


def _page(client: Client, notation: str, step: str = "end") -> str:
    return client.get("/combat/", {"s": notation, "step": step}).content.decode()


@pytest.mark.django_db  # the numbered rule each refusal cites is read from the rules reference
def test_each_refused_turn_is_listed_by_its_match_up_with_the_totals_it_was_played_at() -> None:
    log = resolve(parse_setup(REFUSED), CATALOG)
    rows = refused_turns(log, {})
    assert [row.round for row in rows] == [1]
    matchup = rows[0].matchup
    assert matchup is not None and (matchup.attacker_total, matchup.defender_total) == (
        log.result.matchups[0].attacker_total,
        log.result.matchups[0].defender_total,
    )
    (turn,) = rows[0].turns
    assert "the attacker's pass" in turn
    # The rule a reader can open (6.4.4, linked), never the engine's id for it.
    assert "it is the defender&#x27;s turn" in turn and '<a href="/rules/6.4.4/">rule 6.4.4</a>' in turn
    assert "A-04" not in turn
    assert "action.out_of_turn" not in turn


def test_a_list_the_order_of_play_accepts_has_no_refused_turns() -> None:
    log = resolve(parse_setup(ACCEPTED), CATALOG)
    assert refused_turns(log, {}) == []


@pytest.mark.django_db
@pytest.mark.parametrize("step", ["end", "0"])
def test_the_page_says_so_at_the_top_in_words_without_engine_codes(client: Client, step: str) -> None:
    html = _page(client, REFUSED, step)
    top = html.index('id="refused-turns"')
    assert top < html.index('id="stepper"')
    section = html[top : html.index("</section>", top)]
    assert "Match-up 1" in section and "the attacker's pass" in section
    log = resolve(parse_setup(REFUSED), CATALOG)
    totals = f"{log.result.matchups[0].attacker_total} against {log.result.matchups[0].defender_total}"
    assert totals in section
    assert not re.search(r"action\.[a-z_]+", section)


@pytest.mark.django_db
def test_the_refused_turns_are_not_repeated_among_the_checks_by_hand(client: Client) -> None:
    html = _page(client, REFUSED)
    checks = html[html.index('id="verdict"') :]
    assert "action.out_of_turn" not in checks and "is refused" not in checks.partition("The fate")[0]
    assert 'id="refused-turns"' not in _page(client, ACCEPTED)
