"""Turn the LackeyCCG card table and the fan-page harvest into the project's card fixtures.

The raw table holds the printed statistics; the harvest holds our own-words summaries and the
sources. This module reads both, repairs the raw table's known quirks (recording every repair on
the card it touched), merges the cards printed twice, and returns plain dictionaries in the
fixture format. It never copies the printed card text.

Pure Python on purpose: the tests exercise it without a database, and the management command
``import_sources`` only decides where the files go.
"""

from __future__ import annotations

import csv
import json
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.choices import COMMAND_CARD_TYPES
from cards.choices import OCB_AGAINST as CHOICES_OCB_AGAINST

OFFICIAL_SETS = ("RE", "DI", "DN", "NP", "PR")
FAN_SETS = ("Events", "Adventure")

RAW_TYPE_TO_CARD_TYPE = {
    "mortal": "creature",
    "elemental": "creature",
    "external": "creature",
    "spell": "spell",
    "shield": "shield",
    "item/hand": "hand_item",
    "item/creature": "creature_item",
    "item/accessory": "accessory",
    "standard bearer": "standard_bearer",
    "stronghold": "stronghold",
    "terrain": "terrain",
    "guardian": "guardian",
    "shield/terrain": "shield_terrain",
    "upgrade": "stronghold_upgrade",
    "downgrade": "stronghold_downgrade",
    "bribery": "bribery",
}

# The off-colour cycle (the engine's, through cards.choices): each border's bonus applies against the next one.
OCB_AGAINST = {str(border): str(beaten) for border, beaten in CHOICES_OCB_AGAINST.items()}

SIZES = {"S": "small", "M": "medium", "L": "large"}

HARVEST_SET_NAMES = {
    "RE": ("Revised", "Starter"),
    "DI": ("Dagger Isle",),
    "DN": ("Drifters Nexus",),
    "NP": ("Necropolis Park",),
    "PR": ("Promo",),
}

# Where a card file goes; one fixture file per set keeps reviews small.
SET_FILES = {
    "RE": "base_set.json",
    "DI": "dagger_isle.json",
    "DN": "drifters_nexus.json",
    "NP": "necropolis_park.json",
    "PR": "promos.json",
    "FAN": "fan_pages.json",
}

# Every way the image names spell a rarity, at the end of the name (before ``-horizontal`` on cards
# laid sideways): the full word and a number (base set, Dagger Isle: ``Common2``), Necropolis Park's
# ``Uncom1``-``Uncom3``, Drifter's Nexus' short codes ``C1``-``R4``, the basic terrains' ``CommonSp``,
# and ``Starter`` for starter-only cards. The token read is kept on each printing.
RARITY_TOKEN = re.compile(
    r"(?P<token>(?P<word>Common|Uncommon|Uncom|Rare)(?P<number>Sp|\d*)|(?P<letter>[CUR])(?P<digit>\d)|Starter)"
    r"(?:-horizontal)?\.png$"
)

# Spelling slips in the raw table, checked against the fan pages; the raw spelling stays an alias.
NAME_CORRECTIONS = {
    "Rouge Spectre": "Rogue Specter",
    "Preist of Horus": "Priest of Horus",
    "Tes let, Leader with Foresight": "Tes Let, Leader with Foresight",
    "Sikura, Preceptor of  Prophets": "Sikura, Preceptor of Prophets",
    "Helm of the BrotherHood": "Helm of the Brotherhood",
    "McHooter s Distraction": "McHooter's Distraction",
}

# Class typos in the raw table; the fan pages and the other cards of the class agree on these.
CLASS_CORRECTIONS = {"Misc Human": "Misc. Human", "Undeal": "Undead", "Saurina": "Saurian"}

STRONGHOLD_NAME = re.compile(r"^(?P<group>.+?)\s+(?P<pos>C|L|R|Center|Left|Right)$")
STRONGHOLD_GROUPS = {"Khnumian": "Khnumian Stronghold", "Necropolis Park": "Necropolis Park Stronghold"}
POSITIONS = {"C": "Center", "L": "Left", "R": "Right"}

# Printed text beats a transcribed stat column: these are settled by the card's own rules text.
STAT_CORRECTIONS: dict[tuple[str, str], tuple[str, Any, str]] = {
    ("Rock Giant", "ranged_attack"): (
        "ranged_attack",
        6,
        "Ranged attack set to 6 from the printed text; the raw table's ranged column says 4.",
    ),
    # The table's 6 sits in the channeller column, but the card's only text is a 6-point ranged
    # attack; every other ranged creature has its value in the ranged column, and the fan pages agree.
    ("Doomwing", "ranged_attack"): (
        "ranged_attack",
        6,
        "Ranged attack set to 6 from the printed text; the raw table put the 6 in the channeller column.",
    ),
    ("Doomwing", "cmp"): (
        "cmp",
        None,
        "CMP left empty: the 6 in the table's channeller column is the printed ranged attack, not a CMP.",
    ),
}


# Card types whose command ability only the fan pages record (the table's column covers creatures).
COMMAND_FROM_FAN_PAGES = frozenset(str(card_type) for card_type in COMMAND_CARD_TYPES) - {"creature"}

# Harvest notes that describe an earlier state of the project's data; the rest of the note stands.
NOTE_CORRECTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "Rock Giant": (("Left null;", "The project follows the printed text (6, recorded as a repair);"),),
}


@dataclass
class RawRow:
    """One row of the Lackey table after whitespace clean-up, with the repairs it needed."""

    line: int
    name: str
    set_code: str
    image: str
    raw_type: str
    cls: str
    flying: bool
    size: str
    vitality: int | None
    stacking: int | None
    ocb: int | None
    babes: bool
    gold: bool
    beer: bool
    receives: bool
    channeler: int | None
    ranged: int | None
    command: bool
    stones: int | None
    base_draw: int | None
    ldl: int | None
    mdl: int | None
    luc: int | None
    fixes: list[str] = field(default_factory=list)


class ImportProblem(ValueError):
    """A raw row the importer cannot make sense of; names the line and the field."""


def _int_or_none(value: str, line: int, column: str) -> int | None:
    value = value.strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError as exc:
        raise ImportProblem(f"line {line}: column {column!r} holds {value!r}, not a whole number") from exc


def read_raw_rows(path: Path) -> list[RawRow]:
    """Read every official-set row of the Lackey table, repairing the known quirks."""
    rows: list[RawRow] = []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader)
        for line, values in enumerate(reader, start=2):
            if len(values) != len(header):
                raise ImportProblem(f"line {line}: {len(values)} fields, expected {len(header)}")
            record = dict(zip(header, values, strict=True))
            if record["Set"] in FAN_SETS:
                continue
            if record["Set"] not in OFFICIAL_SETS:
                raise ImportProblem(f"line {line}: unknown set {record['Set']!r}")
            rows.append(_clean_row(line, record))
    return rows


def _clean_row(line: int, record: dict[str, str]) -> RawRow:
    fixes: list[str] = []
    name = record["Name"]
    if name != name.strip():
        fixes.append(f"Name trimmed of padding ({name!r}).")
    name = name.strip()
    if name in NAME_CORRECTIONS:
        fixes.append(f"Name spelling corrected from {name!r}.")
        name = NAME_CORRECTIONS[name]
    if record["Type"].strip() == "stronghold":
        match = STRONGHOLD_NAME.match(name)
        if match is None:
            raise ImportProblem(f"line {line}: stronghold name {name!r} does not end in its position")
        group = STRONGHOLD_GROUPS.get(match["group"], match["group"])
        position = POSITIONS.get(match["pos"], match["pos"])
        renamed = f"{group} ({position})"
        if renamed != name:
            fixes.append(f"Stronghold name {name!r} written out as {renamed!r}.")
        name = renamed
    cls = record["Class"]
    if cls and cls != cls.strip():
        fixes.append("Class trimmed of padding.")
    cls, class_fixes = _correct_classes(cls.strip())
    fixes.extend(class_fixes)
    size = record["Size"]
    if size and size != size.strip():
        fixes.append(f"Size {size!r} normalised.")
    gold_flag = record["Gold"].strip()
    beer_flag = record["Beer"].strip()
    gold = gold_flag == "G"
    beer = beer_flag == "B"
    if gold_flag == "B":
        # Rock Giant's Beer letter sits one column early in the raw table.
        beer, gold = True, False
        fixes.append("Beer bribery flag found in the Gold column and moved to Beer.")
    elif gold_flag and gold_flag != "G":
        raise ImportProblem(f"line {line}: Gold column holds {gold_flag!r}")
    return RawRow(
        line=line,
        name=name,
        set_code=record["Set"],
        image=record["ImageFile"].split(",")[0].strip(),
        raw_type=record["Type"].strip(),
        cls=cls.strip(),
        flying=record["Flying"].strip() == "F",
        size=size.strip(),
        vitality=_int_or_none(record["Vitality"], line, "Vitality"),
        stacking=_int_or_none(record["Vit. Red"], line, "Vit. Red"),
        ocb=_int_or_none(record["OCB"], line, "OCB"),
        babes=record["Babes"].strip() == "L",
        gold=gold,
        beer=beer,
        receives=record["Channeling"].strip() == "C",
        channeler=_int_or_none(record["Channeler"], line, "Channeler"),
        ranged=_int_or_none(record["Ranged attack"], line, "Ranged attack"),
        command=record["Command"].strip() == "Y",
        stones=_int_or_none(record["Power stones"], line, "Power stones"),
        base_draw=_int_or_none(record["basic draw"], line, "basic draw"),
        ldl=_int_or_none(record["LDL"], line, "LDL"),
        mdl=_int_or_none(record["MDL"], line, "MDL"),
        luc=_int_or_none(record["LUC"], line, "LUC"),
        fixes=fixes,
    )


def _correct_classes(cls: str) -> tuple[str, list[str]]:
    parts = split_classes(cls)
    fixes = [
        f"Class spelling corrected from {part!r} to {CLASS_CORRECTIONS[part]!r}."
        for part in parts
        if part in CLASS_CORRECTIONS
    ]
    return "/".join(CLASS_CORRECTIONS.get(part, part) for part in parts), fixes


def slugify(name: str) -> str:
    """A stable permalink slug: ASCII, lower case, words joined by hyphens, apostrophes dropped."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = text.replace("'", "").replace("’", "")
    text = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return text


@dataclass(frozen=True)
class RarityReading:
    """What an image name says about a printing's rarity, and how it was read."""

    code: str | None
    starter_only: bool
    token: str
    note: str | None = None


def rarity_from_image(image: str) -> RarityReading:
    """The rarity code an image name carries, whether it marks a starter-only card, and the token read."""
    match = RARITY_TOKEN.search(image)
    if match is None:
        return RarityReading(None, False, "")
    token = match["token"]
    if token == "Starter":
        return RarityReading(None, True, token)
    if match["letter"]:
        return RarityReading(match["letter"] + match["digit"], False, token)
    letter, number = match["word"][0], match["number"]
    if number == "Sp":
        return RarityReading(letter, False, token, f"Rarity {letter} read from {token!r} (basic terrain): no number.")
    if len(number) > 1:
        return RarityReading(
            letter, False, token, f"Rarity {letter} read from {token!r}: {number!r} is not one rarity number."
        )
    return RarityReading(letter + number, False, token)


def split_classes(cls: str) -> list[str]:
    return [part.strip() for part in cls.split("/") if part.strip()]


def load_harvest(path: Path) -> dict[tuple[str, str | None], dict[str, Any]]:
    harvest: dict[tuple[str, str | None], dict[str, Any]] = {}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            record = json.loads(line)
            harvest[(record["name"], record["set"])] = record
    return harvest


def _harvest_for(row: RawRow, harvest: dict[tuple[str, str | None], dict[str, Any]]) -> dict[str, Any]:
    for set_name in HARVEST_SET_NAMES[row.set_code]:
        found = harvest.get((row.name, set_name))
        if found is not None:
            return found
    raise ImportProblem(f"line {row.line}: no harvest record for {row.name!r} in set {row.set_code}")


def _bribery(row: RawRow) -> list[str]:
    return [kind for kind, present in (("babes", row.babes), ("gold", row.gold), ("beer", row.beer)) if present]


def _card_from_row(row: RawRow, facts: dict[str, Any]) -> dict[str, Any]:
    card_type = RAW_TYPE_TO_CARD_TYPE.get(row.raw_type)
    if card_type is None:
        raise ImportProblem(f"line {row.line}: unknown card type {row.raw_type!r} for {row.name!r}")
    is_creature = card_type == "creature"
    border = row.raw_type if is_creature else None
    reading = rarity_from_image(row.image)
    rarity = reading.code
    card: dict[str, Any] = {
        "slug": slugify(row.name),
        "name": row.name,
        "aliases": list(facts.get("aliases") or []),
        "type": card_type,
        "set": row.set_code,
        "printings": [
            {
                "set": row.set_code,
                "rarity": rarity,
                "rarity_read_from": reading.token,
                "starter_only": reading.starter_only,
                "image": row.image,
                "classes": split_classes(row.cls),
            }
        ],
        "border": border,
        "vitality": row.vitality if card_type in ("creature", "guardian") else None,
        "stacking_vitality": row.stacking if is_creature else None,
        "ocb": row.ocb if is_creature else None,
        "ocb_against": OCB_AGAINST[border] if border and row.ocb else None,
        "cmp": row.channeler,
        "receives_channeling": row.receives if is_creature else None,
        "bribery": _bribery(row) if is_creature else [],
        "classes": split_classes(row.cls) if is_creature else [],
        "size": SIZES.get(row.size) if is_creature else None,
        "flying": row.flying if is_creature else False,
        "ranged_attack": row.ranged if is_creature else None,
        "command": _command(row, card_type, facts),
        "up_number": row.vitality,
        "guardian": None,
        "stronghold": None,
        "terrain_types": [],
        "shield_number": row.vitality if card_type in ("shield", "standard_bearer", "shield_terrain") else None,
        "rarity": rarity,
        "summary": facts["summary"],
        "abilities": [],
        "automation": _initial_automation(card_type),
        "provenance": {
            "sources": list(facts.get("sources") or []),
            "confidence": facts.get("confidence") or "stated",
            "notes": [facts["notes"]] if facts.get("notes") else [],
            "import_fixes": list(row.fixes),
        },
    }
    if reading.note:
        card["provenance"]["import_fixes"].append(reading.note)
    if card["command"] != row.command:
        card["provenance"]["import_fixes"].append(
            "Command flag set from the fan pages: the table's Command column marks only creatures."
        )
    card["provenance"]["notes"] = [_corrected_note(row.name, note) for note in card["provenance"]["notes"]]
    if row.size and row.size not in SIZES:
        raise ImportProblem(f"line {row.line}: unknown size {row.size!r} for {row.name!r}")
    if card_type == "guardian":
        card["guardian"] = {
            "vitality": row.vitality,
            "cmp": row.channeler,
            "stones": row.stones,
            "base_draw": row.base_draw,
            "ldl": row.ldl,
            "mdl": row.mdl,
            "luc": row.luc,
        }
    if card_type == "stronghold":
        card["stronghold"] = _stronghold(row.name, facts)
    if facts.get("terrain_type"):
        card["terrain_types"] = [part.strip() for part in facts["terrain_type"].split("+")]
    for (name, _field), (target, value, note) in STAT_CORRECTIONS.items():
        if name == row.name:
            card[target] = value
            card["provenance"]["import_fixes"].append(note)
    _cross_check(card, facts)
    return card


def _command(row: RawRow, card_type: str, facts: dict[str, Any]) -> bool:
    """The table flags command creatures only; spells and items with a command ability come from the fan pages."""
    if card_type in COMMAND_FROM_FAN_PAGES and facts.get("command"):
        return True
    return row.command


def _corrected_note(name: str, note: str) -> str:
    for stale, current in NOTE_CORRECTIONS.get(name, ()):
        note = note.replace(stale, current)
    return note


def _stronghold(name: str, facts: dict[str, Any]) -> dict[str, Any]:
    info = dict(facts.get("stronghold") or {})
    group = re.sub(r"\s*\((Left|Right|Center|Centre)\)\s*$", "", name)
    group = re.sub(r"\s+(Left|Right|Center|Centre)$", "", group)
    return {
        "group": group,
        "position": info.get("position"),
        "defend_bonus": info.get("defend_bonus"),
        "counts_as_terrain": info.get("counts_as_terrain"),
    }


def _initial_automation(card_type: str) -> dict[str, str]:
    if card_type in ("shield", "terrain", "bribery"):
        return {"status": "automated", "reason": ""}
    return {"status": "not_automated", "reason": "Ability not yet written as engine data."}


_CROSS_CHECKED = (
    ("vitality", "vitality"),
    ("stacking_vitality", "stacking_vitality"),
    ("ocb", "ocb"),
    ("ranged_attack", "ranged_attack"),
    ("flying", "flying"),
)


def _cross_check(card: dict[str, Any], facts: dict[str, Any]) -> None:
    """Note on the card wherever the fan-page harvest disagrees with the table."""
    if card["type"] != "creature":
        return
    for ours, theirs in _CROSS_CHECKED:
        other = facts.get(theirs)
        if other is None or card[ours] is None:
            continue
        if other != card[ours]:
            card["provenance"]["notes"].append(
                f"Sources disagree on {ours.replace('_', ' ')}: table {card[ours]}, fan pages {other}."
            )
    harvest_bribery = facts.get("bribery")
    if harvest_bribery is not None and sorted(harvest_bribery) != sorted(card["bribery"]):
        card["provenance"]["notes"].append(
            f"Sources disagree on bribery icons: table {card['bribery']}, fan pages {harvest_bribery}."
        )


def _merge_printing(card: dict[str, Any], row: RawRow, other: dict[str, Any]) -> None:
    """Fold a second printing of the same card into the first one's record."""
    card["printings"].extend(other["printings"])
    for note in other["provenance"]["import_fixes"]:
        if note not in card["provenance"]["import_fixes"]:
            card["provenance"]["import_fixes"].append(note)
    for source in other["provenance"]["sources"]:
        if source not in card["provenance"]["sources"]:
            card["provenance"]["sources"].append(source)
    differences = [
        key
        for key in ("vitality", "stacking_vitality", "ocb", "bribery", "size", "flying", "classes", "ranged_attack")
        if card[key] != other[key]
    ]
    for key in differences:
        card["provenance"]["notes"].append(
            f"Printings differ on {key.replace('_', ' ')}: {card['printings'][0]['set']} {card[key]!r}, "
            f"{row.set_code} {other[key]!r} (line {row.line}); the first printing's value is shown."
        )
    if "classes" in differences and row.name == "Fangis the Hunter":
        card["provenance"]["notes"].append(
            "The Henchman class of the second printing is a misprint for Animal (fan-page errata)."
        )


def build_cards(raw_path: Path, harvest_path: Path) -> list[dict[str, Any]]:
    """Every printed card once, in table order, with its printings merged."""
    harvest = load_harvest(harvest_path)
    cards: dict[str, dict[str, Any]] = {}
    order: list[str] = []
    for row in read_raw_rows(raw_path):
        card = _card_from_row(row, _harvest_for(row, harvest))
        existing = cards.get(card["slug"])
        if existing is None:
            cards[card["slug"]] = card
            order.append(card["slug"])
        elif existing["name"] == card["name"]:
            _merge_printing(existing, row, card)
        else:
            raise ImportProblem(f"line {row.line}: slug {card['slug']!r} already used by {existing['name']!r}")
    for record in harvest.values():
        if record["set"] is None:
            card = _fan_page_card(record)
            if card["slug"] in cards:
                raise ImportProblem(f"fan-page card {record['name']!r} collides with a printed card")
            cards[card["slug"]] = card
            order.append(card["slug"])
    return [cards[slug] for slug in order]


def _fan_page_card(record: dict[str, Any]) -> dict[str, Any]:
    """Cards known only from a fan page (Mud Castle): kept, but clearly marked unverified."""
    if record["card_type"] != "stronghold":
        raise ImportProblem(f"unexpected fan-page card type {record['card_type']!r} for {record['name']!r}")
    return {
        "slug": slugify(record["name"]),
        "name": record["name"],
        "aliases": list(record.get("aliases") or []),
        "type": "stronghold",
        "set": "FAN",
        "printings": [
            {"set": "FAN", "rarity": None, "rarity_read_from": "", "starter_only": False, "image": "", "classes": []}
        ],
        "border": None,
        "vitality": None,
        "stacking_vitality": None,
        "ocb": None,
        "ocb_against": None,
        "cmp": None,
        "receives_channeling": None,
        "bribery": [],
        "classes": [],
        "size": None,
        "flying": False,
        "ranged_attack": None,
        "command": False,
        "up_number": None,
        "guardian": None,
        "stronghold": _stronghold(record["name"], record),
        "terrain_types": [],
        "shield_number": None,
        "rarity": None,
        "summary": record["summary"],
        "abilities": [],
        "automation": _initial_automation("stronghold"),
        "provenance": {
            "sources": list(record.get("sources") or []),
            "confidence": "partial",
            "notes": [
                "Known only from a fan page appended to one copy of the combat rules (seed 002); "
                "not in the official card lists, so it may be fan-made. Treat as unverified."
            ],
            "import_fixes": [],
        },
    }


# Fields a reviewer writes by hand; a re-import keeps them instead of the harvest's first draft.
HAND_WRITTEN = ("summary", "abilities", "automation")


def merge_reviewed(fresh: Iterable[dict[str, Any]], reviewed: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    merged = []
    for card in fresh:
        previous = reviewed.get(card["slug"])
        if previous:
            for key in HAND_WRITTEN:
                if key in previous:
                    card[key] = previous[key]
        merged.append(card)
    return merged


def group_by_file(cards: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    files: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for card in cards:
        files[SET_FILES[card["set"]]].append(card)
    return dict(files)
