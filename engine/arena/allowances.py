"""Points a primary-round action adds only because the Duel Zone's terrain card allows it (site ruling 6.8.8).

A terrain card that lifts a ban (the Hollens Grove lets a ranged attack count although the space counts as
Woods; Spirit Mountain lets a red-barred Spirit receive channelling) changes a duel's total without any shared
step naming it: the shared ranged and channel steps name the shooter or the channeller. A judge reading the duel
must see the card that made those points possible, so the duel adds one step naming it, with the points and the
running total. The step is a note, not a modifier: the points are the action's, already counted once by its own
step, and a reader that sums modifier steps must not count them twice.
"""

from __future__ import annotations

from ..abilities import AllowsChannellingTo, AllowsRanged, ChannelsOnlyTo
from ..actions import Action, ActionKind
from ..cards import CardDefinition
from ..combat_state import Combat
from ..core import active_effects, fighter_named, log, terrain_rule
from ..enums import StepKind, Terrain
from ..state import Contribution, Fighter

SIDE_RULE = "ARN-46"


def ranged_allowed_here(combat: Combat) -> CardDefinition | None:
    """The terrain card that lets ranged attacks count on a space that counts as Woods, if it is the reason."""
    space = terrain_rule(combat, AllowsRanged)
    return space[0] if space is not None and Terrain.WOODS in combat.terrain else None


def channel_allowed_here(
    combat: Combat, action: Action, target: Fighter, contribution: Contribution
) -> CardDefinition | None:
    """The terrain card that lets ``target`` receive this channel, if nothing else would: the same conditions the
    shared channel step reads (``channelling.channel_once``), with the terrain's allowance the only one met."""
    space = terrain_rule(combat, AllowsChannellingTo)
    if space is None or not space[1].target.matches(target.card):
        return None
    source = combat.catalog.find(action.card) if action.card and action.card != "guardian" else None
    restriction = source.first(ChannelsOnlyTo) if source is not None else None
    if (
        target.card.receives_channeling
        or contribution.channel_allowed
        or (restriction is not None and restriction.overrides_red_bar)
        or any(
            allowance.sides.reaches(owner is target.side) and allowance.target.matches(target.card)
            for owner, _, allowance, _ in active_effects(combat, AllowsChannellingTo)
        )
    ):
        return None
    return space[0]


def credit_terrain(combat: Combat, action: Action, duellist: Fighter, contribution: Contribution, before: int) -> None:
    """After a ranged attack or a channel at its turn: name the terrain card that let its points count."""
    delta = contribution.total - before
    if not delta:
        return
    side = action.side
    if action.kind is ActionKind.RANGED:
        card = ranged_allowed_here(combat)
        shooter = fighter_named(combat, side, action.card) if action.card else None
        if card is None or shooter is None:
            return
        args: tuple[object, ...] = (card.name, shooter.name, duellist.name, delta, contribution.total)
        message, subject = "arena.terrain_allows_ranged", duellist
    else:
        target = (fighter_named(combat, side, action.target) if action.target else None) or duellist
        card = channel_allowed_here(combat, action, target, contribution)
        if card is None:
            return
        args = (card.name, target.name, delta, contribution.total)
        message, subject = "arena.terrain_allows_channel", target
    log(
        combat,
        StepKind.NOTE,
        SIDE_RULE,
        message,
        args,
        side=side,
        card=card,
        subject=subject,
        delta=delta,
        total=contribution.total,
        chain=tuple(contribution.terms),
    )
