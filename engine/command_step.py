"""The command step (CMD-1 to CMD-5): declaration, contradiction, dispels, command effects; and the
AOEs (AOE-1 to AOE-4), fired by a command here or by a primary attacker at PRI-4."""

from __future__ import annotations

from dataclasses import replace

from .abilities import (
    AllowsChannellingTo,
    Aoe,
    AttackBoost,
    BlankText,
    BriberyShots,
    BribesAnyIcon,
    CancelsAoe,
    Castable,
    ClassChoice,
    CommandAnnouncement,
    CommandBonus,
    CommandGuess,
    CommandPlayFirst,
    CommandRanged,
    CommandRelocates,
    CommandSideline,
    CommandTerrain,
    DestroyedWhenCommanding,
    Detonates,
    Dispel,
    DispelsOpposingCommand,
    ForbidsCasting,
    ForbidsChannelling,
    ForbidsCommands,
    ForbidsRanged,
    HandDiscard,
    Immunity,
    ItemBribe,
    JoinsFromTerrain,
    LowestFirst,
    MatchupDestruction,
    PensChannellers,
    PushMargin,
    RangedGamble,
    RangedModifier,
    RetreatOption,
    RicherHandDiscards,
    Scope,
    SendsToMelee,
    SharedClass,
    SharesFirstTerrainBonus,
    ShieldsFirstFromChannelling,
    SideBonus,
    Sides,
    StoneBid,
    StoneEvent,
    Stones,
    StrikesAttackingShield,
    Suppressed,
    Suppresses,
    TextScope,
    Undispellable,
    WinsHeavyLosses,
    WinsPushes,
    ZeroBaseVitality,
)
from .cards import CardDefinition
from .combat_state import Combat
from .core import (
    active_effects,
    burn_stones,
    cancel_command,
    change_stones,
    choice,
    fighter_named,
    given_count,
    log,
    record_fate,
    refuse,
    roll,
    spend_card,
    take_back_card,
    terrain_rule,
)
from .effects import acts_in, effects_in, now_present, run_effects
from .enums import (
    SIDES,
    AoeType,
    CardType,
    CardUse,
    Fate,
    Role,
    Side,
    StepKind,
    Timing,
)
from .hand_effects import command_class_choice, discard_from_hands, send_duplicates_to_melee
from .log import CardOutcome, Why
from .render import Named
from .setup import copy_references, face_down, split_reference
from .state import Fighter
from .validate import resolve_terrain

# Kinds that work for as long as their creature is in play, a command creature included.
LASTING_KINDS = (
    SideBonus,
    ForbidsRanged,
    ForbidsChannelling,
    AllowsChannellingTo,
    WinsPushes,
    Suppresses,
    RangedModifier,
    MatchupDestruction,
    WinsHeavyLosses,
    PushMargin,
    ForbidsCasting,
    CommandRanged,
    RangedGamble,
    BriberyShots,
    Detonates,
    RetreatOption,
    BribesAnyIcon,
    CommandGuess,
    ItemBribe,
)


def command_step(combat: Combat) -> None:
    strike_attacking_shield(combat)
    for side in SIDES:
        state = combat.sides[side]
        reference = state.setup.command
        banned = terrain_rule(combat, ForbidsCommands)
        if reference is not None and banned is not None:
            log(
                combat,
                StepKind.DECLARE,
                "CMD-1",
                "command_step",
                (banned[0].name, side.value),
                side=side,
                card=banned[0],
            )
            combat.warn("command.banned_here", "CMD-1", side=side.value, card=banned[0].name)
            continue
        if reference is None:
            log(combat, StepKind.DECLARE, "CMD-1", "command_step.2", (side.value,), side=side)
            continue
        log(
            combat,
            StepKind.DECLARE,
            "CMD-1",
            "command_step.3",
            (side.value,),
            side=side,
        )
        card = combat.catalog.get(split_reference(reference)[0])
        fighter = fighter_named(combat, side, reference) if card.is_creature else None
        if fighter is not None:
            # The creature as it stands after the set-up (an item played with it may have given it its command).
            card = fighter.card
        state.command_card = card
        state.command_active = True
        if card.is_creature:
            assert fighter is not None
            fighter.in_hand = False
            fighter.role = Role.COMMAND
            fighter.fate_why = Why("fate.command_card")
            state.command_fighter = fighter
        elif card.type is CardType.CREATURE_ITEM:
            # A creature item of the stack played as the command card: it leaves the stack, not the hand.
            combat.card_uses.append(
                CardOutcome.record(side=side, card=card.slug, use=CardUse.COMMAND, step=len(combat.steps))
            )
            now_present(combat, card.abilities)
        else:
            spend_card(combat, side, card.slug, CardUse.COMMAND)
            now_present(combat, card.abilities)
    commands: dict[Side, CardDefinition] = {}
    for side in SIDES:
        command_card = combat.sides[side].command_card
        if command_card is not None:
            commands[side] = command_card
    if not commands:
        return
    revealed = Named(
        " and ".join(f"{side.value}: {card.name} (Up {card.up})" for side, card in commands.items()),
        (card.name for card in commands.values()),
    )
    log(combat, StepKind.REVEAL, "CMD-1", "command_step.4", (revealed,))
    for side in commands:
        if combat.sides[side].command_fighter is not None:
            log(
                combat,
                StepKind.NOTE,
                "CMD-5",
                "command_step.5",
                (commands[side].name,),
                side=side,
                card=commands[side],
            )
    if len(commands) == 2:
        contradiction_test(combat)
    banned_command_cards(combat)
    dispel_magic_chains(combat)
    command_dispellers(combat)
    paid_dispels(combat)
    before_commands(combat)
    # The combat's space is settled before any command acts on its terrain (ENG-13).
    run_effects(combat, "CMD-4 space")
    for side in SIDES:
        if combat.sides[side].command_active:
            apply_command(combat, side)


def conflicts(combat: Combat, first: CardDefinition, second: CardDefinition) -> str:
    terrain_a, terrain_b = first.first(CommandTerrain), second.first(CommandTerrain)
    if terrain_a and terrain_b and terrain_a.terrain != terrain_b.terrain:
        return "both change the terrain type of the space"
    announce_a, announce_b = first.first(CommandAnnouncement), second.first(CommandAnnouncement)
    if announce_a and announce_b and announce_a.conflict and announce_a.conflict == announce_b.conflict:
        return "each makes the other player declare first, which cannot both be done"
    return ""


def contradiction_test(combat: Combat) -> None:
    a = combat.sides[Side.ATTACKER].command_card
    d = combat.sides[Side.DEFENDER].command_card
    assert a is not None and d is not None
    reason = conflicts(combat, a, d)
    if not reason:
        log(
            combat,
            StepKind.CONTRADICTION,
            "CMD-2",
            "contradiction_test",
            (a.name, d.name),
        )
        return
    if a.up == d.up:
        for side in SIDES:
            cancel_command(combat, side, combat.sides[side.other].command_card, "CMD-2")
        log(
            combat,
            StepKind.CONTRADICTION,
            "CMD-2",
            "contradiction_test.2",
            (a.name, d.name, reason, a.up),
        )
        return
    loser = Side.ATTACKER if a.up < d.up else Side.DEFENDER
    low, high = (a, d) if loser is Side.ATTACKER else (d, a)
    cancel_command(combat, loser, high, "CMD-2")
    log(
        combat,
        StepKind.CONTRADICTION,
        "CMD-2",
        "contradiction_test.3",
        (a.name, d.name, reason, low.name, low.up, high.up),
        side=loser,
        card=low,
    )


def spend_dispel(combat: Combat, side: Side) -> CardDefinition | None:
    state = combat.sides[side]
    for slug, count in state.hand.items():
        card = combat.catalog.get(slug)
        if count > 0 and card.first(Dispel) is not None:
            spend_card(combat, side, slug, CardUse.CAST)
            return card
    return None


def dispel_magic_chains(combat: Combat) -> None:
    budgets = {side: combat.sides[side].setup.dispel for side in SIDES}
    for owner in SIDES:
        state = combat.sides[owner]
        if not state.command_active or state.command_card is None:
            continue
        target_name = state.command_card.name
        caster = owner.other
        standing = True
        last_dispel: CardDefinition | None = None
        if budgets[caster] > 0 and undispellable(combat, owner, "Dispel Magic"):
            continue
        while budgets[caster] > 0:
            card = spend_dispel(combat, caster)
            if card is None:
                break
            refusal = casting_refusal(combat, caster, card)
            if refusal:
                take_back_card(combat, caster, card.slug)
                refuse(combat, StepKind.DISPEL, "CMD-3", refusal, side=caster, card=card, warn=False)
                break
            budgets[caster] -= 1
            standing = not standing
            last_dispel = card
            message = "dispel_magic_chains.casts" if not standing else "dispel_magic_chains.answers"
            log(
                combat,
                StepKind.DISPEL,
                "CMD-3",
                message,
                (caster.value, card.name, target_name),
                side=caster,
                card=card,
            )
            caster = caster.other
        if not standing:
            cancel_command(combat, owner, last_dispel, "CMD-3")
            log(
                combat,
                StepKind.DISPEL,
                "CMD-3",
                "dispel_magic_chains",
                (target_name,),
                side=owner,
                card=state.command_card,
            )


def paid_dispels(combat: Combat) -> None:
    """CMD-3: a Shield whose owner pays stones to cancel the opposing command card, when the set-up's
    choice takes the offer (``dispel``)."""
    for side in SIDES:
        state, target = combat.sides[side], combat.sides[side.other]
        for shield in state.shield_cards:
            rule = shield.first(DispelsOpposingCommand)
            if rule is None or not rule.cost or choice(combat, side, shield.slug) != "dispel":
                continue
            if target.command_card is None or not target.command_active:
                log(combat, StepKind.DISPEL, "CMD-3", "paid_dispels.nothing", (shield.name,), side=side, card=shield)
                continue
            if undispellable(combat, side.other, f"{shield.name}'s dispel"):
                continue
            if state.stones < rule.cost:
                combat.warn(
                    "stones.cannot_pay", "CMD-3", side=side.value, stones=rule.cost, card=shield.name, held=state.stones
                )
                continue
            state.stones -= rule.cost
            log(
                combat,
                StepKind.STONES,
                "CMD-3",
                "paid_dispels.pays",
                (side.value, rule.cost, shield.name, state.stones),
                side=side,
                card=shield,
                delta=-rule.cost,
                total=state.stones,
            )
            cancel_command(combat, side.other, shield, "CMD-3")
            log(
                combat,
                StepKind.DISPEL,
                "CMD-3",
                "paid_dispels",
                (shield.name, target.command_card.name),
                side=side,
                card=shield,
            )


def command_dispellers(combat: Combat) -> None:
    dispellers = [
        side
        for side in SIDES
        if combat.sides[side].command_active
        and (card := combat.sides[side].command_card) is not None
        and card.first(DispelsOpposingCommand) is not None
    ]
    for side in dispellers:
        target = combat.sides[side.other]
        source = combat.sides[side].command_card
        if target.command_card is None:
            continue
        if undispellable(combat, side.other, f"{source.name if source else ''}'s command"):
            continue
        if target.command_active or side.other in dispellers:
            cancel_command(combat, side.other, source, "A-14")
            log(
                combat,
                StepKind.DISPEL,
                "A-14",
                "command_dispellers",
                (source.name if source else "", target.command_card.name),
                side=side,
                card=source,
            )
            rule = source.first(DispelsOpposingCommand) if source is not None else None
            if source is not None and rule is not None and rule.destroys:
                blow_up_commands(combat, side, source)


def blow_up_commands(combat: Combat, side: Side, source: CardDefinition) -> None:
    """A command that destroys itself with the opposing command card (Exploding Tweezle, A-14): an opposing
    command creature is lost (it counts for nothing); a spell or item command is simply gone, as the card is."""
    target = combat.sides[side.other]
    fighter = target.command_fighter
    if fighter is not None and fighter.fate is Fate.STANDING:
        record_fate(
            combat,
            StepKind.DESTROY,
            "A-14",
            "blow_up_commands",
            (source.name, fighter.name),
            subject=fighter,
            fate=Fate.DESTROYED,
            reason=Why("fate.destroyed_by", {"card": source.name}),
            side=side,
            card=source,
        )
    else:
        named = target.command_card.name if target.command_card is not None else ""
        log(combat, StepKind.DESTROY, "A-14", "blow_up_commands.2", (source.name, named), side=side, card=source)


def apply_command(combat: Combat, side: Side, borrowed: CardDefinition | None = None) -> None:
    """``borrowed``: an opposing command card whose ability works for ``side`` (rule ENG-14)."""
    state = combat.sides[side]
    card = borrowed if borrowed is not None else state.command_card
    assert card is not None
    applied = False
    aoe = card.command_aoe()
    if aoe is not None:
        fire_aoe(combat, side, card, aoe, "AOE-1", state.command_fighter.reference if state.command_fighter else None)
        applied = True
    terrain = card.first(CommandTerrain)
    if terrain is not None:
        combat.terrain = frozenset({terrain.terrain})
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command",
            (card.name, terrain.terrain.value),
            side=side,
            card=card,
        )
        applied = True
    for bonus in card.abilities_of(CommandBonus):
        state.bonuses.append((bonus, card))
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command.2",
            (card.name, side.value, bonus.describe().removeprefix("Command: ")),
            side=side,
            card=card,
        )
        applied = True
    reference = state.command_fighter.reference if state.command_fighter else card.slug
    for class_rule in card.abilities_of(ClassChoice):
        if class_rule.timing is Timing.COMMAND:
            command_class_choice(combat, side, card, class_rule, reference)
            applied = True
    if card.first(SharedClass) is not None:
        combat.shared_class_sides.add(side)
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command.3",
            (card.name, side.value),
            side=side,
            card=card,
        )
        applied = True
    for discard in card.abilities_of(HandDiscard):
        if discard.timing is Timing.COMMAND:
            discard_from_hands(combat, side, card, discard, reference)
            applied = True
    if card.first(SendsToMelee) is not None:
        send_duplicates_to_melee(combat, side, card)
        applied = True
    for sideline in card.abilities_of(CommandSideline):
        sideline_creature(combat, side, card, sideline)
        applied = True
    for penning in card.abilities_of(PensChannellers):
        pen_channellers(combat, side, card, penning)
        applied = True
    for blank in card.abilities_of(BlankText):
        if blank.scope is TextScope.CHOSEN:
            log(
                combat,
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                "apply_command.4",
                (card.name, blank.describe().removeprefix("Command: ")),
                side=side,
                card=card,
            )
            applied = True
        if blank.scope is TextScope.ALL:
            for fighter in (f for s in SIDES for f in combat.sides[s].fighters):
                if fighter is not state.command_fighter:
                    fighter.blank = True
            log(
                combat,
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                "apply_command.5",
                (card.name,),
                side=side,
                card=card,
            )
            applied = True
    for stones in card.abilities_of(Stones):
        if stones.on is StoneEvent.COMMAND:
            change_stones(combat, side, stones, card, "CMD-4", "its command takes effect")
            applied = True
    for shielding in card.abilities_of(ShieldsFirstFromChannelling):
        rolled = roll(combat, side, card.slug)
        count = shielding.shielded(rolled)
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command.shields_first",
            (
                card.name,
                rolled,
                side.other.value,
                "every" if count >= shielding.ALL else f"the first {count}",
                side.value,
            ),
            side=side,
            card=card,
        )
        applied = True
    for announcement in card.abilities_of(CommandAnnouncement):
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command.6",
            (card.name, side.other.value, announcement.announce),
            side=side,
            card=card,
        )
        if announcement.or_stones and choice(combat, side, card.slug) == "pay":
            refused = Stones(amount=-announcement.or_stones, on=StoneEvent.COMMAND, who=Sides.OPPONENT)
            change_stones(combat, side, refused, card, "CMD-4", "the opponent refuses to show what it demands")
        applied = True
    if card.first(SharesFirstTerrainBonus) is not None:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command.first_terrain",
            (card.name, side.value),
            side=side,
            card=card,
        )
        applied = True
    richer = card.first(RicherHandDiscards)
    if richer is not None:
        richer_hand_discards(combat, side, card, richer)
        applied = True
    if card.first(ZeroBaseVitality) is not None:
        zero_base_vitality(combat, side, card)
        applied = True
    if card.first(LowestFirst) is not None:
        combat.lowest_first = card
        log(combat, StepKind.COMMAND_EFFECT, "CMD-4", "apply_command.lowest_first", (card.name,), side=side, card=card)
        applied = True
    first = card.first(CommandPlayFirst)
    if first is not None:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command.7",
            (card.name, side.other.value, first.target.describe()),
            side=side,
            card=card,
        )
        combat.play_first = (side.other, first)
        applied = True
    if card.first(DispelsOpposingCommand) is not None:
        applied = True
    if card.first(CommandRelocates) is not None or card.first(JoinsFromTerrain) is not None:
        applied = True  # acted before the other commands (_relocate_combat, _join_from_terrain)
    if card.first(DestroyedWhenCommanding) is not None and state.command_fighter is not None and borrowed is None:
        record_fate(
            combat,
            StepKind.DESTROY,
            "CMD-5",
            "apply_command.8",
            (card.name,),
            subject=state.command_fighter,
            fate=Fate.DESTROYED,
            reason=Why("fate.own_command_text"),
            side=side,
            card=card,
        )
    bid = card.first(StoneBid)
    if bid is not None:
        stone_bid(combat, side, card, bid)
        applied = True
    lasting = [a for a in card.abilities if isinstance(a, LASTING_KINDS)]
    if lasting:
        applied = True
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "apply_command.lasting",
            (card.name, " ".join(ability.describe() for ability in lasting)),
            side=side,
            card=card,
        )
    applied = more_command_effects(combat, side, card) or applied
    if not applied and card.slug not in combat.not_automated:
        log(
            combat,
            StepKind.NOTE,
            "ENG-1",
            "apply_command.9",
            (card.name,),
            side=side,
            card=card,
        )


def pen_channellers(combat: Combat, side: Side, card: CardDefinition, rule: PensChannellers) -> None:
    if not pay_for_command(combat, side, card, rule.cost):
        return
    penned = [channeller.name for channeller, _ in combat.sides[side.other].channellers]
    combat.channellers_penned += ((side.other, card),)
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "pen_channellers",
        (card.name, side.other.value, ", ".join(penned) or "none"),
        side=side,
        card=card,
    )


def pay_for_command(combat: Combat, side: Side, card: CardDefinition, cost: int) -> bool:
    """A command that costs Power Stones acts only when its player can pay them (CMD-4)."""
    if not cost or burn_stones(combat, side, cost, card, "CMD-4", "for its command"):
        return True
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "pay_for_command",
        (card.name, cost, side.value, combat.sides[side].stones),
        side=side,
        card=card,
    )
    return False


def command_reference(combat: Combat, side: Side) -> str:
    state = combat.sides[side]
    assert state.command_card is not None
    return state.command_fighter.reference if state.command_fighter else state.command_card.slug


@acts_in("CMD-4 space", CommandRelocates, order=1)
def relocate_combat(combat: Combat) -> None:
    """CMD-4: the defender's command moves the combat to the space the attacker came from; the set-up's
    choice names that space's terrain (none by default). The stronghold stays behind (ENG-13)."""
    state = combat.sides[Side.DEFENDER]
    card = state.command_card
    if card is None or not state.command_active or card.first(CommandRelocates) is None:
        return
    named = choice(combat, Side.DEFENDER, command_reference(combat, Side.DEFENDER))
    space = None if named in (None, "none") else named
    found = resolve_terrain(combat.catalog, space)
    assert found is not None
    combat.space_ref = space
    combat.terrain_card, combat.terrain = found
    combat.face_down, hidden = face_down(space)
    combat.face_down_card = combat.catalog.get(split_reference(hidden)[0]) if hidden else None
    where = (
        "a card laid face down (no terrain type)"
        if combat.face_down
        else " and ".join(sorted(t.value for t in combat.terrain)) or "no terrain"
    )
    default = " (no terrain is given, so none)" if named is None else ""
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "relocate_combat",
        (card.name, where, default),
        side=Side.DEFENDER,
        card=card,
    )
    stronghold = state.stronghold
    if combat.defender_in_stronghold and stronghold is not None:
        combat.defender_in_stronghold = False
        log(
            combat,
            StepKind.NOTE,
            "ENG-13",
            "relocate_combat.2",
            (stronghold.name,),
            side=Side.DEFENDER,
            card=stronghold,
        )


@acts_in("CMD-4 space", JoinsFromTerrain, order=2)
def joins_from_terrain(combat: Combat) -> None:
    for side in SIDES:
        join_from_terrain(combat, side)


def join_from_terrain(combat: Combat, side: Side) -> None:
    """CMD-4: a creature lying face down as the space's terrain, once the commanding player's, joins his combat hand."""
    state = combat.sides[side]
    card = state.command_card
    if card is None or not state.command_active or card.first(JoinsFromTerrain) is None:
        return
    creature = combat.face_down_card if combat.face_down else None
    if choice(combat, side, command_reference(combat, side)) != "use":
        if creature is not None and creature.is_creature:
            log(
                combat,
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                "join_from_terrain",
                (card.name, side.value, creature.name),
                side=side,
                card=card,
            )
        return
    if creature is None or not creature.is_creature:
        log(
            combat,
            StepKind.NOTE,
            "CMD-4",
            "join_from_terrain.2",
            (card.name,),
            side=side,
            card=card,
        )
        return
    references = copy_references([f.card.slug for f in state.fighters] + [creature.slug])
    fighter = Fighter(id=f"{side.letter}{len(state.fighters) + 1}", side=side, card=creature, reference=references[-1])
    state.fighters.append(fighter)
    state.by_reference.clear()
    now_present(combat, creature.abilities)
    combat.face_down = False
    combat.face_down_card = None
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "join_from_terrain.3",
        (card.name, side.value, creature.name),
        side=side,
        card=card,
        subject=fighter,
    )


def stone_bid(combat: Combat, side: Side, card: CardDefinition, rule: StoneBid) -> None:
    """ENG-12: the players bid Power Stones for the space; the higher bid holds it and the combat ends."""
    if combat.space_won_by is not None:
        return
    state = combat.sides[side]
    named = choice(combat, side, command_reference(combat, side))
    own, other = (int(part) for part in named.split("-")) if named else (rule.opening, 0)
    bids = {side: own, side.other: other}
    for bidder in SIDES:
        held = combat.sides[bidder].stones
        if bids[bidder] > held:
            combat.warn(
                "command.bid_too_high", "ENG-12", side=bidder.value, bid=bids[bidder], card=card.name, held=held
            )
            bids[bidder] = held
    # The opponent takes the space only by outbidding the owner, who opened.
    winner = side.other if bids[side.other] > bids[side] else side
    given = "" if named else " (the set-up gives no bids: the owner opens and the opponent does not raise)"
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "ENG-12",
        "stone_bid.raised" if bids[side.other] else "stone_bid.not_raised",
        (card.name, given, side.value, bids[side], side.other.value, bids[side.other], winner.value)
        if bids[side.other]
        else (card.name, given, side.value, bids[side], side.other.value, winner.value),
        side=side,
        card=card,
    )
    burn_stones(combat, winner, bids[winner], card, "ENG-12", "as the winning bid")
    if state.command_fighter is not None:
        record_fate(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-12",
            "stone_bid",
            (card.name,),
            subject=state.command_fighter,
            fate=Fate.DISCARDED,
            reason=Why("fate.bid_discarded"),
            side=side,
            card=card,
        )
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "ENG-12",
        "stone_bid.2",
        (winner.value,),
        card=card,
    )
    combat.space_won_by = winner


def more_command_effects(combat: Combat, side: Side, card: CardDefinition) -> bool:
    """The command effects registered by the cards' own families (CMD-4); True when one applied."""
    applied = False
    for effect in effects_in(combat, "CMD-4 command"):
        applied = effect(combat, side, card) or applied
    return applied


def before_commands(combat: Combat) -> None:
    """Texts that act on the opposing command before any command takes effect (registered at CMD-3)."""
    run_effects(combat, "CMD-3 after")


def undispellable(combat: Combat, owner: Side, by: str) -> bool:
    card = combat.sides[owner].command_card
    if card is None or card.first(Undispellable) is None:
        return False
    log(
        combat,
        StepKind.DISPEL,
        "CMD-3",
        "undispellable",
        (by, card.name),
        side=owner,
        card=card,
    )
    return True


def banned_command_cards(combat: Combat) -> None:
    """ENG-8: a command that bans a kind of card stops an opposing command card of that kind
    revealed with it (both are revealed at once, and the ban lasts the whole combat)."""
    for side in SIDES:
        state = combat.sides[side]
        if state.command_card is None or state.command_fighter is not None or not state.command_active:
            continue
        refusal = casting_refusal(combat, side, state.command_card)
        if refusal:
            cancel_command(combat, side, refusal.by, "ENG-8")
            # The step names the banning command card, as every refusal does; the banned one is in the reason.
            log(
                combat,
                StepKind.DISPEL,
                "ENG-8",
                "banned_command_cards",
                (refusal,),
                side=side,
                card=refusal.by,
            )


def casting_refusal(combat: Combat, side: Side, card: CardDefinition) -> Why | None:
    """Why a card in play forbids ``side`` to play ``card`` now, or None when nothing does."""
    source = casting_refuser(combat, side, card)
    if source is None:
        return None
    return Why("cast.forbidden", {"source": source.name, "player": side.value, "card": card.name}, source)


def casting_refuser(combat: Combat, side: Side, card: CardDefinition) -> CardDefinition | None:
    """The card in play that forbids ``side`` to play ``card`` now, if any."""
    wanted = {CardType.SPELL: Castable.SPELL, CardType.HAND_ITEM: Castable.HAND_ITEM}.get(card.type)
    for owner, source, rule, _ in active_effects(combat, ForbidsCasting):
        if (
            rule.casting is wanted
            and rule.sides.reaches(owner is side)
            and (rule.only is None or rule.only.matches(card))
        ):
            return source
    # A terrain card's ban binds both players on its space.
    space = terrain_rule(combat, ForbidsCasting)
    if space is not None and space[1].casting is wanted and (space[1].only is None or space[1].only.matches(card)):
        return space[0]
    return None


def sideline_picked(combat: Combat, side: Side, card: CardDefinition) -> None:
    """One opposing card drawn at random (the set-up names it) and the command creature itself sit out."""
    state = combat.sides[side]
    held = combat.sides[side.other].holding()
    named = choice(combat, side, command_reference(combat, side))
    drawn = fighter_named(combat, side.other, named) if named is not None else None
    if drawn is None or drawn not in held:
        drawn = held[0] if held else None
        if named is not None:
            combat.warn("choice.not_in_opposing_hand", "ENG-6", side=side.value, named=named)
    victims = [f for f in (drawn, state.command_fighter) if f is not None]
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        ("sideline_picked.drawn" if drawn else "sideline_picked.empty") + ("" if named is not None else ".unnamed"),
        (card.name, side.other.value, drawn.name) if drawn else (card.name, side.other.value),
        side=side,
        card=card,
    )
    for fighter in victims:
        set_aside(
            combat,
            fighter,
            card,
            StepKind.COMMAND_EFFECT,
            "sideline_picked",
            (fighter.name,),
            Why("fate.set_aside_by_command", {"card": card.name}),
        )


def sideline_creature(combat: Combat, side: Side, card: CardDefinition, rule: CommandSideline) -> None:
    if not pay_for_command(combat, side, card, rule.cost):
        return
    state = combat.sides[side]
    if rule.picked:
        sideline_picked(combat, side, card)
        return
    hands = (side.other, side) if rule.both_sides else (side.other,)
    # Command creatures already on the table are in the combat too; the card never sets itself aside.
    hit = [
        f
        for s in hands
        for f in combat.sides[s].fighters
        if (f.in_hand or f.role is Role.COMMAND)
        and f.fate is Fate.STANDING
        and (f is not state.command_fighter or card is not state.command_card)
        and rule.target.matches(f.card)
    ]
    paid = f" (paying {rule.cost} Power Stone(s))" if rule.cost else ""
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "pen_channellers.both" if rule.both_sides else "pen_channellers.hand",
        (card.name, paid, rule.target.describe(), ", ".join(f.name for f in hit) or "none")
        if rule.both_sides
        else (card.name, paid, rule.target.describe(), side.other.value, ", ".join(f.name for f in hit) or "none"),
        side=side,
        card=card,
    )
    for fighter in hit:
        set_aside(
            combat,
            fighter,
            card,
            StepKind.COMMAND_EFFECT,
            "sideline_creature",
            (fighter.name,),
            Why("fate.set_aside_by_command", {"card": card.name}),
        )


# ----------------------------------------------------------------- AOE-1 to AOE-4 (command AOEs and PRI-4)
# AOE-1 to AOE-4 (command AOEs and PRI-4)
def set_aside(
    combat: Combat,
    fighter: Fighter,
    card: CardDefinition,
    kind: StepKind,
    message: str,
    args: tuple[object, ...],
    reason: Why,
) -> None:
    """AOE-4: out of the hand and out of play, never counted, but still a secondary target."""
    fighter.in_hand = False
    record_fate(
        combat,
        kind,
        "AOE-4",
        message,
        args,
        subject=fighter,
        fate=Fate.OUT_OF_PLAY,
        reason=reason,
        side=fighter.side,
        card=card,
    )


def aoe_immune(combat: Combat, fighter: Fighter, aoe: Aoe) -> str:
    for immunity in fighter.text(Immunity):
        if immunity.terrain is not None and immunity.terrain not in combat.terrain:
            continue
        if immunity.aoe:
            return "immune to every AOE"
        if immunity.attack_type is not None and aoe.type.value == immunity.attack_type.value:
            return f"immune to {aoe.type.value}"
    for owner, source, rule, _ in active_effects(combat, Suppresses):
        if (
            owner is fighter.side
            and rule.what is Suppressed.AOE
            and rule.scope is Scope.IN_PLAY
            and (rule.protects is None or rule.protects.matches(fighter.card))
        ):
            return f"protected from AOEs by {source.name}"
    return ""


def aoe_cancelled(combat: Combat, side: Side, card: CardDefinition, rule: str, reference: str | None) -> bool:
    """An opposing Shield whose owner pays to cancel this creature's AOE, the set-up's choice naming it."""
    if reference is None or not card.is_creature:
        return False
    payer = combat.sides[side.other]
    for shield in payer.shield_cards:
        cancels = shield.first(CancelsAoe)
        named = choice(combat, side.other, shield.slug) if cancels is not None else None
        if cancels is None or named is None:
            continue
        fighter = fighter_named(combat, side, named)
        if fighter is None or fighter.reference != reference:
            continue
        if payer.stones < cancels.cost:
            combat.warn(
                "stones.cannot_pay",
                rule,
                side=side.other.value,
                stones=cancels.cost,
                card=shield.name,
                held=payer.stones,
            )
            return False
        payer.stones -= cancels.cost
        log(
            combat,
            StepKind.AOE,
            rule,
            "aoe_cancelled",
            (side.other.value, cancels.cost, shield.name, card.name, payer.stones),
            side=side.other,
            card=shield,
            delta=-cancels.cost,
            total=payer.stones,
        )
        return True
    return False


def fire_aoe(
    combat: Combat, side: Side, card: CardDefinition, aoe: Aoe, rule: str, reference: str | None = None
) -> None:
    if aoe_cancelled(combat, side, card, rule, reference):
        return
    label = "" if aoe.type is AoeType.PLAIN else f"{aoe.type.value} "
    points = aoe.points
    if aoe.per_count:
        counted = given_count(combat, side, reference or card.slug)
        points += aoe.per_count * counted
        log(
            combat,
            StepKind.AOE,
            "ENG-4",
            "fire_aoe",
            (card.name, aoe.per_count, counted, aoe.counting, points),
            side=side,
            card=card,
        )
    if aoe.dice is not None:
        rolled = roll(combat, side, reference or card.slug)
        if rolled in aoe.fails_on:
            log(
                combat,
                StepKind.AOE,
                rule,
                "fire_aoe.2",
                (card.name, rolled, aoe.dice),
                side=side,
                card=card,
            )
            return
        points += rolled
        log(
            combat,
            StepKind.AOE,
            rule,
            "fire_aoe.3",
            (card.name, rolled, aoe.dice, points, label),
            side=side,
            card=card,
        )
    for owner, source, boost, _ in active_effects(combat, AttackBoost):
        if boost.attack_type.value == aoe.type.value and boost.sides.reaches(owner is side):
            points += boost.amount
            log(
                combat,
                StepKind.AOE,
                rule,
                "fire_aoe.4",
                (source.name, card.name, label, boost.amount, points),
                side=side,
                card=source,
            )
    sides = [side] if aoe.own_hand else [side.other, side] if aoe.both_sides else [side.other]
    hits: list[Fighter] = []
    for target_side in sides:
        for fighter in combat.sides[target_side].holding():
            if fighter.vitality > points:
                continue
            if aoe.hits is not None and not aoe.hits.matches(fighter.card):
                continue
            immune = aoe_immune(combat, fighter, aoe)
            if immune:
                log(
                    combat,
                    StepKind.IMMUNITY,
                    "AOE-3",
                    "fire_aoe.5",
                    (fighter.name, immune, card.name, label),
                    side=target_side,
                    card=fighter.card,
                    subject=fighter,
                )
                continue
            hits.append(fighter)
    reach = "every combat hand" if aoe.both_sides else f"the {sides[0].value}'s combat hand"
    log(
        combat,
        StepKind.AOE,
        rule,
        "fire_aoe.6",
        (card.name, points, label, reach, Named.joined(f.name for f in hits) or "none"),
        side=side,
        card=card,
    )
    for fighter in hits:
        fighter.in_hand = False
        if aoe.type is AoeType.METHANE:
            set_aside(
                combat,
                fighter,
                card,
                StepKind.AOE,
                "fire_aoe.7",
                (fighter.name, fighter.vitality),
                Why("fate.set_aside_by_methane", {"card": card.name}),
            )
        else:
            record_fate(
                combat,
                StepKind.AOE,
                "AOE-2",
                "fire_aoe.8",
                (fighter.name, fighter.vitality),
                subject=fighter,
                fate=Fate.DISCARDED_BY_AOE,
                reason=Why("fate.aoe_discarded", {"card": card.name}),
                side=fighter.side,
                card=card,
            )


def zero_base_vitality(combat: Combat, side: Side, card: CardDefinition) -> None:
    """CMD-4 (40,000 Useless Warhammers): each creature but a Guardian, on either side and still in the combat, gets
    a changed copy of its card with base Vitality 0, so every later step (fights, AOEs, the count for control)
    reads 0; its stacking cost stays what was printed."""
    changed: list[str] = []
    for fighter in (f for s in SIDES for f in combat.sides[s].fighters):
        printed = fighter.card
        if printed.guardian is not None or not printed.is_creature or printed.base_vitality == 0:
            continue
        fighter.card = replace(printed, vitality=0, stacking_vitality=printed.stacking)
        fighter.vitality = 0
        changed.append(f"{fighter.name} {printed.base_vitality}")
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "apply_command.zero_base_vitality",
        (card.name, ", ".join(changed) or "no creature"),
        side=side,
        card=card,
    )


def strike_attacking_shield(combat: Combat) -> None:
    """AOE-1 (Pirate Log Platform): an upgrade of the defender's space hits the attacking shield's combat hand as the
    attack begins, before the command cards; the attacker's own such upgrade is said to do nothing here."""
    for side in SIDES:
        for card in combat.sides[side].earlier_cards:
            for rule in card.abilities_of(StrikesAttackingShield):
                if side is Side.ATTACKER:
                    log(
                        combat,
                        StepKind.NOTE,
                        "AOE-1",
                        "strike_attacking_shield.own",
                        (card.name,),
                        side=side,
                        card=card,
                    )
                    continue
                fire_aoe(combat, side, card, Aoe(points=rule.points, timing=Timing.COMMAND), "AOE-1")


def richer_hand_discards(combat: Combat, side: Side, card: CardDefinition, rule: RicherHandDiscards) -> None:
    """CMD-4 (Obelisk of Bablos): the opponent, if his combat hand holds more creature Vitality, discards the
    smallest set of his creatures worth at least ``rule.at_least`` (fewest on equal loss, then the play order)."""
    worth = {s: [f for f in combat.sides[s].holding() if f.card.guardian is None] for s in SIDES}
    own, theirs = (sum(f.vitality for f in worth[s]) for s in (side, side.other))
    if theirs <= own:
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "richer_hand_discards.none",
            (card.name, side.value, own, side.other.value, theirs),
            side=side,
            card=card,
        )
        return
    held = worth[side.other]
    # Every reachable loss with its fewest creatures (then the earliest in the play order): a subset sum over
    # Vitality, so a crowded hand costs little.
    reach: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for index, fighter in enumerate(held):
        for loss, (count, chosen) in list(reach.items()):
            key = (count + 1, (*chosen, index))
            total = loss + fighter.vitality
            if total not in reach or key < reach[total]:
                reach[total] = key
    enough = [loss for loss in reach if loss >= rule.at_least]
    loss = min(enough) if enough else max(reach)
    lost = [held[i] for i in reach[loss][1]]
    log(
        combat,
        StepKind.COMMAND_EFFECT,
        "CMD-4",
        "richer_hand_discards",
        (
            card.name,
            side.value,
            own,
            side.other.value,
            theirs,
            rule.at_least,
            ", ".join(f.name for f in lost) or "none",
        ),
        side=side,
        card=card,
    )
    for fighter in lost:
        fighter.in_hand = False
        record_fate(
            combat,
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            "discard_from_hands.2",
            (fighter.name,),
            subject=fighter,
            fate=Fate.DISCARDED,
            reason=Why("fate.discarded_from_hand", {"card": card.name}),
            side=side.other,
            card=card,
        )
