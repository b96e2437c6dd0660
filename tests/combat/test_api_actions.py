"""The combat API with ordered actions, made-up cards and partial answers (issue 14)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client


def _post(client: Client, path: str, body: Any) -> Any:
    return client.post(f"/api/v1/combat/{path}", body, content_type="application/json")


@pytest.mark.django_db
def test_ordered_actions_through_the_json_form(client: Client) -> None:
    # 6.4.4c: 15 + 9 = 24 against 23, then the Djinn's push: 24 against 24, 6 stones left.
    setup = {
        "terrain": "mountains",
        "attacker": {"creatures": ["light-elemental"]},
        "defender": {"creatures": ["kikijub", "djinn"]},
        "actions": {"m1": ["a:channel:guardian", "d:ranged:djinn"]},
    }
    body = _post(client, "resolve", {"setup": setup}).json()
    assert body["notation"].endswith("m1=a:channel:guardian,d:ranged:djinn")
    assert body["result"]["stones_left"] == [6, 7]
    assert [(m["attacker_total"], m["defender_total"]) for m in body["result"]["matchups"]] == [(24, 24)]


@pytest.mark.django_db
def test_a_refused_action_is_a_coded_notice(client: Client) -> None:
    body = _post(client, "resolve", {"notation": "a=light-elemental d=kikijub m1=d:channel:guardian"}).json()
    assert [n["code"] for n in body["result"]["notices"]] == ["action.out_of_turn"]
    assert body["result"]["warnings"]


@pytest.mark.django_db
def test_every_warning_is_a_notice_with_its_values(client: Client) -> None:
    # A warning that used to be words only: the Archer may not fire in the Woods. The API keeps the
    # sentence among the warnings and adds the code, the rule and the values by name.
    notation = "terrain=woods a=sand-lord d=swordsman,archer m1=a:pass,d:pass,a:pass,d:ranged:archer"
    result = _post(client, "resolve", {"notation": notation}).json()["result"]
    (notice,) = result["notices"]
    assert (notice["code"], notice["rule"]) == ("ranged.woods", "PRI-9")
    # terrain_cards was added beside them (the Woods card, so a reader can link it): existing values stay as they were.
    assert notice["values"] == {"side": "defender", "shooter": "Archer", "round": 1, "terrain_cards": ["Woods"]}
    assert result["warnings"] == [f"{notice['message']} (ranged.woods)"]
    # Each creature's reason likewise: Sand Lord 11 - 6 Woods = 5 against Swordsman 6 + 3 OCB = 9.
    sand_lord = result["creatures"][0]
    assert (sand_lord["reason_code"], sand_lord["reason_values"]) == (
        "fate.beaten",
        {"winner": "Swordsman", "round": 1, "total": 9, "against": 5},
    )
    assert sand_lord["reason"] == "beaten by Swordsman in match-up 1 (9 against 5)"


@pytest.mark.django_db
def test_the_page_lists_the_refused_item_turn_by_its_rule_never_its_code(client: Client) -> None:
    # The Rooster's item turn is listed to check by hand, citing its numbered rule (issue #32: no code shown);
    # the Rooster acts outside a combat, so no "not automated" warning is added for the card.
    from combat.links import permalink

    html = client.get(permalink("a=swordsman a.hand=rooster d=archer m1=a:item:rooster", step="end")).content.decode()
    assert "item action" in html and 'href="/rules/6.4.4/"' in html
    assert "(action.not_applied)" not in html and "action.not_applied" not in html
    assert "(card.not_automated)" not in html


@pytest.mark.django_db
def test_partial_answer_after_matchup_one(client: Client) -> None:
    response = _post(client, "partial", {"notation": "a=greedy-fiend,swordsman d=sand-lord,archer", "after": "1"})
    assert response.status_code == 200
    body = response.json()
    assert body["stopped_after"] == "match-up 1" and body["in_hand"] == ["a2", "d2"]
    assert body["steps"][0]["rule_url"].startswith("/rules/id/")
    assert _post(client, "partial", {"notation": "a=swordsman d=archer", "after": "command"}).json()["matchups"] == []


@pytest.mark.django_db
def test_partial_answer_that_is_never_reached_is_a_400_with_the_code(client: Client) -> None:
    response = _post(client, "partial", {"notation": "a=swordsman d=archer", "after": "5"})
    assert response.status_code == 400
    assert "partial.not_reached" in response.content.decode()
    assert _post(client, "partial", {"notation": "a=swordsman d=archer", "after": "soon"}).status_code == 400


@pytest.mark.django_db
def test_the_result_page_marks_made_up_creatures_and_shows_coded_warnings(client: Client) -> None:
    from combat.links import permalink

    made_up = (
        'made-up.test-giant={"border":"mortal","name":"Test%20Giant","type":"creature","vitality":9} '
        "a=test-giant d=swordsman"
    )
    html = client.get(permalink(made_up, step="end")).content.decode()
    assert "Test Giant <small>(made-up)</small>" in html
    html = client.get(permalink("a=light-elemental d=kikijub m1=d:channel:guardian", step="end")).content.decode()
    # The refused turn is said at the top in words, with the numbered rule it follows, never its code or id.
    top = html[html.index('id="refused-turns"') : html.index("</section>", html.index('id="refused-turns"'))]
    assert "refused because it is the attacker&#x27;s turn" in top and '<a href="/rules/6.4.4/">rule 6.4.4</a>' in top
    assert "action.out_of_turn" not in top and "A-04" not in top


@pytest.mark.django_db
def test_a_made_up_creature_links_to_no_card_page(client: Client) -> None:
    # #14: the picture (page and SVG), the step-through's tiles and the step's card name a made-up
    # creature as made-up; only the printed Swordsman links to its card page.
    from django.urls import reverse

    from combat.links import permalink

    notation = (
        'made-up.test-giant={"border":"mortal","name":"Test%20Giant","type":"creature","vitality":9} '
        "a=test-giant d=swordsman"
    )
    for step in ("end", "5", "6"):
        html = client.get(permalink(notation, step=step)).content.decode()
        assert "/cards/test-giant/" not in html
        assert "Test Giant <small>(made-up)</small>" in html
        assert "/cards/swordsman/" in html
    svg = client.get(reverse("combat:picture"), {"s": notation, "step": "end"}).content.decode()
    assert "Test Giant<tspan" in svg and "(made-up)" in svg
    assert "/cards/" not in svg


@pytest.mark.django_db
def test_the_step_through_shows_a_refusal_where_it_was_attempted(client: Client) -> None:
    # #14: the second a:channel comes out of turn; the page lists it after the first channel's step
    # and before the comparison, as the engine logged it.
    from combat.links import permalink

    html = client.get(
        permalink("a=light-elemental d=kikijub m1=a:channel:guardian,a:channel:guardian,d:pass", step="10")
    ).content.decode()
    # The chapter's list of steps, each linked to its own step number.
    channel = html.index('step=8#step-nav" data-step-link>The Guardian spends a stone to channel 9')
    refused = html.index('step=9#step-nav" data-step-link>Match-up 1: the attacker&#x27;s channel from the Guardian is refused:')
    compare = html.index('step=10#step-nav" data-step-link>Compare 24 against 14')
    assert channel < refused < compare
