"""Addresses of the combat pages, built in one place so every permalink has the same form."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode


def permalink(notation: str, **extra: Any) -> str:
    """The step-through of a set-up: the engine's notation is the whole state, so it is the link."""
    return "/combat/?" + urlencode({"s": notation, **extra})
