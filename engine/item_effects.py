"""What the creature magic items carried in a shield's stack do to the creatures beside them (CMB-2)."""

from __future__ import annotations

from dataclasses import replace

from .abilities import Aoe, CommandFight, DiscardsOpposingItems, GrantsFlying, LendsCommand
from .combat_state import Combat
from .core import choice, fighter_named, log
from .effects import acts_in, now_present
from .enums import SIDES, Side, StepKind, Timing
from .lent_commands import lent_commands
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
        # The notation's convention: each item rides on the creature in the same place of the shield.
        place = list(owner.setup.items).index(reference)
        if place < len(owner.fighters):
            return [(owner.fighters[place], "no carrier named: the creature in its place of the shield")]
        return []
    assert rule.to is not None
    reached = [
        fighter
        for other in SIDES
        if rule.sides.reaches(other is owner.side)
        for fighter in combat.sides[other].fighters
        if rule.to.matches(fighter.card)
    ]
    return [(fighter, f"it reaches the {rule.to.describe()} on the space") for fighter in reached]


def held_items(combat: Combat, side: Side) -> list[str]:
    """The references of the creature items ``side`` still holds (the set-up's, less those discarded)."""
    gone = [slug for owner, slug in combat.discarded_items if owner is side]
    held = []
    for reference in combat.sides[side].setup.items:
        slug = split_reference(reference)[0]
        if slug in gone:
            gone.remove(slug)
        else:
            held.append(reference)
    return held


@acts_in("PRI-0 reveal", DiscardsOpposingItems, order=-2)
def discard_opposing_items(combat: Combat, round_number: int, pair: dict[Side, Fighter]) -> bool:
    """As a creature with this text is revealed, the opponent discards every creature item he still holds, before
    any bonus of the match-up is counted; a creature that flew only by one of them flies no more."""
    for side in SIDES:
        fighter = pair[side]
        if fighter.first_text(DiscardsOpposingItems) is None:
            continue
        other = side.other
        for reference in held_items(combat, other):
            item = combat.catalog.get(split_reference(reference)[0])
            combat.discarded_items += ((other, item.slug),)
            log(
                combat,
                StepKind.NOTE,
                "PRI-0",
                "discard_opposing_items",
                (fighter.name, other.value, item.name),
                side=side,
                card=fighter.card,
            )
        ground_unheld_fliers(combat)
    return False


def ground_unheld_fliers(combat: Combat) -> None:
    """Each creature flying only by an item now gone gets its printed card back (it does not fly)."""
    still: set[int] = set()
    for side in SIDES:
        for reference in held_items(combat, side):
            item = combat.catalog.get(split_reference(reference)[0])
            for rule in item.abilities_of(GrantsFlying):
                still.update(id(fighter) for fighter, _ in _reached(combat, side, reference, rule))
    for side in SIDES:
        for fighter in combat.sides[side].fighters:
            printed = combat.catalog.get(fighter.card.slug)
            if fighter.card.flying and not printed.flying and id(fighter) not in still:
                fighter.card = replace(fighter.card, flying=False)
                log(
                    combat,
                    StepKind.NOTE,
                    "PRI-0",
                    "discard_opposing_items.grounded",
                    (fighter.name,),
                    side=side,
                    subject=fighter,
                )


@acts_in("CMB-2", LendsCommand)
def items_lend_commands(combat: Combat) -> None:
    """An item played with the side's command creature gives it its command from the start: the creature carries a
    changed copy of its card (a command creature, with the item's command), which the command step then reads."""
    for side in SIDES:
        state = combat.sides[side]
        lent = lent_commands(combat.catalog, state.setup)
        if not lent or state.setup.command is None:
            continue
        fighter = fighter_named(combat, side, state.setup.command)
        if fighter is None:
            continue
        for item, rule in lent:
            if rule.fights_command:
                abilities = (*fighter.card.abilities, CommandFight())
            else:
                # Its own command abilities give way to the item's AOE (its other text stays).
                kept = tuple(ability for ability in fighter.card.abilities if not _commands(ability))
                abilities = (*kept, Aoe(points=rule.aoe_points, type=rule.aoe_type, timing=Timing.COMMAND))
            fighter.card = replace(fighter.card, command=True, abilities=abilities, _by_kind={})
            now_present(combat, abilities)
            log(
                combat,
                StepKind.NOTE,
                "CMB-2",
                "items_lend_commands",
                (item.name, fighter.name, _lent_words(rule)),
                side=side,
                card=item,
                subject=fighter,
            )


def _commands(ability: object) -> bool:
    """Whether an ability works through its creature's command (what Bagpipes of Fear replace)."""
    if isinstance(ability, Aoe):
        return ability.timing is Timing.COMMAND
    return bool(getattr(ability, "command_only", False)) or type(ability).__name__.startswith("Command")


def _lent_words(rule: LendsCommand) -> str:
    if rule.fights_command:
        return "it fights the opposing command creature before either command takes effect."
    return f"its command is a {rule.aoe_points}-point {rule.aoe_type.value} AOE, and no other."
