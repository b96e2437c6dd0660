"""The "every play order" page and POST /api/v1/combat/explore."""

from __future__ import annotations

from urllib.parse import quote

import pytest

# Combats read the card catalog the database holds (cards.engine_catalog), and the step-through names
# each step's numbered rule, which the rules reference in the database gives.
pytestmark = pytest.mark.django_db

EXAMPLE_2 = "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit"


def test_explore_page_lists_every_order_with_a_replay_link(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get(f"/combat/explore/?s={quote(EXAMPLE_2)}")
    assert response.status_code == 200
    html = response.content.decode()
    # Brian's three creatures against every arrangement of Matt's four: 4 x 3 x 2 = 24 rows.
    assert html.count("Step through</a></td>") == 24
    assert "the attacker takes the space in <strong>16</strong>" in html
    # Example 2a's pairing (1A 2B 3C) is one of the rows, ending 17 against 5.
    assert "Wood Nymph v Amber Well; Ice Ogre v Gorgal Skag; Sun Spirit v Black Lung" in html


def test_the_result_screen_links_to_the_exploration(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get(f"/combat/?s={quote(EXAMPLE_2)}&step=end").content.decode()
    assert "/combat/explore/?s=" in html


def test_explore_page_names_the_problem_of_a_bad_setup(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/combat/explore/?s=" + quote("a=sandlord d=swordsman"))
    assert response.status_code == 400
    assert "setup.unknown_card" in response.content.decode()


def test_explore_api(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/combat/explore", {"notation": EXAMPLE_2}, content_type="application/json")
    assert response.status_code == 200
    data = response.json()
    assert data["orders"] == 24 == len(data["outcomes"])
    assert data["fixed_side"] == "attacker"
    assert data["best_for_attacker"]["attacker_total"] == 17
    assert all(row["permalink"].startswith("/combat/?s=") for row in data["outcomes"])


def test_explore_api_refuses_an_impossible_setup_with_its_codes(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(
        "/api/v1/combat/explore",
        {"notation": "a=black-lung,sand-lord,sun-spirit d=swordsman"},
        content_type="application/json",
    )
    assert response.status_code == 400
    problems = response.json()["error"]["details"]["problems"]
    assert [p["code"] for p in problems] == ["setup.stacking_over_limit"]


def test_a_long_exploration_shows_the_best_and_worst_orders_and_says_so(client) -> None:  # type: ignore[no-untyped-def]
    # 720 orders: the page lists at most 150 from each end (how many were explored depends on the budget).
    text = (
        "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,super-model "
        "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,amber-well"
    )
    html = client.get(f"/combat/explore/?s={quote(text)}").content.decode()
    explored = int(html.split("</strong> play orders;", 1)[0].rsplit("<strong>", 1)[1].replace(",", ""))
    assert html.count("Step through</a></td>") == min(explored, 300)
    assert ("the 150 best and the 150 worst orders for the attacker" in html) == (explored > 300)


def _title_and_heading(html: str) -> tuple[str, str]:
    import re

    title = re.search(r"<title>(.*?) · Explore", html, re.S)
    heading = re.search(r"<h1>(.*?)</h1>", html, re.S)
    assert title and heading
    return title.group(1), heading.group(1)


def test_a_complete_exploration_says_all_n_orders(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get(f"/combat/explore/?s={quote(EXAMPLE_2)}").content.decode()
    assert _title_and_heading(html) == ("All 24 play orders", "All 24 play orders")
    assert "All 24 play orders were resolved." in html and "sampled fairly" not in html
    assert "Outcome of every order" in html


def test_a_partial_exploration_says_how_many_of_how_many_sampled_fairly(client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from combat import running

    # A budget too short for 720 orders (as on a busy server): the page must say what it covered, from the
    # exploration's own fields, and never "every order".
    monkeypatch.setattr(running, "EXPLORE_BUDGET_SECONDS", 0.02)
    text = (
        "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,super-model "
        "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,amber-well"
    )
    html = client.get(f"/combat/explore/?s={quote(text)}").content.decode()
    explored = int(html.split("</strong> play orders;", 1)[0].rsplit("<strong>", 1)[1].replace(",", ""))
    assert 0 < explored < 720 and html.count("Step through</a></td>") == min(explored, 300)
    heading = f"{explored:,} of 720 play orders, sampled fairly"
    assert _title_and_heading(html) == (heading, heading)
    assert f"{explored:,} of the 720 play orders were resolved before the 0.02-second time budget ran out" in html
    assert "as likely as any other" in html and "Outcome of each order explored" in html
    assert "Every play order" not in html and "Outcome of every order" not in html
