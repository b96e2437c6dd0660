"""The index on disk: atomic rebuilds, an index never answering for another database, admin edits."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from whoosh import index as whoosh_index
from whoosh import query as wq

from cards.choices import SetKind
from cards.models import Card, CardClass, CardSet
from cards.search import storage
from cards.search.facets import all_ranks
from cards.search.service import read_query, search
from tests.search import reference as ref

pytestmark = pytest.mark.django_db


def _all_cards() -> list[Card]:
    return list(Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set"))


def _some_cards() -> tuple[list[Card], int, int]:
    """About a hundred cards (sixty with "fire", Sand Lord among them); how many have "fire"; how many cards in all."""
    fire = set(ref.slugs(ref.has_word("fire")))
    everything = _all_cards()
    cards = [card for card in everything if card.slug in fire][:60] + [card for card in everything if card.slug == "sand-lord"]
    cards += [card for card in everything if card.slug not in fire and card not in cards][:40]
    return cards, len([card for card in cards if card.slug in fire]), len(everything)


class _Searching(threading.Thread):
    """Searches the index over and over until stopped: a word (its bitmap), a Whoosh query, and the facet
    bitmaps, all of one revision. Every answer and any failure at all is kept."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.root = root
        self.failures: list[BaseException] = []
        self.answers: list[tuple[int, int, int]] = []
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                opened = storage.open_index(self.root)
                self.answers.append((opened.word("fire").bit_count(),
                                     len(opened.ids(wq.Term("name_whole", "sand lord"))), opened.facets.size))  # fmt: skip
                # A breath between searches, as between requests: a reader that never lets go of the interpreter
                # lock starves the build it races (each of the build's small writes waits out a switch interval).
                time.sleep(0.001)
        except BaseException as exc:  # noqa: BLE001 - any failure at all is what this test looks for
            self.failures.append(exc)

    def finish(self) -> None:
        self.stop.set()
        self.join()


def test_searches_never_fail_while_the_index_is_rebuilt(tmp_path: Path) -> None:
    # A hundred cards build in a fraction of the time of all of them: the swap under test is the same
    # one os.replace of the pointer whatever the size, and the reader below asks it hundreds of times.
    cards, expected, everything = _some_cards()
    storage.build(cards, tmp_path)
    searching = _Searching(tmp_path)
    searching.start()
    generations = set()
    for _ in range(3):
        generations.add(storage.build(cards, tmp_path).generation)
    searching.finish()
    # The bitmaps always cover every card of the database (the Whoosh documents are the subset).
    assert searching.failures == [] and len(searching.answers) > 10
    assert set(searching.answers) == {(expected, 1, everything)}
    assert len(generations) == 3
    kept = [p.name for p in tmp_path.iterdir() if p.name.startswith(storage.GENERATION_PREFIX)]
    assert len(kept) == storage.KEEP_GENERATIONS and storage.read_pointer(tmp_path).generation in kept


def test_searches_never_fail_while_the_segments_saves_left_are_merged_in_the_background(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    # Each save writes a segment and never merges; past MOST_SEGMENTS a thread merges them while searches go on.
    cards, expected, everything = _some_cards()
    storage.build(cards, tmp_path)
    monkeypatch.setattr(storage, "MERGE_IN_BACKGROUND", True)
    monkeypatch.setattr(storage, "MOST_SEGMENTS", 3)
    merges: list[bool] = []
    merge = storage.merge_segments
    monkeypatch.setattr(storage, "merge_segments", lambda root=None: merges.append(merge(root)) or merges[-1])
    searching = _Searching(tmp_path)
    searching.start()
    saved = [card for card in cards if card.slug != "sand-lord"][-8:]  # Fire cards and others.
    for number, card in enumerate(saved):
        card.summary = f"{card.summary} Quartzite{number}."
        card.save()
        assert storage.update([card], root=tmp_path)
    storage.wait_for_merges()
    searching.finish()
    assert searching.failures == [] and len(searching.answers) > 10
    assert set(searching.answers) == {(expected, 1, everything)}
    assert True in merges
    with whoosh_index.open_dir(str(tmp_path / storage.read_pointer(tmp_path).generation)).reader() as reader:
        assert len(reader.segments()) < 3  # Whatever the order the saves and the merges came in.
    opened = storage.open_index(tmp_path)
    for number, card in enumerate(saved):  # Each save's new document maps to its card, merged or not.
        found = opened.bits(opened.searcher.docs_for_query(wq.Term("summary", f"quartzite{number}")))
        assert opened.facets.ids(all_ranks(found)) == [card.pk], number


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


def test_an_index_built_by_an_older_schema_is_neither_used_nor_patched(tmp_path: Path, settings, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    # An index from before a schema change (here: its pointer names no schema) would silently answer
    # without the new fields, and saving a card would fail to write them into it.
    storage.build(_all_cards(), tmp_path)
    pointer_file = tmp_path / storage.POINTER
    pointer_file.write_text(pointer_file.read_text().replace(storage.schema_fingerprint(), ""))
    settings.SEARCH_INDEX_DIR = tmp_path
    cards, outcome = search(Card.objects.all(), read_query("sand lord"))
    assert not outcome.index_available and outcome.notices
    assert "sand-lord" in set(cards.values_list("slug", flat=True))
    before = pointer_file.read_text()
    assert storage.update([Card.objects.get(slug="sand-lord")], root=tmp_path) is False
    assert pointer_file.read_text() == before


def test_the_schema_fingerprint_names_every_field_an_index_is_built_with(tmp_path: Path) -> None:
    # The fingerprint is written from the field names alone (no schema built): it must still be the built one's.
    from whoosh import index as whoosh_index

    from cards.search.documents import build_schema

    pointer = storage.build(_all_cards()[:20], tmp_path)
    built = whoosh_index.open_dir(str(tmp_path / pointer.generation)).schema
    assert pointer.schema == storage.schema_fingerprint() == ",".join(sorted(built.names()))
    assert storage.schema_fingerprint() == ",".join(sorted(build_schema().names()))
    assert "vitality" in storage.schema_fingerprint().split(",")


def test_saving_a_card_updates_the_index(tmp_path: Path, settings, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(_all_cards(), tmp_path)
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


def _slugs(query: str) -> list[str]:
    cards, _ = search(Card.objects.all(), read_query(query))
    return list(cards.sorted_by("name").values_list("slug", flat=True))


def test_saves_keep_the_in_memory_filters_current(tmp_path: Path, settings, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(_all_cards(), tmp_path)
    card = Card.objects.get(slug="sand-lord")
    before = storage.open_index(tmp_path).facets
    with django_capture_on_commit_callbacks(execute=True):
        # A new name moves the card to the front of the list order, which every bitmap is laid out in.
        card.name, card.vitality = "Aaaa Sand Lord", 39
        card.save()
        card.classes.add(CardClass.objects.get(slug="knight"))
    assert storage.open_index(tmp_path).facets is not before
    assert _slugs("v=39") == ["sand-lord"] == _slugs("v>=39 c:knight")
    assert _slugs("v>=0")[0] == "sand-lord" and _slugs('name:"aaaa sand lord"') == ["sand-lord"]
    cards, _ = search(Card.objects.all(), read_query("v>=0"))
    assert cards.sorted_by("name").count() == Card.objects.filter(vitality__gte=0).count()
    with django_capture_on_commit_callbacks(execute=True):
        CardSet.objects.create(code="ZZ", slug="zed-zone", name="Zed Zone", kind=SetKind.UNVERIFIED, order=99)
    understood = read_query("set:zz v=39")
    assert not understood.warnings and _slugs("set:zz v=39") == []
    with django_capture_on_commit_callbacks(execute=True):
        card.delete()
    assert _slugs("v=39") == [] and "sand-lord" not in _slugs("v>=0")


def test_bitmaps_missing_from_an_index_are_rebuilt_on_first_use(tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path
    pointer = storage.build(_all_cards(), tmp_path)
    stored = list((tmp_path / pointer.generation).glob("facets-*.pickle"))
    assert stored
    for path in stored:
        path.unlink()
    storage._facets.clear()
    assert set(_slugs("v>=10 b:e")) == ref.slugs(lambda r: (r["vitality"] or -99) >= 10 and r["border"] == "elemental")
    assert list((tmp_path / pointer.generation).glob("facets-*.pickle"))
