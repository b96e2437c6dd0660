"""The one exception family of the rules loader; each error has a stable code and a place."""

from __future__ import annotations


class RulesCorpusError(Exception):
    """The rules corpus or the rulings file cannot be loaded as it is.

    ``code`` is stable (tests and scripts match on it); ``path`` and ``line`` say where to look.
    """

    def __init__(self, code: str, path: str, line: int | None, problem: str) -> None:
        self.code, self.path, self.line, self.problem = code, path, line, problem
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {problem} [{code}]")


# Codes, in one place so that a reader sees the whole family.
UNREADABLE = "unreadable"
FRONT_MATTER = "front_matter"
MALFORMED = "malformed_paragraph"
NUMBERING = "numbering"
DUPLICATE = "duplicate"
UNRESOLVED = "unresolved_reference"
UNKNOWN_CARD = "unknown_card"
INVALID_VALUE = "invalid_value"
