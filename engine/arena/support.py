"""Whether the engine automates a card in a Guardians Arena duel as well, derived from its abilities' data.

Every ability kind declares the steps of the standard procedure it acts in (``Ability.steps``). A duel
runs some of those steps through the shared machinery (its own bonuses, bribery, spells, destruction,
immunity, off-colour bonus, terrain, ranged attacks, channelling, secondary-attack bonuses); others
exist only because a shield combat has several creatures in an order, a space to control and healing
after it, so a text acting there has nothing to act on in a duel; the rest could matter in a duel but
the duel procedure does not perform them yet. No card is described by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..abilities import CommandBonus
from ..cards import CardDefinition
from ..enums import AutomationStatus, CardType

# Steps a duel performs through the shared machinery (engine/arena/duel.py).
DUEL_STEPS = frozenset({"PRI-1", "PRI-2", "PRI-3", "PRI-5", "PRI-6", "PRI-7", "PRI-8", "PRI-9", "PRI-10", "SEC-4"})
# Immunity to AOEs (AOE-3) guards against a step the duel never performs, so it costs a duel nothing.
MOOT_STEPS = frozenset({"AOE-3"})
# Steps that exist only in a shield combat: the command step, the order of match-ups, the choice of
# secondary targets among several creatures, control of the space and healing after it.
SHIELD_ONLY_PREFIXES = (
    "CMD-1",
    "CMD-2",
    "CMD-3",
    "PRI-0",
    "PRI-12",
    "SEC-3",
    "SEC-5",
    "SEC-6",
    "SEC-7",
    "RES-",
    "HEAL-",
    "CMB-",
)


class ArenaStatus(str, Enum):
    AUTOMATED = "automated"
    SHIELD_ONLY = "shield_only"
    NOT_AUTOMATED = "not_automated"
    NO_COMBAT_EFFECT = "no_combat_effect"


@dataclass(frozen=True)
class ArenaSupport:
    status: ArenaStatus
    reason: str


def _shield_only(step: str) -> bool:
    return step.startswith(SHIELD_ONLY_PREFIXES)


def arena_support(card: CardDefinition) -> ArenaSupport:
    """How far the engine plays this card in a duel, and why."""
    if card.type is CardType.SHIELD:
        return ArenaSupport(
            ArenaStatus.AUTOMATED,
            "In a duel a shield cancels one opposing creature (Arena rule 2.3.1) or captures one in a raid (7.2.7); "
            "the engine plays both. Its number and text as a shield of creatures do not apply.",
        )
    if card.automation is AutomationStatus.NOT_AUTOMATED:
        return ArenaSupport(ArenaStatus.NOT_AUTOMATED, "Not automated in standard combat either.")
    if card.automation is AutomationStatus.NO_COMBAT_EFFECT or not card.abilities:
        return ArenaSupport(
            ArenaStatus.NO_COMBAT_EFFECT, "Nothing in its text changes a duel beyond its printed numbers."
        )
    shield_only: list[str] = []
    missing: list[str] = []
    for ability in card.abilities:
        if isinstance(ability, CommandBonus):
            continue  # a duellist's command bonus works on reveal (ARN-2)
        steps = tuple(step for step in ability.steps if step not in MOOT_STEPS)
        if not steps or all(step in DUEL_STEPS for step in steps):
            continue
        if any(_shield_only(step) for step in steps):
            shield_only.append(ability.kind)
        else:
            missing.append(ability.kind)
    if missing:
        return ArenaSupport(
            ArenaStatus.NOT_AUTOMATED,
            "Part of its text acts where the duel procedure does not apply it yet ("
            + ", ".join(sorted(set(missing)))
            + ").",
        )
    if shield_only:
        return ArenaSupport(
            ArenaStatus.SHIELD_ONLY,
            "Part of its text only makes sense with shields (match-up order, control of the space, choosing "
            "secondary targets or healing), so it does nothing in a duel; the rest carries over.",
        )
    if card.automation is AutomationStatus.PARTIAL:
        return ArenaSupport(ArenaStatus.NOT_AUTOMATED, "Only partly automated, as in standard combat.")
    return ArenaSupport(ArenaStatus.AUTOMATED, "Its text carries over to duels and the engine applies it there too.")
