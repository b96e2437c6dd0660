"""A small combat to try one card in: the "Try in the simulator" link on its card page.

Each card takes the place its type has in a combat: a creature attacks a plain opponent, a
terrain lies under the fight, a Guardian backs the attacker (and channels into its creature),
a spell or hand item is played from the attacker's hand, a creature item is carried, a shield
or standard bearer is the attacker's, a stronghold is the defender's, a bribery card is
offered. Dice and counts the card asks for get a middle value the visitor can change. Every
set-up is checked by the engine; a card it cannot place (stronghold upgrades, accessories)
gets no link.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from combat.links import permalink
from combat.running import catalog, problems_of
from engine.cards import CardDefinition
from engine.enums import BriberyIcon, CardType
from engine.notation import format_setup
from engine.setup import Bribe, Channel, CombatSetup, Count, Moment, Roll, SideSetup, SpellPlay

if TYPE_CHECKING:
    from cards.models import Card

# Plain creatures with no ability that asks for input: the Sand Lord attacks, the Swordsman defends.
ATTACKER = "sand-lord"
DEFENDER = "swordsman"
FIRST_MATCHUP = Moment.parse("1")


@dataclass(frozen=True)
class Trial:
    notation: str
    description: str

    @property
    def url(self) -> str:
        return permalink(self.notation)


def _name(slug: str) -> str:
    card = catalog().find(slug)
    return card.name if card else slug


def _with_inputs(card: CardDefinition, side: SideSetup) -> SideSetup:
    """The dice and counts the card needs, set to a middle value (the set-up page changes them)."""
    rolls = tuple(Roll(card.slug, (dice.lowest + dice.highest) // 2) for dice in card.dice_needed[:1])
    counts = (Count(card.slug, 0),) if card.count_needed else ()
    return replace(side, rolls=side.rolls + rolls, counts=side.counts + counts)


def _plain_fight(
    attacker: SideSetup | None = None, defender: SideSetup | None = None, terrain: str | None = None
) -> CombatSetup:
    """The Sand Lord against the Swordsman, with whichever side the card changes put in."""
    plain_attacker, plain_defender = SideSetup(creatures=(ATTACKER,)), SideSetup(creatures=(DEFENDER,))
    return CombatSetup(attacker or plain_attacker, defender or plain_defender, terrain)


def _fight_text() -> str:
    return f"the {_name(ATTACKER)} against the {_name(DEFENDER)}"


Placement = tuple[CombatSetup, str]


def _creature(card: CardDefinition) -> Placement:
    opponent = ATTACKER if card.slug == DEFENDER else DEFENDER
    attacker = _with_inputs(card, SideSetup(creatures=(card.slug,)))
    return CombatSetup(attacker, SideSetup(creatures=(opponent,))), f"It attacks the {_name(opponent)}."


def _terrain(card: CardDefinition) -> Placement:
    return _plain_fight(terrain=card.slug), f"The fight on this terrain: {_fight_text()}."


def _guardian(card: CardDefinition) -> Placement:
    attacker = SideSetup(creatures=(ATTACKER,), guardian=card.slug, channels=(Channel(FIRST_MATCHUP, "guardian"),))
    return _plain_fight(attacker), f"The attacker's Guardian, channelling into {_fight_text()}."


def _played_from_hand(card: CardDefinition) -> Placement:
    spell = SpellPlay(FIRST_MATCHUP, card.slug)
    attacker = _with_inputs(card, SideSetup(creatures=(ATTACKER,), hand=(card.slug,), spells=(spell,)))
    return _plain_fight(attacker), f"The attacker plays it from hand: {_fight_text()}."


def _carried(card: CardDefinition) -> Placement:
    return _plain_fight(SideSetup(creatures=(ATTACKER,), items=(card.slug,))), f"Carried by {_fight_text()}."


def _shield(card: CardDefinition) -> Placement:
    return _plain_fight(
        SideSetup(creatures=(ATTACKER,), shields=(card.slug,))
    ), f"On the attacker's side: {_fight_text()}."


def _stronghold(card: CardDefinition) -> Placement:
    defender = _with_inputs(card, SideSetup(creatures=(DEFENDER,), stronghold=card.slug))
    return _plain_fight(defender=defender), f"The defender's stronghold: {_fight_text()}."


def _bribe(card: CardDefinition) -> Placement | None:
    if card.slug not in {icon.value for icon in BriberyIcon}:
        return None
    bribe = Bribe(FIRST_MATCHUP, BriberyIcon(card.slug))
    attacker = SideSetup(creatures=(ATTACKER,), hand=(card.slug,), bribes=(bribe,))
    return _plain_fight(attacker), f"The attacker offers it: {_fight_text()}."


PLACES: dict[CardType, Callable[[CardDefinition], Placement | None]] = {
    CardType.CREATURE: _creature,
    CardType.TERRAIN: _terrain,
    CardType.SHIELD_TERRAIN: _terrain,
    CardType.GUARDIAN: _guardian,
    CardType.SPELL: _played_from_hand,
    CardType.HAND_ITEM: _played_from_hand,
    CardType.CREATURE_ITEM: _carried,
    CardType.SHIELD: _shield,
    CardType.STANDARD_BEARER: _shield,
    CardType.STRONGHOLD: _stronghold,
    CardType.BRIBERY: _bribe,
}


def _as_command(setup: CombatSetup, slug: str) -> Placement:
    """A creature that only plays as the command card is shown as one, beside a creature that fights."""
    attacker = replace(setup.attacker, creatures=(slug, ATTACKER), command=slug)
    return replace(setup, attacker=attacker), f"The attacker's command card, with {_fight_text()}."


def _inputs_note(setup: CombatSetup, slug: str) -> str:
    given = [
        f"its roll is set to {roll.value}"
        for side in (setup.attacker, setup.defender)
        for roll in side.rolls
        if roll.card == slug
    ]
    given += [
        f"its count is set to {count.value}"
        for side in (setup.attacker, setup.defender)
        for count in side.counts
        if count.card == slug
    ]
    return f" Here {' and '.join(given)}; change it on the set-up page." if given else ""


def card_trial(slug: str) -> Trial | None:
    """The set-up to try the card in, or None when the card has no place in a combat."""
    card = catalog().find(slug)
    place = PLACES.get(card.type) if card is not None else None
    placed = place(card) if place is not None and card is not None else None
    if placed is None:
        return None
    setup, description = placed
    problems = problems_of(setup)
    if any(problem.code == "setup.must_be_command" for problem in problems):
        setup, description = _as_command(setup, slug)
        problems = problems_of(setup)
    if problems:
        return None
    return Trial(format_setup(setup), description + _inputs_note(setup, slug))


def card_page_part(card: Card) -> dict[str, object]:
    """The card page's "Try in the simulator" link (registered in ``combat.apps``)."""
    return {"trial": card_trial(card.slug)}
