"""The interactive API reference (Swagger UI) names its language and leads back to the site and the guide;
Swagger UI draws its main landmark and heading (its colours are checked in tests/site/test_browser.py)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_api_docs_page_names_its_language_and_links_back_to_the_guide(client: Client) -> None:
    html = client.get("/api/docs/").content.decode()
    assert '<html lang="en">' in html
    assert 'href="/api/"' in html and 'href="/api/schema/"' in html and 'id="swagger-ui"' in html
    assert "<style" not in html and "<script>" not in html  # the site's CSP allows neither inline
