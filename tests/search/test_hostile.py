"""A search's work is bounded by the size of what was typed (issue #35): each distinct word is looked up and
corrected once, corrections are capped, a spent time budget gives a partial answer that says so, and long
queries beyond the server's slots are turned away with a 503 rather than piling up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from cards.search import budget as budget_module
from cards.search import slots
from cards.search.budget import BUDGET_EXHAUSTED, CORRECTIONS_CAPPED, MOST_CORRECTIONS, Budget
from cards.search.spelling import NameSpeller
from tests.search.helpers import found

pytestmark = pytest.mark.django_db

# The audit's requests: 167 unknown two-letter words (500 characters), and text full of regular-expression marks.
AUDIT_WORDS = " ".join(["zq"] * 167)
AUDIT_REGEX = "a.*b+c?(d|e)[f-g]{2,3}^$ " * 20


@pytest.fixture
def corrections(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every word the speller is asked to correct, counted; Whoosh's own (slow) suggester must not be used."""
    asked: Counter[str] = Counter()
    original = NameSpeller.closest

    def counting(self: NameSpeller, word: str, *args: Any, **kwargs: Any) -> str | None:
        asked[word] += 1
        return original(self, word, *args, **kwargs)

    def refused(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("Whoosh's suggester walks the term file per word; the search must not call it")

    monkeypatch.setattr(NameSpeller, "closest", counting)
    monkeypatch.setattr("whoosh.searching.Searcher.suggest", refused)
    return asked


def _search(client: Client, query: str) -> dict[str, Any]:
    response = client.get("/api/v1/cards/", {"q": query})
    assert response.status_code == 200, response.content
    return response.json()["search"]  # type: ignore[no-any-return]


def test_a_repeated_unknown_word_is_corrected_once(client: Client, corrections: Counter[str]) -> None:
    search = _search(client, " ".join(["drgonn"] * 70))  # 489 characters: the parser reads 500
    assert corrections == Counter({"drgonn": 1})
    assert search["did_you_mean"] == " ".join(["dragon"] * 70)
    assert search["partial"] is False and search["partial_reasons"] == []


def test_corrections_stop_at_the_cap_and_the_answer_says_it_is_partial(
    client: Client, corrections: Counter[str]
) -> None:
    words = [f"qx{letter}{letter}" for letter in "abcdefghijklmnopqrst"]  # 20 distinct unknown words
    search = _search(client, " ".join(words * 3))
    assert sum(corrections.values()) == MOST_CORRECTIONS and set(corrections.values()) == {1}
    assert set(corrections) == set(words[:MOST_CORRECTIONS])
    assert search["partial"] is True
    assert [reason["code"] for reason in search["partial_reasons"]] == [CORRECTIONS_CAPPED]
    page = client.get("/cards/", {"q": " ".join(words)}).content.decode()
    assert "This answer is partial" in page and f"first {MOST_CORRECTIONS} distinct unknown words" in page


def test_the_audits_requests_get_bounded_answers(client: Client, corrections: Counter[str]) -> None:
    assert len(AUDIT_WORDS) == 500
    search = _search(client, AUDIT_WORDS)
    assert sum(corrections.values()) == 0  # Two letters are too few to guess a name word from.
    assert search["did_you_mean"] is None
    search = _search(client, AUDIT_REGEX)
    assert sum(corrections.values()) <= MOST_CORRECTIONS
    for query in (AUDIT_WORDS, AUDIT_REGEX):
        assert client.get("/cards/", {"q": query}).status_code == 200


def test_each_distinct_word_is_read_from_the_index_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from cards.search.storage import OpenIndex

    read: Counter[str] = Counter()
    original = OpenIndex.word

    def counting(self: OpenIndex, word: str) -> Any:
        read[word] += 1
        return original(self, word)

    monkeypatch.setattr(OpenIndex, "word", counting)
    expected = found("lord -fire")
    read.clear()
    assert found("(fire or lord) (fire or lord) (fire or lord) -fire") == expected
    assert read == Counter({"fire": 1, "lord": 1})


class Allowance:
    """The budget runs out after a given number of checks from now (a clock stand-in: the test never waits)."""

    def __init__(self) -> None:
        self.checks, self.allowed = 0, 10**9

    def allow(self, checks: int) -> None:
        self.checks, self.allowed = 0, checks


@pytest.fixture
def budget_spent_after(monkeypatch: pytest.MonkeyPatch) -> Allowance:
    allowance = Allowance()

    def exhausted(self: Budget) -> bool:
        allowance.checks += 1
        return allowance.checks > allowance.allowed

    monkeypatch.setattr(Budget, "exhausted", exhausted)
    return allowance


def test_a_spent_budget_gives_a_partial_answer_naming_what_was_left_out(
    client: Client, budget_spent_after: Allowance
) -> None:
    in_full = client.get("/api/v1/cards/", {"q": "dragon"}).json()["count"]
    assert len(found("dragon")) > len(found("dragon fire"))  # Leaving "fire" out changes the answer.
    budget_spent_after.allow(1)  # The first word is read; the budget is spent before the second.
    body = client.get("/api/v1/cards/", {"q": "dragon fire"}).json()
    search = body["search"]
    assert search["partial"] is True
    assert [reason["code"] for reason in search["partial_reasons"]] == [BUDGET_EXHAUSTED]
    skipped = [warning for warning in search["warnings"] if warning["code"] == BUDGET_EXHAUSTED]
    assert [(warning["term"], warning["position"]) for warning in skipped] == [("fire", 7)]
    assert body["count"] == in_full


def test_the_page_says_when_the_budget_ran_out(client: Client, budget_spent_after: Allowance) -> None:
    budget_spent_after.allow(1)
    page = client.get("/cards/", {"q": "dragon fire"}).content.decode()
    assert "This answer is partial" in page and "ran out of time" in page


def test_the_budget_is_a_time_limit_from_the_first_look_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget_module, "SEARCH_BUDGET", 0.0)
    assert Budget().exhausted()
    monkeypatch.setattr(budget_module, "SEARCH_BUDGET", 3600.0)
    budget = Budget()
    assert budget.started is None and not budget.exhausted() and budget.started is not None


def test_heaviness_is_read_from_the_size_of_the_query_alone() -> None:
    assert not slots.is_heavy("sand lord") and not slots.is_heavy("(c:undead or c:demon) -is:flying v>=3")
    assert slots.is_heavy(AUDIT_WORDS) and slots.is_heavy(AUDIT_REGEX)
    assert slots.is_heavy(" ".join(f"w{n}" for n in range(slots.HEAVY_WORDS + 1)))
    assert not slots.is_heavy(" ".join(["fire"] * 30))  # One distinct word, 149 characters.


@pytest.fixture
def slots_taken(settings: Any, tmp_path: Path) -> Iterator[None]:
    settings.VAR_DIR = tmp_path
    with ExitStack() as taken:
        for _ in range(slots.SEARCH_SLOTS):
            taken.enter_context(slots.search_slot(AUDIT_WORDS))  # Other workers' long searches, still running.
        yield


def test_a_heavy_search_beyond_the_slots_gets_a_503_with_retry_after(client: Client, slots_taken: None) -> None:
    response = client.get("/api/v1/cards/", {"q": AUDIT_REGEX})
    assert response.status_code == 503 and response["Retry-After"] == str(slots.RETRY_AFTER)
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["code"] == "server_busy"
    page = client.get("/cards/", {"q": AUDIT_WORDS})
    assert page.status_code == 503 and page["Retry-After"] == str(slots.RETRY_AFTER)
    assert b"Every slot for long searches on this server is busy" in page.content
    assert client.get("/cards/random/", {"q": AUDIT_WORDS}).status_code == 503
    # Short searches never wait for a slot.
    assert client.get("/api/v1/cards/", {"q": "sand lord"}).status_code == 200
    assert client.get("/cards/", {"q": "sand lord"}).status_code == 200


def test_a_heavy_search_runs_when_a_slot_is_free(client: Client, settings: Any, tmp_path: Path) -> None:
    settings.VAR_DIR = tmp_path
    assert client.get("/api/v1/cards/", {"q": AUDIT_WORDS}).status_code == 200
    with ExitStack() as taken:
        for _ in range(slots.SEARCH_SLOTS):
            taken.enter_context(slots.search_slot(AUDIT_WORDS))
    assert client.get("/api/v1/cards/", {"q": AUDIT_WORDS}).status_code == 200  # Released on leaving.
