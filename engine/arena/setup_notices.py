"""The warnings a duel's set-up earns as written, found without playing it: each target (``@name``) its
action cannot reach (``validate.off_targets``), worded as the duel words it at that action's turn."""

from __future__ import annotations

from ..catalog import CardCatalog
from ..enums import Phase
from ..log import Notice
from ..render import render_values
from .setup import ArenaSetup
from .validate import off_targets
from .wording import duel_words


def setup_notices(setup: ArenaSetup, catalog: CardCatalog, *, secondary_played: bool) -> list[Notice]:
    """``secondary_played``: the secondary round is played as written (a duel that ends in the primary round,
    or whose secondary round was written for the other player acting first, takes none of its actions)."""
    notices = []
    for (round_name, _), off in sorted(off_targets(setup, catalog).items(), key=lambda item: item[0][0] != "primary"):
        if not off.warned or (round_name == "secondary" and not secondary_played):
            continue
        code, said = off.warning()
        values: dict[str, object] = {"side": off.side.value, **said}
        words = duel_words(Phase.PRIMARY if round_name == "primary" else Phase.SECONDARY)
        notices.append(Notice(code, render_values(code, values, words), off.arn, values))
    return notices
