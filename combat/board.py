"""The match-up board: the set-up's decisions as rows of match-ups, each offering only what the engine offers there.

The board asks the engine what a set-up offers (``engine.options``: per primary match-up and per side the ranged
supporters, bribes, spells and channelling, why a kind offers nothing, each row's legal next turn, the secondary
attacks, the command cards and the rolls, counts and choices its cards need) and draws it; it decides nothing of
its own. Every pick is a plain form field (``a-m2-ranged``), so the board works without JavaScript;
``board_decisions`` turns the picks back into the notation's own decision values, which is all the rest of the site
reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.html import format_html

from combat.board_actions import (
    ACTIONS_FIELD,
    ADD_FIELD,
    KIND_WORDS,
    LETTERS,
    SIDE_WORDS,
    ActionGroup,
    ActionItem,
    ActionList,
    interleave,
    item_problem,
    listed,
    menu_name,
    split_item,
)
from combat.card_links import CardNames, said_html
from combat.picks import Option, Pick
from engine.actions import MatchupActions, action_from_text, format_actions
from engine.cards import CardDefinition
from engine.catalog import CardCatalog
from engine.enums import Side
from engine.errors import NotationError, Problem
from engine.made_up import made_up_slugs
from engine.options import CardInput, Decision, OptionKind, Options, Reason, SideRow, Turn, options
from engine.setup import CombatSetup, SecondaryAttack, SideSetup, copy_references, split_reference
from engine.turns import TurnPlan, referee
from engine.validate import planned_queue

SIDE_NAMES = {"a": "attacker", "d": "defender"}
LETTER_SIDES = {letter: side for side, letter in LETTERS.items()}
GUARDIAN = "guardian"
MAX_ROWS = 12
# Board fields: a-m2-ranged, d-s1-bribe, a-roll-mendu-sada-the-havoc, d-sec-devil-dog ...
_MOMENT_FIELD = re.compile(r"^(?P<side>[ad])-(?P<moment>[ms][1-9][0-9]?)-(?P<what>ranged|bribe|spell|channel|stones)$")
_CARD_FIELD = re.compile(
    r"^(?P<side>[ad])-(?P<what>roll|count|choice|sec)-(?P<ref>[a-z0-9][a-z0-9-]*(?:#[1-9][0-9]*)?)$"
)


@dataclass(frozen=True)
class Fighter:
    ref: str
    slug: str
    name: str
    vitality: int
    border: str
    # A card the set-up made up ("what if"): it has no card page to link to.
    made_up: bool = False


@dataclass
class RowSide:
    letter: str
    fighter: Fighter | None
    position: int
    last: int
    picks: list[Pick] = field(default_factory=list)
    # For a row played from its order of actions: what this side does in it, in words, in turn order.
    listed: list[str] = field(default_factory=list)
    # Each kind of pick the row does not offer this side, and why, in words.
    not_offered: list[str] = field(default_factory=list)

    @property
    def side_name(self) -> str:
        return SIDE_NAMES[self.letter]

    @property
    def can_move_up(self) -> bool:
        return self.fighter is not None and self.position > 0

    @property
    def can_move_down(self) -> bool:
        return self.fighter is not None and self.position < self.last


@dataclass
class Row:
    number: int
    attacker: RowSide
    defender: RowSide
    # The order of actions: when it holds any, the row is played from it and the picks are not drawn.
    actions: ActionList | None = None

    @property
    def sides(self) -> tuple[RowSide, RowSide]:
        return (self.attacker, self.defender)


@dataclass
class Secondary:
    """The left-over creatures of the side with more of them, and what the other side may bribe them with."""

    letter: str
    leftovers: list[RowSide]
    mode: Pick
    bribes: list[Pick]
    # The other side's answers to a secondary attacker's channelling (``d.spell=s1:...``).
    spells: list[Pick] = field(default_factory=list)
    # Why the other side is offered no bribe or spell against the secondary attackers, in words.
    not_offered: str = ""

    @property
    def side_name(self) -> str:
        return SIDE_NAMES[self.letter]

    @property
    def other_name(self) -> str:
        return SIDE_NAMES["d" if self.letter == "a" else "a"]


@dataclass
class CardInputs:
    letter: str
    picks: list[Pick]

    @property
    def side_name(self) -> str:
        return SIDE_NAMES[self.letter]


@dataclass
class Board:
    ready: bool
    message: str = ""
    rows: list[Row] = field(default_factory=list)
    secondary: Secondary | None = None
    inputs: list[CardInputs] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    commands: list[Pick] = field(default_factory=list)

    @property
    def has_inputs(self) -> bool:
        return any(side.picks for side in self.inputs)

    def field_names(self) -> set[str]:
        """Every form field the board draws."""
        names = {pick.name for row in self.rows for side in row.sides for pick in side.picks}
        names |= {row.actions.name for row in self.rows if row.actions is not None}
        names |= {pick.name for side in self.inputs for pick in side.picks}
        if self.secondary is not None:
            names.add(self.secondary.mode.name)
            names |= {pick.name for pick in [*self.secondary.bribes, *self.secondary.spells]}
            names |= {pick.name for leftover in self.secondary.leftovers for pick in leftover.picks}
        return names

    def offers(self, name: str, value: str) -> bool:
        """Whether the board draws field ``name`` and can show ``value`` in it (a select only its options)."""
        picks = [pick for row in self.rows for side in row.sides for pick in side.picks]
        picks += [pick for side in self.inputs for pick in side.picks]
        if self.secondary is not None:
            picks += [self.secondary.mode, *self.secondary.bribes, *self.secondary.spells]
            picks += [pick for leftover in self.secondary.leftovers for pick in leftover.picks]
        for pick in picks:
            if pick.name == name:
                return not pick.options or any(option.value == value for option in pick.options)
        return name in self.field_names()


def _card(catalog: CardCatalog, reference: str) -> CardDefinition | None:
    try:
        slug = split_reference(reference)[0]
    except ValueError:  # a malformed copy number (archer#0) names no card; the form reports it
        return None
    return catalog.find(slug)


def _fighter(catalog: CardCatalog, ref: str) -> Fighter:
    card = catalog.get(split_reference(ref)[0])
    copy = split_reference(ref)[1]
    name = card.name + (f" (copy {copy})" if copy > 1 else "")
    return Fighter(ref, card.slug, name, card.base_vitality, card.border.value if card.border else "")


def _refs(catalog: CardCatalog, side: SideSetup) -> list[str]:
    """Each creature of the shield as decisions name it: its slug, ``slug#2`` for a second copy."""
    slugs = [card.slug for card in (_card(catalog, ref) for ref in side.creatures) if card is not None]
    return copy_references(slugs)


def queue_refs(catalog: CardCatalog, side: SideSetup) -> list[str]:
    """The creatures that fight primary match-ups, in the order they are played."""
    refs = _refs(catalog, side)
    if not _known(catalog, side):
        return refs  # a shield with an unknown name gets no board; keep what can be named
    return [refs[index] for index in planned_queue(side, catalog) if index < len(refs)]


def natural_queue(catalog: CardCatalog, side: SideSetup) -> list[str]:
    return queue_refs(catalog, replace(side, order=()))


def _known(catalog: CardCatalog, side: SideSetup) -> bool:
    return bool(side.creatures) and all(
        (card := _card(catalog, ref)) is not None and card.is_creature for ref in side.creatures
    )


def _value(values: Mapping[str, str], name: str) -> str:
    return str(values.get(name, "") or "").strip()


def _int(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


_INPUT_KINDS = {"counts": "count", "rolls": "roll", "choices": "choice"}
_MISSING = {
    "setup.count_missing": "Needed: the combat cannot be resolved without this number.",
    "setup.roll_missing": "Needed: roll the dice at the table and give the result.",
}


def pick_errors(problems: Iterable[Problem]) -> dict[str, str]:
    """Problems of the roll, count and choice inputs, by the board field they belong to."""
    errors: dict[str, str] = {}
    for problem in problems:
        letter, _, key = problem.field.partition(".")
        kind = _INPUT_KINDS.get(key)
        if kind and problem.card:
            message = _MISSING.get(problem.code) or problem.detail or problem.message
            errors.setdefault(f"{letter}-{kind}-{problem.card}", message)
    return errors


def _what(item: str) -> str:
    """A per-kind decision's item without its match-up (``2:gold@archer`` -> ``gold@archer``): the pick's value."""
    return item.partition(":")[2]


def _deed(words: str) -> str:
    """An option's words without who does it ("Attacker: ranged attack by Archer" -> "Ranged attack by Archer")."""
    deed = words.partition(": ")[2] or words
    return deed[:1].upper() + deed[1:]


def _said(reason: Reason) -> str:
    """Why something is not offered, in words (the engine's template filled with the reason's values)."""
    words = reason.words.strip()
    # A notice's template may open with the side it concerns; the board already says whose row it is.
    for side in ("attacker: ", "defender: "):
        words = words.removeprefix(side)
    return words[:1].upper() + words[1:] + (f" (rule {reason.rule})" if reason.rule else "")


# What each kind of per-row pick is called where the board says why it offers none.
_KIND_NOUNS = {
    OptionKind.RANGED: "ranged support",
    OptionKind.BRIBE: "bribe",
    OptionKind.SPELL: "spell",
    OptionKind.CHANNEL: "channelling",
}


def _decision_pick(name: str, label: str, blank: str, values: Mapping[str, str], found: Iterable[Option]) -> Pick:
    return Pick(name, label, _value(values, name), (Option("", blank), *dict.fromkeys(found)))


def _decision_words(catalog: CardCatalog, decision: Decision, facing: Fighter) -> str:
    """A per-kind decision in the board's words, from its fields: "Gold on Archer (ranged support)"."""
    if decision.icon is not None:
        icon = catalog.find(decision.icon.value)
        bribe = icon.name if icon is not None else decision.icon.value.capitalize()
        if decision.target:
            return f"{bribe} on {_fighter(catalog, decision.target).name} (ranged support)"
        return f"{bribe} on {facing.name}"
    if decision.kind is OptionKind.RANGED and decision.card:
        card = _card(catalog, decision.card)
        shot = card.ranged_attack if card is not None and card.ranged_attack is not None else "by its text"
        return f"{_fighter(catalog, decision.card).name} (ranged {shot})"
    return _deed(decision.words)


def _row_picks(
    catalog: CardCatalog, letter: str, number: int, side: SideRow, values: Mapping[str, str], own: Fighter,
    facing: Fighter,
) -> list[Pick]:  # fmt: skip
    """The per-kind picks of one side of a row, drawn from what the engine offers there (``engine.options``)."""
    prefix = f"{letter}-m{number}"
    picks = []
    for kind, found, label, blank in (
        ("ranged", side.ranged, "Ranged support", "None"),
        ("bribe", side.bribes, "Bribe", "No bribe"),
        ("spell", side.spells, "Spell", "No spell"),
    ):
        if found:
            offered = [Option(_what(d.item), _decision_words(catalog, d, facing)) for d in found]
            picks.append(_decision_pick(f"{prefix}-{kind}", label, blank, values, offered))
    if side.channels:
        stones = [decision.amount for decision in side.channels if decision.card == GUARDIAN]
        sources = [
            Option(GUARDIAN, "The Guardian's Power Stones")
            if decision.card == GUARDIAN
            else Option(str(decision.card), f"{_fighter(catalog, str(decision.card)).name} (under a stronghold)")
            for decision in side.channels
        ]
        picks.append(_decision_pick(f"{prefix}-channel", "Channel from", "No channelling", values, sources))
        if stones:
            picks.append(
                Pick(
                    f"{prefix}-stones",
                    "Stones",
                    _value(values, f"{prefix}-stones") or "1",
                    kind="number",
                    minimum=1,
                    maximum=max(stones),
                    help=f"Guardian only: up to {max(stones)} here, the stones left that still add something "
                    f"(channelling stops at {own.name}'s Vitality {own.vitality}).",
                    quiet=_value(values, f"{prefix}-channel") != GUARDIAN,
                )
            )
    return picks


def _not_offered(side: SideRow) -> list[str]:
    """Why each kind of pick the row does not offer is missing, in words."""
    return [f"No {noun}: {_said(reason)}" for kind, noun in _KIND_NOUNS.items() if (reason := side.why_no(kind))]


def _command_pick(catalog: CardCatalog, letter: str, side: SideSetup, offered: Iterable[Decision]) -> Pick:
    """The command card: what the engine offers as one (a creature of the shield, a card of the hand)."""
    options_ = [Option("", "No command card"), *(Option(decision.item, decision.words) for decision in offered)]
    current = side.command or ""
    if current and all(option.value != current for option in options_):
        options_.append(Option(current, f"{current} (as given)"))
    return Pick(f"{letter}-command", f"{SIDE_NAMES[letter].capitalize()}'s command card", current, tuple(options_))


def _seeded(setup: CombatSetup, values: Mapping[str, str], rows: int) -> CombatSetup:
    """The set-up with each row's list as the form holds it (its readable actions: the form reports the others),
    and each row that has picks but no list given the list its first Add starts from (``row_picks_as_actions``):
    the editor offers what may follow that list, not what may follow an empty one."""
    seeded = []
    for number in range(1, rows + 1):
        items = listed(values, number) or row_picks_as_actions(values, number)[0]
        readable = []
        for item in items:
            try:
                readable.append(action_from_text(item))
            except NotationError:
                continue
        if readable:
            seeded.append(MatchupActions(number, tuple(readable)))
    return replace(setup, actions=tuple(seeded))


def build_board(
    catalog: CardCatalog, setup: CombatSetup, values: Mapping[str, str], errors: Mapping[str, str] | None = None
) -> Board:
    """The board for a set-up's shape and the picks so far (``values``: the board's form fields), drawn from what
    the engine offers (``engine.options``): the board decides nothing of its own."""
    offered = options(setup, catalog)
    if offered.problem is not None or not offered.rows:
        return Board(
            ready=False,
            message="Put at least one creature in each shield (every name a known creature), then the match-ups "
            "appear here.",
        )
    sides = {"a": setup.attacker, "d": setup.defender}
    board = Board(ready=True)
    board.commands = [
        _command_pick(catalog, letter, side, offered.commands_of(LETTER_SIDES[letter])) for letter, side in sides.items()
    ]
    board.notes = [_said(note) for note in offered.notes]
    count = len(offered.rows)
    turns = _turns(catalog, setup, values, offered, count)
    leftover = offered.secondary.side if offered.secondary is not None else None
    lasts = {
        letter: count - 1 + (len(offered.secondary.attackers) if offered.secondary and leftover is side else 0)
        for letter, side in LETTER_SIDES.items()
    }
    names = {ref: _fighter(catalog, ref).name for side in sides.values() for ref in _refs(catalog, side)}
    plan = referee(setup) if setup.actions else None
    refused = _refusals(plan, _card_names(catalog, setup))
    for found in offered.rows:
        number = found.number
        played_from_list = bool(listed(values, number))
        fighters = {letter: _fighter(catalog, found.side(side).creature) for letter, side in LETTER_SIDES.items()}
        row_sides = {}
        for letter, side in LETTER_SIDES.items():
            row_side = RowSide(letter, fighters[letter], number - 1, lasts[letter])
            if not played_from_list:
                facing = fighters["d" if letter == "a" else "a"]
                row_side.picks = _row_picks(
                    catalog, letter, number, found.side(side), values, fighters[letter], facing
                )
                row_side.not_offered = _not_offered(found.side(side))
            row_sides[letter] = row_side
        actions = _action_list(catalog, number, values, turns[number], fighters, names, errors or {})
        if refused.get(number):
            actions.items = [
                replace(item, problem=item.problem or refused[number].get(item.index, "")) for item in actions.items
            ]
        for letter, row_side in row_sides.items():
            row_side.listed = [
                item.deed + (" (refused)" if item.problem else "")
                for item in actions.items
                if split_item(item.text)[0] == letter and split_item(item.text)[1] != "pass"
            ]
        board.rows.append(Row(number, row_sides["a"], row_sides["d"], actions))
    board.secondary = _secondary(catalog, setup, offered, values, count)
    board.inputs = [
        CardInputs(
            letter,
            [
                replace(pick, error=(errors or {}).get(pick.name, ""))
                for pick in _card_inputs(offered.inputs, LETTER_SIDES[letter], values)
            ],
        )
        for letter in sides
    ]
    _mark_made_up(board, set(made_up_slugs(setup)))
    return board


def _turns(
    catalog: CardCatalog, setup: CombatSetup, values: Mapping[str, str], offered: Options, rows: int
) -> dict[int, Turn]:
    """Each row's next turn as the engine offers it; a row with picks and no list as its first Add will seed it."""
    seeded = _seeded(setup, values, rows)
    if seeded == setup:
        return {row.number: row.turn for row in offered.rows}
    again = options(seeded, catalog)
    return {row.number: row.turn for row in again.rows}


def _mark_made_up(board: Board, made_up: set[str]) -> None:
    """Flag the creatures the set-up made up, which the board names without a card link."""
    leftovers = board.secondary.leftovers if board.secondary is not None else []
    for row_side in [side for row in board.rows for side in row.sides] + leftovers:
        if row_side.fighter is not None and row_side.fighter.slug in made_up:
            row_side.fighter = replace(row_side.fighter, made_up=True)


def _card_names(catalog: CardCatalog, setup: CombatSetup) -> dict[str, str]:
    """The set-up's printed cards by name (the made-up ones left out: they have no page), for linking the cards a
    refusal's values name."""
    made_up = set(made_up_slugs(setup))
    slugs: set[str] = set()
    for side in (setup.attacker, setup.defender):
        references = [*side.creatures, *side.items, *side.hand, *side.channellers, *side.shields, *side.earlier]
        references += [reference for reference in (side.guardian, side.stronghold, side.command) if reference]
        slugs |= {split_reference(reference)[0] for reference in references}
    cards = (catalog.find(slug) for slug in slugs - made_up)
    return {card.name: card.slug for card in cards if card is not None}


def _refusals(plan: TurnPlan | None, names: CardNames) -> dict[int, dict[int, str]]:
    """Why the order of play refuses a listed action, by row and place in its list (engine.turns): written from
    the reason's code and values as the step pages write it, never from the engine's sentence."""
    if plan is None:
        return {}
    return {
        number: {
            refusal.index: format_html("Refused: {} (rule {})", said_html(refusal.reason, names), refusal.refusal.rule)
            for refusal in refusals
        }
        for number, refusals in plan.refused.items()
    }


def _action_list(
    catalog: CardCatalog,
    number: int,
    values: Mapping[str, str],
    turn: Turn,
    fighters: dict[str, Fighter],
    names: dict[str, str],
    errors: Mapping[str, str],
) -> ActionList:
    """The row's order of actions, each labelled in words, and the add control with what the engine offers next."""
    items = listed(values, number)
    drawn = [
        _listed_item(index, text, _action_deed(catalog, text, fighters, names) + _spell_timing(items, index))
        for index, text in enumerate(items)
    ]
    actions = ActionList(number, ",".join(items), drawn, errors.get(f"m{number}-actions", ""))
    if turn.ended or not turn.actions:
        actions.closed = _said(turn.reason) if turn.reason is not None else ""
        return actions  # both players passed in succession: the match-up is over, nothing can follow
    by_side: dict[str, dict[str, list[Option]]] = {}
    for option in turn.actions:
        letter = LETTERS[option.side]
        what = split_item(option.item)[2]
        by_side.setdefault(letter, {}).setdefault(option.kind.value, []).append(Option(what, _deed(option.words)))
    actions.menu = [
        ActionGroup(
            SIDE_WORDS[letter].capitalize() + ("'s turn" if turn.side is not None else ""),
            tuple(Option(option.item, option.words) for option in turn.actions if LETTERS[option.side] == letter),
        )
        for letter in by_side
    ]
    menu_values = [option.value for group in actions.menu for option in group.options]
    chosen = _value(values, menu_name(number))
    actions.chosen = chosen if chosen in menu_values else menu_values[0]
    letter = _value(values, f"m{number}-add-side")
    letter = letter if letter in by_side else next(iter(by_side))
    choices = by_side[letter]
    kinds = [kind for kind in KIND_WORDS if kind in choices]
    kind = _value(values, f"m{number}-add-kind")
    kind = kind if kind in kinds else kinds[0]
    actions.adders = [
        Pick(
            f"m{number}-add-side",
            "Who",
            letter,
            tuple(Option(key, SIDE_WORDS[key].capitalize()) for key in by_side),
        ),
        Pick(f"m{number}-add-kind", "Does", kind, tuple(Option(key, KIND_WORDS[key]) for key in kinds)),
    ]
    if kind != "pass":
        what = _value(values, f"m{number}-add-what")
        actions.adders.append(Pick(f"m{number}-add-what", "With", what, tuple(choices[kind])))
    return actions


def _spell_timing(items: list[str], index: int) -> str:
    """When a listed spell acts (rule 6.4.4d): before destruction if no ranged attack, channel or item
    comes before it in the list, else in its own turn, seeing what the earlier turns did."""
    if split_item(items[index])[1] != "spell":
        return ""
    acted = any(split_item(item)[1] in ("ranged", "channel", "item") for item in items[:index])
    return " (takes effect in its turn)" if acted else " (cast before the destruction step)"


def _listed_item(index: int, text: str, deed: str) -> ActionItem:
    """One listed action as the row draws it: "Defender: places Djinn as ranged support", who and deed apart."""
    side_name = SIDE_WORDS.get(split_item(text)[0], "")
    label = f"{(side_name or '?').capitalize()}: {deed}"
    return ActionItem(index, text, label, side_name, item_problem(text), deed)


def _action_deed(catalog: CardCatalog, text: str, fighters: dict[str, Fighter], names: dict[str, str]) -> str:
    """What one listed action does, in words: "places Djinn as ranged support"."""
    letter, kind, what = split_item(text)
    card_ref, _, target = what.partition("@")
    card_ref, _, amount = card_ref.partition("*")
    card = _card(catalog, card_ref) if card_ref and card_ref != "guardian" else None
    name = names.get(card_ref) or (card.name if card is not None else card_ref)
    aimed = names.get(target) or target
    other = fighters.get("d" if letter == "a" else "a")
    if kind == "pass":
        return "passes"
    if kind == "ranged":
        return f"places {name} as ranged support"
    if kind == "spell":
        return f"casts {name}" + (f" on {aimed}" if target else "")
    if kind == "channel" and card_ref == "guardian":
        count = int(amount) if amount.isdigit() else 1
        return f"channels {count} Power Stone{'s' if count > 1 else ''} from the Guardian"
    if kind == "channel":
        return f"channels from {name}"
    if kind in ("bribe", "bribe-back"):
        verb = "bribes back" if kind == "bribe-back" else "bribes"
        on = aimed or (other.name if other is not None else "the facing creature")
        return f"{verb} {on} with {card_ref.capitalize()}"
    if kind == "item":
        return f"uses {name}"
    return text


def row_picks_as_actions(values: Mapping[str, Any], number: int) -> tuple[list[str], list[str]]:
    """A row's picks as a list in turn order (bribes in the window, then each side's spell, ranged
    supporter and channel in turn), and the pick fields they were read from."""
    moment = f"m{number}"
    spent: list[str] = []
    own: dict[str, list[str]] = {"a": [], "d": []}
    window: list[str] = []
    for letter in ("a", "d"):
        bribe = _value(values, f"{letter}-{moment}-bribe")
        if bribe:
            window += ([] if letter == "a" or window else ["a:pass"]) + [f"{letter}:bribe:{bribe}"]
        for what in ("spell", "ranged"):
            chosen = _value(values, f"{letter}-{moment}-{what}")
            if chosen:
                own[letter].append(f"{letter}:{what}:{chosen}")
        source = _value(values, f"{letter}-{moment}-channel")
        if source:
            stones = _int(_value(values, f"{letter}-{moment}-stones"), 1) if source == "guardian" else 1
            own[letter].append(f"{letter}:channel:{source}" + (f"*{stones}" if stones > 1 else ""))
        spent += [f"{letter}-{moment}-{what}" for what in ("bribe", "spell", "ranged", "channel", "stones")]
    return interleave(own["a"], own["d"], window), spent


def _secondary(
    catalog: CardCatalog, setup: CombatSetup, offered: Options, values: Mapping[str, str], rows: int
) -> Secondary | None:
    found = offered.secondary
    if found is None:
        return None
    letter = LETTERS[found.side]
    other = "d" if letter == "a" else "a"
    leftovers = [
        RowSide(letter, _fighter(catalog, ref), rows + index, rows + len(found.attackers) - 1)
        for index, ref in enumerate(found.attackers)
    ]
    targets = tuple(Option(ref, _fighter(catalog, ref).name) for ref in found.targets)
    for leftover in leftovers:
        assert leftover.fighter is not None
        name = f"{letter}-sec-{leftover.fighter.ref}"
        leftover.picks = [
            Pick(name, "Attacks", _value(values, name), (Option("", "No one (or the simulator's pick)"), *targets))
        ]
    mode_name = f"{letter}-secondary-mode"
    mode = Pick(
        mode_name,
        "Secondary attacks",
        _value(values, mode_name),
        (
            Option("", "The simulator picks the attacks that win"),
            Option("none", "Make no secondary attacks"),
            Option("plan", "As chosen below"),
        ),
    )
    planned = setup.side(found.side).secondaries or ()
    bribes = _answer_picks(catalog, found.bribes, other, "bribe", planned, values)
    spells = _answer_picks(catalog, found.spells, other, "spell", planned, values)
    secondary = Secondary(letter, leftovers, mode, bribes, spells)
    if found.answers_reason is not None:
        secondary.not_offered = f"No bribe or spell against a secondary attacker: {_said(found.answers_reason)}"
    return secondary


def _answer_picks(
    catalog: CardCatalog,
    decisions: Iterable[Decision],
    letter: str,
    kind: str,
    planned: Iterable[SecondaryAttack],
    values: Mapping[str, str],
) -> list[Pick]:
    """The other side's bribes or spells against each planned secondary attacker, as the engine offers them
    (``s1:gold``): one select per attacker that has any."""
    attackers = [str(attack.attacker) for attack in planned]
    by_moment: dict[str, list[Option]] = {}
    for decision in decisions:
        moment, _, what = decision.item.partition(":")
        by_moment.setdefault(moment, []).append(Option(what, _deed(decision.words)))
    picks = []
    for moment, offered in by_moment.items():
        number = int(moment[1:])
        name = attackers[number - 1] if number <= len(attackers) else ""
        who = f"secondary attacker {number}" + (f" ({_fighter(catalog, name).name})" if name else "")
        label = f"Bribe {who}" if kind == "bribe" else f"Spell against {who}'s channelling"
        blank = "No bribe" if kind == "bribe" else "No spell"
        picks.append(_decision_pick(f"{letter}-{moment}-{kind}", label, blank, values, offered))
    return picks


def _card_inputs(inputs: Iterable[CardInput], side: Side, values: Mapping[str, str]) -> list[Pick]:
    """A roll, count or choice box for each card of this side that needs one, as the engine asks for them."""
    found: list[Pick] = []
    for needed in inputs:
        if needed.side is not side:
            continue
        name = f"{LETTERS[side]}-{needed.kind.value}-{needed.card}"
        if needed.kind is OptionKind.CHOICE and needed.choices:
            choices = tuple(Option(value, words) for value, words in needed.choices)
            found.append(Pick(name, needed.words, _value(values, name), (Option("", "The card's default"), *choices)))
            continue
        if needed.kind is OptionKind.CHOICE:
            found.append(Pick(name, needed.words, _value(values, name), kind="text", help=needed.help))
            continue
        found.append(
            Pick(
                name,
                needed.words,
                _value(values, name),
                kind="number",
                minimum=needed.minimum,
                maximum=needed.maximum,
                help=needed.help,
            )
        )
    return found


def board_decisions(values: Mapping[str, str], letter: str) -> dict[str, list[str]]:
    """The notation items the board's picks of one side stand for, by SideForm field name."""
    decisions: dict[str, list[str]] = {
        name: [] for name in ("ranged", "bribes", "spells", "channels", "secondaries", "rolls", "counts", "choices")
    }
    stones: dict[str, str] = {}
    channels: dict[str, str] = {}
    for name in sorted(values, key=_field_order):
        value = _value(values, name)
        moment = _MOMENT_FIELD.match(name)
        if moment and moment["moment"].startswith("m") and listed(values, int(moment["moment"][1:])):
            continue  # a row with an order of actions is played from its list alone
        if moment and moment["side"] == letter and value:
            when = moment["moment"][1:] if moment["moment"].startswith("m") else moment["moment"]
            what = moment["what"]
            if what == "ranged":
                decisions["ranged"].append(f"{when}:{value}")
            elif what == "bribe":
                decisions["bribes"].append(f"{when}:{value}")
            elif what == "spell":
                decisions["spells"].append(f"{when}:{value}")
            elif what == "channel":
                channels[when] = value
            else:
                stones[when] = value
            continue
        card = _CARD_FIELD.match(name)
        if card and card["side"] == letter and value:
            what, ref = card["what"], card["ref"]
            if what == "sec":
                decisions["secondaries"].append(f"{ref}>{value}")
            else:
                decisions[{"roll": "rolls", "count": "counts", "choice": "choices"}[what]].append(f"{ref}:{value}")
    for when, source in sorted(channels.items(), key=lambda item: _field_order(item[0])):
        amount = stones.get(when, "1") if source == "guardian" else "1"
        decisions["channels"].append(f"{when}:{source}" + (f"*{amount}" if amount not in ("", "1") else ""))
    mode = _value(values, f"{letter}-secondary-mode")
    if mode == "none" or (mode == "plan" and not decisions["secondaries"]):
        decisions["secondaries"] = ["none"]
    return decisions


def _field_order(name: str) -> tuple[int, str]:
    digits = re.search(r"(?:^|-)[ms]?([0-9]+)", name)
    return (int(digits[1]) if digits else 0, name)


def is_board_field(name: str) -> bool:
    return any(
        pattern.match(name) for pattern in (_MOMENT_FIELD, _CARD_FIELD, ACTIONS_FIELD, ADD_FIELD)
    ) or name.endswith("-secondary-mode")


def values_from_setup(catalog: CardCatalog, setup: CombatSetup) -> tuple[dict[str, str], dict[str, SideSetup]]:
    """The board's field values for a set-up, and per side what is left for the notation fields.

    A decision the board has a place for goes on the board; anything else (two spells in one match-up, a
    named target, a channel in a secondary attack) stays in that side's notation fields, so a set-up
    always comes back unchanged.
    """
    values: dict[str, str] = {}
    owners: dict[str, tuple[str, str, int, object]] = {}  # field name -> (side, SideSetup field, place, item)
    rest: dict[str, dict[str, list[tuple[int, object]]]] = {}
    counter = iter(range(10**6))
    for letter, side in (("a", setup.attacker), ("d", setup.defender)):
        kept: dict[str, list[tuple[int, object]]] = rest.setdefault(letter, {})
        for kind in ("ranged", "bribes", "spells", "channels", "rolls", "counts", "choices", "secondaries"):
            kept[kind] = []

        def place(name: str, value: str, kind: str, item: object) -> None:
            seq = next(counter)
            if name in values:
                kept[kind].append((seq, item))  # noqa: B023
            else:
                values[name] = value
                owners[name] = (letter, kind, seq, item)  # noqa: B023

        for support in side.ranged:
            place(f"{letter}-m{support.round}-ranged", support.creature, "ranged", support)
        for bribe in side.bribes:
            if bribe.target and bribe.moment.secondary:
                kept["bribes"].append((next(counter), bribe))
            else:
                moment = f"{'s' if bribe.moment.secondary else 'm'}{bribe.moment.round}"
                aimed = f"@{bribe.target}" if bribe.target else ""
                place(f"{letter}-{moment}-bribe", bribe.icon.value + aimed, "bribes", bribe)
        for play in side.spells:
            if "#" in play.card:
                kept["spells"].append((next(counter), play))
            else:
                moment = f"{'s' if play.moment.secondary else 'm'}{play.moment.round}"
                aimed = f"@{play.target}" if play.target else ""
                place(f"{letter}-{moment}-spell", play.card + aimed, "spells", play)
        for channel in side.channels:
            name = f"{letter}-m{channel.moment.round}-channel"
            if channel.target or channel.moment.secondary or name in values:
                kept["channels"].append((next(counter), channel))
                continue
            place(name, channel.source, "channels", channel)
            if channel.source == "guardian":
                values[f"{letter}-m{channel.moment.round}-stones"] = str(channel.amount)
        for roll in side.rolls:
            place(f"{letter}-roll-{roll.card}", str(roll.value), "rolls", roll)
        for count in side.counts:
            place(f"{letter}-count-{count.card}", str(count.value), "counts", count)
        for choice in side.choices:
            place(f"{letter}-choice-{choice.card}", choice.option, "choices", choice)
        if side.secondaries is not None:
            values[f"{letter}-secondary-mode"] = "plan" if side.secondaries else "none"
            for attack in side.secondaries:
                place(f"{letter}-sec-{attack.attacker}", attack.target, "secondaries", attack)
    for matchup in setup.actions:
        values[f"m{matchup.round}-actions"] = format_actions(matchup)
    board = build_board(catalog, setup, values)
    drawn = board.field_names()
    for name, (letter, kind, seq, item) in owners.items():
        if not board.offers(name, values[name]):
            rest[letter][kind].append((seq, item))
            del values[name]
            values.pop(name.replace("-channel", "-stones"), None)
    for letter in ("a", "d"):
        mode = values.get(f"{letter}-secondary-mode")
        if mode is not None and f"{letter}-secondary-mode" not in drawn:
            del values[f"{letter}-secondary-mode"]
    sides = {"a": setup.attacker, "d": setup.defender}
    result: dict[str, SideSetup] = {}
    for letter, placed in rest.items():
        # Each kind's items back in the order the set-up gave them.
        ordered: dict[str, tuple[Any, ...]] = {
            kind: tuple(item for _, item in sorted(items, key=lambda pair: pair[0])) for kind, items in placed.items()
        }
        side = sides[letter]
        secondaries = side.secondaries
        if secondaries and f"{letter}-secondary-mode" in values:
            # The board holds the plan; attacks it could not draw stay in the notation field.
            secondaries = ordered["secondaries"] or None
        elif secondaries == () and f"{letter}-secondary-mode" in values:
            secondaries = None
        result[letter] = replace(
            side,
            ranged=ordered["ranged"],
            bribes=ordered["bribes"],
            spells=ordered["spells"],
            channels=ordered["channels"],
            rolls=ordered["rolls"],
            counts=ordered["counts"],
            choices=ordered["choices"],
            secondaries=secondaries,
        )
    return values, result


def move_in_order(catalog: CardCatalog, side: SideSetup, position: int, target: int) -> str:
    """The side's play order after moving the creature at ``position`` of its queue to ``target``
    (one place up or down with the buttons, anywhere by dragging); '' when that is the shield's own
    order (the notation leaves the default out)."""
    queue = queue_refs(catalog, side)
    if 0 <= position < len(queue) and 0 <= target < len(queue):
        queue.insert(target, queue.pop(position))
    return "" if queue == natural_queue(catalog, side) else ",".join(queue)
