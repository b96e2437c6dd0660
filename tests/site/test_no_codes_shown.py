"""What readers see is words (issue #32): no page shows an engine id ("PRI-7", "ARN-13", "ENG-11") or a
refusal or notice code ("action.out_of_turn") as text. Ids stay in the API, in addresses and in attributes.

A bounded crawl with the test client follows internal links from the front page, the rules, the rulings,
the simulator (worked examples and duels open it by permalink) and the cards, and reads each page's
visible text: tags, attribute values, scripts and styles are dropped. The exceptions are narrow:
- a ruling's code (R-001, E-03, A-04) is its public name, so it may be the text of a link to that ruling;
- the API guide and the notation help page document ids and codes for API users inside <code>/<pre>;
- the text of an earlier version of a rule, quoted as it was published (marked `data-past-text`: the removed
  words of a diff, a rule's previous text in its history), which may name a code the rule once gave.
"""

from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import pytest
from django.test import Client

from combat.examples import arena_examples
from engine.render import NOTICES, REFUSAL_WHY
from tests.rulings.corpus_facts import ROOT

pytestmark = pytest.mark.django_db

ENGINE_ID = re.compile(r"\b(?:PRI|ARN|ENG|SEC|VAL|AOE|CMB|CMD|HEAL|RES|V|A|E)-\d+\b")
RULING_LINK = re.compile(r"^/rulings/([ARE]-\d+)/$")
CODE_LITERAL = re.compile(r'"([a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*)"')
# Pages whose <code> and <pre> blocks document ids and codes for API users.
DOCUMENTATION_PAGES = ("/api/", "/combat/notation/")
SEEDS = ["/", "/rules/", "/rules/arena/", "/rulings/", "/rules/examples/", "/combat/", "/combat/?ruleset=arena",
         "/cards/"]  # fmt: skip
# A combat whose result has a "Check these by hand" warning (a card in hand the engine does not automate,
# and more stones planned for channelling than the side has): its
# result page and its step-through are seeds, since the crawl would not otherwise meet a warning.
WARNED = "/combat/?s=a%3Dsand-lord+d%3Dswordsman+a.hand%3Dthe-great-balderoon+a.channel%3D1%3Aguardian*5+a.stones%3D2"
PAGES_PER_AREA = 11
SKIPPED = ("/admin/", "/api/v1/", "/static/", "/report/", "/combat/picture", "/combat/creatures.json")


def engine_codes() -> frozenset[str]:
    """Every refusal, notice and step code the engine writes, read from its source as the strings it uses."""
    found = set(NOTICES) | set(REFUSAL_WHY)
    for path in (ROOT / "engine").rglob("*.py"):
        found |= set(CODE_LITERAL.findall(path.read_text(encoding="utf-8")))
    # File names and module paths are no codes a reader would meet.
    return frozenset(code for code in found if not code.endswith((".json", ".md", ".py", ".html", ".svg", ".png")))


class VisibleText(HTMLParser):
    """The text a reader sees, with the link each piece sits in; attributes are never text."""

    HIDDEN = frozenset({"script", "style", "template", "noscript"})
    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                      "wbr"})  # fmt: skip

    def __init__(self, documentation: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.documentation = documentation
        # The elements that hide what they hold, innermost last, each with how many of its own tag are open inside
        # it: a hidden region ends at its own end tag, not at the first end tag of any kind (an earlier version
        # counted a `hidden` button in the header and never uncounted it, so the rest of every page went unread).
        self.hiding: list[list[str | int]] = []
        self.links: list[str] = []
        self.pieces: list[tuple[str, str]] = []  # (text, href of the enclosing link or "")
        self.hrefs: list[str] = []

    @property
    def hidden(self) -> bool:
        return bool(self.hiding)

    def _hides(self, tag: str, values: dict[str, str | None]) -> bool:
        return tag in self.HIDDEN or (self.documentation and tag in ("code", "pre")) or "hidden" in values \
            or "data-past-text" in values

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag not in self.VOID:
            if self.hiding and self.hiding[-1][0] == tag:
                self.hiding[-1][1] = int(self.hiding[-1][1]) + 1
            elif self._hides(tag, values):
                self.hiding.append([tag, 1])
        if tag == "a":
            href = values.get("href") or ""
            self.links.append(href)
            self.hrefs.append(href)

    def handle_endtag(self, tag: str) -> None:
        if self.hiding and self.hiding[-1][0] == tag:
            self.hiding[-1][1] = int(self.hiding[-1][1]) - 1
            if self.hiding[-1][1] == 0:
                self.hiding.pop()
        if tag == "a" and self.links:
            self.links.pop()

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.pieces.append((data, self.links[-1] if self.links else ""))


def leaks(html: str, path: str, codes: frozenset[str]) -> tuple[list[str], list[str]]:
    """The ids and codes shown as text on a page, and the page's links."""
    parser = VisibleText(documentation=path.startswith(DOCUMENTATION_PAGES))
    parser.feed(html)
    found = []
    for text, href in parser.pieces:
        ruling = RULING_LINK.match(urlsplit(href).path)
        for match in ENGINE_ID.finditer(text):
            if not (ruling and ruling[1] == match[0]):
                found.append(f"{match[0]!r} in {' '.join(text.split())[:90]!r}")
        found += [f"{word!r} in {' '.join(text.split())[:90]!r}" for word in re.findall(r"[a-z_]+\.[a-z_]+", text)
                  if word in codes]  # fmt: skip
    return found, parser.hrefs


def _area(path: str) -> str:
    parts = urlsplit(path)
    area = parts.path.strip("/").split("/")[0]
    return f"{area}?{parts.query.split('=')[0]}" if area == "combat" and parts.query else area


def seeds() -> list[str]:
    """The fixed starting pages, and a few duel permalinks: the step-through of a simulated duel."""
    duels = [example.permalink for example in arena_examples()[:4]]
    assert all(path.startswith("/combat/?") for path in duels) and duels
    return [*SEEDS, WARNED, f"{WARNED}&step=end", *duels]


def crawl() -> tuple[dict[str, list[str]], int]:
    client, codes, start = Client(), engine_codes(), seeds()
    queue, seen, per_area, found = deque(start), set(start), dict[str, int](), dict[str, list[str]]()
    while queue:
        path = queue.popleft()
        if per_area.get(_area(path), 0) >= PAGES_PER_AREA:
            continue
        per_area[_area(path)] = per_area.get(_area(path), 0) + 1
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        page_leaks, links = leaks(response.content.decode(), path, codes)
        if page_leaks:
            found[path] = page_leaks
        for href in links:
            target = urldefrag(href)[0]
            if target.startswith("/") and not target.startswith("//") and target not in seen \
                    and not target.startswith(SKIPPED):  # fmt: skip
                seen.add(target)
                queue.append(target)
    return found, sum(per_area.values())


def test_the_text_parser_sees_what_a_reader_sees() -> None:
    codes = frozenset({"action.out_of_turn"})
    html = ('<p title="PRI-7">Step <code>rule 6.4.4</code><script>"ENG-1"</script> <a href="/rulings/A-04/">A-04</a>'
            ' <a href="/rules/6.4.4/">A-04</a> refused (action.out_of_turn)</p>')  # fmt: skip
    found, links = leaks(html, "/combat/", codes)
    assert found == ["'A-04' in 'A-04'", "'action.out_of_turn' in 'refused (action.out_of_turn)'"]
    assert links == ["/rulings/A-04/", "/rules/6.4.4/"]
    assert leaks("<pre>PRI-7 action.out_of_turn</pre>", "/combat/notation/", codes)[0] == []
    assert leaks("<pre>PRI-7</pre>", "/combat/", codes)[0] == ["'PRI-7' in 'PRI-7'"]
    # A hidden element hides what it holds and no more: the text after it is read.
    hidden_first = '<button hidden><span>A-1</span></button><div hidden><div>E-2</div></div><br hidden><p>ENG-1</p>'
    assert leaks(hidden_first, "/combat/", codes)[0] == ["'ENG-1' in 'ENG-1'"]


def test_the_engine_codes_are_read_from_the_engine() -> None:
    codes = engine_codes()
    assert {"action.out_of_turn", "action.bribery_locked", "arena.target_ignored"} <= codes
    assert not any(Path(code).suffix in (".json", ".py") for code in codes)


def test_a_combat_warning_shows_its_sentence_without_its_code() -> None:
    """The "Check these by hand" list of a combat's result: the warning in words, its code nowhere as text."""
    html = Client().get(f"{WARNED}&step=end").content.decode()
    assert "Check these by hand" in html and "is not automated" in html and "stones planned but only" in html
    assert leaks(html, WARNED, engine_codes())[0] == []


def test_no_page_shows_an_engine_id_or_code_as_text() -> None:
    found, crawled = crawl()
    assert crawled >= 50
    assert found == {}, "\n".join(f"{path}: {'; '.join(items[:3])}" for path, items in sorted(found.items()))
