"""One exception family for the engine. Every error carries a stable code that callers (the API,
the command line) can rely on; messages name the card or the text at fault."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a set-up. ``code`` is stable; ``message`` is for people."""

    code: str
    message: str
    field: str = ""
    card: str = ""

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "field": self.field, "card": self.card}


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "engine.error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message

    @property
    def problems(self) -> tuple[Problem, ...]:
        return (Problem(self.code, self.message),)


class NotationError(EngineError):
    """A set-up written in the compact notation could not be read."""

    code = "notation.syntax"

    def __init__(self, message: str, *, position: int = -1, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.position = position

    @property
    def problems(self) -> tuple[Problem, ...]:
        where = f"position {self.position}" if self.position >= 0 else ""
        return (Problem(self.code, self.message, field=where),)


class SetupInvalid(EngineError):
    """A set-up that breaks the rules; lists every problem at once."""

    code = "setup.invalid"

    def __init__(self, problems: tuple[Problem, ...] | list[Problem]) -> None:
        self._problems = tuple(problems)
        summary = "; ".join(problem.message for problem in self._problems)
        super().__init__(f"the set-up has {len(self._problems)} problem(s): {summary}")

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self._problems


class CatalogError(EngineError):
    """The card fixtures could not be read into card definitions."""

    code = "catalog.invalid"


class UnknownCard(EngineError):
    code = "card.unknown"

    def __init__(self, reference: str, suggestions: tuple[str, ...] = ()) -> None:
        hint = f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"no card called {reference!r}{hint}")
        self.reference = reference
        self.suggestions = suggestions


class StopAfter(Exception):  # noqa: N818 - a signal, not an error: it never leaves the engine
    """Raised when a combat reaches the point a partial answer asked for (``Combat.stop_after``);
    ``partial.resolve_until`` catches it and reads the state."""
