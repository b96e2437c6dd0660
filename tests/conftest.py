"""Load the card fixtures and the rules once per test session; each test runs in a rolled-back transaction."""

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    with django_db_blocker.unblock():
        call_command("loadcards", verbosity=0)
        call_command("loadrules", verbosity=0)  # after the cards: rulings name cards
