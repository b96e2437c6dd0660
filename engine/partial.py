"""Partial answers: the state of a combat after its command step or after primary match-up N.

``resolve_until(setup, catalog, after=0)`` stops once the command step is over; ``after=N`` once
match-up N is over. It returns a ``PartialState``: the steps so far, every creature's fate so far
(``in_hand`` for those not yet played), the stones left, the space's terrain, the match-ups played,
and the effects in force (the command cards working, the bribery locks, the ranged attacks barred).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .catalog import CardCatalog
from .combat_state import Combat
from .creature_outcomes import creature_outcomes
from .effects import run_effects
from .enums import SIDES, Side
from .errors import EngineError, StopAfter
from .log import CreatureOutcome, Matchup, Notice, Step, _plain, _step_dict
from .made_up import made_up_slugs
from .notation import format_setup
from .resolver import run
from .setup import CombatSetup


@dataclass(frozen=True)
class PartialState:
    notation: str
    # 0: after the command step; N: after primary match-up N.
    after: int
    steps: tuple[Step, ...]
    creatures: tuple[CreatureOutcome, ...]
    # Creature ids still in their owner's combat hand.
    in_hand: tuple[str, ...]
    stones_left: tuple[int, int]
    terrain: tuple[str, ...]
    matchups: tuple[Matchup, ...]
    effects_in_force: tuple[str, ...]
    warnings: tuple[str, ...]
    notices: tuple[Notice, ...]

    @property
    def stopped_after(self) -> str:
        return "the command step" if self.after == 0 else f"match-up {self.after}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _plain(asdict(self))
        data["steps"] = [_step_dict(step) for step in self.steps]
        data["stopped_after"] = self.stopped_after
        data["kind"] = "partial"
        data["ruleset"] = "standard"
        return data


def resolve_until(setup: CombatSetup, catalog: CardCatalog, *, after: int) -> PartialState:
    """The combat's state once the command step (``after=0``) or match-up ``after`` is over.
    Raises EngineError ``partial.not_reached`` if the combat never gets there."""
    if after < 0:
        raise EngineError("stop after the command step (0) or a match-up (1, 2, ...)", code="partial.bad_point")
    combat = Combat(setup, catalog)
    combat.stop_after = after
    run_effects(combat, "CMB-2")
    try:
        run(combat)
    except StopAfter:
        return snapshot(combat, after)
    played = len(combat.matchups)
    where = "before any match-up" if after == 0 else f"after {played} match-up(s)"
    raise EngineError(
        f"the combat never reaches the end of {'the command step' if after == 0 else f'match-up {after}'}: "
        f"it was over {where}",
        code="partial.not_reached",
    )


def snapshot(combat: Combat, after: int) -> PartialState:
    return PartialState(
        notation=format_setup(combat.given),
        after=after,
        steps=tuple(combat.steps),
        creatures=creature_outcomes(combat, made_up_slugs(combat.setup)),
        in_hand=tuple(f.id for side in SIDES for f in combat.sides[side].holding()),
        stones_left=(combat.sides[Side.ATTACKER].stones, combat.sides[Side.DEFENDER].stones),
        terrain=tuple(sorted(terrain.value for terrain in combat.terrain)),
        matchups=tuple(combat.matchups),
        effects_in_force=effects_in_force(combat),
        warnings=tuple(combat.warnings),
        notices=tuple(combat.notices),
    )


def effects_in_force(combat: Combat) -> tuple[str, ...]:
    found: list[str] = []
    for side in SIDES:
        state = combat.sides[side]
        if state.command_card is not None and state.command_active:
            found.append(f"the {side.value}'s command {state.command_card.name} is in effect")
        for icon, holder in state.bribery_locks.items():
            if holder.fate.value != "bribed":
                found.append(f"{holder.name} forbids {icon.value.capitalize()} bribery to both players (A-12)")
        barred = combat.ranged_barred.get(side)
        if barred is not None:
            found.append(f"{barred.name} bars the {side.value}'s ranged attacks")
    return tuple(found)
