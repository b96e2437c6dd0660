"""Fixtures for tests that drive Debian's Chromium through playwright against a live server.

The fixtures ``browser`` and ``server_url`` are registered for every test by tests/conftest.py
(``pytest_plugins``); a module asks for them by name and does not import them, since an imported
fixture would be a module's own, set up again for each module. One browser and one server per test
process (pytest-xdist worker) keeps a page check to the cost of loading the page. A module whose
pages need something else defines its own ``server_url`` (see tests/site/test_search_browser.py). Mark
the module ``django_db`` when its pages read the database: pytest-django creates the test
database only for sessions that have such a test, and the server would read the development
database otherwise.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connections
from django.test.testcases import LiveServerThread

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Chromium is missing: `make test` installs it when run as root"
)
# Screenshots for a person to look at (git ignores the folder; playwright creates it on the first one).
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
# What blocks a page: the impacts that leave some visitors unable to use it.
BLOCKING_IMPACTS = ("serious", "critical")

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


class ServerClosingItsRequests(ThreadedWSGIServer):
    """Django's threaded test server, except that closing it ends every request thread and waits for it.

    With the in-memory SQLite test database, each request thread uses the test's own connection (shared
    for the server's life) and closes it after its connection's last request. Django's server leaves those
    threads running as daemons, and a browser's keep-alive connection keeps one waiting for a next request
    after the server has stopped; when the browser then hung up, the thread closed the connection after
    the fixture had made it unshareable again, and pytest printed "DatabaseWrapper objects created in a
    thread can only be used in that same thread" for whichever test module ran next."""

    daemon_threads = False  # ThreadingMixIn keeps the threads and server_close() joins them
    block_on_close = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        with self._open_lock:
            waiting = list(self._open)
        for request in waiting:
            # Ends a read waiting for the next keep-alive request, so its thread finishes now.
            with contextlib.suppress(OSError):
                request.shutdown(socket.SHUT_RDWR)
        super().server_close()


class _ServerThread(LiveServerThread):
    server_class = ServerClosingItsRequests


@contextlib.contextmanager
def live_server() -> Iterator[str]:
    """A live server on a free port reading the test database; on leaving, every request thread has
    finished before the shared connection is made unshareable again (pytest-django's LiveServer and
    Django's LiveServerTestCase give it back while request threads may still hold it)."""
    shared = {conn.alias: conn for conn in connections.all() if conn.vendor == "sqlite" and conn.is_in_memory_db()}
    thread = _ServerThread("127.0.0.1", StaticFilesHandler, connections_override=shared)
    thread.daemon = True
    for conn in shared.values():
        conn.inc_thread_sharing()
    try:
        thread.start()
        thread.is_ready.wait()
        if thread.error:
            raise thread.error
        yield f"http://127.0.0.1:{thread.port}"
    finally:
        thread.terminate()
        for conn in shared.values():
            conn.dec_thread_sharing()


@pytest.fixture(scope="session")
def server_url(django_db_setup: None, django_db_blocker: object, bulk_data_dir: Path) -> Iterator[str]:
    # Not pytest-django's live_server: its per-test flush would empty the card tables the session
    # loaded once (django_db_setup, tests/conftest.py). The pages only read, so one server serves
    # every module of the process (it reads the settings of the moment, as each test leaves them).
    from django.core.management import call_command
    from django.test import override_settings

    from sitewide import bulkdata

    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        # As `make serve` does before starting the server: the rules index and the bulk files the API guide
        # describes are written first, so that no page test waits the seconds (tens, on a loaded machine) their
        # first visit would take to write them, and fails on its page timeout.
        call_command("rebuild_rules_index", stdout=open(os.devnull, "w"))
        with override_settings(BULK_DATA_DIR=bulk_data_dir):
            bulkdata.export()
        with live_server() as url:
            yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    # One Chromium per process: each test or module opens contexts of its own in it (``watched_page``), so
    # nothing a page stores (cookies, local storage, the theme chosen) reaches another test.
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, which Django's async guard refuses.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def axe_script() -> str:
    """axe-core's source, for ``context.add_init_script`` (the site's CSP refuses inline scripts)."""
    from axe_playwright_python.sync_playwright import Axe

    return str(Axe().axe_script)


def axe_violations(
    page: Page, impacts: Collection[str] | None = None, *, rules: Collection[str] | None = None
) -> list[str]:
    """axe-core's violations on the page as it is now, of the ``impacts`` given (None: every one), each as
    "id (impact): help at" the first three elements with their markup; only the axe ``rules`` named are run
    when given (for a page whose markup is a library's, checked for what the site itself decides)."""
    options: dict[str, object] = {"resultTypes": ["violations"]}
    if rules is not None:
        options["runOnly"] = list(rules)
    violations = page.evaluate("options => axe.run(document, options).then(r => r.violations)", options)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(node["target"]) + " " + node["html"][:120] for node in v["nodes"][:3])
        for v in violations
        if impacts is None or v["impact"] in impacts
    ]


def blocking_axe_violations(page: Page) -> list[str]:
    """The serious and critical axe violations on the page as it is now."""
    return axe_violations(page, BLOCKING_IMPACTS)


@contextlib.contextmanager
def failing_on_script_errors(page: Page) -> Iterator[Page]:
    """The page; on leaving, the test fails if a script on it threw meanwhile."""
    errors: list[str] = []

    def record(error: object) -> None:
        errors.append(str(error))

    page.on("pageerror", record)
    try:
        yield page
    finally:
        page.remove_listener("pageerror", record)
    assert errors == [], errors


@contextlib.contextmanager
def watched_page(
    browser: Browser,
    width: int,
    *,
    height: int = 900,
    timeout_ms: int = 15_000,
    axe: bool = True,
    javascript: bool = True,
    script_errors: bool = True,
) -> Iterator[Page]:
    """A page in a context of its own, ``width`` by ``height`` px, axe-core loaded in it unless ``axe`` is False
    and the site's scripts off when ``javascript`` is; on leaving, the test fails if a script on it threw. A tab
    shared by several tests passes ``script_errors=False`` and watches each test's share with
    ``failing_on_script_errors``, so that a script error fails the test whose page threw it."""
    context = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=javascript)
    context.set_default_timeout(timeout_ms)
    if axe:
        context.add_init_script(axe_script())
    page = context.new_page()
    try:
        with failing_on_script_errors(page) if script_errors else contextlib.nullcontext(page):
            yield page
    finally:
        context.close()
