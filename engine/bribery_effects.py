"""Card texts that bend the bribery rules (PRI-1, A-02, SEC-9): bribes that need no matching icon,
commands that count a creature as bribed, answers to a bribe (a spell that captures the card, a
decoy in the combat hand, a spell that leaves both creatures unchallenged) and creatures that strip
the opponent of a kind of bribery card. The reactions are cast inside the bribery window, because
their text answers the bribe itself (rule ENG-9)."""

from __future__ import annotations

from collections.abc import Callable

from .abilities import (
    BribeCounter,
    BribeDecoy,
    BribesAnyIcon,
    BribeToMelee,
    ForcedBribe,
    ItemBribe,
    NoBriberyHere,
    RangedDiscard,
    StripsBribery,
    UpCardDuel,
)
from .cards import CardDefinition
from .combat_state import Combat
from .command_step import casting_refusal
from .core import (
    active_effects,
    choice,
    fighter_named,
    given_count,
    indestructible,
    log,
    named_or_cheapest,
    record_fate,
    spend_card,
    take_back_card,
    terrain_rule,
)
from .effects import acts_in
from .enums import SIDES, BriberyIcon, CardUse, Fate, Role, Side, StepKind
from .hand_effects import leave_unchallenged
from .log import Notice, Why
from .setup import SpellPlay
from .state import Fighter


def reactions_spent(combat: Combat) -> set[int]:
    return combat.bribe_reactions_spent


def is_bribe_reaction(combat: Combat, play: SpellPlay) -> bool:
    """A spell that answers a bribe is cast in the bribery window, never as an any-time spell (PRI-2)."""
    card = combat.catalog.get(play.card)
    return card.first(BribeCounter) is not None or card.first(BribeToMelee) is not None


# ----------------------------------------------------------------- commands
@acts_in("CMD-4 command", ForcedBribe, UpCardDuel, order=1)
def forced_bribes_and_duels(combat: Combat, side: Side, card: CardDefinition) -> bool:
    rules = card.abilities_of(ForcedBribe)
    for rule in rules:
        forced_bribe(combat, side, card, rule)
    duel = card.first(UpCardDuel)
    if duel is not None:
        up_card_duel(combat, side, card)
    return bool(rules) or duel is not None


def up_card_duel(combat: Combat, side: Side, card: CardDefinition) -> None:
    command = combat.sides[side].command_fighter
    reference = command.reference if command is not None else card.slug
    named = choice(combat, side, reference)
    if named is None:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "up_card_duel",
            (card.name, side.other.value),
            side=side,
            card=card,
        )
        return
    picked = fighter_named(combat, side.other, named)
    if picked is None or picked not in combat.sides[side.other].holding():
        combat.warn("choice.pick_not_in_hand", "ENG-6", side=side.value, card=card.name, named=named)
        return
    up = given_count(combat, side, reference)
    if up >= picked.vitality:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "up_card_duel.2",
            (card.name, side.other.value, up, picked.name, picked.vitality),
            side=side,
            card=card,
            subject=picked,
        )
        return
    if indestructible(combat, picked, card.name, "CMD-4"):
        return
    picked.in_hand = False
    record_fate(
        combat,
        StepKind.DESTROY,
        "CMD-4",
        "up_card_duel.3",
        (card.name, side.other.value, up, picked.name, picked.vitality),
        subject=picked,
        fate=Fate.DESTROYED,
        reason=Why("fate.destroyed_in_hand_by_command", {"card": card.name}),
        side=side,
        card=card,
    )


def forced_bribe(combat: Combat, side: Side, card: CardDefinition, rule: ForcedBribe) -> None:
    name = rule.icon.value.capitalize()
    shown = [f for f in combat.sides[side.other].holding() if rule.icon in f.card.bribery]
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "forced_bribe",
        (card.name, side.other.value, name, ", ".join(f.name for f in shown) or "none"),
        side=side,
        card=card,
    )
    banned = terrain_rule(combat, NoBriberyHere)
    if banned is not None and banned[1].icon is rule.icon and shown:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-9",
            "forced_bribe.2",
            (banned[0].name, name, card.name),
            side=side,
            card=banned[0],
        )
        return
    if not shown:
        return
    named = choice(combat, side, card.slug)
    picked = fighter_named(combat, side.other, named) if named is not None else None
    if picked not in shown:
        if named is not None:
            combat.warn(
                "choice.pick_not_bribeable",
                "ENG-6",
                side=side.value,
                card=card.name,
                named=named,
                icon=name,
                other=side.other.value,
            )
        picked = max(shown, key=lambda f: f.vitality)
        how = " (no pick is given, so the one with the highest Vitality)"
    else:
        how = ""
    assert picked is not None
    if decoy_takes(combat, side, picked, card):
        return
    picked.in_hand = False
    record_fate(
        combat,
        StepKind.BRIBE,
        "ENG-9",
        "forced_bribe.3",
        (card.name, side.value, picked.name, how),
        subject=picked,
        fate=Fate.BRIBED,
        reason=Why("fate.counted_bribed", {"card": card.name}),
        side=side,
        card=card,
    )


@acts_in("PRI-1 item", ItemBribe)
def item_bribe(combat: Combat, target: Fighter, rule_id: str) -> bool:
    """ENG-12: an opposing command lets its side bribe ``target`` once, paying with an Item from the storage
    hand: no icon is played, so bans on one kind of bribery card do not stop it. True when it is bribed."""
    for owner, card, _, holder in active_effects(combat, ItemBribe):
        if owner is target.side or (holder is not None and holder.role is not Role.COMMAND):
            continue
        named = choice(combat, owner, holder.reference if holder is not None else card.slug)
        if (
            named is None
            or fighter_named(combat, owner.other, named) is not target
            or owner in item_bribes_used(combat)
        ):
            continue
        item_bribes_used(combat).add(owner)
        if target.fate is not Fate.STANDING:
            continue
        if not target.card.bribery:
            log(
                combat,
                StepKind.BRIBE,
                rule_id,
                "item_bribe",
                (card.name, target.name),
                side=owner,
                card=card,
                subject=target,
            )
            combat.warn("bribe.not_bribeable", "PRI-1", side=owner.value, target=target.name, card=card.name)
            return False
        if decoy_takes(combat, owner, target, card) or bribe_to_melee(combat, owner, None, target):
            return False
        target.in_hand = False
        record_fate(
            combat,
            StepKind.BRIBE,
            rule_id,
            "item_bribe.2",
            (card.name, owner.value, target.name),
            subject=target,
            fate=Fate.BRIBED,
            reason=Why("fate.bribed_by_command", {"card": card.name}),
            side=owner,
            card=card,
        )
        return True
    return False


def item_bribes_used(combat: Combat) -> set[Side]:
    return combat.item_bribes_spent


# ----------------------------------------------------------------- icons
def any_icon_source(combat: Combat, side: Side, target: Fighter) -> CardDefinition | None:
    """The card in play that lets ``side``'s bribery cards work on ``target`` whatever its icons."""
    if not target.card.bribery:
        return None
    for owner, source, _, _ in active_effects(combat, BribesAnyIcon):
        if owner is side:
            return source
    return None


# ----------------------------------------------------------------- answers to a bribe
def bribe_answered(combat: Combat, side: Side, icon: BriberyIcon, target: Fighter) -> bool:
    """A bribe whose card has just been played is answered before it lands: True when it fails.
    ``side`` is the briber; the card is already spent."""
    return countered(combat, side, icon, target) or decoy_takes(combat, side, target, combat.catalog.get(icon.value))


def reaction(
    combat: Combat, caster: Side, target: Fighter, fits: Callable[[CardDefinition], bool]
) -> tuple[SpellPlay, CardDefinition] | None:
    """The caster's planned answer at this moment that ``fits`` the bribe, still in its hand and allowed."""
    state = combat.sides[caster]
    spent = reactions_spent(combat)
    for play in state.setup.spells:
        card = combat.catalog.get(play.card)
        if str(play.moment) != combat.moment or id(play) in spent or not fits(card):
            continue
        if combat.ordered_window and not any(play is answer for answer in combat.bribe_answers):
            # ENG-19: in an ordered window an answer is the spell written right after this very bribe.
            continue
        if play.target is not None and fighter_named(combat, target.side, play.target) is not target:
            continue
        if state.hand[card.slug] <= 0:
            combat.warn("cast.not_in_hand", "A-04", side=caster.value, card=card.name)
            continue
        refusal = casting_refusal(combat, caster, card)
        if refusal:
            values = {"side": caster.value, **refusal.values}
            combat.notify(Notice(refusal.code, f"{caster.value}: {combat.say(refusal)}", "A-04", values))
            continue
        return play, card
    return None


def countered(combat: Combat, side: Side, icon: BriberyIcon, target: Fighter) -> bool:
    caster = side.other
    found = reaction(combat, caster, target, lambda card: any(r.icon is icon for r in card.abilities_of(BribeCounter)))
    if found is None:
        return False
    play, card = found
    reactions_spent(combat).add(id(play))
    spend_card(combat, caster, card.slug, CardUse.CAST)
    take_back_card(combat, caster, icon.value)
    name = icon.value.capitalize()
    log(
        combat,
        StepKind.SPELL,
        "ENG-9",
        "countered",
        (caster.value, side.value, name, target.name, card.name),
        side=caster,
        card=card,
        subject=target,
    )
    return True


def decoy_takes(combat: Combat, side: Side, target: Fighter, card: CardDefinition | None) -> bool:
    """A creature waiting in the target's combat hand may take the bribe instead and go to the Creature Pen."""
    for decoy in combat.sides[target.side].holding():
        rule = decoy.first_text(BribeDecoy)
        if (
            rule is None
            or decoy is target
            or choice(combat, target.side, decoy.reference) != "decoy"
            or (rule.protects is not None and not rule.protects.matches(target.card))
        ):
            continue
        decoy.in_hand = False
        what = f"{card.name} bribe" if card is not None else "bribe"
        record_fate(
            combat,
            StepKind.BRIBE,
            "ENG-9",
            "decoy_takes",
            (side.value, what, target.name, target.side.value, decoy.name),
            subject=decoy,
            fate=Fate.RETURNED,
            reason=Why("fate.decoy", {"target": target.name}),
            side=target.side,
            card=decoy.card,
        )
        return True
    return False


def bribe_to_melee(combat: Combat, side: Side, icon: BriberyIcon | None, target: Fighter) -> bool:
    """The bribed creature's side may turn it and its opponent into unchallenged cards instead (ENG-10)."""
    opponent = target.faced
    if target.role is not Role.PRIMARY or opponent is None or not combat.moment.isdigit():
        return False
    if target.round != int(combat.moment) or opponent.fate is not Fate.STANDING:
        return False
    found = reaction(
        combat,
        target.side,
        target,
        lambda card: any(r.target is None or r.target.matches(target.card) for r in card.abilities_of(BribeToMelee)),
    )
    if found is None:
        return False
    play, card = found
    reactions_spent(combat).add(id(play))
    spend_card(combat, target.side, card.slug, CardUse.CAST)
    log(
        combat,
        StepKind.BRIBE,
        "PRI-1",
        "bribe_to_melee",
        (side.value, icon.value.capitalize() if icon else "an Item", target.name),
        side=side,
        card=combat.catalog.find(icon.value) if icon else None,
        subject=target,
    )
    log(
        combat,
        StepKind.SPELL,
        "ENG-9",
        "bribe_to_melee.2",
        (target.side.value, card.name, target.name),
        side=target.side,
        card=card,
        subject=target,
    )
    for fighter in (target, opponent):
        leave_unchallenged(combat, fighter, Why("why.answered_bribe", {"card": card.name, "target": target.name}))
    combat.ended_unchallenged = True
    return True


# ----------------------------------------------------------------- after a match-up
@acts_in("PRI-12 after", StripsBribery, order=1)
def strip_bribes_after(combat: Combat, round_number: int) -> None:
    """Creatures standing after their primary match-up whose text takes a kind of bribe from the opponent."""
    for side in SIDES:
        for fighter in combat.sides[side].fighters:
            if fighter.round != round_number or fighter.role is not Role.PRIMARY or fighter.fate is not Fate.STANDING:
                continue
            for rule in fighter.text(StripsBribery):
                strip(combat, side, fighter, rule.icon)


def strip(combat: Combat, side: Side, fighter: Fighter, icon: BriberyIcon) -> None:
    state = combat.sides[side.other]
    shown = [combat.catalog.get(slug).name for slug, count in sorted(state.hand.items()) for _ in range(count)]
    lost = state.hand[icon.value]
    state.hand[icon.value] = 0
    name = icon.value.capitalize()
    log(
        combat,
        StepKind.NOTE,
        "ENG-9",
        "strip",
        (fighter.name, side.other.value, ", ".join(shown) or "none", lost, name),
        side=side,
        card=fighter.card,
    )


# ----------------------------------------------------------------- double-bordered cards
def ranged_discard(combat: Combat, side: Side, shooter: Fighter) -> None:
    """A ranged attacker whose use costs the opponent one double-bordered card of his choice (ENG-6 default)."""
    if shooter.first_text(RangedDiscard) is None:
        return
    state = combat.sides[side.other]
    held = [slug for slug, count in state.hand.items() if count > 0]
    if not held:
        log(
            combat,
            StepKind.NOTE,
            "ENG-9",
            "ranged_discard",
            (shooter.name, side.other.value),
            side=side,
            card=shooter.card,
        )
        return
    thrown, how = named_or_cheapest(
        combat,
        side,
        shooter.reference,
        [combat.catalog.get(slug) for slug in held],
        "choice.not_in_hand_there",
        other=side.other.value,
        shooter=shooter.name,
    )
    spend_card(combat, side.other, thrown.slug, CardUse.DISCARDED)
    log(
        combat,
        StepKind.NOTE,
        "ENG-9",
        "ranged_discard.2",
        (shooter.name, side.other.value, thrown.name, how),
        side=side,
        card=shooter.card,
    )
