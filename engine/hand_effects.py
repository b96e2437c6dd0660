"""Card texts that move creatures between the combat hand and the melee outside the usual order:
discards from a hand, creatures left unchallenged, creatures going back to the hand, and the
sizes and classes a player chooses (rules 11.4.6 and 11.4.7)."""

from __future__ import annotations

from dataclasses import replace

from .abilities import ClassChoice, HandCards, HandDiscard, Sides, SizeChoice, SwapsPlaces
from .cards import CardDefinition
from .combat_state import Combat
from .core import choice, fighter_named, log, record_fate, spend_card
from .effects import acts_in
from .enums import SIDES, CardUse, Fate, Phase, Role, Side, Size, StepKind
from .log import Why, WordedWhy
from .state import Fighter


# ----------------------------------------------------------------- sizes and classes
@acts_in("CMB-2", SizeChoice)
def choose_sizes(combat: Combat) -> None:
    """A size chosen in the set-up holds from the start: nobody can see the card before it is revealed."""
    for side in SIDES:
        for fighter in combat.sides[side].fighters:
            if fighter.first_text(SizeChoice) is None:
                continue
            chosen = choice(combat, side, fighter.reference)
            if chosen is not None and chosen != (fighter.card.size.value if fighter.card.size else None):
                fighter.card = replace(fighter.card, size=Size(chosen))


def size_change(combat: Combat, fighter: Fighter) -> tuple[int, str]:
    """The Vitality change of a creature its owner has made smaller, with the words for the log."""
    rule = fighter.first_text(SizeChoice)
    if rule is None or fighter.card.size is None or fighter.card.size is Size.LARGE:
        return 0, ""
    amount = rule.medium if fighter.card.size is Size.MEDIUM else rule.small
    return amount, f"{fighter.name} made {fighter.card.size.value.capitalize()} by its owner"


def reclass(combat: Combat, fighter: Fighter, classes: tuple[str, ...], card: CardDefinition, why: str) -> None:
    """Every selector sees the new classes, because the fighter carries a changed copy of its card."""
    combat.printed_cards.setdefault(id(fighter), fighter.card)
    fighter.card = replace(fighter.card, classes=classes)
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "ENG-6",
        "reclass",
        (fighter.name, " / ".join(classes), why),
        side=fighter.side,
        card=card,
        subject=fighter,
    )


def restore_classes(combat: Combat, fighters: list[Fighter], why: str) -> None:
    for fighter in fighters:
        original = combat.printed_cards.pop(id(fighter), None)
        if original is not None:
            fighter.card = original
            log(
                combat,
                StepKind.NOTE,
                "ENG-6",
                "restore_classes",
                (fighter.name, why),
                side=fighter.side,
                subject=fighter,
            )


def command_class_choice(combat: Combat, side: Side, card: CardDefinition, rule: ClassChoice, reference: str) -> None:
    chosen = choice(combat, side, reference)
    if chosen is None:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-6",
            "command_class_choice",
            (card.name,),
            side=side,
            card=card,
        )
        return
    name = chosen.replace("-", " ").title()
    whose = [side] if rule.who is Sides.OWN else [side.other] if rule.who is Sides.OPPONENT else list(SIDES)
    changed = [
        f
        for s in whose
        for f in combat.sides[s].fighters
        if f.fate is Fate.STANDING and (rule.target is None or rule.target.matches(f.card))
    ]
    until = "until the primary match-ups end" if rule.until_primaries_end else "for the rest of the combat"
    for fighter in changed:
        reclass(combat, fighter, (name,), card, f"({card.name}'s command, {until})")
    if rule.until_primaries_end:
        combat.reclassed_until_primaries += changed
    if not changed:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-6",
            "command_class_choice.2",
            (card.name,),
            side=side,
            card=card,
        )


# ----------------------------------------------------------------- discards and the melee
def discard_from_hands(combat: Combat, side: Side, card: CardDefinition, rule: HandDiscard, reference: str) -> None:
    """Creatures still in a combat hand (and, as the card says, double-bordered cards) are discarded."""
    whose = [side] if rule.who is Sides.OWN else [side.other] if rule.who is Sides.OPPONENT else list(SIDES)
    rule_id = "CMD-4" if combat.phase is Phase.COMMAND else "PRI-6"
    for target_side in whose:
        state = combat.sides[target_side]
        if rule.cards in (HandCards.DOUBLE_BORDERED, HandCards.ALL):
            thrown = [slug for slug, count in state.hand.items() for _ in range(count)]
            for slug in thrown:
                spend_card(combat, target_side, slug, CardUse.DISCARDED)
            names = ", ".join(combat.catalog.get(slug).name for slug in thrown) or "none"
            log(
                combat,
                StepKind.COMMAND_EFFECT,
                rule_id,
                "discard_from_hands",
                (card.name, target_side.value, names),
                side=side,
                card=card,
            )
        if rule.cards is HandCards.DOUBLE_BORDERED:
            continue
        held = [
            f
            for f in state.holding()
            if f.role is Role.UNPLAYED and (rule.target is None or rule.target.matches(f.card))
        ]
        if rule.chosen:
            held = chosen_discard(combat, side, target_side, held, reference)
        what = rule.target.describe() if rule.target else "creatures"
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            rule_id,
            "discard_from_hands.one" if rule.chosen else "discard_from_hands.every",
            (card.name, target_side.value, what, ", ".join(f.name for f in held) or "none"),
            side=side,
            card=card,
        )
        for fighter in held:
            fighter.in_hand = False
            record_fate(
                combat,
                StepKind.COMMAND_EFFECT,
                rule_id,
                "discard_from_hands.2",
                (fighter.name,),
                subject=fighter,
                fate=Fate.DISCARDED,
                reason=Why("fate.discarded_from_hand", {"card": card.name}),
                side=target_side,
                card=card,
            )


def chosen_discard(combat: Combat, side: Side, target_side: Side, held: list[Fighter], reference: str) -> list[Fighter]:
    """The creature the set-up names; by default the one its owner loses least by (lowest Vitality)."""
    if not held:
        return []
    named = choice(combat, side, reference)
    if named is not None:
        fighter = fighter_named(combat, target_side, named)
        if fighter in held:
            return [fighter]
        combat.warn("choice.not_discardable", "ENG-6", side=side.value, named=named)
    return [min(held, key=lambda f: f.vitality)]


def send_duplicates_to_melee(combat: Combat, side: Side, card: CardDefinition) -> None:
    """Every creature the opponent holds in two or more copies leaves his hand for the melee, unchallenged."""
    held = combat.sides[side.other].holding()
    copies: dict[str, int] = {}
    for fighter in held:
        copies[fighter.card.slug] = copies.get(fighter.card.slug, 0) + 1
    sent = [f for f in held if copies[f.card.slug] > 1]
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "send_duplicates_to_melee",
        (card.name, side.other.value, ", ".join(f.name for f in sent) or "none"),
        side=side,
        card=card,
    )
    for fighter in sent:
        leave_unchallenged(combat, fighter, Why("why.sent_into_melee", {"card": card.name}))


def leave_unchallenged(combat: Combat, fighter: Fighter, why: Why) -> None:
    """Rule 11.4.7: on the table, in no match-up, unbeaten; it counts for control and can be attacked."""
    fighter.in_hand = False
    if fighter.role is Role.UNPLAYED:
        fighter.role = Role.PRIMARY
    fighter.faced = None
    text = combat.say(why)
    fighter.fate_why = Why("fate.unchallenged", {"why": text, "why_code": why.code, **why.values})
    log(
        combat,
        StepKind.NOTE,
        "ENG-10",
        "leave_unchallenged",
        (fighter.name, text),
        side=fighter.side,
        subject=fighter,
    )


def back_to_hand(combat: Combat, fighter: Fighter, why: Why, *, next_up: bool = False) -> None:
    """It returns to its owner's combat hand and is played again later: after the creatures already
    queued, or next when it was only turned down (``next_up``)."""
    fighter.in_hand = True
    fighter.role = Role.UNPLAYED
    fighter.round = None
    fighter.faced = None
    # Worded once in the rule set's words (Combat.say), for the fate and the step; the step keeps the reason beside them.
    text = WordedWhy(why, combat.words())
    fighter.fate_why = Why("fate.back_in_hand", {"why": str(text), "why_code": why.code, **why.values})
    queue = combat.sides[fighter.side].queue
    if next_up:
        queue.insert(0, fighter)
    else:
        queue.append(fighter)
    log(
        combat,
        StepKind.NOTE,
        "ENG-10",
        "back_to_hand.next" if next_up else "back_to_hand.later",
        (fighter.name, fighter.side.value, text),
        side=fighter.side,
        card=fighter.card,
        subject=fighter,
    )


# ----------------------------------------------------------------- trading places
@acts_in("PRI-11 after", SwapsPlaces, order=1)
def swaps_after_matchup(combat: Combat, pair: dict[Side, Fighter]) -> None:
    """Before the next match-up, a creature in the hand may take the place of one that just fought."""
    for side in SIDES:
        fought = pair[side]
        for swapper in combat.sides[side].fighters:
            rule = swapper.first_text(SwapsPlaces)
            if rule is None or id(swapper) in combat.swapped:
                continue
            named = choice(combat, side, swapper.reference)
            other = fighter_named(combat, side, named) if named is not None else None
            if other is None:
                continue
            stepping_in, going_out = (swapper, other) if rule.from_hand else (other, swapper)
            if going_out is not fought or not waiting(stepping_in):
                continue
            if fought.fate not in (Fate.STANDING, Fate.BEATEN) or (
                (rule.after_loss or not rule.from_hand) and fought.fate is not Fate.BEATEN
            ):
                continue
            if rule.replaces is not None and not rule.replaces.matches(fought.card):
                continue
            combat.swapped.add(id(swapper))
            trade_places(combat, stepping_in, going_out, swapper.card)


def waiting(fighter: Fighter) -> bool:
    return fighter.in_hand and fighter.fate is Fate.STANDING and fighter.role is Role.UNPLAYED


def trade_places(combat: Combat, stepping_in: Fighter, going_out: Fighter, card: CardDefinition) -> None:
    """``stepping_in`` takes over the place, the opponent and the result of ``going_out``."""
    state = combat.sides[stepping_in.side]
    if stepping_in in state.queue:
        state.queue.remove(stepping_in)
    stepping_in.in_hand = False
    for name in ("role", "round", "faced", "beaten_by", "turned", "fate", "fate_step"):
        setattr(stepping_in, name, getattr(going_out, name))
    stepping_in.fate_why = Why(
        "fate.in_place_of",
        {"reason": combat.say(going_out.fate_why), "reason_code": going_out.fate_why.code, "name": going_out.name},
    )
    opponent = going_out.faced
    if opponent is not None:
        opponent.faced = stepping_in
        if opponent.beaten_by is going_out:
            opponent.beaten_by = stepping_in
    result = "beaten " if going_out.fate is Fate.BEATEN else ""
    log(
        combat,
        StepKind.NOTE,
        "ENG-10",
        "trade_places",
        (card.name, stepping_in.name, going_out.name, result),
        side=stepping_in.side,
        card=card,
        subject=stepping_in,
    )
    going_out.fate = Fate.STANDING
    going_out.beaten_by = None
    going_out.fate_step = None
    going_out.turned = False
    back_to_hand(combat, going_out, Why("why.replaced_by", {"name": stepping_in.name}))
