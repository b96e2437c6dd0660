"""Every card a ruling or erratum lists is named in its question or answer, and every card it names is listed.

A card's page shows each ruling that lists the card, question and answer only (not the note or the change
history), so a listed card the text never names leaves a judge reading a ruling with no word on why it is
there. The check reads the fixtures directly (no database), so it costs milliseconds; how a card counts as
named is rulings/card_names.py, the same matcher that makes the card links of a ruling's text.

A card that no text could name without changing the ruling is taken off the list instead, and the
removal is recorded in the ruling's changes. The other way round, a card the text names but the ruling does
not list never sees the ruling on its page, in /rulings/?card= or in the API. Each such card is listed
(recorded in the ruling's changes), or, where its name is an ordinary word there (a terrain type, a bribery
icon, a creature class), kept in rulings.card_names.NAMED_NOT_LISTED with the reason, so a new ruling that
names a card it does not list fails until someone decides which it is.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache

import pytest

from rulings.card_names import NAMED_NOT_LISTED, CardNames
from tests.rulings.corpus_facts import ROOT, rulings

CARD_FILES = ROOT / "fixtures" / "cards"


@cache
def card_names() -> CardNames:
    cards = [card for path in sorted(CARD_FILES.glob("*.json")) for card in json.loads(path.read_text("utf-8"))]
    return CardNames((card["slug"], card["name"], card.get("aliases", [])) for card in cards)


def names(text: str, slug: str) -> bool:
    return card_names().names(text, slug)


def named_cards(text: str, slugs: Iterable[str] | None = None) -> set[str]:
    return card_names().named_cards(text, slugs)


def unnamed_cards() -> set[tuple[str, str]]:
    return {
        (ruling["id"], slug)
        for ruling in rulings()
        for slug in ruling["cards"]
        if not names(f"{ruling['question']} {ruling['answer']}", slug)
    }


def named_unlisted_cards() -> set[tuple[str, str]]:
    return {
        (ruling["id"], slug)
        for ruling in rulings()
        for slug in named_cards(f"{ruling['question']} {ruling['answer']}") - set(ruling["cards"])
    }


def test_every_card_a_ruling_names_is_listed_or_excepted() -> None:
    # 51 matches on 2026-11-26: 11 were parts of longer card names, 18 were linked, 22 are excepted above.
    assert sorted(named_unlisted_cards() - NAMED_NOT_LISTED.keys()) == [], (
        "rulings that name a card they do not list: list it, or add it to NAMED_NOT_LISTED with the reason"
    )


def test_every_exception_is_still_needed() -> None:
    assert sorted(NAMED_NOT_LISTED.keys() - named_unlisted_cards()) == [], "exceptions no ruling needs any more"


def test_every_listed_card_is_named_in_the_ruling() -> None:
    # 59 listings in 32 rulings failed this before 2026-11-26; each now says what the card does in it.
    assert sorted(unnamed_cards()) == [], "rulings that list a card their question and answer never name"


@pytest.mark.parametrize(
    ("text", "slug", "expected"),
    [
        ("One stone from Tes Let adds 7.", "tes-let-leader-with-foresight", True),
        ("A Power Lunched Sand Lord can take 11.", "power-lunch", True),
        ("Only Carrag the Black and Clerics are hurt.", "cleric", True),
        ("the three Drifter's Nexus Stronghold cards", "drifters-nexus-stronghold-left", True),
        ("Garuda Kahn First Disciple rolls a die.", "garuda-kahn-first-disciple", True),
        ("An Overlord command card changes the terrain.", "uras-overlord-of-mountains", False),
        ("A Sand Lordling is no Sand Lord's cousin.", "sand-lord", True),
        ("The Archery range.", "archer", False),
        ("Two Water Nymphs.", "wild-nymph", False),
        ("The Fiend eats a card.", "eats-cockroach-king", False),
        ("Eats can be bribed.", "eats-cockroach-king", True),
        ("Major Party Animal sets aside every Beer-bribable creature.", "party-animal", False),
        ("Major Party Animal sets aside every Beer-bribable creature.", "major-party-animal", True),
        ("Each 10 Gallon Voodoo Hat lowers the cap.", "voodoo-hat", False),
        ("Uras, Overlord of Mountains makes the space Mountains.", "mountains", True),
        ("Uras, Overlord of Mountains against Slor.", "mountains", False),
        ("Uras, Overlord of Mountains against Slor.", "uras-overlord-of-mountains", True),
        ("The Angel of Death and other Angels.", "death", False),
    ],
)
def test_how_a_card_is_named(text: str, slug: str, expected: bool) -> None:
    assert names(text, slug) is expected


def test_every_card_has_its_name_among_its_forms() -> None:
    forms = card_names().forms
    assert len(forms) > 600 and all(forms.values())
    assert "Floyd" in forms["floyd-the-flying-pig"] and "Jamchops" in forms["jamchops-the-trader"]
