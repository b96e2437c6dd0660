"""A link checker: crawl the rules, glossary, examples and rulings pages; no internal link is broken.

Every page with its own path is fetched and its links followed. The rulings list is one page under many
filters (a rule page links "rulings citing 6.4.2", every ruling links its topics): the first few lists of
each shape (the same filter names) are fetched and followed like any page; for the rest, what decides
whether such a link works is whether its filters are valid (the list answers 400 otherwise), so the crawl
asks the list's filter set that, without rendering a page whose links the fetched lists already showed.
"""

from __future__ import annotations

import html
import re
from collections import deque
from urllib.parse import parse_qs, urldefrag, urljoin, urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.http import QueryDict
from django.test import Client
from django.urls import Resolver404, resolve

from core import page_cache
from rulings.filters import RulingFilterSet
from rulings.models import Ruling

pytestmark = pytest.mark.django_db

START = ["/rules/", "/rules/glossary/", "/rulings/", "/rules/examples/", "/rules/arena/", "/rules/changes/"]
CRAWLED_PREFIXES = ("/rules/", "/rulings/")
HREF = re.compile(r'\shref="([^"]*)"')
ID = re.compile(r'\sid="([^"]*)"')
RULING_LIST = "/rulings/"
# Lists of one shape (say ?rule=N) fetched and followed in full before the rest are checked by their filters.
FETCHED_PER_SHAPE = 3


def _links(page: str) -> list[str]:
    return [html.unescape(href) for href in HREF.findall(page)]


def _list_shape(url: str) -> tuple[str, ...] | None:
    """The filter names of a filtered rulings list (None for any other page, and for the unfiltered list)."""
    parts = urlsplit(url)
    if parts.path != RULING_LIST or not parts.query:
        return None
    return tuple(sorted(parse_qs(parts.query, keep_blank_values=True)))


def _list_status(url: str) -> int:
    """The status the rulings list answers for these filters: 400 when one is invalid, else 200."""
    filterset = RulingFilterSet(QueryDict(urlsplit(url).query), queryset=Ruling.objects.for_listing())
    return 200 if filterset.is_valid() else 400


def test_no_internal_link_is_broken(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    # The data does not change during the crawl: pages read the linker tables once, as a server does,
    # instead of afresh as inside a transaction that may have changed them.
    monkeypatch.setattr(page_cache, "sees_uncommitted_changes", lambda: False)
    cache.clear()  # Pages cached by earlier tests of this revision would hide a broken render.
    try:
        _crawl(client)
    finally:
        cache.clear()


def _crawl(client: Client) -> None:
    queue: deque[str] = deque(START)
    status: dict[str, int] = {}
    fetched_shapes: dict[tuple[str, ...], int] = {}
    anchors: dict[str, set[str]] = {}
    fragments: set[tuple[str, str, str]] = set()  # (from page, target path, fragment)
    while queue:
        url = queue.popleft()
        if url in status:
            continue
        shape = _list_shape(url)
        if shape is not None:
            fetched_shapes[shape] = fetched_shapes.get(shape, 0) + 1
            if fetched_shapes[shape] > FETCHED_PER_SHAPE:
                status[url] = _list_status(url)
                continue
        response = client.get(url)
        status[url] = response.status_code
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        page = response.content.decode()
        anchors[url] = set(ID.findall(page))
        for href in _links(page):
            if href.startswith("#"):
                fragments.add((url, url, href[1:]))
                continue
            target, fragment = urldefrag(urljoin(url, href))
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or href.startswith("mailto:"):
                continue
            if parts.path.startswith("/static/"):
                # Static files are served by whitenoise after collectstatic; here it is enough that they exist.
                status[target] = 200 if finders.find(parts.path.removeprefix("/static/")) else 404
                continue
            if fragment:
                fragments.add((url, target, fragment))
            if target.startswith(CRAWLED_PREFIXES):
                queue.append(target)
            elif target not in status:
                try:
                    resolve(parts.path)
                except Resolver404:
                    status[target] = 404
                    continue
                status[target] = client.get(target).status_code
    broken = {url: code for url, code in status.items() if code not in (200, 301, 302)}
    assert broken == {}
    missing_anchors = [(page, target, fragment) for page, target, fragment in fragments
                       if target in anchors and fragment not in anchors[target]]  # fmt: skip
    assert missing_anchors == []
    crawled = [url for url in status if url.startswith("/rules/")]
    assert len(crawled) > 500, "the crawl should reach every rule page"
    assert len(fetched_shapes) >= 3 and sum(fetched_shapes.values()) > 250, "the crawl should reach the filtered lists"


def test_the_filter_check_agrees_with_the_list(client: Client) -> None:
    """The crawl's stand-in for fetching a filtered list answers what the list itself answers."""
    for url in ("/rulings/?rule=6.5", "/rulings/?rule=99.9", "/rulings/?topic=bribery", "/rulings/?topic=no-such-topic",
                "/rulings/?authority=site", "/rulings/?authority=nobody", "/rulings/?card=sand-lord&kind=ruling"):
        assert _list_status(url) == client.get(url).status_code, url
