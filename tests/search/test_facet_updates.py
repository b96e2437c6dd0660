"""A save changes only the saved card's bits (``facet_updates``): the result must hold the same cards in every bitmap,
in the same list order, as a full rebuild."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from whoosh import index as whoosh_index

from cards.choices import SetKind
from cards.models import Card, CardClass, CardSet, Printing, name_sort_key
from cards.search import facet_updates, facets, storage
from cards.search.service import read_query, search
from tests.search.test_index import _all_cards

pytestmark = pytest.mark.django_db
REBUILD = facets.build_facets
LAYOUT = facet_updates._Layout

QUERIES = ["v>=30", "v<3", "v!=5", "ranged>=4", "class:knight ranged>0", "cmp>=4 is:receiver", "t:guardian v>=27",
           "fire v>=8", "sand lord", "name:aaaa*", '"dry heaps"', "quartzite", '"quartzite grit"', "set:dn -is:flying",
           '"a dune of quartzite"', '"grit quartzite"', "r:rare", "rarity:u2", "is:starter", "is:unverified",
           "-is:unverified t:stronghold", "r:c -is:starter"]  # fmt: skip


def _stored(root: Path) -> facets.Facets:
    pointer = storage.read_pointer(root)
    assert pointer is not None
    found = facets.load(root / pointer.generation, pointer.revision)
    assert found is not None
    return found


def _rebuilt(root: Path) -> facets.Facets:
    pointer = storage.read_pointer(root)
    assert pointer is not None
    with whoosh_index.open_dir(str(root / pointer.generation)).reader() as reader:
        return REBUILD(reader)


def _assert_same(updated: facets.Facets, rebuilt: facets.Facets) -> None:
    """The same cards in every bitmap and the same list order, whichever slots the cards are in (a card a rename moved
    keeps its slot until its bitmaps are settled; a rebuild puts every card in its place)."""
    assert updated.size == rebuilt.size
    assert _in_list_order(updated) == _in_list_order(rebuilt) == list(rebuilt.pks)
    assert rebuilt.displaced == []

    def cards(found: facets.Facets, bits: int) -> set[int]:
        return set(found.ids(facets.all_ranks(bits)))

    def names(found: facets.Facets) -> list[tuple[str, int]]:
        listed, ranks = found.names
        assert list(listed) == sorted(listed)
        return sorted(zip(listed, found.ids(ranks), strict=True))

    assert names(updated) == names(rebuilt)
    for table in ("keywords", "terrains"):
        for key, values in getattr(rebuilt, table).items():
            assert {v: cards(updated, b) for v, b in getattr(updated, table).get(key, {}).items() if b} == {
                v: cards(rebuilt, b) for v, b in values.items()}, (table, key)  # fmt: skip
        assert {key for key, values in getattr(updated, table).items() if any(values.values())} == set(getattr(rebuilt, table))
    assert set(updated.numbers) == set(rebuilt.numbers)
    for keyword, numbers in rebuilt.numbers.items():
        every = set(numbers.values) | set(updated.numbers[keyword].values)
        for value in range(min(every) - 1, max(every) + 2):
            for op in ("=", "<", ">="):
                assert cards(updated, updated.number(keyword, op, value)) == cards(rebuilt, rebuilt.number(keyword, op, value)), (keyword, op, value)
    for word in updated.words.keys() & rebuilt.words.keys():
        assert cards(updated, updated.words[word]) == cards(rebuilt, rebuilt.words[word]), word


def _in_list_order(found: facets.Facets) -> list[int]:
    """Every card id in list order, read through the pages a search would fetch, both ways."""
    every = found.ids(found.ordered_ranks(found.universe))
    pages = [found.ids(found.page_ranks(found.universe, start, 7)) for start in range(0, found.size, 7)]
    backwards = [found.ids(found.page_ranks(found.universe, start, 7, descending=True)) for start in range(0, found.size, 7)]
    assert [pk for page in pages for pk in page] == every
    assert [pk for page in backwards for pk in page] == every[::-1]
    return every


def _answers() -> dict[str, tuple[int, list[str], list[str]]]:
    found = {}
    for query in QUERIES:
        cards, _ = search(Card.objects.all(), read_query(query))
        ordered = cards.sorted_by("name")
        found[query] = (ordered.count(), list(ordered.values_list("slug", flat=True)[:60]),
                        list(cards.sorted_by("-name").values_list("slug", flat=True)[:60]))  # fmt: skip
    return found


def _database_answers() -> dict[str, tuple[int, list[str], list[str]]]:
    found = {}
    for query in QUERIES:
        cards, _ = search(Card.objects.all(), read_query(query))
        ordered = cards.sorted_by("name").exclude(pk=-1)  # Another filter: answered by SQL alone.
        found[query] = (ordered.count(), list(ordered.values_list("slug", flat=True)[:60]),
                        list(cards.sorted_by("-name").exclude(pk=-1).values_list("slug", flat=True)[:60]))  # fmt: skip
    return found


def _slugs(query: str) -> list[str]:
    cards, outcome = search(Card.objects.all(), read_query(query))
    assert outcome.plan.matches is not None  # answered from the bitmaps
    return list(cards.values_list("slug", flat=True))


def test_each_kind_of_save_gives_the_bitmaps_of_a_full_rebuild(tmp_path: Path, settings, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any) -> None:  # type: ignore[no-untyped-def]
    rebuild = facets.build_facets
    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(_all_cards(), tmp_path)
    card = Card.objects.get(slug="sand-lord")
    knight = CardClass.objects.get(slug="knight")

    def stat_change() -> None:
        card.vitality, card.summary = 39, "A dune of quartzite grit that walks."
        card.save()

    def printing_and_scope() -> None:
        printing = card.printings.order_by("pk").first()
        printing.rarity, printing.starter_only = "U2", True
        printing.save()
        card.card_set = CardSet.objects.get(kind=SetKind.UNVERIFIED)
        card.save()

    def rename() -> None:
        card.name = "Aaaa Sand Lord"
        card.save()
        card.classes.add(knight)

    def new_card() -> None:
        clone = Card.objects.get(slug="sand-lord")
        clone.pk, clone.slug, clone.name, clone.ranged_attack = None, "zz-new", "Mmm Quartzite Walker", 44
        clone.save()
        Printing.objects.create(card=clone, card_set=CardSet.objects.get(code="DN"), position=999)

    def delete() -> None:
        Card.objects.get(slug="sand-lord").delete()

    rebuilds: list[int] = []
    monkeypatch.setattr(storage.facets, "build_facets", lambda reader: rebuilds.append(1) or rebuild(reader))
    for change in (stat_change, printing_and_scope, rename, new_card, delete):
        revision = storage.read_pointer(tmp_path).revision
        with django_capture_on_commit_callbacks(execute=True):
            change()
        assert storage.read_pointer(tmp_path).revision > revision, change.__name__
        _assert_same(_stored(tmp_path), _rebuilt(tmp_path))
        assert _answers() == _database_answers(), change.__name__
        if change is printing_and_scope:
            for query in ("rarity:u2", "r:uncommon", "is:starter", "is:unverified"):
                assert "sand-lord" in _slugs(f'{query} name:"sand lord"'), query
            assert "sand-lord" not in _slugs('-is:unverified name:"sand lord"')
    assert _answers()["quartzite"] == (1, ["zz-new"], ["zz-new"])
    assert _answers()['"quartzite grit"'] == (1, ["zz-new"], ["zz-new"]) and _answers()['"grit quartzite"'] == (0, [], [])
    assert rebuilds == [], "every save above is a card's own update, not a rebuild of every bitmap"


def _data_bytes(root: Path) -> int:
    pointer = storage.read_pointer(root)
    assert pointer is not None
    return sum(path.stat().st_size for path in (root / pointer.generation).glob(f"{facets.DATA_PREFIX}*"))


def test_a_first_save_reading_only_the_stored_bitmaps_gives_a_full_rebuild(tmp_path: Path, settings, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any) -> None:  # type: ignore[no-untyped-def]
    """Each save as a new process makes it: nothing in memory, every bitmap tested in its stored bytes and only the
    ones the change touches read (``facet_updates._touched``); the result must still be a full rebuild's."""
    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(_all_cards(), tmp_path)
    ordered = list(Card.objects.order_by("sort_key", "slug").values_list("slug", "name"))
    # A card two places before another: renamed to sort just after it, it moves a short way (the bytes between).
    (near, _), _, (_, target) = ordered[300:303]

    def number_to_a_new_value() -> None:
        card = Card.objects.get(slug="sand-lord")
        card.vitality, card.ranged_attack = 77, 3  # No card has vitality 77: a new "at least" bitmap.
        card.save()

    def number_to_a_known_value() -> None:
        card = Card.objects.get(slug="baelzebub")
        card.vitality = 5
        card.save()

    def short_move() -> None:
        card = Card.objects.get(slug=near)
        card.name = f"{target} Quartzite"
        card.save()

    def rename_in_place() -> None:
        card = Card.objects.get(slug="sand-lord")
        card.aliases = [*card.aliases, "Dune Strider"]  # A new name, the same place in the list.
        card.summary = "A dune of quartzite grit that walks."
        card.save()

    def class_and_two_cards() -> None:
        card = Card.objects.get(slug="baelzebub")
        card.classes.add(CardClass.objects.get(slug="knight"))
        other = Card.objects.get(slug="sand-lord")
        other.flying = not other.flying
        other.save()

    # Far moves keep the card in its slot, out of place: its bits change only as its facts do.
    (early, early_name), (later, _), (_, before_name), (chosen, chosen_name), (far, _) = (
        ordered[20], ordered[40], ordered[99], ordered[100], ordered[500])  # fmt: skip
    # Two names between the cards at 99 and 100: the shorter sorts first.
    assert name_sort_key(before_name) < name_sort_key(chosen_name[:-2]) < name_sort_key(chosen_name[:-1])

    def rename(slug: str, name: str) -> Callable[[], None]:
        def change() -> None:
            card = Card.objects.get(slug=slug)
            card.name = name
            card.save()

        change.__name__ = f"rename {slug} to {name}"
        return change

    def chosen_number() -> None:  # Just after a card out of place: it stays in place.
        card = Card.objects.get(slug=chosen)
        card.vitality = (card.vitality or 0) + 1
        card.save()

    far_moves = [
        rename(far, "Aaaa Quartzite Runner"),  # Up 500 places, to the front.
        rename(far, chosen_name[:-1]),  # Out of place already, it moves again: to just before the card at 100.
        chosen_number,
        rename(chosen, chosen_name[:-2]),  # Past the card out of place just before it.
        rename(early, f"Zzzz {early_name}"),  # Down to the end.
        rename(later, f"Zzzz {early_name[:3]}"),  # Just before a card out of place.
    ]

    layouts: list[int] = []
    monkeypatch.setattr(facet_updates, "_Layout", lambda old: layouts.append(1) or LAYOUT(old))
    written: list[set[tuple[Any, ...]]] = []
    with_entries = facets.Facets.with_entries
    monkeypatch.setattr(facets.Facets, "with_entries", lambda self, size, generation, changed: written.append(set(changed))
                        or with_entries(self, size, generation, changed))  # fmt: skip
    # A number moved far changes every "at least" bitmap between its two values; a move, only the bitmaps whose facts
    # changed (a new name's words may be none of the frequent ones).
    for change, least, most in ((number_to_a_new_value, 1, 30), (number_to_a_known_value, 1, 12),
                                (rename_in_place, 1, 12), (class_and_two_cards, 1, 12), (short_move, 0, 12),
                                *((move, 0, 12) for move in far_moves)):  # fmt: skip
        storage._facets.clear()  # As a new process finds it: only the files.
        before = _data_bytes(tmp_path)
        with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
            change()
        _assert_same(_stored(tmp_path), _rebuilt(tmp_path))
        assert _answers() == _database_answers(), change.__name__
        # Only the bitmaps the change touched were made again, and only they (with the arrays) were written.
        made = [entry for entry in written[-1] if entry[0] in facets.TABLES]
        assert least <= len(made) <= most, (change.__name__, sorted(made))
        assert _data_bytes(tmp_path) - before < before / 2, change.__name__
    assert layouts == [], "each save above changed only the bitmaps it touched"
    out_of_place = [_stored(tmp_path).pks[slot] for slot, _ in _stored(tmp_path).displaced]
    assert out_of_place == list(Card.objects.filter(slug__in=[chosen, far, later, early, near]).order_by("sort_key", "slug")
                                .values_list("pk", flat=True))  # fmt: skip
    assert _slugs('name:"dune strider"') == ["sand-lord"] and _slugs("v=77") == ["sand-lord"]
    assert _slugs(f'name:"{target.lower()} quartzite"') == [near]
    assert _slugs(f'name:"{chosen_name[:-1].lower()}"') == [far] and _slugs("name:zzzz*") == [later, early]
    # A new card moves every bitmap: the cards out of place go back in place first.
    with django_capture_on_commit_callbacks(execute=True):
        clone = Card.objects.get(slug="sand-lord")
        clone.pk, clone.slug, clone.name = None, "zz-new", "Mmmm Quartzite Walker"
        clone.save()
    stored = _stored(tmp_path)
    assert stored.displaced == [] and layouts
    _assert_same(stored, _rebuilt(tmp_path))
    assert _answers() == _database_answers()


def test_a_new_revision_appends_only_the_entries_it_changed_and_shares_the_rest(tmp_path: Path) -> None:
    from array import array

    first = facets.Facets(3, None, {"pks": array("q", [7, 8, 9]), "keywords": {"type": {"spell": 0b011}, "border": {"x": 0b100}},
                                    "numbers": {}, "terrains": {}, "words": {"fire": 0b110}, "names": (["a", "b"], [0, 2]),
                                    "spellings": {}, "doc_ranks": array("i")})  # fmt: skip
    facets.save(first, tmp_path, 0)
    [data] = tmp_path.glob(f"{facets.DATA_PREFIX}*")
    size = data.stat().st_size
    # An entry given again with the value it had keeps its place; only the changed one is written, at the end.
    second = first.with_entries(3, None, {("keywords", "type", "spell"): 0b001, ("keywords", "border", "x"): 0b100})
    facets.save(second, tmp_path, 1)
    assert list(tmp_path.glob(f"{facets.DATA_PREFIX}*")) == [data]
    assert data.stat().st_size == size + len(facets.bits_bytes(0b001))
    assert second.location(("keywords", "type", "spell")) == (size, 1)
    assert second.location(("keywords", "border", "x")) == first.location(("keywords", "border", "x"))
    for revision, expected in ((0, 0b011), (1, 0b001)):
        stored = facets.load(tmp_path, revision)
        assert stored is not None and stored.keywords["type"]["spell"] == expected
        assert stored.words["fire"] == 0b110 and list(stored.pks) == [7, 8, 9] and list(stored.names[0]) == ["a", "b"]
    # Past the growth allowed, a save writes a new data file with every entry, and the old one goes with its headers.
    third = second.with_entries(3, None, {("words", "fire"): 0b111})
    facets.save(third, tmp_path, 2, most_growth=1)
    facets.save(third.with_entries(3, None, {("words", "fire"): 0b011}), tmp_path, 3)
    [fresh] = tmp_path.glob(f"{facets.DATA_PREFIX}*")
    assert fresh != data and sorted(path.name for path in tmp_path.glob("facets-*.pickle")) == ["facets-2.pickle", "facets-3.pickle"]
    latest = facets.load(tmp_path, 3)
    assert latest is not None and latest.words["fire"] == 0b011 and latest.keywords["type"]["spell"] == 0b001


def test_renumbering_the_names_and_documents_when_a_card_goes_or_comes_matches_the_plain_definition() -> None:
    import random
    from array import array

    from cards.search.facet_updates import _Layout

    def layout(size: int, name_ranks: list[int], doc_ranks: list[int]) -> _Layout:
        found = _Layout.__new__(_Layout)
        found.size, found.pks, found.names_changed = size, array("q", range(size)), False
        found.keywords, found.numbers, found.terrains, found.words = {}, {}, {}, {}
        found.names, found.name_ranks, found.doc_ranks = [str(r) for r in name_ranks], list(name_ranks), array("i", doc_ranks)
        return found

    rng = random.Random(20)
    for _ in range(300):
        size = rng.randint(2, 12)
        names = [rng.randrange(size) for _ in range(rng.randint(0, 20))]
        docs = [rng.randrange(-1, size) for _ in range(rng.randint(0, 20))]
        old, new = rng.randrange(size), rng.randrange(size)
        removed, inserted = layout(size, names, docs), layout(size, names, docs)
        removed.remove(old)
        inserted.insert(new, -5)
        assert removed.name_ranks == [r - 1 if r > old else r for r in names if r != old]
        assert list(removed.doc_ranks) == [-1 if r == old else r - 1 if r > old else r for r in docs]
        assert inserted.name_ranks == [r + 1 if r >= new else r for r in names]
        assert list(inserted.doc_ranks) == [r + 1 if r >= new else r for r in docs]


def _segments(root: Path) -> int:
    pointer = storage.read_pointer(root)
    assert pointer is not None
    with whoosh_index.open_dir(str(root / pointer.generation)).reader() as reader:
        return len(reader.segments())


def _live(root: Path, found: facets.Facets) -> list[int]:
    """The card ids the document map gives the documents not deleted (a deleted one's entry is never read)."""
    pointer = storage.read_pointer(root)
    assert pointer is not None
    with whoosh_index.open_dir(str(root / pointer.generation)).reader() as reader:
        assert len(found.doc_ranks) == reader.doc_count_all()
        return [found.pks[rank] if rank >= 0 else -1 for doc, rank in enumerate(found.doc_ranks) if not reader.is_deleted(doc)]


def test_merging_the_segments_saves_left_keeps_the_document_map_of_a_full_rebuild(tmp_path: Path, settings, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any) -> None:  # type: ignore[no-untyped-def]
    rebuild = facets.build_facets
    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(_all_cards(), tmp_path)
    monkeypatch.setattr(storage, "MOST_SEGMENTS", 3)  # From the second save on, each leaves three segments: two get merged.
    monkeypatch.setattr(storage, "SETTLE_DISPLACED", 2)  # A merge puts back the cards two renames left out of place.
    rebuilds: list[int] = []
    monkeypatch.setattr(storage.facets, "build_facets", lambda reader: rebuilds.append(1) or rebuild(reader))
    merges: list[int] = []
    original = storage.merge_segments
    monkeypatch.setattr(storage, "merge_segments", lambda root=None: merges.append(_segments(root)) or original(root))
    last: dict[str, int] = {}
    for number, slug in enumerate(["sand-lord", "sand-lord", "baelzebub", "sand-lord", "baelzebub", "sand-lord"]):
        with django_capture_on_commit_callbacks(execute=True):
            card = Card.objects.get(slug=slug)
            if number % 2:
                card.name = f"{'Aaaa' if number % 4 == 1 else 'Zzzz'} {card.name}"  # It moves in the list.
            card.summary = f"A card that walks on quartzite{number}."
            card.save()
        stored, rebuilt = _stored(tmp_path), _rebuilt(tmp_path)
        _assert_same(stored, rebuilt)
        # The map from Whoosh document numbers to card ranks, whether the save merged or only appended.
        assert _live(tmp_path, stored) == _live(tmp_path, rebuilt), number
        assert _segments(tmp_path) == 2, number  # The built one, and the saves' merged into one.
        assert _answers() == _database_answers(), number
        # The new document, in whichever segment it landed, maps to the card; its old one to nothing.
        assert _slugs(f"quartzite{number}") == [slug]
        if slug in last:
            assert _slugs(f"quartzite{last[slug]}") == []
        last[slug] = number
    with django_capture_on_commit_callbacks(execute=True):
        Card.objects.get(slug="baelzebub").delete()
    _assert_same(_stored(tmp_path), _rebuilt(tmp_path))
    assert _answers() == _database_answers()
    assert merges == [3] * 5 and rebuilds == []
    assert storage.merge_segments(tmp_path) is False  # One small segment beside the built one: nothing to merge.


def test_a_stored_revision_reads_a_page_of_ids_in_place_and_agrees_with_its_id_array(tmp_path: Path) -> None:
    storage.build(_all_cards(), tmp_path)
    stored = _stored(tmp_path)
    ranks = [0, 1, 7, stored.size // 2, stored.size - 1]
    in_place = stored.ids(ranks)
    assert ("pks",) not in stored._values  # Read from the file's map, not loaded whole.
    assert in_place == [stored.pks[rank] for rank in ranks] == _rebuilt(tmp_path).ids(ranks)


def test_positions_in_an_id_array_are_whole_entries_only() -> None:
    from array import array

    from cards.search.facet_updates import _positions

    # 256 is the bytes 00 01 00 00: found inside 65536 (00 00 01 00) only off an entry's boundary.
    values = array("i", [65536, 256, -1, 256, 1 << 24])
    assert _positions(values, 256) == [1, 3] and _positions(values, 1) == [] and _positions(values, -1) == [2]
    assert _positions(array("q", [7, 1 << 40, 7]), 7) == [0, 2] and _positions([3, 1, 3], 3) == [0, 2]
