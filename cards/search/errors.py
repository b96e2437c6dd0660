"""The search's own exception family and the warnings it gives about terms it had to ignore.

Every warning and error carries a stable ``code`` (the API and tests rely on it) and a message
for people; a warning also names the term, where it starts in the query, and the closest thing
the searcher would have understood.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class QueryWarning:
    code: str
    message: str
    term: str
    position: int
    suggestion: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "term": self.term,
            "position": self.position,
            "suggestion": self.suggestion or None,
        }


class SearchError(Exception):
    """Base of every error the search raises on purpose."""

    code = "search.error"

    def __init__(self, message: str, warnings: tuple[QueryWarning, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.warnings = warnings


class NoUsableTerm(SearchError):
    """Every term of a query was ignored, so there is nothing to search for."""

    code = "search.no_usable_term"


class IndexUnavailable(SearchError):
    """The search index has not been built for this database (run ``manage.py rebuild_index``)."""

    code = "search.index_unavailable"
