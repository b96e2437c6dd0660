"""The board's refusal beside a listed action is written from the refusal's code and values (``Refused.reason``),
as the step pages write the step ``action.refused``: never from the sentence the engine keeps for programs."""

from __future__ import annotations

import pytest
from django.test import Client

from combat.board import build_board, values_from_setup
from engine import turns
from engine.catalog import default_catalog
from engine.notation import parse_setup

# The board cites the numbered rule (rule 6.10.2), read from the rules reference in the database.
pytestmark = pytest.mark.django_db

CATALOG = default_catalog()
OUT_OF_TURN = "terrain=mountains a=light-elemental d=kikijub,djinn m1=d:ranged:djinn,a:channel:guardian"
FORM = {
    "terrain": "mountains",
    "a-creatures": "Light Elemental",
    "d-creatures": "Kikijub\nDjinn",
    "m1-actions": "d:ranged:djinn,a:channel:guardian",
}


def test_the_refusal_is_written_from_its_code_and_values_not_the_engines_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Reword the engine's sentence: the board does not show it, as it reads the reason's code and values.
    monkeypatch.setattr(turns, "refusal_sentence", lambda refusal, **values: "Zork quux")
    setup = parse_setup(OUT_OF_TURN)
    refused = turns.referee(setup).refused[1][0]
    assert refused.why == "Zork quux" and refused.reason.message == "reason.action.out_of_turn"
    values, _ = values_from_setup(CATALOG, setup)
    items = build_board(CATALOG, setup, values).rows[0].actions.items  # type: ignore[union-attr]
    assert str(items[0].problem) == 'Refused: it is the attacker&#x27;s turn (<a href="/rules/6.4.4/">rule 6.4.4</a>)'
    assert items[1].problem == ""


def test_the_page_shows_the_refusal_escaped_once(client: Client) -> None:
    html = client.get("/combat/board/", FORM, HTTP_SEC_FETCH_MODE="cors").content.decode()
    assert 'action-problem">Refused: it is the attacker&#x27;s turn (<a href="/rules/6.4.4/">rule 6.4.4</a>)</p>' in html


def test_a_card_the_reasons_values_name_is_linked() -> None:
    from combat.board import _card_names
    from combat.card_links import said_html
    from engine.render import Said

    names = _card_names(CATALOG, parse_setup(OUT_OF_TURN))
    assert names["Djinn"] == "djinn" and "Light Elemental" in names
    html = str(said_html(Said("action.ranged", ("Djinn",)), names))
    assert html == 'ranged attack by <a href="/cards/djinn/">Djinn</a>'
