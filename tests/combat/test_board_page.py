"""/combat/board/: the match-up board the set-up form's script fetches as it changes, and what a browser
gets when the address is opened directly (a bookmark, a shared link, the address bar).

The script fetches it (Sec-Fetch-Mode cors or same-origin, or no such header from an older client) and
reads only the board and the notation out of the answer; a browser opening it (Sec-Fetch-Mode: navigate)
gets the whole simulator page with that set-up, not a bare fragment. Either way a set-up that cannot
be resolved answers 400, as the form's own target does, with the problems shown.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

GOOD = {"a-creatures": "Sand Lord\nSwordsman", "d-creatures": "Archer"}
BAD = {"a-creatures": "Sand Lrod", "d-creatures": "Archer", "a-stones": "lots"}
OPENED = {"HTTP_SEC_FETCH_MODE": "navigate", "HTTP_SEC_FETCH_DEST": "document"}
FETCHED = {"HTTP_SEC_FETCH_MODE": "cors", "HTTP_SEC_FETCH_DEST": "empty", "HTTP_ACCEPT": "text/html"}


def test_the_script_gets_the_board_and_a_status_that_says_whether_the_set_up_resolves(client: Client) -> None:
    good = client.get("/combat/board/", GOOD, **FETCHED)
    assert good.status_code == 200 and 'id="matchup-board"' in good.content.decode()
    bad = client.get("/combat/board/", BAD, **FETCHED)
    html = bad.content.decode()
    assert bad.status_code == 400
    assert 'id="matchup-board"' in html and 'id="notation-output"' in html and "<html" not in html
    assert "Sec-Fetch-Mode" in bad["Vary"]


@pytest.mark.parametrize(("fields", "status"), [(GOOD, 200), (BAD, 400)], ids=["good set-up", "bad set-up"])
def test_opened_directly_it_is_the_whole_simulator_page_with_the_set_up(
    client: Client, fields: dict[str, str], status: int
) -> None:
    response = client.get("/combat/board/", fields, **OPENED)
    html = response.content.decode()
    assert response.status_code == status
    assert '<html lang="en">' in html and "<main" in html and "<title>Combat simulator" in html
    assert re.search(r'<textarea name="a-creatures"[^>]*>\s*' + fields["a-creatures"], html)
    assert 'id="matchup-board"' in html and 'action="/combat/build/"' in html
    if status == 400:
        assert "No card by this name" in html and 'id="id_a-stones_error"' in html
