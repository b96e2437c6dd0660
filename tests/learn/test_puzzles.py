"""Every puzzle is solved again: exactly one first move of the attacker wins against best play, the one stored;
a puzzle with none, several, or moves the solver could not prove is rejected. Then the pages, without a browser."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from engine import default_catalog
from learn.puzzles import puzzles, verdict
from learn.questions import Level

PUZZLES = puzzles()


def test_at_least_50_puzzles_in_levels() -> None:
    assert len(PUZZLES) >= 50
    assert len({puzzle.id for puzzle in PUZZLES}) == len(PUZZLES)
    assert len(Counter(puzzle.level for puzzle in PUZZLES)) >= 2


def test_every_puzzle_has_exactly_one_winning_first_move_the_stored_one() -> None:
    catalog = default_catalog()
    problems = []
    for puzzle in PUZZLES:
        # No time budget: the verdict must not depend on how busy the machine is.
        checked = verdict(puzzle.setup, catalog, budget_s=None)
        if checked.rejection or checked.winning != puzzle.winning or checked.moves != puzzle.moves:
            problems.append((puzzle.id, checked.rejection, checked.winning, puzzle.winning))
    assert problems == []


def test_a_position_with_two_winning_first_moves_is_rejected() -> None:
    # Bribing the Swordsman and passing both win here (the solver proves each): no puzzle.
    checked = verdict("terrain=swamps a=sand-lord,archer a.hand=gold d=swordsman,axeman d.hand=gold", default_catalog())
    assert checked.winning is None and checked.rejection == "puzzle.several_wins"


@pytest.mark.django_db
def test_the_puzzle_page_checks_a_move_against_the_solver(client: Client) -> None:
    puzzle = PUZZLES[0]
    assert f'href="/learn/puzzles/{puzzle.id}/"' in client.get("/learn/puzzles/").content.decode()
    right = client.post(f"/learn/puzzles/{puzzle.id}/", {"move": puzzle.winning}).content.decode()
    assert 'data-correct="1"' in right and "Step through the best line" in right
    other = next(move for move in puzzle.moves if move != puzzle.winning)
    wrong = client.post(f"/learn/puzzles/{puzzle.id}/", {"move": other}).content.decode()
    assert 'data-correct="0"' in wrong
    refused = client.post(f"/learn/puzzles/{puzzle.id}/", {"move": "a:bribe:beer@nobody"})
    assert refused.status_code == 400 and "Choose one of the first moves" in refused.content.decode()
    assert client.get("/learn/puzzles/no-such-puzzle/").status_code == 404
    assert Level(puzzle.level)


@pytest.mark.django_db
def test_the_puzzles_in_the_api_with_their_winning_move(client: Client) -> None:
    body = client.get("/api/v1/learn/puzzles/", {"page_size": 200}).json()
    assert body["count"] == len(PUZZLES)
    first = body["results"][0]
    assert first["winning"] == PUZZLES[0].winning
    assert [move["item"] for move in first["moves"] if move["wins"]] == [PUZZLES[0].winning]
    assert client.get(first["url"]).json()["id"] == PUZZLES[0].id
    assert client.get("/api/v1/learn/puzzles/", {"level": "wizard"}).status_code == 400
    assert client.get("/api/v1/learn/puzzles/nothing/").status_code == 404
