"""The duel procedure of Guardians Arena (chapter 6 of the site's Arena rules), as functions on a Combat.

The standard machinery does what the two rule sets share: the duellists' own bonuses, immunity,
off-colour bonus and terrain (PRI-5 to PRI-8, SEC-4), bribery, spells, ranged attacks and
channelling, run on a Combat built from the duel as a one-creature match-up; ``rounds`` takes each
round's actions in the order written through the same per-turn steps. What only the Arena has is
here, each step citing its ARN- id: the reveal and its command abilities (``commands`` says which
apply), flying, red Vitality, the upper hand, the secondary round with shields that cancel and
attackers whose AOEs strike the hand, the site's rulings on what the variant leaves open, and where
every card goes.
"""

from __future__ import annotations

import json

from ..abilities import (
    Aoe,
    Bonus,
    CommandBonus,
    CommandSideline,
    CommandTerrain,
    ForbidsBribery,
    ForbidsCasting,
    WinsPushes,
)
from ..actions import Action, ActionKind
from ..cards import CardDefinition
from ..catalog import CardCatalog
from ..combat_state import Combat
from ..command_step import fire_aoe, sideline_creature
from ..core import active_effects, log, record_fate
from ..creature_outcomes import creature_outcome
from ..enums import SIDES, CardType, Fate, Phase, Role, Side, StepKind
from ..errors import CatalogError, Problem, SetupInvalid
from ..log import CreatureOutcome, Notice, Term, Why, WordedWhy
from ..matchup_effects import (
    BonusTerm,
    bonus_terms,
    bribe_creature,
    destruction,
    immunity,
    log_terms,
    off_colour,
    terrain_step,
    text_box,
)
from ..primary_step import destroys_on_beating, margin_needed, push_winner
from ..render import Words, render_values
from ..setup import Channel, CombatSetup, Moment, RangedSupport, SideSetup, SpellPlay, split_reference
from ..state import Contribution, Fighter
from ..validate import validate
from .citations import SideCards, cite_arena, cite_notice
from .commands import CommandFate, command_fate, is_command_ability
from .notation import format_duel, round_action_text
from .readings import SECONDARY_PASSES, SecondaryPasses
from .result import CardPlace, DuelLog, DuelResult, Place, RoundTotals
from .rounds import RoundPlay, announce, play_primary, play_said, say_off_target
from .setup import ArenaPlay, ArenaSetup, PlayKind, RoundAction, is_pass
from .stock import shared_code_reads
from .support import duel_gap, reads_set_up_inputs
from .validate import check_duel, off_targets, problem, secondary_channel_problem, turn_problems
from .wording import duel_words

PRIMARY = Moment(1)
SECONDARY = Moment(1, secondary=True)
# Standard checks that belong to a shield of creatures, not to one duellist and its Stock.
_NOT_ARENA = frozenset({"setup.stacking_over_limit", "setup.too_many_items", "setup.attacker_in_stronghold"})
# Standard checks on what a creature needs to fight (a roll, a count, being the command card).
_ONLY_IF_IT_FIGHTS = frozenset({"setup.count_missing", "setup.roll_missing", "setup.must_be_command"})
# A roll or a count: asked only of a card whose ability that reads it the duel applies (ARN-40).
_INPUTS = frozenset({"setup.count_missing", "setup.roll_missing"})
# The reason of a creature still standing when the duel ends.
TOOK_PART = Why("arena.took_part")


def standard_setup(setup: ArenaSetup, catalog: CardCatalog) -> CombatSetup:
    """The duel as a one-creature match-up for the shared machinery: the duellist first, then the
    ranged attackers it calls on, then every creature of its Creature Pen (out of the hand until the
    secondary round, 6.5.1); the Stock is the combat hand. Bribes are taken at their turn
    (``rounds``), so the derived set-up lists none; spells and items are listed for each round so the
    shared code that counts casts finds them."""

    sacrificed = setup.attacker.sacrifice or setup.defender.sacrifice

    def side(which: Side) -> SideSetup:
        duel = setup.side(which)
        mine = [a for a in setup.primary if isinstance(a, Action) and a.side is which]
        shooters = tuple(a.card for a in mine if a.kind is ActionKind.RANGED and a.card is not None)
        pen_creatures = tuple(
            reference
            for reference in duel.pen
            if (card := catalog.find(split_reference(reference)[0])) is not None and card.type is CardType.CREATURE
        )
        # Only the channellers a primary action uses take part: an unused one stays under its stronghold.
        channels = tuple(a.card for a in mine if a.kind is ActionKind.CHANNEL and a.card is not None)

        def spells(actions: tuple[RoundAction, ...], moment: Moment) -> tuple[SpellPlay, ...]:
            return tuple(
                SpellPlay(moment, a.card, a.target)
                for a in actions
                if isinstance(a, Action)
                and a.side is which
                and a.kind in (ActionKind.SPELL, ActionKind.ITEM)
                and a.card is not None
                and (card := catalog.find(split_reference(a.card)[0])) is not None
                and shared_code_reads(card, moment.secondary)
            )

        return SideSetup(
            creatures=(*duel.duellists[:1], *shooters, *pen_creatures),
            items=duel.items,
            hand=duel.stock,
            channellers=tuple(card for card in channels if card != "guardian"),
            guardian=duel.guardian,
            stones=duel.stones,
            # A standard bearer lies beside the Guardian; sacrificed ones (rule 2.4.2) are gone before the duel.
            shields=(duel.bearer,) if duel.bearer and not sacrificed else (),
            ranged=tuple(RangedSupport(1, card) for card in shooters),
            spells=spells(setup.primary, PRIMARY) + spells(setup.secondary, SECONDARY),
            channels=tuple(
                Channel(PRIMARY, a.card, a.amount, a.target)
                for a in mine
                if a.kind is ActionKind.CHANNEL and a.card is not None
            ),
            secondaries=(),
            rolls=duel.rolls,
            counts=duel.counts,
            choices=duel.choices,
        )

    return CombatSetup(attacker=side(Side.ATTACKER), defender=side(Side.DEFENDER), terrain=setup.terrain)


def idle_pen_creatures(setup: ArenaSetup, catalog: CardCatalog) -> set[str]:
    """Pen creatures that never enter the battle: they sit in the combat only so that an AOE or a
    command can reach them in the hand, so what they would need to fight is not asked for."""
    pen = {
        card.slug
        for side in SIDES
        for reference in setup.side(side).pen
        if (card := catalog.find(split_reference(reference)[0])) is not None
    }
    entering = {split_reference(p.card)[0] for p in setup.secondary if isinstance(p, ArenaPlay)}
    entering |= {split_reference(d)[0] for side in SIDES for d in setup.side(side).duellists}
    return pen - entering


def resolve_duel(setup: ArenaSetup, catalog: CardCatalog) -> DuelLog:
    """Resolve one duel; raises SetupInvalid (each problem with an arena.* code and its rule) or NotationError."""
    catalog = with_made_up(setup, catalog)
    check_duel(setup, catalog)
    derived = standard_setup(setup, catalog)
    problems = derived_problems(setup, catalog, derived)
    if problems:
        raise SetupInvalid(problems)
    combat = DuelCombat(derived, catalog, checked=True)
    duel = Duel(combat, setup)
    result = duel.run()
    return DuelLog(notation=format_duel(setup), steps=cite_arena(combat.steps, combat.side_cards()), result=result)


def derived_problems(setup: ArenaSetup, catalog: CardCatalog, derived: CombatSetup | None = None) -> list[Problem]:
    """The standard checks of the duel as a one-creature match-up that a duel shares (``standard_setup``, given
    as ``derived`` when the caller has it)."""
    idle = idle_pen_creatures(setup, catalog)
    return [
        p
        for p in validate(derived or standard_setup(setup, catalog), catalog)
        if p.code not in _NOT_ARENA
        and not (p.code in _ONLY_IF_IT_FIGHTS and p.card in idle)
        and not (p.code in _INPUTS and unread_input(p.card, catalog))
    ]


def secondary_opener(setup: ArenaSetup, catalog: CardCatalog) -> Side | None:
    """Who acts first in the secondary round (6.6.1): the player whose duellist the primary round beat, the
    attacker after a tie; None when a duellist left the Duel Zone in the primary round, which ends the duel.

    Plays the primary round alone, writing no step: the one fact of the play a check of the set-up needs.
    The set-up must have passed ``validate_duel`` and ``derived_problems``."""
    catalog = with_made_up(setup, catalog)
    combat = DuelCombat(standard_setup(setup, catalog), catalog, checked=True)
    combat.for_reader = False
    duel = Duel(combat, setup)
    primary, _ = duel.primary_round()
    if primary is None or duel.left_the_zone("primary")[0]:
        return None
    return primary.won_by.other if primary.won_by else Side.ATTACKER


def secondary_problems(setup: ArenaSetup, catalog: CardCatalog, first: Side | None) -> list[Problem]:
    """The problems of the secondary round once its opener is known, as the duel would raise them: an order
    written for neither player, a Guardian's channel, a bribe or shield aimed at a creature not there."""
    if first is None:
        return []  # the round is never played: its actions are said not to be taken
    actions = setup.secondary
    problems = turn_problems(actions, first, "secondary", "6.6.1")
    if problems:
        written_for_other = not turn_problems(actions, first.other, "secondary", "6.6.1")
        return [] if written_for_other and not all(is_pass(a) for a in actions) else problems
    # The first the round reaches stops it, as in play. (A duellist that leaves the Duel Zone earlier in the
    # round ends it before such an action; that is known only by playing the round, so it is reported here.)
    refused = {index: off for (name, index), off in off_targets(setup, catalog).items() if name == "secondary"}
    for index, action in enumerate(actions):
        if isinstance(action, Action) and action.kind in (ActionKind.CHANNEL, ActionKind.RANGED):
            return [secondary_channel_problem(action, f"secondary action {index + 1}")]
        off = refused.get(index)
        if off is not None and not off.warned:
            card = off.action.split(":")[2].split("@")[0]
            rule = "2.3.1" if ":shield:" in off.action else "6.6.1c"
            return [_target_problem(off.side, card, off.target, [], rule)]
    return []


def unread_input(slug: str | None, catalog: CardCatalog) -> bool:
    """A creature's roll or count that the duel would never read, since it does not apply the text that reads it
    (the duel names that text as not automated instead); spells are asked only when played (``stock``)."""
    card = catalog.find(slug) if slug else None
    return card is not None and card.type is not CardType.SPELL and not reads_set_up_inputs(card)


def with_made_up(setup: ArenaSetup, catalog: CardCatalog) -> CardCatalog:
    """The catalog plus the duel's made-up cards; a record that cannot be a card is a set-up problem."""
    if not setup.made_up:
        return catalog
    try:
        return catalog.with_made_up(json.loads(text) for text in setup.made_up)
    except (CatalogError, ValueError, KeyError, TypeError) as exc:
        raise SetupInvalid([Problem("setup.bad_made_up", str(exc), "made_up")]) from None


class DuelCombat(Combat):
    """The duel's Combat: a notice of a shared step cites the Arena id of its rule (``citations``)
    and is worded in the Arena's words (``wording``), as the duel's log steps are."""

    def notify(self, notice: Notice) -> None:
        super().notify(cite_notice(notice, self.phase, self.side_cards()))

    def side_cards(self) -> SideCards:
        """The standard bearers beside the Guardians and the terrain card whose text sets a rule (site ruling 6.8.8):
        a change one of them makes cites ARN-46 (``citations``). A sacrificed bearer is not among the shield cards."""
        cards = [card for side in SIDES for card in self.sides[side].shield_cards]
        if self.terrain_card is not None:
            cards.append(self.terrain_card)
        return SideCards({card.slug: card.name for card in cards if card.abilities})

    def words(self) -> Words:
        """The Arena's words for the round being fought: warnings and refusals are worded in them."""
        return duel_words(self.phase)


class Duel:
    """One battle in the Duel Zone; ``run`` plays it through and returns the result."""

    def __init__(self, combat: Combat, setup: ArenaSetup) -> None:
        self.combat = combat
        self.setup = setup
        self.pair = {side: combat.sides[side].fighters[0] for side in SIDES}
        self.places: list[CardPlace] = []
        self.command_terms: dict[Side, list[Term]] = {side: [] for side in SIDES}
        # Duellists whose command forbids casting (Pharaoh Djoser), read by each round's Stock cards.
        self.forbids: list[tuple[Side, CardDefinition, ForbidsCasting]] = []
        self.made_up = tuple(str(json.loads(text)["slug"]) for text in setup.made_up)
        # Targets the actions cannot reach: each is said at its turn (``validate.off_targets``).
        self.off_target = {at: off for at, off in off_targets(setup, combat.catalog).items() if off.warned}
        # The open rules whose reading decided a step of this duel (their keys), for the result to name.
        self.readings_applied: list[str] = []
        # The Creature Pen is not part of the primary round's hand (6.2.1); it joins it in 6.5.1.
        for side in SIDES:
            for fighter in self.pen_fighters(side):
                fighter.in_hand = False

    def run(self) -> DuelResult:
        primary, decided = self.primary_round()
        upper = primary.won_by if primary else decided
        secondary: RoundTotals | None = None
        ended, survivor = (False, None) if primary is None else self.left_the_zone("primary")
        if primary is None or ended:
            winner = decided if primary is None else survivor
            why = Why("arena.decided.left_zone", {"round": "primary", "rule": "ARN-15"})
            self.secondary_not_taken()
        else:
            secondary, winner, why = self.secondary_round(primary)
        self.combat.phase = Phase.RESOLUTION
        self.combat.moment = ""
        victorious = self.resolution(winner)
        return DuelResult(
            primary=primary,
            upper_hand=upper,
            secondary=secondary,
            winner=winner,
            decided_by=render_values(why.code, why.values),
            places=tuple(self.places),
            victorious=victorious,
            not_automated=tuple(self.combat.not_automated.items()),
            warnings=tuple(self.combat.warnings),
            notices=tuple(self.combat.notices),
            creatures=self.creatures(),
            made_up=self.made_up,
            decided_by_code=why.code,
            decided_by_values=dict(why.values),
            readings=self.setup.readings.named(),
            readings_written=self.setup.readings.written,
            readings_applied=tuple(self.readings_applied),
        )

    def creatures(self) -> tuple[CreatureOutcome, ...]:
        """Every creature that took part or whose fate changed. A standing one took part in the duel
        (``arena.took_part``): a duel has no space to hold, so the standard reasons for a creature left
        standing (won or survived a match-up) do not fit it. Each reason is worded in the Arena's words
        for the round that decided it."""
        return tuple(
            creature_outcome(
                f,
                self.made_up,
                why=TOOK_PART if f.fate is Fate.STANDING else None,
                words=self.words_at(f.fate_step),
            )
            for side in SIDES
            for f in self.combat.sides[side].fighters
            if f.role is not Role.UNPLAYED or f.fate is not Fate.STANDING
        )

    def words_at(self, step: int | None) -> Words:
        """The Arena's words for the round of the log's step ``step`` (the current round for None)."""
        steps = self.combat.steps
        phase = steps[step].phase if step is not None and step < len(steps) else self.combat.phase
        return duel_words(phase)

    # ------------------------------------------------------------------ primary round
    def primary_round(self) -> tuple[RoundTotals | None, Side | None]:
        combat, pair = self.combat, self.pair
        combat.phase, combat.moment = Phase.PRIMARY, "1"
        a, d = pair[Side.ATTACKER], pair[Side.DEFENDER]
        for fighter in pair.values():
            fighter.in_hand, fighter.role, fighter.round = False, Role.PRIMARY, 1
        a.faced, d.faced = d, a
        for slug in self.made_up:
            card = combat.catalog.get(slug)
            log(combat, StepKind.NOTE, "ARN-42", "made_up", (card.name, card.slug), card=card)
        log(combat, StepKind.REVEAL, "ARN-1", "arena.reveal", (a.name, a.vitality, d.name, d.vitality))
        self.note_terrain_and_bearers()
        self.commands_on_reveal()
        for fighter in pair.values():
            self.lock_bribery(fighter)
        self.announce_gaps(self.cards_at_reveal())
        contributions = {side: Contribution(pair[side]) for side in SIDES}
        # The actions in the order written (6.3.2): ranged attacks and channelling add at their turn.
        off = {index: o for (name, index), o in self.off_target.items() if name == "primary"}
        self.round_play = play_primary(combat, self.setup.primary, pair, contributions, self.forbids, off)
        if self.round_play.decided is not None:
            return self.decided_by_roll(contributions), None
        destruction(combat, pair)
        ended, survivor = self.left_the_zone("primary")
        if ended:
            return None, survivor
        # The modifiers that depend on the state of the battle, as it stands at the round's end (6.4.1).
        immunity(combat, pair)
        text_box(combat, pair, contributions)
        off_colour(combat, pair, contributions)
        terrain_step(combat, pair, contributions)
        for side in SIDES:
            for term in self.command_terms[side]:
                contributions[side].terms.append(term)
        self.red_vitality(contributions, [(side, pair[side]) for side in SIDES])
        totals = {side: contributions[side].total for side in SIDES}
        chains = {side: tuple(contributions[side].terms) for side in SIDES}
        for side in SIDES:
            if self.flies_over(pair[side], pair[side.other]):
                opponent = pair[side.other]
                log(
                    combat,
                    StepKind.NOTE,
                    "ARN-4",
                    "arena.flying",
                    (pair[side].name, opponent.name, totals[side.other]),
                    side=side,
                    card=pair[side].card,
                )
                totals[side.other] = 0
                chains[side.other] = (
                    *chains[side.other],
                    Term(f"{pair[side].name} flies", -sum(t.amount for t in chains[side.other])),
                )
        primary = self.compare("ARN-6", "ARN-7", totals, chains, "primary", self.close_result(totals))
        self.destroyed_on_beaten(primary)
        return primary, None

    def decided_by_roll(self, contributions: dict[Side, Contribution]) -> RoundTotals:
        """ARN-43: a winning roll (Summon Entropy Storm) has decided the primary round. The card allows no
        further change, so no end-of-round modifier is counted and nothing is compared: its caster holds the
        upper hand, and the totals are those the roll found (printed Vitality, and any ranged attack or
        channel taken before it)."""
        assert self.round_play.decided is not None
        side, card = self.round_play.decided
        log(
            self.combat,
            StepKind.COMPARE,
            "ARN-43",
            "arena.primary_by_roll",
            (card.name, self.pair[side].name, side.value),
            card=card,
        )
        return RoundTotals(
            contributions[Side.ATTACKER].total,
            contributions[Side.DEFENDER].total,
            tuple(contributions[Side.ATTACKER].terms),
            tuple(contributions[Side.DEFENDER].terms),
            side,
            card.slug,
        )

    def cards_at_reveal(self) -> list[tuple[Side | None, CardDefinition]]:
        """The cards whose text may act from the reveal on: the duellists, their items, Guardians and standard
        bearers (not sacrificed ones), the creatures under a stronghold that the primary round uses, the terrain."""
        catalog, setup = self.combat.catalog, self.setup
        cards: list[tuple[Side | None, CardDefinition]] = []
        for side in SIDES:
            duel = setup.side(side)
            bearer = (
                (duel.bearer,) if duel.bearer and not (setup.attacker.sacrifice or setup.defender.sacrifice) else ()
            )
            used = tuple(
                a.card
                for a in setup.primary
                if isinstance(a, Action) and a.side is side and a.kind in (ActionKind.RANGED, ActionKind.CHANNEL)
            )
            guardian = (duel.guardian,) if duel.guardian else ()
            for reference in (*duel.duellists[:1], *duel.items, *guardian, *bearer, *used):
                card = catalog.find(split_reference(reference)[0]) if reference else None
                if card is not None:
                    cards.append((side, card))
        if self.combat.terrain_card is not None:
            cards.append((None, self.combat.terrain_card))
        return cards

    def lock_bribery(self, fighter: Fighter) -> None:
        """A creature whose text bans a bribery icon (the Ugly Wart Fiend) bans it from its reveal to the battle's
        end, for both players, unless it is itself bribed first (6.3.6, site ruling A-12): the lock the shared
        bribery step reads, set here as ``primary_step.play_matchup`` sets it for a match-up."""
        lock = fighter.first_text(ForbidsBribery)
        locks = self.combat.sides[fighter.side].bribery_locks
        if lock is None or lock.icon in locks:
            return
        locks[lock.icon] = fighter
        args = (fighter.name, lock.icon.value.capitalize(), fighter.side.value)
        log(self.combat, StepKind.NOTE, "A-12", "matchup.2", args, side=fighter.side, card=fighter.card)

    def announce_gaps(self, cards: list[tuple[Side | None, CardDefinition]]) -> None:
        """ARN-39 (6.8.1): each card taking part whose text the duel does not apply in full is named once, with
        the reason, as a coded warning; it fights on without that text."""
        for side, card in cards:
            gap = duel_gap(card)
            if gap is None or card.slug in self.combat.not_automated:
                continue
            message = announce(
                self.combat,
                gap.code,
                "ARN-39",
                side=side,
                card=card,
                kind=StepKind.NOT_AUTOMATED,
                slug=card.slug,
                reason=gap.reason,
            )
            self.combat.not_automated[card.slug] = message

    def left_the_zone(self, round_name: str) -> tuple[bool, Side | None]:
        """ARN-15: whether a duellist was bribed or destroyed in the round (said in the log, which ends
        the battle with no comparison), and the side whose duellist stands alone, None if neither does."""
        gone = [f for f in self.pair.values() if f.fate is not Fate.STANDING]
        if not gone:
            return False, None
        left = [f for f in self.pair.values() if f.fate is Fate.STANDING]
        log(self.combat, StepKind.COMPARE, "ARN-15", "arena.left_zone", (", ".join(f.name for f in gone), round_name))
        return True, left[0].side if len(left) == 1 else None

    def note_terrain_and_bearers(self) -> None:
        combat = self.combat
        if self.setup.terrain:
            log(
                combat,
                StepKind.TERRAIN,
                "ARN-23",
                "arena.terrain",
                (" and ".join(sorted(t.value for t in combat.terrain)) or "none",),
                # The terrain card laid in the Duel Zone, named as the card whose types and rules the duel uses.
                card=combat.terrain_card,
            )
        for side in SIDES:
            bearer = self.setup.side(side).bearer
            if bearer and self.setup.side(side).sacrifice:
                own = combat.catalog.get(split_reference(bearer)[0])
                other_ref = self.setup.side(side.other).bearer
                assert other_ref is not None
                other = combat.catalog.get(split_reference(other_ref)[0])
                log(
                    combat,
                    StepKind.DESTROY,
                    "ARN-29",
                    "arena.sacrifice",
                    (side.value, own.name, other.name),
                    side=side,
                    card=own,
                )
                self.places.append(CardPlace(side, own.slug, Place.DISCARD, "ARN-30"))
                self.places.append(CardPlace(side.other, other.slug, Place.DISCARD, "ARN-29"))
                return
        for side in SIDES:
            bearer = self.setup.side(side).bearer
            if bearer:
                card = combat.catalog.get(split_reference(bearer)[0])
                log(combat, StepKind.NOTE, "ARN-22", "arena.bearer", (card.name, side.value), side=side, card=card)

    def commands_on_reveal(self) -> None:
        """A duellist's command works as soon as it is revealed, for both rounds (rules 6.3.1, 6.7.1);
        ``commands.command_fate`` says which command abilities a duel applies."""
        combat = self.combat
        self.terrain_commands()
        for side in SIDES:
            fighter, opponent = self.pair[side], self.pair[side.other]
            for ability in fighter.card.abilities:
                if isinstance(ability, CommandBonus) and ability.when.covers_secondary():
                    # For the creatures its side plays as secondary attackers (through the shared SEC-4 terms).
                    combat.sides[side].bonuses.append((ability, fighter.card))
                    log(
                        combat,
                        StepKind.COMMAND_EFFECT,
                        "ARN-2",
                        "arena.command_for_secondary",
                        (fighter.name, side.value, ability.describe().removeprefix("Command: ").rstrip(".")),
                        side=side,
                        card=fighter.card,
                    )
                if isinstance(ability, CommandBonus) and ability.when.covers_primary():
                    if ability.to is not None and not ability.to.matches(fighter.card):
                        continue
                    if ability.against is not None and not ability.against.matches(opponent.card):
                        continue
                    if ability.terrain is not None and ability.terrain not in combat.terrain:
                        continue
                    amount = ability.amount
                    self.command_terms[side].append(Term(f"{fighter.name}'s command", amount))
                    log(
                        combat,
                        StepKind.COMMAND_EFFECT,
                        "ARN-2",
                        "arena.command",
                        (fighter.name, amount),
                        side=side,
                        card=fighter.card,
                        subject=fighter,
                        delta=amount,
                    )
                elif isinstance(ability, ForbidsCasting) and ability.command_only:
                    self.forbids.append((side, fighter.card, ability))
                    log(combat, StepKind.COMMAND_EFFECT, "ARN-2", "arena.command_forbids", (fighter.name,), side=side)
                elif fighter.card.command and is_command_ability(ability):
                    fate, why = command_fate(ability)
                    if fate is CommandFate.APPLIED:
                        continue
                    code = "arena.command_no_effect" if fate is CommandFate.NO_SENSE else "arena.command_not_automated"
                    message = announce(
                        combat,
                        code,
                        "ARN-2",
                        side=side,
                        card=fighter.card,
                        fighter=fighter.name,
                        ability=ability.kind,
                        why=why,
                    )
                    if fate is not CommandFate.NO_SENSE:
                        combat.not_automated[fighter.card.slug] = message

    def terrain_commands(self) -> None:
        """An Overlord's command makes the Duel Zone count as its terrain for the battle; two duellists
        naming different terrains contradict each other as two command cards would."""
        combat = self.combat
        named = [
            (side, self.pair[side], rule)
            for side in SIDES
            if self.pair[side].card.command and (rule := self.pair[side].card.first(CommandTerrain)) is not None
        ]
        if len({rule.terrain for _, _, rule in named}) > 1:
            # As between two command cards (rulings on Uras against Slor): the lower Up number, the
            # printed Vitality, is dispelled; equal numbers dispel both.
            (_, first, _), (_, second, _) = named
            ups = {first.card.base_vitality, second.card.base_vitality}
            kept = [entry for entry in named if len(ups) > 1 and entry[1].card.base_vitality == max(ups)]
            dispelled = [f.name for _, f, _ in named if not kept or f is not kept[0][1]]
            announce(
                combat,
                "arena.commands_contradict",
                "ARN-2",
                first=first.name,
                second=second.name,
                lost=", ".join(dispelled),
                dispelled=dispelled,
            )
            named = kept
        for side, fighter, rule in named:
            combat.terrain = frozenset({rule.terrain})
            log(
                combat,
                StepKind.COMMAND_EFFECT,
                "ARN-2",
                "arena.command_terrain",
                (fighter.name, rule.terrain.value),
                side=side,
                card=fighter.card,
            )

    def sidelines_on_pen(self) -> None:
        """A command that sets creatures aside reaches the pen creatures when they join the hand (6.5.1):
        those cannot be played as secondary attackers."""
        for side in SIDES:
            fighter = self.pair[side]
            if not fighter.card.command:
                continue
            for rule in fighter.card.abilities_of(CommandSideline):
                if not rule.picked:
                    sideline_creature(self.combat, side, fighter.card, rule)

    def fire(self, side: Side, fighter: Fighter, aoe: Aoe, rule: str) -> None:
        """An AOE of a secondary attacker, through the shared ``fire_aoe``; a roll or a count it needs
        comes from the duel set-up's rolls and counts (6.8.2), which the set-up checks ask for."""
        fire_aoe(self.combat, side, fighter.card, aoe, rule, fighter.reference)

    def flies_over(self, flier: Fighter, opponent: Fighter) -> bool:
        """Rule 2.1.1: a flier ignores a non-flying opponent's Vitality, unless that opponent has an
        ability aimed at fliers."""
        if not flier.card.flying or opponent.card.flying:
            return False
        # The opponent's own text or its side's standard bearer (whose text applies while in play, rule 2.4.1).
        texts = [*opponent.text(Bonus)]
        for card in self.combat.sides[opponent.side].shield_cards:
            texts += card.abilities_of(Bonus)
        return not any(b.against is not None and b.against.flying for b in texts)

    def red_vitality(self, contributions: dict[Side, Contribution], creatures: list[tuple[Side, Fighter]]) -> None:
        """Rule 2.2.1: a creature with a red number gives its opponent red minus black."""
        for side, fighter in creatures:
            red = fighter.card.stacking_vitality
            if red is None or red == fighter.card.base_vitality:
                continue
            change = red - fighter.card.base_vitality
            target = contributions[side.other]
            target.add(f"{fighter.name}'s red number", change)
            log(
                self.combat,
                StepKind.BONUS,
                "ARN-5",
                "arena.red",
                (fighter.name, red, fighter.card.base_vitality, side.other.value, change, target.total),
                side=side.other,
                card=fighter.card,
                delta=change,
                total=target.total,
            )

    def secondary_not_taken(self) -> None:
        """A duel that ended in the primary round (6.4.3) has no secondary round: each action written for it is
        said not to be taken, so none is dropped without a word."""
        actions = [(index, action) for index, action in enumerate(self.setup.secondary) if not is_pass(action)]
        if not actions:
            return
        self.combat.phase, self.combat.moment = Phase.SECONDARY, "s1"
        for index, action in actions:
            args = (index + 1, action.side.value, play_said(self.combat.catalog, action))
            log(self.combat, StepKind.NOTE, "ARN-15", "arena.not_taken", args, side=action.side)

    def secondary_written_for(self, first: Side) -> bool:
        """The secondary round's actions are in turn for ``first`` acting first, and at least one is not a pass.

        Who acts first follows the primary round's result (6.6.1), which rulings 6.8.5-6.8.8 changed for some
        duels: a shared permalink whose secondary round was written for the other player resolved before and
        must keep resolving (the developers' guide), so the duel says its actions are not possible rather than
        refusing it. An order wrong for either player is wrong on its face and stays refused."""
        actions = self.setup.secondary
        return not turn_problems(actions, first, "secondary", "6.6.1") and not all(is_pass(a) for a in actions)

    def secondary_order_changed(self, first: Side) -> None:
        """Each action of a secondary round written for the other player acting first is not taken, said as a
        coded warning with the action, the side that acts first now and the side it was written for."""
        for index, action in enumerate(self.setup.secondary):
            if is_pass(action):
                continue
            announce(
                self.combat,
                "arena.action_not_possible",
                "ARN-8",
                side=action.side,
                number=str(index + 1),
                action=round_action_text(action),
                first=first.value,
                written_first=first.other.value,
            )

    def destroyed_on_beaten(self, primary: RoundTotals) -> None:
        """ARN-45: the creature that loses the primary round is beaten (6.6.1), so text that destroys the
        creature it beats, or destroys itself when beaten, acts then (site ruling 6.8.7); the destroyed duellist
        leaves the Duel Zone and the duel ends (6.4.3). Indestructible text stops it, as in a match-up."""
        if primary.won_by is None:
            return
        winner = self.pair[primary.won_by]
        loser = self.pair[primary.won_by.other]
        said = destroys_on_beating(self.combat, winner, loser, abs(primary.attacker_total - primary.defender_total))
        if said is None:
            return
        record_fate(
            self.combat,
            StepKind.DESTROY,
            "ARN-45",
            said.message,
            said.args,
            subject=loser,
            fate=Fate.DESTROYED,
            reason=Why("arena.destroyed_on_beaten", {"winner": winner.name}),
            side=winner.side,
            card=winner.card,
        )

    def close_result(self, totals: dict[Side, int]) -> tuple[Side | None] | None:
        """ARN-44: text that settles a close primary match-up settles the primary round, the duel's one primary
        match-up (site ruling 6.8.6): a lead below the margin a creature's text demands is a push, and a push is
        won by the side whose card wins pushes. Returns the side that wins the round in place of the totals'
        verdict (None for a push), or None when no such text changes it."""
        combat, pair = self.combat, self.pair
        ta, td = totals[Side.ATTACKER], totals[Side.DEFENDER]
        if ta == td:
            winner = push_winner(combat, pair)
            if winner is None:
                return None
            opponent = pair[winner.side.other]
            # The card whose text wins the push (a standard bearer, or the duellist's own), named as its cause.
            source = next(card for owner, card, _, _ in active_effects(combat, WinsPushes) if owner is winner.side)
            log(
                combat,
                StepKind.COMPARE,
                "ARN-44",
                "arena.push_won",
                (winner.name, opponent.name),
                side=winner.side,
                card=source,
            )
            return (winner.side,)
        high, low = (
            (pair[Side.ATTACKER], pair[Side.DEFENDER]) if ta > td else (pair[Side.DEFENDER], pair[Side.ATTACKER])
        )
        lead, needed = abs(ta - td), margin_needed(combat, low)
        if lead >= needed:
            return None
        log(
            combat, StepKind.COMPARE, "ARN-44", "arena.short_margin", (high.name, lead, low.name, needed), side=low.side
        )
        return (None,)

    def compare(
        self,
        rule: str,
        tie_rule: str,
        totals: dict[Side, int],
        chains: dict[Side, tuple[Term, ...]],
        name: str,
        decided: tuple[Side | None] | None = None,
    ) -> RoundTotals:
        ta, td = totals[Side.ATTACKER], totals[Side.DEFENDER]
        won_by = None if ta == td else (Side.ATTACKER if ta > td else Side.DEFENDER)
        if decided is not None:
            won_by = decided[0]
        message = f"arena.{name}_tie" if won_by is None else f"arena.{name}_won"
        if won_by is None and ta != td:
            message = f"arena.{name}_push"
        args: tuple[object, ...] = (ta, td) if won_by is None else (ta, td, self.pair[won_by].name, won_by.value)
        log(self.combat, StepKind.COMPARE, tie_rule if won_by is None else rule, message, args)
        return RoundTotals(ta, td, chains[Side.ATTACKER], chains[Side.DEFENDER], won_by)

    # ------------------------------------------------------------------ secondary round
    def secondary_round(self, primary: RoundTotals) -> tuple[RoundTotals | None, Side | None, Why]:
        combat, setup = self.combat, self.setup
        combat.phase, combat.moment = Phase.SECONDARY, "s1"
        first = primary.won_by.other if primary.won_by else Side.ATTACKER
        problems = turn_problems(setup.secondary, first, "secondary", "6.6.1")
        order_changed = bool(problems) and self.secondary_written_for(first.other)
        if problems and not order_changed:
            raise SetupInvalid(problems)
        log(combat, StepKind.NOTE, "ARN-8", "arena.secondary_first", (first.value,), side=first)
        if order_changed:
            self.secondary_order_changed(first)
        plays = setup.secondary
        if order_changed or all(is_pass(action) for action in setup.secondary):
            # Nobody played: an open rule (6.7.5), settled by the reading the set-up names (arena.readings).
            reading = setup.readings.secondary_passes
            self.readings_applied.append(SECONDARY_PASSES.key)
            if reading is SecondaryPasses.PRIMARY_STANDS:
                log(combat, StepKind.RESULT, "ARN-14", "arena.no_secondary", (reading.value,))
                return None, primary.won_by, Why("arena.decided.no_secondary", {"rule": "ARN-14"})
            log(combat, StepKind.NOTE, "ARN-14", "arena.passes_compared", (reading.value,))
            plays = ()
        # 6.5.1: the Creature Pen joins the hand; 6.7.1: the primary round's modifiers are ignored.
        for side in SIDES:
            for fighter in self.pen_fighters(side):
                fighter.in_hand = True
        self.round_play.take_out_of_play()
        self.sidelines_on_pen()
        combat.lunched = {}
        combat.spell_decided = None
        turns = RoundPlay(combat, setup.secondary, secondary=True, forbids=self.forbids)
        entries: dict[Side, list[Fighter]] = {side: [self.pair[side]] for side in SIDES}
        cancelled: set[int] = set()
        for index, action in enumerate(plays):
            if is_pass(action):
                continue
            if turns.left_zone(self.pair):
                turns.not_taken(index, action)
                continue
            if isinstance(action, Action) and action.kind in (ActionKind.CHANNEL, ActionKind.RANGED):
                # The Guardian's channel: the check lets it through for a round never reached (validate).
                raise SetupInvalid([secondary_channel_problem(action, f"secondary action {index + 1}")])
            if ("secondary", index) in self.off_target:
                say_off_target(combat, self.off_target[("secondary", index)])
            if isinstance(action, Action) and action.icon is not None:
                self.secondary_bribe(action, entries)
            elif isinstance(action, Action):
                turns.play_stock_card(index, action, self.pair)
            elif action.kind is PlayKind.CREATURE:
                joining = self.from_pen(action)
                if joining is not None:
                    entries[action.side].append(joining)
                    self.secondary_attacker(action.side, joining)
            else:
                cancelled.add(id(self.shield(action, entries)))
        ended, survivor = self.left_the_zone("secondary")
        if ended:
            return None, survivor, Why("arena.decided.left_zone", {"round": "secondary", "rule": "ARN-15"})
        # The totals, counted at the round's end with the battle as the actions left it (6.7.1, ARN-13).
        contributions: dict[Side, Contribution] = {}
        for side in SIDES:
            contribution = Contribution(self.pair[side])
            contribution.terms = []
            for fighter in entries[side]:
                if fighter.fate is not Fate.STANDING:
                    continue
                if id(fighter) in cancelled:
                    contribution.terms.append(Term(f"{fighter.name} (cancelled by a shield)", 0))
                elif fighter is self.pair[side]:
                    contribution.terms += [Term(fighter.name, fighter.card.base_vitality), *self.command_terms[side]]
                else:
                    contribution.terms += self.attacker_terms(side, fighter)
            contributions[side] = contribution
        self.red_vitality(
            contributions,
            [(side, f) for side in SIDES for f in entries[side] if f.fate is Fate.STANDING and id(f) not in cancelled],
        )
        totals = {side: contributions[side].total for side in SIDES}
        chains = {side: tuple(contributions[side].terms) for side in SIDES}
        secondary = self.compare("ARN-11", "ARN-12", totals, chains, "secondary")
        if secondary.won_by:
            return secondary, secondary.won_by, Why("arena.decided.secondary_round", {"rule": "ARN-11"})
        return secondary, None, Why("arena.decided.secondary_tie", {"rule": "ARN-12"})

    def pen_fighters(self, side: Side) -> list[Fighter]:
        return self.combat.sides[side].fighters[1 + self.shooters(side) :]

    def from_pen(self, action: ArenaPlay) -> Fighter | None:
        """The pen creature a play names; one an AOE or a command took out of the hand cannot be played."""
        slug = split_reference(action.card)[0]
        mine = [f for f in self.pen_fighters(action.side) if f.card.slug == slug and f.role is Role.UNPLAYED]
        ready = [f for f in mine if f.in_hand and f.fate is Fate.STANDING]
        if ready:
            return ready[0]
        reason = mine[0].fate_why if mine else Why("arena.not_in_hand")
        words = self.words_at(mine[0].fate_step) if mine else self.combat.words()
        card = self.combat.catalog.find(slug)
        announce(
            self.combat,
            "arena.creature_gone",
            "ARN-9",
            side=action.side,
            card_name=card.name if card is not None else slug,
            # The reason's words with the reason kept beside them: a reader links the cards its values name.
            why=WordedWhy(reason, words),
            why_code=reason.code,
            why_values=dict(reason.values),
        )
        return None

    def secondary_bribe(self, action: Action, entries: dict[Side, list[Fighter]]) -> None:
        """A bribery card from the Stock (rule 6.6.1c) on an opposing creature in the battle: by default
        the duellist, or the secondary attacker it names; a bribed creature adds nothing and is discarded."""
        assert action.icon is not None
        targets = [fighter for fighter in entries[action.side.other] if fighter.fate is Fate.STANDING]
        target = _aimed_at(action.side, str(action.icon.value), action.target, targets, "6.6.1c")
        bribe_creature(self.combat, action.side, action.icon, target, "ARN-31")

    def shooters(self, side: Side) -> int:
        return sum(
            1 for a in self.setup.primary if isinstance(a, Action) and a.side is side and a.kind is ActionKind.RANGED
        )

    def secondary_attacker(self, side: Side, fighter: Fighter) -> None:
        """A pen creature enters the battle (6.6.1b); any AOE it has takes effect at once."""
        combat = self.combat
        opponent = self.pair[side.other]
        fighter.in_hand, fighter.role = False, Role.SECONDARY
        log(
            combat,
            StepKind.SECONDARY_ATTACK,
            "ARN-9",
            "arena.secondary_enters",
            (side.value, fighter.name, opponent.name),
            side=side,
            card=fighter.card,
            subject=fighter,
        )
        self.lock_bribery(fighter)
        self.announce_gaps([(side, fighter.card)])
        for aoe in fighter.text(Aoe):
            self.fire(side, fighter, aoe, "ARN-9")

    def attacker_terms(self, side: Side, fighter: Fighter) -> list[Term]:
        """A secondary attacker's share of its side's total at the round's end (ARN-13): its printed
        Vitality and its bonuses against the opposing duellist, each its own step as a standard secondary attack
        logs it (SEC-4). A bonus a standard bearer or the terrain card gives the whole side (the side-wide rules
        the shared ``bonus_terms`` gathers) cites site ruling 6.8.8, which counts it for a secondary attacker."""
        combat = self.combat
        opponent = self.pair[side.other]
        running = Contribution(fighter)
        log_terms(
            combat,
            running,
            [_side_rule_cited(term) for term in bonus_terms(combat, side, fighter, opponent, secondary=True)],
        )
        terms = list(running.terms)
        log(
            combat,
            StepKind.SECONDARY_ATTACK,
            "ARN-13",
            "arena.secondary_attacker",
            (side.value, fighter.name, sum(t.amount for t in terms), opponent.name),
            side=side,
            card=fighter.card,
            subject=fighter,
            total=sum(t.amount for t in terms),
            chain=tuple(terms),
        )
        return terms

    def shield(self, action: ArenaPlay, entries: dict[Side, list[Fighter]]) -> Fighter:
        combat = self.combat
        target = _aimed_at(action.side, str(action.card), action.target, entries[action.side.other], "2.3.1")
        card = combat.catalog.get(split_reference(action.card)[0])
        log(
            combat,
            StepKind.NOTE,
            "ARN-10",
            "arena.shield",
            (action.side.value, card.name, target.name),
            side=action.side,
            card=card,
            subject=target,
        )
        self.places.append(CardPlace(action.side, card.slug, Place.DISCARD, "ARN-24"))
        return target

    # ------------------------------------------------------------------ resolution
    def resolution(self, winner: Side | None) -> tuple[int, int]:
        combat, setup = self.combat, self.setup
        for side in SIDES:
            # A ranged attacker bribed away from under its stronghold goes to the discard pile like any bribed card.
            for shooter in combat.sides[side].fighters[1 : 1 + self.shooters(side)]:
                if shooter.fate is Fate.BRIBED:
                    self.places.append(CardPlace(side, shooter.card.slug, Place.DISCARD, "ARN-3"))
            for fighter in combat.sides[side].fighters[1 + self.shooters(side) :]:
                if fighter.fate is Fate.DISCARDED_BY_AOE:
                    self.places.append(CardPlace(side, fighter.card.slug, Place.DISCARD, "ARN-9"))
                elif fighter.role is Role.SECONDARY and fighter.fate is Fate.BRIBED:
                    self.places.append(CardPlace(side, fighter.card.slug, Place.DISCARD, "ARN-31"))
                elif fighter.role is Role.SECONDARY:
                    self.places.append(CardPlace(side, fighter.card.slug, Place.DECK_BOTTOM, "ARN-16"))
                    log(
                        combat,
                        StepKind.NOTE,
                        "ARN-16",
                        "arena.deck_bottom",
                        (fighter.name, side.value),
                        side=side,
                        subject=fighter,
                    )
        victorious = {side: setup.side(side).victorious for side in SIDES}
        if winner is None:
            for side in SIDES:
                fighter = self.pair[side]
                self.places.append(CardPlace(side, fighter.card.slug, Place.PEN, "ARN-18"))
                self.items(side, Place.PEN, "ARN-18")
            log(
                combat,
                StepKind.RESULT,
                "ARN-18",
                "arena.tie",
                (self.pair[Side.ATTACKER].name, self.pair[Side.DEFENDER].name),
            )
        else:
            loser = self.pair[winner.other]
            if loser.fate is Fate.STANDING:
                loser.fate, loser.fate_why = Fate.BEATEN, Why("arena.lost_duel", {"winner": self.pair[winner].name})
                loser.fate_step = len(combat.steps)
            self.places.append(CardPlace(winner.other, loser.card.slug, Place.DISCARD, "ARN-17"))
            self.items(winner.other, Place.DISCARD, "ARN-17")
            champion = self.pair[winner]
            capture = setup.side(winner.other).capture
            if capture is not None:
                shield = combat.catalog.get(split_reference(capture)[0])
                self.places.append(CardPlace(winner, champion.card.slug, Place.CAPTURED, "ARN-19"))
                self.places.append(CardPlace(winner.other, shield.slug, Place.PRISON_SHIELD, "ARN-19"))
                self.items(winner, Place.DISCARD, "ARN-19")
                log(
                    combat,
                    StepKind.RESULT,
                    "ARN-19",
                    "arena.captured",
                    (champion.name, loser.name, winner.other.value, shield.name),
                    side=winner.other,
                    card=shield,
                    subject=champion,
                )
            else:
                victorious[winner] += 1
                self.places.append(CardPlace(winner, champion.card.slug, Place.VICTORIOUS, "ARN-20"))
                self.items(winner, Place.VICTORIOUS, "ARN-20")
                log(
                    combat,
                    StepKind.RESULT,
                    "ARN-20",
                    "arena.victorious",
                    (champion.name, loser.name, winner.value, victorious[winner]),
                    side=winner,
                    subject=champion,
                )
        self.stock_places()
        return victorious[Side.ATTACKER], victorious[Side.DEFENDER]

    def items(self, side: Side, place: Place, rule: str) -> None:
        for reference in self.setup.side(side).items:
            self.places.append(CardPlace(side, split_reference(reference)[0], place, rule))

    def stock_places(self) -> None:
        """Stock cards played are discarded once used; everything else stays where it lay."""
        combat = self.combat
        for side in SIDES:
            played = [
                c.card for c in combat.card_uses if c.side is side and c.use.value != "kept" and c.step is not None
            ]
            for slug in played:
                self.places.append(CardPlace(side, slug, Place.DISCARD, "ARN-3"))
            placed = {p.card for p in self.places if p.side is side}
            duel = self.setup.side(side)
            for reference in (*duel.stock, *duel.pen, *duel.under, *((duel.bearer,) if duel.bearer else ())):
                slug = split_reference(reference)[0]
                if slug not in placed:
                    self.places.append(CardPlace(side, slug, Place.KEPT, "ARN-27"))


def _side_rule_cited(term: BonusTerm) -> BonusTerm:
    """A secondary attacker's bonus from a card beside the Guardian or in the Duel Zone (a standard bearer, the
    terrain card) cites the site ruling that counts it there (6.8.8, ARN-46)."""
    if term.card.type not in (CardType.STANDARD_BEARER, CardType.TERRAIN):
        return term
    return BonusTerm(term.label, term.amount, "ARN-46", term.card, term.why, term.kind, term.barred)


def _aimed_at(side: Side, card: str, target: str | None, targets: list[Fighter], rule: str) -> Fighter:
    """The opposing creature a secondary-round card is aimed at: the one ``target`` names, by default
    the first of ``targets`` (the duellist); naming a creature not there is a set-up problem."""
    if target is None:
        return targets[0]
    slug = split_reference(target)[0]
    named = [f for f in targets if f.card.slug == slug]
    if not named:
        raise SetupInvalid([_target_problem(side, card, target, [f.card.slug for f in targets], rule)])
    return named[0]


def _target_problem(side: Side, card: str, target: str, present: list[str], rule: str) -> Problem:
    return problem(
        "bad_target",
        f"the {side.value}'s {card} is aimed at {target}, which is not an opposing creature in this battle"
        + (f" ({', '.join(present)})" if present else ""),
        rule,
        field="secondary",
        card=card,
    )
