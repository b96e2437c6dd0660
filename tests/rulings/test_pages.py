"""The rules pages: contents, permalinks with breadcrumbs and neighbours, linked text, Arena
differences, search, rulings list and detail, examples, glossary, changes and the card page."""

from __future__ import annotations

import json
import re
from collections import Counter
from urllib.parse import quote

import pytest
from django.test import Client

from combat import running
from combat.links import permalink
from rulings.models import RuleEntry, WorkedExample
from rulings.search import search_rules
from tests.rulings.corpus_facts import ROOT, rule_numbers, rulings

pytestmark = pytest.mark.django_db


def _html(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_contents_lists_both_rulesets_and_the_version(client: Client) -> None:
    html = _html(client, "/rules/")
    standard_sections = [n for n in rule_numbers("standard") if "." not in n]
    arena_sections = [n for n in rule_numbers("arena") if "." not in n]
    for number in standard_sections:
        assert f'href="/rules/{number}/"' in html
    for number in arena_sections:
        assert f'href="/rules/arena/{number}/"' in html
    current = re.search(r"^## (Version \S+) \(", (ROOT / "rules" / "CHANGES.md").read_text(), re.M)
    assert current and current[1] in html and 'action="/rules/search/"' in html


def test_a_rule_page_has_breadcrumbs_neighbours_ids_and_rulings(client: Client) -> None:
    html = _html(client, "/rules/6.2.3/")
    assert re.search(r'<a href="/rules/6/">6 Combat</a>.*<a href="/rules/6.2/">6.2 The command step</a>', html, re.S)
    assert 'href="/rules/6.2.2/" rel="prev"' in html and 'href="/rules/6.2.4/" rel="next"' in html
    assert re.search(r'data-engine-ids="[^"]*\bCMD-2\b', html) and ">CMD-2<" not in html
    citing = sorted(raw["id"] for raw in rulings() if "6.2.3" in raw["rules"])
    for code in citing:
        assert f'href="/rulings/{code}/"' in html


def test_subrules_and_headings_have_permalinks_and_neighbours(client: Client) -> None:
    numbers = rule_numbers("standard")
    subrule = next(n for n in numbers if n[-1].isalpha())
    html = _html(client, f"/rules/{subrule}/")
    following = numbers[numbers.index(subrule) + 1]
    assert f'href="/rules/{following}/" rel="next"' in html
    assert 'rel="next"' in _html(client, "/rules/6.4/") and 'href="/rules/6.5/" rel="next"' in _html(
        client, "/rules/6.4/"
    )
    assert _html(client, "/rules/6/").count('class="rule') > 100
    assert client.get("/rules/6.4.2").status_code == 301  # the slash is added
    assert client.get("/rules/99.9/").status_code == 404
    assert client.get("/rules/arena/6.99.1/").status_code == 404


def test_rule_text_links_cards_glossary_terms_and_other_rules(client: Client) -> None:
    html = _html(client, "/rules/6.2.1c/")
    assert '<a href="/rules/2.2.7/">2.2.7</a>' in html
    assert 'href="/rules/glossary/#command-ability" class="term"' in html
    html = _html(client, "/rules/6.2.5b/")
    assert '<a href="/cards/floyd-the-flying-pig/">Floyd the Flying Pig</a>' in html


def test_arena_rules_call_out_their_differences_both_ways(client: Client) -> None:
    arena = RuleEntry.objects.in_ruleset("arena").filter(differs_from__isnull=False).first()
    standard = arena.differs_from.first()
    html = _html(client, arena.get_absolute_url())
    assert "Differs from standard:" in html and f'href="/rules/{standard.number}/"' in html
    assert f'href="/rules/arena/{arena.number}/"' in _html(client, standard.get_absolute_url())
    overview = _html(client, "/rules/arena/")
    assert (
        overview.count('class="callout"')
        == RuleEntry.objects.in_ruleset("arena").filter(differs_from__isnull=False).distinct().count()
    )


def test_rulings_filter_by_card_rule_topic_authority_kind_status_and_words(client: Client) -> None:
    data = rulings()
    card = Counter(slug for raw in data for slug in raw["cards"]).most_common(1)[0][0]
    cases = {
        f"card={card}": [raw["id"] for raw in data if card in raw["cards"]],
        "rule=6.5.1": [
            raw["id"]
            for raw in data
            if any(r == "6.5.1" or r.startswith("6.5.1") and r[5:].isalpha() for r in raw["rules"])
        ],
        "topic=bribery": [raw["id"] for raw in data if "bribery" in raw["topics"]],
        "authority=faq-1996": [raw["id"] for raw in data if raw["authority"] == "faq-1996"],
        "kind=erratum&status=current": [
            raw["id"] for raw in data if raw["kind"] == "erratum" and raw["status"] == "current"
        ],
        "status=superseded": [raw["id"] for raw in data if raw["status"] == "superseded"],
        "q=tie push": [
            raw["id"]
            for raw in data
            if all(re.search(rf"\b{w}\b", (raw["question"] + " " + raw["answer"]).lower()) for w in ("tie", "push"))
        ],
    }
    for query, expected in cases.items():
        assert expected, query
        html = _html(client, f"/rulings/?{query}&page_size=200")
        shown = re.findall(r'<article class="ruling[^"]*" aria-labelledby="ruling-([^"]+)"', html)
        assert shown == expected[:25], query


def _shown(client: Client, query: str) -> list[str]:
    html = _html(client, f"/rulings/?q={quote(query)}")
    return re.findall(r'<article class="ruling[^"]*" aria-labelledby="ruling-([^"]+)"', html)


def _every(client: Client, query: str) -> list[str]:
    return [item["id"] for item in client.get("/api/v1/rulings/", {"q": query, "page_size": 200}).json()["results"]]


def _text(code: str) -> str:
    raw = next(raw for raw in rulings() if raw["id"] == code)
    return f"{raw['question']} {raw['answer']}".lower()


def test_rulings_words_are_searched_like_the_rules_search(client: Client) -> None:
    # Whole words, not pieces of words: "tie" is not found inside "abilities" or "properties".
    assert _shown(client, "tie push") == [code for code in _shown(client, "tie push")
                                          if re.search(r"\btie\b", _text(code))] != []  # fmt: skip
    # Stems: "bribing" finds rulings that only say "bribe", "bribed" or "bribery", ranked as the rules
    # search ranks them (restricted to rulings and errata), best first.
    bribing = _shown(client, "bribing")
    assert any("bribing" not in _text(code) for code in bribing)
    ranked = search_rules("bribing", ["rulings", "errata"], size=25).hits
    assert bribing == [hit.ref for hit in ranked] and len(bribing) == 25
    # Phrases keep their order; without quotes the words may stand anywhere.
    assert _shown(client, "stone power") and not _shown(client, '"stone power"')
    assert set(_shown(client, '"power stone"')) <= set(_shown(client, "stone power"))
    assert all("power stone" in _text(code) for code in _shown(client, '"power stone"'))
    # -word leaves out, alone or beside wanted words.
    channel, without = _every(client, "channel"), _every(client, "channel -stone")
    assert without and set(without) < set(channel) and not any("stone" in _text(code) for code in without)
    everything_but = _every(client, "-bribe")
    assert len(everything_but) + len(_every(client, "bribe")) == len(rulings())
    assert not any("brib" in _text(code) for code in everything_but)
    # The words as matched are marked, whatever their ending.
    assert "<mark>bribed</mark>" in _html(client, "/rulings/?q=bribe").lower().replace("<mark>Bribed", "<mark>bribed")
    # A misspelt word is read as the closest word of the rules, and the page says so.
    misspelt = _html(client, "/rulings/?q=bribary")
    assert "Nothing contains “bribary”. Showing rulings for <strong>bribery</strong>." in misspelt
    assert re.findall(r'aria-labelledby="ruling-([^"]+)"', misspelt) == _shown(client, "bribery") != []
    # The API answers the same list in the same order.
    api = client.get("/api/v1/rulings/", {"q": "bribing", "page_size": 25}).json()["results"]
    assert [item["id"] for item in api] == bribing


def test_bad_filters_explain_themselves_without_failing(client: Client) -> None:
    for query in ("rule=99.1", "card=no-such-card", "kind=rumour", "topic=nothing"):
        response = client.get(f"/rulings/?{query}")
        assert response.status_code == 400 and b'role="alert"' in response.content, query


def test_a_ruling_page_shows_everything(client: Client) -> None:
    superseded = [item for item in rulings() if item["status"] == "superseded"]
    raw = max(superseded, key=lambda item: (bool(item.get("superseded_by")), len(item["cards"])))
    html = _html(client, f"/rulings/{raw['id']}/")
    assert f"<h1>{raw['kind'].capitalize()} {raw['id']}</h1>" in html
    for number in raw["rules"]:
        assert f'href="/rules/{number}/"' in html
    for slug in raw["cards"]:
        assert f'href="/cards/{slug}/"' in html
    assert "This entry is superseded" in html
    if raw.get("superseded_by"):
        assert f'href="/rulings/{raw["superseded_by"]}/"' in html
    assert client.get(f"/rulings/{raw['id'].lower()}/")["Location"] == f"/rulings/{raw['id']}/"


def test_every_example_opens_its_scenario_in_the_simulator(client: Client) -> None:
    for example in WorkedExample.objects.all():
        html = _html(client, f"/rules/examples/{example.slug}/")
        front = (ROOT / "rules" / "examples" / f"{example.slug}.md").read_text(encoding="utf-8")
        named = re.search(r"^scenario: (\S+)$", front, re.M)
        scenario = json.loads((ROOT / "fixtures" / "examples" / f"{named[1] if named else example.slug}.json").read_text())
        assert example.notation == scenario["notation"]
        assert f'href="{permalink(example.notation)}"' in html
        running.run_notation(example.notation)  # the engine accepts and resolves it


def test_glossary_anchors_and_rule_links(client: Client) -> None:
    html = _html(client, "/rules/glossary/")
    assert '<dt id="off-colour-bonus">' in html and 'id="letter-O"' in html
    assert html.count("<dt id=") == (ROOT / "rules" / "glossary.md").read_text(encoding="utf-8").count("\n### ")


def test_changes_page_shows_the_dated_version(client: Client) -> None:
    html = _html(client, "/rules/changes/")
    assert "Version 1.0 (21 November 2026)" in html and "Change policy" in html  # dates in the site's one format


def test_the_card_page_lists_rules_and_rulings_that_mention_it(client: Client) -> None:
    html = _html(client, "/cards/floyd-the-flying-pig/")
    assert 'href="/rules/6.2.5b/"' in html[html.index('id="mentions-heading"') :]
    section = html[html.index('id="rulings-heading"') : html.index('id="mentions-heading"')]
    for raw in rulings():
        if "floyd-the-flying-pig" in raw["cards"]:
            assert f'href="/rulings/{raw["id"]}/"' in section


def test_the_changes_page_links_the_rules_and_rulings_each_change_names(client: Client) -> None:
    html = _html(client, "/rules/changes/")
    at = html.index("ban binds both players")  # version 1.1's entry on 6.5.5 (A-12)
    entry = html[at - 300 : at + 300]
    assert 'href="/rules/6.5.5/"' in entry and 'href="/rulings/A-12/"' in entry and 'href="/rulings/R-083/"' in entry
    # An entry about Guardians Arena names Arena rules, the first with "arena" and the rest bare.
    arena = html[html.index("site rulings the duel engine follows") :]
    arena = arena[: arena.index("</li>")]
    assert 'href="/rules/arena/6.3.4/"' in arena and 'href="/rules/arena/6.3.5/"' in arena
    assert 'href="/rules/arena/6.6.4/"' in arena and 'href="/rules/6.' not in arena
    # A version heading is not a rule number ("Version 1.1" is not rule 1.1).
    assert re.search(r"<h2[^>]*>Version 1\.1 \(26 November 2026\)</h2>", html)
