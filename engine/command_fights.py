"""Cards that go after the opposing command card (rule ENG-14): a command creature that fights the
opposing command creature before the commands take effect, a primary attacker that leaves its
match-up opponent for the opposing command creature, and a command that takes an opposing Spell or
Item command over."""

from __future__ import annotations

from .abilities import AttacksCommandCard, CommandFight, Harmless, StealsCommand
from .cards import CardDefinition
from .combat_state import Combat
from .command_step import apply_command, undispellable
from .core import cancel_command, choice, creature_beaten, log, settle
from .effects import acts_in
from .enums import SIDES, Fate, Side, StepKind
from .hand_effects import leave_unchallenged
from .log import Why
from .matchup_effects import bonus_terms, immune_to, log_terms, ocb_modifier_terms, ocb_term, terrain_terms
from .render import Chains
from .state import Contribution, Fighter


# ----------------------------------------------------------------- command step
@acts_in("CMD-3 after", CommandFight, order=1)
def command_fights(combat: Combat) -> None:
    fought: set[frozenset[str]] = set()
    for side in SIDES:
        command_fight(combat, side, fought)


@acts_in("CMD-3 after", StealsCommand, order=2)
def steal_commands(combat: Combat) -> None:
    for side in SIDES:
        steal_command(combat, side)


def command_fight(combat: Combat, side: Side, fought: set[frozenset[str]]) -> None:
    state = combat.sides[side]
    fighter = state.command_fighter
    if fighter is None or not state.command_active or fighter.fate is not Fate.STANDING:
        return
    if fighter.first_text(CommandFight) is None:
        return
    other = combat.sides[side.other]
    target = other.command_fighter
    if target is None:
        what = (
            f"the {side.other.value}'s command card {other.command_card.name} is not a creature"
            if other.command_card is not None
            else f"the {side.other.value} plays no command card"
        )
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-14",
            "command_fight",
            (fighter.name, what),
            side=side,
            card=fighter.card,
        )
        return
    # Two such commands facing each other make one fight, not two.
    key = frozenset({fighter.id, target.id})
    if key in fought or target.fate is not Fate.STANDING:
        return
    fought.add(key)
    fight_commands(combat, side, fighter, target)


def fight_commands(combat: Combat, side: Side, fighter: Fighter, target: Fighter) -> None:
    """ENG-14: printed Vitality, own text, off-colour bonus and terrain; no command is in effect yet."""
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "ENG-14",
        "fight_commands",
        (fighter.name, side.other.value, target.name, target.vitality),
        side=side,
        card=fighter.card,
        subject=target,
    )
    pair = {side: fighter, side.other: target}
    turned: set[Side] = set()
    for one in SIDES:
        me, them = pair[one], pair[one.other]
        harmless = them.first_text(Harmless) is not None
        if not harmless and immune_to(combat, me, them) is None:
            continue
        turned.add(one.other)
        log(
            combat,
            StepKind.IMMUNITY,
            "PRI-5",
            "fight_commands.2",
            (me.name, them.name),
            side=one,
            card=me.card,
            subject=them,
        )
    totals: dict[Side, Contribution] = {}
    for one in SIDES:
        me, them = pair[one], pair[one.other]
        running = Contribution(me)
        totals[one] = running
        log_terms(combat, running, bonus_terms(combat, one, me, them, secondary=False))
        ocb = ocb_term(combat, me, them, "PRI-7")
        if ocb is not None:
            log_terms(combat, running, [ocb, *ocb_modifier_terms(combat, one, me, "PRI-7")])
        log_terms(combat, running, terrain_terms(combat, me, "PRI-8"))
    mine, theirs = totals[side].total, totals[side.other].total
    winner: Fighter | None = None
    if mine == theirs:
        outcome = "equal totals: a push, neither is beaten"
    else:
        high = side if mine > theirs else side.other
        if high in turned:
            outcome = f"{pair[high].name} has more but was turned, so neither is beaten"
        else:
            winner = pair[high]
            outcome = f"{winner.name} beats {pair[high.other].name}"
    chains = Chains(tuple((pair[one].name, tuple(totals[one].terms)) for one in (side, side.other)))
    step = log(
        combat,
        StepKind.COMPARE,
        "ENG-14",
        "fight_commands.3",
        (fighter.name, mine, target.name, theirs, chains, outcome),
        side=side,
        card=fighter.card,
    )
    if winner is None:
        return
    loser = target if winner is fighter else fighter
    loser.beaten_by = winner
    settle(
        combat,
        loser,
        Fate.BEATEN,
        Why("fate.beaten_in_command_fight", {"winner": winner.name, "fighter": fighter.name}),
        step,
    )
    creature_beaten(combat, loser, winner, "ENG-14", primary=False)
    if loser is target:
        cancel_command(combat, side.other, fighter.card, "ENG-14")
        log(
            combat,
            StepKind.DISPEL,
            "ENG-14",
            "fight_commands.4",
            (target.name, fighter.name, side.other.value),
            side=side,
            card=fighter.card,
            subject=target,
        )


def steal_command(combat: Combat, side: Side) -> None:
    state = combat.sides[side]
    card = state.command_card
    if card is None or not state.command_active or card.first(StealsCommand) is None:
        return
    if state.command_fighter is not None and state.command_fighter.fate is not Fate.STANDING:
        return
    other = combat.sides[side.other]
    target = other.command_card
    if target is None or other.command_fighter is not None or target.is_creature:
        what = f"{target.name} is a creature" if target is not None else "there is no opposing command card"
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-14",
            "steal_command",
            (card.name, what),
            side=side,
            card=card,
        )
        return
    if not other.command_active:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-14",
            "steal_command.2",
            (target.name, card.name),
            side=side,
            card=card,
        )
        return
    if undispellable(combat, side.other, f"{card.name}'s command"):
        return
    cancel_command(combat, side.other, card, "ENG-14")
    state.borrowed = target
    log(
        combat,
        StepKind.DISPEL,
        "ENG-14",
        "steal_command.3",
        (card.name, side.other.value, target.name, side.value),
        side=side,
        card=card,
    )


@acts_in("CMD-4 command", CommandFight, StealsCommand, order=2)
def fought_or_stolen_command(combat: Combat, side: Side, card: CardDefinition) -> bool:
    applied = card.first(CommandFight) is not None
    if card.first(StealsCommand) is None:
        return applied
    borrowed = combat.sides[side].borrowed
    if borrowed is not None:
        apply_command(combat, side, borrowed)
    return True


# ----------------------------------------------------------------- primary match-ups
def attack_command_instead(combat: Combat, round_number: int, pair: dict[Side, Fighter], side: Side) -> None:
    """At the reveal its owner may send it against the opposing command creature (the set-up's choice)."""
    fighter, abandoned = pair[side], pair[side.other]
    if fighter.first_text(AttacksCommandCard) is None or choice(combat, side, fighter.reference) != "command":
        return
    other = combat.sides[side.other]
    target = other.command_fighter
    if target is None or not target.on_table:
        why = (
            f"{other.command_card.name} is not a creature"
            if other.command_card is not None and target is None
            else f"{other.command_card.name} no longer stands on the table"
            if other.command_card is not None
            else f"the {side.other.value} plays no command card"
        )
        log(
            combat,
            StepKind.NOTE,
            "ENG-14",
            "attack_command_instead",
            (fighter.name, abandoned.name, side.other.value, why),
            side=side,
            card=fighter.card,
        )
        return
    target.faced, fighter.faced = fighter, target
    target.round = round_number
    pair[side.other] = target
    log(
        combat,
        StepKind.REVEAL,
        "ENG-14",
        "attack_command_instead.2",
        (fighter.name, abandoned.name, side.other.value, target.name, target.vitality),
        side=side,
        card=fighter.card,
        subject=target,
    )
    leave_unchallenged(
        combat, abandoned, Why("why.left_for_command_fight", {"fighter": fighter.name, "target": target.name})
    )
    # The attacker's choice is made first; an unchallenged card fights no further match-up (ENG-10).
    if (
        side is Side.ATTACKER
        and abandoned.first_text(AttacksCommandCard) is not None
        and choice(combat, side.other, abandoned.reference) == "command"
    ):
        log(
            combat,
            StepKind.NOTE,
            "ENG-14",
            "attack_command_instead.3",
            (abandoned.name, side.value),
            side=side.other,
            card=abandoned.card,
        )


@acts_in("PRI-12 after", AttacksCommandCard, order=2)
def command_creatures_after(combat: Combat, round_number: int) -> None:
    """A command creature beaten (or otherwise lost) in a match-up takes its lasting command with it."""
    for side in SIDES:
        state = combat.sides[side]
        command = state.command_fighter
        if command is None or command.round != round_number or command.fate is Fate.STANDING:
            continue
        if not state.command_active:
            continue
        state.command_active = False
        state.bonuses.clear()
        log(
            combat,
            StepKind.NOTE,
            "ENG-14",
            "command_creatures_after",
            (command.name, command.fate.value.replace("_", " "), round_number, side.value),
            side=side,
            card=command.card,
            subject=command,
        )
