"""No edit lost: admin edits are recorded with who and when, kept by the loader, and dumped to the fixtures."""

from __future__ import annotations

import difflib
import json
import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from cards.dumping import dump
from cards.loading import load_fixtures
from cards.models import Card, CardClass, Printing
from edits.models import CardEdit, Door, edited_since_load

pytestmark = pytest.mark.django_db
FIXTURES = Path(settings.FIXTURES_DIR)


@pytest.fixture
def fixtures_copy(tmp_path: Path) -> Path:
    target = tmp_path / "fixtures"
    shutil.copytree(FIXTURES / "cards", target / "cards")
    shutil.copy(FIXTURES / "sets.json", target / "sets.json")
    return target


@pytest.fixture
def editor_client(client: Client) -> Client:
    client.force_login(User.objects.create(username="editor", is_staff=True, is_superuser=True))
    return client


def admin_save(client: Client, card: Card, **changes: Any) -> None:
    """Submit the card's admin change form as a person would, with some fields changed."""
    data = opened_form(client, card)
    data.update(changes)
    response = client.post(f"/admin/cards/card/{card.pk}/change/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else response


def opened_form(client: Client, card: Card) -> dict[str, Any]:
    """What the card's admin change form would submit as it was when opened, unchanged."""
    url = f"/admin/cards/card/{card.pk}/change/"
    context = client.get(url).context
    data: dict[str, Any] = {}
    form = context["adminform"].form
    for name in form.fields:
        value = form.initial.get(name)
        if isinstance(value, list | dict) and name != "classes":
            value = json.dumps(value)
        if name == "classes":
            value = [c.pk for c in value or []]
        if value is None:
            continue
        data[name] = value
    for inline in context["inline_admin_formsets"]:
        formset = inline.formset
        for key, value in formset.management_form.initial.items():
            data[f"{formset.prefix}-{key}"] = value
        for sub in formset.forms:
            for name in sub.fields:
                value = sub.initial.get(name)
                if name == "id" and sub.instance.pk:
                    value = sub.instance.pk
                if name == "card":
                    value = card.pk
                if isinstance(value, list | dict):
                    value = json.dumps(value)
                if value is not None and value is not False:
                    data[f"{sub.prefix}-{name}"] = value
    return data


def test_a_dump_with_nothing_changed_rewrites_no_byte(fixtures_copy: Path) -> None:
    before = {path.name: path.read_bytes() for path in (fixtures_copy / "cards").glob("*.json")}
    report = dump(fixtures_copy)
    assert report.changed_files == [] and report.changed_cards == []
    assert {path.name: path.read_bytes() for path in (fixtures_copy / "cards").glob("*.json")} == before


def test_an_admin_edit_is_recorded_kept_by_the_loader_and_dumped_as_a_one_line_diff(
    fixtures_copy: Path, editor_client: Client
) -> None:
    card = Card.objects.get(slug="sand-lord")
    old_vitality = card.vitality
    admin_save(editor_client, card, vitality=old_vitality + 1)
    edit = CardEdit.objects.filter(slug="sand-lord").first()
    assert edit is not None and edit.door == Door.ADMIN and edit.user is not None and edit.user.username == "editor"
    assert edit.changes == {"vitality": [old_vitality, old_vitality + 1]}
    assert "sand-lord" in edited_since_load()

    report = load_fixtures(fixtures_copy)  # What `make run` does at every start.
    assert report.kept == ["sand-lord"] and report.updated == []
    assert Card.objects.get(slug="sand-lord").vitality == old_vitality + 1
    assert "newer than the fixtures" in report.summary() and "sand-lord" in report.summary()

    path = fixtures_copy / "cards" / "base_set.json"
    before = path.read_text("utf-8").splitlines()
    out = StringIO()
    call_command("dumpcards", fixtures_dir=fixtures_copy, stdout=out)
    diff = [line for line in difflib.unified_diff(before, path.read_text("utf-8").splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]  # fmt: skip
    assert diff == [f'-    "vitality": {old_vitality},', f'+    "vitality": {old_vitality + 1},']
    assert "sand-lord" not in edited_since_load()  # The fixtures hold it now.
    assert load_fixtures(fixtures_copy).changed == 0


def test_classes_changed_in_the_admin_are_in_the_history_and_the_dump(fixtures_copy: Path, editor_client: Client) -> None:
    card = Card.objects.get(slug="sand-lord")
    names = sorted(c.name for c in card.classes.all())
    extra = CardClass.objects.exclude(name__in=names).order_by("name").first()
    assert extra is not None
    admin_save(editor_client, card, classes=[c.pk for c in card.classes.all()] + [extra.pk])
    edit = CardEdit.objects.filter(slug="sand-lord").first()
    assert edit is not None and edit.changes["classes"] == [names, sorted([*names, extra.name])]
    assert dump(fixtures_copy).changed_cards == ["sand-lord"]
    dumped = next(c for c in json.loads((fixtures_copy / "cards" / "base_set.json").read_text()) if c["slug"] == "sand-lord")
    assert dumped["classes"] == sorted([*names, extra.name])


def test_overwrite_discards_the_edit_and_says_so_in_the_history(fixtures_copy: Path) -> None:
    card = Card.objects.get(slug="sand-lord")
    card.vitality += 5
    card.save()  # Code in a shell: recorded too, without a user.
    assert CardEdit.objects.filter(slug="sand-lord").first().door == Door.CODE  # type: ignore[union-attr]
    assert load_fixtures(fixtures_copy).kept == ["sand-lord"]
    report = load_fixtures(fixtures_copy, overwrite=True)
    assert report.updated == ["sand-lord"] and report.kept == []
    reload = CardEdit.objects.filter(slug="sand-lord").first()
    assert reload is not None and reload.door == Door.FIXTURES
    assert reload.changes == {"vitality": [card.vitality, card.vitality - 5]}


def test_a_card_added_in_the_database_is_kept_then_dumped_to_its_set_file(fixtures_copy: Path) -> None:
    source = Card.objects.get(slug="swordsman")
    source.pk, source.slug, source.name = None, "swordsman-captain", "Swordsman Captain"
    source.save()
    Printing.objects.create(card=source, card_set=source.card_set, position=0, rarity="R", image="Captain.png")
    assert load_fixtures(fixtures_copy).kept == ["swordsman-captain"]
    report = dump(fixtures_copy)
    assert report.added == ["swordsman-captain"]
    assert load_fixtures(fixtures_copy).changed == 0


def test_a_form_opened_before_another_save_is_refused_naming_the_newer_change(editor_client: Client) -> None:
    card = Card.objects.get(slug="sand-lord")
    history = CardEdit.objects.filter(slug="sand-lord").count()
    first, second = opened_form(editor_client, card), opened_form(editor_client, card)
    other = Client()
    other.force_login(User.objects.create(username="second-editor", is_staff=True, is_superuser=True))
    # The second editor opens the card too, and saves first.
    admin_save(other, card, vitality=card.vitality + 2)
    assert Card.objects.get(pk=card.pk).vitality == card.vitality + 2
    # The first editor's form, opened before that save, would write the old Vitality back: it is refused.
    response = editor_client.post(f"/admin/cards/card/{card.pk}/change/", {**first, "summary": "An edit of mine."})
    assert response.status_code == 200
    errors = " ".join(response.context["adminform"].form.non_field_errors())
    assert "changed by second-editor at " in errors and "(vitality)" in errors and "Nothing was saved" in errors
    saved = Card.objects.get(pk=card.pk)
    assert saved.vitality == card.vitality + 2 and saved.summary == card.summary
    assert CardEdit.objects.filter(slug="sand-lord").count() == history + 1  # the second editor's save only
    # Reopened, the form carries the new version and saves.
    admin_save(editor_client, saved, summary="An edit of mine.")
    assert Card.objects.get(pk=card.pk).summary == "An edit of mine."
    # The other copy opened at the start is older still: refused too.
    response = editor_client.post(f"/admin/cards/card/{card.pk}/change/", second)
    assert response.status_code == 200 and "Nothing was saved" in response.content.decode()


def test_a_save_from_another_door_also_makes_an_open_form_stale(editor_client: Client) -> None:
    card = Card.objects.get(slug="swordsman")
    opened = opened_form(editor_client, card)
    card.vitality += 1
    card.save()  # code, e.g. a shell or a script
    response = editor_client.post(f"/admin/cards/card/{card.pk}/change/", opened)
    assert response.status_code == 200
    assert "changed through code (shell, script) at" in response.content.decode()
    assert Card.objects.get(pk=card.pk).vitality == card.vitality


def test_every_save_advances_the_version_and_the_history_ignores_it() -> None:
    card = Card.objects.get(slug="archer")
    version = card.version
    card.summary = "Changed."
    card.save()
    card.save(update_fields=["name"])
    assert Card.objects.get(pk=card.pk).version == version + 2
    assert all("version" not in edit.changes for edit in CardEdit.objects.filter(slug="archer"))
