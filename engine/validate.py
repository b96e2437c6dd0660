"""Check a set-up against the cards and the set-up rules, reporting every problem at once."""

from __future__ import annotations

import functools
from collections import Counter

from .abilities import (
    BribeCounter,
    CancelsRanged,
    ChannelReaction,
    CommandRanged,
    Dispel,
    Offer,
    PlayRestriction,
    RangedGamble,
    Restriction,
)
from .cards import CardDefinition
from .catalog import CardCatalog
from .dice import Dice
from .enums import CardType, Side, Terrain
from .errors import Problem, SetupInvalid
from .setup import CombatSetup, SideSetup, copy_references, split_reference

STACKING_LIMIT = 30
SHIELD_TYPES = (CardType.SHIELD, CardType.STANDARD_BEARER, CardType.SHIELD_TERRAIN)


def _unknown(catalog: CardCatalog, reference: str, where: str) -> Problem:
    slug, _ = split_reference(reference)
    suggestions = catalog.suggest(slug)
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    return Problem("setup.unknown_card", f"{where}: no card called {slug!r}{hint}", field=where, card=slug)


def _ranged_by_text(card: CardDefinition) -> bool:
    """A creature with no printed ranged value whose text still gives it a ranged use."""
    return (
        card.first(CancelsRanged) is not None
        or card.first(CommandRanged) is not None
        or any(rule.as_ranged for rule in card.abilities_of(ChannelReaction))
    )


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

    def add(self, code: str, message: str, where: str, card: str = "") -> None:
        self.problems.append(Problem(code, message, field=where, card=card))

    def card(self, reference: str, where: str) -> CardDefinition | None:
        slug, _ = split_reference(reference)
        card = self.catalog.find(slug)
        if card is None:
            self.problems.append(_unknown(self.catalog, reference, where))
        return card

    def run(self) -> list[Problem]:
        creatures = self._creatures()
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
                self.add("setup.count_not_needed", f"{where}: {count.card} counts nothing in this combat", where, slug)
                continue
            if key in given:
                self.add("setup.count_twice", f"{where}: {count.card} is counted twice", where, slug)
            given.add(key)
        for key, (card, counting) in needing.items():
            if key not in given:
                self.add(
                    "setup.count_missing",
                    f"{where}: {card.name} needs a count of {counting}; give it as {key}:N",
                    where,
                    card.slug,
                )

    def _choices(self) -> None:
        """Each choice names a card of this side that offers one, and an option that card accepts."""
        where = f"{self.prefix}.choices"
        offering = {key: card for key, card in self._shield_keys if card.choice_offered is not None}
        for reference in self.setup.hand:
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
                    f"{where}: {choice.card} offers no choice in this combat (it must be in this side's shield or hand)",
                    where,
                    slug,
                )
                continue
            if key in given:
                self.add("setup.choice_twice", f"{where}: {choice.card} is given two choices", where, slug)
            given.add(key)
            problem = self._option_problem(card, choice.option)
            if problem:
                self.add("setup.bad_choice", f"{where}: {choice.card}:{choice.option}: {problem}", where, slug)

    def _option_problem(self, card: CardDefinition, option: str) -> str:
        ability = card.choice_offered
        assert ability is not None
        offer = ability.offer()
        if offer is Offer.OPPOSING_CREATURE:
            if find_creature(self.catalog, self.opponent.creatures, option) is None:
                return "name one of the opposing shield's creatures (slug, or slug#2 for a second copy)"
            return ""
        if offer is Offer.OWN_CREATURE:
            if find_creature(self.catalog, self.setup.creatures, option) is None:
                return "name one of this side's creatures (slug, or slug#2 for a second copy)"
            return ""
        if offer is Offer.OPPOSING_HAND_CARD:
            held = {
                found.slug
                for found in (self.catalog.find(split_reference(ref)[0]) for ref in self.opponent.hand)
                if found
            }
            named = self.catalog.find(option)
            if named is None or named.slug not in held:
                return "name a double-bordered card of the opposing hand (its slug)"
            return ""
        if offer is Offer.CLASS:
            return ""
        words = ability.option_words()
        return "" if option in words else f"the choices for {card.name} are {', '.join(words)}"

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
        given: dict[str, int] = {}
        optional = self._gamble_rolls()
        for roll in self.setup.rolls:
            key, slug = self._input_key(roll.card)
            if key not in needing and key in optional:
                card, dice = optional[key]
                if not dice.lowest <= roll.value <= dice.highest:
                    self.add(
                        "setup.roll_impossible",
                        f"{where}: the roll after {card.name}'s ranged attack is {roll.value}, but {dice} gives {dice.lowest} to {dice.highest}",
                        where,
                        card.slug,
                    )
                continue
            if key not in needing:
                self.add("setup.roll_not_needed", f"{where}: {roll.card} rolls no dice in this combat", where, slug)
                continue
            given[key] = roll.value
        for key, (card, dice) in needing.items():
            if key not in given:
                self.add(
                    "setup.roll_missing",
                    f"{where}: {card.name} needs a roll of {dice}; give it as {key}:N (N from {dice.lowest} to {dice.highest})",
                    where,
                    card.slug,
                )
            elif not dice.lowest <= given[key] <= dice.highest:
                self.add(
                    "setup.roll_impossible",
                    f"{where}: {card.name} rolled {given[key]}, but {dice} gives {dice.lowest} to {dice.highest}",
                    where,
                    card.slug,
                )

    def _creatures(self) -> list[CardDefinition]:
        where = self.prefix
        found: list[CardDefinition] = []
        if not self.setup.creatures:
            self.add("setup.empty_shield", f"{where}: the {self.side.value}'s shield holds no creature", where)
        for reference in self.setup.creatures:
            card = self.card(reference, where)
            if card is None:
                continue
            if not card.is_creature:
                self.add(
                    "setup.not_a_creature",
                    f"{where}: {card.name} is a {card.type.value.replace('_', ' ')}, not a creature, so it cannot sit in a shield",
                    where,
                    card.slug,
                )
                continue
            if "#" in reference:
                self.add(
                    "setup.bad_reference",
                    f"{where}: list each copy by its slug; {reference!r} has a copy number",
                    where,
                    card.slug,
                )
            found.append(card)
        stacking = sum(card.stacking for card in found)
        if stacking > STACKING_LIMIT:
            detail = " + ".join(f"{card.stacking} {card.name}" for card in found)
            self.add(
                "setup.stacking_over_limit",
                f"{where}: the {self.side.value}'s shield stacks {stacking} points ({detail}), over the limit of {STACKING_LIMIT}",
                where,
            )
        return found

    def _items(self, creature_count: int) -> None:
        where = f"{self.prefix}.items"
        for reference in self.setup.items:
            card = self.card(reference, where)
            if card is not None and card.type is not CardType.CREATURE_ITEM:
                self.add(
                    "setup.not_a_creature_item", f"{where}: {card.name} is not a creature magic item", where, card.slug
                )
        if len(self.setup.items) > creature_count:
            self.add(
                "setup.too_many_items",
                f"{where}: {len(self.setup.items)} creature items under a shield of {creature_count} creature(s); a stack may not hold more items than creatures",
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
                    f"{where}: {card.name} is a {card.type.value.replace('_', ' ')}; only spells, hand items and bribery cards come from the storage hand",
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
                self.add(
                    "setup.not_a_channeller", f"{where}: {card.name} has no CMP, so it cannot channel", where, card.slug
                )

    def _guardian(self) -> None:
        where = f"{self.prefix}.guardian"
        stones_allowed = 7
        if self.setup.guardian is not None:
            card = self.card(self.setup.guardian, where)
            if card is not None and card.guardian is None:
                self.add("setup.not_a_guardian", f"{where}: {card.name} is not a Guardian", where, card.slug)
            elif card is not None and card.guardian is not None:
                stones_allowed = card.guardian.stones
        if self.setup.stones is not None and self.setup.stones > stones_allowed:
            self.add(
                "setup.too_many_stones",
                f"{self.prefix}.stones: {self.setup.stones} stones, but the Guardian starts with only {stones_allowed}",
                f"{self.prefix}.stones",
            )

    def _stronghold(self) -> None:
        where = f"{self.prefix}.stronghold"
        if self.setup.stronghold is None:
            return
        card = self.card(self.setup.stronghold, where)
        if card is not None and card.type is not CardType.STRONGHOLD:
            self.add("setup.not_a_stronghold", f"{where}: {card.name} is not a stronghold card", where, card.slug)
        if self.side is Side.ATTACKER:
            self.add(
                "setup.attacker_in_stronghold", f"{where}: only the defending shield can stand in a stronghold", where
            )

    def _shields(self) -> None:
        where = f"{self.prefix}.shield"
        cards = [card for card in (self.card(ref, where) for ref in self.setup.shields) if card is not None]
        for card in cards:
            if card.type not in SHIELD_TYPES:
                self.add("setup.not_a_shield", f"{where}: {card.name} is not a shield", where, card.slug)
        bearers = [card for card in cards if card.type is CardType.STANDARD_BEARER]
        if len(bearers) > 1:
            self.add(
                "setup.two_standard_bearers",
                f"{where}: {' and '.join(card.name for card in bearers)}: a player may have only one Standard Bearer in play",
                where,
            )
        elif len(cards) > 1:
            self.add(
                "setup.too_many_shields", f"{where}: one stack goes under one shield, {len(cards)} were given", where
            )

    def _in_shield(self, reference: str, where: str, creatures: tuple[str, ...] | None = None) -> int | None:
        pool = self.setup.creatures if creatures is None else creatures
        if self.catalog.find(split_reference(reference)[0]) is None:
            self.problems.append(_unknown(self.catalog, reference, where))
            return None
        index = find_creature(self.catalog, pool, reference)
        if index is None:
            owner = "this side's" if creatures is None else "the opposing"
            self.add(
                "setup.decision_names_absent_card",
                f"{where}: {reference} is not in {owner} shield",
                where,
                split_reference(reference)[0],
            )
        return index

    def _decisions(self, creatures: list[CardDefinition], hand: list[CardDefinition]) -> None:
        setup = self.setup
        hand_counts = Counter(card.slug for card in hand)
        command_index: int | None = None
        if setup.command is not None:
            where = f"{self.prefix}.command"
            card = self.card(setup.command, where)
            if card is not None:
                if card.is_creature:
                    command_index = self._in_shield(setup.command, where)
                elif hand_counts[card.slug] == 0:
                    self.add(
                        "setup.decision_names_absent_card",
                        f"{where}: {card.name} is not in this side's hand",
                        where,
                        card.slug,
                    )
                if not card.usable_as_command:
                    self.add(
                        "setup.not_a_command",
                        f"{where}: {card.name} cannot be played as a command card",
                        where,
                        card.slug,
                    )
                elif not card.is_creature:
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
                    f"{self.prefix}: {card.name} can only be played as the command card; name it in "
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
                    "setup.order_repeats", f"{self.prefix}.order: {reference} is listed twice", f"{self.prefix}.order"
                )
            if index == command_index:
                self.add(
                    "setup.command_in_order",
                    f"{self.prefix}.order: {reference} is played as the command card, so it never fights a primary match-up",
                    f"{self.prefix}.order",
                )
            seen.add(index)
        for support in setup.ranged:
            where = f"{self.prefix}.ranged"
            index = self._in_shield(support.creature, where)
            if index is not None:
                card = self.catalog.get(split_reference(setup.creatures[index])[0])
                if card.ranged_attack is None and not _ranged_by_text(card):
                    self.add("setup.not_ranged", f"{where}: {card.name} has no ranged attack", where, card.slug)
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
                    f"{self.prefix}.bribe: {wanted} {icon.capitalize()} bribe(s) planned but the hand holds {held}",
                    f"{self.prefix}.bribe",
                    icon,
                )
        for bribe in setup.bribes:
            if bribe.target is not None:
                self._in_shield(bribe.target, f"{self.prefix}.bribe", self.opponent.creatures)
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
                    f"{where}: {card.name} is played but not held in the hand",
                    where,
                    card.slug,
                )
        dispels = sum(count for slug, count in hand_counts.items() if self.catalog.get(slug).first(Dispel) is not None)
        if setup.dispel > dispels - sum(
            1 for p in setup.spells if self.catalog.find(p.card) and self.catalog.get(p.card).first(Dispel)
        ):
            self.add(
                "setup.missing_dispel_magic",
                f"{self.prefix}.dispel: {setup.dispel} Dispel Magic planned for the command step but the hand holds {dispels}",
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
                    f"{where}: {channel.source} is neither 'guardian' nor a channeller placed under a stronghold"
                    + (f" ({', '.join(sorted(channeller_slugs))} are)" if channeller_slugs else ""),
                    where,
                    split_reference(channel.source)[0],
                )
        for attack in setup.secondaries or ():
            where = f"{self.prefix}.secondary"
            self._in_shield(attack.attacker, where)
            self._in_shield(attack.target, where, self.opponent.creatures)


def validate(setup: CombatSetup, catalog: CardCatalog) -> list[Problem]:
    problems: list[Problem] = []
    if setup.terrain is not None and resolve_terrain(catalog, setup.terrain) is None:
        suggestions = ", ".join(t.slug for t in Terrain)
        problems.append(
            Problem(
                "setup.unknown_terrain",
                f"terrain: {setup.terrain!r} is neither a terrain card nor a terrain type ({suggestions})",
                "terrain",
                setup.terrain,
            )
        )
    problems += _SideChecker(catalog, setup.attacker, Side.ATTACKER, setup.defender).run()
    problems += _SideChecker(catalog, setup.defender, Side.DEFENDER, setup.attacker).run()
    return problems


def check(setup: CombatSetup, catalog: CardCatalog) -> None:
    problems = validate(setup, catalog)
    if problems:
        raise SetupInvalid(problems)
