"""API refusals whose error object's details name what was asked: api_exception_handler puts an
exception's ``details`` there. Kept apart from errors.py, which imports DRF's views: the content negotiation
class named in the settings imports this module while those settings are first read.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions


class DetailedNotAcceptable(exceptions.NotAcceptable):
    """A 406 whose details name the format asked for and the ones given (core.api.negotiation)."""

    def __init__(self, message: str, details: dict[str, Any]) -> None:
        super().__init__(message)
        self.details = details


class PageNotFound(exceptions.NotFound):
    """A page past the last, naming the page asked for and the last one (core.api.pagination)."""

    def __init__(self, page: int, last_page: int) -> None:
        super().__init__(f"There is no page {page}: the last page is {last_page}.")
        self.details = {"page": page, "last_page": last_page}
