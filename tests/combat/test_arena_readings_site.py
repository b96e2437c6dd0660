"""The duel page and the API name the reading a duel's result used and link to the same duel under the other;
a duel link made before readings existed keeps its result; the API's validate never resolves a duel."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

import engine.arena.duel
import engine.rulesets

pytestmark = pytest.mark.django_db

BODY = "a=swordsman a.under=archer d=magma-elemental p=a:ranged:archer,d:pass,a:pass s=d:pass,a:pass"
OLD_LINK = f"ruleset=arena {BODY}"
STEP_6 = f"ruleset=arena reading.secondary-passes=step-6 {BODY}"
PRIMARY_STANDS = f"ruleset=arena reading.secondary-passes=primary-stands {BODY}"
ROWS = json.loads((Path(__file__).parents[1] / "engine" / "arena_permalinks_before.json").read_text())["duels"]


def _post(client: Client, endpoint: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/combat/{endpoint}", body, content_type="application/json")


def _reading_block(client: Client, notation: str) -> tuple[str, str]:
    page = client.get("/combat/", {"s": notation, "step": "end"})
    assert page.status_code == 200
    content = page.content.decode()
    block = re.search(r'<div class="duel-reading".*?</div>', content, re.S)
    assert block is not None, "the result names the reading it used"
    link = re.search(r'href="([^"]+)" data-other-reading', block.group(0))
    assert link is not None
    return block.group(0), parse_qs(urlparse(html.unescape(link.group(1))).query)["s"][0]


def _winner(client: Client, notation: str) -> str:
    content = client.get("/combat/", {"s": notation, "step": "end"}).content.decode()
    found = re.search(r'<p class="winner"[^>]*><strong>(.*?)</strong>', content)
    assert found is not None
    return found.group(1)


def test_the_duel_page_names_the_default_reading_and_links_to_the_alternative(client: Client) -> None:
    block, other = _reading_block(client, STEP_6)
    assert 'data-used="step-6"' in block and "made before" not in block
    assert other == PRIMARY_STANDS
    assert _winner(client, STEP_6) == "The defender wins the duel"
    assert _winner(client, other) == "The attacker wins the duel"
    back_block, back = _reading_block(client, other)
    assert 'data-used="primary-stands"' in back_block and back == STEP_6


def test_an_old_duel_link_keeps_its_result_says_so_and_links_to_todays_reading(client: Client) -> None:
    block, other = _reading_block(client, OLD_LINK)
    assert 'data-used="primary-stands"' in block and "made before" in block and "step-6" in block
    assert _winner(client, OLD_LINK) == "The attacker wins the duel"
    assert other == STEP_6


def test_the_api_names_the_readings_with_links(client: Client) -> None:
    body = _post(client, "resolve", {"notation": OLD_LINK}).json()
    assert body["result"]["readings"] == {"secondary-passes": "primary-stands"}
    assert body["result"]["readings_written"] is False
    [reading] = body["readings"]
    assert (reading["key"], reading["used"], reading["default"], reading["other"]) == (
        "secondary-passes", "primary-stands", "step-6", "step-6")  # fmt: skip
    assert reading["applied"] is True and reading["other_notation"] == STEP_6
    today = client.get(reading["other_permalink"] + "&step=end")
    assert today.status_code == 200 and "The defender wins the duel" in today.content.decode()
    json_body = _post(client, "resolve", {"setup": {**_duel_json(client), "readings": {"secondary-passes": "step-6"}}})
    assert json_body.json()["result"]["winner"] == "defender"


def _duel_json(client: Client) -> dict[str, Any]:
    from engine.arena import duel_to_dict, parse_duel

    return duel_to_dict(parse_duel(OLD_LINK))


def test_validate_checks_a_duel_without_resolving_it(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_resolving(*args: object, **kwargs: object) -> None:
        raise AssertionError("validate resolved the duel")

    monkeypatch.setattr(engine.rulesets, "resolve_duel", no_resolving)
    monkeypatch.setattr(engine.arena.duel, "resolve_duel", no_resolving)
    body = _post(client, "validate", {"notation": STEP_6}).json()
    assert body == {"valid": True, "notation": STEP_6, "problems": [], "ruleset": "arena"}
    # Written for the defender acting first, though the attacker won the primary round: refused, unresolved.
    wrong = _post(client, "validate", {"notation": STEP_6.replace("s=d:pass,a:pass", "s=a:pass,d:pass")}).json()
    assert wrong["valid"] is False and [p["code"] for p in wrong["problems"]] == ["arena.out_of_turn"]
    # The targets out of reach are found from the set-up as written.
    row = next(row for row in ROWS if row["warnings"] and "asserts" not in row)
    warned = _post(client, "validate", {"notation": row["notation"]}).json()
    said = [
        {"code": w["code"], "action": w["values"]["action"], "target": w["values"]["target"]}
        for w in warned["warnings"]
    ]
    assert warned["valid"] is True and said == row["warnings"]


def test_the_duel_form_selects_the_reading_and_keeps_an_old_links_on_edit(client: Client) -> None:
    form = client.get("/combat/?ruleset=arena").content.decode()
    select = re.search(r'<select id="id_secondary-passes" name="reading.secondary-passes".*?</select>', form, re.S)
    assert select is not None and '<option value="step-6" selected>' in select.group(0)
    fields = {"a_duellist": "Swordsman", "a_under": "Archer", "d_duellist": "Magma Elemental",
              "p": "a:ranged:archer,d:pass,a:pass", "s": "d:pass,a:pass"}  # fmt: skip
    for reading, expected in (("primary-stands", PRIMARY_STANDS), ("step-6", STEP_6)):
        built = client.get("/combat/duel/", {**fields, "reading.secondary-passes": reading})
        assert built.status_code == 302
        assert parse_qs(urlparse(built["Location"]).query)["s"][0] == expected
    edit = client.get("/combat/", {"s": OLD_LINK, "edit": "1"}).content.decode()
    assert '<option value="primary-stands" selected>' in edit
