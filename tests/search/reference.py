"""An independent reading of the fixtures: what each search keyword should find, computed from the
JSON files directly (never from the database or the index), so expected card sets are not typed by hand."""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from cards.abilities import describe_abilities
from core.text_analysis import stems

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "cards"
COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "=": operator.eq, ":": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge,
}  # fmt: skip
NUMBER_COLUMNS = {"vitality": "vitality", "stacking": "stacking_vitality", "ocb": "ocb", "cmp": "cmp",
                  "ranged": "ranged_attack", "up": "up_number", "shield": "shield_number"}  # fmt: skip

Record = dict[str, Any]
Predicate = Callable[[Record], bool]


@cache
def records() -> tuple[Record, ...]:
    found: list[Record] = []
    for path in sorted(FIXTURES.glob("*.json")):
        found.extend(json.loads(path.read_text()))
    return tuple(found)


def slugs(predicate: Predicate) -> set[str]:
    return {record["slug"] for record in records() if predicate(record)}


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def number(keyword: str, op: str, value: int) -> Predicate:
    column = NUMBER_COLUMNS[keyword]
    return lambda r: r[column] is not None and COMPARE[op](r[column], value)


def sets_of(record: Record) -> set[str]:
    return {printing["set"].lower() for printing in record["printings"]}


def immune_to(record: Record) -> set[str]:
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)
        elif isinstance(value, str):
            found.add(slugify(value))

    for ability in record["abilities"]:
        if ability.get("kind") == "immunity":
            if ability.get("attack_type"):
                found.add(slugify(ability["attack_type"]))
            if ability.get("aoe"):
                found.add("aoe")
            walk(ability.get("against"))
    return found


def attack_kinds(record: Record) -> set[str]:
    found = {slugify(a["type"]) for a in record["abilities"] if a.get("kind") == "attack_type" and a.get("type")}
    for ability in record["abilities"]:
        if ability.get("kind") == "aoe":
            found.add("aoe")
            if ability.get("type"):
                found.add(slugify(ability["type"]))
    if record["ranged_attack"]:
        found.add("ranged")
    return found


def terrain_modifiers(record: Record) -> dict[str, int]:
    found: dict[str, int] = {}
    for ability in record["abilities"]:
        if ability.get("kind") == "terrain_modifier":
            key = slugify(ability["terrain"])
            found[key] = found.get(key, 0) + ability["amount"]
    return found


def is_creature(record: Record) -> bool:
    return bool(record["type"] == "creature")


FLAGS: dict[str, Predicate] = {
    "flying": lambda r: bool(r["flying"]),
    "command": lambda r: bool(r["command"]),
    "unbribeable": lambda r: is_creature(r) and not r["bribery"],
    "channeler": lambda r: is_creature(r) and r["cmp"] is not None,
    "receiver": lambda r: r["receives_channeling"] is True,
    "automated": lambda r: r["automation"]["status"] == "automated",
    "starter": lambda r: any(printing["starter_only"] for printing in r["printings"]),
    "unverified": lambda r: r["set"] == "FAN",
}

RARITY_WORDS = {"common": "C", "uncommon": "U", "rare": "R"}


def has_rarity(value: str) -> Predicate:
    """A word matches every code of its letter; a code (c1) only itself."""
    if value in RARITY_WORDS:
        return lambda r: any((p["rarity"] or "").startswith(RARITY_WORDS[value]) for p in r["printings"])
    return lambda r: any((p["rarity"] or "").lower() == value for p in r["printings"])


def names_of(record: Record) -> list[str]:
    return [" ".join(name.lower().split()) for name in [record["name"], *record["aliases"]]]


def ability_lines(record: Record) -> list[str]:
    """The card's abilities in the engine's plain words, as the card page shows them (the fixtures' abilities
    are being extended, so these follow whatever the files and the engine say today)."""
    return describe_abilities(record["abilities"])


def word_texts(record: Record) -> list[str]:
    """The texts plain words are looked for in: names and aliases, the summary, the ability descriptions."""
    return ["\n".join([record["name"], *record["aliases"]]), record["summary"], "\n".join(ability_lines(record))]


def has_word(word: str) -> Predicate:
    wanted = set(stems(word))

    def check(record: Record) -> bool:
        return wanted <= set(stems(" ".join(word_texts(record))))

    return check
