"""The index on disk: atomic rebuilds, an index never answering for another database, admin edits."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from django.core.management import call_command
from whoosh import query as wq

from cards.models import Card
from cards.search import storage
from cards.search.service import read_query, search
from tests.search import reference as ref

pytestmark = pytest.mark.django_db


def _all_cards() -> list[Card]:
    return list(Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set"))


def test_searches_never_fail_while_the_index_is_rebuilt(tmp_path: Path) -> None:
    cards = _all_cards()
    storage.build(cards, tmp_path)
    expected = len(ref.slugs(ref.has_word("fire")))
    failures: list[BaseException] = []
    counts: list[int] = []
    stop = threading.Event()

    def keep_searching() -> None:
        try:
            while not stop.is_set():
                counts.append(len(storage.open_index(tmp_path).ids(wq.Or([wq.Term("name", "fire"),
                                                                            wq.Term("summary", "fire")]))))  # fmt: skip
        except BaseException as exc:  # noqa: BLE001 - any failure at all is what this test looks for
            failures.append(exc)

    searcher = threading.Thread(target=keep_searching)
    searcher.start()
    generations = set()
    for _ in range(3):
        generations.add(storage.build(cards, tmp_path).generation)
    stop.set()
    searcher.join()
    assert failures == [] and counts and set(counts) == {expected}
    assert len(generations) == 3
    kept = [p.name for p in tmp_path.iterdir() if p.name.startswith(storage.GENERATION_PREFIX)]
    assert len(kept) == storage.KEEP_GENERATIONS and storage.read_pointer(tmp_path).generation in kept


def test_an_index_built_for_another_database_is_not_used(tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    storage.build(_all_cards(), tmp_path)
    pointer = storage.read_pointer(tmp_path)
    assert pointer is not None
    (tmp_path / storage.POINTER).write_text(
        (tmp_path / storage.POINTER).read_text().replace(pointer.database, "sqlite:/elsewhere.sqlite3")
    )
    settings.SEARCH_INDEX_DIR = tmp_path
    cards, outcome = search(Card.objects.all(), read_query("sand lord"))
    assert not outcome.index_available and outcome.notices
    assert "sand-lord" in set(cards.values_list("slug", flat=True))


def test_saving_a_card_updates_the_index(tmp_path: Path, settings, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(_all_cards(), tmp_path)
    from cards.search import signals  # noqa: F401  (connected as the site's URLconf does)

    card = Card.objects.get(slug="sand-lord")
    with django_capture_on_commit_callbacks(execute=True):
        card.summary = "A dune of quartzite grit that walks."
        card.save()
    cards, _ = search(Card.objects.all(), read_query("quartzite"))
    assert list(cards.values_list("slug", flat=True)) == ["sand-lord"]
    with django_capture_on_commit_callbacks(execute=True):
        card.delete()
    cards, _ = search(Card.objects.all(), read_query("quartzite"))
    assert not cards.exists()
    assert storage.open_index(tmp_path).ids(wq.Term("slug", "sand-lord")) == []


def test_rebuild_index_command_reports_the_count(tmp_path: Path, settings, capsys) -> None:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path
    call_command("rebuild_index")
    assert f"Indexed {len(ref.records())} cards" in capsys.readouterr().out
    assert storage.read_pointer(tmp_path).cards == len(ref.records())
