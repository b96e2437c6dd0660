"""loadcards: idempotent, all-or-nothing, and precise about what is wrong where."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from cards.loading import FixtureError, load_fixtures
from cards.models import Card, Printing

pytestmark = pytest.mark.django_db

FIXTURES = Path(settings.FIXTURES_DIR)


@pytest.fixture
def fixtures_copy(tmp_path: Path) -> Path:
    target = tmp_path / "fixtures"
    (target / "cards").mkdir(parents=True)
    shutil.copy(FIXTURES / "sets.json", target / "sets.json")
    for path in (FIXTURES / "cards").glob("*.json"):
        shutil.copy(path, target / "cards" / path.name)
    return target


def edit_cards(fixtures_dir: Path, file_name: str, change: Callable[[list[dict[str, Any]]], None]) -> None:
    path = fixtures_dir / "cards" / file_name
    cards = json.loads(path.read_text("utf-8"))
    change(cards)
    path.write_text(json.dumps(cards), "utf-8")


def by_slug(cards: list[dict[str, Any]], slug: str) -> dict[str, Any]:
    return next(card for card in cards if card["slug"] == slug)


def test_second_load_changes_nothing() -> None:
    out = StringIO()
    call_command("loadcards", stdout=out)
    assert "0 changed in all" in out.getvalue()
    assert "679 unchanged" in out.getvalue()


def test_an_edit_updates_exactly_that_card(fixtures_copy: Path) -> None:
    edit_cards(fixtures_copy, "base_set.json", lambda cards: by_slug(cards, "sand-lord").update(vitality=12))
    report = load_fixtures(fixtures_copy)
    assert report.updated == ["sand-lord"] and report.changed == 1
    assert Card.objects.get(slug="sand-lord").vitality == 12


def test_broken_json_names_the_file(fixtures_copy: Path) -> None:
    (fixtures_copy / "cards" / "promos.json").write_text('[{"slug": "druk",', "utf-8")
    with pytest.raises(FixtureError, match=r"promos\.json: not valid JSON \(line 1"):
        load_fixtures(fixtures_copy)


def test_unknown_field_names_file_card_and_field(fixtures_copy: Path) -> None:
    edit_cards(fixtures_copy, "dagger_isle.json", lambda cards: by_slug(cards, "druk").update(colour="red"))
    with pytest.raises(FixtureError) as caught:
        load_fixtures(fixtures_copy)
    assert (Path(caught.value.path).name, caught.value.slug, caught.value.key) == ("dagger_isle.json", "druk", "colour")


def test_duplicate_slug_is_refused(fixtures_copy: Path) -> None:
    def add_copy(cards: list[dict[str, Any]]) -> None:
        cards.append(dict(by_slug(json.loads((FIXTURES / "cards" / "base_set.json").read_text()), "sand-lord")))

    edit_cards(fixtures_copy, "promos.json", add_copy)
    with pytest.raises(
        FixtureError,
        match=r"promos\.json, card 'sand-lord', field 'slug': duplicate slug, already used in base_set\.json",
    ):
        load_fixtures(fixtures_copy)


def test_out_of_range_value_is_refused_and_nothing_is_half_loaded(fixtures_copy: Path) -> None:
    # An earlier file carries a valid edit; the later bad record must undo it too.
    edit_cards(fixtures_copy, "base_set.json", lambda cards: by_slug(cards, "sand-lord").update(summary="Edited."))
    edit_cards(fixtures_copy, "promos.json", lambda cards: by_slug(cards, "chaos-summoner").update(up_number=99))
    with pytest.raises(CommandError) as caught:
        call_command("loadcards", fixtures_dir=fixtures_copy)
    message = str(caught.value)
    assert "promos.json" in message and "'chaos-summoner'" in message and "'up_number'" in message
    assert "less than or equal to 40" in message
    assert Card.objects.get(slug="sand-lord").summary != "Edited."


def test_failed_load_into_an_empty_database_leaves_it_empty(fixtures_copy: Path) -> None:
    Card.objects.all().delete()
    # Dagger Isle loads after the base set, so 324 cards are written before the bad one is met.
    edit_cards(fixtures_copy, "dagger_isle.json", lambda cards: by_slug(cards, "druk").update(border="purple"))
    with pytest.raises(FixtureError, match="field 'border'"):
        load_fixtures(fixtures_copy)
    assert Card.objects.count() == 0 and Printing.objects.count() == 0


def test_cross_field_rules_run_on_load(fixtures_copy: Path) -> None:
    edit_cards(fixtures_copy, "base_set.json", lambda cards: by_slug(cards, "babes").update(flying=True))
    with pytest.raises(FixtureError, match="card 'babes', field 'flying': Only creatures have this."):
        load_fixtures(fixtures_copy)


def test_unknown_set_in_a_printing(fixtures_copy: Path) -> None:
    edit_cards(
        fixtures_copy, "dagger_isle.json", lambda cards: by_slug(cards, "land-drake")["printings"][1].update(set="ZZ")
    )
    with pytest.raises(FixtureError, match="card 'land-drake', field 'printings.set': unknown set 'ZZ'"):
        load_fixtures(fixtures_copy)


def test_a_card_removed_from_the_fixtures_is_deleted(fixtures_copy: Path) -> None:
    edit_cards(fixtures_copy, "fan_pages.json", lambda cards: cards.pop())
    report = load_fixtures(fixtures_copy)
    assert report.deleted == ["mud-castle-center"]
    assert Card.objects.count() == 678


def test_a_missing_fixture_file_stops_the_load_naming_it_and_deletes_nothing(fixtures_copy: Path) -> None:
    (fixtures_copy / "cards" / "necropolis_park.json").unlink()
    edit_cards(fixtures_copy, "base_set.json", lambda cards: by_slug(cards, "sand-lord").update(vitality=12))
    before = Card.objects.filter(card_set__code="NP").count()
    assert before == 102
    with pytest.raises(CommandError) as refused:
        call_command("loadcards", fixtures_dir=fixtures_copy, stdout=StringIO())
    message = str(refused.value)
    assert message.startswith("Nothing loaded. ") and "necropolis_park.json: the file is missing" in message
    assert "its 102 cards" in message and "--prune" in message
    # Nothing at all was written: not the deletions, nor the other file's change.
    assert Card.objects.filter(card_set__code="NP").count() == before
    assert Card.objects.get(slug="sand-lord").vitality != 12


def test_prune_deletes_the_cards_of_a_missing_file(fixtures_copy: Path) -> None:
    (fixtures_copy / "cards" / "necropolis_park.json").unlink()
    out = StringIO()
    call_command("loadcards", fixtures_dir=fixtures_copy, prune=True, stdout=out)
    assert "102 deleted" in out.getvalue()
    assert not Card.objects.filter(card_set__code="NP").exists()


def test_classes_on_a_creature_item_are_refused_as_the_admin_refuses_them(fixtures_copy: Path) -> None:
    edit_cards(fixtures_copy, "base_set.json", lambda cards: by_slug(cards, "amulet-of-flying").update(classes=["Undead"]))
    with pytest.raises(FixtureError, match="card 'amulet-of-flying', field 'classes': Only creatures have classes."):
        load_fixtures(fixtures_copy)
