"""The inputs the editors draw: a select's ``Option`` and a form input ``Pick``, shared by the match-up board,
its order-of-actions editor and the Arena duel's round builder, so the three draw their choices alike."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    """One choice of a select: the value the form sends (a notation item, a slug) and its words."""

    value: str
    label: str


@dataclass(frozen=True)
class Pick:
    """One input: a select when it has options, else a number (or text) box."""

    name: str
    label: str
    value: str = ""
    options: tuple[Option, ...] = ()
    kind: str = "select"
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    error: str = ""
    # Shown without JavaScript; hidden with it until it matters (the page redraws when it does).
    quiet: bool = False

    @property
    def id(self) -> str:
        return "id_" + self.name.replace("#", "-copy-")
