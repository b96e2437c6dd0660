"""Load the card fixtures once per test session; each test runs in a rolled-back transaction."""

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    with django_db_blocker.unblock():
        call_command("loadcards", verbosity=0)
