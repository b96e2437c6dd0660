"""Terms that cannot be understood: dropped with a warning (term, position, nearest valid spelling),
never an error page; only a query with no usable term at all is refused (400)."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card
from cards.search.errors import NoUsableTerm
from cards.search.forms import RANGE_FIELDS
from cards.search.keywords import KEYWORDS, NUMBER
from cards.search.parser import parse
from cards.search.service import read_query, search
from tests.search.helpers import found

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query, code, term, position, suggestion, same_as",
    [
        ("fire colour:red", "search.unknown_keyword", "colour:red", 5, "", "fire"),
        ("fire bordr:e", "search.unknown_keyword", "bordr:e", 5, "border", "fire"),
        ("fire boarder:e", "search.unknown_keyword", "boarder:e", 5, "border", "fire"),
        ("v>=10 border:purple", "search.bad_value", "border:purple", 6, "", "v>=10"),
        ("v>=10 is:flyng", "search.bad_value", "is:flyng", 6, "is:flying", "v>=10"),
        ("c:undead v>=ten", "search.bad_value", "v>=ten", 9, "v>=0", "c:undead"),
        ("fire border>e", "search.bad_operator", "border>e", 5, "border:e", "fire"),
        ("fire set:zz", "search.bad_value", "set:zz", 5, "", "fire"),
        ("fire immune:lava", "search.bad_value", "immune:lava", 5, "", "fire"),
        ("fire v>=", "search.empty_value", "v>=", 5, "v>=10", "fire"),
        ("(fire", "search.unclosed_parenthesis", "(", 0, "", "fire"),
        ("fire)", "search.unmatched_parenthesis", ")", 4, "", "fire"),
        ("fire or", "search.dangling_or", "or", 5, "", "fire"),
        ("fire - ", "search.dangling_minus", "-", 5, "", "fire"),
        ("fire ()", "search.empty_group", "()", 5, "", "fire"),
        ('fire "dry heaps', "search.unclosed_quote", '"dry heaps', 5, "", 'fire "dry heaps"'),
        ("fire ???", "search.nothing_to_search", "???", 5, "", "fire"),
        ("fire -order:name", "search.negated_directive", "order:name", 6, "", "fire"),
        ("fire order:colour", "search.bad_value", "order:colour", 5, "", "fire"),
        ("fire terrain:woods>=many", "search.bad_value", "terrain:woods>=many", 5, 'terrain:"dry heaps">=4', "fire"),
    ],
)
def test_a_bad_term_is_dropped_with_a_precise_warning(
    query: str, code: str, term: str, position: int, suggestion: str, same_as: str
) -> None:
    understood = read_query(query)
    warnings = [w for w in understood.warnings if w.code == code]
    assert warnings, understood.warnings
    assert (warnings[0].term, warnings[0].position) == (term, position)
    if suggestion:
        assert warnings[0].suggestion == suggestion
    assert found(query) == found(same_as)


@pytest.mark.parametrize("query", ["foo:bar", "border:purple", "v>=x", "???", "( )", "or", "-", "is:nothing sort:x"])
def test_a_query_without_any_usable_term_is_refused(query: str) -> None:
    with pytest.raises(NoUsableTerm) as raised:
        read_query(query)
    assert raised.value.code == "search.no_usable_term"


def test_the_api_warns_and_still_answers(client: Client) -> None:
    body = client.get("/api/v1/cards/", {"q": "c:undead colour:red"}).json()
    assert body["count"] == len(found("c:undead"))
    [warning] = body["search"]["warnings"]
    assert warning == {"code": "search.unknown_keyword", "message": warning["message"], "term": "colour:red",
                       "position": 9, "suggestion": None}  # fmt: skip


def test_the_api_refuses_a_query_with_nothing_usable(client: Client) -> None:
    response = client.get("/api/v1/cards/", {"q": "bordr:e"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter" and "q" in error["details"]
    assert any("did you mean 'border:'" in line for line in error["details"]["q"])


def test_the_page_explains_a_refused_query(client: Client) -> None:
    response = client.get("/cards/", {"q": "border:purple"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing in this query could be searched" in page and "/cards/syntax/" in page


def test_the_page_lists_ignored_terms(client: Client) -> None:
    response = client.get("/cards/", {"q": "fire bordr:e"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "<code>bordr:e</code> (character 6)" in page and "Try <code>border</code>" in page


QUERY_PIECES = st.sampled_from(
    ["v", "vitality", "b", "border", "t", "set", "c", "class", "is", "name", "terrain", "immune", "order", "dir",
     ":", "=", "!=", "<", "<=", ">", ">=", "-", "(", ")", '"', "or", "and", "*", "10", "-3", "fire", "e", "x",
     "flying", "dry heaps", " ", "  ", "\t", "\u00e9", "'", "\\", "%", "_", "\x00"]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=60), st.lists(QUERY_PIECES, max_size=25).map("".join)))
def test_no_query_text_raises(text: str) -> None:
    parse(text)
    try:
        understood = read_query(text)
    except NoUsableTerm:
        return
    cards, outcome = search(Card.objects.all(), understood)
    assert cards.count() >= 0
    assert all(0 <= warning.position <= len(text) for warning in outcome.warnings)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(QUERY_PIECES, max_size=20).map("".join))
def test_no_query_text_gives_a_server_error(client: Client, text: str) -> None:
    assert client.get("/api/v1/cards/", {"q": text}).status_code in (200, 400)
    assert client.get("/cards/", {"q": text}).status_code in (200, 400)


def test_very_deep_and_very_long_queries_are_read() -> None:
    assert found("(" * 400 + "fire" + ")" * 400) == found("fire")
    assert found("--" * 200 + "fire") == found("fire")
    long_query = "fire " + "x" * 2000
    assert any(w.code == "search.too_long" for w in read_query(long_query).warnings)


NUMERIC_KEYWORDS = sorted({keyword.name for keyword in KEYWORDS if keyword.kind == NUMBER})


@pytest.mark.parametrize("keyword", NUMERIC_KEYWORDS)
@pytest.mark.parametrize("number, side", [("99999999999999999999", "larger"), ("-10000", "smaller")])
def test_a_number_beyond_the_bound_is_named_as_such(keyword: str, number: str, side: str) -> None:
    understood = read_query(f"fire {keyword}<={number}")
    [warning] = understood.warnings
    assert warning.code == "search.bad_value"
    assert f"{number} is {side} than any value" in warning.message and "whole number" not in warning.message
    assert warning.suggestion == f"{keyword}<={'9999' if side == 'larger' else '-9999'}"


def test_a_terrain_modifier_beyond_the_bound_is_named_as_such() -> None:
    [warning] = read_query('fire terrain:"dry heaps">=123456').warnings
    assert warning.code == "search.bad_value" and "123456 is larger than any modifier" in warning.message
    assert warning.suggestion == 'terrain:"dry heaps">=9999'


def test_the_largest_allowed_number_still_searches() -> None:
    assert not read_query("v<=9999").warnings and not read_query("v>=-9999").warnings
    assert found("v<=9999") == found("v>=-9999")


def test_the_api_refuses_a_huge_number_with_an_error_object(client: Client) -> None:
    response = client.get("/api/v1/cards/", {"q": "v>99999999999999999999"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter"
    assert any("larger than any value" in line for line in error["details"]["q"])
    body = client.get("/api/v1/cards/", {"q": "fire v>99999999999999999999"}).json()
    [warning] = body["search"]["warnings"]
    assert warning["code"] == "search.bad_value" and "larger than any value" in warning["message"]


def test_the_page_explains_a_huge_number(client: Client) -> None:
    response = client.get("/cards/", {"q": "v>99999999999999999999"})
    assert response.status_code == 400
    assert "larger than any value a card can have" in response.content.decode()


@pytest.mark.parametrize("field", sorted(RANGE_FIELDS))
def test_a_huge_number_in_the_advanced_form_is_a_form_error(client: Client, field: str) -> None:
    response = client.get("/cards/advanced/", {field: "99999999999999999999"})
    assert response.status_code == 400
    assert "less than or equal to" in response.content.decode()


@pytest.mark.parametrize("field", ["vitality_min", "vitality_max"])
@pytest.mark.parametrize("number", ["99999999999999999999", "-99999999999999999999"])
def test_a_huge_vitality_filter_never_fails(client: Client, field: str, number: str) -> None:
    page = client.get("/cards/", {field: number})
    assert page.status_code in (200, 400)
    response = client.get("/api/v1/cards/", {field: number})
    assert response.status_code in (200, 400)
    body = response.json()
    assert "error" in body or "results" in body
