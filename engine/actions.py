"""The actions of one match-up, in the order the players take them (rule 6.4.4, ruling A-04).

After the terrain step the attacker acts first, then the players alternate, one action a turn,
until both pass in succession. The bribery window (A-01) comes before that and has the same shape:
bribe or pass, attacker first, each bribe giving the other player one more chance (a bribe back).

One action is written ``side:kind[:what]``, the ``what`` in the grammar the per-kind clauses of a
set-up already use (``djinn``, ``guardian*2``, ``gold@archer``, ``power-lunch@kikijub``)::

    m1=a:channel:guardian*1,d:ranged:djinn

``m<N>`` is the clause of primary match-up N. In the JSON form the same list is
``{"m1": ["a:channel:guardian*1", "d:ranged:djinn"]}``. ``format_actions(parse_actions(text)) == text``
for every canonical text. This module only reads and writes actions; ``engine.turns`` plays them.
The names listed in ``__all__`` are kept stable: Guardians Arena rounds use the same model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .enums import BriberyIcon, Side
from .errors import NotationError, Shape
from .setup import CardRef

__all__ = [
    "Action",
    "ActionKind",
    "MatchupActions",
    "Refusal",
    "action_from_text",
    "action_to_text",
    "actions_from_dict",
    "actions_to_dict",
    "format_actions",
    "matchup_key",
    "parse_actions",
]


class ActionKind(str, Enum):
    """What one turn does. The value is the word the notation uses."""

    RANGED = "ranged"  # place a ranged attacker from the combat hand (PRI-9)
    SPELL = "spell"  # cast a spell usable at any time (PRI-2)
    CHANNEL = "channel"  # use one channel source once (PRI-10)
    BRIBE = "bribe"  # bribe the opposing creature in the bribery window (PRI-1)
    BRIBE_BACK = "bribe-back"  # answer a bribe with one of your own
    ITEM = "item"  # use an item card in play
    GUARDIAN = "guardian"  # use the side's Guardian's own ability (issue 31), naming the Guardian card
    PASS = "pass"  # do nothing this turn

    @property
    def in_bribery_window(self) -> bool:
        return self in (ActionKind.BRIBE, ActionKind.BRIBE_BACK)


class Refusal(str, Enum):
    """Why an action is refused: a stable code and the rule it breaks."""

    OUT_OF_TURN = "action.out_of_turn"
    WINDOW_OPEN = "action.bribery_window_open"
    WINDOW_CLOSED = "action.bribery_window_closed"
    NOTHING_TO_BRIBE_BACK = "action.nothing_to_bribe_back"
    NEEDS_SPELL_FIRST = "action.needs_spell_first"
    MATCHUP_ENDED = "action.matchup_ended"
    LOCKED = "action.bribery_locked"
    # Issue 31: an action written between two match-ups (``b<N>``) that is no play of that moment.
    NOT_BETWEEN = "action.not_between_matchups"

    @property
    def rule(self) -> str:
        return _REFUSAL_RULES[self]


_REFUSAL_RULES = {
    Refusal.OUT_OF_TURN: "A-04",
    Refusal.WINDOW_OPEN: "PRI-1",
    Refusal.WINDOW_CLOSED: "A-01",
    Refusal.NOTHING_TO_BRIBE_BACK: "A-01",
    Refusal.NEEDS_SPELL_FIRST: "PRI-10",
    Refusal.MATCHUP_ENDED: "A-04",
    Refusal.LOCKED: "A-12",
    Refusal.NOT_BETWEEN: "ENG-23",
}

_SIDE_LETTER = {Side.ATTACKER: "a", Side.DEFENDER: "d"}
_SIDE_FOR_LETTER = {letter: side for side, letter in _SIDE_LETTER.items()}

_REF = r"[a-z0-9][a-z0-9-]*(?:#[1-9][0-9]*)?"
_CARD = re.compile(rf"^(?P<card>{_REF})(?:\*(?P<amount>[1-9][0-9]*))?(?:@(?P<target>{_REF}))?$")
_KEY = re.compile(r"^m([1-9][0-9]*)$")


@dataclass(frozen=True)
class Action:
    """One turn of one player.

    ``card`` is the ranged creature, the spell, the channel source (``guardian`` or a channeller)
    or the item; ``icon`` the bribery card of a bribe or bribe back; ``target`` the creature aimed
    at, if not the default one (the facing creature for a bribe, your own for channelling);
    ``amount`` the stones spent by one Guardian channel."""

    side: Side
    kind: ActionKind
    card: CardRef | None = None
    icon: BriberyIcon | None = None
    target: CardRef | None = None
    amount: int = 1

    def __post_init__(self) -> None:
        needs_icon = self.kind.in_bribery_window
        if needs_icon != (self.icon is not None):
            raise ValueError(f"a {self.kind.value} action {'needs' if needs_icon else 'takes no'} bribery card")
        needs_card = self.kind in (
            ActionKind.RANGED,
            ActionKind.SPELL,
            ActionKind.CHANNEL,
            ActionKind.ITEM,
            ActionKind.GUARDIAN,
        )
        if needs_card != (self.card is not None):
            raise ValueError(f"a {self.kind.value} action {'needs' if needs_card else 'takes no'} card")
        if self.amount < 1 or (self.amount != 1 and self.kind is not ActionKind.CHANNEL):
            raise ValueError("only a channel action spends more than one (guardian*2)")
        if self.kind is ActionKind.PASS and self.target is not None:
            raise ValueError("a pass has no target")

    def __str__(self) -> str:
        return action_to_text(self)


@dataclass(frozen=True)
class MatchupActions:
    """The actions of primary match-up ``round``, in the order they are taken."""

    round: int
    actions: tuple[Action, ...]

    @property
    def key(self) -> str:
        return matchup_key(self.round)

    def by(self, side: Side) -> tuple[Action, ...]:
        return tuple(action for action in self.actions if action.side is side)


def matchup_key(round_number: int) -> str:
    return f"m{round_number}"


def action_to_text(action: Action) -> str:
    head = f"{_SIDE_LETTER[action.side]}:{action.kind.value}"
    if action.kind is ActionKind.PASS:
        return head
    what = action.icon.value if action.icon is not None else str(action.card)
    if action.amount != 1:
        what += f"*{action.amount}"
    if action.target is not None:
        what += f"@{action.target}"
    return f"{head}:{what}"


ACTION_EXAMPLES = (
    "a:channel:guardian*1, d:ranged:djinn, a:bribe:gold@archer, d:bribe-back:beer, a:spell:power-lunch, "
    "a:item:slug, d:guardian:siin-stealer-of-the-power or a:pass"
)


def action_from_text(text: str, where: str = "action", position: int = -1) -> Action:
    def fail(why: str) -> NotationError:
        return NotationError.of(
            "bad_action",
            code="notation.bad_action",
            position=position,
            clause=where,
            item=text,
            reason=f"{text!r} {why}",
            expected=Shape.ACTION,
            example=ACTION_EXAMPLES,
        )

    letter, _, rest = text.partition(":")
    side = _SIDE_FOR_LETTER.get(letter)
    if side is None:
        raise fail("does not start with a: or d:")
    word, _, what = rest.partition(":")
    try:
        kind = ActionKind(word)
    except ValueError:
        raise fail(f"has no action kind {word!r} (" + ", ".join(k.value for k in ActionKind) + ")") from None
    if kind is ActionKind.PASS:
        if what:
            raise fail("is a pass, which names nothing")
        return Action(side, kind)
    match = _CARD.match(what)
    if match is None:
        raise fail("does not name a card")
    icon: BriberyIcon | None = None
    card: CardRef | None = None
    if kind.in_bribery_window:
        try:
            icon = BriberyIcon(match["card"])
        except ValueError:
            raise fail(f"bribes with {match['card']!r}, not babes, gold or beer") from None
    else:
        card = CardRef(match["card"])
    try:
        return Action(
            side,
            kind,
            card=card,
            icon=icon,
            target=CardRef(match["target"]) if match["target"] else None,
            amount=int(match["amount"] or 1),
        )
    except ValueError as exc:
        raise fail(str(exc)) from None


def parse_actions(key: str, value: str, position: int = -1) -> MatchupActions:
    """Read one ``m<N>=...`` clause (key and value apart, as the set-up notation splits them)."""
    match = _KEY.match(key)
    if match is None:
        raise NotationError.of("not_a_matchup", code="notation.unknown_key", position=position, clause=key)
    actions = tuple(action_from_text(item, key, position) for item in value.split(","))
    return MatchupActions(int(match[1]), actions)


def format_actions(matchup: MatchupActions) -> str:
    """The clause's value (without ``m<N>=``)."""
    return ",".join(action_to_text(action) for action in matchup.actions)


def actions_to_dict(matchups: Iterable[MatchupActions]) -> dict[str, list[str]]:
    return {matchup.key: [action_to_text(a) for a in matchup.actions] for matchup in matchups}


def actions_from_dict(data: Any) -> tuple[MatchupActions, ...]:
    """The JSON form: ``{"m1": ["a:channel:guardian", "d:pass"], ...}``, in match-up order."""
    if not isinstance(data, Mapping):
        raise NotationError('actions must be an object such as {"m1": ["a:pass"]}', code="json.bad_value")
    matchups = []
    for key, value in data.items():
        if not isinstance(key, str) or not isinstance(value, list) or not value:
            raise NotationError(f"actions.{key} must be a non-empty list of strings", code="json.bad_value")
        if not all(isinstance(item, str) for item in value):
            raise NotationError(f"actions.{key} must be a list of strings", code="json.bad_value")
        matchups.append(parse_actions(key, ",".join(value)))
    return tuple(sorted(matchups, key=lambda matchup: matchup.round))
