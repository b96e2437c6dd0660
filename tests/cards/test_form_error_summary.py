"""A form that could not be used says so where the visitor lands, at the top of the page and in its title
("Error: ..."), with a link to each field in error: on a phone the advanced search's one bad number sat a
screen or two below, and nothing at the top said the search had not run."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _title(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found
    return " ".join(found.group(1).split())


def test_the_advanced_search_summarises_its_errors_at_the_top(client: Client) -> None:
    response = client.get("/cards/advanced/", {"vitality_min": "x", "vitality_max": "5"})
    html = response.content.decode()
    assert response.status_code == 400 and _title(html).startswith("Error: Advanced search")
    summary = html.index('class="error-box" role="alert"')
    assert summary < html.index("<fieldset") and '<a href="#id_vitality_min">Vitality from</a>' in html[summary:]
    assert 'href="#id_vitality_max"' not in html


@pytest.mark.parametrize("path", ["/cards/?q=(((", "/rulings/?rule=abc"])
def test_a_list_whose_filters_failed_says_error_in_its_title(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 400 and _title(response.content.decode()).startswith("Error: ")


def test_a_list_that_worked_has_no_error_in_its_title(client: Client) -> None:
    assert "Error" not in _title(client.get("/cards/?q=dragon").content.decode())
    assert "Error" not in _title(client.get("/rulings/?rule=6.5").content.decode())
