"""What a spell or H item played from the Stock does in a duel (Arena rules 6.3.2b and 6.6.1c).

One table serves the duel (``rounds.RoundPlay``) and the card pages (``support``), so both say the
same. A Stock card's abilities carry over from shield combat where a duel has what they act on:

- cancels (Dispel Magic: the opposing spell or item played just before it, in either round);
- answers a bribe (the Shadow heists), through the shared answer when the bribe lands;
- changes the battle's state (destroys the terrain, destroys both creatures, changes a class,
  changes Power Stones) through the shared ``cast``;
- puts a lasting bonus in play (an H item such as the Anvil of Heaviness), counted at the round's end;
- acts on ranged attacks or channelling (Power Lunch, Channeling Flux, the answers to a shot or a
  channel): only in the primary round, since the secondary round has neither (6.6.1);
- decides a primary match-up by a roll (Summon Entropy Storm): a roll that destroys its own duellist
  ends the duel, since a duellist destroyed by a card leaves the Duel Zone (6.4.3); a winning roll wins
  the primary round, the duel's one primary match-up, and leaves the duel to the secondary round (site
  ruling 6.8.5); the secondary round is no primary match-up, so there it does nothing.

A card played only as a command card cannot be played at all, since a duel has no command card.
Any other kind is not automated in a duel and says so.
"""

from __future__ import annotations

from enum import Enum

from ..abilities import (
    AllowChannelling,
    BribeCounter,
    ChannelReaction,
    ClassChoice,
    CommandCard,
    DestroyMatchup,
    DestroyTerrain,
    Dispel,
    ForbidsChannelling,
    GuardianCmp,
    LastingAttackBonus,
    OutOfCombat,
    RangedReaction,
    RolledOutcome,
    Stones,
)
from ..cards import CardDefinition
from ..enums import AutomationStatus


class StockFate(str, Enum):
    COMMAND_ONLY = "command_card_only"
    CANCELS = "cancels"
    ANSWERS_BRIBE = "answers_bribe"
    CAST = "cast"
    IN_PLAY = "in_play"
    NO_TARGET = "no_target"
    PRIMARY_ONLY = "primary_only"
    DECIDES_PRIMARY = "decides_primary"
    NO_COMBAT_EFFECT = "no_combat_effect"
    NOT_AUTOMATED = "not_automated"


PRIMARY_ONLY_KINDS = (AllowChannelling, GuardianCmp, RangedReaction, ChannelReaction)
CAST_KINDS = (DestroyTerrain, DestroyMatchup, ClassChoice, Stones)


def stock_fate(card: CardDefinition) -> StockFate:
    """How a duel treats this spell or H item when it is played from the Stock."""
    if card.first(CommandCard) is not None:
        return StockFate.COMMAND_ONLY
    # Not modelled in a shield combat either: the duel names it as the card page does, rather than calling text
    # it cannot judge harmless. A card laid on the board before the fight (Monolith of Power) is no play of a
    # round, and a duel has no board around it: the same.
    if card.automation is AutomationStatus.NOT_AUTOMATED or laid_on_the_board(card):
        return StockFate.NOT_AUTOMATED
    if card.first(Dispel) is not None:
        return StockFate.CANCELS
    if card.first(BribeCounter) is not None:
        return StockFate.ANSWERS_BRIBE
    lasting = card.first(LastingAttackBonus)
    if lasting is not None:
        # A duel is fought in the Duel Zone: nobody defends a stronghold there (raid duels aside).
        return StockFate.NO_TARGET if lasting.against.defending_in_stronghold else StockFate.IN_PLAY
    if card.first(RolledOutcome) is not None:
        return StockFate.DECIDES_PRIMARY
    if any(card.first(kind) is not None for kind in PRIMARY_ONLY_KINDS):
        return StockFate.PRIMARY_ONLY
    if any(card.first(kind) is not None for kind in CAST_KINDS):
        return StockFate.CAST
    if card.abilities and all(isinstance(ability, OutOfCombat) for ability in card.abilities):
        return StockFate.NO_COMBAT_EFFECT
    return StockFate.NOT_AUTOMATED


def laid_on_the_board(card: CardDefinition) -> bool:
    """A card whose combat text comes from being laid on the board before the fight (its ``placed_before`` ban)."""
    return any(rule.placed_before for rule in card.abilities_of(ForbidsChannelling))


def shared_code_reads(card: CardDefinition, secondary: bool = False) -> bool:
    """Whether the shared procedure must find this card among the derived set-up's spells of a round (it casts
    it, or answers a bribe with it); a card the duel does not apply there is kept out, so nothing plays it and
    the set-up is not asked for its roll."""
    fate = stock_fate(card)
    if secondary and fate is StockFate.DECIDES_PRIMARY:
        return False
    return fate not in (StockFate.NOT_AUTOMATED, StockFate.NO_COMBAT_EFFECT, StockFate.COMMAND_ONLY)


def stock_reason(card: CardDefinition) -> str:
    """The card page's sentence for a spell or H item in a duel."""
    if laid_on_the_board(card):
        return (
            "It is laid on the board at the start of a turn and bars channelling within one space of it; a duel has "
            "no board around it and its set-up no card laid before it, so played in a duel it is not automated: the "
            "engine leaves it out of the totals and says so."
        )
    return {
        StockFate.COMMAND_ONLY: "It is played only as a command card, and a duel has none, so it cannot be played "
        "in a duel: written among a round's actions, it stays in the Stock.",
        StockFate.CANCELS: "Played from the Stock in either round, it cancels the opposing spell or item played "
        "just before it.",
        StockFate.ANSWERS_BRIBE: "It answers an opposing bribe in either round when it is written among the "
        "actions at or before the bribe's turn, as it does in a shield combat.",
        StockFate.CAST: "Played from the Stock in either round, it does what it does in a shield combat.",
        StockFate.IN_PLAY: "Played from the Stock, its bonus counts at the end of the round it is played in.",
        StockFate.NO_TARGET: "Its bonus is against creatures defending a stronghold, and nobody defends one in the "
        "Duel Zone: played in a duel it does nothing.",
        StockFate.PRIMARY_ONLY: "It acts on ranged attacks or channelling, so it works in the primary round only; "
        "played in the secondary round it has no effect.",
        StockFate.DECIDES_PRIMARY: "Cast on its own duellist in the primary round, its roll comes from the "
        "set-up. A roll that destroys the duellist takes it out of the Duel Zone, so the other wins the duel (Arena "
        "rule 6.4.3). A winning roll wins the primary round, the duel's one primary match-up: the duellist takes the "
        "upper hand, nothing more changes that round, and the secondary round still decides the duel (site ruling "
        "6.8.5). The secondary round is no primary match-up: played there, it does nothing.",
        StockFate.NO_COMBAT_EFFECT: "It acts outside combat, so it changes no duel.",
        StockFate.NOT_AUTOMATED: "Played in a duel it is not automated: the engine leaves it out of the totals and "
        "says so.",
    }[stock_fate(card)]
