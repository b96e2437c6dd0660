"""Bounded work: the documented set-up limits, explore's time budget and its honest "explored N of M"."""

from __future__ import annotations

import json
import time

import pytest
from django.test import Client

from combat import limits, running
from engine.catalog import default_catalog
from engine.explore import count_orders, describe_count, explore
from engine.notation import parse_setup

# The site's catalog is built from the database (cards.engine_catalog).
pytestmark = pytest.mark.django_db

IDIOTS = "idiot"  # Stacks 0, so any number of them fits a shield: only the creature limit stops them.


def _post(client: Client, endpoint: str, body: object) -> tuple[int, dict]:  # type: ignore[type-arg]
    response = client.post(f"/api/v1/combat/{endpoint}", json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


def _idiots(count: int) -> str:
    return ",".join([IDIOTS] * count)


@pytest.mark.parametrize("endpoint", ["resolve", "validate", "explore"])
def test_one_creature_over_the_limit_is_a_400_naming_it(client: Client, endpoint: str) -> None:
    status, body = _post(client, endpoint, {"notation": f"a=archer d={_idiots(limits.MAX_CREATURES_PER_SIDE + 1)}"})
    assert status == 400 and body["error"]["code"] == "limit_exceeded"
    assert body["error"]["message"] == "The defender's shield lists 31 creatures; the limit is 30 per side."
    status, _ = _post(client, endpoint, {"notation": f"a=archer d={_idiots(limits.MAX_CREATURES_PER_SIDE)}"})
    assert status == 200


def test_explore_2000_against_2000_is_refused_in_a_short_sentence(client: Client) -> None:
    setup = {"attacker": {"creatures": ["archer"] * 2000}, "defender": {"creatures": [IDIOTS] * 2000}}
    status, body = _post(client, "explore", {"setup": setup})
    assert status == 400 and body["error"]["code"] == "limit_exceeded"
    assert "8,000 bytes" in body["error"]["message"] and len(body["error"]["message"]) < 120
    # Within the byte limit, the creature limit names itself.
    status, body = _post(
        client, "explore", {"setup": {"attacker": {"creatures": ["archer"]}, "defender": {"creatures": [IDIOTS] * 600}}}
    )
    assert status == 400 and "600 creatures" in body["error"]["message"]


def test_numbers_beyond_any_real_set_up_are_refused(client: Client) -> None:
    status, body = _post(client, "resolve", {"notation": "a=sand-lord a.stones=1000 d=swordsman"})
    assert status == 400 and body["error"]["details"]["problems"][0]["code"] == "limit.number"


@pytest.mark.parametrize("endpoint", ["resolve", "validate", "explore"])
def test_json_nested_1000_deep_is_a_400_not_a_recursion_error(client: Client, endpoint: str) -> None:
    body = '{"setup":' + "[" * 1000 + "]" * 1000 + "}"
    response = client.post(f"/api/v1/combat/{endpoint}", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "The JSON nests 1,001 levels deep; the limit is 8."


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    from core.api.parsers import json_depth

    assert json_depth(b'{"notation": "[[[[[[[[[[[[[[[[[[[[\\"{{{{{{{{{"}') == 1
    assert json_depth(b'{"a": [[{"b": []}]]}') == 5


def test_explore_stops_at_its_budget_and_says_how_far_it_got() -> None:
    setup = parse_setup(f"a=archer,idiot,idiot,idiot,idiot d={_idiots(30)}")
    started = time.monotonic()
    exploration = explore(setup, default_catalog(), limit=None, budget=0.2)
    # Far above the 0.2 s budget so that a loaded machine cannot fail it, far below the hours that 17 million
    # orders would take if the budget were ignored.
    assert time.monotonic() - started < 30
    assert not exploration.complete and exploration.total_orders == count_orders(30, 5) == 17_100_720
    assert 0 < exploration.explored < exploration.total_orders
    assert exploration.coverage() == f"explored {exploration.explored:,} of 17,100,720 play orders"


def test_a_small_explore_finishes_within_the_budget() -> None:
    exploration = running.explore_notation("a=sand-lord,swordsman,archer d=swordsman,archer,idiot")
    assert exploration.complete and exploration.explored == exploration.total_orders == 6


def test_huge_counts_are_described_never_written_out() -> None:
    assert describe_count(2500) == "2,500"
    assert describe_count(10**12 - 1) == "999,999,999,999"
    factorial_2000 = count_orders(2000, 2000)  # 5,736 digits: past Python's int-to-text limit.
    assert describe_count(factorial_2000) == "more than 10^5735"
    assert describe_count(10**12) == "more than 10^11"


def test_the_explore_page_and_api_say_when_time_ran_out(client: Client) -> None:
    notation = f"a=archer,idiot,idiot,idiot,idiot,idiot d={_idiots(30)}"
    status, body = _post(client, "explore", {"notation": notation})
    assert status == 200 and body["complete"] is False and body["total_orders"] == 427_518_000
    assert body["coverage"] == f"explored {body['orders']:,} of 427,518,000 play orders"
    page = client.get("/combat/explore/", {"s": notation})
    # The page says in a plain sentence how much it covered, and how the sample was drawn (issue #37).
    assert page.status_code == 200 and b"of 427,518,000 play orders" in page.content
    assert b"sampled fairly" in page.content and b"The time budget ran out" in page.content


def test_explore_runs_at_a_lower_priority_and_the_worker_keeps_its_own() -> None:
    import os
    import threading

    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    own = niceness()
    assert running.at_low_priority(niceness) == min(19, own + running.EXPLORE_NICENESS)
    assert niceness() == own
    with pytest.raises(ZeroDivisionError):
        running.at_low_priority(lambda: 1 // 0)


def test_explores_beyond_the_slots_wait_then_get_a_503_naming_the_wait(
    client: Client, settings: object, tmp_path: object
) -> None:
    from contextlib import ExitStack

    from combat import slots

    settings.VAR_DIR = tmp_path  # type: ignore[attr-defined]
    with ExitStack() as taken:
        for _ in range(slots.EXPLORE_SLOTS):
            taken.enter_context(slots.explore_slot())  # Other workers' explores, still running.
        started = time.monotonic()
        response = client.post(
            "/api/v1/combat/explore", {"notation": "a=archer d=idiot"}, content_type="application/json"
        )
        waited = time.monotonic() - started
        assert response.status_code == 503 and response["Retry-After"] == "1"
        assert response.json()["error"]["code"] == "server_busy" and waited >= slots.SLOT_WAIT
        page = client.get("/combat/explore/", {"s": "a=archer d=idiot"})
        assert page.status_code == 503 and b"Every explore slot of this server is busy" in page.content
    status, body = _post(client, "explore", {"notation": "a=archer d=idiot"})
    assert status == 200 and body["complete"] is True  # A slot is free again.


def test_the_explore_page_and_the_api_render_at_the_same_low_priority(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rendering a few hundred rows costs as much as exploring them: both doors do it in the low-priority thread."""
    import os
    import threading

    from combat import api, views

    seen: dict[str, tuple[int, int]] = {}  # door -> (thread id, niceness) while rendering

    def watching(door: str, render):  # type: ignore[no-untyped-def]
        def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
            thread = threading.get_native_id()
            seen[door] = (thread, os.getpriority(os.PRIO_PROCESS, thread))
            return render(*args, **kwargs)

        return watched

    monkeypatch.setattr(views, "render_to_string", watching("page", views.render_to_string))
    monkeypatch.setattr(api, "_exploration_data", watching("api", api._exploration_data))
    notation = "a=sand-lord,swordsman,archer d=swordsman,archer,idiot"
    own = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    page = client.get("/combat/explore/", {"s": notation})
    assert page.status_code == 200 and b"<table" in page.content
    answer = client.post("/api/v1/combat/explore/", {"notation": notation}, content_type="application/json")
    assert answer.status_code == 200
    assert seen["page"][1] == seen["api"][1] == min(19, own + running.EXPLORE_NICENESS)
    assert threading.get_native_id() not in (seen["page"][0], seen["api"][0])


def _long_made_up_setup(per_side: int, slug_length: int) -> dict:  # type: ignore[type-arg]
    """The audit's explore body: made-up creatures with slugs a few hundred characters long (~7.7 KB)."""
    made_up, sides = [], {"attacker": [], "defender": []}  # type: ignore[var-annotated]
    for side, names in sides.items():
        for number in range(per_side):
            slug = f"{side[0]}{number}-".ljust(slug_length, "x")
            names.append(slug)
            made_up.append({"slug": slug, "type": "creature", "border": "mortal", "vitality": 3 + number,
                            "stacking_vitality": 1})  # fmt: skip
    return {"terrain": "woods", "attacker": {"creatures": sides["attacker"]},
            "defender": {"creatures": sides["defender"]}, "made_up": made_up}  # fmt: skip


def test_the_explore_answer_is_bounded_in_bytes_whatever_the_set_up(client: Client) -> None:
    body = json.dumps({"setup": _long_made_up_setup(7, 225)})
    assert 7_000 < len(body) <= limits.MAX_SETUP_JSON_BYTES
    response = client.post("/api/v1/combat/explore/", body, content_type="application/json")
    assert response.status_code == 200 and len(response.content) <= limits.MAX_EXPLORE_BYTES
    data = response.json()
    assert data["outcomes_listed"] == len(data["outcomes"]) <= data["orders"]
    assert data["outcomes_complete"] is (data["outcomes_listed"] == data["orders"])
    assert all(row["permalink"] and row["notation"] for row in data["outcomes"])


def test_rows_past_the_byte_limit_are_left_out_and_the_answer_says_so() -> None:
    from combat.api import _exploration_data

    # 5 against 5: 120 orders, every one explored (no budget), each row spelling out ~6 KB of made-up cards.
    setup = running.read_json(_long_made_up_setup(5, 300))
    exploration = explore(setup, running.catalog(), limit=None, budget=None)
    assert exploration.complete and exploration.explored == 120
    data = _exploration_data(exploration)
    assert len(json.dumps(data)) <= limits.MAX_EXPLORE_BYTES
    assert 0 < data["outcomes_listed"] == len(data["outcomes"]) < 120 and data["outcomes_complete"] is False
    # The figures still cover every order explored, and the rows listed are the first ones, in order.
    assert data["orders"] == 120 and data["complete"] is True
    assert [row["order"] for row in data["outcomes"]] == [list(o.order) for o in exploration.outcomes][: data["outcomes_listed"]]


def test_an_ordinary_explore_lists_every_order_it_explored(client: Client) -> None:
    status, data = _post(client, "explore", {"notation": "a=sand-lord,archer,swordsman d=swordsman,archer,devil-dog"})
    assert status == 200 and data["complete"] is True
    assert data["outcomes_listed"] == data["orders"] == len(data["outcomes"]) and data["outcomes_complete"] is True


@pytest.mark.parametrize("endpoint", ["resolve", "validate", "explore"])
def test_json_escaping_half_a_surrogate_pair_is_a_400_not_a_500(client: Client, endpoint: str) -> None:
    made_up = '{"slug": "test-giant", "name": "X\\ud800", "type": "creature", "border": "mortal", "vitality": 9}'
    body = '{"setup": {"attacker": {"creatures": ["test-giant"]}, "defender": {"creatures": ["swordsman"]}, "made_up": [%s]}}'
    response = client.post(f"/api/v1/combat/{endpoint}", body % made_up, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "parse_error"
    assert "surrogate" in response.json()["error"]["message"]
    # A whole pair is one character, and fine.
    response = client.post(f"/api/v1/combat/{endpoint}", body % made_up.replace("\\ud800", "\\ud83d\\ude00"),
                           content_type="application/json")  # fmt: skip
    assert response.status_code == 200
