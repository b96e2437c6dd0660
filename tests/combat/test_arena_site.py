"""Guardians Arena duels on the site: the API with ``ruleset``, the step-through and the rules links."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from combat.examples import arena_examples
from combat.links import notation_in

# The site resolves with the catalog built from the database.
pytestmark = pytest.mark.django_db

UPPER_HAND = next(example for example in arena_examples() if example.id == "arena-upper-hand-overturned")


def _post(client: Client, endpoint: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/combat/{endpoint}", body, content_type="application/json")


def test_resolve_a_duel_by_notation_gives_the_duel_result() -> None:
    body = _post(Client(), "resolve", {"notation": UPPER_HAND.notation}).json()
    assert body["ruleset"] == "arena"
    result = body["result"]
    assert [result["primary"]["attacker_total"], result["primary"]["defender_total"]] == [9, 5]
    assert result["upper_hand"] == "attacker"
    assert [result["secondary"]["attacker_total"], result["secondary"]["defender_total"]] == [6, 20]
    assert result["winner"] == "defender"
    assert result["victorious"] == [0, 1]
    assert {"side": "defender", "card": "devil-dog", "place": "deck_bottom", "rule": "ARN-16"} in result["places"]
    assert all(step["rule_url"] == f"/rules/id/{step['rule']}/" for step in body["steps"])


def test_ruleset_field_reads_a_notation_or_json_as_a_duel() -> None:
    client = Client()
    by_field = _post(client, "resolve", {"ruleset": "arena", "notation": "a=swordsman d=sand-lord"}).json()
    assert by_field["ruleset"] == "arena" and by_field["notation"] == "ruleset=arena a=swordsman d=sand-lord"
    body = {
        "ruleset": "arena",
        "setup": {"attacker": {"duellists": ["swordsman"]}, "defender": {"duellists": ["sand-lord"]}},
    }
    assert _post(client, "resolve", body).json()["result"]["winner"] == "defender"


def test_bad_duels_are_400_or_invalid_with_code_and_rule() -> None:
    client = Client()
    response = _post(client, "resolve", {"notation": "ruleset=arena a=swordsman,archer d=sand-lord"})
    assert response.status_code == 400
    problem = response.json()["error"]["details"]["problems"][0]
    assert problem["code"] == "arena.two_duellists" and "Arena rule 5.1.1" in problem["message"]
    checked = _post(client, "validate", {"notation": "ruleset=arena a=swordsman d=sand-lord p=d:pass"}).json()
    assert checked["valid"] is False and checked["ruleset"] == "arena"
    assert checked["problems"][0]["code"] == "arena.out_of_turn"
    wrong = _post(client, "resolve", {"ruleset": "arena", "setup": {"attacker": {"creatures": ["swordsman"]}}})
    assert wrong.status_code == 400


def test_examples_api_lists_the_duels_on_request() -> None:
    body = Client().get("/api/v1/combat/examples?ruleset=arena").json()
    assert {item["id"] for item in body} == {example.id for example in arena_examples()}
    assert all(
        item["ruleset"] == "arena" and item["permalink"].startswith("/combat/?s=ruleset%3Darena") for item in body
    )


def test_the_simulator_offers_the_ruleset_and_a_duel_form(client: Client) -> None:
    page = client.get("/combat/").content.decode()
    assert 'name="ruleset"' in page and 'value="arena"' in page
    form = client.get("/combat/?ruleset=arena").content.decode()
    assert 'name="a_duellist"' in form and 'name="s"' in form and "arena-flying" in form
    built = client.get("/combat/duel/", {"a_duellist": "Swordsman", "d_duellist": "sand-lord", "terrain": "woods"})
    assert built.status_code == 302
    # A duel made today names the reading it is read under (today's default, step 6 of the Arena rules).
    assert built["Location"] == (
        "/combat/?s=ruleset%3Darena+reading.secondary-passes%3Dstep-6+terrain%3Dwoods+a%3Dswordsman+d%3Dsand-lord"
    )
    edit = client.get("/combat/?example=arena-flying").content.decode()
    assert 'value="Rain Spirit"' in edit  # by name, as it was typed; the notation keeps the slug


def test_a_duel_permalink_steps_through_to_its_result(client: Client) -> None:
    first = client.get(UPPER_HAND.permalink)
    assert first.status_code == 200
    assert b'href="/rules/id/ARN-1/"' in first.content
    end = client.get(UPPER_HAND.permalink + "&step=end").content.decode()
    assert "The defender wins the duel" in end
    assert "attacker 9, defender 5" in end and "the attacker holds the upper hand" in end
    assert "bottom of the deck" in end and "defender 1." in end


def test_bad_duel_pages_are_400_never_500(client: Client) -> None:
    from urllib.parse import quote

    for notation in (
        "ruleset=arena a=swordsman,archer d=sand-lord",
        "ruleset=arena a=swordsman d=sand-lord p=d:pass",
        "ruleset=arena a=x",
    ):
        response = client.get("/combat/?s=" + quote(notation))
        assert response.status_code == 400
    assert client.get("/combat/duel/", {"a_duellist": "Swordsman", "p": "d:dance"}).status_code == 400
    # A duel has a picture now (below); a broken one is still a 400 naming the problem.
    bad_picture = client.get("/combat/picture.svg?s=" + quote("ruleset=arena a=swordsman,archer d=sand-lord"))
    assert bad_picture.status_code == 400 and b"Arena rule 5.1.1" in bad_picture.content
    assert client.get("/combat/explore/?s=" + quote("ruleset=arena a=swordsman d=sand-lord")).status_code == 400


def test_arena_rule_pages_open_their_worked_duels(client: Client) -> None:
    page = client.get("/rules/arena/2.1.1/").content.decode()
    flying = next(example for example in arena_examples() if example.id == "arena-flying")
    assert flying.title in page and flying.permalink.replace("&", "&amp;") in page
    assert client.get("/rules/id/ARN-4/", follow=False)["Location"].endswith("/rules/arena/2.1.1/")
    # The site's ruling on the order of a round opens the duels that show it.
    ordered = client.get("/rules/arena/6.3.4/").content.decode()
    assert "Site ruling on the order of a round" in ordered
    assert _example("arena-order-bribe-ends-round").permalink.replace("&", "&amp;") in ordered


def test_card_pages_say_whether_duels_automate_the_card(client: Client) -> None:
    page = client.get("/cards/sand-lord/").content.decode()
    assert 'id="arena-support"' in page and "automated in duels too" in page
    # A command that has nothing to act on in a duel says so in words; the code stays in the API (issue #32).
    darkness = client.get("/cards/darkness-elemental/").content.decode()
    assert "some text cannot work in a duel" in darkness and "A duel that reveals it says so" in darkness
    assert "arena.command_no_effect" not in darkness
    # A spell that acts only on channelling is said to work in the primary round only.
    assert "primary round only" in client.get("/cards/power-lunch/").content.decode()


def test_every_duel_notation_example_resolves(client: Client) -> None:
    from combat.notation_doc import DUEL_CLAUSES

    assert 'id="duels"' in client.get("/combat/notation/").content.decode()
    for clause in DUEL_CLAUSES:
        assert client.get(clause.permalink).status_code == 200, clause.example


def test_the_worked_examples_page_lists_the_duels(client: Client) -> None:
    page = client.get("/rules/examples/").content.decode()
    assert 'id="arena-duels"' in page
    from django.utils.html import escape

    assert all(escape(example.title) in page for example in arena_examples())


def test_an_unknown_examples_ruleset_is_a_400(client: Client) -> None:
    assert client.get("/api/v1/combat/examples?ruleset=chess").status_code == 400


def _example(example_id: str) -> Any:
    return next(example for example in arena_examples() if example.id == example_id)


def test_a_duel_has_a_picture_drawn_by_the_shared_code(client: Client) -> None:
    from urllib.parse import urlencode

    aoe = _example("arena-secondary-aoe")
    end = client.get("/combat/picture.svg?" + urlencode({"s": aoe.notation, "step": "end"}))
    assert end.status_code == 200 and end["Content-Type"].startswith("image/svg+xml")
    svg = end.content.decode()
    assert "Arena duel: the defender wins, 6 against 25" in svg
    # Every creature that fought or was struck in the hand is a bar; the Gnomes are drawn out, discarded.
    for name in ("Swordsman", "Sand Lord", "Fire Elemental", "Gn&#x27;Obby Gnomes"):
        assert name in svg
    assert "discarded by a" in svg and "line-through" in svg
    first = client.get("/combat/picture.svg?" + urlencode({"s": aoe.notation, "step": 0})).content.decode()
    assert "Step 1 of" in first
    page = client.get(aoe.permalink + "&step=end").content.decode()
    assert "/combat/picture.svg?" in page and 'property="og:image" content="http://testserver/combat/picture.png?' in page


def test_exploring_a_duel_is_refused_with_a_code_and_the_reason(client: Client) -> None:
    notation = UPPER_HAND.notation
    api = _post(client, "explore", {"notation": notation})
    assert api.status_code == 400
    problem = api.json()["error"]["details"]["problems"][0]
    assert problem["code"] == "explore.not_for_duels" and "one creature a side" in problem["message"]
    from urllib.parse import urlencode

    page = client.get("/combat/explore/?" + urlencode({"s": notation}))
    assert page.status_code == 400 and b"explore.not_for_duels" in page.content
    # The duel's own page says why before anyone asks, in words; the code is there for programs only.
    assert b'data-code="explore.not_for_duels"' in client.get(UPPER_HAND.permalink + "&step=end").content


def test_duel_results_carry_their_coded_notices() -> None:
    body = _post(Client(), "resolve", {"notation": _example("arena-command-no-effect").notation}).json()
    codes = [notice["code"] for notice in body["result"]["notices"]]
    assert codes == ["arena.command_no_effect"] and body["result"]["notices"][0]["rule"] == "ARN-2"
    # The duel's own warnings give their values too: a client reads the fighter, never the sentence.
    values = body["result"]["notices"][0]["values"]
    assert {key: values[key] for key in ("side", "fighter", "ability")} == {
        "side": "attacker",
        "fighter": "Darkness Elemental",
        "ability": "command_announcement",
    }
    assert {creature["card"] for creature in body["result"]["creatures"]} == {"darkness-elemental", "swordsman"}


MADE_UP_DUEL = (
    'ruleset=arena made-up.test-giant={"border":"mortal","name":"Test%20Giant","type":"creature","vitality":9} '
    "a=test-giant d=swordsman p=a:pass,d:pass s=d:pass,a:pass"
)


def test_a_made_up_duellist_is_named_not_linked(client: Client) -> None:
    from urllib.parse import quote

    end = client.get("/combat/?s=" + quote(MADE_UP_DUEL) + "&step=end").content.decode()
    assert "The attacker wins the duel" in end
    assert "Test Giant <small>(made-up)</small>" in end and "test-giant <small>" not in end
    assert 'href="/cards/test-giant/"' not in end and 'href="/cards/swordsman/"' in end
    drawn = client.get("/combat/picture.svg?s=" + quote(MADE_UP_DUEL) + "&step=end").content.decode()
    assert "(made-up)" in drawn
    body = _post(client, "resolve", {"notation": MADE_UP_DUEL}).json()
    assert body["result"]["made_up"] == ["test-giant"]
    assert all(step["rule"].startswith("ARN-") for step in body["steps"])


def test_the_duel_form_takes_rolls_counts_and_choices(client: Client) -> None:
    built = client.get(
        "/combat/duel/",
        {
            "a_duellist": "Woodland Troll",
            "a_counts": "Woodland Troll:2",
            "d_duellist": "swordsman",
            "p": "a:pass, d:pass",
        },
    )
    assert built.status_code == 302
    assert "a.counts%3Dwoodland-troll%3A2" in built["Location"]
    page = client.get(built["Location"] + "&step=end").content.decode()
    assert "attacker 13, defender 6" in page


def test_the_arena_ids_of_the_shared_steps_open_their_arena_rules(client: Client) -> None:
    for rule_id, number in (("ARN-32", "6.3.6"), ("ARN-33", "6.3.7"), ("ARN-37", "6.4.4d"), ("ARN-40", "6.8.2")):
        response = client.get(f"/rules/id/{rule_id}/", follow=False)
        assert response["Location"].endswith(f"/rules/arena/{number}/"), rule_id
    assert "Site ruling on channelling in a duel" in client.get("/rules/arena/6.3.7/").content.decode()


def test_the_duel_form_takes_made_up_cards_and_gives_them_back_to_edit(client: Client) -> None:
    built = client.get(
        "/combat/duel/",
        {
            "a_duellist": "test-giant",
            "d_duellist": "Swordsman",
            "made_up": 'made-up.test-giant={"type": "creature", "border": "mortal", "vitality": 9}\n',
            "p": "a:pass,d:pass",
            "s": "d:pass,a:pass",
        },
    )
    assert built.status_code == 302
    from urllib.parse import parse_qs, urlsplit

    notation = notation_in({key: values[0] for key, values in parse_qs(urlsplit(built["Location"]).query).items()})
    # The name left out is the slug's words, as in a standard set-up; the clause comes out canonical.
    assert notation == MADE_UP_DUEL.replace("ruleset=arena", "ruleset=arena reading.secondary-passes=step-6", 1)
    assert "The attacker wins the duel" in client.get(built["Location"] + "&step=end").content.decode()
    edit = client.get(built["Location"] + "&edit=1").content.decode()
    assert "made-up.test-giant=" in edit and 'id="id_made_up"' in edit
    bad = client.get("/combat/duel/", {"a_duellist": "x", "d_duellist": "swordsman", "made_up": "giant={}"})
    assert bad.status_code == 400 and "notation.bad_made_up" in bad.content.decode()


def test_a_duels_creatures_carry_their_reason_codes_and_the_schema_says_so(client: Client) -> None:
    body = _post(client, "resolve", {"notation": UPPER_HAND.notation}).json()
    reasons = {
        creature["card"]: (creature["reason_code"], creature["reason_values"])
        for creature in body["result"]["creatures"]
    }
    assert reasons == {
        "swordsman": ("arena.lost_duel", {"winner": "Sand Lord"}),
        "sand-lord": ("arena.took_part", {}),
        "devil-dog": ("arena.took_part", {}),
    }
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    documented = schema["components"]["schemas"]["DuelCreature"]
    assert {"reason", "reason_code", "reason_values"} <= set(documented["required"])
    assert documented["properties"]["reason_values"]["type"] == "object"
    assert "values" in schema["components"]["schemas"]["DuelNotice"]["required"]


def test_what_decided_a_duel_is_a_code_in_the_api_the_schema_and_the_page(client: Client) -> None:
    body = _post(client, "resolve", {"notation": UPPER_HAND.notation}).json()["result"]
    assert (body["decided_by_code"], body["decided_by_values"]) == ("arena.decided.secondary_round", {"rule": "ARN-11"})
    assert body["decided_by"] == "the secondary round (ARN-11)"
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    documented = schema["components"]["schemas"]["DuelResult"]
    assert {"decided_by", "decided_by_code", "decided_by_values"} <= set(documented["required"])
    assert documented["properties"]["decided_by_values"]["type"] == "object"
    page = client.get(UPPER_HAND.permalink + "&step=end").content.decode()
    assert 'data-decided-by="arena.decided.secondary_round"' in page
    # The page gives the rule as a reader finds it in the rules reference, not as the engine's id.
    assert "wins the duel</strong>: the secondary round (Arena rule 6.7.1)." in page
