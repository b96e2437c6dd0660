"""The set-up form: plain fields a browser can submit without JavaScript, turned into the notation.

Each side is one SideForm (prefix ``a`` or ``d``) whose field names are the engine's SideSetup
field names, so a problem the engine reports for ``d.bribe`` lands on the form field ``d-bribes``.
Card lists take one card per line, written as a name or a slug; decisions take the notation's own
small syntax (``2:gold``), because that is what a judge reads in a permalink.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms

from combat.board import (
    Board,
    board_decisions,
    build_board,
    is_board_field,
    move_in_order,
    pick_errors,
    row_picks_as_actions,
    values_from_setup,
)
from combat.board_actions import added_round, board_action_clauses, edit_actions, offered, row_problems
from engine.catalog import CardCatalog
from engine.enums import CardType, Terrain
from engine.errors import EngineError, NotationError, Problem
from engine.jsonform import setup_to_dict
from engine.made_up import catalog_for, made_up_slugs
from engine.notation import SIDE_KEYS, format_setup, parse_setup
from engine.setup import FACE_DOWN, CombatSetup, face_down
from engine.standard_readings import TODAY as TODAY_READINGS
from engine.standard_readings import TURN_ANSWERS
from engine.validate import STACKING_LIMIT, validate

# A small fight that shows an off-colour bonus and a ranged attack, so "Resolve" works at once.
STARTER_NOTATION = "terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer"
MAX_NOTATION_LENGTH = 2000

CARD_LIST_FIELDS = ("creatures", "items", "hand", "channellers", "earlier", "order")
DECISION_FIELDS = ("ranged", "bribes", "spells", "channels", "secondaries", "rolls", "counts", "choices")
SINGLE_CARD_FIELDS = ("command",)
_FIELD_FOR_KEY = {key: name for name, key in SIDE_KEYS.items()}
# What each part of a decision written in notation means, for the field's help and its error messages.
FIELD_SYNTAX = {
    "ranged": "Write match-up:creature: the number of the primary match-up the creature supports (1 for the "
    "first), then the creature's slug, e.g. 2:archer.",
    "bribes": "Write match-up:card: the number of the primary match-up (or s1 for the first secondary attack), "
    "then gold, babes or beer; add @creature to bribe a named opposing creature, e.g. 2:gold@archer.",
    "spells": "Write match-up:spell: the number of the match-up (s1 for the first secondary attack), then the "
    "spell's slug, e.g. 1:power-lunch.",
    "channels": "Write match-up:guardian*stones (the Guardian spends that many Power Stones) or "
    "match-up:channeller (a creature under a stronghold), e.g. 3:guardian*2.",
    "secondaries": "Write attacker>target: a creature of this side, then the opposing creature it attacks, e.g. "
    "devil-dog>fire-walker; or none for no secondary attacks. Blank: the simulator picks attacks that win.",
    "rolls": "Write card:result: the slug of the card that rolls dice, then the number rolled, e.g. "
    "mendu-sada-the-havoc:4.",
    "counts": "Write card:number: the slug of the card, then how many of what it counts, e.g. woodland-troll:2.",
    "choices": "Write card:option: the slug of the card that offers the choice, then the option taken, e.g. "
    "female-titan:small. Blank: the card's default.",
}
_SEPARATORS = re.compile(r"[\s,]+")
# The made-up cards of a set-up ride along in one hidden field, as their notation clauses: the form has no
# inputs for them, but the board and the creature lists must know them, and the permalink keep them.
MADE_UP_FIELD = "made-up"
# The hidden field that carries a set-up's reading of turn-answers (engine.standard_readings) when it is opened to
# change under another than today's (an older link): the changed set-up keeps it, now written. Absent, a set-up made
# on the form is made today and read under today's reading.
READING_FIELD = f"reading.{TURN_ANSWERS.key}"


def _slugish(text: str) -> str:
    """What an unknown name would be as a slug, so the engine's "did you mean" can name it."""
    slug, _, copy = text.strip().partition("#")
    base = re.sub(r"[^a-z0-9]+", "-", slug.lower().replace("'", "")).strip("-") or "unnamed"
    return f"{base}#{copy.strip()}" if copy.strip() else base


def card_reference(catalog: CardCatalog, text: str) -> str:
    """A name or slug written loosely (``Sand Lord``, ``archer#2``) as the slug reference."""
    slug, hash_sign, copy = text.strip().partition("#")
    card = catalog.find(slug.strip())
    if card is None:
        return _slugish(text)
    return f"{card.slug}#{copy.strip()}" if hash_sign and copy.strip() else card.slug


def card_references(catalog: CardCatalog, text: str) -> list[str]:
    """One card per line; a line that is not itself a card may hold several, split at commas."""
    references: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if catalog.find(line.partition("#")[0].strip()) is not None or "," not in line:
            references.append(card_reference(catalog, line))
        else:
            references.extend(card_reference(catalog, part) for part in line.split(",") if part.strip())
    return references


def _choices(catalog: CardCatalog, types: Iterable[CardType], blank: str) -> list[tuple[str, str]]:
    wanted = set(types)
    cards = sorted((card for card in catalog if card.type in wanted), key=lambda card: card.name)
    return [("", blank)] + [(card.slug, card.name) for card in cards]


def hand_card_names(catalog: CardCatalog) -> list[str]:
    """Every card a storage hand can hold (spells, hand items, bribery cards), for the hand's autocomplete."""
    return sorted(card.name for card in catalog if card.type.double_bordered)


def terrain_choices(catalog: CardCatalog) -> list[tuple[str, str]]:
    types = [(terrain.slug, terrain.value) for terrain in Terrain]
    cards = sorted((card for card in catalog if card.type is CardType.TERRAIN), key=lambda card: card.name)
    face_down_choice = (FACE_DOWN, "A card laid face down (no terrain type)")
    return (
        [("", "No terrain")]
        + types
        + [face_down_choice]
        + [(card.slug, f"{card.name} (terrain card)") for card in cards]
    )


class TerrainForm(forms.Form):
    terrain = forms.ChoiceField(required=False, label="Terrain of the space")
    face_down_card = forms.CharField(
        required=False,
        label="Card lying face down",
        help_text="Only with a face-down terrain, and only when a card needs to know which card it is "
        "(Reverend Smilin' Jack): its name or slug.",
    )

    def __init__(self, *args: Any, catalog: CardCatalog, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.fields["terrain"].choices = terrain_choices(catalog)  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("face_down_card", "").strip() and cleaned.get("terrain") != FACE_DOWN:
            self.add_error(
                "face_down_card",
                'Only a terrain card laid face down can name the card lying there: choose "A card laid face down" as the '
                "terrain, or empty this field.",
            )
        return cleaned

    def clause(self) -> str:
        value = self.cleaned_data.get("terrain") or ""
        hidden = (self.cleaned_data.get("face_down_card") or "").strip()
        if value == FACE_DOWN and hidden:
            return f"terrain={FACE_DOWN}:{card_reference(self.catalog, hidden)}"
        return f"terrain={value}" if value else ""


def _list_field(label: str, help_text: str, rows: int = 3) -> forms.CharField:
    return forms.CharField(
        required=False, label=label, help_text=help_text, widget=forms.Textarea(attrs={"rows": rows, "cols": 28})
    )


def _decision_field(label: str, help_text: str, placeholder: str) -> forms.CharField:
    return forms.CharField(
        required=False,
        label=label,
        help_text=help_text,
        max_length=400,
        widget=forms.TextInput(attrs={"placeholder": placeholder, "autocomplete": "off", "spellcheck": "false"}),
    )


def _count_errors(what: str) -> dict[str, str]:
    """Django's number errors said as how to fix them ("Ensure this value is ..." names neither the thing nor
    the way out)."""
    return {
        "invalid": f"Write how many {what} as a whole number, such as 2; or leave it blank.",
        "min_value": f"Write %(limit_value)s or more {what}, or leave it blank.",
        "max_value": f"At most %(limit_value)s {what}: write a smaller number.",
    }


class SideForm(forms.Form):
    """One side of the fight; ``prefix`` is the notation's side letter, ``a`` or ``d``."""

    creatures = _list_field(
        "Creatures in the shield", "One per line, by name or slug, in the order you will play them.", rows=6
    )
    guardian = forms.ChoiceField(required=False, label="Guardian")
    stones = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=30,
        label="Power stones left",
        help_text="Blank: the Guardian's own.",
        error_messages=_count_errors("Power Stones"),
    )
    stronghold = forms.ChoiceField(required=False, label="Stronghold")
    shields = forms.ChoiceField(required=False, label="Shield card")
    items = _list_field("Creature items", "One per line; each goes on the creature in the same place in the shield.")
    hand = _list_field("Storage-hand cards", "Spells, bribery cards (Babes, Gold, Beer) and hand items, one per line.")
    channellers = _list_field(
        "Channellers under strongholds", "Creatures under this player's strongholds that channel, one per line."
    )
    earlier = _list_field(
        "Played earlier this turn",
        "Cards this player played before the combat (in Draw and Organize, or just before it) whose effect lasts "
        "into it, such as Channeling Flux; one per line. Only such cards are accepted.",
    )
    command = forms.CharField(
        required=False,
        label="Command card",
        max_length=120,
        help_text="A creature in the shield or a card in the hand. Blank: none.",
    )
    dispel = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=9,
        label="Dispel Magic in the command step",
        help_text="Blank: none.",
        error_messages=_count_errors("Dispel Magic cards"),
    )
    order = _list_field(
        "Primary play order", "The creatures in the order they fight, one per line. Blank: the shield's order."
    )
    ranged = _decision_field("Ranged attackers", FIELD_SYNTAX["ranged"], "2:archer")
    bribes = _decision_field("Bribes", FIELD_SYNTAX["bribes"], "2:gold")
    spells = _decision_field("Spells", FIELD_SYNTAX["spells"], "1:power-lunch")
    channels = _decision_field("Channelling", FIELD_SYNTAX["channels"], "3:guardian*2")
    secondaries = _decision_field("Secondary attacks", FIELD_SYNTAX["secondaries"], "devil-dog>fire-walker")
    destroy_shield = forms.BooleanField(required=False, label="Destroy the shield instead of retreating if it loses")
    rolls = _decision_field("Dice rolls", FIELD_SYNTAX["rolls"], "mendu-sada-the-havoc:4")
    counts = _decision_field("Counts", FIELD_SYNTAX["counts"], "woodland-troll:2")
    choices = _decision_field("Choices", FIELD_SYNTAX["choices"], "female-titan:small")

    def __init__(self, *args: Any, catalog: CardCatalog, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.fields["guardian"].choices = _choices(  # type: ignore[attr-defined]
            catalog, [CardType.GUARDIAN], "None (Rak Nam's numbers: CMP 9, 7 stones)"
        )
        self.fields["shields"].choices = _choices(  # type: ignore[attr-defined]
            catalog, [CardType.SHIELD, CardType.STANDARD_BEARER, CardType.SHIELD_TERRAIN], "Any plain shield"
        )
        if self.prefix == "d":
            self.fields["stronghold"].choices = _choices(  # type: ignore[attr-defined]
                catalog, [CardType.STRONGHOLD], "Not in a stronghold"
            )
        else:
            del self.fields["stronghold"]

    @property
    def side_name(self) -> str:
        return "attacker" if self.prefix == "a" else "defender"

    def value_text(self, name: str) -> str:
        """The notation value of one cleaned field, '' when left at its default."""
        value = self.cleaned_data.get(name)
        if value in (None, "", False):
            return ""
        if name in CARD_LIST_FIELDS:
            return ",".join(card_references(self.catalog, str(value)))
        if name in SINGLE_CARD_FIELDS:
            return card_reference(self.catalog, str(value))
        if name in DECISION_FIELDS:
            parts = [part for part in _SEPARATORS.split(str(value).strip().lower()) if part]
            return ",".join(parts)
        if name == "destroy_shield":
            return "yes"
        return str(value)

    board_items: dict[str, list[str]] | None = None

    def clauses(self) -> list[str]:
        """The side's notation clauses; a clause the notation cannot read becomes a field error."""
        clauses = []
        for name in self.fields:
            text = self.value_text(name)
            if name in DECISION_FIELDS and self.board_items and self.board_items.get(name):
                typed = [part for part in text.split(",") if part]
                board = [item for item in self.board_items[name] if not (item == "none" and typed)]
                text = ",".join(board + [part for part in typed if part not in board])
            if not text:
                continue
            key = SIDE_KEYS[name]
            clause = f"{self.prefix}.{key}={text}" if key else f"{self.prefix}={text}"
            try:
                parse_setup(clause)
            except NotationError as exc:
                self.add_error(name, self._explained(name, key, text, exc))
                continue
            clauses.append(clause)
        return clauses

    def _explained(self, name: str, key: str, text: str, exc: NotationError) -> str:
        """A notation error said in terms of the field: which entry, and what each of its parts means."""
        if name not in FIELD_SYNTAX:
            return exc.message
        for item in text.split(","):
            try:
                parse_setup(f"{self.prefix}.{key}={item}")
            except NotationError as item_exc:
                # The engine's reason is '' when only the entry's shape is wrong: the field's syntax then says it.
                reason = f" ({item_exc.reason})" if item_exc.reason else ""
                return f"{self.fields[name].label}: \u201c{item}\u201d cannot be read{reason}. {FIELD_SYNTAX[name]}"
        return exc.message

    made_up: frozenset[str] = frozenset()

    def creature_rows(self) -> list[CreatureRow]:
        text = self.data.get(self.add_prefix("creatures"), "") if self.is_bound else self.initial.get("creatures", "")
        return creature_rows(self.catalog, card_references(self.catalog, str(text or "")), self.made_up)


def field_for_key(key: str) -> str:
    """The SideForm field a notation key of a side is written in (``bribe`` -> ``bribes``)."""
    return _FIELD_FOR_KEY.get(key, "")


# The set-up fields named by a game word, and the glossary entries (term, as read) that explain it.
FIELD_GLOSSARY: dict[str, tuple[tuple[str, str], ...]] = {
    "terrain": (("terrain", "terrain"), ("terrain bonus", "terrain bonus")),
    "face_down_card": (("face-down terrain", "face-down terrain"),),
    "guardian": (("guardian", "Guardian"), ("cmp", "CMP")),
    "stones": (("power stone", "Power Stone"),),
    "stronghold": (("stronghold", "stronghold"), ("channeller", "channeller")),
    "shields": (("shield", "shield"), ("standard bearer", "standard bearer")),
    "items": (("c item", "creature magic item"),),
    "hand": (("storage hand", "storage hand"), ("bribery card", "bribery card"), ("spell", "spell")),
    "channellers": (("channeller", "channeller"),),
    "dispel": (("dispel", "dispel"), ("command step", "command step")),
    "destroy_shield": (("retreat", "retreat"),),
}

# The words for each notation key of a side, for problems the engine names by key ("a.bribe").
SIDE_FIELD_LABELS = {key: str(SideForm.base_fields[name].label) for name, key in SIDE_KEYS.items()}


@dataclass(frozen=True)
class CreatureRow:
    """A creature as the set-up form lists it: the facts that matter when stacking a shield."""

    reference: str
    name: str
    found: bool
    vitality: int | None = None
    stacking: int = 0
    border: str = ""
    ocb: int = 0
    ocb_against: str = ""
    bribery: tuple[str, ...] = ()
    flying: bool = False
    ranged: int | None = None
    command: bool = False
    is_creature: bool = True
    # A card the set-up made up: it has no card page.
    made_up: bool = False


def creature_rows(catalog: CardCatalog, references: Iterable[str], made_up: Iterable[str] = ()) -> list[CreatureRow]:
    made_up = frozenset(made_up)
    rows = []
    for reference in references:
        card = catalog.find(reference.partition("#")[0])
        if card is None:
            rows.append(CreatureRow(reference=reference, name=reference, found=False))
            continue
        rows.append(
            CreatureRow(
                reference=card.slug,
                name=card.name,
                found=True,
                vitality=card.vitality,
                stacking=card.stacking,
                border=card.border.value if card.border else "",
                ocb=card.ocb,
                ocb_against=card.border.beats.value if card.border and card.ocb else "",
                bribery=tuple(sorted(icon.value for icon in card.bribery)),
                flying=card.flying,
                ranged=card.ranged_attack,
                command=card.command,
                is_creature=card.is_creature,
                made_up=card.slug in made_up,
            )
        )
    return rows


def stacking_total(rows: Iterable[CreatureRow]) -> int:
    return sum(row.stacking for row in rows if row.found and row.is_creature)


@dataclass
class SetupForms:
    """The terrain form and both side forms, bound to one request or filled from a set-up, and the
    match-up board's picks."""

    terrain: TerrainForm
    attacker: SideForm
    defender: SideForm
    notation: str = ""
    problems: tuple[Problem, ...] = ()
    board_values: dict[str, str] = field(default_factory=dict)
    # The set-up as far as it could be read, even with problems: what the board is drawn from.
    draft: CombatSetup = field(default_factory=CombatSetup)
    # The made-up cards (their canonical records), carried by the hidden MADE_UP_FIELD.
    made_up: tuple[str, ...] = ()
    # A reading other than today's the set-up was opened under (READING_FIELD); '' for today's.
    reading: str = ""

    @property
    def reading_clause(self) -> str:
        return f"{READING_FIELD}={self.reading}" if self.reading else ""

    @property
    def made_up_text(self) -> str:
        """The made-up cards as notation clauses, '' for none."""
        return format_setup(CombatSetup(made_up=self.made_up)) if self.made_up else ""

    @property
    def sides(self) -> tuple[SideForm, SideForm]:
        return (self.attacker, self.defender)

    @property
    def stacking_limit(self) -> int:
        return STACKING_LIMIT

    @property
    def field_problems(self) -> list[tuple[str, str, str]]:
        """Every error a field of the form carries, as (where, message, the field's id): what the page lists
        above the form when the set-up never reached the engine (a number out of range, an entry the
        notation cannot read), so the visitor learns what is wrong and can jump to it."""
        found = []
        for form, where in ((self.terrain, ""), (self.attacker, "Attacker"), (self.defender, "Defender")):
            if not form.is_bound:
                continue
            for name, errors in form.errors.items():
                if name not in form.fields:
                    continue
                bound = form[name]
                label = f"{where}, {bound.label}" if where else str(bound.label)
                # A notation field's error opens with the field's label, which the list already says.
                found.extend(
                    (label, str(error).removeprefix(f"{bound.label}: "), bound.id_for_label) for error in errors
                )
        return found

    def board(self) -> Board:
        errors = pick_errors(self.problems)
        errors.update({f"m{number}-actions": message for number, message in row_problems(self.problems).items()})
        return build_board(self.attacker.catalog, self.draft, self.board_values, errors)


def _made_up_cards(text: str) -> tuple[str, ...]:
    """The made-up cards of the hidden field; none when it cannot be read (it is only ever written by a page)."""
    try:
        return parse_setup(text).made_up if text.strip() else ()
    except NotationError:
        return ()


def _with_made_up(made_up: tuple[str, ...], catalog: CardCatalog) -> CardCatalog:
    """The catalog with the set-up's made-up cards, so the forms and the board know them by name."""
    try:
        return catalog_for(CombatSetup(made_up=made_up), catalog)
    except EngineError:
        return catalog  # a made-up card that clashes is reported by the engine's check of the set-up


def _mark_made_up(forms_: SetupForms) -> SetupForms:
    slugs = frozenset(made_up_slugs(CombatSetup(made_up=forms_.made_up)))
    for side in forms_.sides:
        side.made_up = slugs
    return forms_


def bound_forms(data: Mapping[str, Any], catalog: CardCatalog) -> SetupForms:
    values = {name: str(data.get(name, "")) for name in data if is_board_field(name)}
    made_up = _made_up_cards(str(data.get(MADE_UP_FIELD, "") or ""))
    catalog = _with_made_up(made_up, catalog)
    forms_ = SetupForms(
        terrain=TerrainForm(data, catalog=catalog),
        attacker=SideForm(data, prefix="a", catalog=catalog),
        defender=SideForm(data, prefix="d", catalog=catalog),
        board_values=values,
        made_up=made_up,
        reading=str(data.get(READING_FIELD, "") or ""),
    )
    for side in forms_.sides:
        side.board_items = board_decisions(values, side.prefix or "")
    return _mark_made_up(forms_)


# The card lists a visitor reads and types in: shown by card name, as the visitor wrote them.
NAMED_LIST_FIELDS = ("creatures", "items", "hand", "channellers", "earlier")


def _card_name(catalog: CardCatalog, reference: str) -> str:
    """A card reference as the form shows it: ``archer#2`` -> ``Archer#2``; the slug itself when the name
    would read back as another card (two printed cards may share a name)."""
    slug, hash_sign, copy = reference.partition("#")
    card = catalog.find(slug)
    if card is None or card_reference(catalog, card.name) != slug:
        return reference
    return f"{card.name}{hash_sign}{copy}"


def initial_from_setup(setup: CombatSetup, catalog: CardCatalog | None = None) -> dict[str, dict[str, Any]]:
    """Form initial values for a set-up, one dict per form (terrain, a, d); with the catalog, the card lists a
    visitor reads are filled with card names ("Change this set-up" shows what was typed, not the notation's slugs)."""
    data = setup_to_dict(setup)
    is_face_down, hidden = face_down(setup.terrain)
    initial: dict[str, dict[str, Any]] = {
        "terrain": {"terrain": FACE_DOWN, "face_down_card": hidden or ""}
        if is_face_down
        else {"terrain": setup.terrain or ""}
    }
    for letter, side in (("a", data["attacker"]), ("d", data["defender"])):
        values: dict[str, Any] = {}
        for name, value in side.items():
            if name in CARD_LIST_FIELDS:
                if catalog is not None and name in NAMED_LIST_FIELDS:
                    value = [_card_name(catalog, item) for item in value]
                values[name] = "\n".join(value)
            elif name in DECISION_FIELDS:
                values[name] = ", ".join(value) if value else ("none" if value == [] else "")
            elif name == "shields":
                values[name] = value[0] if value else ""
            else:
                values[name] = value
        initial[letter] = values
    return initial


def filled_forms(setup: CombatSetup, catalog: CardCatalog, problems: Iterable[Problem] = ()) -> SetupForms:
    """Forms showing a set-up: what fits on the board goes there, the rest into the notation fields."""
    catalog = _with_made_up(setup.made_up, catalog)
    values, rest = values_from_setup(catalog, setup)
    initial = initial_from_setup(replace(setup, attacker=rest["a"], defender=rest["d"]), catalog)
    return _mark_made_up(
        SetupForms(
            terrain=TerrainForm(initial=initial["terrain"], catalog=catalog),
            attacker=SideForm(initial=initial["a"], prefix="a", catalog=catalog),
            defender=SideForm(initial=initial["d"], prefix="d", catalog=catalog),
            notation=format_setup(setup),
            problems=tuple(problems),
            board_values=values,
            draft=setup,
            made_up=setup.made_up,
            # An older link opened to change keeps the reading it was read under (written from then on).
            reading=""
            if setup.readings.turn_answers.value == TURN_ANSWERS.default
            else setup.readings.turn_answers.value,
        )
    )


def build_notation(forms_: SetupForms, catalog: CardCatalog) -> CombatSetup | None:
    """Read the bound forms into a set-up; on any problem the forms carry it and None is returned.

    Every problem is gathered at once: field errors from the forms and the notation, then the
    engine's own check, each engine problem also attached to the field it names.
    """
    valid = all(form.is_valid() for form in (forms_.terrain, *forms_.sides))
    if not valid:
        return None
    clauses = [clause for clause in [forms_.made_up_text, forms_.terrain.clause()] if clause]
    for side in forms_.sides:
        clauses += side.clauses()
    orders = board_action_clauses(forms_.board_values)
    forms_.notation = " ".join(clauses + orders + ([forms_.reading_clause] if forms_.reading else []))
    if not forms_.notation:
        # Nothing filled in: said as the form's two empty shields, not as the notation's "give a=... and d=...".
        forms_.problems = tuple(validate(CombatSetup(), catalog))
        for problem in forms_.problems:
            _attach(forms_, problem)
        return None
    try:
        setup = parse_setup(forms_.notation)
    except NotationError as exc:
        forms_.problems = exc.problems
        if orders:
            # A mistyped order of actions must not take the board away: it is drawn from the rest.
            try:
                forms_.draft = parse_setup(" ".join(clauses))
            except NotationError:
                pass
        return None
    if not setup.readings.written:
        # Made on the form now, not an older link: read under today's reading (and printed with its clause).
        setup = replace(setup, readings=TODAY_READINGS)
    forms_.draft = setup
    forms_.notation = format_setup(setup)
    if any(side.errors for side in forms_.sides):
        return None
    forms_.problems = tuple(validate(setup, catalog))
    for problem in forms_.problems:
        _attach(forms_, problem)
    return None if forms_.problems else setup


_MOVE = re.compile(r"^(?P<letter>[ad])-(?P<position>[0-9]{1,2})-(?:(?P<way>up|down)|to-(?P<target>[0-9]{1,2}))$")


def moved(data: Mapping[str, Any], catalog: CardCatalog, move: str) -> dict[str, Any] | None:
    """The form data with one creature moved in its side's play order: a place up or down (``a-2-up``,
    the buttons) or to another place (``a-2-to-0``, dragging)."""
    found = _MOVE.match(move)
    if found is None:
        return None
    letter, position = found["letter"], int(found["position"])
    target = int(found["target"]) if found["target"] else position + (-1 if found["way"] == "up" else 1)
    forms_ = bound_forms(data, catalog)
    build_notation(forms_, catalog)
    side = forms_.draft.attacker if letter == "a" else forms_.draft.defender
    order = move_in_order(catalog, side, position, target)
    changed = {name: data.get(name) for name in data}
    changed[f"{letter}-order"] = order.replace(",", "\n")
    return changed


def acted(data: Mapping[str, Any], act: str, catalog: CardCatalog) -> dict[str, Any] | None:
    """The form data after one button of a row's order of actions (``m1-add``, ``m1-2-up`` ...).

    An action is added only if the row, drawn from the same data, offers it: a third select drawn for
    another side or kind (a stale page) is refused, and the form comes back with the choices for the new
    ones. Without JavaScript the page adds from its one select of every next action, which is never stale."""
    number = added_round(act)
    if number:
        forms_ = bound_forms(data, catalog)
        build_notation(forms_, catalog)
        rows = forms_.board().rows
        row = rows[number - 1].actions if number <= len(rows) else None
        if row is None or not offered(row, data, act):
            return None
    return edit_actions(data, act, row_picks_as_actions)


# What to do about the problems a newcomer meets most, by the problem's stable code: the engine says what is
# wrong, the form says how to put it right.
FIX_HINTS = {
    "setup.empty_shield": "Add at least one creature to it.",
    "setup.stacking_over_limit": f"Take creatures out until the shield stacks {STACKING_LIMIT} points or fewer.",
    "setup.not_a_creature": "Take it out of the shield: spells, bribery cards and hand items go in the storage hand.",
    "setup.bad_reference": "Write the creature once for each copy: Archer on two lines is two Archers.",
    "setup.not_a_hand_card": "Put creatures in the shield: the storage hand keeps the other cards.",
    "setup.not_a_creature_item": "Only a creature magic item goes on a creature; a hand item goes in the storage hand.",
    "setup.too_many_items": "Remove items, or add creatures to carry them.",
    "setup.too_many_stones": "Write a smaller number, or leave the field blank for the Guardian's own.",
    "setup.missing_bribery_card": "Add the card to the storage hand, or remove the bribe.",
    "setup.missing_dispel_magic": "Add Dispel Magic to the storage hand, or lower the number.",
    "setup.spell_not_in_hand": "Add the spell to the storage hand, or remove the spell.",
}


def distinct_problems(problems: Iterable[Problem]) -> list[tuple[Problem, int]]:
    """Each distinct problem once, in the order first met, with how many times it was found: a card typed
    three times into one list is one thing to fix, not three identical lines."""
    counts: Counter[tuple[str, str, str, str]] = Counter()
    first: dict[tuple[str, str, str, str], Problem] = {}
    for problem in problems:
        key = (problem.code, problem.field, problem.card, problem.message)
        counts[key] += 1
        first.setdefault(key, problem)
    return [(problem, counts[key]) for key, problem in first.items()]


def with_fix(text: str, problem: Problem) -> str:
    """A problem's sentence followed by how to fix it, when the form knows how."""
    hint = FIX_HINTS.get(problem.code)
    return f"{text.rstrip('.')}. {hint}" if hint else text


def unknown_card_detail(problem: Problem, catalog: CardCatalog) -> str:
    """An unknown card said for someone who types names as well as for someone who writes slugs: the nearest
    cards, each by its slug and its name ("did you mean sand-lord (Sand Lord)?"); '' for any other problem."""
    if problem.code != "setup.unknown_card" or not problem.card:
        return ""
    near = [catalog.get(slug) for slug in catalog.suggest(problem.card)]
    hint = " or ".join(f"{card.slug} ({card.name})" for card in near)
    return f"no card called {problem.card!r}" + (f"; did you mean {hint}?" if hint else "")


def _attach(forms_: SetupForms, problem: Problem) -> None:
    """An engine problem under the field it names, said without the notation key the field's label stands for
    (``d.bribe: 2 Gold bribe(s) planned ...`` under Bribes reads ``2 Gold bribe(s) planned ...``)."""
    letter, _, key = problem.field.partition(".")
    detail = unknown_card_detail(problem, forms_.attacker.catalog) or problem.detail
    said = with_fix(detail[:1].upper() + detail[1:] if detail else problem.message, problem)
    if problem.field == "terrain":
        forms_.terrain.add_error("terrain", said)
        return
    side = {"a": forms_.attacker, "d": forms_.defender}.get(letter)
    name = _FIELD_FOR_KEY.get(key) if key else "creatures"
    if side is not None and name in side.fields and said not in side.errors.get(name, ()):
        side.add_error(name, said)
