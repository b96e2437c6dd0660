"""A link checker: crawl the rules, glossary, examples and rulings pages; no internal link is broken."""

from __future__ import annotations

import html
import re
from collections import deque
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import Resolver404, resolve

pytestmark = pytest.mark.django_db

START = ["/rules/", "/rules/glossary/", "/rulings/", "/rules/examples/", "/rules/arena/", "/rules/changes/"]
CRAWLED_PREFIXES = ("/rules/", "/rulings/")
HREF = re.compile(r'\shref="([^"]*)"')
ID = re.compile(r'\sid="([^"]*)"')


def _links(page: str) -> list[str]:
    return [html.unescape(href) for href in HREF.findall(page)]


def test_no_internal_link_is_broken(client: Client) -> None:
    queue: deque[str] = deque(START)
    status: dict[str, int] = {}
    anchors: dict[str, set[str]] = {}
    fragments: set[tuple[str, str, str]] = set()  # (from page, target path, fragment)
    while queue:
        url = queue.popleft()
        if url in status:
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
