"""The browser tests' live server gives the test database's shared connection back only once every request
thread has finished (tests/browser_fixtures.py): a thread still waiting on a browser's keep-alive connection
used to close that connection after the server had stopped, from another thread, and pytest printed the error."""

from __future__ import annotations

import http.client
import threading
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.db import connection

from tests.browser_fixtures import live_server

pytestmark = pytest.mark.django_db


def test_a_keep_alive_request_ends_before_the_shared_connection_is_given_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    failures: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(args.exc_value))
    sharing = connection.allow_thread_sharing
    before = set(threading.enumerate())
    with live_server() as url:
        address = urlsplit(url)
        browser = http.client.HTTPConnection(address.hostname or "", address.port, timeout=30)
        browser.request("GET", "/combat/?ruleset=arena")
        response = browser.getresponse()
        response.read()
        assert response.status == 200 and response.getheader("Connection") != "close"
    # The server stopped while the connection was still open, as a browser closed after the server leaves it.
    browser.close()
    left: list[Any] = [thread for thread in set(threading.enumerate()) - before if thread.is_alive()]
    assert left == [] and failures == []
    assert connection.allow_thread_sharing == sharing
