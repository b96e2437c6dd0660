"""The combat simulator as the rules pages show it: worked Arena duels, scenario variants and links.

The simulator (the combat app) sits above the rules reference and reads the rules, so the rules pages
cannot import it. It connects itself here when it starts (``combat.apps``); until then, or without it,
the pages show no duels and no simulator links.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.catalog import CardCatalog, default_catalog


class Simulator(Protocol):
    def permalink(self, notation: str, **extra: Any) -> str: ...

    def catalog(self) -> CardCatalog: ...

    def arena_examples(self) -> Sequence[Any]: ...

    def variants_of(self, notation: str) -> Sequence[Any]: ...

    def scenarios_without_page(self, page_notations: set[str]) -> Sequence[Any]: ...


class NoSimulator:
    """No combat app: nothing to link to."""

    def permalink(self, notation: str, **extra: Any) -> str:
        return ""

    def catalog(self) -> CardCatalog:
        # Without the simulator the scenarios still resolve, against the cards as the fixture files give them.
        return default_catalog()

    def arena_examples(self) -> Sequence[Any]:
        return ()

    def variants_of(self, notation: str) -> Sequence[Any]:
        return ()

    def scenarios_without_page(self, page_notations: set[str]) -> Sequence[Any]:
        return ()


_connected: list[Simulator] = [NoSimulator()]


def connect(simulator: Simulator) -> None:
    """The simulator the rules pages show from now on."""
    _connected[0] = simulator


def simulator() -> Simulator:
    return _connected[0]
