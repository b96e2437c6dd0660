"""The API's JSON parser, with the size and nesting limits checked before the JSON is read.

Python's json module recurses once per nesting level, so a body nested a thousand deep raises
RecursionError (a 500) before any view sees it. Here the body is read up to its limit and its depth
counted with one flat scan first; anything over a limit is a 400 naming that limit.
"""

from __future__ import annotations

import io
import re
from typing import Any

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

# No request of this API needs more; a view may set a lower ``max_body_bytes`` (the combat views do).
MAX_BODY_BYTES = 64_000
MAX_DEPTH = 8
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


class RequestLimitExceeded(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "limit_exceeded"
    default_detail = "The request is over a documented limit."


def json_depth(body: bytes) -> int:
    """How deep arrays and objects nest in a JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b'""', body)):
        if bracket.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict[str, Any] | None = None) -> Any:
        view = (parser_context or {}).get("view")
        limit = getattr(view, "max_body_bytes", MAX_BODY_BYTES)
        body = stream.read(limit + 1) if stream is not None else b""
        if len(body) > limit:
            raise RequestLimitExceeded(f"The request body is over {limit:,} bytes, the limit for this endpoint.")
        depth = json_depth(body)
        if depth > MAX_DEPTH:
            raise RequestLimitExceeded(f"The JSON nests {depth:,} levels deep; the limit is {MAX_DEPTH}.")
        data = super().parse(io.BytesIO(body), media_type, parser_context)
        if not _is_text(data):
            # JSON may escape half of a UTF-16 pair (\ud800) alone; Python reads it as a string no encoder
            # accepts, which would fail deep in a view (a 500) the first time it is written out.
            raise ParseError("The JSON escapes one half of a UTF-16 surrogate pair on its own, which is not text.")
        return data


def _is_text(value: Any) -> bool:
    """Whether every string in parsed JSON (keys included) can be written out as UTF-8."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_is_text(key) and _is_text(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_is_text(item) for item in value)
    return True
