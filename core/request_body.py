"""Chunked request bodies, read and limited by the bytes that actually arrive.

A body sent with ``Transfer-Encoding: chunked`` has no Content-Length. Django sizes the body it reads by
Content-Length alone, so such a body read as empty (the combat API then said "Give exactly one of notation
and setup"), and the API's 413 check, which read the header, never saw its size. This WSGI middleware, in
front of Django, reads such a body up to the limit of its path plus one byte and hands Django that many bytes
with their length: within the limit the request goes on as if it had said its length; past it, at most one
byte more than the limit was read, and the API's size check (core.api.middleware) answers 413.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings

API_PREFIX = "/api/"
# Set in the WSGI environ when a chunked body went past its limit (its true size is unknown: reading stopped).
BODY_CUT = "guardians.body_cut"
# After a body past its limit, up to this much more is read and thrown away: a server that closes the connection
# with unread bytes waiting makes the client's system reset it, and the client may never see the 413.
DRAIN_BYTES = 1024 * 1024
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def body_limit(path: str) -> int:
    """The most bytes a request body to this path may hold."""
    return settings.API_MAX_BODY_BYTES if path.startswith(API_PREFIX) else settings.DATA_UPLOAD_MAX_MEMORY_SIZE


class ReadChunkedBodies:
    def __init__(self, application: WSGIApp) -> None:
        self.application = application

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not environ.get("CONTENT_LENGTH"):
            limit = body_limit(environ.get("PATH_INFO", ""))
            original = environ["wsgi.input"]
            body = original.read(limit + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            if len(body) > limit:
                environ[BODY_CUT] = True
                _discard(original, DRAIN_BYTES)
        return self.application(environ, start_response)


def _discard(stream: Any, most: int) -> None:
    while most > 0 and (piece := stream.read(min(most, 65536))):
        most -= len(piece)
