"""Leaving a combat by choice: a card's offer to retreat before the primaries or once they end
(rule 11.4.6). The side that leaves gives up the space; the combat stops where it is."""

from __future__ import annotations

from .abilities import LeaveMoment, RetreatOption, Sides
from .cards import CardDefinition
from .combat_state import Combat
from .core import active_effects, choice, log, record_fate
from .enums import Fate, Side, StepKind
from .log import Why
from .state import Fighter


def offer_retreat(combat: Combat, moment: LeaveMoment) -> bool:
    """True when a side takes an offer to retreat now: the combat ends at once."""
    for owner, card, rule, holder in active_effects(combat, RetreatOption):
        if rule.moment is not moment:
            continue
        if rule.side_role is not None and owner.value != rule.side_role.value:
            continue
        if rule.requires_unbeaten and (holder is None or holder.fate is not Fate.STANDING):
            continue
        leaver = owner if rule.who is Sides.OWN else owner.other
        chosen = choice(combat, owner, holder.reference if holder else card.slug) or "stay"
        if chosen == "pay" and pays(combat, leaver, card, rule):
            continue
        if chosen != "retreat":
            stays(combat, leaver, owner, card, rule)
            continue
        retreat_now(combat, leaver, card, rule, holder)
        return True
    return False


def pays(combat: Combat, leaver: Side, card: CardDefinition, rule: RetreatOption) -> bool:
    state = combat.sides[leaver]
    if state.stones < rule.or_pay_stones:
        combat.warn(
            "stones.cannot_pay",
            "RES-2",
            side=leaver.value,
            stones=rule.or_pay_stones,
            card=card.name,
            held=state.stones,
        )
        return False
    state.stones -= rule.or_pay_stones
    log(
        combat,
        StepKind.STONES,
        "ENG-6",
        "pays",
        (leaver.value, rule.or_pay_stones, card.name, state.stones),
        side=leaver,
        card=card,
        delta=-rule.or_pay_stones,
        total=state.stones,
    )
    return True


def stays(combat: Combat, leaver: Side, owner: Side, card: CardDefinition, rule: RetreatOption) -> None:
    cost = f" and {rule.or_outside} (outside the combat)" if rule.or_outside else ""
    log(
        combat,
        StepKind.NOTE,
        "ENG-6",
        "stays",
        (leaver.value, card.name, cost),
        side=leaver,
        card=card,
    )
    if rule.destroys_stayers:
        combat.stayers_doomed += ((owner, card),)


def retreat_now(
    combat: Combat, leaver: Side, card: CardDefinition, rule: RetreatOption, holder: Fighter | None
) -> None:
    if rule.discard_self and holder is not None:
        record_fate(
            combat,
            StepKind.NOTE,
            "ENG-6",
            "retreat_now",
            (holder.name,),
            subject=holder,
            fate=Fate.DISCARDED,
            reason=Why("fate.retreat_discard"),
            side=holder.side,
            card=card,
        )
    log(
        combat,
        StepKind.RETREAT,
        "ENG-6",
        "retreat_now.2",
        (leaver.value, card.name, leaver.other.value),
        side=leaver,
        card=card,
    )
    combat.left_by = leaver


def destroy_stayers(combat: Combat, winner: Side) -> None:
    """A side that stayed against such a card and lost has every creature of its shield destroyed."""
    for owner, card in combat.stayers_doomed:
        if owner is not winner:
            continue
        doomed = [f for f in combat.sides[owner.other].fighters if f.fate in (Fate.STANDING, Fate.BEATEN)]
        for fighter in doomed:
            record_fate(
                combat,
                StepKind.DESTROY,
                "ENG-6",
                "destroy_stayers",
                (card.name, owner.other.value, fighter.name),
                subject=fighter,
                fate=Fate.DESTROYED,
                reason=Why("fate.destroyed_after_staying", {"card": card.name}),
                side=owner,
                card=card,
            )
