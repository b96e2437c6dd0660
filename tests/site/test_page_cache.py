"""Data pages are rendered once per data revision and revalidated with its ETag."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from core import page_cache, revision
from rulings import linking

pytestmark = pytest.mark.django_db

PAGES = ["/cards/sand-lord/", "/rules/6/", "/sets/", "/rules/glossary/"]


@pytest.fixture
def committed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Act as a request outside any transaction would (a test's own transaction is never committed)."""
    monkeypatch.setattr(page_cache, "sees_uncommitted_changes", lambda: False)
    cache.clear()


@pytest.mark.parametrize("path", PAGES)
def test_a_data_page_is_rendered_once_per_revision_and_answers_304(client: Client, committed: None, path: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: E501
    first = client.get(path)
    assert first.status_code == 200 and first["ETag"].startswith('"rev-') and "no-cache" in first["Cache-Control"]
    rendered: list[str] = []
    original = page_cache.cache.set
    monkeypatch.setattr(page_cache.cache, "set", lambda *args, **kwargs: rendered.append(args[0]) or original(*args, **kwargs))
    again = client.get(path)
    assert again.content == first.content and again["ETag"] == first["ETag"] and rendered == []
    not_modified = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert not_modified.status_code == 304 and not_modified.content == b""
    revision.bump()  # New data: a new ETag, and the page is rendered again.
    after = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"] and len(rendered) == 1


def test_an_edit_shows_at_once(client: Client, committed: None, django_capture_on_commit_callbacks: Any) -> None:
    from cards.models import Card

    assert b"A dune of quartzite" not in client.get("/cards/sand-lord/").content
    with django_capture_on_commit_callbacks(execute=True):
        card = Card.objects.get(slug="sand-lord")
        card.summary = "A dune of quartzite grit that walks."
        card.save()
    assert b"A dune of quartzite" in client.get("/cards/sand-lord/").content


def test_inside_a_transaction_pages_and_links_are_read_afresh(client: Client) -> None:
    from rulings.models import GlossaryTerm

    cache.clear()
    before = client.get("/rules/glossary/")
    assert "no-cache" not in before.get("Cache-Control", "") and not before.has_header("ETag")
    term = GlossaryTerm.objects.first()
    term.definition = "A freshly reworded definition."
    term.save()  # Not committed: the revision does not count it, yet this connection sees it.
    assert b"A freshly reworded definition." in client.get("/rules/glossary/").content


def test_the_rules_linker_is_read_once_per_revision(committed: None, django_assert_num_queries: Any) -> None:
    linking._linkers.clear()
    first = linking.TextLinker.from_database()
    with django_assert_num_queries(1):  # The revision number only.
        assert linking.TextLinker.from_database() is first
    revision.bump()
    assert linking.TextLinker.from_database() is not first
