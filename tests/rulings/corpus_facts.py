"""Facts read straight from the rules files and rulings.json, independently of the loader,
so that tests compare what the site shows with what the files say."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules"
RULINGS_FILE = ROOT / "fixtures" / "rulings" / "rulings.json"
ENGINE_ID = re.compile(r'"((?:CMB|CMD|AOE|PRI|SEC|RES|HEAL|VAL|ENG|A|E)-\d+)"')
NUMBER_LINE = re.compile(r"^(?:## (\d+\.\d+) |(\d+\.\d+\.\d+)\. |(\d+\.\d+\.\d+[a-z]) )")
IDS_TAG = re.compile(r"\{ids: ([^}]+)\}\s*$")


def numbers_in_text(ruleset: str, text_of: dict[str, str]) -> list[str]:
    """Every number of a ruleset in file order; text_of maps a file name to its text."""
    numbers: list[str] = []
    for name in sorted(text_of):
        text = text_of[name]
        numbers.append(re.search(r"^number: (\d+)$", text, re.M)[1])  # type: ignore[index]
        for line in text.splitlines():
            match = NUMBER_LINE.match(line)
            if match:
                numbers.append(next(group for group in match.groups() if group))
    return numbers


def rule_numbers(ruleset: str) -> list[str]:
    files = {path.name: path.read_text(encoding="utf-8") for path in (RULES / ruleset).glob("*.md")}
    return numbers_in_text(ruleset, files)


def owners_of_ids() -> dict[str, str]:
    """Engine id -> the number of the standard rule whose paragraph ends with it."""
    owners: dict[str, str] = {}
    for path in sorted((RULES / "standard").glob("*.md")):
        for paragraph in path.read_text(encoding="utf-8").split("\n\n"):
            # An "Authority:" line (rules/README.md) follows the id tag and is no rule text.
            tag = IDS_TAG.search(re.sub(r"\nAuthority: [^\n]*$", "", paragraph.strip()))
            match = NUMBER_LINE.match(paragraph.strip())
            if tag and match:
                number = next(group for group in match.groups() if group)
                for code in tag[1].split(","):
                    owners[code.strip()] = number
    return owners


def engine_ids() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "engine").glob("*.py"):
        found |= set(ENGINE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def rulings() -> list[dict]:  # type: ignore[type-arg]
    return json.loads(RULINGS_FILE.read_text(encoding="utf-8"))
