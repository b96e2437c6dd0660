"""The site menu leads a judge straight to the rulings, and marks the section a page belongs to."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

CURRENT = re.compile(r'<nav aria-label="Main">.*?<a href="([^"]+)" aria-current="page">', re.S)


@pytest.mark.parametrize(
    ("path", "section"),
    [("/rulings/", "/rulings/"), ("/rulings/R-001/", "/rulings/"), ("/rules/6.2/", "/rules/"), ("/cards/", "/cards/")],
)
def test_the_menu_marks_the_pages_own_section(client: Client, path: str, section: str) -> None:
    html = client.get(path).content.decode()
    assert '<a href="/rulings/"' in html.split('<nav aria-label="Main">')[1].split("</nav>")[0]
    found = CURRENT.search(html)
    assert found and found.group(1) == section
