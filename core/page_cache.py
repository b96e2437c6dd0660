"""Data pages (a card, a set, a rule section, the glossary...) rendered once per data revision.

A data page depends only on the data and the code, so its HTML is kept in Django's cache under the
data revision (``core.revision``) and the code version, and served from there until either
changes. Its ETag is that pair, so a browser's conditional GET is answered ``304 Not Modified`` with
no rendering at all; ``Cache-Control: no-cache`` makes browsers ask every time, so an edit shows at once.

Inside a transaction (a view run in a test's transaction, or with ATOMIC_REQUESTS) the connection may
see changes the revision does not count yet, so such a request is rendered afresh and not kept.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags

from core import revision

# Kept for a day at most: a new revision or code version changes the key long before that.
PAGE_SECONDS = 24 * 3600
CODE_DIRECTORIES = ("guardians_site", "core", "sitewide", "cards", "rulings", "combat", "engine", "reports")
CODE_SUFFIXES = (".py", ".html", ".css", ".js", ".md", ".json")


@lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of the site's code, templates and static files (names, sizes and times), once per process."""
    digest = hashlib.sha1(usedforsecurity=False)
    base = Path(settings.BASE_DIR)
    for directory in CODE_DIRECTORIES:
        for root, dirs, files in os.walk(base / directory):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "migrations"))
            for name in sorted(files):
                if name.endswith(CODE_SUFFIXES):
                    stat = os.stat(os.path.join(root, name))
                    digest.update(f"{root}/{name}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:12]


def sees_uncommitted_changes() -> bool:
    """Whether this request runs inside a transaction, whose changes the revision does not count yet."""
    return not transaction.get_autocommit()


def _key(request: HttpRequest, number: int) -> str:
    path = hashlib.sha1(request.get_full_path().encode(), usedforsecurity=False).hexdigest()
    return f"data-page:{code_version()}:{number}:{path}"


def data_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a GET of a data page from the cache of its revision, or 304 when the browser has it."""

    @wraps(view)
    def cached_view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD") or sees_uncommitted_changes():
            return view(request, *args, **kwargs)
        number = revision.current().number
        etag = f'"rev-{number}-{code_version()}"'
        if etag in parse_etags(request.headers.get("If-None-Match", "")):
            response: HttpResponse = HttpResponseNotModified()
        else:
            key = _key(request, number)
            stored = cache.get(key)
            if stored is not None:
                content, content_type = stored
                response = HttpResponse(content, content_type=content_type)
            else:
                response = view(request, *args, **kwargs)
                if response.status_code != 200 or response.streaming:
                    return response
                cache.set(key, (response.content, response["Content-Type"]), PAGE_SECONDS)
        response["ETag"] = etag
        patch_cache_control(response, no_cache=True)
        return response

    return cached_view
