"""The best-play pages without JavaScript: the result page's panel and button, the analysis' permalink (its
progress bar while it runs, then the answer), and a set-up that cannot be searched."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from bestplay import service
from bestplay.models import Analysis
from combat import running
from combat.links import permalink
from combat.rule_refs import rule_refs

pytestmark = pytest.mark.django_db

SMALL = "a=sand-lord,swordsman d=archer,devil-dog a.hand=gold"
PLAYED = "a=sand-lord,swordsman d=archer,devil-dog a.hand=gold m1=a:pass,d:pass"
LARGER = "a=sand-lord,swordsman,archer d=archer,devil-dog,swordsman a.hand=gold d.hand=babes"


def _page(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, response.content[:300]
    return unescape(response.content.decode())


def test_the_result_offers_the_search_as_a_plain_form(client: Client) -> None:
    html = _page(client, permalink(SMALL, step="end"))
    assert 'id="best-play"' in html and 'action="/combat/best-play/"' in html and 'method="post"' in html
    sent = re.search(r'name="s" value="([^"]*)"', html)
    assert sent is not None and running.read_notation(sent.group(1)) == running.read_notation(SMALL)
    # Before the end of the combat the panel is not there.
    assert 'id="best-play"' not in _page(client, permalink(SMALL, step=0))


def test_the_button_leads_to_the_analysis_and_the_result_then_shows_it(client: Client) -> None:
    response = client.post("/combat/best-play/", {"s": PLAYED})
    assert response.status_code == 303
    analysis = Analysis.objects.get()
    assert response["Location"] == f"/combat/best-play/{analysis.key}/"
    solution, why = analysis.result["solution"], analysis.result["why_lost"]  # type: ignore[index]
    page = _page(client, response["Location"])
    holder = solution["value"]["holder"]
    assert f"With best play by both sides, the {holder} holds the space" in page
    assert solution["best_line"]["permalink"] in page  # the best line opens in the step-through
    assert "http-equiv" not in page  # a finished analysis does not reload itself
    loser = why["loser"]
    assert f"Why the {loser} lost" in page and why["played"]["permalink"] in page
    # The result page now shows the stored analysis in its panel, with the address of its own page.
    result = _page(client, permalink(PLAYED, step="end"))
    assert f"With best play by both sides, the {holder} holds the space" in result
    assert response["Location"] in result and 'action="/combat/best-play/"' not in result


def test_each_side_lists_what_it_plays_in_the_best_line(client: Client) -> None:
    location = client.post("/combat/best-play/", {"s": SMALL})["Location"]
    analysis = Analysis.objects.get()
    page = _page(client, location)
    played = [d for d in analysis.result["solution"]["best_line"]["decisions"]  # type: ignore[index]
              if not d["item"].endswith(":pass")]  # fmt: skip
    assert played, "this set-up's best line plays something (the Gold bribe)"
    rules = rule_refs(decision["rule"] for decision in played)
    for decision in played:  # each with its numbered rule, read from the rules reference
        rule = rules[decision["rule"]]
        assert decision["words"] in page and f'href="{rule.url}"' in page and rule.label.lower() in page
    assert "The attacker's best line" in page and "The defender's best line" in page


def test_a_running_analysis_shows_a_progress_bar_and_reloads_itself(client: Client, monkeypatch: Any) -> None:
    monkeypatch.setattr(service, "INLINE_BUDGET_S", 0.0001)
    location = client.post("/combat/best-play/", {"s": LARGER})["Location"]
    analysis = Analysis.objects.get()
    assert analysis.status == Analysis.Status.QUEUED
    Analysis.objects.filter(pk=analysis.key).update(
        status=Analysis.Status.RUNNING, progress={"depth": 1, "nodes": 1234, "elapsed_s": analysis.budget_s / 4}
    )
    page = _page(client, location)
    assert '<meta http-equiv="refresh" content="2">' in page
    assert '<progress id="best-play-bar-page" max="100" value="25">' in page
    assert "1,234 positions so far" in page


def test_a_set_up_that_cannot_be_searched_is_a_page_naming_the_problem(client: Client) -> None:
    response = client.post("/combat/best-play/", {"s": "a=sand-lrod d=archer"})
    assert response.status_code == 400 and b"problem-list" in response.content
    assert not Analysis.objects.exists()


def test_an_unknown_analysis_is_a_404_page(client: Client) -> None:
    assert client.get("/combat/best-play/0123456789abcdef0123456789abcdef/").status_code == 404


def test_a_duel_result_has_the_panel_too(client: Client) -> None:
    duel = "ruleset=arena terrain=woods a=swordsman d=sand-lord d.pen=devil-dog s=d:creature:devil-dog,a:pass,d:pass"
    html = _page(client, permalink(duel, step="end"))
    assert 'id="best-play"' in html and 'action="/combat/best-play/"' in html
    location = client.post("/combat/best-play/", {"s": duel})["Location"]
    analysis = Analysis.objects.get()
    assert analysis.ruleset == "arena" and location == f"/combat/best-play/{analysis.key}/"
    holder = analysis.result["solution"]["value"]["holder"]  # type: ignore[index]
    assert f"With best play by both sides, the {holder} holds the space" in _page(client, permalink(duel, step="end"))
    page = _page(client, location)
    assert "the secondary round" in page  # where the duel's plays are made
    rounds = analysis.result["solution"]["best_line"]["rounds"]  # type: ignore[index]
    assert rounds and all(
        f"In the {'primary' if r['round'] == 'p' else 'secondary'} round, the " in page for r in rounds
    )
