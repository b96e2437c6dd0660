"""The duel page's "Not automated" list names each card by its printed name, linked to its card page from the
values of the warning that leaves it to a person (never from a sentence), and never shows a slug."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from combat.links import permalink

pytestmark = pytest.mark.django_db

# Sphinx's command guess and Ice Storm's AOE are not applied in a duel: one command, one Stock card.
DUEL = "ruleset=arena a=sphinx a.stock=ice-storm d=sand-lord p=a:spell:ice-storm,d:pass,a:pass s=a:pass,d:pass"
MADE_UP = (
    'made-up.test-sphinx={"border":"external","command":true,"name":"Test%20Sphinx","type":"creature",'
    '"vitality":5,"abilities":[{"kind":"command_guess","amount":3,"guesses":"border"}]} '
    "ruleset=arena a=test-sphinx d=sand-lord p=a:pass,d:pass s=a:pass,d:pass"
)


def _not_automated(notation: str) -> str:
    page = Client().get(permalink(notation, step="end")).content.decode()
    found = re.search(r"<h3>Not automated</h3>\s*<ul[^>]*>(.*?)</ul>", page, re.S)
    assert found, "the duel page has no Not automated list"
    return found.group(1)


def test_each_card_is_named_and_linked_never_shown_as_a_slug() -> None:
    listed = _not_automated(DUEL)
    items = re.findall(r"<li>(.*?)</li>", listed, re.S)
    assert len(items) == 2
    assert items[0].startswith('<a href="/cards/sphinx/">Sphinx</a>&#x27;s command is not applied')
    assert items[1].startswith('<a href="/cards/ice-storm/">Ice Storm</a> played in a duel')
    # The slug appears only inside the link to the card's page, never as words.
    words = re.sub(r"<[^>]+>", "", listed)
    assert "ice-storm" not in words and "sphinx:" not in words
    # Each cites its numbered rule, linked, never the notice code (issue #32).
    assert "arena rule 6.3.1" in words and "arena rule 6.3.2" in words
    assert "arena.not_automated" not in words and "arena.command_not_automated" not in words


def test_a_made_up_card_is_named_not_linked() -> None:
    listed = _not_automated(MADE_UP)
    assert "Test Sphinx" in listed and "/cards/test-sphinx/" not in listed
    assert "test-sphinx" not in re.sub(r"<[^>]+>", "", listed)


def test_a_winning_entropy_storm_roll_is_applied_not_listed() -> None:
    # The Gorgal Skag is Small: 4 + 1 = 5 wins the primary round (Arena site ruling 6.8.5), so nothing is left
    # to a person and the duel page lists nothing as not automated.
    storm = (
        "ruleset=arena a=gorgal-skag a.stock=summon-entropy-storm a.rolls=summon-entropy-storm:4 d=sand-lord "
        "p=a:spell:summon-entropy-storm,d:pass,a:pass s=d:pass,a:pass"
    )
    page = Client().get(permalink(storm, step="end")).content.decode()
    assert "Summon Entropy Storm" in page
    assert "<h3>Not automated</h3>" not in page and "winning_roll_not_automated" not in page
