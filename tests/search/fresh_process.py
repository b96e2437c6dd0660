"""One step of ``test_fresh_process_saves``, run as a process of its own: ``save SLUG FIELD VALUE`` saves a card as
the first thing the process does with the index; ``list`` prints the cards in list order; ``check`` compares the stored bitmaps with a full rebuild and the
bitmaps' answers with the database's, and prints the slugs a few queries find."""

from __future__ import annotations

import json
import sys


def save(slug: str, field: str, value: str) -> None:
    from cards.models import Card
    from cards.search import facet_updates, storage

    assert not storage._facets, "a new process has no bitmaps in memory before its first save"
    moved_all: list[int] = []
    layout = facet_updates._Layout
    facet_updates._Layout = lambda old: moved_all.append(1) or layout(old)  # type: ignore[assignment,misc]
    pointer = storage.read_pointer()
    assert pointer is not None
    card = Card.objects.get(slug=slug)
    setattr(card, field, int(value) if field == "vitality" else json.loads(value) if field == "aliases" else value)
    card.save()  # Autocommit: the index is updated as soon as the save is committed.
    storage.wait_for_merges()
    after = storage.read_pointer()
    assert after is not None and after.revision > pointer.revision, "the save updated the index"
    assert not moved_all, "the save changed only the bitmaps it touched, not every one"


def listing() -> None:
    from cards.models import Card

    print(json.dumps(list(Card.objects.order_by("sort_key", "slug").values_list("slug", "name"))))


def check(queries: list[str]) -> None:
    from django.conf import settings

    from cards.models import Card
    from cards.search.service import read_query, search
    from tests.search.test_facet_updates import _answers, _assert_same, _database_answers, _rebuilt, _stored

    root = settings.SEARCH_INDEX_DIR
    _assert_same(_stored(root), _rebuilt(root))
    assert _answers() == _database_answers()
    found = {query: sorted(search(Card.objects.all(), read_query(query))[0].values_list("slug", flat=True))
             for query in queries}  # fmt: skip
    print(json.dumps(found))


if __name__ == "__main__":
    import django

    django.setup()
    if sys.argv[1] == "save":
        save(*sys.argv[2:5])
    elif sys.argv[1] == "list":
        listing()
    else:
        check(sys.argv[2:])
