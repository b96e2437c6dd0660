"""What becomes of a duellist's command abilities in a duel (Arena rules 6.3.1 and 6.7.1).

A duel has no command step: a command works as soon as its creature is revealed, for both rounds.
Each kind of command ability falls in one of three groups, and the card pages (``support``) and the
duel itself (``duel.Duel.commands_on_reveal``) read the same table, so they cannot disagree:

- applied: the engine performs it in the duel;
- no sense in a duel: the text acts on something a duel does not have (match-up picks, a play
  order, command cards, a space to hold); the duel says so with ``arena.command_no_effect``;
- not automated: it could change a duel, but the duel set-up has no input for it yet or the engine
  does not perform it there; the duel says so with ``arena.command_not_automated``.
"""

from __future__ import annotations

from enum import Enum

from ..abilities import (
    Ability,
    Aoe,
    CommandAnnouncement,
    CommandBonus,
    CommandFight,
    CommandPlayFirst,
    CommandRelocates,
    CommandSideline,
    CommandTerrain,
    ForbidsCasting,
    ForcedFirstAnswer,
    PlayRestriction,
    StealsCommand,
    StoneBid,
    Undispellable,
)
from ..enums import Timing


class CommandFate(str, Enum):
    APPLIED = "applied"
    NO_SENSE = "no_sense"
    NOT_AUTOMATED = "not_automated"


_NO_SENSE: dict[type[Ability], str] = {
    CommandAnnouncement: "it makes the opponent declare or show something before creatures are picked or laid, "
    "and a duel has no picks: both duellists enter face down before any command acts",
    CommandPlayFirst: "it sets the order in which the opponent plays creatures, and a duel has one creature a side",
    ForcedFirstAnswer: "it sets who lays the first match-up creature, and a duel has no match-up order",
    CommandRelocates: "it moves the combat to another space, and a duel is always fought in the Duel Zone",
    CommandFight: "it fights the opposing command card, and a duel has no command cards",
    StealsCommand: "it takes over the opposing command card, and a duel has no command cards",
    StoneBid: "it bids for control of the space, and a duel has no space to hold",
    PlayRestriction: "it may be played only as a command card, and a duel has no command cards",
}


def command_fate(ability: Ability) -> tuple[CommandFate, str]:
    """How a duel treats one command ability of its duellist, and why (empty for an applied one)."""
    if isinstance(ability, Aoe) and ability.timing is Timing.COMMAND:
        return (
            CommandFate.NO_SENSE,
            "its AOE strikes the opposing hand when the command acts, and a duellist's opponent holds no creature "
            "then (the pen joins the hand only in the secondary round); played as a secondary attacker, it strikes",
        )
    if isinstance(ability, (CommandBonus, CommandTerrain, Aoe, Undispellable, ForbidsCasting)):
        return CommandFate.APPLIED, ""
    if isinstance(ability, CommandSideline):
        if ability.picked:
            return (
                CommandFate.NO_SENSE,
                "it sets the card itself aside, and in a duel that card is the duellist already fighting",
            )
        return CommandFate.APPLIED, ""
    for kind, why in _NO_SENSE.items():
        if isinstance(ability, kind):
            return CommandFate.NO_SENSE, why
    return (
        CommandFate.NOT_AUTOMATED,
        f"its {ability.kind.replace('_', ' ')} ability could change a duel, but the engine does not apply it in duels "
        "yet; apply it by hand",
    )


def is_command_ability(ability: Ability) -> bool:
    """An ability that works through its creature's command: in a duel, on being revealed."""
    return "CMD-4" in ability.steps or type(ability).__name__.startswith("Command")
