"""Gunicorn's own refusals (a request line or header it cannot read) as the API's JSON errors.

Gunicorn answers a request it cannot parse before Django sees it, with an HTML page. Under /api/ a client
expects the API's error object, so ``json_errors`` wraps a worker's ``handle_error`` (installed by the
``post_worker_init`` hook in guardians_site/gunicorn_conf.py, so it works with any worker class): a parse
error whose path is under /api/ gets ``{"error": {"code", "message", "details"}}``; anything else keeps
gunicorn's answer. A request line too long to read has no path gunicorn can give; it is answered in JSON too,
since that is the form a program can read and a person can still read it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from gunicorn.http.errors import (
    InvalidHeader,
    InvalidHeaderName,
    InvalidRequestLine,
    LimitRequestHeaders,
    LimitRequestLine,
    ParseException,
)

API_PREFIX = "/api/"
Handler = Callable[[Any, Any, Any, BaseException], None]


def _path(req: Any, exc: BaseException) -> str | None:
    """The request's path, where gunicorn read it before failing (None: not even the request line)."""
    for source in (req, getattr(exc, "req", None)):
        path = getattr(source, "path", None)
        if isinstance(path, str):
            return path
    if isinstance(exc, InvalidRequestLine) and isinstance(exc.req, str):
        parts = exc.req.split()
        return parts[1] if len(parts) > 1 else None
    return None


def describe(exc: ParseException) -> tuple[int, str, str, str]:
    """Status, reason phrase, error code and message for one of gunicorn's parse errors."""
    if isinstance(exc, LimitRequestLine):
        return (
            414, "URI Too Long", "request_line_too_long",
            f"The request line (method, address and HTTP version) is {exc.size:,} bytes; this server reads at "
            f"most {exc.max_size:,}. Send a shorter address, or the set-up in a POST body.",
        )  # fmt: skip
    if isinstance(exc, LimitRequestHeaders):
        return 431, "Request Header Fields Too Large", "headers_too_large", f"The request headers are too large: {exc}."
    if isinstance(exc, InvalidHeader) and exc.hdr == "CONTENT-LENGTH":
        return 400, "Bad Request", "invalid_header", "Content-Length must be one whole number of bytes."
    if isinstance(exc, InvalidHeader | InvalidHeaderName):
        return 400, "Bad Request", "invalid_header", f"A request header cannot be read: {exc}."
    return 400, "Bad Request", "bad_request", f"The request cannot be read: {exc}."


def json_error_bytes(status: int, reason: str, code: str, message: str) -> bytes:
    body = json.dumps({"error": {"code": code, "message": message, "details": None}}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def json_errors(handle_error: Handler, log: Any) -> Handler:
    def handle(req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        if not isinstance(exc, ParseException):
            return handle_error(req, client, addr, exc)
        path = _path(req, exc)
        if path is not None and not path.startswith(API_PREFIX):
            return handle_error(req, client, addr, exc)
        status, reason, code, message = describe(exc)
        log.warning("Invalid request from %s: %s", (addr or ("",))[0], exc)
        try:
            client.sendall(json_error_bytes(status, reason, code, message))
        except OSError:
            log.debug("Failed to send error message.")
        return None

    return handle
