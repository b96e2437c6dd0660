"""Landmarks a screen reader lists for a page: each navigation region named, no two with the same name,
and only the page's own (site menu, breadcrumbs, pages, a letter index), not one per search result.
axe-core reports the duplicate names (landmark-unique) only at "moderate", below the browser test's bar."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PAGES = [
    "/", "/cards/", "/cards/syntax/", "/cards/advanced/", "/cards/archer/", "/sets/promos/", "/rules/",
    "/rules/6.2/", "/rules/glossary/", "/rulings/", "/rulings/R-001/",
    # Several glossary hits and many rule hits: one landmark each made dozens, two named "Where Glossary sits".
    "/rules/search/?q=bribe", "/search/?q=bribe",
    "/learn/", "/learn/what-is-a-shield/", "/learn/quiz/?level=judge",
]  # fmt: skip
NAV = re.compile(r"<nav\b([^>]*)>")
LABEL = re.compile(r'aria-label="([^"]*)"')
MOST_NAVS = 5


@pytest.mark.parametrize("path", PAGES)
def test_navigation_landmarks_are_few_named_and_distinct(client: Client, path: str) -> None:
    html = client.get(path).content.decode()
    labels = [next(iter(LABEL.findall(attributes)), "") for attributes in NAV.findall(html)]
    assert "" not in labels
    assert len(labels) == len(set(labels)) and len(labels) <= MOST_NAVS, labels


@pytest.mark.parametrize("path", ["/cards/syntax/", "/cards/advanced/", "/cards/archer/", "/rules/6.2/"])
def test_breadcrumbs_are_a_named_navigation_region(client: Client, path: str) -> None:
    assert '<nav class="breadcrumbs" aria-label="Breadcrumbs">' in client.get(path).content.decode()
