"""Ranged support (PRI-9) and channelling (PRI-10), in primaries and secondaries."""

from __future__ import annotations

from .abilities import (
    AllowChannelling,
    AllowsChannellingTo,
    AllowsRanged,
    BriberyShots,
    CancelsRanged,
    ChannelCap,
    ChannelEffect,
    ChannellerBonus,
    ChannelModifier,
    ChannelReaction,
    ChannelsOnlyTo,
    CommandRanged,
    Dispel,
    DrawsRanged,
    ForbidsChannelling,
    ForbidsRanged,
    GuardianChannelsOnceEach,
    Immunity,
    NoChannellingAgainst,
    RangedChannelling,
    RangedEffect,
    RangedGamble,
    RangedItemDiscard,
    RangedLimit,
    RangedModifier,
    RangedReaction,
    ReceivesChannellingOnlyFrom,
    ShieldsFirstFromChannelling,
    ShotEffect,
    ShotResult,
    StoneEvent,
    Stones,
    Suppressed,
    matchup_cards,
)
from .actions import Action, ActionKind, Refusal
from .bribery_effects import ranged_discard
from .cards import CardDefinition
from .combat_state import Combat
from .command_step import casting_refusal
from .core import (
    action_said,
    active_effects,
    announce_refusals,
    change_stones,
    choice,
    destroy_unless_indestructible,
    fighter_named,
    in_play,
    log,
    named_or_cheapest,
    record_fate,
    refuse,
    refuse_action,
    roll,
    spend_card,
    terrain_card_names,
    terrain_rule,
)
from .effects import acts_in, effects_in, run_effects
from .enums import (
    SIDES,
    CardUse,
    Fate,
    Role,
    Side,
    StepKind,
    Terrain,
)
from .guardian_turns import cancel_channel, guardian_ability, not_applied
from .item_effects import ground_unheld_fliers
from .log import Why
from .matchup_effects import add, bribe_creature, drop_unused_reactions, suppressor_of
from .render import Named
from .setup import CardRef, Channel, Moment, RangedSupport, SpellPlay, card_ref, split_reference
from .state import Contribution, Fighter, Shot
from .turn_answers import NO_ANSWERS, AnswerTo, missed, pairs, withdraw_pending
from .turn_casts import cast_in_turn, use_item
from .turns import GuardianUse, ItemUse, Turn
from .validate import find_creature, ranged_use


# PRI-9
class Volley:
    """The ranged attacks of one match-up so far: those placed, every shot, and the cancellers."""

    def __init__(self) -> None:
        self.placed: list[Fighter] = []
        self.shots: list[Shot] = []
        self.cancellers: list[Fighter] = []
        self.count: dict[Side, int] = {Side.ATTACKER: 0, Side.DEFENDER: 0}


def ranged(
    combat: Combat, round_number: int, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]
) -> None:
    """The per-kind shorthand: every ranged attack of the attacker, then every one of the defender."""
    attacker, defender = combat.sides[Side.ATTACKER].setup.ranged, combat.sides[Side.DEFENDER].setup.ranged
    if not (attacker or defender) and not effects_in(combat, "PRI-9 start") and not effects_in(combat, "PRI-9 side"):
        # No ranged attack planned and no card that shoots or draws shots (most match-ups): what start_ranged
        # and finish_ranged leave after an empty volley, without making one.
        combat.waiting_shooters = []
        combat.effect_shots = ()
        combat.live_shooters = []
        combat.shot_channels = {}
        return
    volley = start_ranged(combat, round_number, pair)
    for side in SIDES:
        for support in combat.sides[side].setup.ranged:
            if support.round == round_number:
                shoot(combat, round_number, side, support, pair, contributions, volley)
        run_effects(combat, "PRI-9 side", side, round_number, pair, contributions, volley.shots)
    finish_ranged(combat, round_number, contributions, volley)


def start_ranged(combat: Combat, round_number: int, pair: dict[Side, Fighter]) -> Volley:
    combat.waiting_shooters = []
    combat.effect_shots = ()
    run_effects(combat, "PRI-9 start", round_number, pair)
    return Volley()


def finish_ranged(combat: Combat, round_number: int, contributions: dict[Side, Contribution], volley: Volley) -> None:
    cancellers = volley.cancellers
    if cancellers and push_forced(combat, round_number):
        frozen_by_push(combat, cancellers[0].side, "no ranged attack may be cancelled")
        cancellers = []
    cancel_shots(combat, cancellers, volley.shots, contributions)
    combat.live_shooters = [shot.shooter for shot in volley.shots if not shot.cancelled]
    combat.shot_channels = {}


def shoot(
    combat: Combat,
    round_number: int,
    side: Side,
    support: RangedSupport,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    volley: Volley,
) -> None:
    """One ranged attack placed beside its side's primary attacker (the first of a side's attacks
    follows PRI-9, later ones A-23)."""
    placed, shots, cancellers = volley.placed, volley.shots, volley.cancellers
    if any(f.fate is not Fate.STANDING for f in pair.values()):
        log(
            combat,
            StepKind.NOTE,
            "PRI-9",
            "ranged",
            (side.value, support.creature),
            side=side,
        )
        return
    if push_forced(combat, round_number):
        named = fighter_named(combat, side, support.creature)
        who = named.name if named is not None else support.creature
        frozen_by_push(combat, side, f"{who}'s ranged attack is not made and it stays in the hand")
        return
    shooter = fighter_named(combat, side, support.creature)
    command_shot = command_shot_of(combat, shooter) if shooter is not None else None
    if shooter is None or (command_shot is None and (not shooter.in_hand or shooter.fate is not Fate.STANDING)):
        log(
            combat,
            StepKind.RANGED,
            "PRI-9",
            "ranged.2",
            (side.value, support.creature),
            side=side,
        )
        return
    if Terrain.WOODS in combat.terrain and terrain_rule(combat, AllowsRanged) is None:
        log(
            combat,
            StepKind.RANGED,
            "PRI-9",
            "ranged.3",
            # The terrain as a value, so a reader can link the Woods card that makes it (when one does).
            (Named(Terrain.WOODS.value, terrain_card_names(combat)), shooter.name, side.value),
            side=side,
            card=shooter.card,
        )
        combat.warn(
            "ranged.woods",
            "PRI-9",
            side=side.value,
            shooter=shooter.name,
            round=round_number,
            terrain_cards=terrain_card_names(combat),
        )
        return
    refusal = ranged_refusal(combat, side, shooter, pair)
    if refusal:
        refuse(combat, StepKind.RANGED, "PRI-9", refusal, side=side, card=shooter.card, subject=shooter)
        return
    if command_shot is not None:
        pay_for_shot(combat, side, shooter, command_shot)
    else:
        shooter.in_hand = False
        shooter.role = Role.RANGED
        shooter.round = round_number
        shooter.fate_why = Why("fate.ranged_support", {"round": round_number})
    # Only an attack actually made counts: a refused one leaves the next as the side's first (PRI-9).
    index = volley.count[side]
    volley.count[side] += 1
    log(
        combat,
        StepKind.RANGED,
        "PRI-9" if index == 0 else "A-23",
        "ranged.places" if command_shot is None else "ranged.command_fires",
        (side.value, shooter.name, pair[side].name)
        if command_shot is None
        else (shooter.name, side.value, pair[side].name),
        side=side,
        card=shooter.card,
        subject=shooter,
    )
    bribes = [
        b
        for b in combat.sides[side.other].setup.bribes
        if b.moment == Moment(round_number)
        and b.target is not None
        and fighter_named(combat, side, b.target) is shooter
    ]
    if any(bribe_creature(combat, side.other, bribe.icon, shooter, "A-02") for bribe in bribes):
        return
    ranged_discard(combat, side, shooter)
    if shooter.first_text(RangedItemDiscard) is not None:
        discard_item(combat, side, shooter)
    if shooter.first_text(CancelsRanged) is not None:
        cancellers.append(shooter)
        return
    answer = shooter.first_text(ChannelReaction)
    if answer is not None and answer.as_ranged:
        combat.waiting_shooters.append(shooter)
        log(
            combat,
            StepKind.RANGED,
            "PRI-9",
            "ranged.4",
            (shooter.name, side.other.value),
            side=side,
            card=shooter.card,
            subject=shooter,
        )
        return
    before = contributions[side].total
    target = pair[side.other]
    effect = shooter.first_text(RangedEffect)
    immune = any(immunity.ranged for immunity in target.text(Immunity))
    if immune:
        log(
            combat,
            StepKind.RANGED,
            "PRI-5",
            "ranged.5",
            (target.name, shooter.name),
            side=side,
            card=target.card,
            subject=shooter,
        )
    elif effect is not None:
        shot_effect(combat, side, shooter, effect, pair, contributions)
    else:
        add(
            combat,
            contributions[side],
            Named(f"{shooter.name} ranged", (shooter.name,)),
            command_shot.points if command_shot is not None else shooter.card.ranged_attack or 0,
            "PRI-9",
            shooter.card,
            Named(f"{shooter.name}'s ranged attack", (shooter.name,)),
            StepKind.RANGED,
        )
        ranged_modifiers(
            combat,
            side,
            shooter,
            placed,
            contributions[side],
            points=command_shot.points if command_shot is not None else shooter.card.ranged_attack or 0,
        )
        placed.append(shooter)
    shot = Shot(side, shooter, contributions[side].total - before)
    shots.append(shot)
    if effect is not None and not immune:
        combat.effect_shots += (shot,)
    if push_forced(combat, round_number):
        return
    answer_shot(combat, shot, pair, contributions)
    gamble(combat, side, shooter, pair)


@acts_in("PRI-9 start", DrawsRanged)
def check_drawn_ranged(combat: Combat, round_number: int, pair: dict[Side, Fighter]) -> None:
    """ENG-11: the set-up check reads only the planned order; should the combat have moved a card that draws
    every ranged attack to another match-up, a ranged creature left idle in the opposing hand is reported."""
    if Terrain.WOODS in combat.terrain and terrain_rule(combat, AllowsRanged) is None:
        return
    for side in SIDES:
        drawer = pair[side]
        if drawer.first_text(DrawsRanged) is None:
            continue
        other = side.other
        planned = {
            fighter_named(combat, other, s.creature)
            for s in combat.sides[other].setup.ranged
            if s.round == round_number
        }
        for fighter in combat.sides[other].holding():
            limit = fighter.first_text(RangedLimit)
            if fighter in planned or not ranged_use(fighter.card):
                continue
            if limit is not None and (
                (limit.against is not None and not limit.against.matches(drawer.card))
                or (limit.supports is not None and not limit.supports.matches(pair[other].card))
                or (limit.terrain is not None and limit.terrain not in combat.terrain)
            ):
                continue
            args = (drawer.name, other.value, fighter.name, round_number)
            log(
                combat,
                StepKind.NOTE,
                "ENG-11",
                "check_drawn_ranged.broken",
                args,
                side=other,
                card=drawer.card,
                subject=fighter,
            )
            combat.warn(
                "ranged.drawer_not_fed",
                "ENG-11",
                side=other.value,
                drawer=drawer.name,
                other=other.value,
                fighter=fighter.name,
                round=round_number,
            )


def discard_item(combat: Combat, side: Side, shooter: Fighter) -> None:
    """ENG-11: the opponent discards one creature magic item on the space, of his choice (lowest Up number by
    default); what it gave a creature (flying) ends with it."""
    other = side.other
    left = [combat.catalog.get(ref) for ref in combat.sides[other].setup.items]
    for owner, slug in combat.discarded_items:
        gone = next((card for card in left if owner is other and card.slug == slug), None)
        if gone is not None:
            left.remove(gone)
    if not left:
        log(
            combat,
            StepKind.NOTE,
            "ENG-11",
            "discard_item",
            (shooter.name, other.value),
            side=side,
            card=shooter.card,
        )
        return
    thrown, how = named_or_cheapest(
        combat,
        side,
        shooter.reference,
        left,
        "choice.not_an_item_there",
        other=other.value,
        shooter=shooter.name,
    )
    combat.discarded_items += ((other, thrown.slug),)
    log(
        combat,
        StepKind.NOTE,
        "ENG-11",
        "discard_item.2",
        (shooter.name, other.value, thrown.name, how),
        side=side,
        card=shooter.card,
    )
    ground_unheld_fliers(combat)


def push_forced(combat: Combat, round_number: int) -> bool:
    """ENG-11: a ranged attack has made this primary match-up a push that nobody may change any more."""
    return combat.forced_push is not None and combat.forced_push.round == round_number


def frozen_by_push(combat: Combat, side: Side, what: str) -> None:
    assert combat.forced_push is not None
    log(
        combat,
        StepKind.NOTE,
        "ENG-11",
        "frozen_by_push",
        (combat.forced_push.name, what),
        side=side,
        card=combat.forced_push.card,
    )


def shot_effect(
    combat: Combat,
    side: Side,
    shooter: Fighter,
    effect: RangedEffect,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
) -> None:
    """ENG-11: a ranged attack with no point value acts by its text instead of adding points."""
    fighter, opponent = pair[side], pair[side.other]
    own, theirs = contributions[side], contributions[side.other]

    def note(message: str, *args: object) -> None:
        log(combat, StepKind.RANGED, "ENG-11", message, args, side=side, card=shooter.card, subject=fighter)

    if effect.supports is not None and not effect.supports.matches(fighter.card):
        note("shot_effect.helps_only", shooter.name, effect.supports.describe(), fighter.name)
        return
    if effect.result is ShotResult.PUSH:
        combat.forced_push = shooter
        gap = own.total - theirs.total
        if gap:
            add(
                combat,
                theirs if gap > 0 else own,
                "push",
                abs(gap),
                "ENG-11",
                shooter.card,
                f"{shooter.name}'s ranged attack forcing a push",
                StepKind.RANGED,
            )
        note("shot_effect.push", shooter.name, own.total)
        return
    if effect.result is ShotResult.DESTROYS_ON_WIN:
        note("shot_effect.destroys_on_win", shooter.name, fighter.name, opponent.name)
        return
    ocb = fighter.card.ocb
    if not ocb:
        note("shot_effect.no_ocb", shooter.name, fighter.name)
        return
    if any(term.label == "OCB" for term in own.terms):
        note("shot_effect.has_ocb", fighter.name, shooter.name)
        return
    suppressor = suppressor_of(combat, Suppressed.OCB, fighter, opponent)
    if suppressor is not None:
        note("shot_effect.ocb_suppressed", shooter.name, fighter.name, suppressor.name)
        return
    add(
        combat,
        own,
        "OCB",
        ocb,
        "ENG-11",
        shooter.card,
        f"its off-colour bonus, which {shooter.name}'s ranged attack gives it whatever {opponent.name}'s border",
        StepKind.RANGED,
    )


@acts_in("PRI-9 side", BriberyShots)
def bribery_shots(
    combat: Combat,
    side: Side,
    round_number: int,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    shots: list[Shot],
) -> None:
    """ENG-11: a command that fires bribery cards from its owner's hand as ranged attacks worth their Up number."""
    state = combat.sides[side]
    for owner, source, rule, holder in active_effects(combat, BriberyShots):
        option = choice(combat, side, holder.reference) if owner is side and holder is not None else None
        wanted = matchup_cards(option).get(round_number, 0) if option else 0
        if holder is None or not wanted:
            continue
        card = combat.catalog.get(rule.icon.value)
        fighter, target = pair[side], pair[side.other]
        refusal: Why | None = None
        if any(f.fate is not Fate.STANDING for f in pair.values()):
            refusal = Why("shots.matchup_over")
        elif push_forced(combat, round_number):
            refusal = Why("shots.push_forced")
        elif Terrain.WOODS in combat.terrain and terrain_rule(combat, AllowsRanged) is None:
            refusal = Why("shots.woods")
        elif rule.requires_own is not None and not rule.requires_own.matches(fighter.card):
            refusal = Why("shots.not_one_of", {"fighter": fighter.name, "kind": rule.requires_own.describe()})
        else:
            refusal = ranged_refusal(combat, side, holder, pair)
        if refusal:
            why = combat.say(refusal).rstrip(".")
            args = (source.name, side.value, wanted, card.name, round_number, why)
            responsible = refusal.by or source
            log(combat, StepKind.RANGED, "ENG-11", "bribery_shots.refused", args, side=side, card=responsible)
            combat.warn(
                "shots.refused",
                "ENG-11",
                side=side.value,
                source=source.name,
                wanted=wanted,
                card=card.name,
                round=round_number,
                refusal=why,
                refusal_code=refusal.code,
            )
            continue
        for _ in range(wanted):
            if state.hand[card.slug] <= 0:
                log(
                    combat,
                    StepKind.RANGED,
                    "ENG-11",
                    "bribery_shots",
                    (side.value, card.name, source.name),
                    side=side,
                    card=source,
                )
                break
            spend_card(combat, side, card.slug, CardUse.FIRED)
            before = contributions[side].total
            if any(immunity.ranged for immunity in target.text(Immunity)):
                log(
                    combat,
                    StepKind.RANGED,
                    "PRI-5",
                    "bribery_shots.2",
                    (target.name, card.name, source.name),
                    side=side,
                    card=target.card,
                    subject=holder,
                )
            else:
                add(
                    combat,
                    contributions[side],
                    f"{card.name} ranged",
                    card.up,
                    "ENG-11",
                    source,
                    f"a {card.name} card fired from the hand as a ranged attack worth its Up number ({source.name}'s command)",
                    StepKind.RANGED,
                )
                ranged_modifiers(combat, side, holder, [], contributions[side], points=card.up)
            shot = Shot(side, holder, contributions[side].total - before, points=card.up)
            shots.append(shot)
            answer_shot(combat, shot, pair, contributions)


def ranged_modifiers(
    combat: Combat, side: Side, shooter: Fighter, placed: list[Fighter], contribution: Contribution, *, points: int
) -> None:
    """The shot's own text, then the side-wide rules of cards in play (PRI-9); ``points`` is what the shot
    itself has just added."""
    before = contribution.total
    for rule in shooter.text(RangedModifier):
        if rule.reaches_sides:
            continue
        if rule.amount:
            add(
                combat,
                contribution,
                f"{shooter.name} text",
                rule.amount,
                "PRI-9",
                shooter.card,
                f"{shooter.name}'s text on its ranged attack",
                StepKind.RANGED,
            )
        if rule.adds_other_ranged and placed:
            others = sum(other.card.ranged_attack or 0 for other in placed)
            add(
                combat,
                contribution,
                f"{shooter.name} text",
                others,
                "A-23",
                shooter.card,
                f"the printed values of the ranged attacks already placed ({', '.join(o.name for o in placed)})",
                StepKind.RANGED,
            )
    # The shot's worth so far (its points and its own text): a weakening rule takes it to 0, not below.
    side_rules_on_shot(combat, side, max(points, 0) + contribution.total - before, contribution)
    if any(rule.beaten_after for rule in shooter.text(RangedModifier)):
        record_fate(
            combat,
            StepKind.RANGED,
            "PRI-9",
            "ranged_modifiers",
            (shooter.name,),
            subject=shooter,
            fate=Fate.BEATEN,
            reason=Why("fate.own_text_after_shot"),
            side=side,
            card=shooter.card,
        )


def side_rules_on_shot(combat: Combat, side: Side, worth: int, contribution: Contribution, rule: str = "PRI-9") -> None:
    """The side-wide rules of cards in play on one ranged attack of ``side`` worth ``worth`` so far, each
    its own term: a weakening rule takes the shot to 0, not below."""
    for owner, source, aura, _ in active_effects(combat, RangedModifier):
        if not aura.reaches(owner, side):
            continue
        amount = max(aura.amount, -worth)
        worth += amount
        add(
            combat,
            contribution,
            source.name,
            amount,
            rule,
            source,
            side_rule_why(source, aura),
            StepKind.RANGED,
        )


def side_rule_why(source: CardDefinition, aura: RangedModifier) -> Named:
    """Why a side-wide ranged rule counts here: the card being in play, and the role it needs."""
    role = f" while its side is the {aura.side_role.value}" if aura.side_role else ""
    every = " (every ranged attack of the combat)" if aura.both_sides else ""
    return Named(f"{source.name} being in play{role}{every}", (source.name,))


def command_shot_of(combat: Combat, shooter: Fighter) -> CommandRanged | None:
    """The rule by which a command creature on the table fires, if it is the working command."""
    rule = shooter.first_text(CommandRanged)
    if rule is None or not in_play(combat, shooter, command_only=True):
        return None
    return rule


def pay_for_shot(combat: Combat, side: Side, shooter: Fighter, rule: CommandRanged) -> None:
    state = combat.sides[side]
    state.stones -= rule.cost
    log(
        combat,
        StepKind.STONES,
        "PRI-9",
        "pay_for_shot",
        (side.value, rule.cost, shooter.name, state.stones),
        side=side,
        card=shooter.card,
        delta=-rule.cost,
        total=state.stones,
    )


def answer_shot(
    combat: Combat,
    shot: Shot,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    *,
    only: SpellPlay | None = None,
) -> None:
    """A-04: an answering spell of the other player waiting for this ranged attack (``only``: that one)."""
    caster = shot.side.other
    for entry in combat.pending_reactions[caster]:
        card, play = entry
        rule = card.first(RangedReaction)
        if (
            rule is None
            or (only is not None and play is not only)
            or (play.target is not None and fighter_named(combat, shot.side, play.target) is not shot.shooter)
        ):
            continue
        combat.pending_reactions[caster].remove(entry)
        shot.cancelled = True
        if shot.amount:
            add(
                combat,
                contributions[shot.side],
                card.name,
                -shot.amount,
                "A-04",
                card,
                f"the {caster.value}'s {card.name} taking away {shot.shooter.name}'s ranged attack",
                StepKind.SPELL,
            )
        else:
            log(
                combat,
                StepKind.SPELL,
                "A-04",
                "answer_shot",
                (caster.value, card.name, shot.shooter.name),
                side=caster,
                card=card,
                subject=shot.shooter,
            )
        if rule.effect is ShotEffect.TAKE_OVER:
            take_over(combat, caster, card, shot, pair, contributions)
        if rule.bars_rest and shot.side not in combat.ranged_barred:
            combat.ranged_barred[shot.side] = card
            log(
                combat,
                StepKind.SPELL,
                "A-04",
                "answer_shot.2",
                (card.name, shot.side.value),
                side=caster,
                card=card,
            )
        return


def take_over(
    combat: Combat,
    caster: Side,
    card: CardDefinition,
    shot: Shot,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
) -> None:
    """The shot acts for the caster: its own printed value and text, against the shooter's own creature."""
    target = pair[shot.side]
    if any(immunity.ranged for immunity in target.text(Immunity)):
        log(
            combat,
            StepKind.RANGED,
            "PRI-5",
            "take_over",
            (target.name, caster.value),
            side=caster,
            card=target.card,
            subject=shot.shooter,
        )
        return
    command_shot = command_shot_of(combat, shot.shooter)
    value = command_shot.points if command_shot is not None else shot.shooter.card.ranged_attack or 0
    value = shot.points if shot.points is not None else value
    value += sum(rule.amount for rule in shot.shooter.text(RangedModifier) if not rule.reaches_sides)
    add(
        combat,
        contributions[caster],
        f"{shot.shooter.name} ranged ({card.name})",
        value,
        "A-04",
        card,
        f"{shot.shooter.name}'s ranged attack, which {card.name} turns to the {caster.value}'s side",
        StepKind.SPELL,
    )
    # ENG-20: the shot is now the caster's ranged attack, so every rule in play on the caster's ranged
    # attacks reaches it (a Shield's "every ranged attack 1 weaker"), each its own term.
    if not combat.setup.readings.answers_as_1_2:
        side_rules_on_shot(combat, caster, max(value, 0), contributions[caster], "ENG-20")


def cancel_shots(
    combat: Combat, cancellers: list[Fighter], shots: list[Shot], contributions: dict[Side, Contribution]
) -> None:
    """Each cancelling shooter takes away one opposing ranged attack of the match-up, the first still standing."""
    for canceller in cancellers:
        victim = next((s for s in shots if s.side is not canceller.side and not s.cancelled), None)
        if victim is None:
            log(
                combat,
                StepKind.RANGED,
                "PRI-9",
                "cancel_shots",
                (canceller.name,),
                side=canceller.side,
                card=canceller.card,
                subject=canceller,
            )
            continue
        victim.cancelled = True
        add(
            combat,
            contributions[victim.side],
            canceller.name,
            -victim.amount,
            "PRI-9",
            canceller.card,
            f"{canceller.name} cancelling {victim.shooter.name}'s ranged attack",
            StepKind.RANGED,
        )


def gamble(combat: Combat, side: Side, shooter: Fighter, pair: dict[Side, Fighter]) -> None:
    """ENG-4: a command's optional roll after one of its side's ranged attacks (absent roll: no roll made)."""
    for owner, card, rule, _ in active_effects(combat, RangedGamble):
        if owner is not side:
            continue
        try:
            rolled = roll(combat, side, shooter.reference)
        except KeyError:
            log(
                combat,
                StepKind.NOTE,
                "ENG-4",
                "gamble",
                (card.name, side.value, shooter.name),
                side=side,
                card=card,
            )
            return
        opponent = pair[side.other]
        if rolled < rule.succeeds_from:
            log(
                combat,
                StepKind.NOTE,
                "ENG-4",
                "gamble.2",
                (card.name, side.value, rolled, rule.die, shooter.name, rule.succeeds_from),
                side=side,
                card=card,
            )
            return
        log(
            combat,
            StepKind.NOTE,
            "ENG-4",
            "gamble.3",
            (card.name, side.value, rolled, rule.die, shooter.name, opponent.name),
            side=side,
            card=card,
        )
        destroy_unless_indestructible(
            combat, (shooter, opponent), card, side, "PRI-3", "gamble.4", "fate.destroyed_by_roll"
        )
        return


def ranged_refusal(combat: Combat, side: Side, shooter: Fighter, pair: dict[Side, Fighter]) -> Why | None:
    """Why a ranged attack may not be placed here, or None when it may."""
    barred = combat.ranged_barred.get(side)
    if barred is not None:
        return Why("ranged.barred", {"source": barred.name, "player": side.value, "shooter": shooter.name}, barred)
    if shooter.first_text(CommandRanged) is not None and command_shot_of(combat, shooter) is None:
        return Why("ranged.command_only", {"shooter": shooter.name})
    for owner, source, rule, _ in active_effects(combat, ForbidsRanged):
        if rule.sides.reaches(owner is side):
            return Why("ranged.forbidden", {"source": source.name, "shooter": shooter.name}, source)
    limit = shooter.first_text(RangedLimit)
    if limit is not None:
        opponent, own = pair[side.other], pair[side]
        if limit.against is not None and not limit.against.matches(opponent.card):
            values: dict[str, object] = {
                "shooter": shooter.name,
                "kind": limit.against.describe(),
                "fighter": opponent.name,
            }
            return Why("ranged.wrong_target", values)
        if limit.supports is not None and not limit.supports.matches(own.card):
            values = {"shooter": shooter.name, "kind": limit.supports.describe(), "fighter": own.name}
            return Why("ranged.wrong_partner", values)
        if limit.terrain is not None and limit.terrain not in combat.terrain:
            return Why("ranged.wrong_terrain", {"shooter": shooter.name, "terrain": limit.terrain.value})
    return None


def channelling_refusal(combat: Combat, side: Side, target: Fighter, source_card: CardDefinition | None) -> Why | None:
    # The refused channeller is no creature, so the step names it among its values (its ``card`` is the banning
    # card): the channelling card, or the player's Guardian.
    # A Guardian's refusal keeps its old words (its step never named a card).
    refused = {"channeller": source_card.name} if source_card is not None else {}
    named = "_channeller" if source_card is not None else ""
    barred = combat.channelling_barred
    if barred is not None:
        return Why("channel.barred_for_combat", {"source": barred.name, "player": side.value}, barred)
    for owner, source, rule, holder in active_effects(combat, ForbidsChannelling):
        if not rule.sides.reaches(owner is side):
            continue
        if rule.in_matchup_only and (holder is None or holder.role not in (Role.PRIMARY, Role.RANGED)):
            continue
        if rule.stones_only:
            if source_card is None:
                return Why("channel.no_stones", {"source": source.name, "player": side.value}, source)
            continue
        if rule.channellers_only:
            if source_card is not None:
                return Why("channel.guardians_only", {"source": source.name, "player": side.value, **refused}, source)
            continue
        return Why("channel.forbidden" + named, {"source": source.name, "player": side.value, **refused}, source)
    # A terrain card's rule binds both players on its space: only its channellers-only form exists in the data.
    space = terrain_rule(combat, ForbidsChannelling)
    if space is not None and source_card is not None and space[1].channellers_only:
        return Why("channel.guardians_only", {"source": space[0].name, "player": side.value, **refused}, space[0])
    only = target.first_text(ReceivesChannellingOnlyFrom)
    if only is not None:
        allowed = (source_card is None and only.guardian) or (
            source_card is not None and only.channellers is not None and only.channellers.matches(source_card)
        )
        if not allowed:
            sources = only.describe().split(" from ", 1)[1].rstrip(".")
            return Why("channel.only_from" + named, {"target": target.name, "sources": sources, **refused}, target.card)
    return None


def channel_answer(combat: Combat, answerer: Side, effect: ChannelEffect, channel: Channel) -> CardDefinition | None:
    """A-04: the answer ``answerer`` holds ready for this channelling (a spell, or a ranged
    attacker waiting for it), used up here; None when there is none."""
    for entry in combat.pending_reactions[answerer]:
        card, play = entry
        rule = card.first(ChannelReaction)
        if rule is None or rule.effect is not effect or play.moment != channel.moment:
            continue
        if play.target is not None and split_reference(play.target)[0] != split_reference(channel.source)[0]:
            continue
        combat.pending_reactions[answerer].remove(entry)
        return card
    for shooter in combat.waiting_shooters:
        rule = shooter.first_text(ChannelReaction)
        if (
            shooter.side is answerer
            and rule is not None
            and rule.effect is effect
            and shooter.round == channel.moment.round
            and not channel.moment.secondary
        ):
            combat.waiting_shooters.remove(shooter)
            return shooter.card
    return None


def guardian_cap(combat: Combat, side: Side, target: Fighter) -> bool:
    """Whether an effect in play lets ``target`` take up to its Guardian's CMP instead of its Vitality."""
    return any(
        allowance.guardian_cmp_cap and allowance.sides.reaches(owner is side) and allowance.target.matches(target.card)
        for owner, _, allowance, _ in active_effects(combat, AllowsChannellingTo)
    )


# PRI-10
def channelling(
    combat: Combat, moment: Moment, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]
) -> None:
    if pair[Side.ATTACKER].fate is not Fate.STANDING or pair[Side.DEFENDER].fate is not Fate.STANDING:
        drop_unused_reactions(combat)
        return
    if not moment.secondary and push_forced(combat, moment.round):
        planned = [side for side in SIDES for c in combat.sides[side].setup.channels if c.moment == moment]
        if planned:
            frozen_by_push(combat, planned[0], "the channelling planned for it is not made")
        drop_unused_reactions(combat)
        return
    for side in SIDES:
        for channel in combat.sides[side].setup.channels:
            if channel.moment == moment:
                channel_once(combat, side, channel, pair, contributions)
    drop_unused_reactions(combat)


def channel_once(
    combat: Combat, side: Side, channel: Channel, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]
) -> None:
    """One use of one channel source: into the side's primary attacker or the shot it names."""
    target = pair[side]
    if channel.target is not None:
        named = fighter_named(combat, side, channel.target)
        if (
            named is not None
            and named is not target
            and channel_to_shot(combat, side, channel, named, pair, contributions)
        ):
            return
        if named is not target:
            log(
                combat,
                StepKind.CHANNEL,
                "PRI-10",
                "channelling",
                (side.value, target.name, channel.target),
                side=side,
            )
            return
    channel_into(combat, side, channel, contributions[side], pair[side.other])


def channel_to_shot(
    combat: Combat,
    side: Side,
    channel: Channel,
    shooter: Fighter,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
) -> bool:
    """Channelling aimed at a ranged attacker whose text lets its shot take some; the points
    join its side's total like the shot itself. False when the named creature is no such shooter."""
    rule = shooter.first_text(RangedChannelling)
    if rule is None or shooter.role is not Role.RANGED or shooter.round != channel.moment.round:
        return False
    if shooter not in combat.live_shooters:
        log(
            combat,
            StepKind.CHANNEL,
            "PRI-10",
            "channel_to_shot",
            (shooter.name, side.value),
            side=side,
            subject=shooter,
        )
        return True
    shot = combat.shot_channels.setdefault(id(shooter), Contribution(shooter))
    shot.terms = [term for term in shot.terms if term.label != shooter.name]
    shot.channel_allowed = True
    before = shot.channelled
    channel_into(combat, side, channel, shot, pair[side.other])
    if shot.channelled > before:
        add(
            combat,
            contributions[side],
            f"{shooter.name} shot channelled",
            shot.channelled - before,
            "PRI-10",
            shooter.card,
            f"the channelling on {shooter.name}'s ranged attack",
            StepKind.CHANNEL,
        )
    return True


def channel_modifiers(combat: Combat, side: Side) -> list[tuple[CardDefinition, ChannelModifier]]:
    """The cards in play whose rule changes each channel of ``side`` (PRI-10), then the terrain card's, which
    binds both players on its space."""
    found = [
        (source, rule)
        for owner, source, rule, _ in active_effects(combat, ChannelModifier)
        if rule.sides.reaches(owner is side)
    ]
    space = terrain_rule(combat, ChannelModifier)
    if space is not None:
        found.append(space)
    return found


def channeller_bonuses(combat: Combat, side: Side) -> list[tuple[CardDefinition, ChannelModifier]]:
    """A stronghold upgrade's bonus to ``side``'s channellers (Wizard's Tower), as a channel modifier of that card,
    so it is planned, capped and logged as every other rule changing a channel is."""
    return [
        (source, ChannelModifier(amount=rule.amount))
        for owner, source, rule, _ in active_effects(combat, ChannellerBonus)
        if owner is side
    ]


def plan_channel(
    per_use: int, room: int, modifiers: list[tuple[CardDefinition, ChannelModifier]]
) -> tuple[int, list[tuple[CardDefinition, int, int]]]:
    """What one channel use adds, as steps: the channel's own amount, then each rule's change (card, change,
    what it adds). The rules change the channel's worth (never below 0) and the cap (``room``) applies to
    that worth: a weakened channel that fits under the cap is not cut, so the channel's own step is shown
    whole and the rules' steps take it down."""
    changes: list[tuple[CardDefinition, int]] = []
    worth = per_use
    for source, rule in modifiers:
        change = max(rule.amount, -worth)
        worth += change
        changes.append((source, change))
    weakened = worth < per_use
    own = per_use if weakened else min(per_use, room)
    counted, running = own, per_use
    steps: list[tuple[CardDefinition, int, int]] = []
    for index, (source, change) in enumerate(changes):
        running += change
        last = index == len(changes) - 1
        reaches = min(running, room) if not weakened or last else running
        steps.append((source, change, reaches - counted))
        counted = reaches
    return own, steps


def modify_channel(
    combat: Combat, side: Side, contribution: Contribution, steps: list[tuple[CardDefinition, int, int]]
) -> None:
    """Each rule changing the channel just made, as its own step (``plan_channel``)."""
    target = contribution.fighter
    for source, change, delta in steps:
        contribution.channelled += delta
        if delta:
            contribution.add(Named(f"channel ({source.name})", (source.name,)), delta)
        capped = " (the cap stops it)" if delta != change else ""
        log(
            combat,
            StepKind.CHANNEL,
            "PRI-10",
            "channel_into.modified",
            (source.name, target.name, f"{change:+d}", capped, contribution.total),
            side=side,
            card=source,
            subject=target,
            delta=delta,
            total=contribution.total,
            chain=tuple(contribution.terms),
        )


def first_attacker_shield(combat: Combat, opponent: Fighter | None) -> CardDefinition | None:
    """The opposing command card (Disc of Siin) that bars channelling against ``opponent``, one of its side's first
    primary attackers as many as the command's roll gives; None when nothing bars it."""
    if opponent is None or opponent.role is not Role.PRIMARY or opponent.round is None:
        return None
    owner = combat.sides[opponent.side]
    card = owner.command_card
    if card is None or not owner.command_active:
        return None
    rule = card.first(ShieldsFirstFromChannelling)
    if rule is None:
        return None
    return card if opponent.round <= rule.shielded(roll(combat, opponent.side, card.slug)) else None


def once_each_guardian(guardian: CardDefinition | None) -> CardDefinition | None:
    """The side's Guardian card when its own text lets it channel into each creature only once a combat (Harkin);
    read from the card itself, as the channel step names it."""
    return guardian if guardian is not None and guardian.first(GuardianChannelsOnceEach) is not None else None


def channel_into(
    combat: Combat, side: Side, channel: Channel, contribution: Contribution, opponent: Fighter | None
) -> None:
    state = combat.sides[side]
    target = contribution.fighter
    if opponent is not None and opponent.first_text(NoChannellingAgainst) is not None:
        log(
            combat,
            StepKind.CHANNEL,
            "PRI-10",
            "channel_into",
            (opponent.name, target.name),
            side=side,
            card=opponent.card,
            subject=target,
        )
        combat.warn("channel.against_forbidden", "PRI-10", side=side.value, opponent=opponent.name)
        return
    shield = first_attacker_shield(combat, opponent)
    if shield is not None:
        why = Why(
            "channel.first_shielded",
            {"source": shield.name, "player": side.value, "opponent": opponent.name if opponent else ""},
        )
        refuse(combat, StepKind.CHANNEL, "PRI-10", why, side=side, card=shield, subject=target)
        return
    # The card a channel step names: the channeller, or the Guardian card the set-up names (none when unnamed).
    channeller: CardDefinition | None = state.guardian_card
    if channel.source == "guardian":
        source_name, per_use, uses = "The Guardian", state.guardian.cmp, channel.amount
        restriction = None
        index = -1
        if state.stones <= 0:
            log(
                combat,
                StepKind.CHANNEL,
                "PRI-10",
                "channel_into.2",
                (side.value,),
                side=side,
                card=channeller,
                subject=target,
            )
            return
        if uses > state.stones:
            combat.warn("channel.too_few_stones", "PRI-10", side=side.value, planned=uses, left=state.stones)
            uses = state.stones
        source_card = None
        once_each = once_each_guardian(state.guardian_card)
        if once_each is not None:
            if target.guardian_channelled:
                why = Why("channel.once_each", {"source": once_each.name, "player": side.value, "target": target.name})
                refuse(combat, StepKind.CHANNEL, "PRI-10", why, side=side, card=once_each, subject=target)
                return
            if uses > 1:
                combat.warn(
                    "channel.once_each_stones", "PRI-10", side=side.value, source=once_each.name, target=target.name,
                    planned=uses,
                )  # fmt: skip
                uses = 1
    else:
        found = find_creature(
            combat.catalog, tuple(split_reference(ref)[0] for _, ref in state.channellers), channel.source
        )
        assert found is not None
        index = found
        source_card = channeller = state.channellers[index][0]
        penned = next((card for owner, card in combat.channellers_penned if owner is side), None)
        if penned is not None:
            log(
                combat,
                StepKind.CHANNEL,
                "CMD-4",
                "channel_into.3",
                (source_card.name, penned.name),
                side=side,
                card=source_card,
                subject=target,
            )
            return
        if index in state.used_channellers:
            log(
                combat,
                StepKind.CHANNEL,
                "PRI-10",
                "channel_into.4",
                (source_card.name,),
                side=side,
                card=source_card,
                subject=target,
            )
            return
        source_name, per_use, uses = source_card.name, source_card.cmp or 0, 1
        restriction = source_card.first(ChannelsOnlyTo)
        if restriction is not None and not restriction.target.matches(target.card):
            log(
                combat,
                StepKind.CHANNEL,
                "PRI-10",
                "channel_into.5",
                (source_card.name, restriction.target.describe(), target.name),
                side=side,
                card=source_card,
                subject=target,
            )
            return
    refusal = channelling_refusal(combat, side, target, source_card)
    if refusal:
        refuse(combat, StepKind.CHANNEL, "PRI-10", refusal, side=side, card=channeller, subject=target)
        return
    may_receive = (
        target.card.receives_channeling
        or contribution.channel_allowed
        or (restriction is not None and restriction.overrides_red_bar)
        or any(
            allowance.sides.reaches(owner is side) and allowance.target.matches(target.card)
            for owner, _, allowance, _ in active_effects(combat, AllowsChannellingTo)
        )
        or ((space := terrain_rule(combat, AllowsChannellingTo)) is not None and space[1].target.matches(target.card))
    )
    if not may_receive:
        log(
            combat,
            StepKind.CHANNEL,
            "PRI-10",
            "channel_into.6",
            (target.name, source_name),
            side=side,
            card=channeller,
            subject=target,
        )
        combat.warn("channel.cannot_receive", "PRI-10", side=side.value, target=target.name)
        return
    cap_rule = target.first_text(ChannelCap)
    cap = target.vitality if cap_rule is None else (cap_rule.maximum if cap_rule.maximum is not None else 10**6)
    if cap_rule is None and guardian_cap(combat, side, target):
        cap = state.guardian.cmp
    shot_rule = target.first_text(RangedChannelling) if target.role is Role.RANGED else None
    if shot_rule is not None:
        cap = shot_rule.maximum
    if source_card is not None:
        answer = channel_answer(combat, side.other, ChannelEffect.DESTROY_CHANNELLER, channel)
        if answer is not None:
            state.used_channellers.add(index)
            log(
                combat,
                StepKind.DESTROY,
                "A-04",
                "channel_into.7",
                (answer.name, source_card.name, target.name),
                side=side.other,
                card=answer,
                subject=target,
            )
            return
    eaten = channel_answer(combat, side.other, ChannelEffect.SUBTRACT, channel) if source_card is None else None
    modifiers = channel_modifiers(combat, side)
    if source_card is not None:
        modifiers += channeller_bonuses(combat, side)
    for _ in range(uses):
        if eaten is not None:
            state.stones -= 1
            contribution.add(f"channel reversed ({eaten.name})", -per_use)
            log(
                combat,
                StepKind.CHANNEL,
                "A-04",
                "channel_into.8",
                (side.other.value, eaten.name, per_use, target.name, contribution.total),
                side=side.other,
                card=eaten,
                subject=target,
                delta=-per_use,
                total=contribution.total,
                chain=tuple(contribution.terms),
            )
            eaten = None
            continue
        room = max(cap - contribution.channelled, 0)
        applied, changed = plan_channel(per_use, room, modifiers) if modifiers else (min(per_use, room), [])
        if channel.source == "guardian":
            state.stones -= 1
            target.guardian_channelled = True
        else:
            state.used_channellers.add(index)
        spent = "a stone" if channel.source == "guardian" else "its once-a-turn channel"
        if applied < per_use:
            rule = "A-05"
            note = f" (only {applied} fits under {target.name}'s cap of {cap}; the rest is lost)"
        else:
            rule = "PRI-10"
            note = ""
        contribution.channelled += applied
        if applied:
            contribution.add(Named(f"channel ({source_name})", (source_name,)), applied)
            target.channelled = True
        immune_note = (
            " It raises the total but the creature is turned and still does no damage." if target.turned else ""
        )
        log(
            combat,
            StepKind.CHANNEL,
            rule if not target.turned or rule == "A-05" else "A-10",
            "channel_into.9",
            (source_name, spent, per_use, target.name, note, contribution.total, immune_note),
            side=side,
            card=channeller,
            subject=target,
            delta=applied,
            total=contribution.total,
            chain=tuple(contribution.terms),
        )
        if changed:
            modify_channel(combat, side, contribution, changed)
    for owner, card, stones, holder in active_effects(combat, Stones):
        if (
            stones.on is StoneEvent.OPPONENT_CHANNELS
            and owner is side.other
            and (holder is None or holder.fate is Fate.STANDING)
        ):
            change_stones(combat, owner, stones, card, "PRI-10", f"the {side.value} channelled while it is in play")


def play_turns(
    combat: Combat,
    moment: Moment,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    turns: tuple[Turn, ...],
) -> None:
    """PRI-9, PRI-10 and the spells and items cast in their turn, as the players take them (A-04):
    the turns of an ordered match-up, one at a time, each seeing the totals the earlier ones left.
    A refused action is logged where it was attempted."""
    round_number = moment.round
    volley = start_ranged(combat, round_number, pair)
    combat.live_shooters = []
    combat.shot_channels = {}
    lunches = [
        (side, index)
        for side, slug, index in combat.plan.spells.get(round_number, ())
        if (card := combat.catalog.find(slug)) is not None and card.first(AllowChannelling) is not None
    ]
    answers = dispel_answers(combat, turns)
    dispelled = {victim for victim, _ in answers.values()}
    # Under the reading rules-1.2 (a set-up shared before ENG-19) no answer is paired: each waits as it did then.
    answered = NO_ANSWERS if combat.setup.readings.answers_as_1_2 else pairs(combat.catalog, turns)
    # The answers already played with the channel they answer (ENG-19), by position in ``turns``.
    armed: set[int] = set()
    previous_shot: Shot | None = None
    for position, (side, decision, index) in enumerate(turns):
        announce_refusals(combat, index)
        shot_before, previous_shot = previous_shot, None
        if position in armed:
            continue
        if isinstance(decision, SpellPlay) and answered.answers.get(position) is AnswerTo.BRIBE:
            # A bribe is answered only inside the bribery window, right after it (ENG-19): never cast here.
            card = combat.catalog.get(decision.card)
            missed(combat, side, card.name, AnswerTo.BRIBE, spell_slug=card.slug, spent=False)
            continue
        if isinstance(decision, SpellPlay):
            cancels = answers[index][1] if index in answers else None
            cast_in_turn(combat, side, decision, pair, contributions, dispelled=index in dispelled, cancels=cancels)
            kind = answered.answers.get(position)
            if kind is None:
                answer_last_shot(combat, side, volley, pair, contributions)
            else:
                answer_in_turn(combat, side, decision, kind, shot_before, pair, contributions)
            continue
        if combat.spell_decided is not None or combat.ended_unchallenged:
            not_made = action_said(combat.catalog, decision_action(side, decision))
            log(combat, StepKind.NOTE, "A-04", "turn.decided", (side.value, not_made), side=side)
            continue
        if isinstance(decision, ItemUse):
            use_item(combat, side, decision, pair, contributions)
            continue
        if isinstance(decision, GuardianUse):
            guardian_turn_alone(combat, side, decision)
            continue
        if isinstance(decision, RangedSupport):
            made = len(volley.shots)
            shoot_in_turn(
                combat, round_number, side, decision, pair, contributions, volley, answered.answers.get(position)
            )
            if len(volley.shots) > made and volley.shots[-1].side is side:
                previous_shot = volley.shots[-1]
            continue
        if any(f.fate is not Fate.STANDING for f in pair.values()):
            log(combat, StepKind.NOTE, "PRI-9", "matchup.4", (side.value,), side=side)
            continue
        if push_forced(combat, round_number):
            frozen_by_push(combat, side, "the channelling given for it is not made")
            continue
        if needs_lunch_first(combat, side, pair[side], decision, index, lunches):
            refuse_channel(combat, round_number, side, decision)
            continue
        answer_at = answered.answer_of(position)
        if answer_at is None:
            channel_once(combat, side, decision, pair, contributions)
            continue
        armed.add(answer_at)
        channel_answered(combat, round_number, side, decision, turns[answer_at], pair, contributions, volley)
    # Actions given after both players passed wait for the end of the match-up (primary_step).
    announce_refusals(combat, turns=True)
    for side in SIDES:
        run_effects(combat, "PRI-9 side", side, round_number, pair, contributions, volley.shots)
    finish_ranged(combat, round_number, contributions, volley)
    drop_unused_reactions(combat)


def shoot_in_turn(
    combat: Combat,
    round_number: int,
    side: Side,
    support: RangedSupport,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    volley: Volley,
    answer: AnswerTo | None,
) -> None:
    """A ranged attack taken as a turn. A ranged answerer placed with no opposing channel just before it
    answers nothing (ENG-19): it does not wait for a later channel."""
    waiting = len(combat.waiting_shooters)
    shoot(combat, round_number, side, support, pair, contributions, volley)
    combat.live_shooters = [shot.shooter for shot in volley.shots if not shot.cancelled]
    if answer is not None and len(combat.waiting_shooters) > waiting:
        shooter = combat.waiting_shooters.pop()
        missed(combat, side, shooter.name, answer, spell_slug=None)


def channel_answered(
    combat: Combat,
    round_number: int,
    side: Side,
    channel: Channel,
    answer: Turn,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    volley: Volley,
) -> None:
    """A channel whose answer is the opponent's very next turn (ENG-19): the answer is played first, so
    the channel is counted with it (reversed, or cancelled with its channeller); an answer the channel
    did not use (no channel was made, or it was not the one the answer reaches) answers nothing."""
    answerer, decision, _ = answer
    if isinstance(decision, GuardianUse):
        if guardian_ability(combat, answerer, decision) is None:
            channel_once(combat, side, channel, pair, contributions)
            not_applied(combat, answerer, decision)
        elif not cancel_channel(combat, answerer, decision, side, channel):
            # Too few stones (said in its step) or channelling already barred: the channel is made as written.
            channel_once(combat, side, channel, pair, contributions)
        return
    if isinstance(decision, SpellPlay):
        cast_in_turn(combat, answerer, decision, pair, contributions)
        channel_once(combat, side, channel, pair, contributions)
        if withdraw_pending(combat, answerer, decision):
            card = combat.catalog.get(decision.card)
            missed(combat, answerer, card.name, AnswerTo.CHANNEL, spell_slug=card.slug)
        return
    if not isinstance(decision, RangedSupport):
        channel_once(combat, side, channel, pair, contributions)
        return
    waiting = len(combat.waiting_shooters)
    shoot(combat, round_number, answerer, decision, pair, contributions, volley)
    combat.live_shooters = [shot.shooter for shot in volley.shots if not shot.cancelled]
    shooter = combat.waiting_shooters[-1] if len(combat.waiting_shooters) > waiting else None
    channel_once(combat, side, channel, pair, contributions)
    if shooter is not None and shooter in combat.waiting_shooters:
        combat.waiting_shooters.remove(shooter)
        missed(combat, answerer, shooter.name, AnswerTo.CHANNEL, spell_slug=None)


def guardian_turn_alone(combat: Combat, side: Side, use: GuardianUse) -> None:
    """A Guardian turn with no opposing channel just before it to answer (or one it could not answer)."""
    if guardian_ability(combat, side, use) is None:
        not_applied(combat, side, use)
        return
    card = combat.sides[side].guardian_card
    assert card is not None
    missed(combat, side, card.name, AnswerTo.CHANNEL, spell_slug=None, card=card)


def answer_in_turn(
    combat: Combat,
    side: Side,
    play: SpellPlay,
    kind: AnswerTo,
    shot_before: Shot | None,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
) -> None:
    """An answering spell in its own turn (ENG-19): a shot answer answers the opposing shot of the turn
    just before it, if there was one; any answer still waiting then has nothing to answer."""
    if (
        kind is AnswerTo.SHOT
        and shot_before is not None
        and shot_before.side is side.other
        and not shot_before.cancelled
    ):
        if not push_forced(combat, pair[side].round or 0):
            answer_shot(combat, shot_before, pair, contributions, only=play)
    if withdraw_pending(combat, side, play):
        card = combat.catalog.get(play.card)
        missed(combat, side, card.name, kind, spell_slug=card.slug)


def dispel_answers(combat: Combat, turns: tuple[Turn, ...]) -> dict[int, tuple[int, str]]:
    """The Dispel Magic turns that cancel a spell: each is the very next turn after an opposing spell
    cast in its turn (refused actions and passes take no turn here). Keyed by the Dispel Magic's
    index in the list: the cancelled spell's index and name."""
    answers: dict[int, tuple[int, str]] = {}
    for (side, decision, index), (other, answer, at) in zip(turns, turns[1:], strict=False):
        if not (isinstance(decision, SpellPlay) and isinstance(answer, SpellPlay)):
            continue
        spell, dispel = combat.catalog.get(decision.card), combat.catalog.get(answer.card)
        if (
            other is side.other
            and dispel.first(Dispel)
            and not spell.first(Dispel)
            and not casting_refusal(combat, other, dispel)
            and not casting_refusal(combat, side, spell)
        ):
            answers[at] = (index, spell.name)
    return answers


def answer_last_shot(
    combat: Combat, side: Side, volley: Volley, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]
) -> None:
    """An answering spell cast in its turn after an opposing ranged attack answers that attack."""
    if not combat.pending_reactions[side] or push_forced(combat, pair[side].round or 0):
        return
    last = next((shot for shot in reversed(volley.shots) if shot.side is side.other), None)
    if last is not None and not last.cancelled:
        answer_shot(combat, last, pair, contributions)


def decision_action(side: Side, decision: RangedSupport | Channel | ItemUse | GuardianUse) -> Action:
    """The action a turn's decision is (for a turn that is not made, said as the action)."""
    if isinstance(decision, GuardianUse):
        return Action(side, ActionKind.GUARDIAN, CardRef(decision.card), target=card_ref(decision.target))
    if isinstance(decision, RangedSupport):
        return Action(side, ActionKind.RANGED, CardRef(decision.creature))
    if isinstance(decision, ItemUse):
        return Action(side, ActionKind.ITEM, CardRef(decision.card), target=card_ref(decision.target))
    return Action(
        side, ActionKind.CHANNEL, CardRef(decision.source), target=card_ref(decision.target), amount=decision.amount
    )


def needs_lunch_first(
    combat: Combat, side: Side, own: Fighter, channel: Channel, index: int, lunches: list[tuple[Side, int]]
) -> bool:
    """A channel into a creature that cannot receive channelling by itself, given before the spell
    of its side that would let it (the spell must come first: the order note of the procedure)."""
    if channel.target is not None or own.card.receives_channeling:
        return False
    mine = [at for owner, at in lunches if owner is side]
    return bool(mine) and min(mine) > index


def refuse_channel(combat: Combat, round_number: int, side: Side, channel: Channel) -> None:
    refuse_action(combat, StepKind.CHANNEL, round_number, decision_action(side, channel), Refusal.NEEDS_SPELL_FIRST)
