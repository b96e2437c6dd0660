"""What the creature magic items carried in a shield's stack do to the creatures beside them (CMB-2)."""

from __future__ import annotations

from dataclasses import replace

from .abilities import GrantsFlying
from .combat_state import Combat
from .core import choice, fighter_named, log
from .effects import acts_in
from .enums import SIDES, Side, StepKind
from .setup import split_reference
from .state import Fighter


@acts_in("CMB-2", GrantsFlying)
def items_grant_flying(combat: Combat) -> None:
    """An item that lets creatures fly does so from the moment the stacks are picked up: each creature it reaches
    carries a changed copy of its card (``flying``), so every selector and flier rule sees a flier."""
    for side in SIDES:
        state = combat.sides[side]
        for reference in state.setup.items:
            item = combat.catalog.get(split_reference(reference)[0])
            for rule in item.abilities_of(GrantsFlying):
                for fighter, how in _reached(combat, side, reference, rule):
                    if fighter.card.flying:
                        continue
                    fighter.card = replace(fighter.card, flying=True)
                    log(
                        combat,
                        StepKind.NOTE,
                        "CMB-2",
                        "items_grant_flying",
                        (fighter.name, item.name, how),
                        side=side,
                        card=item,
                        subject=fighter,
                    )


def _reached(combat: Combat, side: Side, reference: str, rule: GrantsFlying) -> list[tuple[Fighter, str]]:
    """The creatures the item reaches, each with the words saying why."""
    owner = combat.sides[side]
    if rule.carrier:
        named = choice(combat, owner.side, reference)
        fighter = fighter_named(combat, owner.side, named) if named is not None else None
        if fighter is not None:
            return [(fighter, "its owner's choice of carrier")]
        first = owner.fighters[0] if owner.fighters else None
        return [(first, "no carrier named: the first creature of the stack")] if first is not None else []
    assert rule.to is not None
    reached = [
        fighter
        for other in SIDES
        if rule.sides.reaches(other is owner.side)
        for fighter in combat.sides[other].fighters
        if rule.to.matches(fighter.card)
    ]
    return [(fighter, f"it reaches the {rule.to.describe()} on the space") for fighter in reached]
