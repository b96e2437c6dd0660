"""Load the card fixtures and the rules once per test session; each test runs in a rolled-back transaction."""

import pytest
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

from tests.svg_check import every_svg_parses  # noqa: F401  (autouse: every SVG drawn in a test is parsed)

# The browser tests' ``browser`` and ``server_url``: registered here, once, so that each worker has one of each
# (a module importing them would get its own, set up again for every module).
pytest_plugins = ["tests.browser_fixtures"]

# Property tests are deterministic (the same examples every run, so CI's verdict is reproducible) and
# untimed: a per-example deadline failed a notation round trip on a loaded 2-core machine, and tests
# assert behaviour, never timings.
hypothesis_settings.register_profile("project", deadline=None, derandomize=True)
hypothesis_settings.load_profile("project")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    with django_db_blocker.unblock():
        call_command("loadcards", verbosity=0)
        call_command("loadrules", verbosity=0)  # after the cards: rulings name cards


@pytest.fixture(scope="session")
def bulk_data_dir(tmp_path_factory):  # type: ignore[no-untyped-def]
    return tmp_path_factory.mktemp("bulk-data")


@pytest.fixture(autouse=True)
def _api_test_settings(settings, bulk_data_dir):  # type: ignore[no-untyped-def]
    """No rate limits unless a test sets them (the suite makes thousands of requests from one
    address), and bulk files in a temporary folder rather than the developer's var/."""
    settings.API_THROTTLE_ENABLED = False
    settings.BULK_DATA_DIR = bulk_data_dir


@pytest.fixture(autouse=True)
def _search_budget_unlimited(monkeypatch):  # type: ignore[no-untyped-def]
    """A search's time budget (cards.search.budget) would make an answer depend on how loaded the machine is;
    tests get an unlimited one, and the tests of the budget spend it by a stand-in clock."""
    from cards.search import budget

    monkeypatch.setattr(budget, "SEARCH_BUDGET", float("inf"))


# The tests that each take tens of seconds, started first: pytest-xdist's workers take the collection in order
# (make test: --dist worksteal), and a long test left for the end keeps one worker busy while the other has
# nothing left to do. Node id prefixes; the slowest first (per-test durations of `pytest --durations`).
LONG_FIRST = (
    "tests/rulings/test_links.py::test_no_internal_link_is_broken",
    "tests/site/test_pages.py::test_every_card_page_renders",
    "tests/search/test_fresh_process_saves.py",
    "tests/search/test_facet_updates.py::test_a_first_save_reading_only_the_stored_bitmaps_gives_a_full_rebuild",
    "tests/site/test_schema_fuzz.py",
    "tests/rulings/test_engine_ids.py::test_every_tagged_id_resolves_and_lands_on_a_page_that_shows_it",
    "tests/engine/test_arena_validate_fuzz.py",
    "tests/engine/test_actions_model.py::test_any_list_of_actions_prints_back_and_survives_json",
    "tests/engine/test_notation.py::test_notation_round_trips",
    "tests/engine/test_notation.py::test_json_form_round_trips",
)


def _start_rank(item: pytest.Item) -> int:
    for rank, prefix in enumerate(LONG_FIRST):
        if item.nodeid.startswith(prefix):
            return rank
    # Browser tests next (each a page load or a walk through a form, a few seconds each), then the rest.
    return len(LONG_FIRST) + (0 if item.get_closest_marker("browser") else 1)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # After pytest-django's ordering (database tests before the others); the sort is stable, so within each rank
    # its order, and the modules' own order, stay as they were.
    items.sort(key=_start_rank)
