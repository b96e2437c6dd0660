"""The duel form's action builder: each round's actions picked from lists, written into the notation fields.

A round's actions live in the form's plain text field (``p``, ``s``: the notation's clause values), so the
form works without JavaScript and a duel read back (a reload, a permalink, "Change this duel") fills the
same field, and the builder is drawn from it. The builder offers only what is legal at the end of the list
as written: the side whose turn it is (Arena rules 6.3.2 and 6.6.1), the kinds of action the round allows,
and the cards that side's duel set-up still holds (a Stock card played once is gone, across both rounds;
a pen card is played once; a stronghold's creature shoots or channels once), and whom each may be aimed
at as the engine's check allows it (``engine.arena.validate``: an opposing creature in the battle for a bribe
or a shield, the opposing duellist for a ranged attack, the side's own duellist or shot for a channel).

Its buttons are submit buttons named ``act`` (``p-add``, ``s-2-remove`` ...): ``edited`` applies one to the
form data on the server, for the page without JavaScript and for the script's redraw alike, as the shield
combat's order of actions does (``combat.board_actions``). With JavaScript the add control is four selects
(who, does, which card, aimed at) redrawn by the server as each changes; without it, one select of every
action that may come next, which needs no redraw to be right.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from combat.duel_words import action_words, bribery_words, card_catalog, card_words, stones_words
from combat.duels import made_up_clauses, set_up_clauses
from combat.picks import Option, Pick
from engine.arena import ArenaSetup, parse_duel
from engine.arena.notation import round_action
from engine.arena.setup import RoundAction
from engine.catalog import CardCatalog
from engine.enums import Side
from engine.errors import NotationError
from engine.options import ActionOption, Reason, Turn, duel_options

ROUNDS = {"p": "primary", "s": "secondary"}
ROUND_TITLES = {"p": "Primary round", "s": "Secondary round"}
SIDE_LETTERS = {Side.ATTACKER: "a", Side.DEFENDER: "d"}
LETTER_SIDES = {letter: side for side, letter in SIDE_LETTERS.items()}
SIDE_WORDS = {"a": "Attacker", "d": "Defender"}
# The kinds in the order the builder offers them, each in plain words.
KIND_WORDS = {
    "spell": "Cast a spell from the Stock",
    "item": "Use an H item from the Stock",
    "bribe": "Bribe an opposing creature",
    "bribe-back": "Bribe back (answer the bribe just made)",
    "ranged": "Ranged attack by a creature under a stronghold",
    "channel": "Channel Power Stones or a channeller",
    "creature": "Send a creature from the Creature Pen in as a secondary attacker",
    "shield": "Play a shield from the Creature Pen",
    "pass": "Pass",
}
PRIMARY_ONLY = frozenset({"ranged", "channel"})
SECONDARY_ONLY = frozenset({"creature", "shield"})
_ACT = re.compile(
    r"^(?P<round>[ps])-(?:(?P<add>add)|(?P<chosen>add-chosen)|(?P<clear>clear)"
    r"|(?P<index>[0-9]{1,2})-(?P<edit>up|down|remove))$"
)
ADD_PARTS = ("side", "kind", "what", "target", "action")
# The form's fields the builder reads: the set-up's and the rounds'; its own selects are named "<round>-add-*".
MAX_ACTIONS = 40
GUARDIAN = "guardian"


@dataclass(frozen=True)
class LegalAction:
    """One action the builder offers next: its parts as the notation writes them, and in words."""

    letter: str
    kind: str
    what: str
    what_label: str
    target: str
    target_label: str
    words: str

    @property
    def text(self) -> str:
        head = f"{self.letter}:{self.kind}"
        if self.kind == "pass":
            return head
        return f"{head}:{self.what}" + (f"@{self.target}" if self.target else "")


@dataclass(frozen=True)
class ListedAction:
    index: int
    text: str
    words: str
    problem: str = ""


@dataclass
class RoundBuilder:
    key: str
    title: str
    text: str
    items: list[ListedAction] = field(default_factory=list)
    picks: list[Pick] = field(default_factory=list)
    menu: list[tuple[str, list[Option]]] = field(default_factory=list)
    chosen: str = ""
    # Why nothing can be added, said when the round is over or has not its turn order yet.
    closed: str = ""
    turn_note: str = ""

    @property
    def name(self) -> str:
        return self.key

    @property
    def has_problem(self) -> bool:
        return any(item.problem for item in self.items)


def picks_of(data: Mapping[str, Any]) -> dict[str, str]:
    """The builder's own selects among submitted data (``p-add-kind``, ``s-add-action`` ...)."""
    return {
        name: str(data.get(name) or "")
        for name in data
        if any(name == f"{key}-add-{part}" for key in ROUNDS for part in ADD_PARTS)
    }


def listed(values: Mapping[str, Any], key: str) -> list[str]:
    """A round's actions as written, one string each."""
    text = re.sub(r"\s+", "", str(values.get(key, "") or ""))
    return [item for item in text.split(",") if item]


# ---------------------------------------------------------------- the set-up as far as it reads


def draft(values: Mapping[str, Any], catalog: CardCatalog) -> ArenaSetup:
    """The duel as the form holds it, each field read on its own: a field that cannot be read is left out, so
    one typing slip does not empty the builder's lists (the form's check names that field)."""
    readable = []
    try:
        readable += made_up_clauses(str(values.get("made_up", "") or ""))
    except NotationError:
        pass
    for clause in set_up_clauses(values, catalog):
        try:
            parse_duel("ruleset=arena " + clause)
        except NotationError:
            continue
        readable.append(clause)
    try:
        setup = parse_duel(" ".join(["ruleset=arena", *readable]))
    except NotationError:
        setup = ArenaSetup()
    return replace(setup, primary=_readable(listed(values, "p"), "p"), secondary=_readable(listed(values, "s"), "s"))


def _readable(items: Iterable[str], key: str) -> tuple[RoundAction, ...]:
    found = []
    for item in items:
        try:
            found.append(round_action(item, key))
        except NotationError:
            continue
    return tuple(found)


def action_item_problem(text: str, key: str) -> str:
    """Why one written action cannot be read, '' when it can."""
    try:
        round_action(text, key)
    except NotationError as exc:
        return exc.reason or exc.message
    return ""


# ---------------------------------------------------------------- the builder as drawn


def _pick_value(values: Mapping[str, Any], name: str, options: tuple[Option, ...]) -> str:
    wanted = str(values.get(name, "") or "")
    return wanted if any(option.value == wanted for option in options) else (options[0].value if options else "")


def _legal(option: ActionOption, catalog: CardCatalog, setup: ArenaSetup) -> LegalAction:
    """An action the engine offers, split for the four selects: its card and whom it is aimed at, each in words."""
    letter, kind, rest = (option.item.split(":", 2) + ["", ""])[:3]
    what, _, target = rest.partition("@")
    if option.icon is not None:
        what_label = bribery_words(catalog, option.icon)
    elif option.card == GUARDIAN:
        what_label = f"The Guardian: {stones_words(option.amount)}"
    elif option.card is not None:
        what_label = card_words(catalog, option.card)
    else:
        what_label = ""
    target_label = _named_target(kind, target, setup, option.side, catalog) if target else _usual_target(
        kind, setup, option.side, catalog
    )
    return LegalAction(letter, kind, what, what_label, target, target_label, option.words)


def _named_target(kind: str, target: str, setup: ArenaSetup, side: Side, catalog: CardCatalog) -> str:
    name = card_words(catalog, target)
    if kind == "channel":
        return f"{name}'s ranged attack (yours: its shot takes channelling)"
    if target in (str(ref) for ref in setup.side(side).duellists):
        return f"{name} (yours)"
    if target in (str(ref) for ref in setup.side(side.other).duellists):
        return f"{name} (the opponent's)"
    return name


def _usual_target(kind: str, setup: ArenaSetup, side: Side, catalog: CardCatalog) -> str:
    """Whom an action with no creature named reaches, said in the target select (no choice left to the notation)."""
    own, theirs = setup.side(side).duellists, setup.side(side.other).duellists
    other = card_words(catalog, str(theirs[0])) if theirs else "the opposing duellist"
    if kind in ("spell", "item"):
        return "No creature named: the card's usual one"
    if kind == "ranged":
        return f"{other}, the opposing duellist (the only creature a ranged attack fires at)"
    if kind == "channel":
        return f"{card_words(catalog, str(own[0])) if own else 'The duellist'}, your duellist"
    if kind in ("bribe", "creature", "shield"):
        return f"{other}, the opposing duellist"
    return ""


# Why a round offers nothing more, by the engine's reason code.
_CLOSED = {
    "arena.after_round_end": "Both players have passed in succession, so the round is over. Remove a pass to add more.",
    "options.round_over": "Both players have passed in succession, so the round is over. Remove a pass to add more.",
    "options.duel_over": "A duellist leaves the Duel Zone in the primary round, which ends the duel: actions written "
    "here are not taken.",
}
# Who opens the round and why, by the engine's reason code.
_OPENS = {
    "options.primary_first": "The attacker acts first; then the players take turns until both pass in succession.",
    "options.secondary_first_tie": "The primary round was a tie, so the attacker acts first.",
    "options.secondary_first_beaten": "The {side} was beaten in the primary round, so acts first.",
    "options.first_unknown": "The player beaten in the primary round acts first (after a tie, the attacker). The "
    "primary round cannot be played yet, so both players are offered.",
    "options.duel_over": _CLOSED["options.duel_over"],
}


def _said(reason: Reason | None, table: Mapping[str, str]) -> str:
    if reason is None:
        return ""
    template = table.get(reason.code)
    if template is not None:
        return template.format(**reason.value_map)
    words = reason.words
    return words[:1].upper() + words[1:] + "."


def round_builder(values: Mapping[str, Any], key: str, setup: ArenaSetup, catalog: CardCatalog, turn: Turn) -> RoundBuilder:
    """One round's list in words and the controls that add to it, offering what the engine offers next (``turn``);
    ``catalog`` knows the duel's made-up cards."""
    written = listed(values, key)
    # The field keeps what was typed, spaces and all: the form loses nothing it was sent.
    builder = RoundBuilder(key, ROUND_TITLES[key], str(values.get(key, "") or ""))
    for index, text in enumerate(written):
        problem = action_item_problem(text, key)
        words = "" if problem else action_words(round_action(text, key), catalog)
        builder.items.append(ListedAction(index, text, words or text, problem))
    actions = setup.primary if key == "p" else setup.secondary
    if len(actions) != len(written):
        builder.closed = "An action above cannot be read: correct it in the text field or remove it to add more."
        return builder
    if not turn.ended:
        builder.turn_note = _said(turn.reason, _OPENS)
    if turn.ended or not turn.actions:
        builder.closed = _said(turn.reason, _CLOSED)
        return builder
    if len(written) >= MAX_ACTIONS:
        builder.closed = f"A round of {MAX_ACTIONS} actions is as long as the builder goes."
        return builder
    sides = [side for side in (Side.ATTACKER, Side.DEFENDER) if any(o.side is side for o in turn.actions)]
    legal = {side: [_legal(o, catalog, setup) for o in turn.actions if o.side is side] for side in sides}
    builder.menu = [
        (f"{SIDE_WORDS[SIDE_LETTERS[side]]}'s turn", [Option(item.text, item.words) for item in legal[side]])
        for side in sides
    ]
    builder.chosen = str(values.get(f"{key}-add-action", "") or "")
    prefix = f"{key}-add-"
    side_options = tuple(Option(SIDE_LETTERS[side], f"The {side.value}") for side in sides)
    letter = _pick_value(values, prefix + "side", side_options)
    offered = legal[LETTER_SIDES[letter]]
    kinds = tuple(Option(kind, words) for kind, words in KIND_WORDS.items() if any(i.kind == kind for i in offered))
    kind = _pick_value(values, prefix + "kind", kinds)
    builder.picks = [
        Pick(prefix + "side", "Who acts", letter, side_options),
        Pick(prefix + "kind", "Does", kind, kinds),
    ]
    of_kind = [item for item in offered if item.kind == kind]
    whats = tuple(Option(what, label) for what, label in dict.fromkeys((i.what, i.what_label) for i in of_kind) if what)
    if whats:
        what = _pick_value(values, prefix + "what", whats)
        builder.picks.append(Pick(prefix + "what", "Which card", what, whats))
        targets = tuple(Option(i.target, i.target_label) for i in of_kind if i.what == what and i.target_label)
        # Shown even with one choice: who the action reaches is worth saying (the opposing duellist a shot
        # fires at, the own duellist a channel feeds), and the select is where a second choice would appear.
        if targets:
            target = _pick_value(values, prefix + "target", targets)
            builder.picks.append(Pick(prefix + "target", "Aimed at", target, targets))
    return builder


def builders(values: Mapping[str, Any], catalog: CardCatalog) -> list[RoundBuilder]:
    setup = draft(values, catalog)
    cards = card_catalog(setup, catalog)
    offered = duel_options(setup, catalog)
    return [round_builder(values, key, setup, cards, offered.round(key)) for key in ROUNDS]


# ---------------------------------------------------------------- the buttons


def added(values: Mapping[str, Any], act: str, catalog: CardCatalog) -> str:
    """The action an add button adds, as the notation writes it, if the builder as drawn offers it; ''
    otherwise (a stale page, a forged address): nothing is added that the lists would not have offered."""
    found = _ACT.match(act)
    if found is None or not (found["add"] or found["chosen"]):
        return ""
    key = found["round"]
    builder = builders(values, catalog)[list(ROUNDS).index(key)]
    offered = {option.value for _, options in builder.menu for option in options}
    if found["chosen"]:
        text = str(values.get(f"{key}-add-action", "") or "")
    else:
        picks = {pick.name.rsplit("-", 1)[1]: pick.value for pick in builder.picks}
        kind = picks.get("kind", "")
        text = f"{picks.get('side', '')}:{kind}"
        if kind != "pass":
            text += f":{picks.get('what', '')}" + (f"@{picks['target']}" if picks.get("target") else "")
    return text if text in offered else ""


def edited(values: Mapping[str, Any], act: str, catalog: CardCatalog) -> dict[str, Any]:
    """The form data after one press of a builder button."""
    changed = {name: values.get(name) for name in values}
    changed.pop("act", None)
    found = _ACT.match(act)
    if found is None:
        return changed
    key = found["round"]
    items = listed(values, key)
    if found["clear"]:
        items = []
    elif found["add"] or found["chosen"]:
        text = added(values, act, catalog)
        if text:
            items.append(text)
    else:
        index = int(found["index"])
        if 0 <= index < len(items):
            if found["edit"] == "remove":
                del items[index]
            else:
                other = index + (-1 if found["edit"] == "up" else 1)
                if 0 <= other < len(items):
                    items[index], items[other] = items[other], items[index]
    changed[key] = ",".join(items)
    for part in ADD_PARTS:
        if found["add"] or found["chosen"] or part == "action":
            changed.pop(f"{key}-add-{part}", None)  # the add control starts again from whose turn it is
    return changed
