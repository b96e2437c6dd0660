"""What happens inside a primary match-up before the numbers are added up: bribery (PRI-1),
any-time spells (PRI-2), destruction (PRI-3), primary AOEs (PRI-4), immunity (PRI-5), text boxes
(PRI-6), off-colour bonus (PRI-7) and terrain (PRI-8)."""

from __future__ import annotations

from dataclasses import dataclass

from .abilities import (
    AllowChannelling,
    Aoe,
    AttackBoost,
    Bonus,
    BorrowsPrevious,
    CastDestroysCommand,
    ChannelReaction,
    ClassChoice,
    CommandGuess,
    DestroyMatchup,
    Destroys,
    DestroysUpgrade,
    DestroyTerrain,
    Dispel,
    EndsMatchup,
    GrantsImmunity,
    Guessed,
    Harmless,
    Immunity,
    LastingAttackBonus,
    NoBriberyHere,
    NoStrongholdBonus,
    OcbModifier,
    Per,
    RangedReaction,
    RolledBonus,
    RolledDefence,
    RolledOutcome,
    Scope,
    SharesFirstTerrainBonus,
    SideBonus,
    Sides,
    SizeChoice,
    StoneEvent,
    StoneOrBonus,
    Stones,
    Suppressed,
    Suppresses,
    TerrainBonusModifier,
    TerrainEverywhere,
    TerrainModifier,
    UnbribeableSide,
)
from .actions import Action, ActionKind, Refusal
from .bribery_effects import any_icon_source, bribe_answered, bribe_to_melee, is_bribe_reaction, reactions_spent
from .cards import CardDefinition
from .combat_state import Combat
from .command_step import casting_refusal, fire_aoe
from .core import (
    active_effects,
    announce_refusals,
    burn_stones,
    change_stones,
    choice,
    creature_beaten,
    defending,
    destroy_unless_indestructible,
    fighter_named,
    given_count,
    indestructible,
    log,
    record_fate,
    refuse,
    refuse_action,
    roll,
    settle,
    spend_card,
    take_back_card,
    terrain_card_names,
    terrain_rule,
)
from .effects import acts_in, any_effect, effects_in, run_effects
from .enums import (
    SIDES,
    BriberyIcon,
    CardType,
    CardUse,
    Fate,
    Role,
    Side,
    StepKind,
    Terrain,
    Timing,
)
from .hand_effects import leave_unchallenged, reclass, size_change
from .log import Why
from .render import Named
from .selectors import Selector
from .setup import Bribe, CardRef, Moment, SpellPlay, card_ref
from .state import Contribution, Fighter


@dataclass(frozen=True, init=False)
class BonusTerm:
    """One addition to a creature's total, with what caused it, before it is logged."""

    label: str
    amount: int
    rule: str
    card: CardDefinition
    why: str
    kind: StepKind = StepKind.BONUS
    # The card whose text takes this bonus away (ENG-13); a barred term adds nothing.
    barred: str = ""

    def __init__(
        self,
        label: str,
        amount: int,
        rule: str,
        card: CardDefinition,
        why: str,
        kind: StepKind = StepKind.BONUS,
        barred: str = "",
    ) -> None:
        # The attribute table given whole, as log.Term does: the frozen set-up field by field took twice as
        # long, and every match-up of an exploration makes several.
        object.__setattr__(
            self,
            "__dict__",
            {"label": label, "amount": amount, "rule": rule, "card": card, "why": why, "kind": kind, "barred": barred},
        )


def bribery_window(combat: Combat, moment: Moment, pair: dict[Side, Fighter]) -> set[Side]:
    # Asked only when a card present can bribe with an item in this window (most combats have none).
    bribed: set[Side] = (
        {side for side in SIDES if any_effect(combat, "PRI-1 item", pair[side], "PRI-1")}
        if effects_in(combat, "PRI-1 item")
        else set()
    )
    # The shorthand plays every attacker's bribe, then every defender's; an ordered match-up plays
    # its window as given (turns.referee).
    # Its refused actions are logged among its bribes, where they were attempted.
    given = combat.plan.window.get(moment.round) if not moment.secondary else None
    planned = [
        (side, b, index)
        for side, b, index in (
            given
            if given is not None
            else [(side, b, -1) for side in SIDES for b in combat.sides[side].setup.bribes if b.moment == moment]
        )
        if bribe_reaches(combat, b, pair[side.other])
    ]
    if not planned:
        if combat.refusals_pending:
            announce_refusals(combat, window=True)
        if not bribed:
            log(combat, StepKind.BRIBE, "PRI-1", "bribery_window", ())
        return bribed
    first_bribe: Side | None = None
    # Under rules-1.2 (a set-up shared before ENG-19) the window takes no answer in order: any reaction fits.
    ordered = given is not None and not combat.setup.readings.answers_as_1_2
    answers = window_answers(combat, moment) if ordered else {}
    for side, bribe, index in planned:
        announce_refusals(combat, index, window=True)
        target = pair[side.other]
        # ENG-19: in an ordered window only a spell written right after this bribe may answer it (the first that fits).
        after = answers.pop(index, [])
        combat.ordered_window = ordered
        combat.bribe_answers = tuple(play for _, play, _ in after)
        try:
            taken = bribe_creature(combat, side, bribe.icon, target, "PRI-1" if first_bribe is None else "A-01")
        finally:
            combat.ordered_window, combat.bribe_answers = False, ()
        if taken:
            bribed.add(side.other)
            first_bribe = first_bribe or side
        for answer in after:
            window_answer_done(combat, moment, *answer)
    for left in answers.values():
        for answer in left:
            window_answer_done(combat, moment, *answer)
    announce_refusals(combat, window=True)
    return bribed


def unpaired_bribe_answers(combat: Combat, moment: Moment) -> None:
    """ENG-19: in an ordered match-up a spell answering a bribe answers the bribe it is written right after, in the
    window; one written before its first action answers none (it stays in the hand), not a bribe made earlier."""
    for side in SIDES:
        for play in combat.sides[side].setup.spells:
            if (
                play.moment != moment
                or id(play) in combat.plan.at_turn
                or id(play) in combat.plan.in_window
                or id(play) in reactions_spent(combat)
                or not is_bribe_reaction(combat, play)
            ):
                continue
            reactions_spent(combat).add(id(play))
            card = combat.catalog.get(play.card)
            log(
                combat,
                StepKind.NOTE,
                "ENG-19",
                "turn_answer.unpaired_bribe",
                (side.value, card.name, side.other.value),
                side=side,
                card=card,
            )


def window_answers(combat: Combat, moment: Moment) -> dict[int, list[tuple[Side, SpellPlay, int]]]:
    """The spells written right after a bribe of this ordered window, by the bribe's index in the list."""
    found: dict[int, list[tuple[Side, SpellPlay, int]]] = {}
    for side, play, index, bribe_at in combat.plan.window_answers.get(moment.round, ()):
        found.setdefault(bribe_at, []).append((side, play, index))
    return found


def window_answer_done(combat: Combat, moment: Moment, side: Side, play: SpellPlay, index: int) -> None:
    """After the bribe it follows: a spell that answered it is spent already; one whose card answers no bribe is
    refused (the window is still open); an answer that found nothing to answer stays in the hand."""
    if id(play) in reactions_spent(combat):
        return
    card = combat.catalog.get(play.card)
    if not is_bribe_reaction(combat, play):
        action = Action(side, ActionKind.SPELL, CardRef(play.card), target=card_ref(play.target))
        refuse_action(combat, StepKind.NOTE, moment.round, action, Refusal.WINDOW_OPEN)
        return
    log(
        combat,
        StepKind.NOTE,
        "ENG-19",
        "turn_answer.missed.bribe",
        (side.value, card.name, side.other.value),
        side=side,
        card=card,
    )


def bribe_reaches(combat: Combat, bribe: Bribe, fighter: Fighter) -> bool:
    if bribe.target is None:
        return True
    target = fighter_named(combat, fighter.side, bribe.target)
    return target is fighter


def bribe_creature(combat: Combat, side: Side, icon: BriberyIcon, target: Fighter, rule: str) -> bool:
    state = combat.sides[side]
    name = icon.value.capitalize()
    if target.fate is not Fate.STANDING:
        log(
            combat,
            StepKind.BRIBE,
            rule,
            "bribe_creature",
            (side.value, name, target.name),
            side=side,
            subject=target,
        )
        return False
    waiver = any_icon_source(combat, side, target) if icon not in target.card.bribery else None
    if icon not in target.card.bribery and waiver is None:
        icons = ", ".join(i.value.capitalize() for i in sorted(target.card.bribery, key=lambda i: i.value)) or "none"
        log(
            combat,
            StepKind.BRIBE,
            rule,
            "bribe_creature.2",
            (side.value, target.name, name, icons),
            side=side,
            subject=target,
        )
        combat.warn("bribe.no_icon", rule, side=side.value, icon=name, target=target.name)
        return False
    banned = terrain_rule(combat, NoBriberyHere)
    if banned is not None and banned[1].icon is icon:
        log(
            combat,
            StepKind.BRIBE,
            "PRI-1",
            "bribe_creature.3",
            (side.value, target.name, name, banned[0].name),
            side=side,
            card=banned[0],
            subject=target,
        )
        combat.warn("bribe.banned_here", "PRI-1", side=side.value, icon=name, target=target.name, card=banned[0].name)
        return False
    guard = next(
        (source for owner, source, _, _ in active_effects(combat, UnbribeableSide) if owner is target.side), None
    )
    if guard is not None:
        log(
            combat,
            StepKind.BRIBE,
            rule,
            "bribe_creature.shield",
            (side.value, target.name, name, guard.name, target.side.value),
            side=side,
            card=guard,
            subject=target,
        )
        combat.warn("bribe.side_unbribeable", rule, side=side.value, icon=name, target=target.name, card=guard.name)
        return False
    # a lock names no side, so it binds its owner as well as the opponent.
    lock = next(
        (
            holder
            for locks in (combat.sides[target.side].bribery_locks, combat.sides[target.side.other].bribery_locks)
            if (holder := locks.get(icon)) is not None and holder is not target and holder.fate is not Fate.BRIBED
        ),
        None,
    )
    if lock is not None:
        log(
            combat,
            StepKind.BRIBE,
            "A-12",
            "bribe_creature.4",
            (side.value, target.name, name, lock.name),
            side=side,
            card=lock.card,
            subject=target,
        )
        combat.warn(
            Refusal.LOCKED.value,
            Refusal.LOCKED.rule,
            template="bribe.locked",
            side=side.value,
            icon=name,
            target=target.name,
            card=lock.name,
        )
        return False
    if state.hand[icon.value] <= 0:
        log(
            combat,
            StepKind.BRIBE,
            rule,
            "bribe_creature.5",
            (side.value, name, target.name),
            side=side,
            subject=target,
        )
        return False
    spend_card(combat, side, icon.value, CardUse.BRIBE)
    if waiver is not None:
        log(
            combat,
            StepKind.NOTE,
            "CMD-4",
            "bribe_creature.6",
            (waiver.name, side.value, name, target.name),
            side=side,
            card=waiver,
            subject=target,
        )
    if bribe_answered(combat, side, icon, target):
        return False
    if bribe_to_melee(combat, side, icon, target):
        return True
    target.in_hand = False
    record_fate(
        combat,
        StepKind.BRIBE,
        rule,
        "bribe_creature.7",
        (side.value, name, target.name),
        subject=target,
        fate=Fate.BRIBED,
        reason=Why("fate.bribed", {"icon": name}),
        side=side,
        card=combat.catalog.find(icon.value),
    )
    if combat.sides[target.side].bribery_locks.get(icon) is target:
        log(
            combat,
            StepKind.NOTE,
            "A-12",
            "bribe_creature.8",
            (target.name, name),
            side=target.side,
            card=target.card,
        )
    return True


def any_time_spells(combat: Combat, moment: Moment, pair: dict[Side, Fighter], bribed_sides: set[Side]) -> None:
    combat.lunched = {}
    combat.spell_decided = None
    drop_unused_reactions(combat)
    if not (combat.sides[Side.ATTACKER].setup.spells or combat.sides[Side.DEFENDER].setup.spells):
        return  # No spell planned by either side (most combats): nothing below would act.
    if not moment.secondary and moment.round in combat.plan.turns and not combat.setup.readings.answers_as_1_2:
        unpaired_bribe_answers(combat, moment)
    plays = {
        side: [
            p
            for p in combat.sides[side].setup.spells
            if p.moment == moment
            and id(p) not in combat.plan.at_turn
            and id(p) not in combat.plan.in_window
            and not is_bribe_reaction(combat, p)
            and not cast_refused(combat, side, combat.catalog.get(p.card))
        ]
        for side in SIDES
    }
    negated: set[int] = set()
    for side in SIDES:
        for play in plays[side]:
            card = combat.catalog.get(play.card)
            if card.first(Dispel) is None:
                continue
            spend_card(combat, side, card.slug, CardUse.CAST)
            victims = [
                p
                for p in plays[side.other]
                if id(p) not in negated and combat.catalog.get(p.card).first(Dispel) is None
            ]
            if victims:
                negated.add(id(victims[0]))
                log(
                    combat,
                    StepKind.SPELL,
                    "PRI-2",
                    "any_time_spells",
                    (side.value, card.name, side.other.value, combat.catalog.get(victims[0].card).name),
                    side=side,
                    card=card,
                )
            else:
                log(
                    combat,
                    StepKind.SPELL,
                    "PRI-2",
                    "any_time_spells.2",
                    (side.value, card.name),
                    side=side,
                    card=card,
                )
    for side in SIDES:
        for play in plays[side]:
            card = combat.catalog.get(play.card)
            if card.first(Dispel) is not None:
                continue
            if side in bribed_sides:
                log(
                    combat,
                    StepKind.SPELL,
                    "PRI-1",
                    "any_time_spells.3",
                    (side.value, card.name),
                    side=side,
                    card=card,
                )
                continue
            if combat.spell_decided is not None:
                log(
                    combat,
                    StepKind.SPELL,
                    "PRI-2",
                    "any_time_spells.4",
                    (side.value, card.name),
                    side=side,
                    card=card,
                )
                continue
            spend_card(combat, side, card.slug, CardUse.DISPELLED if id(play) in negated else CardUse.CAST)
            if id(play) in negated:
                continue
            cast(combat, side, card, play, pair)


def cast_refused(combat: Combat, side: Side, card: CardDefinition) -> bool:
    refusal = casting_refusal(combat, side, card)
    if refusal:
        refuse(combat, StepKind.SPELL, "PRI-2", refusal, side=side, card=card)
    return bool(refusal)


def drop_unused_reactions(combat: Combat) -> None:
    """Answering spells whose opposing act never came in their match-up go back to the hand uncast."""
    for side in SIDES:
        for card, play in combat.pending_reactions[side]:
            take_back_card(combat, side, card.slug)
            log(
                combat,
                StepKind.NOTE,
                "A-04",
                "drop_unused_reactions.secondary" if play.moment.secondary else "drop_unused_reactions",
                (side.value, card.name, play.moment.round if play.moment.secondary else str(play.moment)),
                side=side,
                card=card,
            )
        combat.pending_reactions[side] = []


def cast_destroys_command(
    combat: Combat, side: Side, card: CardDefinition, rule: CastDestroysCommand, pair: dict[Side, Fighter]
) -> None:
    """ENG-7: the opposing command creature is destroyed by a card played in a match-up (Rock of Far Rolling), when
    the caster's creature meets the card's condition; its command's lasting effects end with it."""
    own, owner = pair[side], combat.sides[side.other]
    command = owner.command_fighter
    unmet = ""
    if own.fate is not Fate.STANDING or not rule.requires_own.matches(own.card):
        unmet = f"the {side.value}'s creature must be one of {rule.requires_own.describe()}; {own.name} is not"
    elif command is None or command.fate is not Fate.STANDING:
        unmet = f"the {side.other.value}'s command card is no creature in play"
    if unmet:
        log(combat, StepKind.SPELL, "ENG-7", "cast_destroys_command", (card.name, unmet), side=side, card=card)
        return
    assert command is not None
    if indestructible(combat, command, card.name):
        return
    ends = " Its lasting command effects end here." if owner.command_active else ""
    owner.command_active = False
    owner.bonuses.clear()
    step = log(
        combat,
        StepKind.DESTROY,
        "ENG-7",
        "cast_destroys_command.2",
        (card.name, side.other.value, command.name, ends),
        side=side,
        card=card,
        subject=command,
    )
    settle(combat, command, Fate.DESTROYED, Why("fate.destroyed_by", {"card": card.name}), step)


def cast(combat: Combat, side: Side, card: CardDefinition, play: SpellPlay, pair: dict[Side, Fighter]) -> None:
    if card.first(RangedReaction) is not None or card.first(ChannelReaction) is not None:
        # An answer waits for the opposing act it answers, later in this match-up.
        combat.pending_reactions[side].append((card, play))
        return
    own = pair[side]
    storm = card.first(RolledOutcome)
    if storm is not None:
        cast_rolled_outcome(combat, side, card, storm, play, pair)
        return
    ends = card.first(EndsMatchup)
    if ends is not None:
        cast_ends_matchup(combat, side, card, ends, pair)
        return
    class_rule = card.first(ClassChoice)
    if class_rule is not None and class_rule.timing is Timing.PRIMARY:
        named = choice(combat, side, card.slug)
        if own.fate is Fate.STANDING and named is not None:
            reclass(combat, own, (named.replace("-", " ").title(),), card, f"({card.name}, for the rest of the combat)")
        else:
            log(
                combat,
                StepKind.SPELL,
                "PRI-2",
                "cast",
                (card.name,),
                side=side,
                card=card,
            )
        return
    blow = card.first(CastDestroysCommand)
    if blow is not None:
        cast_destroys_command(combat, side, card, blow, pair)
        return
    destroy = card.first(DestroyMatchup)
    if destroy is not None:
        opposing = pair[side.other]
        unmet = ""
        if own.fate is not Fate.STANDING or opposing.fate is not Fate.STANDING:
            unmet = "both creatures of the match-up still standing"
        elif destroy.requires_own is not None and not destroy.requires_own.matches(own.card):
            unmet = f"the {side.value}'s creature to be one of {destroy.requires_own.describe()}; {own.name} is not"
        elif destroy.requires_opponent is not None and not destroy.requires_opponent.matches(opposing.card):
            unmet = f"the opposing creature to be one of {destroy.requires_opponent.describe()}; {opposing.name} is not"
        if unmet:
            log(
                combat,
                StepKind.SPELL,
                "PRI-2",
                "cast.2",
                (card.name, unmet),
                side=side,
                card=card,
            )
            return
        destroy_unless_indestructible(combat, pair.values(), card, side, "PRI-2", "cast.3", "fate.destroyed_by")
        return
    for stones in card.abilities_of(Stones):
        if stones.on is StoneEvent.CAST:
            change_stones(combat, side, stones, card, "PRI-2", f"the {side.value} plays it")
    if any(s.on is StoneEvent.CAST for s in card.abilities_of(Stones)):
        return
    if card.first(AllowChannelling) is not None:
        target = own
        if play.target is not None:
            chosen = fighter_named(combat, side, play.target) or fighter_named(combat, side.other, play.target)
            target = chosen or own
        combat.lunched[side] = target
        log(
            combat,
            StepKind.SPELL,
            "PRI-2",
            "cast.4",
            (side.value, card.name, target.name),
            side=side,
            card=card,
            subject=target,
        )
        return
    if card.first(DestroysUpgrade) is not None:
        destroy_upgrade(combat, side, card)
        return
    if card.first(DestroyTerrain) is not None:
        before = " and ".join(sorted(t.value for t in combat.terrain)) or "no terrain"
        combat.terrain = frozenset()
        combat.terrain_card = None
        combat.face_down = False
        rule = "A-24" if Terrain.WOODS.value in before else "PRI-2"
        log(
            combat,
            StepKind.SPELL,
            rule,
            "cast.5",
            (side.value, card.name, before),
            side=side,
            card=card,
        )
        return
    log(
        combat,
        StepKind.NOTE,
        "ENG-1",
        "cast.6",
        (card.name,),
        side=side,
        card=card,
    )


def cast_reference(combat: Combat, side: Side, play: SpellPlay) -> str:
    """The reference the set-up's inputs use for this cast: the slug, or slug#n for its n-th cast."""
    slug = combat.catalog.get(play.card).slug
    nth = 0
    for other in combat.sides[side].setup.spells:
        if combat.catalog.get(other.card).slug == slug:
            nth += 1
        if other is play:
            break
    return slug if nth == 1 else f"{slug}#{nth}"


def cast_rolled_outcome(
    combat: Combat, side: Side, card: CardDefinition, rule: RolledOutcome, play: SpellPlay, pair: dict[Side, Fighter]
) -> None:
    storm = storm_roll(combat, side, card, rule, play, pair)
    if storm is None:
        return
    if storm.wins:
        storm_wins(combat, side, card, rule, storm, pair)
    else:
        storm_destroys(combat, side, card, rule, storm, pair)


@dataclass(frozen=True)
class StormRoll:
    """The roll of a spell that decides a match-up (RolledOutcome): as rolled, as shown with any bonus, and its total."""

    rolled: int
    total: int
    shown: str
    wins: bool


def storm_roll(
    combat: Combat, side: Side, card: CardDefinition, rule: RolledOutcome, play: SpellPlay, pair: dict[Side, Fighter]
) -> StormRoll | None:
    """The roll of ``card`` cast on ``side``'s creature of the match-up (the set-up gives it), or None, with a
    step saying the cast does nothing, when it is aimed elsewhere or either creature has already left."""
    own, opposing = pair[side], pair[side.other]
    named = fighter_named(combat, side, play.target) if play.target is not None else own
    if named is not own or own.fate is not Fate.STANDING or opposing.fate is not Fate.STANDING:
        log(
            combat,
            StepKind.SPELL,
            "PRI-2",
            "cast_rolled_outcome",
            (card.name, side.value),
            side=side,
            card=card,
        )
        return None
    rolled = roll(combat, side, cast_reference(combat, side, play))
    favoured = rule.favoured is not None and rule.favoured.matches(own.card)
    total = rolled + (rule.bonus if favoured else 0)
    shown = (
        f"{rolled} + {rule.bonus} ({own.name} is among {rule.favoured.describe()}) = {total}"
        if favoured and rule.favoured
        else str(rolled)
    )
    return StormRoll(rolled, total, shown, total >= rule.wins_from)


def storm_wins(
    combat: Combat, side: Side, card: CardDefinition, rule: RolledOutcome, storm: StormRoll, pair: dict[Side, Fighter]
) -> None:
    """A winning roll: the caster's creature beats the opposing one, and nothing more may change the match-up."""
    own, opposing = pair[side], pair[side.other]
    round_number = own.round
    step = log(
        combat,
        StepKind.SPELL,
        "PRI-2",
        "cast_rolled_outcome.2",
        (side.value, card.name, own.name, storm.shown, rule.wins_from, opposing.name),
        side=side,
        card=card,
        subject=opposing,
    )
    opposing.beaten_by = own
    settle(
        combat,
        opposing,
        Fate.BEATEN,
        Why("fate.beaten_through", {"winner": own.name, "card": card.name, "round": round_number}),
        step,
    )
    creature_beaten(combat, opposing, own, "PRI-2", primary=True)
    own.fate_why = Why("fate.won_through", {"round": round_number, "card": card.name})
    combat.spell_decided = f"{own.name} beats {opposing.name} through {card.name} (roll {storm.total})"


def storm_destroys(
    combat: Combat, side: Side, card: CardDefinition, rule: RolledOutcome, storm: StormRoll, pair: dict[Side, Fighter]
) -> None:
    """A losing roll: the caster's own creature is destroyed (unless indestructible), and nothing more may
    change the match-up."""
    own = pair[side]
    round_number = own.round
    log(
        combat,
        StepKind.SPELL,
        "PRI-2",
        "cast_rolled_outcome.3",
        (side.value, card.name, own.name, storm.shown, rule.wins_from),
        side=side,
        card=card,
        subject=own,
    )
    combat.spell_decided = f"no comparison: {card.name} left {own.name} standing and decided nothing"
    if not indestructible(combat, own, card.name, "PRI-2"):
        record_fate(
            combat,
            StepKind.DESTROY,
            "PRI-2",
            "cast_rolled_outcome.4",
            (card.name, own.name),
            subject=own,
            fate=Fate.DESTROYED,
            reason=Why("fate.destroyed_by_own_spell", {"card": card.name, "round": round_number}),
            side=side,
            card=card,
        )
        combat.spell_decided = f"no comparison: {own.name} destroyed by {card.name} (roll {storm.total})"


def cast_ends_matchup(
    combat: Combat, side: Side, card: CardDefinition, rule: EndsMatchup, pair: dict[Side, Fighter]
) -> None:
    own, opposing = pair[side], pair[side.other]
    if (
        own.fate is not Fate.STANDING
        or opposing.fate is not Fate.STANDING
        or (rule.target is not None and not rule.target.matches(own.card))
    ):
        needs = rule.target.describe() if rule.target else "a creature"
        log(
            combat,
            StepKind.SPELL,
            "PRI-2",
            "cast_ends_matchup",
            (card.name, side.value, needs),
            side=side,
            card=card,
        )
        return
    log(
        combat,
        StepKind.SPELL,
        "PRI-2",
        "cast_ends_matchup.2",
        (side.value, card.name, own.name),
        side=side,
        card=card,
    )
    for fighter in (own, opposing):
        leave_unchallenged(combat, fighter, Why("why.matchup_ended_by", {"card": card.name}))
    combat.ended_unchallenged = True


# PRI-3
@acts_in("PRI-3 destroys", Destroys)
def destruction(combat: Combat, pair: dict[Side, Fighter]) -> None:
    doomed: list[tuple[Fighter, Fighter, Destroys]] = []
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        if fighter.fate is not Fate.STANDING or opponent.fate is not Fate.STANDING:
            continue
        for rule in fighter.text(Destroys):
            if (
                rule.when.covers_primary()
                and (rule.terrain is None or rule.terrain in combat.terrain)
                and rule.target.matches(opponent.card, defending_in_stronghold=defending(combat, opponent))
            ):
                doomed.append((opponent, fighter, rule))
                break
    for victim, destroyer, used in doomed:
        if indestructible(combat, victim, destroyer.name):
            continue
        record_fate(
            combat,
            StepKind.DESTROY,
            "PRI-3",
            "destruction",
            (destroyer.name, victim.name, used.target.describe()),
            subject=victim,
            fate=Fate.DESTROYED,
            reason=Why("fate.destroyed_by", {"card": destroyer.name}),
            side=destroyer.side,
            card=destroyer.card,
        )


# PRI-4
@acts_in("PRI-4 aoes", Aoe)
def primary_aoes(combat: Combat, pair: dict[Side, Fighter]) -> None:
    for side in SIDES:
        fighter = pair[side]
        # A command creature drawn into a match-up (ENG-14) already used its AOE as the command.
        if fighter.fate is not Fate.STANDING or fighter.role is Role.COMMAND:
            continue
        aoes = [aoe for aoe in fighter.text(Aoe) if aoe.timing.value == "primary"]
        if not aoes:
            continue
        suppressor = suppressor_of(combat, Suppressed.AOE, fighter, pair[side.other])
        if suppressor is not None:
            log(
                combat,
                StepKind.AOE,
                "PRI-4",
                "primary_aoes",
                (fighter.name, suppressor.name),
                side=side,
                card=suppressor.card,
                subject=fighter,
            )
            continue
        for aoe in aoes:
            fire_aoe(combat, side, fighter.card, aoe, "PRI-4", fighter.reference)


def suppressor_of(combat: Combat, what: Suppressed, fighter: Fighter, opponent: Fighter) -> Fighter | None:
    """The opposing creature whose text takes ``what`` away from ``fighter`` against ``opponent``, if any."""
    for rule in opponent.text(Suppresses):
        if rule.what is what and rule.scope is Scope.MATCHUP and opponent.faced is fighter:
            return opponent
    if what is Suppressed.AOE:
        return None  # an AOE protection covers each creature the AOE would hit (_aoe_immune)
    for owner, _, rule, holder in active_effects(combat, Suppresses):
        if (
            holder is not None
            and owner is opponent.side
            and rule.what is what
            and rule.scope is Scope.IN_PLAY
            and (rule.protects is None or rule.protects.matches(opponent.card))
        ):
            return holder
    return None


# PRI-5
def immune_to(combat: Combat, fighter: Fighter, opponent: Fighter) -> Immunity | None:
    for immunity in fighter.text(Immunity):
        if immunity.terrain is not None and immunity.terrain not in combat.terrain:
            continue
        if immunity.attack_type is not None and immunity.attack_type in opponent.card.attack_types:
            return immunity
        if immunity.against is not None and immunity.against.matches(
            opponent.card, defending_in_stronghold=defending(combat, opponent)
        ):
            return immunity
    return granted_immunity(combat, fighter, opponent)


def granted_immunity(combat: Combat, fighter: Fighter, opponent: Fighter) -> Immunity | None:
    """An immunity another creature in play gives ``fighter`` (played in a later match-up than it, if so written)."""
    for owner, _, rule, holder in active_effects(combat, GrantsImmunity):
        if holder is None or holder is fighter or not rule.sides.reaches(owner is fighter.side):
            continue
        if rule.to is not None and not rule.to.matches(fighter.card):
            continue
        if rule.later_only and (holder.round is None or fighter.round is None or fighter.round <= holder.round):
            continue
        if rule.attack_type in opponent.card.attack_types:
            return Immunity(attack_type=rule.attack_type)
    return None


def immunity(combat: Combat, pair: dict[Side, Fighter]) -> None:
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        if opponent.first_text(Harmless) is not None:
            opponent.turned = True
            log(
                combat,
                StepKind.IMMUNITY,
                "PRI-5",
                "immunity",
                (opponent.name, fighter.name),
                side=side,
                card=opponent.card,
                subject=opponent,
            )
            continue
        immunity = immune_to(combat, fighter, opponent)
        if immunity is None:
            continue
        opponent.turned = True
        what = (
            immunity.attack_type.value + " attacks"
            if immunity.attack_type
            else (immunity.against.describe() if immunity.against else "it")
        )
        log(
            combat,
            StepKind.IMMUNITY,
            "PRI-5",
            "immunity.2",
            (fighter.name, what, opponent.name),
            side=side,
            card=fighter.card,
            subject=opponent,
        )


def bonus_terms(combat: Combat, side: Side, fighter: Fighter, opponent: Fighter, *, secondary: bool) -> list[BonusTerm]:
    """The creature's own printed bonuses (PRI-6 in a match-up, SEC-4 for a secondary attacker),
    and its side's command bonuses for secondary attackers; also what the default secondary
    attacks use to judge an attacker, so the two cannot disagree."""
    rule = "SEC-4" if secondary else "PRI-6"
    context = defending(combat, opponent)
    terms: list[BonusTerm] = []
    for bonus in fighter.text(Bonus):
        applies = bonus.when.covers_secondary() if secondary else bonus.when.covers_primary()
        if not applies or not conditions_hold(combat, bonus, fighter, opponent, secondary=secondary):
            continue
        if bonus.against is not None and not bonus.against.matches(opponent.card, defending_in_stronghold=context):
            continue
        units, unit_text = units_of(combat, bonus, side, fighter)
        if units == 0:
            continue
        terms.append(
            class_bar(
                combat,
                side,
                BonusTerm(
                    f"{fighter.name}'s text",
                    bonus.amount * units,
                    rule,
                    fighter.card,
                    f"{fighter.name}'s own text{unit_text}",
                ),
                bonus.against,
                bonus.of,
                bonus.partner,
                bonus.as_class,
            )
        )
    for rolled in fighter.text(RolledBonus):
        if rolled.when.covers_secondary() if secondary else rolled.when.covers_primary():
            value = roll(combat, side, fighter.reference) + rolled.plus
            terms.append(BonusTerm(f"{fighter.name}'s roll", value, rule, fighter.card, f"its roll on {rolled.dice}"))
    for effect in effects_in(combat, "PRI-6 terms"):
        terms += effect(combat, side, fighter, opponent, rule, context)
    if secondary:
        terms += command_terms(combat, side, fighter, opponent, secondary=True)
        terms += shield_terms(combat, side, fighter, opponent, secondary=True)
        ocb = ocb_term(combat, fighter, opponent, rule)
        if ocb is not None:
            terms.append(ocb)
            terms += ocb_modifier_terms(combat, side, fighter, rule)
        terms += terrain_terms(combat, fighter, rule)
    return terms


def shield_terms(
    combat: Combat, side: Side, fighter: Fighter, opponent: Fighter, *, secondary: bool
) -> list[BonusTerm]:
    """The bonuses a Shield's standard bearer gives its side's creatures (PRI-6; for a secondary attacker the
    site's ruling ENG-18: the rules do not grant it, the card stays in play for the whole combat, so SEC-2 does
    not take its bonus away), as its ``when`` and its conditions (the side's role, the terrain) allow."""
    rule = "ENG-18" if secondary else "PRI-6"
    context = defending(combat, opponent)
    terms: list[BonusTerm] = []
    for shield in combat.sides[side].shield_cards:
        for bonus in shield.abilities_of(Bonus):
            applies = bonus.when.covers_secondary() if secondary else bonus.when.covers_primary()
            if not applies or not conditions_hold(combat, bonus, fighter, opponent, secondary=secondary):
                continue
            if bonus.against is not None and not bonus.against.matches(opponent.card, defending_in_stronghold=context):
                continue
            role = f" while its side is the {bonus.side_role.value}" if bonus.side_role is not None else ""
            term = BonusTerm(
                shield.name,
                bonus.amount,
                rule,
                shield,
                Named(f"the standard bearer {shield.name}{role}", (shield.name,)),
            )
            terms.append(class_bar(combat, side, term, bonus.against))
    return terms


def ocb_modifier_terms(combat: Combat, side: Side, fighter: Fighter, rule: str) -> list[BonusTerm]:
    """What cards in play add to (or take from) an off-colour bonus that applies (PRI-7, SEC-4): never
    more than the bonus itself is taken away."""
    terms: list[BonusTerm] = []
    worth = fighter.card.ocb
    for owner, source, modifier, _ in active_effects(combat, OcbModifier):
        if not modifier.sides.reaches(owner is side):
            continue
        amount = max(modifier.amount, -worth)
        worth += amount
        terms.append(
            BonusTerm(
                source.name,
                amount,
                rule,
                source,
                Named(f"{source.name} changing {fighter.name}'s off-colour bonus", (source.name, fighter.name)),
                StepKind.OFF_COLOUR,
            )
        )
    return terms


@acts_in("PRI-6 terms", LastingAttackBonus, order=2)
def lasting_attack_bonuses(
    combat: Combat, side: Side, fighter: Fighter, opponent: Fighter, rule: str, context: bool
) -> list[BonusTerm]:
    """ENG-16: cards played before the combat that make its attacks stronger against some opponents."""
    return [
        BonusTerm(
            source.name,
            lasting.amount,
            rule,
            source,
            f"{source.name}, played by the {owner.value} before the combat, against "
            f"{lasting.against.describe()} (ENG-16)",
        )
        for owner, source, lasting, _ in active_effects(combat, LastingAttackBonus)
        if lasting.against.matches(opponent.card, defending_in_stronghold=context)
    ]


@acts_in("PRI-6 terms", SizeChoice, order=3)
def size_terms(
    combat: Combat, side: Side, fighter: Fighter, opponent: Fighter, rule: str, context: bool
) -> list[BonusTerm]:
    """ENG-6: a creature its owner made smaller fights with less Vitality."""
    shrink, why = size_change(combat, fighter)
    return [BonusTerm(f"{fighter.name}'s size", shrink, "ENG-6", fighter.card, why)] if shrink else []


@acts_in("PRI-6 terms", AttackBoost, order=1)
def attack_boost_terms(
    combat: Combat, side: Side, fighter: Fighter, opponent: Fighter, rule: str, context: bool
) -> list[BonusTerm]:
    return attack_boosts(combat, side, fighter, rule)


def attack_boosts(combat: Combat, side: Side, fighter: Fighter, rule: str) -> list[BonusTerm]:
    """Cards in play that make every attack of a type stronger, for a creature with such an attack."""
    return [
        BonusTerm(
            source.name,
            boost.amount,
            rule,
            source,
            f"{source.name} being in play ({fighter.name}'s attack is {boost.attack_type.value}-based)",
        )
        for owner, source, boost, _ in active_effects(combat, AttackBoost)
        if boost.attack_type in fighter.card.attack_types and boost.sides.reaches(owner is side)
    ]


def class_bonus_bar(combat: Combat, side: Side) -> CardDefinition | None:
    """ENG-13: the opposing card in play that takes every class-tied Vitality bonus away from ``side``."""
    for owner, source, rule, _ in active_effects(combat, Suppresses):
        if owner is side.other and rule.what is Suppressed.CLASS_BONUS and rule.scope is Scope.IN_PLAY:
            return source
    return None


def class_bar(combat: Combat, side: Side, term: BonusTerm, *conditions: Selector | None) -> BonusTerm:
    """``term`` as it stands, or with nothing added when its condition names a class and ``side`` is barred."""
    # The bar first: with no barring card in the combat (most) the look-up costs less than reading the conditions.
    bar = class_bonus_bar(combat, side)
    if bar is None or not any(condition is not None and names_class(condition) for condition in conditions):
        return term
    return BonusTerm(term.label, 0, term.rule, term.card, term.why, term.kind, barred=bar.name)


def conditions_hold(combat: Combat, bonus: Bonus, fighter: Fighter, opponent: Fighter, *, secondary: bool) -> bool:
    if bonus.terrain is not None and bonus.terrain not in combat.terrain:
        return False
    if bonus.face_down_terrain and not combat.face_down:
        return False
    if bonus.no_terrain and (combat.terrain or combat.defender_in_stronghold or combat.face_down):
        return False
    if bonus.side_role is not None and fighter.side.value != bonus.side_role.value:
        return False
    if bonus.partner is not None:
        partner = opponent.faced
        if not secondary or partner is None or partner.side is not fighter.side:
            return False
        if not bonus.partner.matches(partner.card):
            return False
    return True


def units_of(combat: Combat, bonus: Bonus, side: Side, fighter: Fighter) -> tuple[int, str]:
    """How many times a per-unit bonus applies, and the words that say so in the log."""
    if bonus.per is None:
        return 1, ""
    if bonus.per is Per.COUNT:
        count = given_count(combat, side, fighter.reference)
        return count, f" ({bonus.amount:+d} x {count}, {bonus.counting})"
    if bonus.per is Per.MATCHUPS_FOUGHT:
        fought = len(combat.matchups)
        return fought, f" ({bonus.amount:+d} x {fought} match-up(s) already fought)"
    if bonus.per is Per.PREVIOUS_OPPONENT:
        previous = previous_opponent(combat, side)
        if previous is None:
            return 0, ""
        return previous.vitality, f" ({bonus.amount:+d} x {previous.vitality}, the Vitality of {previous.name})"
    if bonus.per is Per.SINGLE_BORDERED_IN_HAND:
        held = [other for other in combat.sides[side].holding() if other is not fighter]
        return len(held), f" ({bonus.amount:+d} x {len(held)} creature(s) still in the combat hand)"
    assert bonus.of is not None
    fallen = [
        other
        for state in combat.sides.values()
        for other in state.fighters
        if other.fate in (Fate.BEATEN, Fate.DESTROYED) and bonus.of.matches(other.card)
    ]
    return len(fallen), f" ({bonus.amount:+d} x {len(fallen)}: {', '.join(f.name for f in fallen) or 'none'})"


def previous_opponent(combat: Combat, side: Side) -> Fighter | None:
    """The creature the other side played in the last primary match-up already fought."""
    if not combat.matchups:
        return None
    last = combat.matchups[-1]
    reference = last.defender if side is Side.ATTACKER else last.attacker
    return next((f for f in combat.sides[side.other].fighters if f.id == reference), None)


def command_terms(
    combat: Combat, side: Side, fighter: Fighter, opponent: Fighter, *, secondary: bool
) -> list[BonusTerm]:
    """The bonuses this side's command card gives ``fighter`` now (CMD-4, applied at PRI-6 or SEC-4)."""
    context = defending(combat, opponent)
    terms: list[BonusTerm] = []
    for command_bonus, source in combat.sides[side].bonuses:
        covers = command_bonus.when.covers_secondary() if secondary else command_bonus.when.covers_primary()
        if not covers or (command_bonus.terrain is not None and command_bonus.terrain not in combat.terrain):
            continue
        if command_bonus.to is not None and not command_bonus.to.matches(fighter.card):
            continue
        if command_bonus.against is not None and not command_bonus.against.matches(
            opponent.card, defending_in_stronghold=context
        ):
            continue
        if command_bonus.first_only:
            taker = combat.first_bonus_taken.setdefault(id(command_bonus), fighter)
            if taker is not fighter:
                continue
        amount = command_bonus.amount
        why = f"{source.name}'s command"
        if command_bonus.rising and fighter.round is not None and not secondary:
            amount = command_bonus.amount * fighter.round
            why += f" ({command_bonus.amount:+d} x match-up {fighter.round})"
        why = Named(why, (source.name,))
        terms.append(
            class_bar(
                combat,
                side,
                BonusTerm(source.name, amount, "SEC-4" if secondary else "PRI-6", source, why),
                command_bonus.to,
                command_bonus.against,
            )
        )
    return terms


def log_terms(combat: Combat, contribution: Contribution, terms: list[BonusTerm]) -> None:
    for term in terms:
        if term.barred:
            log_class_bar(combat, contribution.fighter, term.barred, term.why)
            continue
        add(combat, contribution, term.label, term.amount, term.rule, term.card, term.why, term.kind)


def log_class_bar(combat: Combat, fighter: Fighter, bar: str, why: str) -> None:
    log(
        combat,
        StepKind.NOTE,
        "ENG-13",
        "log_class_bar",
        (fighter.name, why, bar),
        side=fighter.side,
        subject=fighter,
    )


# PRI-6
def text_box(combat: Combat, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
    run_effects(combat, "PRI-6 start", pair, contributions)
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        mine = contributions[side]
        context = defending(combat, opponent)
        log_terms(combat, mine, bonus_terms(combat, side, fighter, opponent, secondary=False))
        # A command creature drawn into a match-up (ENG-14) is still no primary attacker of its side; a side
        # without command bonuses (most) has none to give.
        if fighter.role is not Role.COMMAND and combat.sides[side].bonuses:
            log_terms(combat, mine, command_terms(combat, side, fighter, opponent, secondary=False))
        for owner, source, aura, holder in active_effects(combat, SideBonus):
            if holder is fighter and not aura.includes_self:
                continue
            if aura.once_beaten and (holder is None or holder.fate is not Fate.BEATEN):
                continue
            if not aura.sides.reaches(owner is side):
                continue
            if aura.to is not None and not aura.to.matches(fighter.card):
                continue
            if aura.against is not None and not aura.against.matches(opponent.card, defending_in_stronghold=context):
                continue
            term = BonusTerm(
                source.name, aura.amount, "PRI-6", source, Named(f"{source.name} being in play", (source.name,))
            )
            log_terms(combat, mine, [class_bar(combat, side, term, aura.to, aura.against)])
        log_terms(combat, mine, shield_terms(combat, side, fighter, opponent, secondary=False))
        if side is Side.DEFENDER and combat.defender_in_stronghold:
            stronghold = combat.sides[side].stronghold
            assert stronghold is not None
            suppressor = suppressor_of(combat, Suppressed.STRONGHOLD_BONUS, fighter, opponent)
            if suppressor is not None:
                log(
                    combat,
                    StepKind.NOTE,
                    "ENG-3",
                    "text_box",
                    (fighter.name, stronghold.name, suppressor.name),
                    side=side,
                    card=suppressor.card,
                    subject=fighter,
                )
                continue
            downgrade = next((card for _, card, _, _ in active_effects(combat, NoStrongholdBonus)), None)
            if downgrade is not None:
                log(
                    combat,
                    StepKind.NOTE,
                    "ENG-3",
                    "text_box.3",
                    (fighter.name, stronghold.name, downgrade.name),
                    side=side,
                    card=downgrade,
                    subject=fighter,
                )
                continue
            bonus_value = stronghold.stronghold.defend_bonus if stronghold.stronghold else None
            rolled_defence = stronghold.first(RolledDefence)
            if rolled_defence is not None:
                bonus_value = roll(combat, side, stronghold.slug) + rolled_defence.plus
            if bonus_value is None:
                log(
                    combat,
                    StepKind.NOTE,
                    "ENG-1",
                    "text_box.2",
                    (stronghold.name,),
                    card=stronghold,
                )
            else:
                add(combat, mine, stronghold.name, bonus_value, "ENG-3", stronghold, f"defending in {stronghold.name}")


def add(
    combat: Combat,
    contribution: Contribution,
    label: str,
    amount: int,
    rule: str,
    card: CardDefinition | None,
    why: str,
    kind: StepKind = StepKind.BONUS,
) -> None:
    contribution.add(label, amount)
    if not combat.for_reader:
        # Exploring reads totals, not steps: the step is counted, its running total and chain are not made.
        log(combat, kind, rule, "add")
        return
    sign = "+" if amount >= 0 else ""
    log(
        combat,
        kind,
        rule,
        "add",
        (contribution.fighter.name, sign, amount, why, contribution.total),
        side=contribution.fighter.side,
        card=card,
        subject=contribution.fighter,
        delta=amount,
        total=contribution.total,
        chain=tuple(contribution.terms),
    )


# PRI-7
def off_colour(combat: Combat, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
    for side in SIDES:
        fighter, opponent = pair[side], pair[side.other]
        term = ocb_term(combat, fighter, opponent, "PRI-7")
        if term is None:
            for effect in effects_in(combat, "PRI-7 borrowed"):
                term = effect(combat, side, fighter, opponent)
        if term is None:
            continue
        suppressor = suppressor_of(combat, Suppressed.OCB, fighter, opponent)
        if suppressor is not None:
            log(
                combat,
                StepKind.NOTE,
                term.rule,
                "off_colour",
                (fighter.name, opponent.name, suppressor.name),
                side=side,
                card=suppressor.card,
                subject=fighter,
            )
            continue
        log_terms(combat, contributions[side], [term, *ocb_modifier_terms(combat, side, fighter, term.rule)])


def ocb_term(combat: Combat, fighter: Fighter, opponent: Fighter, rule: str) -> BonusTerm | None:
    """The off-colour bonus ``fighter`` has against ``opponent`` (PRI-7, or SEC-4 for a secondary attacker)."""
    card = fighter.card
    if not (card.ocb and card.border is not None and opponent.card.border is card.border.beats):
        return None
    return BonusTerm(
        "OCB",
        card.ocb,
        rule,
        card,
        Named(f"its off-colour bonus against the {opponent.card.border.value} {opponent.name}", (opponent.name,)),
        StepKind.OFF_COLOUR,
    )


# PRI-8
def terrain_step(combat: Combat, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
    for side in SIDES:
        log_terms(combat, contributions[side], terrain_terms(combat, pair[side], "PRI-8"))
        for effect in effects_in(combat, "PRI-8 borrowed"):
            log_terms(combat, contributions[side], effect(combat, side, pair[side]))


def lender_of(combat: Combat, side: Side, fighter: Fighter) -> tuple[BorrowsPrevious, Fighter] | None:
    """The borrowing rule of ``fighter`` and the creature its side played in the match-up before this one."""
    rule = fighter.first_text(BorrowsPrevious)
    if rule is None or not combat.matchups:
        return None
    last = combat.matchups[-1]
    reference = last.attacker if side is Side.ATTACKER else last.defender
    lender = next((f for f in combat.sides[side].fighters if f.id == reference), None)
    # Only printed bonuses are lent, so a lender that itself borrows passes nothing on.
    return (rule, lender) if lender is not None and lender is not fighter else None


@acts_in("PRI-7 borrowed", BorrowsPrevious)
def borrowed_ocb(combat: Combat, side: Side, fighter: Fighter, opponent: Fighter) -> BonusTerm | None:
    found = lender_of(combat, side, fighter)
    if found is None:
        return None
    rule, lender = found
    if not rule.ocb or not lender.card.ocb:
        return None
    against = rule.ocb_against or (lender.card.border.beats if lender.card.border else None)
    if against is None or opponent.card.border is not against:
        return None
    return BonusTerm(
        "OCB",
        lender.card.ocb,
        "PRI-7",
        fighter.card,
        Named(
            f"the off-colour bonus it borrows from {lender.name}, against the {against.value} {opponent.name}",
            (lender.name, opponent.name),
        ),
        StepKind.OFF_COLOUR,
    )


@acts_in("PRI-8 borrowed", BorrowsPrevious)
def borrowed_terrain(combat: Combat, side: Side, fighter: Fighter) -> list[BonusTerm]:
    found = lender_of(combat, side, fighter)
    if found is None or not found[0].terrain_bonus:
        return []
    lender = found[1]
    return [
        BonusTerm(
            modifier.terrain.value,
            modifier.amount,
            "PRI-8",
            fighter.card,
            f"{lender.name}'s terrain bonus, borrowed, fighting in {modifier.terrain.value}",
            StepKind.TERRAIN,
        )
        for modifier in lender.card.abilities_of(TerrainModifier)
        if modifier.terrain in combat.terrain
    ]


def terrain_terms(combat: Combat, fighter: Fighter, rule: str) -> list[BonusTerm]:
    """The printed terrain modifiers that apply where the fight is (PRI-8, or SEC-4)."""
    terms = [
        BonusTerm(
            modifier.terrain.value,
            modifier.amount,
            rule,
            fighter.card,
            Named(f"fighting in {modifier.terrain.value}", terrain_card_names(combat)),
            StepKind.TERRAIN,
        )
        for modifier in fighter.card.abilities_of(TerrainModifier)
        if modifier.terrain in combat.terrain
    ]
    for effect in effects_in(combat, "PRI-8 everywhere"):
        terms = effect(combat, fighter, rule, terms)
    return terms


@acts_in("PRI-8 everywhere", TerrainEverywhere)
def terrain_everywhere(combat: Combat, fighter: Fighter, rule: str, terms: list[BonusTerm]) -> list[BonusTerm]:
    """ENG-13: with such a card of its side in play and unbeaten, a creature fights with its largest printed
    terrain bonus unless the real terrain's bonuses already come to more; real penalties stay."""
    best = max(
        (m for m in fighter.card.abilities_of(TerrainModifier) if m.amount > 0),
        key=lambda m: m.amount,
        default=None,
    )
    if best is None or best.amount <= sum(t.amount for t in terms if t.amount > 0):
        return terms
    for owner, source, _, holder in active_effects(combat, TerrainEverywhere):
        if owner is fighter.side and holder is not fighter:
            return [t for t in terms if t.amount < 0] + [
                BonusTerm(
                    best.terrain.value,
                    best.amount,
                    rule,
                    source,
                    f"its {best.terrain.value} bonus, which {source.name} lets it use on any terrain",
                    StepKind.TERRAIN,
                )
            ]
    return terms


@acts_in("PRI-8 everywhere", SharesFirstTerrainBonus)
def first_terrain_bonus(combat: Combat, fighter: Fighter, rule: str, terms: list[BonusTerm]) -> list[BonusTerm]:
    """CMD-4 (Tablet of Ancathus): while the side's first primary creature stands, another creature of that side
    takes its terrain modifiers where the fight is in place of its own (the site's reading of "lives through")."""
    for owner, source, _, _ in active_effects(combat, SharesFirstTerrainBonus):
        if owner is not fighter.side:
            continue
        first = next((f for f in combat.sides[owner].fighters if f.round == 1 and f.role is Role.PRIMARY), None)
        if first is None or first is fighter or first.fate is not Fate.STANDING:
            return terms
        return [
            BonusTerm(
                modifier.terrain.value,
                modifier.amount,
                rule,
                source,
                f"{first.name}'s {modifier.terrain.value} modifier, which {source.name} gives it in place of its own",
                StepKind.TERRAIN,
            )
            for modifier in first.card.abilities_of(TerrainModifier)
            if modifier.terrain in combat.terrain
        ]
    return terms


@acts_in("PRI-8 everywhere", TerrainBonusModifier, order=1)
def terrain_bonus_modifiers(combat: Combat, fighter: Fighter, rule: str, terms: list[BonusTerm]) -> list[BonusTerm]:
    """Cards in play that change every terrain bonus of a side: one term per bonus and card, after the bonus
    it changes; a bonus is never taken below 0 and a penalty is left alone."""
    rules = [
        (source, modifier)
        for owner, source, modifier, _ in active_effects(combat, TerrainBonusModifier)
        if modifier.sides.reaches(owner is fighter.side)
    ]
    if not rules:
        return terms
    changed: list[BonusTerm] = []
    for term in terms:
        changed.append(term)
        if term.kind is not StepKind.TERRAIN or term.amount <= 0:
            continue
        worth = term.amount
        for source, modifier in rules:
            amount = max(modifier.amount, -worth)
            worth += amount
            changed.append(
                BonusTerm(
                    source.name,
                    amount,
                    rule,
                    source,
                    Named(f"{source.name} changing {fighter.name}'s {term.label} bonus", (source.name, fighter.name)),
                    StepKind.TERRAIN,
                )
            )
    return changed


@acts_in("PRI-6 start", CommandGuess, order=1)
def guesses(combat: Combat, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
    """ENG-12: a command's guess about a hidden match-up creature, made for every primary match-up while
    the command stands; the set-up gives the guesses in match-up order."""
    for owner, card, rule, holder in active_effects(combat, CommandGuess):
        if holder is not None and holder.role is not Role.COMMAND:
            continue
        guesser = owner if rule.guesser is Sides.OWN else owner.other
        hidden, helped = pair[guesser.other], pair[owner]
        actual = hidden.card.border if rule.guesses is Guessed.BORDER else hidden.card.size
        named = choice(combat, owner, holder.reference if holder is not None else card.slug)
        guesses = named.split("-") if named else []
        index = (helped.round or 1) - 1
        if index < len(guesses):
            guess = guesses[index]
            right = actual is not None and guess == actual.value
            said = f"guesses {guess}"
        else:
            right = not rule.on_right
            said = f"makes no guess in the set-up, so it counts as a {'right' if right else 'wrong'} guess"
        pays = right if rule.on_right else not right
        what = "border" if rule.guesses is Guessed.BORDER else "size"
        shown = actual.value if actual is not None else "none"
        log(
            combat,
            StepKind.COMMAND_EFFECT,
            "ENG-12",
            "guesses.pays" if pays else "guesses.no_bonus",
            (card.name, guesser.value, said, what, guesser.other.value, hidden.name, shown, helped.name, rule.amount)
            if pays
            else (card.name, guesser.value, said, what, guesser.other.value, hidden.name, shown),
            side=owner,
            card=card,
            subject=hidden,
        )
        if pays:
            add(
                combat,
                contributions[owner],
                card.name,
                rule.amount,
                "PRI-6",
                card,
                f"{card.name}'s command (a {'right' if right else 'wrong'} guess)",
            )


@acts_in("PRI-6 start", StoneOrBonus, order=2)
def stone_or_bonus(combat: Combat, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
    """The opponent pays Power Stones out of his supply, or the creature gets its bonus."""
    for side in SIDES:
        fighter = pair[side]
        for rule in fighter.text(StoneOrBonus):
            payer = side.other
            chosen = choice(combat, side, fighter.reference) or "refuse"
            if chosen == "burn" and burn_stones(
                combat,
                payer,
                rule.stones,
                fighter.card,
                "PRI-6",
                f"rather than let {fighter.name} have {rule.amount:+d}",
            ):
                continue
            if chosen == "burn":
                combat.warn(
                    "stones.cannot_burn",
                    "PRI-6",
                    side=payer.value,
                    stones=rule.stones,
                    fighter=fighter.name,
                    held=combat.sides[payer].stones,
                )
            why = "has too few stones to burn" if chosen == "burn" else "keeps his stones"
            add(
                combat,
                contributions[side],
                f"{fighter.name}'s text",
                rule.amount,
                "PRI-6",
                fighter.card,
                f"{fighter.name}'s own text (the {payer.value} {why})",
            )


def names_class(selector: Selector) -> bool:
    """Whether a condition names a creature class anywhere (its own classes, an alternative or an exclusion)."""
    return (
        bool(selector.classes)
        or any(names_class(inner) for inner in selector.any_of)
        or (selector.negated is not None and names_class(selector.negated))
    )


def destroy_upgrade(combat: Combat, side: Side, card: CardDefinition) -> None:
    """PRI-2 (Summon Loghammer's Sapper): the first opposing stronghold upgrade among the cards played earlier
    leaves play; it is taken out of them, so nothing reads it for the rest of the combat."""
    opposing = combat.sides[side.other].earlier_cards
    upgrade = next((c for c in opposing if c.type is CardType.STRONGHOLD_UPGRADE), None)
    if upgrade is None:
        log(
            combat,
            StepKind.SPELL,
            "PRI-2",
            "destroy_upgrade.none",
            (side.value, card.name, side.other.value),
            side=side,
            card=card,
        )
        return
    opposing.remove(upgrade)
    log(
        combat,
        StepKind.SPELL,
        "PRI-2",
        "destroy_upgrade",
        (side.value, card.name, side.other.value, upgrade.name),
        side=side,
        card=card,
    )
