"""404, 400 and 500 come as pages in the site's layout, with DEBUG off (production) and on (`make run`)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from django.template import loader
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.site.error_urls")]

LAYOUT = (b'class="site-header"', b'rel="icon"', b'<main id="main">', b"site-footer")


@pytest.fixture(params=[False, True], ids=["debug-off", "debug-on"])
def debug(request: pytest.FixtureRequest, settings: object) -> Iterator[bool]:
    settings.DEBUG = request.param  # type: ignore[attr-defined]
    yield request.param


@pytest.fixture
def browser_client(debug: bool) -> Client:
    # A new client builds its middleware chain under the DEBUG value of this test.
    return Client(raise_request_exception=False)


@pytest.fixture(autouse=True)
def quiet_request_log() -> Iterator[None]:
    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield
    logger.setLevel(level)


def _in_layout(content: bytes) -> bool:
    return all(marker in content for marker in LAYOUT)


def test_unknown_address_is_a_404_page_in_the_layout(browser_client: Client) -> None:
    response = browser_client.get("/no-such-page/")
    assert response.status_code == 404
    assert _in_layout(response.content)
    assert b"Page not found" in response.content and b"<code>/no-such-page/</code>" in response.content
    assert b"URLconf" not in response.content  # not Django's technical page


def test_missing_card_is_the_same_404_page(browser_client: Client) -> None:
    response = browser_client.get("/cards/no-such-card/")
    assert response.status_code == 404 and _in_layout(response.content) and b"Page not found" in response.content


def test_missing_slash_still_redirects(browser_client: Client) -> None:
    response = browser_client.get("/cards/syntax")
    assert response.status_code == 301 and response["Location"] == "/cards/syntax/"


def test_bad_request_is_a_400_page_in_the_layout(browser_client: Client) -> None:
    response = browser_client.get("/broken/bad-request/")
    assert response.status_code == 400
    assert _in_layout(response.content) and b"could not be read" in response.content


def test_a_bug_is_a_500_page_in_the_layout(browser_client: Client) -> None:
    response = browser_client.get("/broken/bug/")
    assert response.status_code == 500
    assert _in_layout(response.content) and b"Something went wrong" in response.content
    assert b"RuntimeError" not in response.content


def test_api_errors_stay_json(browser_client: Client) -> None:
    response = browser_client.get("/api/broken/bug/")
    assert response.status_code == 500 and response.json()["error"]["code"] == "server_error"
    assert browser_client.get("/api/v1/no-such-thing/").json()["error"]["code"] == "not_found"


def test_technical_pages_come_back_when_asked_for(settings: object) -> None:
    settings.DEBUG = True  # type: ignore[attr-defined]
    settings.FRIENDLY_ERROR_PAGES = False  # type: ignore[attr-defined]
    response = Client().get("/no-such-page/")
    assert response.status_code == 404 and b"URLconf" in response.content


def test_500_page_needs_no_context() -> None:
    html = loader.get_template("500.html").render()
    assert _in_layout(html.encode()) and "Something went wrong" in html


def test_unknown_host_is_a_400_page_in_production(settings: object) -> None:
    settings.DEBUG = False  # type: ignore[attr-defined]
    response = Client(raise_request_exception=False).get("/", HTTP_HOST="elsewhere.example")
    assert response.status_code == 400 and _in_layout(response.content) and b"could not be read" in response.content
