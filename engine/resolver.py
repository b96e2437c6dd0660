"""Resolution (RES-1 to RES-6, HEAL-1) and ``resolve``, which runs the procedure in order.

One ``Combat`` (combat_state.py) holds the state; each part of the procedure is a module of
functions acting on it: set-up (core.announce_setup), the command step and its AOEs
(command_step), the primary match-ups (primary_step, with matchup_effects and channelling), the
secondary attacks (secondary_step), and leaving and resolution (leaving, this module). ``run``
reads like the procedure's table of contents. Every change is written to the log as a Step with
the rule id it follows; decisions the set-up leaves out get the defaults in ``defaults.py``.
"""

from __future__ import annotations

# The modules whose functions register ability effects with the steps (effects.acts_in) must all be
# imported before a combat runs; most are imported anyway, this makes it certain.
from . import bribery_effects, channelling, command_fights, hand_effects, item_effects, matchup_effects  # noqa: F401, I001
from .abilities import ControlBonus, ControlExclusion, ControlValue, LeaveMoment, Scope, Sides, Suppressed, Suppresses
from .cards import CardDefinition
from .catalog import CardCatalog
from .combat_state import Combat
from .command_step import command_step
from .core import active_effects, announce_setup, choice, log
from .creature_outcomes import creature_outcomes
from .effects import acts_in, effects_in, run_effects
from .enums import (
    SIDES,
    CardUse,
    Fate,
    Phase,
    Role,
    Side,
    StepKind,
    Winner,
)
from .errors import StopAfter
from .hand_effects import restore_classes
from .leaving import destroy_stayers, offer_retreat
from .log import CardOutcome, CombatLog, CombatResult, CommandOutcome, Term
from .made_up import made_up_slugs
from .matchup_effects import names_class
from .notation import format_setup
from .primary_step import destroy_victors, primaries
from .render import Chain, Named, render
from .secondary_step import secondaries
from .setup import CombatSetup
from .standard_readings import TURN_ANSWERS, can_matter
from .state import Fighter


def control_value(card: CardDefinition) -> int:
    """What a surviving creature counts for control: its printed Vitality unless its text says otherwise."""
    special = card.first(ControlValue)
    return special.value if special is not None else card.base_vitality


def run(combat: Combat) -> CombatLog:
    play(combat)
    result = resolution(combat)
    return CombatLog(notation=format_setup(combat.given), steps=tuple(combat.steps), result=result)


def play(combat: Combat, *, resume: int | None = None) -> None:
    """Everything before resolution. ``resume``: go on with a combat saved at a stop point (``stop_after``
    raised StopAfter there): 0 after the command step, N after primary match-up N (explore_walk)."""
    if resume is None:
        announce_setup(combat)
        for slug in made_up_slugs(combat.setup):
            card = combat.catalog.get(slug)
            log(combat, StepKind.NOTE, "CMB-1", "made_up", (card.name, card.slug), card=card)
        combat.phase = Phase.COMMAND
        command_step(combat)
        combat.terrain_after_command = combat.terrain
        if combat.stop_after == 0:
            raise StopAfter
    if not resume:
        combat.phase = Phase.PRIMARY
    if resume or (combat.space_won_by is None and not offer_retreat(combat, LeaveMoment.BEFORE_PRIMARIES)):
        primaries(combat, played=resume or None)
        restore_classes(combat, combat.reclassed_until_primaries, "the primary match-ups are over")
        if not offer_retreat(combat, LeaveMoment.AFTER_PRIMARIES):
            combat.phase = Phase.SECONDARY
            secondaries(combat)
    report_unused_secondaries(combat)
    combat.phase = Phase.RESOLUTION
    combat.moment = ""


def report_unused_secondaries(combat: Combat) -> None:
    """Secondary attacks (and their bribes, spells, channels) planned by a side that makes none."""
    for side in SIDES:
        if side is combat.secondary_side:
            continue
        setup = combat.sides[side].setup
        if not (setup.secondaries or setup.bribes or setup.spells or setup.channels):
            continue
        planned = [f"{attack.attacker}>{attack.target}" for attack in setup.secondaries or ()]
        planned += [
            f"{kind} {decision.moment}"
            for kind, decisions in (("bribe", setup.bribes), ("spell", setup.spells), ("channel", setup.channels))
            for decision in decisions
            # The side under secondary attack may still bribe an attacker (SEC-9).
            if decision.moment.secondary and (kind != "bribe" or combat.secondary_side is None)
        ]
        if planned:
            combat.warn("decision.no_secondary_step", "SEC-1", side=side.value, planned=", ".join(planned))


def left_out_of_control(combat: Combat) -> dict[Fighter, str]:
    """Standing creatures a control_exclusion text keeps out of the count, with the reason."""
    left_out: dict[Fighter, str] = {}
    # Through the registry: a combat with no control_exclusion text (the common case) looks at no creature.
    run_effects(combat, "RES-2 left out", left_out)
    return left_out


@acts_in("RES-2 left out", ControlExclusion)
def control_exclusions(combat: Combat, left_out: dict[Fighter, str]) -> None:
    """Adds to ``left_out`` each creature a control_exclusion text keeps out of the count, with the reason."""
    for side in SIDES:
        for fighter in combat.sides[side].fighters:
            if fighter.role is not Role.PRIMARY or fighter.fate in (Fate.BRIBED, Fate.DESTROYED):
                continue
            for rule in fighter.card.abilities_of(ControlExclusion):
                faced = fighter.faced
                if faced is not None and (rule.opponent is None or rule.opponent.matches(faced.card)):
                    left_out[faced] = f"left out by {fighter.name}'s text"
                if rule.who is Sides.BOTH:
                    left_out[fighter] = "left out by its own text"


@acts_in("RES-2", ControlBonus)
def control_bonus_terms(combat: Combat, side: Side, standing: list[Fighter]) -> tuple[Term, ...]:
    """RES-2: a surviving card whose text adds to its side's count; only one such card per side works.
    A Shield's rule that adds to the side's count comes first (``side_control_terms``)."""
    return side_control_terms(combat, side, standing) + creature_control_terms(combat, side, standing)


def side_control_terms(combat: Combat, side: Side, standing: list[Fighter]) -> tuple[Term, ...]:
    """A card of the side that is no creature (its Shield's standard bearer) adding once to its count."""
    terms: tuple[Term, ...] = ()
    counted = sum(control_value(f.card) for f in standing)
    for owner, source, rule, holder in active_effects(combat, ControlBonus):
        if owner is not side or holder is not None or not rule.to_total:
            continue
        if rule.side_role is not None and not rule.side_role.holds(side):
            continue
        amount = rule.amount + stones_for_control(combat, side, source, rule)
        terms += (Term(source.name, amount),)
        counted += amount
        log(
            combat,
            StepKind.BONUS,
            "RES-2",
            "control_bonus_terms.side",
            (source.name, side.value, f"{amount:+d}", counted),
            side=side,
            card=source,
            delta=amount,
            total=counted,
        )
    return terms


def stones_for_control(combat: Combat, side: Side, source: CardDefinition, rule: ControlBonus) -> int:
    """What the stones its player chose to spend on a card's control bonus add (Large Idol), paid now; never more
    stones than the side has left."""
    if not rule.per_stone:
        return 0
    state = combat.sides[side]
    chosen = choice(combat, side, source.slug)
    wanted = int(chosen) if chosen is not None and chosen.isdigit() else 0
    spent = min(wanted, state.stones)
    if not spent:
        return 0
    state.stones -= spent
    log(
        combat,
        StepKind.STONES,
        "RES-2",
        "stones_for_control",
        (
            side.value,
            spent,
            source.name,
            spent * rule.per_stone,
            f" (of {wanted}: only {spent} left)" if spent < wanted else "",
        ),
        side=side,
        card=source,
    )
    return spent * rule.per_stone


def creature_control_terms(combat: Combat, side: Side, standing: list[Fighter]) -> tuple[Term, ...]:
    for fighter in combat.sides[side].fighters:
        rule = fighter.first_text(ControlBonus)
        if rule is None or fighter.fate is not Fate.STANDING:
            continue
        if rule.side_role is not None and not rule.side_role.holds(side):
            continue
        bar = class_bar_at_count(combat, side) if rule.to is not None and names_class(rule.to) else None
        if bar is not None:
            log(
                combat,
                StepKind.NOTE,
                "ENG-13",
                "control_bonus_terms",
                (fighter.name, bar.name, side.value),
                side=side,
                card=bar,
            )
            return ()
        gaining = [f for f in standing if rule.to is None or rule.to.matches(f.card)]
        terms = tuple(Term(f"{f.name} ({fighter.name})", rule.amount) for f in gaining)
        log(
            combat,
            StepKind.BONUS,
            "RES-2",
            "control_bonus_terms.gains" if gaining else "control_bonus_terms.none",
            (fighter.name, ", ".join(f"{f.name} counts {rule.amount:+d}" for f in gaining))
            if gaining
            else (fighter.name,),
            side=side,
            card=fighter.card,
            subject=fighter,
            delta=sum(t.amount for t in terms),
        )
        return terms
    return ()


def class_bar_at_count(combat: Combat, side: Side) -> CardDefinition | None:
    """ENG-13 at the count: an opposing card that bars class bonuses and is still in play (not beaten)."""
    for owner, source, rule, holder in active_effects(combat, Suppresses):
        if (
            owner is side.other
            and rule.what is Suppressed.CLASS_BONUS
            and rule.scope is Scope.IN_PLAY
            and (holder is None or holder.fate is Fate.STANDING)
        ):
            return source
    return None


# RES-1, RES-2
def count_for_control(combat: Combat) -> tuple[dict[Side, tuple[Term, ...]], dict[Fighter, str]]:
    """Each side adds up the printed Vitality of its remaining creatures (beaten ones are already
    discarded, RES-1); returns the terms of each side's count and the creatures a text left out."""
    totals: dict[Side, tuple[Term, ...]] = {}
    left_out = left_out_of_control(combat)
    for side in SIDES:
        standing = [f for f in combat.sides[side].fighters if f.fate.counts_for_control and f not in left_out]
        terms = tuple(Term(f.name, control_value(f.card)) for f in standing)
        for effect in effects_in(combat, "RES-2"):
            terms += effect(combat, side, standing)
        totals[side] = terms
        if not combat.for_reader:
            # Exploring reads the counts, not the sentences: the step is counted (core.log), not worded.
            log(combat, StepKind.COUNT, "RES-2", "count_for_control")
            continue
        excluded = [
            f"{f.name} ({f.fate.value.replace('_', ' ')})"
            for f in combat.sides[side].fighters
            if not f.fate.counts_for_control
        ] + [
            f"{f.name} ({left_out[f]})"
            for f in combat.sides[side].fighters
            if f in left_out and f.fate.counts_for_control
        ]
        excluded_names = [f.name for f in combat.sides[side].fighters if not f.fate.counts_for_control or f in left_out]
        log(
            combat,
            StepKind.COUNT,
            "RES-2",
            "count_for_control.excluded" if excluded else "count_for_control",
            (side.value, Chain(terms), Named(", ".join(excluded), excluded_names))
            if excluded
            else (side.value, Chain(terms)),
            side=side,
            total=sum(t.amount for t in terms),
            chain=terms,
        )
    return totals, left_out


# RES-3
def decide_space(combat: Combat, attacker_total: int, defender_total: int) -> Winner:
    """The attacker takes the space only with strictly more; a bid or a retreat by choice decides first."""
    if combat.space_won_by is not None:
        winner = Winner(combat.space_won_by.value)
        log(combat, StepKind.RESULT, "ENG-12", "decide_space.bid", (winner.value,))
    elif combat.left_by is not None:
        winner = Winner(combat.left_by.other.value)
        log(combat, StepKind.RESULT, "ENG-6", "decide_space.left", (combat.left_by.value, winner.value))
    elif attacker_total > defender_total:
        winner = Winner.ATTACKER
        log(combat, StepKind.RESULT, "RES-3", "decide_space.attacker", (attacker_total, defender_total))
    else:
        winner = Winner.DEFENDER
        message = "decide_space.tie" if attacker_total == defender_total else "decide_space.defender"
        log(combat, StepKind.RESULT, "RES-3", message, (attacker_total, defender_total))
    return winner


# RES-4, RES-5, RES-6 and A-19
def leave_the_space(combat: Combat, winner: Winner) -> tuple[str, tuple[Side, ...]]:
    """Texts that act on the loss, empty shields destroyed, then the loser retreats or destroys its
    shield; returns the retreat in words and the sides whose shield is destroyed."""
    loser = Side.DEFENDER if winner is Winner.ATTACKER else Side.ATTACKER
    destroy_stayers(combat, Side(winner.value))
    destroy_victors(combat, loser)
    destroyed: list[Side] = []
    for side in SIDES:
        if not any(f.fate.counts_for_control for f in combat.sides[side].fighters):
            destroyed.append(side)
            log(combat, StepKind.RETREAT, "A-19", "leave_the_space.empty", (side.value,), side=side)
    if loser in destroyed:
        return render("leave_the_space.empty_shield", (loser.value,)), tuple(destroyed)
    if combat.sides[loser].setup.destroy_shield:
        destroyed.append(loser)
        log(combat, StepKind.RETREAT, "RES-6", "leave_the_space.destroy_logged", (loser.value,), side=loser)
        return render("leave_the_space.destroy", (loser.value,)), tuple(destroyed)
    message, rule = (
        ("leave_the_space.defender", "RES-4") if loser is Side.DEFENDER else ("leave_the_space.attacker", "RES-5")
    )
    log(combat, StepKind.RETREAT, rule, message, side=loser)
    return render(message, ()), tuple(destroyed)


# HEAL-1
def healing(combat: Combat, winner: Winner) -> Side:
    """Only the winner heals, and healed creatures do not count for control (HEAL-1 to HEAL-3)."""
    heal_side = Side.ATTACKER if winner is Winner.ATTACKER else Side.DEFENDER
    log(combat, StepKind.HEAL, "HEAL-1", "healing", (heal_side.value,), side=heal_side)
    return heal_side


def decide(combat: Combat) -> tuple[dict[Side, tuple[Term, ...]], dict[Fighter, str], Winner]:
    """RES-1 to RES-3: the counts for control, the creatures a text left out, and who holds the space
    (all an exploration reads of a resolution)."""
    totals, left_out = count_for_control(combat)
    attacker_total = sum(t.amount for t in totals[Side.ATTACKER])
    defender_total = sum(t.amount for t in totals[Side.DEFENDER])
    return totals, left_out, decide_space(combat, attacker_total, defender_total)


def resolution(combat: Combat) -> CombatResult:
    """RES-1 to RES-6 and HEAL-1, in order, and the result they make."""
    totals, left_out, winner = decide(combat)
    attacker_total = sum(t.amount for t in totals[Side.ATTACKER])
    defender_total = sum(t.amount for t in totals[Side.DEFENDER])
    retreat, destroyed = leave_the_space(combat, winner)
    heal_side = healing(combat, winner)
    made_up = made_up_slugs(combat.setup)
    creatures = creature_outcomes(combat, made_up, left_out=left_out)
    return CombatResult.record(
        creatures=creatures,
        matchups=tuple(combat.matchups),
        attacker_total=attacker_total,
        defender_total=defender_total,
        attacker_chain=totals[Side.ATTACKER],
        defender_chain=totals[Side.DEFENDER],
        winner=winner,
        retreat=retreat,
        shields_destroyed=destroyed,
        may_heal=heal_side,
        secondary_side=combat.secondary_side,
        needs=combat.secondary_needs,
        not_automated=tuple(sorted(combat.not_automated.items())),
        warnings=tuple(combat.warnings),
        commands=command_outcomes(combat),
        terrain_after_command=tuple(sorted(combat.terrain_after_command, key=lambda terrain: terrain.value)),
        stones_left=(combat.sides[Side.ATTACKER].stones, combat.sides[Side.DEFENDER].stones),
        secondary_attacks=tuple(combat.secondary_outcomes),
        cards=card_outcomes(combat),
        notices=tuple(combat.notices),
        made_up=made_up,
        readings=combat.setup.readings.named(),
        readings_written=combat.setup.readings.written,
        readings_applied=(TURN_ANSWERS.key,) if can_matter(combat.setup) else (),
    )


def command_outcomes(combat: Combat) -> tuple[CommandOutcome, ...]:
    """Each command card played, and what dispelled it (CMD-2, CMD-3, A-14, ENG-8, ENG-14) if anything did."""
    outcomes = []
    for side in SIDES:
        state = combat.sides[side]
        if state.command_card is None:
            continue
        cancelled = state.command_cancelled
        by, rule, step = cancelled if cancelled is not None else (None, "", None)
        outcomes.append(
            CommandOutcome(
                side=side,
                card=state.command_card.slug,
                name=state.command_card.name,
                dispelled=cancelled is not None,
                dispelled_by=by.slug if by is not None else "",
                rule=rule,
                step=step,
            )
        )
    return tuple(outcomes)


def card_outcomes(combat: Combat) -> tuple[CardOutcome, ...]:
    """Every spell, bribery card and hand item: how it was used, or unused; every item under a shield."""
    outcomes = list(combat.card_uses)
    discarded = list(combat.discarded_items)
    for side in SIDES:
        state = combat.sides[side]
        for slug, count in sorted(state.hand.items()):
            outcomes.extend(
                CardOutcome.record(side=side, card=slug, use=CardUse.UNUSED, step=None) for _ in range(max(count, 0))
            )
        commanded = state.command_card.slug if state.command_card is not None else None
        for reference in state.setup.items:
            slug = combat.catalog.get(reference).slug
            if slug == commanded:
                commanded = None  # played as the command card: its use is recorded there
                continue
            if (side, slug) in discarded:
                discarded.remove((side, slug))
                outcomes.append(CardOutcome.record(side=side, card=slug, use=CardUse.DISCARDED, step=None))
            else:
                outcomes.append(CardOutcome.record(side=side, card=slug, use=CardUse.KEPT, step=None))
    return tuple(outcomes)


def resolve(setup: CombatSetup, catalog: CardCatalog, *, checked: bool = False) -> CombatLog:
    """Resolve a combat; raises SetupInvalid listing every problem if the set-up breaks the rules.
    ``checked``: the caller has already validated an equivalent set-up (exploration checks once)."""
    combat = Combat(setup, catalog, checked=checked)
    run_effects(combat, "CMB-2")
    return run(combat)
