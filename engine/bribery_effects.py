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
from .command_step import CommandStep
from .enums import SIDES, BriberyIcon, Fate, Role, Side, StepKind
from .setup import SpellPlay
from .state import Fighter


class BriberyEffects(CommandStep):
    _ended_unchallenged: bool = False

    def _reactions_spent(self) -> set[int]:
        # Created lazily: the resolver's constructor belongs to the base classes.
        spent: set[int] | None = getattr(self, "_bribe_reactions_spent", None)
        if spent is None:
            spent = set()
            self._bribe_reactions_spent = spent
        return spent

    def is_bribe_reaction(self, play: SpellPlay) -> bool:
        """A spell that answers a bribe is cast in the bribery window, never as an any-time spell (PRI-2)."""
        card = self.catalog.get(play.card)
        return card.first(BribeCounter) is not None or card.first(BribeToMelee) is not None

    # ----------------------------------------------------------------- commands
    def _more_command_effects(self, side: Side, card: CardDefinition) -> bool:
        rules = card.abilities_of(ForcedBribe)
        for rule in rules:
            self._forced_bribe(side, card, rule)
        duel = card.first(UpCardDuel)
        if duel is not None:
            self._up_card_duel(side, card)
        return bool(rules) or duel is not None or super()._more_command_effects(side, card)

    def _up_card_duel(self, side: Side, card: CardDefinition) -> None:
        command = self.sides[side].command_fighter
        reference = command.reference if command is not None else card.slug
        named = self.choice(side, reference)
        if named is None:
            self.log(
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                f"{card.name}: no card of the {side.other.value}'s combat hand is picked (the set-up names none, as when "
                "the Up card is not a creature), so nothing happens.",
                side=side,
                card=card,
            )
            return
        picked = self.fighter(side.other, named)
        if picked is None or picked not in self.sides[side.other].holding():
            self.warnings.append(
                f"{side.value}: {card.name} cannot pick {named}: it is not in the opposing combat hand"
            )
            return
        up = self.count(side, reference)
        if up >= picked.vitality:
            self.log(
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                f"{card.name}: the {side.other.value}'s Up card (Vitality {up}) is not lower than the picked "
                f"{picked.name} ({picked.vitality}), so {picked.name} stays.",
                side=side,
                card=card,
                subject=picked,
            )
            return
        if self._indestructible(picked, card.name, "CMD-4"):
            return
        picked.in_hand = False
        self.record_fate(
            StepKind.DESTROY,
            "CMD-4",
            f"{card.name}: the {side.other.value}'s Up card (Vitality {up}) is lower than the picked {picked.name} "
            f"({picked.vitality}), so {picked.name} is destroyed in the combat hand.",
            subject=picked,
            fate=Fate.DESTROYED,
            reason=f"destroyed in the combat hand by {card.name}'s command",
            side=side,
            card=card,
        )

    def _forced_bribe(self, side: Side, card: CardDefinition, rule: ForcedBribe) -> None:
        name = rule.icon.value.capitalize()
        shown = [f for f in self.sides[side.other].holding() if rule.icon in f.card.bribery]
        self.log(
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            f"{card.name}: the {side.other.value} shows the creatures in its combat hand that a {name} card could "
            f"bribe ({', '.join(f.name for f in shown) or 'none'}).",
            side=side,
            card=card,
        )
        banned = self.terrain_rule(NoBriberyHere)
        if banned is not None and banned[1].icon is rule.icon and shown:
            self.log(
                StepKind.COMMAND_EFFECT,
                "ENG-9",
                f"{banned[0].name} allows no {name} bribes, so {card.name} cannot count any of them as bribed.",
                side=side,
                card=banned[0],
            )
            return
        if not shown:
            return
        named = self.choice(side, card.slug)
        picked = self.fighter(side.other, named) if named is not None else None
        if picked not in shown:
            if named is not None:
                self.warnings.append(
                    f"{side.value}: {card.name} cannot pick {named} (not a {name}-bribeable creature in the "
                    f"{side.other.value}'s combat hand); the default pick is used"
                )
            picked = max(shown, key=lambda f: f.vitality)
            how = " (no pick is given, so the one with the highest Vitality)"
        else:
            how = ""
        assert picked is not None
        if self._decoy_takes(side, picked, card):
            return
        picked.in_hand = False
        self.record_fate(
            StepKind.BRIBE,
            "ENG-9",
            f"{card.name}: the {side.value} picks {picked.name}{how}, which counts as bribed: it leaves the combat and "
            "will not count for control.",
            subject=picked,
            fate=Fate.BRIBED,
            reason=f"counted as bribed by {card.name}",
            side=side,
            card=card,
        )

    def item_bribe(self, target: Fighter, rule_id: str) -> bool:
        """ENG-12: an opposing command lets its side bribe ``target`` once, paying with an Item from the storage
        hand: no icon is played, so bans on one kind of bribery card do not stop it. True when it is bribed."""
        if ItemBribe not in self._kinds_present:
            return False
        for owner, card, _, holder in self.active_effects(ItemBribe):
            if owner is target.side or (holder is not None and holder.role is not Role.COMMAND):
                continue
            named = self.choice(owner, holder.reference if holder is not None else card.slug)
            if named is None or self.fighter(owner.other, named) is not target or owner in self._item_bribes_used:
                continue
            self._item_bribes_used.add(owner)
            if target.fate is not Fate.STANDING:
                continue
            if not target.card.bribery:
                self.log(
                    StepKind.BRIBE,
                    rule_id,
                    f"{card.name}'s command cannot bribe {target.name}: it shows no bribery icon, so it can never be bribed.",
                    side=owner,
                    card=card,
                    subject=target,
                )
                self.warnings.append(f"{owner.value}: {target.name} cannot be bribed, even by {card.name}")
                return False
            if self._decoy_takes(owner, target, card) or self.bribe_to_melee(owner, None, target):
                return False
            target.in_hand = False
            self.record_fate(
                StepKind.BRIBE,
                rule_id,
                f"{card.name}'s command: the {owner.value} discards an Item from its storage hand in place of a "
                f"bribery card and bribes {target.name} away: it leaves the combat and will not count for control.",
                subject=target,
                fate=Fate.BRIBED,
                reason=f"bribed through {card.name}'s command",
                side=owner,
                card=card,
            )
            return True
        return False

    @property
    def _item_bribes_used(self) -> set[Side]:
        # Created lazily: the resolver's constructor belongs to the base classes.
        used: set[Side] | None = getattr(self, "_item_bribes_spent", None)
        if used is None:
            used = set()
            self._item_bribes_spent = used
        return used

    # ----------------------------------------------------------------- icons
    def any_icon_source(self, side: Side, target: Fighter) -> CardDefinition | None:
        """The card in play that lets ``side``'s bribery cards work on ``target`` whatever its icons."""
        if not target.card.bribery:
            return None
        for owner, source, _, _ in self.active_effects(BribesAnyIcon):
            if owner is side:
                return source
        return None

    # ----------------------------------------------------------------- answers to a bribe
    def bribe_answered(self, side: Side, icon: BriberyIcon, target: Fighter) -> bool:
        """A bribe whose card has just been played is answered before it lands: True when it fails.
        ``side`` is the briber; the card is already spent."""
        return self._countered(side, icon, target) or self._decoy_takes(side, target, self.catalog.get(icon.value))

    def _reaction(
        self, caster: Side, target: Fighter, fits: Callable[[CardDefinition], bool]
    ) -> tuple[SpellPlay, CardDefinition] | None:
        """The caster's planned answer at this moment that ``fits`` the bribe, still in its hand and allowed."""
        state = self.sides[caster]
        spent = self._reactions_spent()
        for play in state.setup.spells:
            card = self.catalog.get(play.card)
            if str(play.moment) != self.moment or id(play) in spent or not fits(card):
                continue
            if play.target is not None and self.fighter(target.side, play.target) is not target:
                continue
            if state.hand[card.slug] <= 0:
                self.warnings.append(f"{caster.value}: {card.name} is no longer in the hand when it is wanted")
                continue
            refusal = self.casting_refusal(caster, card)
            if refusal:
                self.warnings.append(f"{caster.value}: {refusal}")
                continue
            return play, card
        return None

    def _countered(self, side: Side, icon: BriberyIcon, target: Fighter) -> bool:
        caster = side.other
        found = self._reaction(
            caster, target, lambda card: any(r.icon is icon for r in card.abilities_of(BribeCounter))
        )
        if found is None:
            return False
        play, card = found
        self._reactions_spent().add(id(play))
        self.sides[caster].hand[card.slug] -= 1
        self.sides[caster].hand[icon.value] += 1
        name = icon.value.capitalize()
        self.log(
            StepKind.SPELL,
            "ENG-9",
            f"The {caster.value} answers the {side.value}'s {name} bribe on {target.name} with {card.name}: the bribe "
            f"fails and the {caster.value} keeps the {name} card to bribe with later in this combat.",
            side=caster,
            card=card,
            subject=target,
        )
        return True

    def _decoy_takes(self, side: Side, target: Fighter, card: CardDefinition | None) -> bool:
        """A creature waiting in the target's combat hand may take the bribe instead and go to the Creature Pen."""
        for decoy in self.sides[target.side].holding():
            rule = decoy.first_text(BribeDecoy)
            if (
                rule is None
                or decoy is target
                or self.choice(target.side, decoy.reference) != "decoy"
                or (rule.protects is not None and not rule.protects.matches(target.card))
            ):
                continue
            decoy.in_hand = False
            what = f"{card.name} bribe" if card is not None else "bribe"
            self.record_fate(
                StepKind.BRIBE,
                "ENG-9",
                f"The {side.value}'s {what} aims at {target.name}, but the {target.side.value} sends {decoy.name} from "
                f"its combat hand to the Creature Pen instead: {target.name} is not bribed, and {decoy.name} leaves "
                "the combat without counting.",
                subject=decoy,
                fate=Fate.RETURNED,
                reason=f"went to the Creature Pen in place of the bribed {target.name}",
                side=target.side,
                card=decoy.card,
            )
            return True
        return False

    def bribe_to_melee(self, side: Side, icon: BriberyIcon | None, target: Fighter) -> bool:
        """The bribed creature's side may turn it and its opponent into unchallenged cards instead (ENG-10)."""
        opponent = target.faced
        if target.role is not Role.PRIMARY or opponent is None or not self.moment.isdigit():
            return False
        if target.round != int(self.moment) or opponent.fate is not Fate.STANDING:
            return False
        found = self._reaction(
            target.side,
            target,
            lambda card: any(
                r.target is None or r.target.matches(target.card) for r in card.abilities_of(BribeToMelee)
            ),
        )
        if found is None:
            return False
        play, card = found
        self._reactions_spent().add(id(play))
        self.sides[target.side].hand[card.slug] -= 1
        self.log(
            StepKind.BRIBE,
            "PRI-1",
            f"The {side.value} plays {icon.value.capitalize() if icon else 'an Item'} and bribes {target.name}.",
            side=side,
            card=self.catalog.find(icon.value) if icon else None,
            subject=target,
        )
        self.log(
            StepKind.SPELL,
            "ENG-9",
            f"The {target.side.value} answers with {card.name}: {target.name} does not leave the combat; the "
            "match-up ends with both creatures unchallenged.",
            side=target.side,
            card=card,
            subject=target,
        )
        for fighter in (target, opponent):
            self.leave_unchallenged(fighter, f"{card.name} answered the bribe on {target.name}")
        self._ended_unchallenged = True
        return True

    # ----------------------------------------------------------------- after a match-up
    def strip_bribes_after(self, round_number: int) -> None:
        """Creatures standing after their primary match-up whose text takes a kind of bribe from the opponent."""
        if StripsBribery not in self._kinds_present:
            return
        for side in SIDES:
            for fighter in self.sides[side].fighters:
                if (
                    fighter.round != round_number
                    or fighter.role is not Role.PRIMARY
                    or fighter.fate is not Fate.STANDING
                ):
                    continue
                for rule in fighter.text(StripsBribery):
                    self._strip(side, fighter, rule.icon)

    def _strip(self, side: Side, fighter: Fighter, icon: BriberyIcon) -> None:
        state = self.sides[side.other]
        shown = [self.catalog.get(slug).name for slug, count in sorted(state.hand.items()) for _ in range(count)]
        lost = state.hand[icon.value]
        state.hand[icon.value] = 0
        name = icon.value.capitalize()
        self.log(
            StepKind.NOTE,
            "ENG-9",
            f"{fighter.name} survived its match-up: the {side.other.value} shows the double-bordered cards it holds "
            f"({', '.join(shown) or 'none'}) and discards its {lost} {name} card(s); it has no {name} bribe left.",
            side=side,
            card=fighter.card,
        )

    # ----------------------------------------------------------------- double-bordered cards
    def ranged_discard(self, side: Side, shooter: Fighter) -> None:
        """A ranged attacker whose use costs the opponent one double-bordered card of his choice (ENG-6 default)."""
        if shooter.first_text(RangedDiscard) is None:
            return
        state = self.sides[side.other]
        held = [slug for slug, count in state.hand.items() if count > 0]
        if not held:
            self.log(
                StepKind.NOTE,
                "ENG-9",
                f"{shooter.name} is used as a ranged attack, but the {side.other.value} holds no double-bordered card to discard.",
                side=side,
                card=shooter.card,
            )
            return
        thrown, how = self.named_or_cheapest(
            side,
            shooter.reference,
            [self.catalog.get(slug) for slug in held],
            f"is not in the {side.other.value}'s hand when {shooter.name} fires",
        )
        state.hand[thrown.slug] -= 1
        self.log(
            StepKind.NOTE,
            "ENG-9",
            f"{shooter.name} is used as a ranged attack: the {side.other.value} discards {thrown.name}{how} from its hand.",
            side=side,
            card=shooter.card,
        )
