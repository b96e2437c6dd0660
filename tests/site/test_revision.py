"""The data revision advances once per committed change to the data, through any door, and never otherwise.

Each test runs inside a transaction that is rolled back, so "after the commit" is simulated with
``django_capture_on_commit_callbacks``: the callbacks run when its block ends, as they would at a commit.
"""

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from cards.loading import load_fixtures
from cards.models import Card
from core import revision
from rulings.models import Ruling

pytestmark = pytest.mark.django_db


def test_a_saved_card_advances_the_revision_once_after_commit(django_capture_on_commit_callbacks: Any) -> None:
    before = revision.current()
    card = Card.objects.get(slug="archer")
    with django_capture_on_commit_callbacks(execute=True):
        card.vitality += 1
        card.save()
        card.vitality -= 1
        card.save()
        assert revision.current() == before  # not yet: other connections cannot see the change
    after = revision.current()
    assert after.number == before.number + 1
    assert after.changed_at >= before.changed_at
    assert after.etag == f'"rev-{before.number + 1}"'


def test_a_ruling_edit_counts_too(django_capture_on_commit_callbacks: Any) -> None:
    before = revision.current()
    with django_capture_on_commit_callbacks(execute=True):
        ruling = Ruling.objects.first()
        assert ruling is not None
        ruling.save()
    assert revision.current().number == before.number + 1


def test_a_rolled_back_change_leaves_the_revision_alone(django_capture_on_commit_callbacks: Any) -> None:
    before = revision.current()
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            Card.objects.get(slug="archer").save()
            raise RuntimeError("roll back")
    assert revision.current() == before


def test_rows_outside_the_data_apps_do_not_count(django_capture_on_commit_callbacks: Any) -> None:
    before = revision.current()
    with django_capture_on_commit_callbacks(execute=True):
        Session.objects.create(session_key="x" * 32, session_data="", expire_date=timezone.now())
    assert revision.current() == before


def test_loaders_advance_it_only_when_they_change_something(django_capture_on_commit_callbacks: Any) -> None:
    fixtures = Path(settings.BASE_DIR) / "fixtures"
    before = revision.current()
    with django_capture_on_commit_callbacks(execute=True):
        assert load_fixtures(fixtures).changed == 0
    assert revision.current() == before
    Card.objects.filter(slug="archer").update(vitality=99)  # behind the loader's back: no signal
    assert revision.current() == before
    with django_capture_on_commit_callbacks(execute=True):
        assert load_fixtures(fixtures).changed == 1
    assert revision.current().number == before.number + 1


def test_the_plain_sql_number_is_the_orm_number(django_capture_on_commit_callbacks: Any) -> None:
    # The search's quick check reads the number without the ORM; it must follow every bump.
    from core.models import DataRevision

    assert revision.current_number() == revision.current().number
    with django_capture_on_commit_callbacks(execute=True):
        revision.data_changed()
    assert revision.current_number() == revision.current().number
    DataRevision.objects.all().delete()
    assert revision.current_number() == revision.current().number == 1
