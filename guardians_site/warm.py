"""Load at a worker's start what its first request would otherwise wait for.

Without it the first request of each gunicorn worker took 430-500 ms: the URL configuration (and
through it every view, the engine and the combat catalog) was imported then, every template compiled,
and the search index opened. ``wsgi.py`` calls ``warm()`` once the application exists; set
GUARDIANS_WARM_START=0 to skip it (the pages benchmark compares both).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from django.conf import settings

logger = logging.getLogger(__name__)
TEMPLATE_APPS = ("guardians_site", "cards", "rulings", "combat")


def warm() -> None:
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
    from guardians_site.page_cache import code_version

    code_version()
    try:
        from cards.search.service import current_index
        from rulings.linking import TextLinker

        current_index()
        TextLinker.from_database().pattern  # noqa: B018 - the regex of every card name and term, compiled once
    except DatabaseError:  # Not migrated yet: the first request will say so itself.
        logger.warning("Warm start skipped the database: it is not ready.")
    finally:
        # A server that loads the application before forking (gunicorn --preload) must not share a connection.
        connections.close_all()
