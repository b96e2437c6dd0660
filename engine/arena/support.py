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

from ..abilities import (
    Ability,
    Aoe,
    CancelsAoe,
    CommandCard,
    DestroyedWhenBeaten,
    DestroysWhenBeating,
    ForbidsBribery,
    ForbidsCasting,
    Indestructible,
    NoBriberyHere,
    OutOfCombat,
    PlayRestriction,
    PushMargin,
    Restriction,
    UnbribeableSide,
    WinsPushes,
)
from ..cards import CardDefinition
from ..enums import AutomationStatus, CardType, Timing
from .commands import CommandFate, command_fate, is_command_ability
from .stock import StockFate, stock_fate, stock_reason

# Steps a duel performs through the shared machinery (engine/arena/duel.py).
DUEL_STEPS = frozenset({"PRI-1", "PRI-2", "PRI-3", "PRI-5", "PRI-6", "PRI-7", "PRI-8", "PRI-9", "PRI-10", "SEC-4"})
# Immunity to AOEs (AOE-3) guards against a step the duel never performs, so it costs a duel nothing.
MOOT_STEPS = frozenset({"AOE-3"})
# Steps that exist only in a shield combat: the command step, the order of match-ups, the choice of
# secondary targets among several creatures, control of the space and healing after it, and the points a
# shield's stack may hold (VAL-5: a duel stacks no creatures under a shield).
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
    "VAL-5",
)


# Kinds a duel performs although they declare a step it does not run: the shared step a duel's turn calls
# reads them itself. A ban on casting (Geldspar) is checked by the cast (``cast_refused``); a terrain's ban on an
# icon and a creature's icon lock (A-12, set at the reveal by ``duel.Duel.lock_bribery``) by ``bribe_creature``,
# in both rounds.
# A lead a creature's text demands and a card that wins pushes settle the primary round (site ruling 6.8.6,
# ``duel.Duel.close_result``); one that works only as a command card does not, since a duel has none.
# Text that destroys on beating or on being beaten, and indestructible text that stops it, act when the primary
# round is won (site ruling 6.8.7, ``duel.Duel.destroyed_on_beaten``).
# A standard bearer's side-wide rules (site ruling 6.8.8): a side no bribe reaches is read by ``bribe_creature`` in
# both rounds; a stone paid to cancel an opposing AOE by ``fire_aoe``, which a duel calls when a secondary attacker
# enters (ARN-9), the one time a duel fires a creature's AOE.
PERFORMED_KINDS: tuple[type[Ability], ...] = (
    ForbidsCasting,
    NoBriberyHere,
    ForbidsBribery,
    PushMargin,
    WinsPushes,
    DestroysWhenBeating,
    DestroyedWhenBeaten,
    Indestructible,
    UnbribeableSide,
    CancelsAoe,
)


def performed(ability: Ability) -> bool:
    return isinstance(ability, PERFORMED_KINDS) and not getattr(ability, "command_only", False)


class ArenaStatus(str, Enum):
    AUTOMATED = "automated"
    SHIELD_ONLY = "shield_only"
    NOT_AUTOMATED = "not_automated"
    NO_COMBAT_EFFECT = "no_combat_effect"
    # Playable only as a command card, which a duel does not have.
    NOT_IN_DUELS = "not_in_duels"


@dataclass(frozen=True)
class ArenaSupport:
    status: ArenaStatus
    reason: str


def _shield_only(step: str) -> bool:
    return step.startswith(SHIELD_ONLY_PREFIXES)


class AbilityFate(str, Enum):
    APPLIED = "applied"
    SHIELD_ONLY = "shield_only"
    NO_SENSE = "no_sense"
    MISSING = "missing"


def ability_in_duel(card: CardDefinition, ability: Ability) -> tuple[AbilityFate, str]:
    """What a duel does with one ability of a creature, bearer, Guardian, item or terrain, and why (the words the
    card page joins; the kind's name for text that only makes sense with shields)."""
    if isinstance(ability, Aoe) and not (
        card.command and is_command_ability(ability) and ability.timing is Timing.COMMAND
    ):
        # Fired when it enters as a secondary attacker (ARN-9), a roll or count from the set-up (ARN-40).
        return AbilityFate.APPLIED, ""
    if card.command and is_command_ability(ability):
        command, why = command_fate(ability)
        fate = {CommandFate.NO_SENSE: AbilityFate.NO_SENSE, CommandFate.NOT_AUTOMATED: AbilityFate.MISSING}
        return fate.get(command, AbilityFate.APPLIED), why
    if performed(ability):
        return AbilityFate.APPLIED, ""
    steps = tuple(step for step in ability.steps if step not in MOOT_STEPS)
    if not steps or all(step in DUEL_STEPS for step in steps):
        return AbilityFate.APPLIED, ""
    if any(_shield_only(step) for step in steps):
        return AbilityFate.SHIELD_ONLY, ability.kind
    return (
        AbilityFate.MISSING,
        f"its {ability.kind.replace('_', ' ')} ability acts where the duel procedure does not apply it",
    )


def reads_set_up_inputs(card: CardDefinition) -> bool:
    """Whether a duel reads a roll or a count for this card: one of its abilities takes one and the duel applies it.
    A card whose only such ability a duel leaves to a person is not asked for it (ARN-40)."""
    return any(
        ability_in_duel(card, ability)[0] is AbilityFate.APPLIED
        for ability in card.abilities
        if hasattr(ability, "dice") or hasattr(ability, "counting")
    )


def arena_support(card: CardDefinition) -> ArenaSupport:
    """How far the engine plays this card in a duel, and why."""
    if card.type is CardType.SHIELD:
        return ArenaSupport(
            ArenaStatus.AUTOMATED,
            "In a duel a shield cancels one opposing creature (Arena rule 2.3.1) or captures one in a raid (7.2.7); "
            "the engine plays both. Its number and text as a shield of creatures do not apply.",
        )
    if card.type is CardType.STRONGHOLD:
        return ArenaSupport(
            ArenaStatus.SHIELD_ONLY,
            "A stronghold's bonus and text work for a creature defending in it. A duel is fought in the Duel Zone, "
            "where nobody defends a stronghold (Arena rule 5.1.1); the raid duels in which a creature does (7.2.3) are "
            "not played by the engine, so it changes no duel it simulates (site ruling 6.8.8).",
        )
    if card.first(CommandCard) is not None or any(
        rule.must is Restriction.COMMAND for rule in card.abilities_of(PlayRestriction)
    ):
        return ArenaSupport(
            ArenaStatus.NOT_IN_DUELS,
            "It is played only as a command card, and a duel has none: it cannot be played in a duel "
            "(arena.command_card_only).",
        )
    if card.automation is AutomationStatus.NOT_AUTOMATED:
        return ArenaSupport(ArenaStatus.NOT_AUTOMATED, "Not automated in standard combat either.")
    if card.automation is AutomationStatus.OUT_OF_SCOPE:
        return ArenaSupport(ArenaStatus.NO_COMBAT_EFFECT, "It acts outside combat, so it changes no duel.")
    # A text that acts only on the board (the Spires keep flying shields off their space) declares no combat step,
    # which would otherwise read as "applied in duels"; its printed numbers (a terrain's types) still count.
    outside_combat = all(isinstance(ability, OutOfCombat) for ability in card.abilities)
    if card.automation is AutomationStatus.NO_COMBAT_EFFECT or outside_combat:
        return ArenaSupport(
            ArenaStatus.NO_COMBAT_EFFECT, "Nothing in its text changes a duel beyond its printed numbers."
        )
    if card.type in (CardType.STRONGHOLD_UPGRADE, CardType.STRONGHOLD_DOWNGRADE):
        # Wizard's Tower, Sewage Backup: a standard combat takes them as cards in play from before it (earlier=);
        # a duel is fought in the Duel Zone, beside no stronghold card, and its set-up has no place for them.
        return ArenaSupport(
            ArenaStatus.NOT_AUTOMATED,
            "Not automated in duels: it lies on a stronghold card, and a duel is fought in the Duel Zone (Arena rule "
            "5.1.1) with no place in its set-up for a card in play from before it, so its effect is left to the "
            "players (site ruling 6.8.8).",
        )
    if card.type is CardType.ACCESSORY:
        # Gift of Isis: a standard combat takes it as a card in play from before the combat (earlier=). The Arena
        # rules give an accessory no place (Phase I, 4.4.1, and the piles of 4.6.1 name none), and a duel set-up
        # has none, so the engine never applies it in a duel.
        return ArenaSupport(
            ArenaStatus.NOT_AUTOMATED,
            "Not automated in duels: the Arena rules do not say where an accessory lies or whether it is in play "
            "(Phase I, rule 4.4.1, places none), and a duel set-up has no place for one, so its effect is left to "
            "the players (site ruling 6.8.8).",
        )
    if card.type in (CardType.SPELL, CardType.HAND_ITEM):
        fate = stock_fate(card)
        status = {
            StockFate.NOT_AUTOMATED: ArenaStatus.NOT_AUTOMATED,
            StockFate.NO_COMBAT_EFFECT: ArenaStatus.NO_COMBAT_EFFECT,
            StockFate.NO_TARGET: ArenaStatus.SHIELD_ONLY,
            StockFate.COMMAND_ONLY: ArenaStatus.NOT_IN_DUELS,
        }.get(fate, ArenaStatus.AUTOMATED)
        return ArenaSupport(status, stock_reason(card))
    shield_only: list[str] = []
    no_sense: list[str] = []
    missing: list[str] = []
    gathered: dict[AbilityFate, list[str]] = {
        AbilityFate.NO_SENSE: no_sense,
        AbilityFate.MISSING: missing,
        AbilityFate.SHIELD_ONLY: shield_only,
    }
    for ability in card.abilities:
        ability_fate, why = ability_in_duel(card, ability)
        gathered.get(ability_fate, []).append(why)
    if missing:
        return ArenaSupport(ArenaStatus.NOT_AUTOMATED, "Not fully automated in duels: " + "; ".join(missing) + ".")
    if no_sense:
        return ArenaSupport(
            ArenaStatus.SHIELD_ONLY,
            "Its command cannot work in a duel: " + "; ".join(no_sense) + ". A duel that reveals it says so; "
            "the rest of its text carries over.",
        )
    if shield_only:
        whole = len(shield_only) == len(card.abilities)
        return ArenaSupport(
            ArenaStatus.SHIELD_ONLY,
            ("Its text" if whole else "Part of its text")
            + " only makes sense with shields (the command card, the order in which creatures meet or are "
            "announced, control of the space, choosing secondary targets, healing or the points a stack may hold), so it "
            "does nothing in a duel" + ("." if whole else "; the rest carries over."),
        )
    if card.automation is AutomationStatus.PARTIAL:
        return ArenaSupport(ArenaStatus.NOT_AUTOMATED, "Only partly automated, as in standard combat.")
    return ArenaSupport(ArenaStatus.AUTOMATED, "Its text carries over to duels and the engine applies it there too.")


_MISSING = "Not fully automated in duels: "


@dataclass(frozen=True)
class DuelGap:
    """What a duel says of a card taking part that it does not apply in full (Arena rule 6.8.1): the coded
    warning (``card.not_automated`` or ``card.partly_automated``, as a shield combat says it) and its reason."""

    code: str
    reason: str


def duel_gap(card: CardDefinition) -> DuelGap | None:
    """The warning for a card a duel leaves to a person, wholly or in part; None for a card it applies, or one
    with nothing to apply in a duel. Spells and H items are said where they are played (``stock``), and
    command abilities on the reveal (``commands``)."""
    support = arena_support(card)
    if support.status is not ArenaStatus.NOT_AUTOMATED:
        return None
    if card.automation in (AutomationStatus.NOT_AUTOMATED, AutomationStatus.PARTIAL):
        code = "card.not_automated" if card.automation is AutomationStatus.NOT_AUTOMATED else "card.partly_automated"
        return DuelGap(code, (card.automation_reason or "its ability is not modelled yet").rstrip(". "))
    reason = support.reason.removeprefix(_MISSING).rstrip(". ")
    return DuelGap("card.not_automated", f"in a duel, {reason}")
