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

from dataclasses import dataclass, replace

from combat.links import permalink
from combat.running import catalog, problems_of
from engine.cards import CardDefinition
from engine.enums import BriberyIcon, CardType
from engine.notation import format_setup
from engine.setup import Bribe, Channel, CombatSetup, Count, Moment, Roll, SideSetup, SpellPlay

# Plain creatures with no ability that asks for input: the Sand Lord attacks, the Swordsman defends.
ATTACKER = "sand-lord"
DEFENDER = "swordsman"


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


def _opponent(card: CardDefinition) -> str:
    return ATTACKER if card.slug == DEFENDER else DEFENDER


def _inputs(card: CardDefinition, side: SideSetup) -> SideSetup:
    """The dice and counts the card needs, set to a middle value (the set-up page changes them)."""
    rolls = tuple(Roll(card.slug, (dice.lowest + dice.highest) // 2) for dice in card.dice_needed[:1])
    counts = (Count(card.slug, 0),) if card.count_needed else ()
    return replace(side, rolls=side.rolls + rolls, counts=side.counts + counts)


def _placed(card: CardDefinition) -> tuple[CombatSetup, str] | None:
    slug, kind = card.slug, card.type
    plain_attacker = SideSetup(creatures=(ATTACKER,))
    plain_defender = SideSetup(creatures=(DEFENDER,))
    against = f"against the {_name(DEFENDER)}"
    if kind is CardType.CREATURE:
        opponent = _opponent(card)
        attacker = _inputs(card, SideSetup(creatures=(slug,)))
        return CombatSetup(attacker, SideSetup(creatures=(opponent,))), f"It attacks the {_name(opponent)}."
    if kind in (CardType.TERRAIN, CardType.SHIELD_TERRAIN):
        return (CombatSetup(plain_attacker, plain_defender, terrain=slug),
                f"The {_name(ATTACKER)} attacks the {_name(DEFENDER)} on this terrain.")  # fmt: skip
    if kind is CardType.GUARDIAN:
        attacker = SideSetup(creatures=(ATTACKER,), guardian=slug, channels=(Channel(Moment.parse("1"), "guardian"),))
        return CombatSetup(attacker, plain_defender), f"It is the attacker's Guardian and channels into the {_name(ATTACKER)} {against}."
    if kind in (CardType.SPELL, CardType.HAND_ITEM):
        attacker = SideSetup(creatures=(ATTACKER,), hand=(slug,), spells=(SpellPlay(Moment.parse("1"), slug),))
        return CombatSetup(_inputs(card, attacker), plain_defender), f"The attacker plays it in the first match-up, the {_name(ATTACKER)} {against}."
    if kind is CardType.CREATURE_ITEM:
        return CombatSetup(SideSetup(creatures=(ATTACKER,), items=(slug,)), plain_defender), f"The {_name(ATTACKER)} carries it {against}."
    if kind in (CardType.SHIELD, CardType.STANDARD_BEARER):
        return CombatSetup(SideSetup(creatures=(ATTACKER,), shields=(slug,)), plain_defender), f"It is the attacker's; the {_name(ATTACKER)} fights {against}."
    if kind is CardType.STRONGHOLD:
        defender = _inputs(card, SideSetup(creatures=(DEFENDER,), stronghold=slug))
        return CombatSetup(plain_attacker, defender), f"The {_name(DEFENDER)} defends it against the {_name(ATTACKER)}."
    if kind is CardType.BRIBERY and slug in {icon.value for icon in BriberyIcon}:
        attacker = SideSetup(creatures=(ATTACKER,), hand=(slug,), bribes=(Bribe(Moment.parse("1"), BriberyIcon(slug)),))
        return CombatSetup(attacker, plain_defender), f"The attacker offers it in the first match-up, the {_name(ATTACKER)} {against}."
    return None


def _command_version(setup: CombatSetup, slug: str) -> CombatSetup:
    """A creature that only plays as the command card is shown as one, beside a creature that fights."""
    attacker = replace(setup.attacker, creatures=(slug, ATTACKER), command=slug)
    return replace(setup, attacker=attacker)


def card_trial(slug: str) -> Trial | None:
    """The set-up to try the card in, or None when the card has no place in a combat."""
    card = catalog().find(slug)
    placed = _placed(card) if card is not None else None
    if placed is None:
        return None
    setup, description = placed
    problems = problems_of(setup)
    if any(problem.code == "setup.must_be_command" for problem in problems):
        setup, description = _command_version(setup, slug), f"It is the attacker's command card, with the {_name(ATTACKER)} fighting the {_name(DEFENDER)}."
        problems = problems_of(setup)
    if problems:
        return None
    return Trial(format_setup(setup), description + _inputs_note(setup, slug))


def _inputs_note(setup: CombatSetup, slug: str) -> str:
    side = setup.attacker if slug in setup.attacker.creatures + setup.attacker.hand else setup.defender
    given = [f"its roll is set to {roll.value}" for roll in side.rolls if roll.card == slug]
    given += [f"its count is set to {count.value}" for count in side.counts if count.card == slug]
    return f" In this set-up {' and '.join(given)}; change it on the set-up page." if given else ""
