"""Check a set-up against the cards and the set-up rules, reporting every problem at once."""

from __future__ import annotations

import functools
from collections import Counter

from .abilities import (
    AllowsRanged,
    BribeCounter,
    BriberyShots,
    CancelsRanged,
    ChannelReaction,
    CommandRanged,
    CommandRelocates,
    Dispel,
    DispelsOpposingCommand,
    DrawsRanged,
    ForbidsCommands,
    ForcedFirstAnswer,
    JoinsFromTerrain,
    Offer,
    PlayRestriction,
    RangedEffect,
    RangedGamble,
    RangedLimit,
    Restriction,
    StackingLimit,
    matchup_cards,
)
from .actions import ActionKind
from .cards import CardDefinition
from .catalog import CardCatalog
from .dice import Dice
from .enums import BriberyIcon, CardType, Side, Terrain
from .errors import CatalogError, Problem, SetupInvalid
from .lent_commands import lent_commands
from .made_up import catalog_for
from .setup import CombatSetup, SideSetup, copy_references, face_down, split_reference
from .turns import referee

STACKING_LIMIT = 30
SHIELD_TYPES = (CardType.SHIELD, CardType.STANDARD_BEARER, CardType.SHIELD_TERRAIN)


def _unknown(catalog: CardCatalog, reference: str, where: str) -> Problem:
    slug, _ = split_reference(reference)
    suggestions = catalog.suggest(slug)
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    return Problem.at("setup.unknown_card", where, f"no card called {slug!r}{hint}", slug)


def _ranged_by_text(card: CardDefinition) -> bool:
    """A creature with no printed ranged value whose text still gives it a ranged use."""
    return (
        card.first(CancelsRanged) is not None
        or card.first(CommandRanged) is not None
        or card.first(RangedEffect) is not None
        or any(rule.as_ranged for rule in card.abilities_of(ChannelReaction))
    )


def ranged_use(card: CardDefinition) -> bool:
    """Whether the creature can be taken from the combat hand and placed as a ranged attacker."""
    return card.ranged_attack is not None or (_ranged_by_text(card) and card.first(CommandRanged) is None)


def find_creature(catalog: CardCatalog, creatures: tuple[str, ...], reference: str) -> int | None:
    """Index in ``creatures`` of ``slug#n`` (the n-th copy of that card in the shield)."""
    slug, copy = split_reference(reference)
    card = catalog.find(slug)
    if card is None:
        return None
    seen = 0
    for index, entry in enumerate(creatures):
        entry_card = catalog.find(split_reference(entry)[0])
        if entry_card is not None and entry_card.slug == card.slug:
            seen += 1
            if seen == copy:
                return index
    return None


def resolve_terrain(
    catalog: CardCatalog, terrain: str | None
) -> tuple[CardDefinition | None, frozenset[Terrain]] | None:
    """The terrain card (if a card was named) and the terrain types of the fight; None if unknown."""
    if terrain is None:
        return None, frozenset()
    if face_down(terrain)[0]:
        # A card laid face down is a terrain card of no basic type (rule 2.7.2) whose text is hidden.
        return None, frozenset()
    card = catalog.find(terrain)
    if card is not None and (card.terrain_types or card.type in (CardType.TERRAIN, CardType.SHIELD_TERRAIN)):
        # A shield/terrain card laid as terrain may have no basic type: the fight then has no terrain type.
        return card, card.terrain_types
    try:
        return None, frozenset({Terrain.parse(terrain)})
    except ValueError:
        return None


class _SideChecker:
    def __init__(self, catalog: CardCatalog, setup: SideSetup, side: Side, opponent: SideSetup) -> None:
        self.catalog = catalog
        self.setup = setup
        self.side = side
        self.opponent = opponent
        self.prefix = side.letter
        self.problems: list[Problem] = []

    def add(self, code: str, detail: str, where: str, card: str = "", **values: str) -> None:
        self.problems.append(Problem.at(code, where, detail, card, **values))

    def named(self, reference: str) -> str:
        """A card reference as people read it: the card's name, with its copy number for a second copy
        (``archer#2`` -> ``Archer #2``); the reference as given when no card has that slug."""
        slug, copy = split_reference(reference)
        card = self.catalog.find(slug)
        if card is None:
            return reference
        return card.name + (f" #{copy}" if copy > 1 else "")

    def card(self, reference: str, where: str) -> CardDefinition | None:
        slug, _ = split_reference(reference)
        card = self.catalog.find(slug)
        if card is None:
            self.problems.append(_unknown(self.catalog, reference, where))
        return card

    def run(self) -> list[Problem]:
        creatures = self.creature_cards = self._creatures()
        self._items(len(self.setup.creatures))
        hand = self._hand()
        self._channellers()
        self._guardian()
        self._stronghold()
        self._shields()
        self._decisions(creatures, hand)
        self._rolls()
        self._counts()
        self._choices()
        self._earlier()
        return self.problems

    @functools.cached_property
    def _shield_keys(self) -> list[tuple[str, CardDefinition]]:
        """Each known creature of the shield under the reference set-up inputs name it by (slug, slug#2)."""
        cards = [self.catalog.find(split_reference(reference)[0]) for reference in self.setup.creatures]
        known = [card for card in cards if card is not None]
        return list(zip(copy_references([card.slug for card in known]), known, strict=True))

    def _input_key(self, reference: str) -> tuple[str, str]:
        """The key a roll or count given as ``reference`` stands for (names and aliases resolved), and its slug."""
        slug, copy = split_reference(reference)
        card = self.catalog.find(slug)
        return (card.slug if card else slug) + (f"#{copy}" if copy > 1 else ""), slug

    def _counts(self) -> None:
        """Every card whose ability counts something outside the combat needs that count."""
        where = f"{self.prefix}.counts"
        needing = {key: (card, card.count_needed) for key, card in self._shield_keys if card.count_needed}
        given: set[str] = set()
        for count in self.setup.counts:
            key, slug = self._input_key(count.card)
            if key not in needing:
                self.add(
                    "setup.count_not_needed",
                    f"{self.named(count.card)} counts nothing in this combat",
                    where,
                    slug,
                    reference=count.card,
                )
                continue
            if key in given:
                self.add(
                    "setup.count_twice", f"{self.named(count.card)} is counted twice", where, slug, reference=count.card
                )
            given.add(key)
        for key, (card, counting) in needing.items():
            if key not in given:
                self.add(
                    "setup.count_missing",
                    f"{card.name} needs a count of {counting}; give it as {key}:N",
                    where,
                    card.slug,
                )

    def _choices(self) -> None:
        """Each choice names a card of this side that offers one, and an option that card accepts."""
        where = f"{self.prefix}.choices"
        offering = {key: card for key, card in self._shield_keys if card.choice_offered is not None}
        # A Shield's standard bearer may offer a choice too (pay to dispel the opposing command).
        for reference in self.setup.shields:
            found = self.catalog.find(split_reference(reference)[0])
            if found is not None and found.choice_offered is not None:
                offering.setdefault(found.slug, found)
        for reference in (*self.setup.hand, *self.setup.items, *self.setup.earlier):
            found = self.catalog.find(split_reference(reference)[0])
            if found is not None and found.choice_offered is not None:
                offering.setdefault(found.slug, found)
        given: set[str] = set()
        for choice in self.setup.choices:
            key, slug = self._input_key(choice.card)
            card = offering.get(key)
            if card is None:
                self.add(
                    "setup.choice_not_needed",
                    f"{self.named(choice.card)} offers no choice in this combat (it must be in this side's shield, its "
                    "standard bearer, hand, items or cards played earlier)",
                    where,
                    slug,
                    reference=choice.card,
                )
                continue
            if key in given:
                self.add(
                    "setup.choice_twice",
                    f"{self.named(choice.card)} is given two choices",
                    where,
                    slug,
                    reference=choice.card,
                )
            given.add(key)
            problem = self._option_problem(card, choice.option)
            if problem:
                # Said with the cards' names; the text as typed stays in the values (reference, option).
                self.add(
                    "setup.bad_choice",
                    f"{card.name} cannot take '{self.named(choice.option)}': {problem}",
                    where,
                    slug,
                    reference=choice.card,
                    option=choice.option,
                )

    def _earlier(self) -> None:
        """Each card named as played earlier must have an effect that lasts into a later combat."""
        where = f"{self.prefix}.earlier"
        for reference in self.setup.earlier:
            card = self.card(reference, where)
            if card is not None and not card.lasts_from_earlier:
                self.add(
                    "setup.not_lasting_from_earlier",
                    f"{card.name} has no effect that lasts from before the combat into it, so it cannot be "
                    "named as played earlier",
                    where,
                    card.slug,
                )

    def _option_problem(self, card: CardDefinition, option: str) -> str:
        ability = card.choice_offered
        assert ability is not None
        offer = ability.offer()
        if offer is Offer.OPPOSING_CREATURE:
            if find_creature(self.catalog, self.opponent.creatures, option) is None:
                return "name one of the opposing shield's creatures" + self._listed(self.opponent.creatures)
            return ""
        if offer is Offer.OWN_CREATURE:
            if find_creature(self.catalog, self.setup.creatures, option) is None:
                return "name one of this side's creatures" + self._listed(self.setup.creatures)
            return ""
        if offer is Offer.OPPOSING_HAND_CARD:
            held = {
                found.slug
                for found in (self.catalog.find(split_reference(ref)[0]) for ref in self.opponent.hand)
                if found
            }
            named = self.catalog.find(option)
            if named is None or named.slug not in held:
                listed = self._listed(self.opponent.hand, copies=False)
                return "name a double-bordered card of the opposing hand" + listed
            return ""
        if offer is Offer.CLASS:
            return ""
        if offer is Offer.TERRAIN:
            if option == "none" or resolve_terrain(self.catalog, option) is not None:
                return ""
            return "name a terrain type, a terrain card, face-down or none"
        if offer is Offer.GUESSES:
            words = ability.option_words()
            wrong = [part for part in option.split("-") if part not in words]
            return f"give one guess per match-up joined by hyphens, each one of {', '.join(words)}" if wrong else ""
        if offer is Offer.OPPOSING_ITEM:
            items = {found.slug for ref in self.opponent.items if (found := self.catalog.find(ref)) is not None}
            named = self.catalog.find(option)
            return (
                ""
                if named is not None and named.slug in items
                else "name a creature magic item of the opposing side" + self._listed(self.opponent.items, copies=False)
            )
        if offer is Offer.MATCHUP_CARDS:
            return self._bribery_shots_problem(ability, option)
        if offer is Offer.BIDS:
            return _bids_problem(option, int(getattr(ability, "opening", 1)))
        words = ability.option_words()
        return "" if option in words else f"its choices are {', '.join(words)}"

    def _listed(self, references: tuple[str, ...], *, copies: bool = True) -> str:
        """The cards a choice may name, by name (``: Archer, Archer #2``; each card once without ``copies``,
        as a hand's or items' copies are not told apart); '' when there are none."""
        known = [card.slug for ref in references if (card := self.catalog.find(split_reference(ref)[0]))]
        listed = copy_references(known) if copies else list(dict.fromkeys(known))
        return (": " + ", ".join(self.named(reference) for reference in listed)) if listed else ""

    def _bribery_shots_problem(self, ability: object, option: str) -> str:
        """A plan of bribery cards fired as ranged attacks: well formed, and no more cards than the hand holds
        once this side's own bribes of that icon are taken out."""
        try:
            planned = matchup_cards(option)
        except ValueError as exc:
            return str(exc)
        if not isinstance(ability, BriberyShots):
            return ""
        command = self.catalog.find(split_reference(self.setup.command)[0]) if self.setup.command else None
        if ability.command_only and (command is None or ability not in command.abilities):
            return "the cards are fired only while it is this side's command card, so play it as the command card"
        icon: BriberyIcon = ability.icon
        held = sum(1 for ref in self.setup.hand if (found := self.catalog.find(ref)) and found.slug == icon.value)
        bribing = sum(1 for bribe in self.setup.bribes if bribe.icon is icon)
        fired = sum(planned.values())
        if fired + bribing > held:
            return (
                f"{fired} {icon.value.capitalize()} card(s) fired"
                + (f" and {bribing} bribe(s) planned" if bribing else "")
                + f", but the hand holds {held}"
            )
        return ""

    def _gamble_rolls(self) -> dict[str, tuple[CardDefinition, Dice]]:
        """Ranged attackers after whose shot this side's command may roll (an optional roll, given for the shooter)."""
        command = self.catalog.find(split_reference(self.setup.command)[0]) if self.setup.command else None
        gamble = command.first(RangedGamble) if command is not None else None
        if gamble is None:
            return {}
        shooters = {self._input_key(support.creature)[0] for support in self.setup.ranged}
        return {key: (card, gamble.die) for key, card in self._shield_keys if key in shooters}

    def _rolls(self) -> None:
        """Every card with dice needs its roll in the set-up, and each roll must be possible."""
        where = f"{self.prefix}.rolls"
        needing = {key: (card, card.dice_needed[0]) for key, card in self._shield_keys if card.dice_needed}
        for other in (self.setup.stronghold, *self.setup.shields):
            found = self.catalog.find(other) if other else None
            if found is not None and found.dice_needed:
                needing[found.slug] = (found, found.dice_needed[0])
        # A creature item of the stack played as the command card rolls when its command acts (Disc of Siin).
        command = self.catalog.find(split_reference(self.setup.command)[0]) if self.setup.command else None
        if command is not None and command.type is CardType.CREATURE_ITEM and command.dice_needed:
            needing[command.slug] = (command, command.dice_needed[0])
        # A spell rolls when it is cast: its n-th cast in the set-up takes the roll given as slug#n.
        cast = [self.catalog.find(split_reference(play.card)[0]) for play in self.setup.spells]
        known = [card for card in cast if card is not None]
        if any(card.dice_needed for card in known):
            for key, card in zip(copy_references([card.slug for card in known]), known, strict=True):
                if card.dice_needed:
                    needing[key] = (card, card.dice_needed[0])
        given: dict[str, int] = {}
        optional = self._gamble_rolls()
        for roll in self.setup.rolls:
            key, slug = self._input_key(roll.card)
            if key not in needing and key in optional:
                card, dice = optional[key]
                if not dice.lowest <= roll.value <= dice.highest:
                    self.add(
                        "setup.roll_impossible",
                        f"the roll after {card.name}'s ranged attack is {roll.value}, but {dice} gives {dice.lowest} to {dice.highest}",
                        where,
                        card.slug,
                    )
                continue
            if key not in needing:
                self.add(
                    "setup.roll_not_needed",
                    f"{self.named(roll.card)} rolls no dice in this combat",
                    where,
                    slug,
                    reference=roll.card,
                )
                continue
            given[key] = roll.value
        for key, (card, dice) in needing.items():
            if key not in given:
                self.add(
                    "setup.roll_missing",
                    f"{card.name} needs a roll of {dice}; give it as {key}:N (N from {dice.lowest} to {dice.highest})",
                    where,
                    card.slug,
                )
            elif not dice.lowest <= given[key] <= dice.highest:
                self.add(
                    "setup.roll_impossible",
                    f"{card.name} rolled {given[key]}, but {dice} gives {dice.lowest} to {dice.highest}",
                    where,
                    card.slug,
                )

    def _creatures(self) -> list[CardDefinition]:
        where = self.prefix
        found: list[CardDefinition] = []
        if not self.setup.creatures:
            self.add("setup.empty_shield", f"the {self.side.value}'s shield holds no creature", where)
        for reference in self.setup.creatures:
            card = self.card(reference, where)
            if card is None:
                continue
            if not card.is_creature:
                self.add(
                    "setup.not_a_creature",
                    f"{card.name} is a {card.type.value.replace('_', ' ')}, not a creature, so it cannot sit in a shield",
                    where,
                    card.slug,
                )
                continue
            if "#" in reference:
                self.add(
                    "setup.bad_reference",
                    f"list each copy by its slug; {reference!r} has a copy number",
                    where,
                    card.slug,
                )
            found.append(card)
        stacking = sum(card.stacking for card in found)
        limit, limited_by = self._stacking_limit()
        if stacking > limit:
            detail = " + ".join(f"{card.stacking} {card.name}" for card in found)
            self.add(
                "setup.stacking_over_limit",
                f"the {self.side.value}'s shield stacks {stacking} points ({detail}), over the limit of {limit}"
                + limited_by,
                where,
            )
        return found

    def _stacking_limit(self) -> tuple[int, str]:
        """The side's stacking limit (VAL-5) and, when a shield card lowers it, the words saying which."""
        lowest, by = STACKING_LIMIT, ""
        for reference in self.setup.shields:
            shield = self.catalog.find(split_reference(reference)[0])
            if shield is None:
                continue  # reported as unknown where the shield is checked
            for rule in shield.abilities_of(StackingLimit):
                if rule.limit < lowest:
                    lowest, by = rule.limit, f" that {shield.name} sets"
        return lowest, by

    def _items(self, creature_count: int) -> None:
        where = f"{self.prefix}.items"
        for reference in self.setup.items:
            card = self.card(reference, where)
            if card is not None and card.type is not CardType.CREATURE_ITEM:
                self.add("setup.not_a_creature_item", f"{card.name} is not a creature magic item", where, card.slug)
        if len(self.setup.items) > creature_count:
            self.add(
                "setup.too_many_items",
                f"{len(self.setup.items)} creature items under a shield of {creature_count} creature(s); a stack may not hold more items than creatures",
                where,
            )

    def _hand(self) -> list[CardDefinition]:
        where = f"{self.prefix}.hand"
        hand: list[CardDefinition] = []
        for reference in self.setup.hand:
            card = self.card(reference, where)
            if card is None:
                continue
            if not card.type.double_bordered:
                self.add(
                    "setup.not_a_hand_card",
                    f"{card.name} is a {card.type.value.replace('_', ' ')}; only spells, hand items and bribery cards come from the storage hand",
                    where,
                    card.slug,
                )
                continue
            hand.append(card)
        return hand

    def _channellers(self) -> None:
        where = f"{self.prefix}.channellers"
        for reference in self.setup.channellers:
            card = self.card(reference, where)
            if card is not None and (not card.is_creature or not card.cmp):
                self.add("setup.not_a_channeller", f"{card.name} has no CMP, so it cannot channel", where, card.slug)

    def _guardian(self) -> None:
        where = f"{self.prefix}.guardian"
        stones_allowed = 7
        if self.setup.guardian is not None:
            card = self.card(self.setup.guardian, where)
            if card is not None and card.guardian is None:
                self.add("setup.not_a_guardian", f"{card.name} is not a Guardian", where, card.slug)
            elif card is not None and card.guardian is not None:
                stones_allowed = card.guardian.stones
        if self.setup.stones is not None and self.setup.stones > stones_allowed:
            self.add(
                "setup.too_many_stones",
                f"{self.setup.stones} stones, but the Guardian starts with only {stones_allowed}",
                f"{self.prefix}.stones",
            )

    def _stronghold(self) -> None:
        where = f"{self.prefix}.stronghold"
        if self.setup.stronghold is None:
            return
        card = self.card(self.setup.stronghold, where)
        if card is not None and card.type is not CardType.STRONGHOLD:
            self.add("setup.not_a_stronghold", f"{card.name} is not a stronghold card", where, card.slug)
        if self.side is Side.ATTACKER:
            self.add("setup.attacker_in_stronghold", "only the defending shield can stand in a stronghold", where)

    def _shields(self) -> None:
        where = f"{self.prefix}.shield"
        cards = [card for card in (self.card(ref, where) for ref in self.setup.shields) if card is not None]
        for card in cards:
            if card.type not in SHIELD_TYPES:
                self.add("setup.not_a_shield", f"{card.name} is not a shield", where, card.slug)
        bearers = [card for card in cards if card.type is CardType.STANDARD_BEARER]
        if len(bearers) > 1:
            self.add(
                "setup.two_standard_bearers",
                f"{' and '.join(card.name for card in bearers)}: a player may have only one Standard Bearer in play",
                where,
            )
        elif len(cards) > 1:
            self.add("setup.too_many_shields", f"one stack goes under one shield, {len(cards)} were given", where)

    # A creature that joins this side's (or the opponent's) combat hand in the command step (ENG-13).
    joined: tuple[str, ...] = ()
    opponent_joined: tuple[str, ...] = ()
    creature_cards: list[CardDefinition] = []

    def _in_shield(
        self, reference: str, where: str, creatures: tuple[str, ...] | None = None, *, joining: bool = True
    ) -> int | None:
        pool = (self.setup.creatures + (self.joined if joining else ())) if creatures is None else creatures
        if self.catalog.find(split_reference(reference)[0]) is None:
            self.problems.append(_unknown(self.catalog, reference, where))
            return None
        index = find_creature(self.catalog, pool, reference)
        if index is None:
            owner = "this side's" if creatures is None else "the opposing"
            self.add(
                "setup.decision_names_absent_card",
                f"{self.named(reference)} is not in {owner} shield",
                where,
                split_reference(reference)[0],
                reference=reference,
            )
        return index

    def _carried(self, slug: str) -> bool:
        """Whether a creature magic item of this slug is among the side's items (its stack)."""
        return any(split_reference(reference)[0] == slug for reference in self.setup.items)

    def _decisions(self, creatures: list[CardDefinition], hand: list[CardDefinition]) -> None:
        setup = self.setup
        hand_counts = Counter(card.slug for card in hand)
        command_index: int | None = None
        if setup.command is not None:
            where = f"{self.prefix}.command"
            card = self.card(setup.command, where)
            if card is not None:
                if card.is_creature:
                    command_index = self._in_shield(setup.command, where, joining=False)
                elif card.type is CardType.CREATURE_ITEM and self._carried(card.slug):
                    pass  # a creature magic item of the stack played as the command card (a Tweezle, Disc of Siin)
                elif hand_counts[card.slug] == 0:
                    self.add(
                        "setup.decision_names_absent_card",
                        f"{card.name} is not in this side's hand",
                        where,
                        card.slug,
                    )
                if not card.usable_as_command and not lent_commands(self.catalog, setup):
                    self.add(
                        "setup.not_a_command",
                        f"{card.name} cannot be played as a command card",
                        where,
                        card.slug,
                    )
                elif self.side is Side.ATTACKER and card.first(CommandRelocates) is not None:
                    self.add(
                        "setup.command_defender_only",
                        f"{card.name} can be played as a command card only by the defender",
                        where,
                        card.slug,
                    )
                elif self.side is Side.DEFENDER and any(
                    rule.attacking_only for rule in card.abilities_of(DispelsOpposingCommand)
                ):
                    self.add(
                        "setup.command_attacker_only",
                        f"{card.name} can be played as a command card only by the attacker",
                        where,
                        card.slug,
                    )
                elif not card.is_creature and card.type is not CardType.CREATURE_ITEM:
                    hand_counts[card.slug] -= 1
        for position, reference in enumerate(setup.creatures):
            card = self.catalog.find(split_reference(reference)[0])
            if (
                card is not None
                and position != command_index
                and any(rule.must is Restriction.COMMAND for rule in card.abilities_of(PlayRestriction))
            ):
                self.add(
                    "setup.must_be_command",
                    f"{card.name} can only be played as the command card; name it in "
                    f"{self.prefix}.command or leave it out of the shield",
                    self.prefix,
                    card.slug,
                )
        seen: set[int] = set()
        for reference in setup.order:
            index = self._in_shield(reference, f"{self.prefix}.order")
            if index is None:
                continue
            if index in seen:
                self.add(
                    "setup.order_repeats",
                    f"{self.named(reference)} is listed twice",
                    f"{self.prefix}.order",
                    split_reference(reference)[0],
                    reference=reference,
                )
            if index == command_index:
                self.add(
                    "setup.command_in_order",
                    f"{self.named(reference)} is played as the command card, so it never fights a primary match-up",
                    f"{self.prefix}.order",
                    split_reference(reference)[0],
                    reference=reference,
                )
            seen.add(index)
        for support in setup.secondary_ranged:
            # Written to be refused at the secondary attacks (ranged.in_secondary): it must still name a creature.
            self._in_shield(support.creature, f"{self.prefix}.ranged")
        for support in setup.ranged:
            where = f"{self.prefix}.ranged"
            index = self._in_shield(support.creature, where)
            if index is not None:
                card = self.catalog.get(split_reference((setup.creatures + self.joined)[index])[0])
                if card.ranged_attack is None and not _ranged_by_text(card):
                    self.add("setup.not_ranged", f"{card.name} has no ranged attack", where, card.slug)
        bribes = Counter(bribe.icon.value for bribe in setup.bribes)
        for icon, wanted in bribes.items():
            # A spell that captures an opposing bribe gives its caster that card to bribe with (ENG-9).
            held = hand_counts[icon] + sum(
                count
                for slug, count in hand_counts.items()
                if any(rule.icon.value == icon for rule in self.catalog.get(slug).abilities_of(BribeCounter))
            )
            if wanted > held:
                self.add(
                    "setup.missing_bribery_card",
                    f"{wanted} {icon.capitalize()} bribe(s) planned but the hand holds {held}",
                    f"{self.prefix}.bribe",
                    icon,
                )
        for bribe in setup.bribes:
            if bribe.target is not None:
                self._in_shield(bribe.target, f"{self.prefix}.bribe", self.opponent.creatures + self.opponent_joined)
        spells: Counter[str] = Counter()
        for play in setup.spells:
            where = f"{self.prefix}.spell"
            card = self.card(play.card, where)
            if card is None:
                continue
            spells[card.slug] += 1
            if spells[card.slug] > hand_counts[card.slug]:
                self.add(
                    "setup.spell_not_in_hand",
                    f"{card.name} is played but not held in the hand",
                    where,
                    card.slug,
                )
        dispels = sum(count for slug, count in hand_counts.items() if self.catalog.get(slug).first(Dispel) is not None)
        if setup.dispel > dispels - sum(
            1 for p in setup.spells if self.catalog.find(p.card) and self.catalog.get(p.card).first(Dispel)
        ):
            self.add(
                "setup.missing_dispel_magic",
                f"{setup.dispel} Dispel Magic planned for the command step but the hand holds {dispels}",
                f"{self.prefix}.dispel",
            )
        channeller_slugs = {split_reference(ref)[0] for ref in setup.channellers}
        for channel in setup.channels:
            where = f"{self.prefix}.channel"
            if channel.source == "guardian":
                continue
            if find_creature(self.catalog, setup.channellers, channel.source) is None:
                self.add(
                    "setup.unknown_channel_source",
                    f"{self.named(channel.source)} is neither 'guardian' nor a channeller placed under a stronghold"
                    + (f" ({', '.join(sorted(channeller_slugs))} are)" if channeller_slugs else ""),
                    where,
                    split_reference(channel.source)[0],
                    reference=channel.source,
                )
        for attack in setup.secondaries or ():
            where = f"{self.prefix}.secondary"
            self._in_shield(attack.attacker, where)
            self._in_shield(attack.target, where, self.opponent.creatures + self.opponent_joined)


def first_primary(catalog: CardCatalog, setup: SideSetup) -> int | None:
    """Index in the shield of the creature the side plays in the first match-up, as the resolver queues it."""
    queue = planned_queue(setup, catalog)
    return queue[0] if queue else None


def _joining(catalog: CardCatalog, setup: CombatSetup, side: Side) -> tuple[str, ...]:
    """The face-down creature a side's command takes into its combat hand, which its decisions may name."""
    named = face_down(setup.terrain)[1]
    command = setup.side(side).command if named is not None else None
    card = catalog.find(split_reference(command)[0]) if command else None
    if named is None or card is None or card.first(JoinsFromTerrain) is None:
        return ()
    creature = catalog.find(split_reference(named)[0])
    used = any(
        (found := catalog.find(split_reference(choice.card)[0])) is not None
        and found.slug == card.slug
        and choice.option == "use"
        for choice in setup.side(side).choices
    )
    return (creature.slug,) if used and creature is not None and creature.is_creature else ()


def _leads(card: CardDefinition) -> bool:
    return any(rule.must is Restriction.FIRST_PRIMARY for rule in card.abilities_of(PlayRestriction))


def forced_answers(shown: CardDefinition, held: list[tuple[int, CardDefinition]]) -> list[int]:
    """ENG-15: the indexes of the creatures (of ``held``) that may answer ``shown``: those of the highest base
    Vitality below ``shown``'s; an empty list when none is lower, and the answer is free."""
    beaten = [(index, card) for index, card in held if card.base_vitality < shown.base_vitality]
    if not beaten:
        return []
    best = max(card.base_vitality for _, card in beaten)
    return [index for index, card in beaten if card.base_vitality == best]


def first_answer_rule(setup: CombatSetup, catalog: CardCatalog) -> tuple[Side, int, list[int]] | None:
    """The first match-up a command like the Goose's imposes, when the set-up alone settles it: the answering
    side, the shown creature's index on the commanding side and the indexes the answer may take (never empty).
    None when no such command is declared, when its command may not stand (an opposing command or Dispel
    Magic, a terrain barring commands: the resolver applies it as the combat goes) or when it leaves the
    answer free."""
    commands = [setup.attacker.command, setup.defender.command]
    if not any(commands) or not any(
        (card := catalog.find(split_reference(command)[0])) is not None and card.first(ForcedFirstAnswer) is not None
        for command in commands
        if command
    ):
        return None
    terrain = resolve_terrain(catalog, setup.terrain)
    if terrain is not None and terrain[0] is not None and terrain[0].first(ForbidsCommands) is not None:
        return None
    for side in (Side.ATTACKER, Side.DEFENDER):
        mine, theirs = setup.side(side), setup.side(side.other)
        command = catalog.find(split_reference(mine.command)[0]) if mine.command else None
        if command is None or command.first(ForcedFirstAnswer) is None:
            continue
        if theirs.command is not None or theirs.dispel:
            return None
        shown = first_primary(catalog, mine)
        answer = first_primary(catalog, theirs)
        if shown is None or answer is None:
            return None
        if _leads(catalog.get(split_reference(theirs.creatures[answer])[0])):
            return None
        held = [(index, catalog.get(split_reference(entry)[0])) for index, entry in enumerate(theirs.creatures)]
        allowed = forced_answers(catalog.get(split_reference(mine.creatures[shown])[0]), held)
        return (side.other, shown, allowed) if allowed else None
    return None


def _first_answer_problems(setup: CombatSetup, catalog: CardCatalog) -> list[Problem]:
    rule = first_answer_rule(setup, catalog)
    if rule is None:
        return []
    answering, shown_index, allowed = rule
    mine, theirs = setup.side(answering.other), setup.side(answering)
    answer = first_primary(catalog, theirs)
    # With no order given, the default order yields to the command (the resolver puts the answer first).
    if answer in allowed or not theirs.order:
        return []
    command = catalog.get(split_reference(mine.command or "")[0])
    shown = catalog.get(split_reference(mine.creatures[shown_index])[0])
    references = copy_references([catalog.get(split_reference(entry)[0]).slug for entry in theirs.creatures])
    names = " or ".join(references[index] for index in allowed)
    played = references[answer] if answer is not None else "nothing"
    where = f"{answering.letter}.order"
    supporting = {find_creature(catalog, theirs.creatures, support.creature) for support in theirs.ranged}
    fix = (
        f"it cannot be kept for ranged support ({answering.letter}.ranged); it must fight the first match-up"
        if all(index in supporting for index in allowed)
        else f"put it first in {where}"
    )
    return [
        Problem.at(
            "setup.forced_first_answer",
            where,
            f"{command.name} is the {answering.other.value}'s command, so {shown.name} (Vitality "
            f"{shown.base_vitality}) is shown first and the {answering.value} must answer with {names} (base Vitality "
            f"{catalog.get(split_reference(theirs.creatures[allowed[0]])[0]).base_vitality}, the highest that "
            f"{shown.name} can beat), not {played}; {fix}",
            references[allowed[0]],
        )
    ]


def _slugs(*checkers: _SideChecker) -> set[str]:
    return {card.slug for checker in checkers for card in checker.creature_cards}


def validate(setup: CombatSetup, catalog: CardCatalog, *, first_matchup: bool = True) -> list[Problem]:
    """Every problem of the set-up; ``first_matchup=False`` leaves out the check of the first match-up
    against a command like the Goose's (exploration tries every order and keeps the ones that obey it)."""
    problems: list[Problem] = []
    # Ordered match-up actions are checked as the per-kind decisions they become (turns.referee).
    setup = referee(setup).setup if setup.actions else setup
    try:
        catalog = catalog_for(setup, catalog)
    except CatalogError as exc:
        # The cause's code and facts stay readable (``cause``: ``ability.unknown_kind``, ...).
        return [Problem("setup.bad_made_up", str(exc), "made_up", values={"cause": exc.code, **exc.values})]
    # An item turn is read from its card when its turn comes (turn_casts): the card must exist.
    problems += [
        _unknown(catalog, str(action.card), matchup.key)
        for matchup in setup.actions
        for action in matchup.actions
        if action.kind in (ActionKind.ITEM, ActionKind.GUARDIAN)
        and action.card is not None
        and catalog.find(split_reference(action.card)[0]) is None
    ]
    if setup.terrain is not None and resolve_terrain(catalog, setup.terrain) is None:
        suggestions = ", ".join(t.slug for t in Terrain)
        problems.append(
            Problem.at(
                "setup.unknown_terrain",
                "terrain",
                f"{setup.terrain!r} is neither a terrain card nor a terrain type ({suggestions})",
                setup.terrain,
            )
        )
    attacker = _SideChecker(catalog, setup.attacker, Side.ATTACKER, setup.defender)
    defender = _SideChecker(catalog, setup.defender, Side.DEFENDER, setup.attacker)
    named = face_down(setup.terrain)[1] if setup.terrain is not None else None
    if named is not None:
        if catalog.find(split_reference(named)[0]) is None:
            problems.append(_unknown(catalog, named, "terrain"))
        attacker.joined = defender.opponent_joined = _joining(catalog, setup, Side.ATTACKER)
        defender.joined = attacker.opponent_joined = _joining(catalog, setup, Side.DEFENDER)
    problems += attacker.run()
    problems += defender.run()
    if first_matchup and not problems:
        problems += _first_answer_problems(setup, catalog)
    drawers = catalog.slugs_with(DrawsRanged)
    if first_matchup and not problems and drawers and not drawers.isdisjoint(_slugs(attacker, defender)):
        # Also order-dependent: which match-up a card drawing every ranged attack fights (ENG-11).
        problems += draws_ranged_problems(setup, catalog)
    return problems


def planned_queue(setup: SideSetup, catalog: CardCatalog) -> list[int]:
    """Indices of the side's creatures in the order they are planned to fight primaries: the play order, then
    the rest, leaving out the command card and the creatures kept for ranged support (as the resolver queues
    them before anything happens in the combat)."""
    cards = [catalog.get(split_reference(reference)[0]) for reference in setup.creatures]
    reserved = {find_creature(catalog, setup.creatures, support.creature) for support in setup.ranged}
    if setup.command is not None:
        reserved.add(find_creature(catalog, setup.creatures, setup.command))
    ordered: list[int] = []
    for reference in setup.order:
        index = find_creature(catalog, setup.creatures, reference)
        if index is not None and index not in ordered:
            ordered.append(index)
    ordered += [index for index in range(len(cards)) if index not in ordered]
    queue = [index for index in ordered if index not in reserved]
    leaders = [index for index in queue if _leads(cards[index])]
    if leaders:
        queue.remove(leaders[0])
        queue.insert(0, leaders[0])
    return queue


def draws_ranged_problems(setup: CombatSetup, catalog: CardCatalog) -> list[Problem]:
    """ENG-11: a creature whose text draws every ranged attack fights the match-up its planned place in the play
    order gives it; each opposing creature with a ranged use still in the opposing hand then, and allowed by its
    own limits to fire there, must be planned to fire in that match-up. Only the set-up as written is read: what
    the combat itself changes (AOEs, bribes, creatures sent back) is not foreseen."""
    sides = {side: setup.side(side) for side in Side}
    cards = {side: [catalog.get(split_reference(ref)[0]) for ref in sides[side].creatures] for side in Side}
    if not any(card.first(DrawsRanged) is not None for side in Side for card in cards[side]):
        return []
    found = resolve_terrain(catalog, setup.terrain)
    terrain_card, terrain = found if found is not None else (None, frozenset[Terrain]())
    stronghold = catalog.find(setup.defender.stronghold) if setup.defender.stronghold else None
    if not terrain and stronghold is not None and stronghold.stronghold and stronghold.stronghold.counts_as_terrain:
        terrain = frozenset({stronghold.stronghold.counts_as_terrain})
    if Terrain.WOODS in terrain and (terrain_card is None or terrain_card.first(AllowsRanged) is None):
        return []
    problems: list[Problem] = []
    for side in Side:
        queue = planned_queue(sides[side], catalog)
        opposing = sides[side.other]
        their_queue = planned_queue(opposing, catalog)
        references = copy_references([card.slug for card in cards[side.other]])
        command = find_creature(catalog, opposing.creatures, opposing.command) if opposing.command else None
        fired: dict[int, int] = {}
        for support in opposing.ranged:
            index = find_creature(catalog, opposing.creatures, support.creature)
            if index is not None:
                fired.setdefault(index, support.round)
        for position, index in enumerate(queue):
            drawer = cards[side][index]
            matchup = position + 1
            if drawer.first(DrawsRanged) is None or matchup > len(their_queue):
                continue
            facing = cards[side.other][their_queue[position]]
            for other, card in enumerate(cards[side.other]):
                if other == command or other in their_queue[:matchup]:
                    continue
                if not ranged_use(card):
                    continue
                planned = fired.get(other)
                if planned is not None and planned <= matchup:
                    continue
                limit = card.first(RangedLimit)
                if limit is not None and (
                    (limit.against is not None and not limit.against.matches(drawer))
                    or (limit.supports is not None and not limit.supports.matches(facing))
                    or (limit.terrain is not None and limit.terrain not in terrain)
                ):
                    continue
                where = f"{side.other.letter}.ranged"
                was = f" (it is planned for match-up {planned})" if planned is not None else ""
                problems.append(
                    Problem.at(
                        "setup.ranged_must_target",
                        where,
                        f"the {side.value}'s {drawer.name} fights match-up {matchup}, and the {side.other.value} "
                        f"must aim every ranged attack he can make at it; {card.name} is still in his hand then{was}, "
                        f"so plan it as {where}={matchup}:{references[other]}",
                        card.slug,
                    )
                )
    return problems


def check(setup: CombatSetup, catalog: CardCatalog, *, first_matchup: bool = True) -> None:
    problems = validate(setup, catalog, first_matchup=first_matchup)
    if problems:
        raise SetupInvalid(problems)


def _bids_problem(option: str, opening: int) -> str:
    """An auction's final bids: the owner's (at least 1, he opens), then the opponent's (0 if he never raised)."""
    parts = option.split("-")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        return "give the final bids as OWNER-OPPONENT, two numbers (3-4; 0 for an opponent who never raises)"
    own, other = (int(part) for part in parts)
    if own < opening:
        return f"the card's owner opens the bidding at {opening}, so his bid is at least {opening}"
    if own == other:
        return "one player must outbid the other: the two bids cannot be equal"
    return ""
