"""Report how many fields the two-source comparison checked, at the end of the run."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from tests.cards.test_two_sources import TALLY

    compared = sum(TALLY.compared.values())
    if compared:
        terminalreporter.write_line(
            f"Card data against both sources: {compared} fields compared "
            f"({TALLY.compared['table']} against the table, {TALLY.compared['harvest']} against the fan pages); "
            f"{len(TALLY.recorded)} differences, each recorded on its card; {len(TALLY.unrecorded)} not recorded."
        )
