"""The match-up board: the set-up's decisions as rows of match-ups, each offering only what is legal there.

The board reads the shape of a combat (both shields, hands, Guardians, channellers) and the picks made so
far, and lists per primary match-up and per side the ranged supporters, bribes, spells and channelling
that side could use, then the secondary attacks, and the rolls, counts and choices its cards need. Every
pick is a plain form field (``a-m2-ranged``), so the board works without JavaScript; ``board_decisions``
turns the picks back into the notation's own decision values, which is all the rest of the site reads.
"""

from __future__ import annotations

import math
import re
from collections import Counter
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
    action_text,
    interleave,
    item_problem,
    listed,
    listed_uses,
    menu_name,
    split_item,
    turn_state,
)
from combat.card_links import CardNames, said_html
from combat.picks import Option, Pick
from engine.abilities import AllowChannelling, AllowsRanged, CommandRelocates, Dispel, Offer
from engine.abilities.base import ChannelEffect
from engine.abilities.channelling import ChannelReaction
from engine.abilities.ranged import RangedReaction
from engine.actions import format_actions
from engine.cards import CardDefinition
from engine.catalog import CardCatalog
from engine.enums import CardType, Side, Terrain
from engine.errors import Problem
from engine.made_up import made_up_slugs
from engine.setup import CombatSetup, SideSetup, copy_references, split_reference
from engine.turn_casts import TURN_ITEM_KINDS
from engine.turns import TurnPlan, TurnState, referee
from engine.validate import planned_queue, ranged_use, resolve_terrain

SIDE_NAMES = {"a": "attacker", "d": "defender"}
DEFAULT_STONES = 7  # rule 11.4.2: a side without a Guardian plays with Rak Nam's numbers
DEFAULT_CMP = 9
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


def _hand_cards(catalog: CardCatalog, side: SideSetup) -> list[CardDefinition]:
    return [card for card in (_card(catalog, ref) for ref in side.hand) if card is not None]


def _stones(catalog: CardCatalog, side: SideSetup) -> tuple[int, int, str]:
    """Stones the side may channel, the Guardian's CMP, and how the Guardian is named."""
    guardian = _card(catalog, side.guardian) if side.guardian else None
    if guardian is not None and guardian.guardian is not None:
        stones = side.stones if side.stones is not None else guardian.guardian.stones
        return stones, guardian.guardian.cmp, guardian.name
    stones = side.stones if side.stones is not None else DEFAULT_STONES
    return stones, DEFAULT_CMP, "Guardian (Rak Nam's numbers)"


class _SidePicks:
    """What one side may do; counts what the other rows already use so a card is not offered twice."""

    def __init__(self, catalog: CardCatalog, letter: str, side: SideSetup, values: Mapping[str, str]) -> None:
        self.catalog = catalog
        self.letter = letter
        self.side = side
        self.values = values
        refs = _refs(catalog, side)
        command = _card(catalog, side.command) if side.command else None
        self.ranged = [
            ref
            for ref in refs
            if (card := _card(catalog, ref)) is not None
            and ranged_use(card)
            and not (command is not None and command.slug == card.slug and card.is_creature)
        ]
        hand = _hand_cards(catalog, side)
        self.bribe_cards = Counter(card.slug for card in hand if card.type is CardType.BRIBERY)
        self.spells = Counter(card.slug for card in hand if card.type is CardType.SPELL and card.first(Dispel) is None)
        self.hand_items = Counter(card.slug for card in hand if card.type is CardType.HAND_ITEM)
        self.names = {card.slug: card.name for card in hand}
        self.stones, self.cmp, self.guardian_name = _stones(catalog, side)
        self.channellers = copy_references(
            [card.slug for card in (_card(catalog, ref) for ref in side.channellers) if card is not None]
        )

    def _used(self, what: str, rows: int, skip: str = "") -> Counter[str]:
        """What the side already uses of one kind: its picks in the other rows and every row's list."""
        used: Counter[str] = Counter()
        lists = listed_uses(self.values, self.letter, rows)
        for number in range(1, rows + 1):
            if number in lists:
                for key, count in lists[number].items():
                    kind, _, card = key.partition(":")
                    if kind == what:
                        used[card] += count
                continue
            name = f"{self.letter}-m{number}-{what}"
            if name != skip and _value(self.values, name):
                used[_value(self.values, name).partition("@")[0]] += 1
        for name in self.values:  # the secondary attacks' picks (d-s1-bribe, d-s2-spell)
            found = _MOMENT_FIELD.match(name)
            if found and found["side"] == self.letter and found["moment"][0] == "s" and found["what"] == what:
                if name != skip and _value(self.values, name):
                    used[_value(self.values, name).partition("@")[0]] += 1
        return used

    def stones_spent(self, rows: int, skip: int = 0) -> int:
        """The Guardian's stones the other rows' picks and every row's list already spend."""
        lists = listed_uses(self.values, self.letter, rows)
        spent = sum(used["stones"] for used in lists.values())
        for other in range(1, rows + 1):
            if (
                other not in lists
                and other != skip
                and _value(self.values, f"{self.letter}-m{other}-channel") == "guardian"
            ):
                spent += _int(_value(self.values, f"{self.letter}-m{other}-stones"), 1)
        return spent

    def channeller_fighters(self) -> list[Fighter]:
        return [_fighter(self.catalog, ref) for ref in self.channellers]

    def ranged_pick(self, number: int, rows: int) -> Pick | None:
        name = f"{self.letter}-m{number}-ranged"
        used = self._used("ranged", rows, name)
        options = [
            Option(ref, f"{_fighter(self.catalog, ref).name} (ranged {self._ranged_value(ref)})")
            for ref in self.ranged
            if not used[ref]
        ]
        if not options:
            return None
        return Pick(
            name,
            "Ranged support",
            _value(self.values, name),
            (Option("", "None"), *options),
            help="A creature set aside from the match-ups to shoot in this one.",
        )

    def _ranged_value(self, ref: str) -> str:
        card = _card(self.catalog, ref)
        return str(card.ranged_attack) if card is not None and card.ranged_attack is not None else "by its text"

    def bribe_pick(
        self, moment: str, rows: int, target: Fighter | None, label: str, shooters: Iterable[Fighter] = ()
    ) -> Pick | None:
        """A bribe on the facing creature or, aimed past it, on an opposing ranged supporter of the row
        (rule 6.5.3, ruling A-02): only cards left in the hand whose icon the creature carries."""
        name = f"{self.letter}-{moment}-bribe"
        used = self._used("bribe", rows, name)
        options = [Option(value, text) for value, text in self.bribes_on(target, shooters, used)]
        if not options:
            return None
        return Pick(name, label, _value(self.values, name), (Option("", "No bribe"), *options))

    def bribes_on(
        self, target: Fighter | None, shooters: Iterable[Fighter], used: Counter[str]
    ) -> list[tuple[str, str]]:
        found = []
        for slug, held in sorted(self.bribe_cards.items()):
            if used[slug] >= held:
                continue
            card = self.catalog.get(slug)
            if target is None:
                found.append((slug, card.name))
                continue
            if self._bribeable(target, slug):
                found.append((slug, f"{card.name} on {target.name}"))
            for shooter in shooters:
                if self._bribeable(shooter, slug):
                    found.append((f"{slug}@{shooter.ref}", f"{card.name} on {shooter.name} (ranged support)"))
        return found

    def _bribeable(self, fighter: Fighter, icon: str) -> bool:
        return any(found.value == icon for found in self.catalog.get(fighter.slug).bribery)

    def spell_pick(
        self,
        number: int,
        rows: int,
        facing: Fighter | None = None,
        shooters: Iterable[Fighter] = (),
        channellers: Iterable[Fighter] = (),
    ) -> Pick | None:
        name = f"{self.letter}-m{number}-spell"
        used = self._used("spell", rows, name)
        options = [Option(value, text) for value, text in self.spells_left(used, facing, shooters, channellers)]
        if not options:
            return None
        return Pick(name, "Spell", _value(self.values, name), (Option("", "No spell"), *options))

    def spells_left(
        self,
        used: Counter[str],
        facing: Fighter | None,
        shooters: Iterable[Fighter] = (),
        channellers: Iterable[Fighter] = (),
    ) -> list[tuple[str, str]]:
        """Each spell still in the hand, and after it each creature it may be aimed at (``@creature``)."""
        found = []
        for slug, held in sorted(self.spells.items()):
            if used[slug] >= held:
                continue
            found.append((slug, self.names[slug]))
            found += self.spell_targets(slug, facing, shooters, channellers)
        return found

    def spell_targets(
        self, slug: str, facing: Fighter | None, shooters: Iterable[Fighter], channellers: Iterable[Fighter]
    ) -> list[tuple[str, str]]:
        """The named targets a spell's ability reads (the default, without one, is given by the caller):
        one that lets a creature receive channelling (Power Lunch) the opposing creature of the match-up
        (its own is the default); an answer to a ranged attack the opposing ranged supporter whose shot it
        answers (the first shot by default); an answer to a channeller's channelling the opposing channeller
        (the first to channel by default)."""
        card, name = self.catalog.get(slug), self.names[slug]
        found = []
        if facing is not None and card.first(AllowChannelling) is not None:
            found.append((f"{slug}@{facing.ref}", f"{name} on {facing.name} (opposing)"))
        if card.first(RangedReaction) is not None:
            found += [(f"{slug}@{shooter.ref}", f"{name} on {shooter.name}'s ranged attack") for shooter in shooters]
        reaction = card.first(ChannelReaction)
        if reaction is not None and not reaction.as_ranged and reaction.effect is ChannelEffect.DESTROY_CHANNELLER:
            found += [(f"{slug}@{other.ref}", f"{name} on the channelling of {other.name}") for other in channellers]
        return found

    def secondary_spell_pick(
        self, number: int, rows: int, attacker: Fighter, channellers: Iterable[Fighter]
    ) -> Pick | None:
        """A spell cast while the opponent's secondary attacker ``number`` attacks: only an answer to its
        channelling has anything to answer there (engine.secondary_step, A-04)."""
        name = f"{self.letter}-s{number}-spell"
        used = self._used("spell", rows, name)
        channellers = list(channellers)
        options: list[Option] = []
        for slug, held in sorted(self.spells.items()):
            reaction = self.catalog.get(slug).first(ChannelReaction)
            if used[slug] >= held or reaction is None or reaction.as_ranged:
                continue
            options.append(Option(slug, self.names[slug]))
            options += [Option(v, t) for v, t in self.spell_targets(slug, None, (), channellers)]
        if not options:
            return None
        return Pick(
            name,
            f"Spell against secondary attacker {number}'s channelling ({attacker.name})",
            _value(self.values, name),
            (Option("", "No spell"), *options),
        )

    def item_choices(self, used: Counter[str]) -> list[tuple[str, str]]:
        """Hand items still in the hand that the engine applies when used as a turn (engine.turn_casts:
        Hammer of Doom); any other item would only be reported as not applied."""
        return [
            (slug, self.names[slug])
            for slug, held in sorted(self.hand_items.items())
            if used[slug] < held and any(self.catalog.get(slug).first(kind) for kind in TURN_ITEM_KINDS)
        ]

    def channel_choices(self, rows: int, fighter: Fighter) -> list[tuple[str, str]]:
        """Channel sources for the row's list: the Guardian's stones left (no more than can add anything)
        and each channeller not yet used."""
        card = self.catalog.get(fighter.slug)
        found: list[tuple[str, str]] = []
        left = self.stones - self.stones_spent(rows)
        useful = max(1, math.ceil(card.base_vitality / self.cmp)) if self.cmp else left
        for amount in range(1, min(left, useful) + 1):
            stones = f"{amount} stone{'s' if amount > 1 else ''}"
            value = "guardian" if amount == 1 else f"guardian*{amount}"
            found.append((value, f"{self.guardian_name}: {stones}, {amount * self.cmp} points"))
        used = self._used("channel", rows)
        found += [
            (ref, f"{_fighter(self.catalog, ref).name} (under a stronghold)")
            for ref in self.channellers
            if not used[ref]
        ]
        return found

    def channel_picks(self, number: int, rows: int, fighter: Fighter, lunched: bool = False) -> list[Pick]:
        """Channelling into this side's creature of the match-up: only one without a red bar (or one a
        spell such as Power Lunch opens to channelling), and no more stones than are left or than can add
        anything (the channelled points stop at its Vitality)."""
        card = self.catalog.get(fighter.slug)
        if not card.receives_channeling and not lunched:
            return []
        name = f"{self.letter}-m{number}-channel"
        stones_name = f"{self.letter}-m{number}-stones"
        used_sources = self._used("channel", rows, name)
        options = [Option("", "No channelling")]
        if self.stones > 0:
            options.append(Option("guardian", f"{self.guardian_name}: CMP {self.cmp} a stone"))
        options += [
            Option(ref, f"{_fighter(self.catalog, ref).name} (under a stronghold)")
            for ref in self.channellers
            if not used_sources[ref]
        ]
        if len(options) == 1:
            return []
        left = max(self.stones - self.stones_spent(rows, number), 1)
        useful = max(1, math.ceil(card.base_vitality / self.cmp)) if self.cmp else left
        cap = min(left, useful)
        limit = (
            f" More adds nothing: channelling stops at {fighter.name}'s Vitality {card.base_vitality}."
            if useful < left
            else ""
        )
        return [
            Pick(name, "Channel from", _value(self.values, name), tuple(options)),
            Pick(
                stones_name,
                "Stones",
                _value(self.values, stones_name) or "1",
                kind="number",
                minimum=1,
                maximum=cap,
                help=f"Guardian only; {left} left of {self.stones}.{limit}",
                quiet=_value(self.values, name) != "guardian",
            ),
        ]


def _command_pick(catalog: CardCatalog, letter: str, side: SideSetup) -> Pick:
    """The command card: a creature of the shield or a card of the hand that can be played as one."""
    options = [Option("", "No command card")]
    for ref in _refs(catalog, side):
        card = _card(catalog, ref)
        if card is not None and card.usable_as_command and (letter == "d" or card.first(CommandRelocates) is None):
            options.append(Option(ref, f"{_fighter(catalog, ref).name} (from the shield: it fights no match-up)"))
    for card in dict.fromkeys(_hand_cards(catalog, side)):
        if card.usable_as_command and (letter == "d" or card.first(CommandRelocates) is None):
            options.append(Option(card.slug, f"{card.name} (from the hand)"))
    current = side.command or ""
    if current and all(option.value != current for option in options):
        options.append(Option(current, f"{current} (as given)"))
    return Pick(f"{letter}-command", f"{SIDE_NAMES[letter].capitalize()}'s command card", current, tuple(options))


def _no_ranged_here(catalog: CardCatalog, terrain: str | None) -> bool:
    found = resolve_terrain(catalog, terrain)
    if found is None:
        return False
    card, types = found
    return Terrain.WOODS in types and (card is None or card.first(AllowsRanged) is None)


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


def build_board(
    catalog: CardCatalog, setup: CombatSetup, values: Mapping[str, str], errors: Mapping[str, str] | None = None
) -> Board:
    """The board for a set-up's shape and the picks so far (``values``: the board's form fields)."""
    if not (_known(catalog, setup.attacker) and _known(catalog, setup.defender)):
        return Board(
            ready=False,
            message="Put at least one creature in each shield (every name a known creature), then the match-ups "
            "appear here.",
        )
    sides = {"a": setup.attacker, "d": setup.defender}
    board_commands = [_command_pick(catalog, letter, side) for letter, side in sides.items()]
    # A creature a row's list places as a ranged supporter leaves the queue, as the engine plays it.
    plan = referee(setup) if setup.actions else None
    played = {"a": plan.setup.attacker, "d": plan.setup.defender} if plan is not None else sides
    queues = {letter: queue_refs(catalog, side) for letter, side in played.items()}
    picks = {letter: _SidePicks(catalog, letter, side, values) for letter, side in sides.items()}
    count = min(len(queues["a"]), len(queues["d"]), MAX_ROWS)
    board = Board(ready=True)
    board.commands = board_commands
    no_ranged = _no_ranged_here(catalog, setup.terrain)
    if no_ranged:
        board.notes.append("No ranged attacks in Woods (rule 6.9.1), so no creature is offered as ranged support.")
    refused = _refusals(plan, _card_names(catalog, setup))
    for number in range(1, count + 1):
        fighters = {letter: _fighter(catalog, queues[letter][number - 1]) for letter in sides}
        row_sides = {}
        played_from_list = bool(listed(values, number))
        for letter in sides:
            other = "d" if letter == "a" else "a"
            row_side = RowSide(letter, fighters[letter], number - 1, len(queues[letter]) - 1)
            side_picks = picks[letter]
            shooter = _value(values, f"{other}-m{number}-ranged")
            shooters = [_fighter(catalog, shooter)] if shooter and shooter in picks[other].ranged else []
            found = [
                None if no_ranged else side_picks.ranged_pick(number, count),
                side_picks.bribe_pick(f"m{number}", count, fighters[other], "Bribe", shooters),
                side_picks.spell_pick(number, count, fighters[other], shooters, picks[other].channeller_fighters()),
            ]
            lunched = _lunched(catalog, values, number, letter, fighters[letter])
            row_side.picks = [pick for pick in found if pick is not None] + side_picks.channel_picks(
                number, count, fighters[letter], lunched
            )
            if played_from_list:
                row_side.picks = []
            row_sides[letter] = row_side
        actions = _action_list(catalog, number, count, values, picks, fighters, no_ranged, errors or {})
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
    board.secondary = _secondary(catalog, queues, picks, values, count)
    board.inputs = [
        CardInputs(
            letter,
            [
                replace(pick, error=(errors or {}).get(pick.name, ""))
                for pick in _card_inputs(catalog, letter, sides[letter], sides["d" if letter == "a" else "a"], values)
            ],
        )
        for letter in sides
    ]
    _mark_made_up(board, set(made_up_slugs(setup)))
    return board


def _mark_made_up(board: Board, made_up: set[str]) -> None:
    """Flag the creatures the set-up made up, which the board names without a card link."""
    leftovers = board.secondary.leftovers if board.secondary is not None else []
    for row_side in [side for row in board.rows for side in row.sides] + leftovers:
        if row_side.fighter is not None and row_side.fighter.slug in made_up:
            row_side.fighter = replace(row_side.fighter, made_up=True)


def _lunched(catalog: CardCatalog, values: Mapping[str, str], number: int, letter: str, own: Fighter) -> bool:
    """Whether a spell picked in the row lets this side's creature receive channelling: the side's own
    Power Lunch (aimed at its creature by default) or the opponent's aimed at it."""
    for caster in ("a", "d"):
        spell, _, target = _value(values, f"{caster}-m{number}-spell").partition("@")
        card = _card(catalog, spell) if spell else None
        if card is None or card.first(AllowChannelling) is None:
            continue
        if (target or (own.ref if caster == letter else "")) == own.ref:
            return True
    return False


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
    rows: int,
    values: Mapping[str, str],
    picks: dict[str, _SidePicks],
    fighters: dict[str, Fighter],
    no_ranged: bool,
    errors: Mapping[str, str],
) -> ActionList:
    """The row's order of actions, each labelled in words, and the add control with the legal choices."""
    items = listed(values, number)
    refs = {ref: _fighter(catalog, ref).name for letter in picks for ref in _refs(catalog, picks[letter].side)}
    drawn = [
        _listed_item(index, text, _action_deed(catalog, text, fighters, refs) + _spell_timing(items, index))
        for index, text in enumerate(items)
    ]
    actions = ActionList(number, ",".join(items), drawn, errors.get(f"m{number}-actions", ""))
    state = turn_state(items)
    if state.ended:
        return actions  # both players passed in succession: the match-up is over, nothing can follow
    by_side = {
        side: _list_choices(catalog, rows, items, state, picks[side], fighters[side], fighters[other], no_ranged,
                            picks[other])
        for side, other in (("a", "d"), ("d", "a"))
    }  # fmt: skip
    actions.menu = _action_menu(LETTERS[state.turn], by_side)
    menu_values = [option.value for group in actions.menu for option in group.options]
    chosen = _value(values, menu_name(number))
    actions.chosen = chosen if chosen in menu_values else menu_values[0]
    letter = _value(values, f"m{number}-add-side") or LETTERS[state.turn]
    letter = letter if letter in SIDE_WORDS else "a"
    choices = by_side[letter]
    kinds = [kind for kind in KIND_WORDS if kind == "pass" or choices.get(kind)]
    kind = _value(values, f"m{number}-add-kind")
    kind = kind if kind in kinds else kinds[0]
    actions.adders = [
        Pick(
            f"m{number}-add-side",
            "Who",
            letter,
            tuple(Option(key, word.capitalize()) for key, word in SIDE_WORDS.items()),
        ),
        Pick(f"m{number}-add-kind", "Does", kind, tuple(Option(key, KIND_WORDS[key]) for key in kinds)),
    ]
    if kind != "pass":
        what = _value(values, f"m{number}-add-what")
        options = tuple(Option(value, text) for value, text in choices[kind])
        actions.adders.append(Pick(f"m{number}-add-what", "With", what, options))
    return actions


def _action_menu(turn: str, by_side: dict[str, dict[str, list[tuple[str, str]]]]) -> list[ActionGroup]:
    """Every action either side may add next, one group a side, whose turn it is first: the add control of the
    page without JavaScript, where one select must be right without a redraw. Each option says who and what,
    as a closed select shows the option alone."""
    groups = []
    for letter in sorted(by_side, key=lambda side: side != turn):
        who = SIDE_WORDS[letter].capitalize()
        options = [
            Option(action_text(letter, kind, value), f"{who} · {KIND_WORDS[kind]}: {text}")
            for kind in KIND_WORDS
            if kind != "pass"
            for value, text in by_side[letter].get(kind, [])
        ]
        options.append(Option(action_text(letter, "pass", ""), f"{who} · {KIND_WORDS['pass']}"))
        groups.append(ActionGroup(who + (" (next turn)" if letter == turn else ""), tuple(options)))
    return groups


def _list_choices(
    catalog: CardCatalog,
    rows: int,
    items: list[str],
    state: TurnState,
    side: _SidePicks,
    own: Fighter,
    facing: Fighter,
    no_ranged: bool,
    opponent: _SidePicks,
) -> dict[str, list[tuple[str, str]]]:
    """What one side may add to the row's list, by kind: only what it holds and has not used elsewhere."""
    letter = side.letter
    other_channellers = opponent.channeller_fighters()
    who = Side.ATTACKER if letter == "a" else Side.DEFENDER
    split = [split_item(item) for item in items]
    # A ranged supporter the opponent has just placed may be bribed at once (ruling A-02).
    placed = state.shooter_to_bribe(who)
    shooter = [_fighter(catalog, placed)] if placed is not None and _card(catalog, placed) is not None else []
    # The opponent's ranged supporters placed so far in the list, whose shots a spell may answer by name.
    placed_by_other = [
        _fighter(catalog, what) for who, kind, what in (split_item(item) for item in items)
        if who not in ("", letter) and kind == "ranged" and _card(catalog, what) is not None
    ]  # fmt: skip
    bribes = side.bribes_on(facing, shooter, side._used("bribe", rows))
    choices: dict[str, list[tuple[str, str]]] = {
        "bribe": [(v, t) for v, t in bribes if (state.may_bribe(who) and "@" not in v) or (shooter and "@" in v)],
        "bribe-back": [(v, t) for v, t in bribes if "@" not in v]
        if state.may_bribe(who) and state.answers(who)
        else [],
        "ranged": []
        if no_ranged
        else [
            (ref, f"{_fighter(catalog, ref).name} (ranged {side._ranged_value(ref)})")
            for ref in side.ranged
            if not side._used("ranged", rows)[ref] and ref not in (own.ref,)
        ],
        "spell": side.spells_left(side._used("spell", rows), facing, placed_by_other, other_channellers),
        "item": side.item_choices(side._used("item", rows)),
    }
    lunched = any(
        kind == "spell"
        and (card := _card(catalog, what.partition("@")[0])) is not None
        and card.first(AllowChannelling) is not None
        and (what.partition("@")[2] or (own.ref if who == letter else "")) == own.ref
        for who, kind, what in split
    )
    if catalog.get(own.slug).receives_channeling or lunched:
        choices["channel"] = side.channel_choices(rows, own)
    return choices


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
    catalog: CardCatalog,
    queues: dict[str, list[str]],
    picks: dict[str, _SidePicks],
    values: Mapping[str, str],
    rows: int,
) -> Secondary | None:
    letter = "a" if len(queues["a"]) > len(queues["d"]) else "d" if len(queues["d"]) > len(queues["a"]) else ""
    if not letter:
        return None
    other = "d" if letter == "a" else "a"
    leftovers = [
        RowSide(letter, _fighter(catalog, ref), rows + index, len(queues[letter]) - 1)
        for index, ref in enumerate(queues[letter][rows:])
    ]
    targets = tuple(Option(ref, _fighter(catalog, ref).name) for ref in queues[other])
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
    bribes = []
    spells = []
    for number, leftover in enumerate(leftovers, start=1):
        assert leftover.fighter is not None
        # The s<N> bribe reaches secondary attacker N (SEC-9): only icons it carries are offered.
        pick = picks[other].bribe_pick(
            f"s{number}", rows, leftover.fighter, f"Bribe secondary attacker {number} ({leftover.fighter.name})"
        )
        if pick is not None:
            bribes.append(pick)
        spell = picks[other].secondary_spell_pick(number, rows, leftover.fighter, picks[letter].channeller_fighters())
        if spell is not None:
            spells.append(spell)
    return Secondary(letter, leftovers, mode, bribes, spells)


def _card_inputs(
    catalog: CardCatalog, letter: str, side: SideSetup, opponent: SideSetup, values: Mapping[str, str]
) -> list[Pick]:
    """A roll, count or choice box for each card of this side that needs one (as the engine's checks ask)."""
    found: list[Pick] = []
    refs = _refs(catalog, side)
    others = [side.stronghold, *side.shields] if side.stronghold else list(side.shields)
    cast = [
        card.slug for card in (_card(catalog, values.get(f"{letter}-m{n}-spell", "")) for n in range(1, MAX_ROWS + 1))
        if card is not None
    ]  # fmt: skip
    cast += [split_reference(play.card)[0] for play in side.spells]
    roll_keys = [(ref, _card(catalog, ref)) for ref in refs]
    roll_keys += [(card.slug, card) for card in (_card(catalog, ref) for ref in others if ref) if card is not None]
    roll_keys += [(ref, _card(catalog, ref)) for ref in copy_references(cast)]
    for key, card in roll_keys:
        if card is not None and card.dice_needed:
            dice = card.dice_needed[0]
            name = f"{letter}-roll-{key}"
            found.append(
                Pick(
                    name,
                    f"{_label(card, key)}: dice roll ({dice})",
                    _value(values, name),
                    kind="number",
                    minimum=dice.lowest,
                    maximum=dice.highest,
                    help=f"Roll {dice} at the table and give the result, {dice.lowest} to {dice.highest}.",
                )
            )
    for key in refs:
        card = _card(catalog, key)
        if card is not None and card.count_needed:
            name = f"{letter}-count-{key}"
            found.append(
                Pick(
                    name,
                    f"{_label(card, key)}: how many",
                    _value(values, name),
                    kind="number",
                    minimum=0,
                    maximum=99,
                    help=f"Count {card.count_needed}.",
                )
            )
    offering = [(key, _card(catalog, key)) for key in refs]
    offering += [(card.slug, card) for card in _hand_cards(catalog, side)]
    seen: set[str] = set()
    for key, card in offering:
        if card is None or card.choice_offered is None or key in seen:
            continue
        seen.add(key)
        found.append(_choice_pick(catalog, letter, key, card, side, opponent, values))
    return found


def _label(card: CardDefinition, key: str) -> str:
    copy = split_reference(key)[1]
    return card.name + (f" (copy {copy})" if copy > 1 else "")


_FREE_TEXT_HELP = {
    Offer.CLASS: "A creature class, written as a slug (knight, undead ...).",
    Offer.GUESSES: "One guess per primary match-up joined by hyphens, each one of: {words}.",
    Offer.MATCHUP_CARDS: "Cards used per match-up: 2x3 for three in match-up 2, 1-3x2 for one in match-up 1 "
    "and two in match-up 3.",
    Offer.BIDS: "The final bids, the owner's then the opponent's, joined by a hyphen (3-4).",
    Offer.TERRAIN: "A terrain type or card, face-down or none.",
}


def _choice_pick(
    catalog: CardCatalog,
    letter: str,
    key: str,
    card: CardDefinition,
    side: SideSetup,
    opponent: SideSetup,
    values: Mapping[str, str],
) -> Pick:
    ability = card.choice_offered
    assert ability is not None
    offer = ability.offer()
    name = f"{letter}-choice-{key}"
    label = f"{_label(card, key)}: choice"
    blank = Option("", "The card's default")
    options: list[Option] = []
    if offer in (Offer.SIZE, Offer.OPTION):
        options = [Option(word, word.replace("-", " ")) for word in ability.option_words()]
    elif offer is Offer.OPPOSING_CREATURE:
        options = [Option(ref, _fighter(catalog, ref).name) for ref in _refs(catalog, opponent)]
    elif offer is Offer.OWN_CREATURE:
        options = [Option(ref, _fighter(catalog, ref).name) for ref in _refs(catalog, side)]
    elif offer is Offer.OPPOSING_HAND_CARD:
        options = [Option(card.slug, card.name) for card in _hand_cards(catalog, opponent)]
    elif offer is Offer.OPPOSING_ITEM:
        options = [Option(found.slug, found.name) for found in (_card(catalog, ref) for ref in opponent.items) if found]
    if offer in _FREE_TEXT_HELP:
        help_text = _FREE_TEXT_HELP[offer].format(words=", ".join(ability.option_words()))
        return Pick(name, label, _value(values, name), kind="text", help=help_text + " Blank: the card's default.")
    unique = tuple(dict.fromkeys(options))
    return Pick(name, label, _value(values, name), (blank, *unique))


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
