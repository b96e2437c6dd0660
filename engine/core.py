"""What every part of the procedure uses on a Combat: the log, fates, set-up inputs, effects in force,
power stones and AOEs (AOE-1 to AOE-4, fired by the command step and by PRI-4)."""

from __future__ import annotations

import builtins
from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

from .abilities import (
    Ability,
    FixesRolls,
    GuardianCmp,
    GuardianCmpBonus,
    Indestructible,
    Sides,
    StoneEvent,
    Stones,
)
from .actions import Action, ActionKind, Refusal
from .cards import CardDefinition
from .catalog import CardCatalog
from .combat_state import Combat
from .enums import (
    SIDES,
    AutomationStatus,
    CardUse,
    Fate,
    Phase,
    Role,
    Side,
    StepKind,
)
from .log import CardOutcome, Notice, Step, Term, Why, coded, notice_of
from .render import Named, Said, action_reason, args_of, refusal_step
from .setup import Choice, Count, Roll, split_reference
from .state import Fighter
from .validate import find_creature

A = TypeVar("A", bound=Ability)
GivenInput = TypeVar("GivenInput", Roll, Count, Choice)

SETTLED_STATUSES = (AutomationStatus.AUTOMATED, AutomationStatus.NO_COMBAT_EFFECT)


def fighter_named(combat: Combat, side: Side, reference: str) -> Fighter | None:
    """The creature a decision names (``archer``, ``archer#2``) on one side."""
    state = combat.sides[side]
    found = state.by_reference.get(reference)
    if found is None:
        index = find_creature(combat.catalog, tuple(f.card.slug for f in state.fighters), reference)
        found = state.fighters[index] if index is not None else None
    return found


def roll(combat: Combat, side: Side, reference: str) -> int:
    """The roll the set-up gives for a card of this side (validation guarantees it is there), unless
    a card in play fixes every d6."""
    rolled = given(combat, combat.sides[side].setup.rolls, reference).value
    card = combat.catalog.get(split_reference(reference)[0])
    dice = card.dice_needed[0] if card.dice_needed else None
    for _, source, rule, holder in active_effects(combat, FixesRolls):
        if dice is None or dice.sides != 6 or (holder is not None and holder.fate is not Fate.STANDING):
            continue
        fixed = dice.count * rule.value
        log(
            combat,
            StepKind.NOTE,
            "ENG-4",
            "roll",
            (source.name, card.name, rolled, dice, fixed),
            card=source,
        )
        return fixed
    return rolled


def given_count(combat: Combat, side: Side, reference: str) -> int:
    """The count the set-up gives for a card of this side (validation guarantees it is there)."""
    return given(combat, combat.sides[side].setup.counts, reference).value


def choice(combat: Combat, side: Side, reference: str) -> str | None:
    """The choice the set-up makes for a card of this side, or None for the documented default."""
    try:
        return given(combat, combat.sides[side].setup.choices, reference).option
    except KeyError:
        return None


def named_or_cheapest(
    combat: Combat, side: Side, reference: str, candidates: list[CardDefinition], not_there: str, **values: object
) -> tuple[CardDefinition, str]:
    """The card among ``candidates`` that the side's choice for ``reference`` names or, by default (ENG-6),
    the one with the lowest Up number, with a note saying so; ``not_there`` is the code of the warning
    given (with ``values``) when the named card is not among them."""
    named = choice(combat, side, reference)
    found = combat.catalog.find(named) if named is not None else None
    if found is not None:
        for card in candidates:
            if card.slug == found.slug:
                return card, ""
    if named is not None:
        combat.notify(notice_of(not_there, "ENG-6", {"side": side.value, "named": named, **values}))
    cheapest = min(candidates, key=lambda card: (card.up, card.slug))
    return cheapest, " (none is named, so the one with the lowest Up number)"


def given(combat: Combat, inputs: tuple[GivenInput, ...], reference: str) -> GivenInput:
    """The set-up input (roll, count or choice) written for the card ``reference`` names."""
    slug, copy = split_reference(reference)
    for given in inputs:
        given_slug, given_copy = split_reference(given.card)
        card = combat.catalog.find(given_slug)
        if card is not None and card.slug == slug and given_copy == copy:
            return given
    raise KeyError(reference)


def in_play(combat: Combat, fighter: Fighter, *, until_beaten: bool = False, command_only: bool = False) -> bool:
    """Whether a creature's lasting text works now: revealed, and not bribed, destroyed or set aside;
    ``command_only`` text works only while the creature is its side's command card."""
    if fighter.role is Role.UNPLAYED or (command_only and fighter.role is not Role.COMMAND):
        return False
    if fighter.role is Role.COMMAND:
        return combat.sides[fighter.side].command_active and fighter.fate is Fate.STANDING
    if fighter.fate in (
        Fate.BRIBED,
        Fate.DESTROYED,
        Fate.DISCARDED_BY_AOE,
        Fate.OUT_OF_PLAY,
        Fate.RETURNED,
        Fate.DISCARDED,
    ):
        return False
    return not (until_beaten and fighter.fate is Fate.BEATEN)


def active_effects(combat: Combat, kind: builtins.type[A]) -> list[tuple[Side, CardDefinition, A, Fighter | None]]:
    """Abilities of one kind that work right now: on creatures in play, on each side's shield card, on the
    stronghold the defender stands in (the defender's card) and on a non-creature command card in effect."""
    found: list[tuple[Side, CardDefinition, A, Fighter | None]] = []
    if kind not in combat.kinds_present:
        return found
    for side in SIDES:
        state = combat.sides[side]
        for fighter in state.fighters:
            # An unplayed creature's text never works (in_play); most are unplayed for most of a combat.
            if fighter.role is Role.UNPLAYED:
                continue
            for ability in fighter.text(kind):
                if in_play(
                    combat,
                    fighter,
                    until_beaten=bool(getattr(ability, "until_beaten", False)),
                    command_only=bool(getattr(ability, "command_only", False)),
                ):
                    found.append((side, fighter.card, ability, fighter))
        for shield in state.shield_cards:
            found.extend((side, shield, ability, None) for ability in shield.abilities_of(kind))
        if state.stronghold is not None:
            found.extend((side, state.stronghold, ability, None) for ability in state.stronghold.abilities_of(kind))
        for earlier in state.earlier_cards:
            found.extend((side, earlier, ability, None) for ability in earlier.abilities_of(kind))
        # A spell or item played as the command card works like a card in play while its command stands.
        command = state.command_card
        if command is not None and state.command_fighter is None and state.command_active:
            found.extend((side, command, ability, None) for ability in command.abilities_of(kind))
        borrowed = state.borrowed
        if borrowed is not None and state.command_active:
            holder = state.command_fighter
            if holder is None or holder.fate is Fate.STANDING:
                found.extend((side, borrowed, ability, None) for ability in borrowed.abilities_of(kind))
    # A Guardian's own text works for the whole combat (issue 31); most Guardians have none, so the combat keeps only
    # those that do (Combat.guardian_texts) and this costs nothing for the others.
    for side, card in combat.guardian_texts:
        found.extend((side, card, ability, None) for ability in card.abilities_of(kind))
    return found


def terrain_rule(combat: Combat, kind: builtins.type[A]) -> tuple[CardDefinition, A] | None:
    """A rule printed on the terrain card of the space, which binds both players."""
    if combat.terrain_card is None:
        return None
    found = combat.terrain_card.first(kind)
    return (combat.terrain_card, found) if found is not None else None


# ----------------------------------------------------------------- power stones
def change_stones(combat: Combat, owner: Side, rule: Stones, card: CardDefinition, rule_id: str, why: str) -> None:
    """Apply a ``stones`` ability of a card ``owner`` controls; a player never goes below 0 stones."""
    if rule.terrain is not None and rule.terrain not in combat.terrain:
        return
    player = owner if rule.who is Sides.OWN else owner.other
    state = combat.sides[player]
    before = state.stones
    state.stones = max(0, before + rule.amount)
    change = state.stones - before
    verb = f"gains {change}" if rule.amount >= 0 else f"loses {-change}"
    short = "" if change == rule.amount else f" (of {abs(rule.amount)}: it had only {before})"
    log(
        combat,
        StepKind.STONES,
        rule_id,
        "change_stones",
        (card.name, why, player.value, verb, short, state.stones),
        side=player,
        card=card,
        delta=change,
        total=state.stones,
    )


def burn_stones(combat: Combat, player: Side, amount: int, card: CardDefinition, rule_id: str, why: str) -> bool:
    """A player pays Power Stones from his supply for a card; False (nothing paid) when he has too few."""
    state = combat.sides[player]
    if state.stones < amount:
        return False
    state.stones -= amount
    log(
        combat,
        StepKind.STONES,
        rule_id,
        "burn_stones",
        (card.name, player.value, amount, why, state.stones),
        side=player,
        card=card,
        delta=-amount,
        total=state.stones,
    )
    return True


def creature_beaten(combat: Combat, loser: Fighter, winner: Fighter | None, rule_id: str, *, primary: bool) -> None:
    """Stone effects that trigger when a creature is beaten (in a match-up or a secondary attack)."""
    if winner is not None and primary:
        for rule in winner.text(Stones):
            if rule.on is StoneEvent.BEATS and (rule.against is None or rule.against.matches(loser.card)):
                if rule.if_channelled and not loser.channelled:
                    continue
                change_stones(combat, winner.side, rule, winner.card, rule_id, f"{winner.name} beat {loser.name}")
        for rule in loser.text(Stones):
            if rule.on is StoneEvent.BEATEN and (rule.against is None or rule.against.matches(winner.card)):
                change_stones(combat, loser.side, rule, loser.card, rule_id, f"{winner.name} beat {loser.name}")
    for owner, card, rule, holder in active_effects(combat, Stones):
        if (
            rule.on is StoneEvent.SIDE_BEATS
            and owner is loser.side.other
            and holder is not None
            and holder is not loser
            and holder.fate is Fate.STANDING
        ):
            change_stones(combat, owner, rule, card, rule_id, f"{loser.name} was beaten while {holder.name} is in play")


# ----------------------------------------------------------------- logging
_new_record = object.__new__
_set_attribute = object.__setattr__
# The one stand-in for every step of a combat that nobody will read (Combat.for_reader False).
UNWRITTEN = Step.record(index=-1, phase=Phase.SETUP, kind=StepKind.NOTE, rule="", message="", args=())


def log(
    combat: Combat,
    kind: StepKind,
    rule: str,
    message: str,
    args: tuple[object, ...] = (),
    *,
    side: Side | None = None,
    card: CardDefinition | None = None,
    subject: Fighter | None = None,
    delta: int | None = None,
    total: int | None = None,
    chain: tuple[Term, ...] = (),
) -> int:
    """Record one event: ``message`` names its sentence in render.py, ``args`` fill it in when it is read."""
    index = len(combat.steps)
    if not combat.for_reader:
        # Exploring reads only the counts: the step is counted, so later steps keep their numbers, not written.
        combat.steps.append(UNWRITTEN)
        return index
    # Step.record's way, with the attribute table given whole: no keyword call and no copy of the table
    # (a combat writes dozens of steps; this is a sixth less per step).
    step = _new_record(Step)
    _set_attribute(
        step,
        "__dict__",
        {
            "index": index,
            "phase": combat.phase,
            "kind": kind,
            "rule": rule,
            "message": message,
            "args": args,
            "moment": combat.moment,
            "side": side,
            "card": card.slug if card else "",
            "card_name": card.name if card else "",
            "subject": subject.id if subject else "",
            "subject_name": subject.name if subject else "",
            "delta": delta,
            "total": total,
            "chain": chain,
        },
    )
    combat.steps.append(step)
    return index


def refuse(
    combat: Combat,
    kind: StepKind,
    rule: str,
    why: Why,
    *,
    side: Side,
    card: CardDefinition | None = None,
    subject: Fighter | None = None,
    warn: bool = True,
) -> None:
    """A refusal (a ranged attack, a channel or a cast that a card in play forbids): a step written from the
    reason's code and values (``render.refusal_step``), so a reader has the reason's fields, not only its words,
    and unless ``warn`` is False also a warning under its side, with the reason's code. The step's ``card`` is
    the card responsible, as on every step: the banning card the reason keeps (``why.by``), else ``card`` (the
    refused card's own text, for a refusal no other card makes); the refused card stays among the values."""
    message = refusal_step(why.code)
    responsible = why.by or card
    log(combat, kind, rule, message, args_of(message, why.values), side=side, card=responsible, subject=subject)
    if warn:
        # Worded in the rule set's words now (Combat.say), as the step is when it is read.
        text = combat.say(why)
        combat.notify(Notice(why.code, f"{side.value}: {text}", rule, {"side": side.value, **why.values}))


def refuse_action(
    combat: Combat,
    kind: StepKind,
    round_number: int,
    action: Action,
    refusal: Refusal,
    turn: str = "",
) -> None:
    """An action of an ordered match-up that the order of play refuses: a step at the place it was attempted
    and a notice with the refusal's code and rule. The step names the action in words with its cards as values
    (``action_said``) and the reason by its code with its values (``turn``, whose turn it was)."""
    side = action.side
    attempt = action_said(combat.catalog, action)
    why = action_reason(refusal.value, turn)
    log(
        combat, kind, refusal.rule, "action.refused", (round_number, side.value, attempt, refusal.value, why), side=side
    )
    # The notice keeps the action as the notation writes it; its words name the cards, which it holds as data.
    names = tuple(value for value in attempt.args if isinstance(value, str) and value != GUARDIAN_SOURCE)
    combat.warn(
        refusal.value,
        refusal.rule,
        round=round_number,
        side=side.value,
        action=str(action),
        attempt=Named(str(attempt), names),
        turn=turn,
    )


# A channel's source when it is the player's Guardian (words, not a card's name).
GUARDIAN_SOURCE = "the Guardian"


def action_said(catalog: CardCatalog, action: Action) -> Said:
    """The action in words (a channel from the Guardian, a bribe with Gold on Archer, ranged attack by Djinn), the
    cards it names as values by their names, so a reader links them; a pass is just that."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return Said("action.pass", ())
    target = (card_name(catalog, action.target),) if action.target is not None else ()
    at = ".at" if target else ""
    if kind in (ActionKind.BRIBE, ActionKind.BRIBE_BACK):
        assert action.icon is not None
        # The bribery card of that icon (Gold, Babes, Beer), by its name.
        return Said(f"action.{kind.value}{at}", (card_name(catalog, action.icon.value), *target))
    assert action.card is not None
    if kind is ActionKind.CHANNEL:
        source = GUARDIAN_SOURCE if action.card == "guardian" else card_name(catalog, action.card)
        if action.amount != 1:
            return Said(f"action.channel.stones{at}", (action.amount, source, *target))
        return Said(f"action.channel{at}", (source, *target))
    return Said(f"action.{kind.value}{at}", (card_name(catalog, action.card), *target))


def card_name(catalog: CardCatalog, reference: str) -> str:
    """The printed (or made-up) name of the card a set-up reference (``archer#2``) names; the reference itself
    when the combat knows no such card."""
    card = catalog.find(split_reference(reference)[0])
    return card.name if card is not None else reference


def announce_refusals(combat: Combat, before: int | None = None, *, window: bool = False, turns: bool = False) -> None:
    """Log the refused actions of the current match-up's list up to (not including) index ``before``,
    or all that are left; with ``window`` only those attempted while the bribery window was open,
    with ``turns`` only those attempted before both players had passed.
    Each is logged once, in the list's order, so it stands where it was attempted."""
    pending = combat.refusals_pending
    while (
        pending
        and (before is None or pending[0].index < before)
        and (pending[0].in_window or not window)
        and not (turns and pending[0].refusal is Refusal.MATCHUP_ENDED)
    ):
        refused = pending.pop(0)
        refuse_action(combat, StepKind.NOTE, refused.round, refused.action, refused.refusal, refused.turn)


def record_fate(
    combat: Combat,
    kind: StepKind,
    rule: str,
    message: str,
    args: tuple[object, ...],
    *,
    subject: Fighter,
    fate: Fate,
    reason: Why,
    side: Side | None = None,
    card: CardDefinition | None = None,
    delta: int | None = None,
    total: int | None = None,
    chain: tuple[Term, ...] = (),
) -> int:
    """Log the step that decides a creature's fate and settle the creature with that step."""
    step = log(
        combat, kind, rule, message, args, side=side, card=card, subject=subject, delta=delta, total=total, chain=chain
    )
    settle(combat, subject, fate, reason, step)
    if fate is Fate.BRIBED and Stones in combat.kinds_present:
        stones_for_bribed(combat, subject)
    return step


def stones_for_bribed(combat: Combat, fighter: Fighter) -> None:
    """ENG-21: a card that pays its player when one of his creatures is bribed (Grahzue) pays at once; the
    stone is his from that step on."""
    if combat.setup.readings.answers_as_1_2:
        return  # Grahzue's text did not act in a combat until rules 1.3: a link shared then keeps its stones.
    for owner, card, rule, holder in active_effects(combat, Stones):
        if rule.on is StoneEvent.OWN_BRIBED and owner is fighter.side and holder is not fighter:
            change_stones(combat, owner, rule, card, "ENG-21", f"{fighter.name} being bribed")


def indestructible(combat: Combat, fighter: Fighter, by: str, rule: str = "PRI-3") -> bool:
    """Whether ``fighter``'s text saves it from a destruction by ``by``; logs the save."""
    if fighter.first_text(Indestructible) is None:
        return False
    log(
        combat,
        StepKind.IMMUNITY,
        rule,
        "indestructible",
        (by, fighter.name),
        side=fighter.side,
        card=fighter.card,
        subject=fighter,
    )
    return True


def destroy_unless_indestructible(
    combat: Combat,
    fighters: Iterable[Fighter],
    card: CardDefinition,
    side: Side,
    rule: str,
    message: str,
    reason_code: str,
) -> None:
    """``card`` destroys each standing creature of ``fighters`` whose own text does not save it, one step each."""
    for fighter in fighters:
        if fighter.fate is Fate.STANDING and not indestructible(combat, fighter, card.name):
            record_fate(
                combat,
                StepKind.DESTROY,
                rule,
                message,
                (card.name, fighter.name),
                subject=fighter,
                fate=Fate.DESTROYED,
                reason=Why(reason_code, {"card": card.name}),
                side=side,
                card=card,
            )


def settle(combat: Combat, fighter: Fighter, fate: Fate, reason: Why, step: int) -> None:
    fighter.fate = fate
    fighter.fate_why = reason
    fighter.fate_step = step


def terrain_card_names(combat: Combat) -> tuple[str, ...]:
    """The name of the card that gives the space its terrain, as a value naming it (none while it lies face down)."""
    card = combat.terrain_card
    return (card.name,) if card is not None and not combat.face_down else ()


def announce_setup(combat: Combat) -> None:
    terrain = Named(
        " and ".join(sorted(t.value for t in combat.terrain))
        or ("no terrain type: the space's terrain card lies face down" if combat.face_down else "no terrain"),
        terrain_card_names(combat),
    )
    log(
        combat,
        StepKind.NOTE,
        "CMB-1",
        "announce_setup",
        (terrain,),
    )
    for side in SIDES:
        state = combat.sides[side]
        names = Named.joined(f.name for f in state.fighters)
        stack = sum(f.card.stacking for f in state.fighters)
        log(
            combat,
            StepKind.NOTE,
            "CMB-2",
            "announce_setup.2",
            (side.value, names, stack, state.guardian.cmp, state.stones),
            side=side,
        )
        if state.earlier_cards:
            played_earlier(combat, side)
    out_of_scope_said: set[str] = set()
    for card, role in cards_in_play(combat):
        if card.automation in SETTLED_STATUSES or card.slug in combat.not_automated:
            continue
        if card.automation is AutomationStatus.OUT_OF_SCOPE:
            # Its text acts outside one combat: nothing of it is left to check by hand here, so it is said
            # once as a note (no warning, not on the list of cards to apply by hand).
            if card.slug not in out_of_scope_said:
                out_of_scope_said.add(card.slug)
                reason = (card.automation_reason or "its text acts outside the combat").rstrip(". ")
                log(combat, StepKind.NOTE, "ENG-1", "announce_setup.out_of_scope", (card.name, role, reason), card=card)
            continue
        reason = (card.automation_reason or "its ability is not modelled yet").rstrip(". ")
        combat.not_automated[card.slug] = reason
        if card.automation is AutomationStatus.PARTIAL:
            notice = coded("card.partly_automated", "ENG-1", card=card.name, slug=card.slug, reason=reason)
            ignored = "The modelled parts are applied; the rest of its printed ability is ignored, so check it by hand."
        else:
            notice = coded("card.not_automated", "ENG-1", card=card.name, slug=card.slug, reason=reason)
            ignored = "Its printed ability is ignored; check it by hand."
        combat.notify(notice)
        log(combat, StepKind.NOT_AUTOMATED, "ENG-1", "announce_setup.3", (notice.message, role, ignored), card=card)


def played_earlier(combat: Combat, side: Side) -> None:
    """ENG-16: cards this side played before the combat; what still acts comes from their lasting abilities."""
    state = combat.sides[side]
    for card in state.earlier_cards:
        log(
            combat,
            StepKind.NOTE,
            "ENG-16",
            "played_earlier",
            (side.value, card.name),
            side=side,
            card=card,
        )
        for rule in card.abilities_of(GuardianCmp):
            before = state.guardian.cmp
            state.guardian = replace(state.guardian, cmp=rule.value)
            log(
                combat,
                StepKind.NOTE,
                "ENG-16",
                "played_earlier.2",
                (card.name, side.value, rule.value, before),
                side=side,
                card=card,
            )
        for bonus in card.abilities_of(GuardianCmpBonus):
            state.guardian = replace(state.guardian, cmp=max(state.guardian.cmp + bonus.amount, 0))
            log(
                combat,
                StepKind.NOTE,
                "ENG-16",
                "played_earlier.3",
                (card.name, side.value, f"{bonus.amount:+d}", state.guardian.cmp),
                side=side,
                card=card,
                delta=bonus.amount,
                total=state.guardian.cmp,
            )


def cards_in_play(combat: Combat) -> list[tuple[CardDefinition, str]]:
    cards: list[tuple[CardDefinition, str]] = []
    for side in SIDES:
        state = combat.sides[side]
        cards += [(f.card, f"{side.value}'s creature") for f in state.fighters]
        cards += [(combat.catalog.get(slug), f"{side.value}'s hand") for slug in state.hand]
        cards += [(card, f"{side.value}'s channeller") for card, _ in state.channellers]
        cards += [(card, f"{side.value}'s shield") for card in state.shield_cards]
        cards += [(card, f"{side.value}'s card played earlier") for card in state.earlier_cards]
        cards += [(combat.catalog.get(ref), f"{side.value}'s item") for ref in state.setup.items]
    stronghold = combat.sides[Side.DEFENDER].stronghold
    if stronghold is not None:
        cards.append((stronghold, "defender's stronghold"))
    if combat.terrain_card is not None:
        cards.append((combat.terrain_card, "terrain"))
    return cards


def defending(combat: Combat, fighter: Fighter) -> bool:
    return fighter.side is Side.DEFENDER and combat.defender_in_stronghold


# ----------------------------------------------------------------- cards of the hands and commands, as result data
def spend_card(combat: Combat, side: Side, slug: str, use: CardUse) -> None:
    """One card of a side's combat hand is used; the step logged next says how."""
    combat.sides[side].hand[slug] -= 1
    combat.card_uses.append(CardOutcome.record(side=side, card=slug, use=use, step=len(combat.steps)))


def take_back_card(combat: Combat, side: Side, slug: str) -> None:
    """A card goes back to the hand uncast (or a bribe is given back): its last recorded use is undone."""
    combat.sides[side].hand[slug] += 1
    uses = combat.card_uses
    for index in range(len(uses) - 1, -1, -1):
        if uses[index].side is side and uses[index].card == slug:
            del uses[index]
            return


def cancel_command(combat: Combat, side: Side, by: CardDefinition | None, rule: str) -> None:
    """The side's command card does not take effect; what stopped it is kept for the result (the step
    logged next says so)."""
    state = combat.sides[side]
    state.command_active = False
    if state.command_cancelled is None:
        state.command_cancelled = (by, rule, len(combat.steps))
