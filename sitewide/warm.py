"""Load at a worker's start what its first request would otherwise wait for.

Without it the first request of each gunicorn worker took 430-500 ms: the URL configuration (and
through it every view, the engine and the combat catalog) was imported then, every template compiled,
and the card and rules search indexes opened. ``wsgi.py`` calls ``warm(application)`` once the application exists,
which loads those and then sends one request per kind of page through the application, so that every
first-use path has run. Set GUARDIANS_WARM_START=0 to skip it (the pages benchmark compares both).
"""

from __future__ import annotations

import gc
import io
import logging
import os
from pathlib import Path
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)
TEMPLATE_APPS = ("core", "sitewide", "cards", "rulings", "combat")


def warm(application: Any = None) -> None:
    if os.environ.get("GUARDIANS_WARM_START", "1") == "0":
        return
    from django.db import DatabaseError, connections
    from django.template import TemplateDoesNotExist, TemplateSyntaxError, loader
    from django.urls import get_resolver, reverse

    get_resolver().url_patterns  # noqa: B018 - imports every view module (and the engine behind combat)
    reverse("home")  # builds the reverse look-up tables
    for app in TEMPLATE_APPS:
        templates = Path(settings.BASE_DIR) / app / "templates"
        for path in sorted(templates.rglob("*.html")):
            try:
                loader.get_template(str(path.relative_to(templates)))
            except (TemplateDoesNotExist, TemplateSyntaxError):  # A broken template fails its own page, not the start.
                logger.exception("Could not compile %s at start", path)
    from core.page_cache import code_version

    code_version()
    try:
        from cards.models import Card
        from cards.search.service import current_index
        from rulings import text_index
        from rulings.linking import TextLinker

        current_index()
        # The rules search's index, corpus and speller: a worker's first rules or site search took 130 ms without.
        text_index.current()
        TextLinker.from_database().pattern  # noqa: B018 - the regex of every card name and term, compiled once
        TextLinker.from_database().card_names.longer_names  # noqa: B018 - the rulings' card matcher (0.1 s), built once
        if application is not None:
            # One request through the whole stack per kind of page (middleware, queries, template tags) runs
            # every first-use path once; what a visitor asks first is then rendered like any later page.
            card = Card.objects.order_by("pk").values_list("slug", flat=True).first()
            for path in ("/", f"/cards/{card}/" if card else "/cards/", "/rules/1/", "/rulings/"):
                _request(application, path)
    except DatabaseError:  # Not migrated yet: the first request will say so itself.
        logger.warning("Warm start skipped the database: it is not ready.")
    finally:
        # A server that loads the application before forking (gunicorn --preload) must not share a connection.
        connections.close_all()
    # What the start loaded (modules, URL tables, templates, indexes, catalog) lives as long as the worker.
    # Left to the collector, it is scanned again by the full collections the first requests trigger (a first
    # /rules/6/ spent 110 of its 150 ms there); frozen, the collector only looks at what requests create.
    gc.collect()
    gc.freeze()


def _request(application: Any, path: str) -> None:
    """A GET through the WSGI application, as a server would pass it (its answer is only discarded)."""
    hosts = [host.lstrip(".") for host in settings.ALLOWED_HOSTS if host not in ("*", "")]
    environ = {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": hosts[0] if hosts else "localhost",
        "SERVER_PORT": "443", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "https", "wsgi.input": io.BytesIO(),
        "wsgi.errors": io.StringIO(), "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": True,
        "wsgi.run_once": False, "HTTP_HOST": hosts[0] if hosts else "localhost",
    }  # fmt: skip
    try:
        body = application(environ, lambda status, headers, exc_info=None: None)
        try:
            for _ in body:
                pass
        finally:
            getattr(body, "close", lambda: None)()
    except Exception:  # A warm-up request must never stop the worker from starting.
        logger.exception("Warm-up request to %s failed", path)
