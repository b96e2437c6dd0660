"""The board's order of actions: one editable list per match-up row, written as the notation's ``m<N>=``.

A row's list lives in one plain text field (``m2-actions``, the clause's value), so the board works without
JavaScript and a set-up read back fills the same field. The list the page draws over it (add an action,
move it, remove it) is a set of submit buttons named ``act``: ``edit_actions`` applies one of them to the
form data, on the server, for the no-JavaScript page and for the script's redraw alike. The choices an
added action may name come from what the row offers (``combat.board``); this module only reads, labels and
edits the list.

The add control comes in two forms. With JavaScript, three selects (who, does, with) that the page redraws
as each changes (``m2-add``). Without it a change redraws nothing, so a choice of side or kind could not
update the third select: the page offers instead one select of every action either side may add next,
grouped by side (``m2-add-action``, added by ``m2-add-chosen``), which needs no redraw to be right.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from combat.picks import Option, Pick
from engine.actions import ActionKind, action_from_text
from engine.enums import Side
from engine.errors import NotationError, Problem
from engine.turns import TurnState
from engine.turns import turn_state as engine_turn_state

ACTIONS_FIELD = re.compile(r"^m(?P<round>[1-9][0-9]?)-actions$")
ADD_FIELD = re.compile(r"^m(?P<round>[1-9][0-9]?)-add-(?:side|kind|what|action)$")
_ACT = re.compile(
    r"^m(?P<round>[1-9][0-9]?)-(?:(?P<add>add)|(?P<chosen>add-chosen)|(?P<clear>clear)"
    r"|(?P<index>[0-9]{1,2})-(?P<edit>up|down|remove))$"
)
SIDE_WORDS = {"a": "attacker", "d": "defender"}
# The kinds in the order the add control offers them: the bribery window first (rule 6.4.4).
KIND_WORDS = {
    ActionKind.BRIBE.value: "Bribe",
    ActionKind.BRIBE_BACK.value: "Bribe back",
    ActionKind.RANGED.value: "Place a ranged supporter",
    ActionKind.SPELL.value: "Cast a spell",
    ActionKind.CHANNEL.value: "Channel",
    ActionKind.ITEM.value: "Use an item",
    ActionKind.GUARDIAN.value: "Use the Guardian's own ability",
    ActionKind.PASS.value: "Pass",
}
TEXT_HELP = (
    "The same list as text, one action per turn joined by commas, the attacker first: "
    "a:channel:guardian*1,d:ranged:djinn,a:pass,d:pass. Kinds: bribe, bribe-back, ranged, spell, channel, "
    "item, guardian (the Guardian's own ability, naming its card), pass; a: is the attacker, d: the defender."
)


def actions_name(number: int) -> str:
    return f"m{number}-actions"


def listed(values: Mapping[str, Any], number: int) -> list[str]:
    """The row's actions as written, one string each ('' for none)."""
    text = re.sub(r"\s+", "", str(values.get(actions_name(number), "") or ""))
    return [item for item in text.split(",") if item]


def menu_name(number: int) -> str:
    """The one select of the add control drawn without JavaScript."""
    return f"m{number}-add-action"


def action_text(letter: str, kind: str, what: str) -> str:
    """One action as the list writes it: ``a:channel:guardian*2``, ``d:pass``."""
    return f"{letter}:{kind}" + (f":{what}" if kind != "pass" else "")


def split_item(text: str) -> tuple[str, str, str]:
    """``a:channel:guardian*2`` as (side letter, kind, what); parts that are missing come back ''."""
    letter, _, rest = text.partition(":")
    kind, _, what = rest.partition(":")
    return letter, kind, what


def board_action_clauses(values: Mapping[str, Any]) -> list[str]:
    """The ``m<N>=`` clauses of the rows that have a list; a row without one writes none, so a set-up
    made only with the picks keeps its per-kind clauses (and its permalink)."""
    clauses = []
    for name in sorted(values, key=lambda name: (len(name), name)):
        found = ACTIONS_FIELD.match(name)
        items = listed(values, int(found["round"])) if found else []
        if found and items:
            clauses.append(f"m{found['round']}=" + ",".join(items))
    return clauses


def row_problems(problems: Iterable[Problem]) -> dict[int, str]:
    """Notation problems of the lists, by row: the engine names the match-up of the clause at fault
    (``values["round"]``) and says what is wrong without the clause (``detail``)."""
    errors: dict[int, str] = {}
    for problem in problems:
        number = problem.values.get("round", "")
        if number.isdigit() and problem.code.startswith("notation."):
            errors.setdefault(int(number), problem.detail or problem.message)
    return errors


def item_problem(text: str) -> str:
    """Why one listed action cannot be read (without the shapes an action may have), '' when it can."""
    try:
        action_from_text(text)
    except NotationError as exc:
        return exc.reason or exc.message
    return ""


LETTERS = {Side.ATTACKER: "a", Side.DEFENDER: "d"}


def turn_state(items: list[str]) -> TurnState:
    """Where the row's list stands, as the engine's referee plays it (``engine.turns.turn_state``); an action
    that cannot be read is left out, as the engine would refuse the whole list for it."""
    readable = []
    for item in items:
        try:
            readable.append(action_from_text(item))
        except NotationError:
            continue
    return engine_turn_state(readable)


def next_side(items: list[str]) -> str:
    """Whose turn the next action is: the attacker opens, then the players alternate."""
    return LETTERS[turn_state(items).turn]


@dataclass(frozen=True)
class ActionItem:
    index: int
    text: str
    label: str
    side_name: str
    problem: str = ""
    # What the action does, without who does it (the label is "<Who>: <deed>").
    deed: str = ""


@dataclass(frozen=True)
class ActionGroup:
    """One side's actions in the add control drawn without JavaScript (an optgroup)."""

    label: str
    # The action as the list writes it, and in words.
    options: tuple[Option, ...]


@dataclass
class ActionList:
    """A row's list as the board draws it, and the controls that add to it."""

    number: int
    text: str
    items: list[ActionItem] = field(default_factory=list)
    error: str = ""
    # The add control's three selects, the third absent for a pass.
    adders: list[Pick] = field(default_factory=list)
    # The add control without JavaScript: every action either side may add next, and the one selected.
    menu: list[ActionGroup] = field(default_factory=list)
    chosen: str = ""
    # Why nothing can be added (the match-up is over), in words.
    closed: str = ""

    @property
    def name(self) -> str:
        return actions_name(self.number)

    @property
    def id(self) -> str:
        return "id_" + self.name

    @property
    def menu_name(self) -> str:
        return menu_name(self.number)

    @property
    def menu_id(self) -> str:
        return "id_" + self.menu_name

    @property
    def last(self) -> int:
        return len(self.items) - 1

    @property
    def help(self) -> str:
        return TEXT_HELP

    def offers(self, kind: str, what: str) -> bool:
        """Whether the add control, as drawn for the side and kind it was sent with, offers this action."""
        kinds = self.adders[1].options if len(self.adders) > 1 else ()
        if not any(option.value == kind for option in kinds):
            return False
        choices = self.adders[2].options if len(self.adders) > 2 else ()
        return kind == "pass" or any(option.value == what for option in choices)

    def offers_action(self, text: str) -> bool:
        """Whether the add control drawn without JavaScript offers this action (``d:ranged:djinn``)."""
        return any(option.value == text for group in self.menu for option in group.options)


def added_round(act: str) -> int:
    """The row an add button (``m<N>-add``, ``m<N>-add-chosen``) adds to, 0 for any other button."""
    found = _ACT.match(act)
    return int(found["round"]) if found and (found["add"] or found["chosen"]) else 0


def added_action(data: Mapping[str, Any], act: str) -> tuple[str, str, str]:
    """What an add button adds, as (side letter, kind, what): read from the one select for ``m<N>-add-chosen``,
    from the three selects for ``m<N>-add`` (the side defaulting to whose turn it is)."""
    found = _ACT.match(act)
    if found is None:
        return "", "", ""
    number = int(found["round"])
    if found["chosen"]:
        return split_item(str(data.get(menu_name(number)) or ""))
    letter = str(data.get(f"m{number}-add-side") or next_side(listed(data, number)))
    kind = str(data.get(f"m{number}-add-kind") or "")
    what = str(data.get(f"m{number}-add-what") or "")
    return letter, kind, what


def offered(actions: ActionList, data: Mapping[str, Any], act: str) -> bool:
    """Whether the row, as drawn, offers what an add button sends: a stale third select (the page drawn for
    another side or kind) is not added."""
    letter, kind, what = added_action(data, act)
    found = _ACT.match(act)
    if found is not None and found["chosen"]:
        return actions.offers_action(action_text(letter, kind, what))
    return actions.offers(kind, what)


def edit_actions(
    data: Mapping[str, Any], act: str, seed: Callable[[Mapping[str, Any], int], tuple[list[str], list[str]]]
) -> dict[str, Any] | None:
    """The form data after one press of a list button (``m1-add``, ``m1-2-up``, ``m1-0-remove``, ``m1-clear``).

    ``seed(data, number)`` gives, for a row whose list is still empty, the actions its picks stand for and
    the pick fields they come from: the first added action keeps what the row already held, in turn order,
    and the picks make way for the list (the engine plays a listed row from its list alone)."""
    found = _ACT.match(act)
    if found is None:
        return None
    number = int(found["round"])
    changed = {name: data.get(name) for name in data}
    items = listed(data, number)
    if found["clear"]:
        items = []
    elif found["add"] or found["chosen"]:
        letter, kind, what = added_action(data, act)
        if letter not in SIDE_WORDS or kind not in KIND_WORDS or (kind != "pass" and not what):
            return changed
        if not items:
            items, spent = seed(data, number)
            for name in spent:
                changed.pop(name, None)
        items.append(action_text(letter, kind, what))
    else:
        index = int(found["index"])
        if not 0 <= index < len(items):
            return changed
        if found["edit"] == "remove":
            del items[index]
        else:
            target = index + (-1 if found["edit"] == "up" else 1)
            if 0 <= target < len(items):
                items[index], items[target] = items[target], items[index]
    changed[actions_name(number)] = ",".join(items)
    for part in ("side", "kind", "what", "action"):
        changed.pop(f"m{number}-add-{part}", None)  # the add control starts again from whose turn it is
    return changed


def interleave(attacker: list[str], defender: list[str], window: list[str]) -> list[str]:
    """Turn-ordered actions from per-side lists: the bribes first (the window closed by two passes), then the
    attacker and the defender in turn, a pass standing in for a side with nothing left to do."""
    ordered = list(window)
    if window:
        last = split_item(window[-1])[0]
        ordered += [f"{'d' if last == 'a' else 'a'}:pass", f"{last}:pass"]
    for index in range(max(len(attacker), len(defender))):
        ordered.append(attacker[index] if index < len(attacker) else "a:pass")
        ordered.append(defender[index] if index < len(defender) else "d:pass")
    if len(ordered) >= 2 and split_item(ordered[-1])[1] == "pass" and split_item(ordered[-2])[1] != "pass":
        ordered.pop()  # a lone pass at the end adds nothing: the end of the list ends the match-up
    return ordered
