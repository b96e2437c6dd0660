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
    ChannelReaction,
    ClassChoice,
    CommandGuess,
    DestroyMatchup,
    Destroys,
    DestroyTerrain,
    Dispel,
    EndsMatchup,
    GrantsImmunity,
    Guessed,
    Harmless,
    Immunity,
    ItemBribe,
    LastingAttackBonus,
    NoBriberyHere,
    Per,
    RangedReaction,
    RolledBonus,
    RolledDefence,
    RolledOutcome,
    Scope,
    SideBonus,
    Sides,
    StoneEvent,
    StoneOrBonus,
    Stones,
    Suppressed,
    Suppresses,
    TerrainEverywhere,
    TerrainModifier,
)
from .bribery_effects import BriberyEffects
from .cards import CardDefinition
from .enums import (
    SIDES,
    BriberyIcon,
    Fate,
    Role,
    Side,
    StepKind,
    Terrain,
    Timing,
)
from .selectors import Selector
from .setup import Bribe, Moment, SpellPlay
from .state import Contribution, Fighter


@dataclass(frozen=True)
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


class MatchupEffects(BriberyEffects):
    def _bribery_window(self, moment: Moment, pair: dict[Side, Fighter]) -> set[Side]:
        bribed: set[Side] = set()
        if ItemBribe in self._kinds_present:
            bribed = {side for side in SIDES if self.item_bribe(pair[side], "PRI-1")}
        planned = {
            side: [
                b for b in self.sides[side].setup.bribes if b.moment == moment and self._targets(b, pair[side.other])
            ]
            for side in SIDES
        }
        if not planned[Side.ATTACKER] and not planned[Side.DEFENDER]:
            if not bribed:
                self.log(StepKind.BRIBE, "PRI-1", "Bribery window: both players pass.")
            return bribed
        first_bribe: Side | None = None
        for side in SIDES:
            for bribe in planned[side]:
                target = pair[side.other]
                if self._bribe(side, bribe.icon, target, "PRI-1" if first_bribe is None else "A-01"):
                    bribed.add(side.other)
                    first_bribe = first_bribe or side
        return bribed

    def _targets(self, bribe: Bribe, fighter: Fighter) -> bool:
        if bribe.target is None:
            return True
        target = self.fighter(fighter.side, bribe.target)
        return target is fighter

    def _bribe(self, side: Side, icon: BriberyIcon, target: Fighter, rule: str) -> bool:
        state = self.sides[side]
        name = icon.value.capitalize()
        if target.fate is not Fate.STANDING:
            self.log(
                StepKind.BRIBE,
                rule,
                f"The {side.value}'s {name} bribe finds {target.name} already gone.",
                side=side,
                subject=target,
            )
            return False
        waiver = self.any_icon_source(side, target) if icon not in target.card.bribery else None
        if icon not in target.card.bribery and waiver is None:
            icons = (
                ", ".join(i.value.capitalize() for i in sorted(target.card.bribery, key=lambda i: i.value)) or "none"
            )
            self.log(
                StepKind.BRIBE,
                rule,
                f"The {side.value} cannot bribe {target.name} with {name}: its bribery icons are {icons}.",
                side=side,
                subject=target,
            )
            self.warnings.append(f"{side.value}'s {name} bribe on {target.name} is not allowed (no {name} icon)")
            return False
        banned = self.terrain_rule(NoBriberyHere)
        if banned is not None and banned[1].icon is icon:
            self.log(
                StepKind.BRIBE,
                "PRI-1",
                f"The {side.value} cannot bribe {target.name} with {name}: {banned[0].name} allows no {name} bribes.",
                side=side,
                card=banned[0],
                subject=target,
            )
            self.warnings.append(f"{side.value}'s {name} bribe on {target.name} is forbidden by {banned[0].name}")
            return False
        lock = self.sides[target.side].bribery_locks.get(icon)
        if lock is not None and lock is not target and lock.fate is not Fate.BRIBED:
            self.log(
                StepKind.BRIBE,
                "A-12",
                f"The {side.value} cannot bribe {target.name} with {name}: {lock.name} forbids {name} bribes on its side.",
                side=side,
                card=lock.card,
                subject=target,
            )
            self.warnings.append(f"{side.value}'s {name} bribe on {target.name} is forbidden by {lock.name}")
            return False
        if state.hand[icon.value] <= 0:
            self.log(
                StepKind.BRIBE,
                rule,
                f"The {side.value} has no {name} card left to bribe {target.name}.",
                side=side,
                subject=target,
            )
            return False
        state.hand[icon.value] -= 1
        if waiver is not None:
            self.log(
                StepKind.NOTE,
                "CMD-4",
                f"{waiver.name}'s command lets the {side.value}'s {name} card work on {target.name}, which shows no {name} icon.",
                side=side,
                card=waiver,
                subject=target,
            )
        if self.bribe_answered(side, icon, target):
            return False
        if self.bribe_to_melee(side, icon, target):
            return True
        target.in_hand = False
        self.record_fate(
            StepKind.BRIBE,
            rule,
            f"The {side.value} plays {name} and bribes {target.name} away: it leaves the combat and will not count for control.",
            subject=target,
            fate=Fate.BRIBED,
            reason=f"bribed with {name}",
            side=side,
            card=self.catalog.find(icon.value),
        )
        if self.sides[target.side].bribery_locks.get(icon) is target:
            self.log(
                StepKind.NOTE,
                "A-12",
                f"{target.name} was bribed, so its ban on {name} bribes is lifted.",
                side=target.side,
                card=target.card,
            )
        return True

    # PRI-2
    _lunched: dict[Side, Fighter]

    def _any_time_spells(self, moment: Moment, pair: dict[Side, Fighter], bribed_sides: set[Side]) -> None:
        self._lunched = {}
        self._spell_decided = None
        self._drop_unused_reactions()
        plays = {
            side: [
                p
                for p in self.sides[side].setup.spells
                if p.moment == moment
                and not self.is_bribe_reaction(p)
                and not self._cast_refused(side, self.catalog.get(p.card))
            ]
            for side in SIDES
        }
        negated: set[int] = set()
        for side in SIDES:
            for play in plays[side]:
                card = self.catalog.get(play.card)
                if card.first(Dispel) is None:
                    continue
                self.sides[side].hand[card.slug] -= 1
                victims = [
                    p
                    for p in plays[side.other]
                    if id(p) not in negated and self.catalog.get(p.card).first(Dispel) is None
                ]
                if victims:
                    negated.add(id(victims[0]))
                    self.log(
                        StepKind.SPELL,
                        "PRI-2",
                        f"The {side.value} casts {card.name}, cancelling the {side.other.value}'s {self.catalog.get(victims[0].card).name}.",
                        side=side,
                        card=card,
                    )
                else:
                    self.log(
                        StepKind.SPELL,
                        "PRI-2",
                        f"The {side.value} casts {card.name}, but there is no opposing spell to cancel.",
                        side=side,
                        card=card,
                    )
        for side in SIDES:
            for play in plays[side]:
                card = self.catalog.get(play.card)
                if card.first(Dispel) is not None:
                    continue
                if side in bribed_sides:
                    self.log(
                        StepKind.SPELL,
                        "PRI-1",
                        f"The {side.value}'s creature was bribed, so {card.name} cannot be cast in this match-up (only a bribe is still allowed).",
                        side=side,
                        card=card,
                    )
                    continue
                if self._spell_decided is not None:
                    self.log(
                        StepKind.SPELL,
                        "PRI-2",
                        f"The {side.value}'s {card.name} is not cast: this match-up is decided and can no longer change.",
                        side=side,
                        card=card,
                    )
                    continue
                self.sides[side].hand[card.slug] -= 1
                if id(play) in negated:
                    continue
                self._cast(side, card, play, pair)

    def _cast_refused(self, side: Side, card: CardDefinition) -> bool:
        refusal = self.casting_refusal(side, card)
        if refusal:
            self.log(StepKind.SPELL, "PRI-2", refusal, side=side, card=card)
            self.warnings.append(f"{side.value}: {refusal}")
        return bool(refusal)

    def _drop_unused_reactions(self) -> None:
        """Answering spells whose opposing act never came in their match-up go back to the hand uncast."""
        for side in SIDES:
            for card, play in self._pending_reactions[side]:
                self.sides[side].hand[card.slug] += 1
                self.log(
                    StepKind.NOTE,
                    "A-04",
                    f"The {side.value}'s {card.name} found nothing to answer in "
                    + (f"secondary attack {play.moment.round}" if play.moment.secondary else f"match-up {play.moment}")
                    + ": it stays in the hand.",
                    side=side,
                    card=card,
                )
            self._pending_reactions[side] = []

    def _cast(self, side: Side, card: CardDefinition, play: SpellPlay, pair: dict[Side, Fighter]) -> None:
        if card.first(RangedReaction) is not None or card.first(ChannelReaction) is not None:
            # An answer waits for the opposing act it answers, later in this match-up.
            self._pending_reactions[side].append((card, play))
            return
        own = pair[side]
        storm = card.first(RolledOutcome)
        if storm is not None:
            self._cast_rolled_outcome(side, card, storm, play, pair)
            return
        ends = card.first(EndsMatchup)
        if ends is not None:
            self._cast_ends_matchup(side, card, ends, pair)
            return
        class_rule = card.first(ClassChoice)
        if class_rule is not None and class_rule.timing is Timing.PRIMARY:
            named = self.choice(side, card.slug)
            if own.fate is Fate.STANDING and named is not None:
                self.reclass(
                    own, (named.replace("-", " ").title(),), card, f"({card.name}, for the rest of the combat)"
                )
            else:
                self.log(
                    StepKind.SPELL,
                    "PRI-2",
                    f"{card.name} changes nothing: no class is named in the set-up.",
                    side=side,
                    card=card,
                )
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
                unmet = (
                    f"the opposing creature to be one of {destroy.requires_opponent.describe()}; {opposing.name} is not"
                )
            if unmet:
                self.log(
                    StepKind.SPELL,
                    "PRI-2",
                    f"{card.name} needs {unmet}, so it does nothing.",
                    side=side,
                    card=card,
                )
                return
            for fighter in pair.values():
                if fighter.fate is Fate.STANDING and not self._indestructible(fighter, card.name):
                    self.record_fate(
                        StepKind.DESTROY,
                        "PRI-2",
                        f"{card.name}: {fighter.name} is destroyed.",
                        subject=fighter,
                        fate=Fate.DESTROYED,
                        reason=f"destroyed by {card.name}",
                        side=side,
                        card=card,
                    )
            return
        for stones in card.abilities_of(Stones):
            if stones.on is StoneEvent.CAST:
                self.change_stones(side, stones, card, "PRI-2", f"the {side.value} plays it")
        if any(s.on is StoneEvent.CAST for s in card.abilities_of(Stones)):
            return
        if card.first(AllowChannelling) is not None:
            target = own
            if play.target is not None:
                chosen = self.fighter(side, play.target) or self.fighter(side.other, play.target)
                target = chosen or own
            self._lunched[side] = target
            self.log(
                StepKind.SPELL,
                "PRI-2",
                f"The {side.value} casts {card.name}: {target.name} may receive channelling in this match-up.",
                side=side,
                card=card,
                subject=target,
            )
            return
        if card.first(DestroyTerrain) is not None:
            before = " and ".join(sorted(t.value for t in self.terrain)) or "no terrain"
            self.terrain = frozenset()
            self.terrain_card = None
            self.face_down = False
            rule = "A-24" if Terrain.WOODS.value in before else "PRI-2"
            self.log(
                StepKind.SPELL,
                rule,
                f"The {side.value} plays {card.name}: the terrain ({before}) is destroyed, so from now on no terrain bonus or penalty applies and ranged attacks are allowed.",
                side=side,
                card=card,
            )
            return
        self.log(
            StepKind.NOTE,
            "ENG-1",
            f"{card.name} is cast, but its effect is not modelled by the engine.",
            side=side,
            card=card,
        )

    _ended_unchallenged: bool = False
    # The outcome a spell has fixed for the current match-up, which then ends before PRI-3.
    _spell_decided: str | None = None

    def _cast_reference(self, side: Side, play: SpellPlay) -> str:
        """The reference the set-up's inputs use for this cast: the slug, or slug#n for its n-th cast."""
        slug = self.catalog.get(play.card).slug
        nth = 0
        for other in self.sides[side].setup.spells:
            if self.catalog.get(other.card).slug == slug:
                nth += 1
            if other is play:
                break
        return slug if nth == 1 else f"{slug}#{nth}"

    def _cast_rolled_outcome(
        self, side: Side, card: CardDefinition, rule: RolledOutcome, play: SpellPlay, pair: dict[Side, Fighter]
    ) -> None:
        own, opposing = pair[side], pair[side.other]
        named = self.fighter(side, play.target) if play.target is not None else own
        if named is not own or own.fate is not Fate.STANDING or opposing.fate is not Fate.STANDING:
            self.log(
                StepKind.SPELL,
                "PRI-2",
                f"{card.name} must be cast on the {side.value}'s creature fighting this match-up, with both still "
                "standing: it does nothing.",
                side=side,
                card=card,
            )
            return
        rolled = self.roll(side, self._cast_reference(side, play))
        favoured = rule.favoured is not None and rule.favoured.matches(own.card)
        total = rolled + (rule.bonus if favoured else 0)
        shown = (
            f"{rolled} + {rule.bonus} ({own.name} is among {rule.favoured.describe()}) = {total}"
            if favoured and rule.favoured
            else str(rolled)
        )
        round_number = own.round
        if total >= rule.wins_from:
            step = self.log(
                StepKind.SPELL,
                "PRI-2",
                f"The {side.value} casts {card.name} on {own.name} and rolls {shown}: {rule.wins_from} or more, so "
                f"{own.name} beats {opposing.name}. Nothing more may change this match-up.",
                side=side,
                card=card,
                subject=opposing,
            )
            opposing.beaten_by = own
            self.settle(
                opposing, Fate.BEATEN, f"beaten by {own.name} through {card.name} in match-up {round_number}", step
            )
            self.creature_beaten(opposing, own, "PRI-2", primary=True)
            own.fate_reason = f"won match-up {round_number} through {card.name}"
            self._spell_decided = f"{own.name} beats {opposing.name} through {card.name} (roll {total})"
            return
        self.log(
            StepKind.SPELL,
            "PRI-2",
            f"The {side.value} casts {card.name} on {own.name} and rolls {shown}: below {rule.wins_from}, so "
            f"{own.name} is destroyed. Nothing more may change this match-up.",
            side=side,
            card=card,
            subject=own,
        )
        self._spell_decided = f"no comparison: {card.name} left {own.name} standing and decided nothing"
        if not self._indestructible(own, card.name, "PRI-2"):
            self.record_fate(
                StepKind.DESTROY,
                "PRI-2",
                f"{card.name}: {own.name} is destroyed.",
                subject=own,
                fate=Fate.DESTROYED,
                reason=f"destroyed by its own side's {card.name} in match-up {round_number}",
                side=side,
                card=card,
            )
            self._spell_decided = f"no comparison: {own.name} destroyed by {card.name} (roll {total})"

    def _cast_ends_matchup(
        self, side: Side, card: CardDefinition, rule: EndsMatchup, pair: dict[Side, Fighter]
    ) -> None:
        own, opposing = pair[side], pair[side.other]
        if (
            own.fate is not Fate.STANDING
            or opposing.fate is not Fate.STANDING
            or (rule.target is not None and not rule.target.matches(own.card))
        ):
            needs = rule.target.describe() if rule.target else "a creature"
            self.log(
                StepKind.SPELL,
                "PRI-2",
                f"{card.name} needs the {side.value}'s creature in this match-up to be {needs}, still standing: it does nothing.",
                side=side,
                card=card,
            )
            return
        self.log(
            StepKind.SPELL,
            "PRI-2",
            f"The {side.value} casts {card.name} on {own.name}: the match-up ends.",
            side=side,
            card=card,
        )
        for fighter in (own, opposing):
            self.leave_unchallenged(fighter, f"{card.name} ended its match-up")
        self._ended_unchallenged = True

    # PRI-3
    def _destruction(self, pair: dict[Side, Fighter]) -> None:
        doomed: list[tuple[Fighter, Fighter, Destroys]] = []
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            if fighter.fate is not Fate.STANDING or opponent.fate is not Fate.STANDING:
                continue
            for rule in fighter.text(Destroys):
                if (
                    rule.when.covers_primary()
                    and (rule.terrain is None or rule.terrain in self.terrain)
                    and rule.target.matches(opponent.card, defending_in_stronghold=self._defending(opponent))
                ):
                    doomed.append((opponent, fighter, rule))
                    break
        for victim, destroyer, used in doomed:
            if self._indestructible(victim, destroyer.name):
                continue
            self.record_fate(
                StepKind.DESTROY,
                "PRI-3",
                f"{destroyer.name} destroys {victim.name} ({used.target.describe()}) before any other effect; it is lost and can never be healed.",
                subject=victim,
                fate=Fate.DESTROYED,
                reason=f"destroyed by {destroyer.name}",
                side=destroyer.side,
                card=destroyer.card,
            )

    # PRI-4
    def _primary_aoes(self, pair: dict[Side, Fighter]) -> None:
        for side in SIDES:
            fighter = pair[side]
            # A command creature drawn into a match-up (ENG-14) already used its AOE as the command.
            if fighter.fate is not Fate.STANDING or fighter.role is Role.COMMAND:
                continue
            aoes = [aoe for aoe in fighter.text(Aoe) if aoe.timing.value == "primary"]
            suppressor = self._suppressor(Suppressed.AOE, fighter, pair[side.other])
            if aoes and suppressor is not None:
                self.log(
                    StepKind.AOE,
                    "PRI-4",
                    f"{fighter.name}'s AOE does not fire: {suppressor.name}'s text takes it away.",
                    side=side,
                    card=suppressor.card,
                    subject=fighter,
                )
                continue
            for aoe in aoes:
                self._fire_aoe(side, fighter.card, aoe, "PRI-4", fighter.reference)

    def _suppressor(self, what: Suppressed, fighter: Fighter, opponent: Fighter) -> Fighter | None:
        """The opposing creature whose text takes ``what`` away from ``fighter`` against ``opponent``, if any."""
        for rule in opponent.text(Suppresses):
            if rule.what is what and rule.scope is Scope.MATCHUP and opponent.faced is fighter:
                return opponent
        if what is Suppressed.AOE:
            return None  # an AOE protection covers each creature the AOE would hit (_aoe_immune)
        for owner, _, rule, holder in self.active_effects(Suppresses):
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
    def _immune_to(self, fighter: Fighter, opponent: Fighter) -> Immunity | None:
        for immunity in fighter.text(Immunity):
            if immunity.terrain is not None and immunity.terrain not in self.terrain:
                continue
            if immunity.attack_type is not None and immunity.attack_type in opponent.card.attack_types:
                return immunity
            if immunity.against is not None and immunity.against.matches(
                opponent.card, defending_in_stronghold=self._defending(opponent)
            ):
                return immunity
        return self._granted_immunity(fighter, opponent)

    def _granted_immunity(self, fighter: Fighter, opponent: Fighter) -> Immunity | None:
        """An immunity another creature in play gives ``fighter`` (played in a later match-up than it, if so written)."""
        for owner, _, rule, holder in self.active_effects(GrantsImmunity):
            if holder is None or holder is fighter or not rule.sides.reaches(owner is fighter.side):
                continue
            if rule.to is not None and not rule.to.matches(fighter.card):
                continue
            if rule.later_only and (holder.round is None or fighter.round is None or fighter.round <= holder.round):
                continue
            if rule.attack_type in opponent.card.attack_types:
                return Immunity(attack_type=rule.attack_type)
        return None

    def _immunity(self, pair: dict[Side, Fighter]) -> None:
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            if opponent.first_text(Harmless) is not None:
                opponent.turned = True
                self.log(
                    StepKind.IMMUNITY,
                    "PRI-5",
                    f"Every creature is immune to {opponent.name}, {fighter.name} included: {opponent.name} is "
                    "turned and does no damage in this match-up.",
                    side=side,
                    card=opponent.card,
                    subject=opponent,
                )
                continue
            immunity = self._immune_to(fighter, opponent)
            if immunity is None:
                continue
            opponent.turned = True
            what = (
                immunity.attack_type.value + " attacks"
                if immunity.attack_type
                else (immunity.against.describe() if immunity.against else "it")
            )
            self.log(
                StepKind.IMMUNITY,
                "PRI-5",
                f"{fighter.name} is immune to {what}: {opponent.name} is turned and does no damage in this match-up.",
                side=side,
                card=fighter.card,
                subject=opponent,
            )

    def bonus_terms(self, side: Side, fighter: Fighter, opponent: Fighter, *, secondary: bool) -> list[BonusTerm]:
        """The creature's own printed bonuses (PRI-6 in a match-up, SEC-4 for a secondary attacker),
        and its side's command bonuses for secondary attackers; also what the default secondary
        attacks use to judge an attacker, so the two cannot disagree."""
        rule = "SEC-4" if secondary else "PRI-6"
        context = self._defending(opponent)
        terms: list[BonusTerm] = []
        for bonus in fighter.text(Bonus):
            applies = bonus.when.covers_secondary() if secondary else bonus.when.covers_primary()
            if not applies or not self._conditions_hold(bonus, fighter, opponent, secondary=secondary):
                continue
            if bonus.against is not None and not bonus.against.matches(opponent.card, defending_in_stronghold=context):
                continue
            units, unit_text = self._units(bonus, side, fighter)
            if units == 0:
                continue
            terms.append(
                self._class_bar(
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
                value = self.roll(side, fighter.reference) + rolled.plus
                terms.append(
                    BonusTerm(f"{fighter.name}'s roll", value, rule, fighter.card, f"its roll on {rolled.dice}")
                )
        if AttackBoost in self._kinds_present:
            terms += self._attack_boosts(side, fighter, rule)
        if LastingAttackBonus in self._kinds_present:
            terms += [
                BonusTerm(
                    source.name,
                    lasting.amount,
                    rule,
                    source,
                    f"{source.name}, played by the {owner.value} before the combat, against "
                    f"{lasting.against.describe()} (ENG-16)",
                )
                for owner, source, lasting, _ in self.active_effects(LastingAttackBonus)
                if lasting.against.matches(opponent.card, defending_in_stronghold=context)
            ]
        shrink, why = self.size_change(fighter)
        if shrink:
            terms.append(BonusTerm(f"{fighter.name}'s size", shrink, "ENG-6", fighter.card, why))
        if secondary:
            terms += self.command_terms(side, fighter, opponent, secondary=True)
            ocb = self.ocb_term(fighter, opponent, rule)
            if ocb is not None:
                terms.append(ocb)
            terms += self.terrain_terms(fighter, rule)
        return terms

    def _attack_boosts(self, side: Side, fighter: Fighter, rule: str) -> list[BonusTerm]:
        """Cards in play that make every attack of a type stronger, for a creature with such an attack."""
        return [
            BonusTerm(
                source.name,
                boost.amount,
                rule,
                source,
                f"{source.name} being in play ({fighter.name}'s attack is {boost.attack_type.value}-based)",
            )
            for owner, source, boost, _ in self.active_effects(AttackBoost)
            if boost.attack_type in fighter.card.attack_types and boost.sides.reaches(owner is side)
        ]

    def class_bonus_bar(self, side: Side) -> CardDefinition | None:
        """ENG-13: the opposing card in play that takes every class-tied Vitality bonus away from ``side``."""
        if Suppresses not in self._kinds_present:
            return None
        for owner, source, rule, _ in self.active_effects(Suppresses):
            if owner is side.other and rule.what is Suppressed.CLASS_BONUS and rule.scope is Scope.IN_PLAY:
                return source
        return None

    def _class_bar(self, side: Side, term: BonusTerm, *conditions: Selector | None) -> BonusTerm:
        """``term`` as it stands, or with nothing added when its condition names a class and ``side`` is barred."""
        if Suppresses not in self._kinds_present:
            return term
        if not any(condition is not None and names_class(condition) for condition in conditions):
            return term
        bar = self.class_bonus_bar(side)
        if bar is None:
            return term
        return BonusTerm(term.label, 0, term.rule, term.card, term.why, term.kind, barred=bar.name)

    def _conditions_hold(self, bonus: Bonus, fighter: Fighter, opponent: Fighter, *, secondary: bool) -> bool:
        if bonus.terrain is not None and bonus.terrain not in self.terrain:
            return False
        if bonus.face_down_terrain and not self.face_down:
            return False
        if bonus.no_terrain and (self.terrain or self.defender_in_stronghold or self.face_down):
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

    def _units(self, bonus: Bonus, side: Side, fighter: Fighter) -> tuple[int, str]:
        """How many times a per-unit bonus applies, and the words that say so in the log."""
        if bonus.per is None:
            return 1, ""
        if bonus.per is Per.COUNT:
            count = self.count(side, fighter.reference)
            return count, f" ({bonus.amount:+d} x {count}, {bonus.counting})"
        if bonus.per is Per.MATCHUPS_FOUGHT:
            fought = len(self.matchups)
            return fought, f" ({bonus.amount:+d} x {fought} match-up(s) already fought)"
        if bonus.per is Per.PREVIOUS_OPPONENT:
            previous = self._previous_opponent(side)
            if previous is None:
                return 0, ""
            return previous.vitality, f" ({bonus.amount:+d} x {previous.vitality}, the Vitality of {previous.name})"
        if bonus.per is Per.SINGLE_BORDERED_IN_HAND:
            held = [other for other in self.sides[side].holding() if other is not fighter]
            return len(held), f" ({bonus.amount:+d} x {len(held)} creature(s) still in the combat hand)"
        assert bonus.of is not None
        fallen = [
            other
            for state in self.sides.values()
            for other in state.fighters
            if other.fate in (Fate.BEATEN, Fate.DESTROYED) and bonus.of.matches(other.card)
        ]
        return len(fallen), f" ({bonus.amount:+d} x {len(fallen)}: {', '.join(f.name for f in fallen) or 'none'})"

    def _previous_opponent(self, side: Side) -> Fighter | None:
        """The creature the other side played in the last primary match-up already fought."""
        if not self.matchups:
            return None
        last = self.matchups[-1]
        reference = last.defender if side is Side.ATTACKER else last.attacker
        return next((f for f in self.sides[side.other].fighters if f.id == reference), None)

    def command_terms(self, side: Side, fighter: Fighter, opponent: Fighter, *, secondary: bool) -> list[BonusTerm]:
        """The bonuses this side's command card gives ``fighter`` now (CMD-4, applied at PRI-6 or SEC-4)."""
        context = self._defending(opponent)
        terms: list[BonusTerm] = []
        for command_bonus, source in self.sides[side].bonuses:
            covers = command_bonus.when.covers_secondary() if secondary else command_bonus.when.covers_primary()
            if not covers or (command_bonus.terrain is not None and command_bonus.terrain not in self.terrain):
                continue
            if command_bonus.to is not None and not command_bonus.to.matches(fighter.card):
                continue
            if command_bonus.against is not None and not command_bonus.against.matches(
                opponent.card, defending_in_stronghold=context
            ):
                continue
            if command_bonus.first_only:
                taker = self._first_bonus_taken.setdefault(id(command_bonus), fighter)
                if taker is not fighter:
                    continue
            amount = command_bonus.amount
            why = f"{source.name}'s command"
            if command_bonus.rising and fighter.round is not None and not secondary:
                amount = command_bonus.amount * fighter.round
                why += f" ({command_bonus.amount:+d} x match-up {fighter.round})"
            terms.append(
                self._class_bar(
                    side,
                    BonusTerm(source.name, amount, "SEC-4" if secondary else "PRI-6", source, why),
                    command_bonus.to,
                    command_bonus.against,
                )
            )
        return terms

    _first_bonus_taken: dict[int, Fighter]

    def _log_terms(self, contribution: Contribution, terms: list[BonusTerm]) -> None:
        for term in terms:
            if term.barred:
                self._log_class_bar(contribution.fighter, term.barred, term.why)
                continue
            self._add(contribution, term.label, term.amount, term.rule, term.card, term.why, term.kind)

    def _log_class_bar(self, fighter: Fighter, bar: str, why: str) -> None:
        self.log(
            StepKind.NOTE,
            "ENG-13",
            f"{fighter.name} gets no bonus from {why}: it depends on a creature class, and {bar} is in play on the "
            "other side.",
            side=fighter.side,
            subject=fighter,
        )

    # PRI-6
    def _text_box(self, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        if CommandGuess in self._kinds_present:
            self._guesses(pair, contributions)
        if StoneOrBonus in self._kinds_present:
            self._stone_or_bonus(pair, contributions)
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            mine = contributions[side]
            context = self._defending(opponent)
            self._log_terms(mine, self.bonus_terms(side, fighter, opponent, secondary=False))
            # A command creature drawn into a match-up (ENG-14) is still no primary attacker of its side.
            if fighter.role is not Role.COMMAND:
                self._log_terms(mine, self.command_terms(side, fighter, opponent, secondary=False))
            for owner, source, aura, holder in self.active_effects(SideBonus):
                if holder is fighter and not aura.includes_self:
                    continue
                if aura.once_beaten and (holder is None or holder.fate is not Fate.BEATEN):
                    continue
                if not aura.sides.reaches(owner is side):
                    continue
                if aura.to is not None and not aura.to.matches(fighter.card):
                    continue
                if aura.against is not None and not aura.against.matches(
                    opponent.card, defending_in_stronghold=context
                ):
                    continue
                term = BonusTerm(source.name, aura.amount, "PRI-6", source, f"{source.name} being in play")
                self._log_terms(mine, [self._class_bar(side, term, aura.to, aura.against)])
            for shield in self.sides[side].shield_cards:
                for bonus in shield.abilities_of(Bonus):
                    if bonus.against is None or bonus.against.matches(opponent.card, defending_in_stronghold=context):
                        term = BonusTerm(
                            shield.name, bonus.amount, "PRI-6", shield, f"the standard bearer {shield.name}"
                        )
                        self._log_terms(mine, [self._class_bar(side, term, bonus.against)])
            if side is Side.DEFENDER and self.defender_in_stronghold:
                stronghold = self.sides[side].stronghold
                assert stronghold is not None
                suppressor = self._suppressor(Suppressed.STRONGHOLD_BONUS, fighter, opponent)
                if suppressor is not None:
                    self.log(
                        StepKind.NOTE,
                        "ENG-3",
                        f"{fighter.name} gets no defence bonus from {stronghold.name}: {suppressor.name}'s text takes it away.",
                        side=side,
                        card=suppressor.card,
                        subject=fighter,
                    )
                    continue
                bonus_value = stronghold.stronghold.defend_bonus if stronghold.stronghold else None
                rolled_defence = stronghold.first(RolledDefence)
                if rolled_defence is not None:
                    bonus_value = self.roll(side, stronghold.slug) + rolled_defence.plus
                if bonus_value is None:
                    self.log(
                        StepKind.NOTE,
                        "ENG-1",
                        f"{stronghold.name}'s defence bonus depends on a die roll the set-up does not give; none is applied.",
                        card=stronghold,
                    )
                else:
                    self._add(
                        mine, stronghold.name, bonus_value, "ENG-3", stronghold, f"defending in {stronghold.name}"
                    )

    def _add(
        self,
        contribution: Contribution,
        label: str,
        amount: int,
        rule: str,
        card: CardDefinition | None,
        why: str,
        kind: StepKind = StepKind.BONUS,
    ) -> None:
        contribution.add(label, amount)
        sign = "+" if amount >= 0 else ""
        self.log(
            kind,
            rule,
            f"{contribution.fighter.name} {sign}{amount} from {why}: now {contribution.total}.",
            side=contribution.fighter.side,
            card=card,
            subject=contribution.fighter,
            delta=amount,
            total=contribution.total,
            chain=tuple(contribution.terms),
        )

    # PRI-7
    def _off_colour(self, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            term = self.ocb_term(fighter, opponent, "PRI-7")
            if term is None and BorrowsPrevious in self._kinds_present:
                term = self._borrowed_ocb(side, fighter, opponent)
            if term is None:
                continue
            suppressor = self._suppressor(Suppressed.OCB, fighter, opponent)
            if suppressor is not None:
                self.log(
                    StepKind.NOTE,
                    term.rule,
                    f"{fighter.name} gets no off-colour bonus against {opponent.name}: {suppressor.name}'s text takes it away.",
                    side=side,
                    card=suppressor.card,
                    subject=fighter,
                )
                continue
            self._log_terms(contributions[side], [term])

    def ocb_term(self, fighter: Fighter, opponent: Fighter, rule: str) -> BonusTerm | None:
        """The off-colour bonus ``fighter`` has against ``opponent`` (PRI-7, or SEC-4 for a secondary attacker)."""
        card = fighter.card
        if not (card.ocb and card.border is not None and opponent.card.border is card.border.beats):
            return None
        return BonusTerm(
            "OCB",
            card.ocb,
            rule,
            card,
            f"its off-colour bonus against the {opponent.card.border.value} {opponent.name}",
            StepKind.OFF_COLOUR,
        )

    # PRI-8
    def _terrain_step(self, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        for side in SIDES:
            self._log_terms(contributions[side], self.terrain_terms(pair[side], "PRI-8"))
            if BorrowsPrevious in self._kinds_present:
                self._log_terms(contributions[side], self._borrowed_terrain(side, pair[side]))

    def _lender(self, side: Side, fighter: Fighter) -> tuple[BorrowsPrevious, Fighter] | None:
        """The borrowing rule of ``fighter`` and the creature its side played in the match-up before this one."""
        rule = fighter.first_text(BorrowsPrevious)
        if rule is None or not self.matchups:
            return None
        last = self.matchups[-1]
        reference = last.attacker if side is Side.ATTACKER else last.defender
        lender = next((f for f in self.sides[side].fighters if f.id == reference), None)
        # Only printed bonuses are lent, so a lender that itself borrows passes nothing on.
        return (rule, lender) if lender is not None and lender is not fighter else None

    def _borrowed_ocb(self, side: Side, fighter: Fighter, opponent: Fighter) -> BonusTerm | None:
        found = self._lender(side, fighter)
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
            f"the off-colour bonus it borrows from {lender.name}, against the {against.value} {opponent.name}",
            StepKind.OFF_COLOUR,
        )

    def _borrowed_terrain(self, side: Side, fighter: Fighter) -> list[BonusTerm]:
        found = self._lender(side, fighter)
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
            if modifier.terrain in self.terrain
        ]

    def terrain_terms(self, fighter: Fighter, rule: str) -> list[BonusTerm]:
        """The printed terrain modifiers that apply where the fight is (PRI-8, or SEC-4)."""
        terms = [
            BonusTerm(
                modifier.terrain.value,
                modifier.amount,
                rule,
                fighter.card,
                f"fighting in {modifier.terrain.value}",
                StepKind.TERRAIN,
            )
            for modifier in fighter.card.abilities_of(TerrainModifier)
            if modifier.terrain in self.terrain
        ]
        if TerrainEverywhere not in self._kinds_present:
            return terms
        return self._terrain_everywhere(fighter, rule, terms)

    def _terrain_everywhere(self, fighter: Fighter, rule: str, terms: list[BonusTerm]) -> list[BonusTerm]:
        """ENG-13: with such a card of its side in play and unbeaten, a creature fights with its largest printed
        terrain bonus unless the real terrain's bonuses already come to more; real penalties stay."""
        best = max(
            (m for m in fighter.card.abilities_of(TerrainModifier) if m.amount > 0),
            key=lambda m: m.amount,
            default=None,
        )
        if best is None or best.amount <= sum(t.amount for t in terms if t.amount > 0):
            return terms
        for owner, source, _, holder in self.active_effects(TerrainEverywhere):
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

    def _guesses(self, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        """ENG-12: a command's guess about a hidden match-up creature, made for every primary match-up while
        the command stands; the set-up gives the guesses in match-up order."""
        for owner, card, rule, holder in self.active_effects(CommandGuess):
            if holder is not None and holder.role is not Role.COMMAND:
                continue
            guesser = owner if rule.guesser is Sides.OWN else owner.other
            hidden, helped = pair[guesser.other], pair[owner]
            actual = hidden.card.border if rule.guesses is Guessed.BORDER else hidden.card.size
            named = self.choice(owner, holder.reference if holder is not None else card.slug)
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
            self.log(
                StepKind.COMMAND_EFFECT,
                "ENG-12",
                f"{card.name}'s command: the {guesser.value} {said} for the {what} of the {guesser.other.value}'s "
                f"hidden {hidden.name} ({shown}): "
                + (f"{helped.name} gets {rule.amount:+d}." if pays else "no bonus."),
                side=owner,
                card=card,
                subject=hidden,
            )
            if pays:
                self._add(
                    contributions[owner],
                    card.name,
                    rule.amount,
                    "PRI-6",
                    card,
                    f"{card.name}'s command (a {'right' if right else 'wrong'} guess)",
                )

    def _stone_or_bonus(self, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        """The opponent pays Power Stones out of his supply, or the creature gets its bonus."""
        for side in SIDES:
            fighter = pair[side]
            for rule in fighter.text(StoneOrBonus):
                payer = side.other
                chosen = self.choice(side, fighter.reference) or "refuse"
                if chosen == "burn" and self.burn_stones(
                    payer, rule.stones, fighter.card, "PRI-6", f"rather than let {fighter.name} have {rule.amount:+d}"
                ):
                    continue
                if chosen == "burn":
                    self.warnings.append(
                        f"{payer.value}: cannot burn {rule.stones} Power Stone(s) for {fighter.name} with "
                        f"{self.sides[payer].stones}"
                    )
                why = "has too few stones to burn" if chosen == "burn" else "keeps his stones"
                self._add(
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
