"""Each server's index follows the data revision in the shared database (``cards.search.following``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from cards.models import Card, CardClass
from cards.search import following, storage
from core import revision

pytestmark = pytest.mark.django_db


def _build(path: Path, settings: Any) -> Path:
    settings.SEARCH_INDEX_DIR = path
    call_command("rebuild_index", stdout=open("/dev/null", "w"))
    return path


def _cards_with(root: Path, word: str) -> int:
    return bin(storage.open_index(root).word(word)).count("1")


def test_a_card_saved_through_one_server_is_found_through_another(
    tmp_path: Path, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    other = _build(tmp_path / "server-b", settings)
    this = _build(tmp_path / "server-a", settings)  # The server the edit goes through (its signals update it).
    assert not following.follow(other, force=True)  # Nothing moved yet: no work.
    with django_capture_on_commit_callbacks(execute=True):
        card = Card.objects.get(slug="sand-lord")
        card.name = "Sand Quokka"
        card.save()
    assert _cards_with(this, "quokka") == 1
    assert _cards_with(other, "quokka") == 0
    assert following.follow(other, force=True)
    assert _cards_with(other, "quokka") == 1
    pointer = storage.read_pointer(other)
    assert pointer is not None and pointer.data_revision == revision.current().number


def test_a_class_given_to_a_card_elsewhere_is_caught_by_its_digest(
    tmp_path: Path, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    other = _build(tmp_path / "server-b", settings)
    settings.SEARCH_INDEX_DIR = tmp_path / "none"  # The saving server has no index; only the revision moves.
    with django_capture_on_commit_callbacks(execute=True):
        Card.objects.get(slug="sand-lord").classes.add(CardClass.objects.get(slug="undead"))
    before = storage.read_pointer(other)
    assert following.follow(other, force=True)
    after = storage.read_pointer(other)
    assert before is not None and after is not None and after.data_revision > before.data_revision
    assert after.revision == before.revision + 1  # Updated in place: one card, not a rebuild.


def test_checks_are_at_most_every_half_second(tmp_path: Path, settings: Any) -> None:
    other = _build(tmp_path / "server-b", settings)
    following.follow(other, force=True)
    calls = []
    original = following.catch_up
    following.catch_up = lambda root: calls.append(root) or False  # type: ignore[assignment]
    try:
        for _ in range(20):
            following.follow(other)
    finally:
        following.catch_up = original  # type: ignore[assignment]
    assert len(calls) == 0


def test_an_update_during_a_full_rebuild_waits_and_lands_in_the_new_index(tmp_path: Path, settings: Any) -> None:
    import threading

    root = _build(tmp_path / "index", settings)
    cards = list(Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set"))
    # A separate copy: the rebuild reads the card as it was before the edit.
    edited = Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set").get(slug="sand-lord")
    reading = threading.Event()
    release = threading.Event()

    def slow_cards():  # type: ignore[no-untyped-def]
        for position, card in enumerate(cards):
            if position == 10:
                reading.set()
                release.wait(10)
            yield card

    rebuild = threading.Thread(target=lambda: storage.build(slow_cards(), root, data_revision=0))
    rebuild.start()
    assert reading.wait(10)  # The rebuild holds the lock and is reading cards.
    edited.name = "Sand Quokka"  # An edit saved meanwhile; its update comes after the commit.
    update = threading.Thread(target=lambda: storage.update([edited], root=root))
    update.start()
    update.join(0.3)
    assert update.is_alive()  # Waiting for the rebuild, not writing into the generation about to be replaced.
    release.set()
    rebuild.join(10)
    update.join(10)
    assert _cards_with(root, "quokka") == 1


def test_saves_journal_their_digests_and_a_torn_line_only_costs_a_re_index(
    tmp_path: Path, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    root = _build(tmp_path / "index", settings)
    pointer = storage.read_pointer(root)
    assert pointer is not None
    generation = root / pointer.generation
    before = storage.read_digests(generation)
    with django_capture_on_commit_callbacks(execute=True):
        card = Card.objects.get(slug="sand-lord")
        card.name = "Sand Quokka"
        card.save()
    after = storage.read_digests(generation)
    assert before is not None and after is not None
    assert after["sand-lord"] != before["sand-lord"]
    assert {slug for slug in after if after[slug] != before.get(slug)} == {"sand-lord"}
    # The digests file itself was not rewritten: the change is one journal line.
    assert (generation / storage.DIGEST_JOURNAL).read_text().count("\n") == 1
    with open(generation / storage.DIGEST_JOURNAL, "a") as journal:
        journal.write('["sand-lord", "0123')  # A crash in the middle of a line.
    assert storage.read_digests(generation) == after
    storage._write_digests(generation, after)  # Folding the journal in empties it.
    assert not (generation / storage.DIGEST_JOURNAL).exists() and storage.read_digests(generation) == after
