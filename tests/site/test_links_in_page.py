"""Links inside a page: every id a page points to (a label's for, aria-describedby, aria-labelledby,
aria-controls, a datalist, a #fragment) is on that page, and no id is given twice.

A field error that its input does not point to is never read out by a screen reader, however plainly it
shows on screen: the page types below are fetched in their error states too, where that can go wrong.
The combat pages are checked by their own tests (tests/combat/).
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.page_ids import id_problems

pytestmark = pytest.mark.django_db

PAGES = {
    "home": ("/", 200),
    "card list": ("/cards/", 200),
    "card list, malformed query": ("/cards/?q=(((", 400),
    "card list, two bad filters": ("/cards/?vitality_min=lots&vitality_max=x", 400),
    "card list, no match": ("/cards/?q=zzzzqqq", 200),
    "card page": ("/cards/archer/", 200),
    "advanced search, bad value": ("/cards/advanced/?vitality_min=x", 400),
    "sets": ("/sets/", 200),
    "set page": ("/sets/promos/", 200),
    "rule page": ("/rules/6.2/", 200),
    "glossary": ("/rules/glossary/", 200),
    "rules search": ("/rules/search/?q=bribe", 200),
    "rulings": ("/rulings/", 200),
    "rulings, bad filter": ("/rulings/?rule=abc&topic=nope", 400),
    "ruling": ("/rulings/R-001/", 200),
    "site search": ("/search/?q=bribe", 200),
    "API guide": ("/api/", 200),
    "learn": ("/learn/", 200),
    "lesson": ("/learn/a-full-combat/", 200),
    "quiz round": ("/learn/quiz/?level=judge", 200),
    "quiz, bad filter": ("/learn/quiz/?level=wizard&chapter=99", 400),
    "puzzles": ("/learn/puzzles/", 200),
    "puzzle": ("/learn/puzzles/puzzle-001/", 200),
}


@pytest.mark.parametrize(("path", "status"), PAGES.values(), ids=PAGES.keys())
def test_every_id_a_page_points_to_is_there_once(client: Client, path: str, status: int) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert id_problems(response.content.decode()) == ([], [])
