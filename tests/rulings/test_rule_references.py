"""Rule numbers in text link to the ruleset they name: a scope word ("standard", "arena") carries over a
list of numbers ("standard 11.4.4 and 11.4.6"), and nothing further."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulings.linking import TextLinker

LINKER = TextLinker(
    card_slugs={"Wraith": "wraith"},
    term_urls={"immunity": "/rules/glossary/#immunity"},
    example_slugs={"example-1"},
    rule_numbers={
        "standard": {"6.5", "6.6.2", "11.4.2", "11.4.4", "11.4.6", "6.4.3"},
        "arena": {"6.3.2c", "6.4.3", "6.3.4", "6.3.5", "6.5.2"},
    },
)


def _links(text: str, ruleset: str) -> list[tuple[str, str]]:
    return re.findall(r'<a href="([^"]+)">([^<]+)</a>', str(LINKER.render(text, ruleset)))


def test_a_scope_word_carries_over_a_list_of_numbers() -> None:
    # Arena rule 6.8.2 cites two standard rules; the second one was left unlinked (arena has no 11.4.6).
    assert _links("(standard 11.4.4 and 11.4.6)", "arena") == [
        ("/rules/11.4.4/", "standard 11.4.4"),
        ("/rules/11.4.6/", "11.4.6"),
    ]
    assert _links("standard 11.4.2, 11.4.4, or 11.4.6", "arena") == [
        ("/rules/11.4.2/", "standard 11.4.2"),
        ("/rules/11.4.4/", "11.4.4"),
        ("/rules/11.4.6/", "11.4.6"),
    ]
    assert _links("arena 6.3.4 to 6.3.5", "standard") == [
        ("/rules/arena/6.3.4/", "arena 6.3.4"),
        ("/rules/arena/6.3.5/", "6.3.5"),
    ]


def test_the_scope_stops_where_the_list_does() -> None:
    # Arena 6.4.4a: its own 6.4.3 follows a standard citation in the same sentence.
    text = "acts first (standard 6.6.2), and the destroyed duellist leaves the Duel Zone (6.4.3)"
    assert _links(text, "arena") == [("/rules/6.6.2/", "standard 6.6.2"), ("/rules/arena/6.4.3/", "6.4.3")]
    assert _links("(6.3.2c) ... (standard 6.5) then 6.5.2", "arena") == [
        ("/rules/arena/6.3.2c/", "6.3.2c"),
        ("/rules/6.5/", "standard 6.5"),
        ("/rules/arena/6.5.2/", "6.5.2"),
    ]


def test_worked_examples_named_in_text_link_to_their_pages() -> None:
    linker = TextLinker(
        card_slugs={"Wraith": "wraith"},
        term_urls={"immunity": "/rules/glossary/#immunity"},
        example_slugs={"example-1", "example-2d", "command-1"},
        example_names={"Example 1": "example-1", "Example 2d": "example-2d", "Command example 1": "command-1"},
    )
    html = str(linker.render("Example 1 and Example 2d disagree; Command example 1 agrees; Example 2 is all four."))
    assert re.findall(r'<a href="([^"]+)">([^<]+)</a>', html) == [
        ("/rules/examples/example-1/", "Example 1"),
        ("/rules/examples/example-2d/", "Example 2d"),
        ("/rules/examples/command-1/", "Command example 1"),
    ]


@pytest.mark.django_db
def test_an_erratum_links_the_examples_it_corrects(client: Client) -> None:
    page = client.get("/rulings/E-02/").content.decode()
    assert 'href="/rules/examples/example-2d/"' in page and 'href="/rules/examples/example-2b/"' in page
    rule = client.get("/rules/11.2.2/").content.decode()
    assert 'href="/rules/examples/example-2d/"' in rule
