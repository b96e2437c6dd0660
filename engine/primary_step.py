"""The primary match-ups: play order, each match-up in procedure order, compare (PRI-11), end (PRI-12)."""

from __future__ import annotations

from dataclasses import replace

from .abilities import (
    Announced,
    Announcement,
    AttacksCommandCard,
    BlankText,
    DestroyedWhenBeaten,
    DestroysCommandCard,
    DestroysVictorUnlessHeld,
    DestroysWhenBeating,
    Detonates,
    ForbidsBribery,
    ForcedFirstAnswer,
    HandDiscard,
    Indestructible,
    MatchupDestruction,
    Outcome,
    PlayRestriction,
    PullsToMelee,
    PushMargin,
    RangedEffect,
    Razed,
    RazesOnWinning,
    RefusesOpponent,
    Restriction,
    ReturnsToPen,
    RolledDestroys,
    SacrificeOption,
    SharedClass,
    ShotResult,
    Sides,
    StartsAsPush,
    StealsText,
    TextScope,
    WinsHeavyLosses,
    WinsPushes,
    Withdrawal,
    Withdraws,
)
from .between_step import play_between
from .cards import CardDefinition
from .channelling import channelling, play_turns, push_forced, ranged
from .combat_state import Combat
from .command_fights import attack_command_instead
from .command_step import command_reference
from .core import (
    active_effects,
    announce_refusals,
    burn_stones,
    choice,
    creature_beaten,
    fighter_named,
    indestructible,
    log,
    record_fate,
    roll,
    settle,
)
from .effects import acts_in, any_effect, run_effects
from .enums import (
    SIDES,
    Fate,
    Role,
    Side,
    StepKind,
    Terrain,
    Timing,
)
from .errors import StopAfter
from .hand_effects import back_to_hand, discard_from_hands, leave_unchallenged, reclass
from .log import Matchup, Why
from .matchup_effects import (
    add,
    any_time_spells,
    bribery_window,
    drop_unused_reactions,
    immunity,
    off_colour,
    terrain_step,
    text_box,
)
from .render import Chains, Said, render
from .setup import Moment, face_down
from .state import Contribution, Fighter
from .validate import forced_answers, resolve_terrain

# Kinds whose text acts once a match-up is decided, beyond the loser's fate.
_OUTCOME_KINDS = frozenset({MatchupDestruction, DestroysCommandCard, RazesOnWinning, DestroysVictorUnlessHeld})
# Kinds whose text acts as two creatures meet; a combat holding none of them skips that step.
_REVEAL_KINDS = frozenset(
    {RefusesOpponent, HandDiscard, Withdraws, SacrificeOption, Detonates, StealsText, AttacksCommandCard}
)


def build_queues(combat: Combat) -> None:
    for side in SIDES:
        state = combat.sides[side]
        reserved = {id(fighter_named(combat, side, s.creature)) for s in state.setup.ranged}
        ordered: list[Fighter] = []
        for reference in state.setup.order:
            fighter = fighter_named(combat, side, reference)
            if fighter is not None and fighter not in ordered:
                ordered.append(fighter)
        for fighter in state.fighters:
            if fighter not in ordered and id(fighter) not in reserved:
                ordered.append(fighter)
        state.queue = [f for f in ordered if f.role is Role.UNPLAYED]
        leaders = [f for f in state.queue if any(r.must is Restriction.FIRST_PRIMARY for r in f.text(PlayRestriction))]
        if leaders and state.queue[0] is not leaders[0]:
            state.queue.remove(leaders[0])
            state.queue.insert(0, leaders[0])
            log(
                combat,
                StepKind.NOTE,
                "PRI-0",
                "build_queues",
                (leaders[0].name, side.value),
                side=side,
                card=leaders[0].card,
                subject=leaders[0],
            )
    wheel = combat.lowest_first
    if wheel is not None and any(
        combat.sides[side].command_active and combat.sides[side].command_card is wheel for side in SIDES
    ):
        for side in SIDES:
            state = combat.sides[side]
            ordered = sorted(state.queue, key=lambda fighter: fighter.card.base_vitality)
            if ordered != state.queue:
                state.queue = ordered
                names = ", ".join(f.name for f in ordered)
                log(
                    combat,
                    StepKind.NOTE,
                    "CMD-4",
                    "build_queues.lowest_first",
                    (wheel.name, side.value, names),
                    side=side,
                    card=wheel,
                )
    if combat.play_first is not None:
        side, rule = combat.play_first
        state = combat.sides[side]
        first = [f for f in state.queue if rule.target.matches(f.card)]
        if first and state.queue[: len(first)] != first:
            state.queue = first + [f for f in state.queue if f not in first]
            log(
                combat,
                StepKind.NOTE,
                "CMD-4",
                "build_queues.2",
                (side.value, ", ".join(f.name for f in first)),
                side=side,
            )
    run_effects(combat, "PRI-0 queues")


def upcoming(combat: Combat, side: Side) -> Fighter | None:
    """The creature the side will lay in the next match-up, as _next_primary will pick it."""
    state = combat.sides[side]
    queued = [f for f in state.queue if f.in_hand and f.fate is Fate.STANDING]
    held = state.holding()
    return queued[0] if queued else held[0] if held else None


@acts_in("PRI-0 queues", ForcedFirstAnswer)
def force_first_answer(combat: Combat) -> None:
    """ENG-15: a command like the Goose's shows its side's first creature and dictates the answer."""
    for side in SIDES:
        state = combat.sides[side]
        card = state.command_card
        if card is None or not state.command_active or card.first(ForcedFirstAnswer) is None:
            continue
        other = combat.sides[side.other]
        shown, answer = upcoming(combat, side), upcoming(combat, side.other)
        if shown is None or answer is None:
            return
        lead = f"{card.name}: the {side.value} shows {shown.name} (Vitality {shown.vitality}) first"
        if any(rule.must is Restriction.FIRST_PRIMARY for rule in answer.text(PlayRestriction)):
            log(
                combat,
                StepKind.NOTE,
                "ENG-15",
                "force_first_answer",
                (lead, answer.name, side.other.value),
                side=side,
                card=card,
            )
            return
        held = other.holding()
        allowed = [held[i] for i in forced_answers(shown.card, [(i, f.card) for i, f in enumerate(held)])]
        if not allowed:
            log(
                combat,
                StepKind.NOTE,
                "ENG-15",
                "force_first_answer.2",
                (lead, side.other.value),
                side=side,
                card=card,
            )
            return
        if answer in allowed:
            log(
                combat,
                StepKind.NOTE,
                "ENG-15",
                "force_first_answer.3",
                (lead, side.other.value, answer.name, answer.vitality),
                side=side,
                card=card,
            )
            return
        forced = next((f for f in other.queue if f in allowed), allowed[0])
        if forced in other.queue:
            other.queue.remove(forced)
        other.queue.insert(0, forced)
        log(
            combat,
            StepKind.NOTE,
            "ENG-15",
            "force_first_answer.4",
            (lead, side.other.value, forced.name, forced.vitality),
            side=side.other,
            card=card,
            subject=forced,
        )


def next_primary(combat: Combat, side: Side) -> Fighter | None:
    state = combat.sides[side]
    while state.queue:
        fighter = state.queue.pop(0)
        if fighter.in_hand and fighter.fate is Fate.STANDING:
            return fighter
        if fighter.reference in state.setup.order and fighter.fate is not Fate.STANDING:
            combat.warn(
                "decision.order_entry_skipped",
                "PRI-0",
                side=side.value,
                fighter=fighter.name,
                id=fighter.id,
                fate=fighter.fate.value.replace("_", " "),
            )
    held = state.holding()
    if held:
        fighter = held[0]
        log(
            combat,
            StepKind.NOTE,
            "A-11",
            "next_primary",
            (side.value, fighter.name),
            side=side,
            subject=fighter,
        )
        return fighter
    return None


def primaries(combat: Combat, *, played: int | None = None) -> None:
    """The primary match-ups; ``played``: resume a combat saved after that many of them (explore_walk)."""
    if played is None:
        build_queues(combat)
    round_number = played or 0
    attacker_state, defender_state = combat.sides[Side.ATTACKER], combat.sides[Side.DEFENDER]
    while attacker_state.holds_any() and defender_state.holds_any():
        attacker = next_primary(combat, Side.ATTACKER)
        defender = next_primary(combat, Side.DEFENDER)
        if attacker is None or defender is None:
            for fighter in (attacker, defender):
                if fighter is not None:
                    combat.sides[fighter.side].queue.insert(0, fighter)
            break
        round_number += 1
        combat.moment = str(round_number)
        matchup(combat, round_number, attacker, defender)
        run_effects(combat, "PRI-12 after", round_number)
        if combat.setup.between:
            play_between(combat, round_number)
        if combat.stop_after == round_number:
            raise StopAfter
    combat.moment = ""
    holders = [side for side in SIDES if combat.sides[side].holding()]
    if not holders:
        log(
            combat,
            StepKind.NOTE,
            "PRI-12",
            "primaries",
            (),
        )
    else:
        side = holders[0]
        combat.secondary_side = side
        left = ", ".join(f.name for f in combat.sides[side].holding())
        log(
            combat,
            StepKind.NOTE,
            "PRI-12",
            "primaries.2",
            (side.other.value, side.value, left),
            side=side,
        )
    report_unplayed(combat, round_number)


def report_unplayed(combat: Combat, played: int) -> None:
    """Nothing silently dropped: every decision for a match-up that never took place is a notice."""
    for plays in combat.setup.between:
        if plays.after > played:
            # A b<N> list after a match-up that was never fought (ENG-23): none of its actions is taken.
            combat.warn("between.not_reached", "ENG-23", after=plays.after, played=played)
    for side in SIDES:
        setup = combat.sides[side].setup
        if not (setup.ranged or setup.bribes or setup.spells or setup.channels):
            continue
        for support in setup.ranged:
            if support.round > played:
                combat.warn(
                    "decision.matchup_not_played",
                    "PRI-12",
                    template="decision.matchup_not_played.ranged",
                    side=side.value,
                    round=support.round,
                    played=played,
                )
        later = [
            (kind, decision.moment.round)
            for kind, decisions in (("bribe", setup.bribes), ("spell", setup.spells), ("channel", setup.channels))
            for decision in decisions
            if not decision.moment.secondary and decision.moment.round > played
        ]
        for kind, round_planned in later:
            combat.warn(
                "decision.matchup_not_played",
                "PRI-12",
                template="decision.matchup_not_played.decision",
                side=side.value,
                kind=kind,
                round=round_planned,
                played=played,
            )
    for matchup in combat.given.actions:
        if matchup.round > played:
            combat.warn(
                "decision.matchup_not_played",
                "PRI-12",
                template="decision.matchup_not_played.actions",
                round=matchup.round,
                played=played,
            )


def matchup(combat: Combat, round_number: int, attacker: Fighter, defender: Fighter) -> None:
    # The refused actions of an ordered match-up are logged where they were attempted; those left
    # once it is over came after it was decided.
    refused = combat.plan.refused.get(round_number)
    if refused:
        combat.refusals_pending = list(refused)
    play_matchup(combat, round_number, attacker, defender)
    if combat.refusals_pending:
        announce_refusals(combat)


def play_matchup(combat: Combat, round_number: int, attacker: Fighter, defender: Fighter) -> None:
    pair = {Side.ATTACKER: attacker, Side.DEFENDER: defender}
    fought = Why("fate.fought", {"round": round_number})  # Immutable: both creatures keep the one reason.
    for fighter in pair.values():
        fighter.in_hand = False
        fighter.role = Role.PRIMARY
        fighter.round = round_number
        fighter.fate_why = fought
    attacker.faced, defender.faced = defender, attacker
    log(
        combat,
        StepKind.REVEAL,
        "PRI-0",
        "matchup",
        (round_number, attacker.name, attacker.vitality, defender.name, defender.vitality),
    )
    for fighter in pair.values():
        lock = fighter.first_text(ForbidsBribery)
        if lock is not None and lock.icon not in combat.sides[fighter.side].bribery_locks:
            combat.sides[fighter.side].bribery_locks[lock.icon] = fighter
            log(
                combat,
                StepKind.NOTE,
                "A-12",
                "matchup.2",
                (fighter.name, lock.icon.value.capitalize(), fighter.side.value),
                side=fighter.side,
                card=fighter.card,
            )
    combat.ended_unchallenged = False
    if any_effect(combat, "PRI-0 reveal", round_number, pair):
        return
    attacker, defender = pair[Side.ATTACKER], pair[Side.DEFENDER]
    # Through the registry, as the steps below that only a few kinds of text act in: a match-up whose cards
    # hold none of them (most) calls nothing (exploring plays thousands of match-ups).
    run_effects(combat, "PRI-6 blank", pair)
    moment = Moment(round_number)
    bribed_sides = bribery_window(combat, moment, pair)
    any_time_spells(combat, moment, pair, bribed_sides)
    # The checks are asked here first: nearly every match-up passes both, and a call costs more than asking.
    if (combat.ended_unchallenged or combat.spell_decided is not None) and decided_by_spell(combat, round_number, pair):
        return
    run_effects(combat, "PRI-3 destroys", pair)
    frozen = any_effect(combat, "PRI-3 rolled", pair)
    run_effects(combat, "PRI-3 sent back", pair)
    run_effects(combat, "PRI-4 aoes", pair)
    if (attacker.fate is not Fate.STANDING or defender.fate is not Fate.STANDING) and left_the_matchup(
        combat, round_number, pair
    ):
        for side in SIDES:
            for support in combat.sides[side].setup.ranged:
                if support.round == round_number:
                    log(
                        combat,
                        StepKind.NOTE,
                        "PRI-9",
                        "matchup.4",
                        (side.value,),
                        side=side,
                    )
        return
    contributions = {Side.ATTACKER: Contribution(attacker), Side.DEFENDER: Contribution(defender)}
    for spell_target in combat.lunched.values():
        if spell_target in (attacker, defender):
            contributions[spell_target.side].channel_allowed = True
    immunity(combat, pair)
    text_box(combat, pair, contributions)
    off_colour(combat, pair, contributions)
    terrain_step(combat, pair, contributions)
    push_start(combat, pair, contributions)
    turns = combat.plan.turns.get(round_number)
    if not frozen and turns is not None:
        play_turns(combat, moment, pair, contributions, turns)
        # A spell cast in its turn may have decided the match-up or removed a creature.
        if decided_by_spell(combat, round_number, pair) or left_the_matchup(combat, round_number, pair):
            return
    elif not frozen:
        ranged(combat, round_number, pair, contributions)
        channelling(combat, moment, pair, contributions)
    elif (
        turns
        or any(s.round == round_number for side in SIDES for s in combat.sides[side].setup.ranged)
        or any(c.moment == moment for side in SIDES for c in combat.sides[side].setup.channels)
    ):
        log(
            combat,
            StepKind.NOTE,
            "PRI-3",
            "matchup.5",
            (),
        )
    compare(combat, round_number, pair, contributions)
    run_effects(combat, "PRI-11 after", pair)


def decided_by_spell(combat: Combat, round_number: int, pair: dict[Side, Fighter]) -> bool:
    """A spell ended the match-up without a comparison (both unchallenged, or decided by its roll)."""
    if combat.ended_unchallenged:
        record_matchup(combat, round_number, pair, None, "no comparison: both creatures left unchallenged")
        return True
    if combat.spell_decided is not None:
        drop_unused_reactions(combat)
        record_matchup(combat, round_number, pair, None, combat.spell_decided)
        return True
    return False


def left_the_matchup(combat: Combat, round_number: int, pair: dict[Side, Fighter]) -> bool:
    """A creature of the match-up was bribed, destroyed or sent away: no comparison (PRI-11)."""
    gone = [f for f in pair.values() if f.fate is not Fate.STANDING]
    if not gone:
        return False
    said = "; ".join(f"{f.name} {f.fate.value.replace('_', ' ')}" for f in gone)
    record_matchup(combat, round_number, pair, None, "no comparison: " + said)
    log(combat, StepKind.NOTE, "PRI-11", "matchup.3", ())
    return True


@acts_in("PRI-0 reveal", Announcement, order=-1)
def first_announcement(combat: Combat, round_number: int, pair: dict[Side, Fighter]) -> bool:
    """A card that made the opponent announce his first creature: what he said, at the first reveal. The
    set-up's order already holds the creature, so nothing else follows from it; never ends the match-up."""
    if round_number != 1:
        return False
    for owner, source, rule, _ in active_effects(combat, Announcement):
        if not rule.first_only or rule.what is None:
            continue
        shown = pair[owner.other]
        said = shown.card.size if rule.what is Announced.SIZE else shown.card.border
        log(
            combat,
            StepKind.NOTE,
            "PRI-0",
            "first_announcement",
            (source.name, owner.other.value, rule.what.value, shown.name, said.value if said else "none"),
            side=owner.other,
            card=source,
            subject=shown,
        )
    return False


@acts_in("PRI-0 reveal", *_REVEAL_KINDS, SharedClass)
def on_reveal(combat: Combat, round_number: int, pair: dict[Side, Fighter]) -> bool:
    """Texts that act as the two creatures meet, before any bribe; True when the match-up is over."""
    for side in SIDES:
        take_shared_class(combat, side, pair[side])
    for side in SIDES:
        attack_command_instead(combat, round_number, pair, side)
    for side in SIDES:
        refuse_opponent(combat, round_number, pair, side)
    for side in SIDES:
        steal_text(combat, pair[side], pair[side.other])
    for side in SIDES:
        for rule in pair[side].text(HandDiscard):
            if rule.timing is Timing.PRIMARY:
                discard_from_hands(combat, side, pair[side].card, rule, pair[side].reference)
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        for withdrawal in fighter.text(Withdraws):
            if withdrawal.trigger is Withdrawal.MEETS and (
                withdrawal.against is None or withdrawal.against.matches(opponent.card)
            ):
                back_to_hand(combat, fighter, Why("why.own_text_on_meeting", {"opponent": opponent.name}))
                leave_unchallenged(combat, opponent, Why("why.opponent_back_in_hand", {"fighter": fighter.name}))
                record_matchup(combat, round_number, pair, None, f"no comparison: {fighter.name} went back to the hand")
                return True
        if detonated(combat, round_number, side, pair):
            return True
        if fighter.first_text(SacrificeOption) is not None and choice(combat, side, fighter.reference) == "sacrifice":
            record_fate(
                combat,
                StepKind.DESTROY,
                "PRI-6",
                "on_reveal",
                (side.value, fighter.name),
                subject=fighter,
                fate=Fate.DESTROYED,
                reason=Why("fate.destroyed_by_owner", {"round": round_number}),
                side=side,
                card=fighter.card,
            )
            leave_unchallenged(combat, opponent, Why("why.opponent_destroyed_by_owner", {"fighter": fighter.name}))
            record_matchup(combat, round_number, pair, None, f"no comparison: {fighter.name} destroyed by choice")
            return True
    return False


def detonated(combat: Combat, round_number: int, side: Side, pair: dict[Side, Fighter]) -> bool:
    """The side's command may blow up the creature the set-up names as it meets its opponent."""
    state = combat.sides[side]
    command = state.command_card
    rule = command.first(Detonates) if command is not None and state.command_active else None
    if rule is None or command is None:
        return False
    fighter, opponent = pair[side], pair[side.other]
    named = choice(combat, side, command_reference(combat, side))
    if named is None or fighter_named(combat, side, named) is not fighter:
        return False
    if rule.target is not None and not rule.target.matches(fighter.card):
        combat.warn("command.cannot_detonate", "CMD-4", side=side.value, fighter=fighter.name, card=command.name)
        return False
    for victim in (fighter, opponent):
        if indestructible(combat, victim, command.name):
            continue
        record_fate(
            combat,
            StepKind.DESTROY,
            "CMD-4",
            "detonated" if victim is fighter else "detonated.taking",
            (command.name, fighter.name) if victim is fighter else (command.name, fighter.name, victim.name),
            subject=victim,
            fate=Fate.DESTROYED,
            reason=Why("fate.detonated", {"card": command.name, "fighter": fighter.name}),
            side=side,
            card=command,
        )
    record_matchup(combat, round_number, pair, None, f"no comparison: {command.name} blew up {fighter.name}")
    return True


@acts_in("PRI-3 rolled", RolledDestroys)
def rolled_destruction(combat: Combat, pair: dict[Side, Fighter]) -> bool:
    """PRI-3 for a creature whose roll picks the border it destroys; True when the match-up is frozen."""
    frozen = False
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        rule = fighter.first_text(RolledDestroys)
        if rule is None or fighter.fate is not Fate.STANDING or opponent.fate is not Fate.STANDING:
            continue
        rolled = roll(combat, side, fighter.reference)
        border = rule.targets[min(max(rolled, 1), len(rule.targets)) - 1]
        frozen = frozen or rule.freezes
        hit = opponent.card.border is border and not indestructible(combat, opponent, fighter.name)
        step = log(
            combat,
            StepKind.DESTROY if hit else StepKind.NOTE,
            "PRI-3",
            ("rolled_destruction.hit" if hit else "rolled_destruction.miss") + (".frozen" if rule.freezes else ""),
            (fighter.name, rolled, border.value, opponent.name)
            if hit
            else (
                fighter.name,
                rolled,
                border.value,
                opponent.name,
                opponent.card.border.value if opponent.card.border else "no border",
            ),
            side=side,
            card=fighter.card,
            subject=opponent,
        )
        if hit:
            settle(combat, opponent, Fate.DESTROYED, Why("fate.destroyed_by_roll", {"card": fighter.name}), step)
    return frozen


def steal_text(combat: Combat, fighter: Fighter, opponent: Fighter) -> None:
    rule = fighter.first_text(StealsText)
    if rule is None:
        return
    if rule.from_hand:
        copy_hand_text(combat, fighter, rule)
        return
    rolled = roll(combat, fighter.side, fighter.reference)
    if rolled < rule.succeeds_from:
        log(
            combat,
            StepKind.NOTE,
            "PRI-6",
            "steal_text",
            (fighter.name, rolled, rule.succeeds_from),
            side=fighter.side,
            card=fighter.card,
        )
        return
    taken = () if opponent.blank else opponent.card.abilities
    fighter.card = replace(fighter.card, abilities=taken, _by_kind={})
    opponent.blank = True
    log(
        combat,
        StepKind.NOTE,
        "PRI-6",
        "steal_text.2",
        (fighter.name, rolled, opponent.name),
        side=fighter.side,
        card=fighter.card,
        subject=opponent,
    )


def copy_hand_text(combat: Combat, fighter: Fighter, rule: StealsText) -> None:
    """Its owner may lay a creature of his combat hand in the melee; it then gains that creature's text box."""
    side = fighter.side
    named = choice(combat, side, fighter.reference)
    laid = fighter_named(combat, side, named) if named is not None else None
    if laid is None or laid is fighter or laid not in combat.sides[side].holding():
        if named is not None:
            combat.warn("choice.cannot_lay", "ENG-6", side=side.value, fighter=fighter.name, named=named)
        log(
            combat,
            StepKind.NOTE,
            "PRI-6",
            "copy_hand_text",
            (side.value, fighter.name),
            side=side,
            card=fighter.card,
        )
        return
    if laid in combat.sides[side].queue:
        combat.sides[side].queue.remove(laid)
    leave_unchallenged(combat, laid, Why("why.laid_by", {"fighter": fighter.name}))
    # The spent offer is dropped so the gained text box is the one that works from now on.
    gained = () if laid.blank else laid.card.abilities
    kept = tuple(ability for ability in fighter.card.abilities if ability is not rule)
    fighter.card = replace(fighter.card, abilities=kept + gained, _by_kind={})
    log(
        combat,
        StepKind.NOTE,
        "PRI-6",
        "copy_hand_text.blank" if laid.blank or not gained else "copy_hand_text.gains",
        (fighter.name, laid.name),
        side=side,
        card=fighter.card,
        subject=laid,
    )


@acts_in("PRI-11 after", PullsToMelee, order=2)
def pull_after_win(combat: Combat, pair: dict[Side, Fighter]) -> None:
    """A winner whose text lets its owner pull a random opposing card into the melee after a good roll."""
    for side in SIDES:
        fighter, beaten = pair[side], pair[side].faced
        rule = fighter.first_text(PullsToMelee)
        if rule is None or beaten is None or beaten.beaten_by is not fighter:
            continue
        rolled = roll(combat, side, fighter.reference)
        named = choice(combat, side, fighter.reference)
        drawn = fighter_named(combat, side.other, named) if named is not None else None
        if rolled < rule.succeeds_from or drawn is None or not (drawn.in_hand and drawn.fate is Fate.STANDING):
            why = (
                f"rolls {rolled}, less than {rule.succeeds_from}"
                if rolled < rule.succeeds_from
                else f"rolls {rolled}, but no card still in the {side.other.value}'s hand is named"
            )
            log(
                combat,
                StepKind.NOTE,
                "ENG-10",
                "pull_after_win",
                (fighter.name, why),
                side=side,
                card=fighter.card,
            )
            continue
        if drawn in combat.sides[side.other].queue:
            combat.sides[side.other].queue.remove(drawn)
        log(
            combat,
            StepKind.NOTE,
            "ENG-10",
            "pull_after_win.2",
            (fighter.name, rolled, drawn.name, side.other.value),
            side=side,
            card=fighter.card,
            subject=drawn,
        )
        leave_unchallenged(combat, drawn, Why("why.pulled_out_by", {"fighter": fighter.name}))


def take_shared_class(combat: Combat, side: Side, fighter: Fighter) -> None:
    if side not in combat.shared_class_sides:
        return
    first = combat.first_creature.setdefault(side, fighter)
    if first is not fighter and fighter.card.classes != first.card.classes:
        command = combat.sides[side].command_card
        assert command is not None
        reclass(combat, fighter, first.card.classes or ("no class",), command, f"like {first.name} ({command.name})")


def refuse_opponent(combat: Combat, round_number: int, pair: dict[Side, Fighter], side: Side) -> None:
    """A creature that may turn down its first opponent for one drawn at random from the opposing hand."""
    fighter, refused = pair[side], pair[side.other]
    if fighter.first_text(RefusesOpponent) is None:
        return
    named = choice(combat, side, fighter.reference)
    if named is None:
        return
    drawn = fighter_named(combat, side.other, named)
    if drawn is None or not (drawn.in_hand and drawn.fate is Fate.STANDING):
        combat.warn(
            "choice.cannot_face", "ENG-6", side=side.value, fighter=fighter.name, named=named, other=side.other.value
        )
        return
    if drawn in combat.sides[side.other].queue:
        combat.sides[side.other].queue.remove(drawn)
    drawn.in_hand = False
    drawn.role = Role.PRIMARY
    drawn.round = round_number
    drawn.fate_why = Why("fate.fought", {"round": round_number})
    fighter.faced, drawn.faced = drawn, fighter
    pair[side.other] = drawn
    log(
        combat,
        StepKind.REVEAL,
        "PRI-0",
        "refuse_opponent",
        (fighter.name, refused.name, drawn.name, drawn.vitality, side.other.value),
        side=side,
        card=fighter.card,
        subject=drawn,
    )
    back_to_hand(combat, refused, Why("why.turned_down_by", {"fighter": fighter.name}), next_up=True)


@acts_in("PRI-6 blank", BlankText)
def blank_opponents(combat: Combat, pair: dict[Side, Fighter]) -> None:
    """PRI-6: a creature whose text blanks its match-up opponent does so as they meet."""
    for owner, card, chosen, holder in active_effects(combat, BlankText):
        if chosen.scope is TextScope.CHOSEN and (holder is None or holder.role is Role.COMMAND):
            blank_chosen(combat, owner, card, chosen, holder, pair[owner.other])
    blanking = [side for side in SIDES if any(r.scope is TextScope.OPPONENT for r in pair[side].text(BlankText))]
    for side in blanking:
        victim = pair[side.other]
        victim.blank = True
        log(
            combat,
            StepKind.NOTE,
            "PRI-6",
            "blank_opponents",
            (pair[side].name, victim.name),
            side=side,
            card=pair[side].card,
            subject=victim,
        )


def blank_chosen(
    combat: Combat, owner: Side, card: CardDefinition, rule: BlankText, holder: Fighter | None, victim: Fighter
) -> None:
    """A command that blanks the opposing creature its owner names, in that creature's match-up, for a price."""
    named = choice(combat, owner, holder.reference if holder is not None else card.slug)
    if named is None or fighter_named(combat, owner.other, named) is not victim or victim.blank:
        return
    if not burn_stones(combat, owner, rule.cost, card, "PRI-6", f"to blank {victim.name}'s text box"):
        combat.warn(
            "stones.cannot_blank",
            "PRI-6",
            side=owner.value,
            card=card.name,
            victim=victim.name,
            cost=rule.cost,
            held=combat.sides[owner].stones,
        )
        return
    victim.blank = True
    log(
        combat,
        StepKind.NOTE,
        "PRI-6",
        "blank_chosen",
        (card.name, victim.name),
        side=owner,
        card=card,
        subject=victim,
    )


@acts_in("PRI-3 sent back", ReturnsToPen)
def sent_back(combat: Combat, pair: dict[Side, Fighter]) -> None:
    """A creature whose text sends its match-up opponent back to the Creature Pen (PRI-3 timing)."""
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        if fighter.fate is not Fate.STANDING or opponent.fate is not Fate.STANDING:
            continue
        for rule in fighter.text(ReturnsToPen):
            if (
                rule.who is Sides.OPPONENT
                and not rule.side_wide
                and (rule.opponent is None or rule.opponent.matches(opponent.card))
                and (not rule.same_class or _shared_classes(fighter, opponent))
            ):
                record_fate(
                    combat,
                    StepKind.NOTE,
                    "PRI-3",
                    "sent_back",
                    (fighter.name, opponent.name),
                    subject=opponent,
                    fate=Fate.RETURNED,
                    reason=Why("fate.sent_back", {"card": fighter.name}),
                    side=side,
                    card=fighter.card,
                )
                break
    for owner, source, rule, _ in active_effects(combat, ReturnsToPen):
        fighter, opponent = pair[owner], pair[owner.other]
        shared = _shared_classes(fighter, opponent)
        if (
            not rule.side_wide
            or fighter.fate is not Fate.STANDING
            or opponent.fate is not Fate.STANDING
            or (rule.opponent is not None and not rule.opponent.matches(opponent.card))
            or (rule.same_class and not shared)
        ):
            continue
        both = f" (both are {' / '.join(shared)})" if rule.same_class else ""
        record_fate(
            combat,
            StepKind.NOTE,
            "PRI-3",
            "sent_back.2",
            (source.name, opponent.name, fighter.name, both),
            subject=opponent,
            fate=Fate.RETURNED,
            reason=Why("fate.sent_back", {"card": source.name}),
            side=owner,
            card=source,
        )


def push_start(combat: Combat, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
    """PRI-6 text that makes the match-up start as a push before ranged attacks and channelling."""
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        rule = fighter.first_text(StartsAsPush)
        if rule is None or (rule.against is not None and not rule.against.matches(opponent.card)):
            continue
        mine, theirs = contributions[side], contributions[side.other]
        gap = mine.total - theirs.total
        if gap == 0:
            continue
        lower = theirs if gap > 0 else mine
        add(
            combat,
            lower,
            "push",
            abs(gap),
            "ENG-5",
            fighter.card,
            f"{fighter.name}'s text making the match-up start as a push",
        )
        return


# PRI-11
def compare(
    combat: Combat, round_number: int, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]
) -> None:
    a, d = pair[Side.ATTACKER], pair[Side.DEFENDER]
    if a.fate is not Fate.STANDING or d.fate is not Fate.STANDING:
        gone = [f for f in pair.values() if f.fate is not Fate.STANDING]
        # Text that destroys a creature after the ranged step (a command's roll) ends the match-up there.
        gone_text = "; ".join(f"{f.name} {f.fate.value.replace('_', ' ')}" for f in gone)
        log(combat, StepKind.NOTE, "PRI-11", "compare", ())
        record_matchup(combat, round_number, pair, None, render("compare.no_comparison", (gone_text,)))
        return
    ta, td = contributions[Side.ATTACKER].total, contributions[Side.DEFENDER].total
    # Exploring writes no step (core.log), so the chains the comparison's sentence shows are not gathered.
    chains = (
        Chains(
            ((a.name, tuple(contributions[Side.ATTACKER].terms)), (d.name, tuple(contributions[Side.DEFENDER].terms)))
        )
        if combat.for_reader
        else None
    )
    winner: Fighter | None = None
    rule = "PRI-11"
    if a.turned and d.turned:
        outcome = Said("compare.both_turned", ())
    elif ta == td:
        outcome = Said("compare.push", ())
        rule = "A-29"
        tie_breaker = push_winner(combat, pair)
        if tie_breaker is not None:
            winner = tie_breaker
            faced = tie_breaker.faced.name if tie_breaker.faced else ""
            outcome = Said("compare.push_won", (tie_breaker.name, faced))
            rule = "PRI-11"
    else:
        high, low = (a, d) if ta > td else (d, a)
        margin = abs(ta - td)
        needed = margin_needed(combat, low)
        if high.turned:
            outcome = Said("compare.turned", (high.name, low.name))
            rule = "A-06"
        elif margin < needed:
            outcome = Said("compare.short_margin", (high.name, margin, low.name, needed))
        else:
            winner = high
            outcome = Said("compare.beats", (high.name, low.name))
            reversal = heavy_loss_reversal(combat, low, margin)
            if reversal is not None:
                winner = low
                outcome = Said("compare.reversed", (high.name, margin, reversal[0], reversal[1], low.name))
    step = log(combat, StepKind.COMPARE, rule, "compare.2", (ta, td, chains, outcome), chain=())
    totals = {Side.ATTACKER: ta, Side.DEFENDER: td}
    if winner is not None and any_effect(combat, "PRI-11 withdraws", winner, round_number):
        withdrawn = render("compare.withdrawn", (str(outcome), winner.name))
        record_matchup(combat, round_number, pair, (ta, td), withdrawn)
        return
    if winner is not None:
        loser = winner.faced
        assert loser is not None
        loser.beaten_by = winner
        destroyer = destroys_on_beating(combat, winner, loser, abs(ta - td))
        if destroyer is not None:
            record_fate(
                combat,
                StepKind.DESTROY,
                "PRI-11",
                destroyer.message,
                destroyer.args,
                subject=loser,
                fate=Fate.DESTROYED,
                reason=Why("fate.destroyed_on_beaten", {"winner": winner.name, "round": round_number}),
                side=winner.side,
                card=winner.card,
            )
        elif returns_instead(combat, loser, abs(ta - td)):
            record_fate(
                combat,
                StepKind.NOTE,
                "PRI-11",
                "compare.3",
                (loser.name, abs(ta - td)),
                subject=loser,
                fate=Fate.RETURNED,
                reason=Why("fate.pen_after_loss", {"round": round_number}),
                side=loser.side,
                card=loser.card,
            )
        else:
            settle(
                combat,
                loser,
                Fate.BEATEN,
                Why(
                    "fate.beaten",
                    {
                        "winner": winner.name,
                        "round": round_number,
                        "total": totals[winner.side],
                        "against": totals[loser.side],
                    },
                ),
                step,
            )
    if winner is not None and winner.faced is not None:
        creature_beaten(combat, winner.faced, winner, "PRI-11", primary=True)
        run_effects(combat, "PRI-11 outcome", round_number, winner, winner.faced, abs(ta - td))
    for fighter in pair.values():
        if fighter.fate is Fate.STANDING:
            code = "fate.won" if fighter is winner else "fate.survived_turned" if fighter.turned else "fate.survived"
            fighter.fate_why = Why(code, {"round": round_number})
    # Exploring reads no sentence: the outcome's code stands in for its words.
    record_matchup(combat, round_number, pair, (ta, td), str(outcome) if combat.for_reader else outcome.message)


@acts_in("PRI-11 withdraws", Withdraws)
def withdraws_after_win(combat: Combat, winner: Fighter, round_number: int) -> bool:
    """A winner whose text sends it back to the hand leaves its opponent unbeaten and unchallenged."""
    if not any(rule.trigger is Withdrawal.WINS for rule in winner.text(Withdraws)):
        return False
    loser = winner.faced
    assert loser is not None
    leave_unchallenged(combat, loser, Why("why.winner_withdrew", {"winner": winner.name, "round": round_number}))
    back_to_hand(combat, winner, Why("why.own_text_after_win", {"round": round_number}))
    return True


def returns_instead(combat: Combat, loser: Fighter, margin: int) -> bool:
    return any(
        rule.who is Sides.OWN and rule.losing_by_more_than is not None and margin > rule.losing_by_more_than
        for rule in loser.text(ReturnsToPen)
    )


def margin_needed(combat: Combat, loser: Fighter) -> int:
    needed = 1
    for rule in loser.text(PushMargin):
        if rule.to is None and (rule.terrain is None or rule.terrain in combat.terrain):
            needed = rule.margin
            break
    for owner, _, aura, _ in active_effects(combat, PushMargin):
        if (
            aura.to is not None
            and owner is loser.side
            and aura.to.matches(loser.card)
            and (aura.terrain is None or aura.terrain in combat.terrain)
        ):
            needed = max(needed, aura.margin)
    return needed


def heavy_loss_reversal(combat: Combat, low: Fighter, margin: int) -> tuple[str, int] | None:
    """The card that makes ``low`` win a match-up it loses by more than its margin, and that margin."""
    if low.turned:
        return None
    for owner, source, rule, _ in active_effects(combat, WinsHeavyLosses):
        if owner is low.side and margin > rule.margin:
            return source.name, rule.margin
    return None


def push_winner(combat: Combat, pair: dict[Side, Fighter]) -> Fighter | None:
    if push_forced(combat, pair[Side.ATTACKER].round or 0):
        return None
    sides = {owner for owner, _, _, _ in active_effects(combat, WinsPushes)}
    if len(sides) != 1:
        return None
    fighter = pair[next(iter(sides))]
    return None if fighter.turned else fighter


def destroys_on_beating(combat: Combat, winner: Fighter, loser: Fighter, margin: int = 1) -> Said | None:
    """The event of a destruction that replaces 'beaten' (the text that makes it, with the cards named as
    values), or None when the loser is simply beaten."""
    if loser.first_text(Indestructible) is not None:
        return None
    for rule in winner.text(DestroysWhenBeating):
        if rule.against is None or rule.against.matches(loser.card):
            return Said("destroyed_on_beaten.winner_text", (winner.name, loser.name))
    for self_rule in loser.text(DestroyedWhenBeaten):
        if self_rule.by is None or self_rule.by.matches(winner.card):
            return Said("destroyed_on_beaten.loser_text", (loser.name, winner.name))
    for source, aura in matchup_destruction(combat, winner, margin):
        if aura.lead_below is not None:
            return Said(
                "destroyed_on_beaten.aura_lead", (source.name, winner.name, margin, aura.lead_below, loser.name)
            )
        return Said("destroyed_on_beaten.aura", (source.name, winner.name, loser.name))
    for shot in combat.effect_shots:
        effect = shot.shooter.first_text(RangedEffect)
        if (
            shot.side is winner.side
            and not shot.cancelled
            and shot.shooter.round == winner.round
            and effect is not None
            and effect.result is ShotResult.DESTROYS_ON_WIN
        ):
            return Said("destroyed_on_beaten.shot", (shot.shooter.name, winner.name, loser.name))
    return None


def matchup_destruction(
    combat: Combat, winner: Fighter, margin: int
) -> list[tuple[CardDefinition, MatchupDestruction]]:
    return [
        (source, aura)
        for owner, source, aura, _ in active_effects(combat, MatchupDestruction)
        if aura.winners.reaches(owner is winner.side) and (aura.lead_below is None or margin < aura.lead_below)
    ]


@acts_in("PRI-11 outcome", *_OUTCOME_KINDS)
def after_outcome(combat: Combat, round_number: int, winner: Fighter, loser: Fighter, margin: int) -> None:
    """What a decided match-up sets off beyond the loser's fate: the winner's own destruction, a command
    card destroyed, a stronghold or terrain card wrecked."""
    for source, aura in matchup_destruction(combat, winner, margin):
        if aura.winner_too and winner.fate is Fate.STANDING and not indestructible(combat, winner, source.name):
            record_fate(
                combat,
                StepKind.DESTROY,
                "PRI-11",
                "after_outcome",
                (source.name, winner.name, margin),
                subject=winner,
                fate=Fate.DESTROYED,
                reason=Why("fate.destroyed_by_text_after", {"card": source.name, "round": round_number}),
                side=winner.side,
                card=source,
            )
            break
    for fighter, outcome in ((winner, Outcome.BEATS), (loser, Outcome.BEATEN)):
        for rule in fighter.text(DestroysCommandCard):
            if rule.outcome is outcome:
                owner = fighter.side if rule.who is Sides.OWN else fighter.side.other
                destroy_command(combat, owner, fighter, rule, margin)
    if winner.side is Side.ATTACKER:
        for razing in winner.text(RazesOnWinning):
            raze(combat, winner, razing.razes)
    note_victors(combat, loser, [winner])


def note_victors(combat: Combat, beaten: Fighter, victors: list[Fighter]) -> None:
    """Remember who beat a card whose text dooms them unless their side holds the space."""
    if beaten.first_text(DestroysVictorUnlessHeld) is not None:
        combat.doomed_victors.extend((victor, beaten) for victor in victors)


def destroy_victors(combat: Combat, loser: Side) -> None:
    """RES-3: the losing side's creatures that beat such a card are destroyed instead of retreating."""
    for victor, beaten in combat.doomed_victors:
        if victor.side is not loser or victor.fate is not Fate.STANDING:
            continue
        if indestructible(combat, victor, beaten.name):
            continue
        record_fate(
            combat,
            StepKind.DESTROY,
            "RES-3",
            "destroy_victors",
            (beaten.name, victor.name),
            subject=victor,
            fate=Fate.DESTROYED,
            reason=Why("fate.destroyed_space_lost", {"card": beaten.name}),
            side=victor.side,
            card=beaten.card,
        )


def destroy_command(combat: Combat, owner: Side, fighter: Fighter, rule: DestroysCommandCard, margin: int) -> None:
    """ENG-7: a destroyed command card's ongoing effects end; a command creature is lost and not counted."""
    state = combat.sides[owner]
    card = state.command_card
    command = state.command_fighter
    if card is None or (command is not None and command.fate is not Fate.STANDING):
        return
    whose = f"the {owner.value}'s command card {card.name}"
    if rule.creature_only and command is None:
        log(
            combat,
            StepKind.NOTE,
            "ENG-7",
            "destroy_command",
            (fighter.name, whose),
            side=fighter.side,
            card=fighter.card,
        )
        return
    if rule.lead_over_vitality and margin <= card.up:
        log(
            combat,
            StepKind.NOTE,
            "ENG-7",
            "destroy_command.2",
            (fighter.name, margin, card.up, whose),
            side=fighter.side,
            card=fighter.card,
        )
        return
    if command is not None and indestructible(combat, command, fighter.name):
        return
    ends = " Its lasting command effects end here." if state.command_active else ""
    state.command_active = False
    state.bonuses.clear()
    lead = f" (it won by {margin}, more than {card.up})" if rule.lead_over_vitality else ""
    step = log(
        combat,
        StepKind.DESTROY,
        "ENG-7",
        "destroy_command.3",
        (fighter.name, whose, lead, ends),
        side=fighter.side,
        card=fighter.card,
        subject=command,
    )
    if command is not None:
        settle(combat, command, Fate.DESTROYED, Why("fate.command_destroyed", {"fighter": fighter.name}), step)


def raze(combat: Combat, winner: Fighter, razes: Razed) -> None:
    """The attacker's winner wrecks the defender's stronghold (ENG-3) or terrain card (A-24) for the rest of the combat."""
    if razes is Razed.STRONGHOLD:
        stronghold = combat.sides[Side.DEFENDER].stronghold
        if not combat.defender_in_stronghold or stronghold is None:
            return
        combat.defender_in_stronghold = False
        stats = stronghold.stronghold
        if (
            combat.space_ref is None
            and stats is not None
            and stats.counts_as_terrain is not None
            and combat.terrain == frozenset({stats.counts_as_terrain})
        ):
            combat.terrain = frozenset()
        log(
            combat,
            StepKind.NOTE,
            "ENG-3",
            "raze",
            (winner.name, stronghold.name),
            side=winner.side,
            card=winner.card,
        )
        return
    if combat.space_ref is None or combat.terrain_razed or terrain_gone(combat):
        return
    combat.terrain_razed = True
    before = " and ".join(sorted(t.value for t in combat.terrain)) or "no terrain type"
    combat.face_down = False
    if combat.terrain == space_terrain(combat):
        combat.terrain = frozenset()
    combat.terrain_card = None
    log(
        combat,
        StepKind.NOTE,
        "A-24",
        "raze.2",
        (winner.name, before),
        side=winner.side,
        card=winner.card,
    )


def space_terrain(combat: Combat) -> frozenset[Terrain]:
    found = resolve_terrain(combat.catalog, combat.space_ref)
    return found[1] if found is not None else frozenset()


def terrain_gone(combat: Combat) -> bool:
    """A spell has already destroyed the space's terrain card (the set-up named a card, now gone)."""
    found = resolve_terrain(combat.catalog, combat.space_ref)
    if face_down(combat.space_ref)[0]:
        return not combat.face_down
    return found is not None and found[0] is not None and combat.terrain_card is None


_new_record = object.__new__
_set_attribute = object.__setattr__


def record_matchup(
    combat: Combat, round_number: int, pair: dict[Side, Fighter], totals: tuple[int, int] | None, outcome: str
) -> None:
    # Matchup.record's way with the attribute table given whole (no keyword call): one per match-up explored.
    record = _new_record(Matchup)
    values = {
        "round": round_number,
        "attacker": pair[Side.ATTACKER].id,
        "defender": pair[Side.DEFENDER].id,
        "attacker_total": totals[0] if totals else None,
        "defender_total": totals[1] if totals else None,
        "outcome": outcome,
    }
    _set_attribute(record, "__dict__", values)
    combat.matchups.append(record)


def _shared_classes(fighter: Fighter, opponent: Fighter) -> list[str]:
    """The creature classes the two have in common (as they count now, after any class change)."""
    theirs = {c.lower() for c in opponent.card.classes}
    return [c for c in fighter.card.classes if c.lower() in theirs]
