"""The site shows the card responsible from the step's field (engine README, "Step fields"): a refusal's banning
card and a named Guardian's channel are linked under the step and given by the API, with no sentence read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from combat.links import permalink
from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.render import refusal_step
from engine.resolver import resolve

pytestmark = pytest.mark.django_db
CATALOG = default_catalog()
GELDSPAR = "a=swordsman a.hand=hammer-of-doom d=geldspar-court-magician m1=a:item:hammer-of-doom,d:pass,a:pass"
EXAMPLE_1 = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "examples" / "example-1.json").read_text())[
    "notation"
]
HOTEL = next(
    row["with"]
    for row in json.loads((Path(__file__).resolve().parents[1] / "engine" / "arena_side_rules.json").read_text())[
        "changes"
    ]
    if row["card"] == "the-maitz-hotel"
)


def _index(notation: str, message: str, card: str) -> int:
    return next(
        s.index for s in resolve(parse_setup(notation), CATALOG).steps if (s.message, s.card) == (message, card)
    )


def _current(client: Client, notation: str, step: int) -> str:
    html = client.get(permalink(notation, step=step)).content.decode()
    return html[html.index('class="current-step') : html.index('class="table-view"')]


def _api_steps(client: Client, notation: str) -> list[dict[str, Any]]:
    response = client.post("/api/v1/combat/resolve", {"notation": notation}, content_type="application/json")
    assert response.status_code == 200
    steps: list[dict[str, Any]] = response.json()["steps"]
    return steps


def test_the_step_through_links_the_banning_card_of_a_refusal(client: Client) -> None:
    current = _current(client, GELDSPAR, _index(GELDSPAR, refusal_step("cast.forbidden"), "geldspar-court-magician"))
    assert 'Card: <a href="/cards/geldspar-court-magician/">Geldspar, Court Magician</a>' in current
    assert 'Card: <a href="/cards/hammer-of-doom/">' not in current


def test_the_step_through_links_a_named_guardians_channel(client: Client) -> None:
    current = _current(client, EXAMPLE_1, _index(EXAMPLE_1, "channel_into.9", "tes-let-leader-with-foresight"))
    assert 'Card: <a href="/cards/tes-let-leader-with-foresight/">Tes Let, Leader with Foresight</a>' in current


def test_the_api_gives_the_banning_card_and_the_guardian_as_fields(client: Client) -> None:
    [refused] = [step for step in _api_steps(client, GELDSPAR) if (step["kind"], step["rule"]) == ("spell", "PRI-2")]
    assert (refused["card"], refused["card_name"]) == ("geldspar-court-magician", "Geldspar, Court Magician")
    duel = _api_steps(client, HOTEL)
    [hotel] = [step for step in duel if (step["kind"], step["rule"]) == ("spell", "ARN-46")]
    assert (hotel["card"], hotel["card_name"]) == ("the-maitz-hotel", "The Maitz Hotel")
    channels = [step for step in duel if step["kind"] == "channel"]
    assert [step["card"] for step in channels] == ["rak-nam-leader-of-the-mighty"]
