"""Every SVG picture the suite draws through Django's test client must be well-formed XML.

An SVG with one character XML forbids is shown by no viewer at all, and a test looking for words in it
would still pass; so each image/svg+xml response is parsed, whichever test asked for it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from typing import Any

import pytest
from django.test.client import Client


def assert_well_formed_svg(response: Any) -> None:
    if not response.get("Content-Type", "").startswith("image/svg+xml") or getattr(response, "streaming", False):
        return
    try:
        root = ElementTree.fromstring(response.content)
    except ElementTree.ParseError as problem:
        pytest.fail(f"the SVG drawn for {response.wsgi_request.get_full_path()[:200]} is not XML: {problem}")
    assert root.tag == "{http://www.w3.org/2000/svg}svg"


@pytest.fixture(autouse=True)
def every_svg_parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    drawn = Client.request

    def request(self: Client, **environ: Any) -> Any:
        response = drawn(self, **environ)
        assert_well_formed_svg(response)
        return response

    monkeypatch.setattr(Client, "request", request)
    yield
