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
from rest_framework.exceptions import APIException
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
        return super().parse(io.BytesIO(body), media_type, parser_context)
