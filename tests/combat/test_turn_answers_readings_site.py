"""A standard combat link shared before rules 1.3 keeps its result on the site and in the API, says it is read
under ``rules-1.2`` and links to the same set-up under today's ``just-before``; a set-up made now names the
reading (the form writes it), and one where no reading can matter prints and shows as before."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

RECORDED = json.loads((Path(__file__).parents[1] / "engine" / "turn_answers_main_results.json").read_text())
OLD_LINKS = [case for case in RECORDED["cases"] if "error" not in case and "m1=" in case["notation"]]
OLD = OLD_LINKS[0]["notation"]  # Energy Eater right after the channel: main let it wait, the defender won
NEW = f"{OLD} reading.turn-answers=just-before"


def _resolve(client: Client, notation: str) -> Any:
    answer = client.post("/api/v1/combat/resolve", {"notation": notation}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    return answer.json()


def _page(client: Client, notation: str) -> str:
    page = client.get("/combat/", {"s": notation, "step": "end"})
    assert page.status_code == 200
    return page.content.decode()


@pytest.mark.parametrize("case", OLD_LINKS[:6], ids=[case["notation"][:60] for case in OLD_LINKS[:6]])
def test_an_old_link_keeps_mains_result_in_the_api(client: Client, case: dict[str, Any]) -> None:
    data = _resolve(client, case["notation"])
    result = data["result"]
    recorded = case["result"]
    assert (result["winner"], result["attacker_total"], result["defender_total"]) == (
        recorded["winner"],
        recorded["attacker_total"],
        recorded["defender_total"],
    )
    assert data["notation"] == case["notation"], "an old link prints as it was written"
    assert result["readings"] == {"turn-answers": "rules-1.2"} and result["readings_written"] is False
    (reading,) = data["readings"]
    assert (reading["used"], reading["other"], reading["written"]) == ("rules-1.2", "just-before", False)
    assert reading["other_notation"] == f"{case['notation']} reading.turn-answers=just-before"


def test_the_old_link_page_says_so_and_links_to_todays_reading(client: Client) -> None:
    content = _page(client, OLD)
    block = re.search(r'<section class="notice combat-reading".*?</section>', content, re.S)
    assert block is not None
    assert 'data-used="rules-1.2"' in block.group(0) and "made before the site named this reading" in block.group(0)
    link = re.search(r'href="([^"]+)" data-other-reading="just-before"', block.group(0))
    assert link is not None
    other = parse_qs(urlparse(html.unescape(link.group(1))).query)["s"][0]
    assert other == NEW
    old, new = _resolve(client, OLD)["result"], _resolve(client, other)["result"]
    assert (old["winner"], new["winner"]) == ("defender", "attacker")
    # Today's reading shows no notice: the combat is read as the rules say.
    assert "combat-reading" not in _page(client, NEW)


def test_a_set_up_with_nothing_the_reading_touches_prints_and_reads_as_before(client: Client) -> None:
    data = _resolve(client, "a=axeman d=giant-shaman")
    assert data["notation"] == "a=axeman d=giant-shaman"
    assert data["result"]["readings_applied"] == [] and data["result"]["readings_written"] is True
    assert "combat-reading" not in _page(client, "a=axeman d=giant-shaman")


def test_the_form_makes_a_set_up_today_and_keeps_an_old_links_reading(client: Client) -> None:
    from combat.setup_form import bound_forms, build_notation, filled_forms
    from engine.catalog import default_catalog
    from engine.notation import parse_setup

    catalog = default_catalog()
    forms = filled_forms(parse_setup(OLD), catalog)
    assert forms.reading == "rules-1.2"
    data = {
        "a-creatures": "Axeman",
        "a-hand": "Energy Eater",
        "d-creatures": "Giant Shaman",
        "d-stones": "3",
        "m1-actions": "a:pass,d:pass,a:pass,d:channel:guardian,a:spell:energy-eater,d:pass,a:pass",
    }
    made = build_notation(bound_forms(data, catalog), catalog)
    assert made is not None and made.readings.turn_answers.value == "just-before"
    kept = build_notation(bound_forms({**data, "reading.turn-answers": "rules-1.2"}, catalog), catalog)
    assert kept is not None and kept.readings.turn_answers.value == "rules-1.2" and kept.readings.written


def test_an_old_link_whose_result_today_would_be_the_same_shows_no_notice(client: Client) -> None:
    # Energy Eater after the attacker's own channel: it answered nothing then and answers nothing now.
    same = OLD_LINKS[1]["notation"]
    assert "a:channel:guardian,d:pass,a:spell:energy-eater" in same
    assert _resolve(client, same)["result"]["readings"] == {"turn-answers": "rules-1.2"}
    assert "combat-reading" not in _page(client, same)
