"""A history for every rule (issue #32, item 4): the text of each published version of the rules, kept in the
repository, and what changed between any two of them.

Each version listed in rules/CHANGES.md has a snapshot, ``rules/versions/<version>.json``: every rule's title
and text and every glossary definition as that version published them. The snapshots are data in the
repository, made once per version by ``manage.py snapshot_rules`` (from the working tree, or for a past version
from a git revision); the site reads only the files, so a clean clone, an archive without git history or a
shallow CI checkout shows the same history. Reading git at build time was the other choice: it needs the full
history on every machine that builds the site, and a rebased or squashed branch would change a published diff.
A snapshot, once published, never changes (a test pins each file's hash), so a diff permalink keeps its content.

Pure Python over the corpus parser: no database, so the pages, the command and the tests share it.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from dataclasses import dataclass
from datetime import date
from enum import Enum
from functools import cache
from pathlib import Path

from rulings.corpus import RE_VERSION, _parse_glossary, _parse_ruleset

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"
VERSIONS = RULES / "versions"
CHANGES = RULES / "CHANGES.md"
RULESETS = ("standard", "arena")
VERSION_NAME = re.compile(r"^\d+(?:\.\d+){1,3}$")


class ChangeKind(str, Enum):
    """What a change to a rule is. ``CHANGES.md`` marks a bullet "(substance)" or "(wording)"; a change it
    does not mark is shown as unmarked, never guessed to be wording."""

    SUBSTANCE = "substance"
    WORDING = "wording"
    ADDED = "added"
    WITHDRAWN = "withdrawn"
    UNMARKED = "unmarked"

    @property
    def label(self) -> str:
        return {"substance": "Change of substance", "wording": "Wording", "added": "Added", "withdrawn": "Withdrawn",
                "unmarked": "Change not marked"}[self.value]  # fmt: skip


@dataclass(frozen=True)
class Snapshot:
    version: str
    released: date
    source: str
    rules: dict[str, dict[str, tuple[str, str]]]  # ruleset -> number -> (title, text)
    glossary: dict[str, str]


@dataclass(frozen=True)
class Version:
    version: str
    released: date


@dataclass(frozen=True)
class Word:
    """A piece of a word diff: ``op`` is "same", "removed" or "added"."""

    op: str
    text: str


@dataclass(frozen=True)
class RuleChange:
    ruleset: str
    number: str
    kind: ChangeKind
    before: str
    after: str
    words: tuple[Word, ...]
    notes: tuple[str, ...]  # the CHANGES.md bullets of the newer version that name this rule

    @property
    def anchor(self) -> str:
        return f"{self.ruleset}-{self.number}"


@dataclass(frozen=True)
class HistoryItem:
    """One version in which a rule changed: when, what kind, the text before and after, and why."""

    version: str
    released: date
    change: RuleChange


def snapshot_path(version: str) -> Path:
    if not VERSION_NAME.match(version):
        raise ValueError(f"not a version name: {version!r}")
    return VERSIONS / f"{version}.json"


def versions() -> list[Version]:
    """Every version of rules/CHANGES.md, oldest first."""
    found = []
    for line in CHANGES.read_text(encoding="utf-8").splitlines():
        match = RE_VERSION.match(line[3:].strip()) if line.startswith("## ") else None
        if match:
            found.append(Version(match[1], date.fromisoformat(match[2])))
    return sorted(found, key=lambda version: _key(version.version))


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def read_text_of(root: Path) -> tuple[dict[str, dict[str, tuple[str, str]]], dict[str, str]]:
    """The rules and glossary under ``root`` (a folder holding ``rules/``), parsed as the loader parses them."""
    rules = {
        ruleset: {entry.number: (entry.title, entry.text) for entry in _parse_ruleset(root / "rules" / ruleset, root)}
        for ruleset in RULESETS
    }
    glossary = {term.term: term.definition for term in _parse_glossary(root / "rules" / "glossary.md", root)}
    return rules, glossary


def snapshot_json(version: str, released: date, source: str, root: Path) -> str:
    rules, glossary = read_text_of(root)
    data = {
        "version": version,
        "released": released.isoformat(),
        "source": source,
        "rules": {ruleset: {number: {"title": title, "text": text} for number, (title, text) in entries.items()}
                  for ruleset, entries in rules.items()},  # fmt: skip
        "glossary": glossary,
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


@cache
def snapshot(version: str) -> Snapshot:
    """A stored version; FileNotFoundError when none is stored under that name."""
    data = json.loads(snapshot_path(version).read_text(encoding="utf-8"))
    return Snapshot(
        version=data["version"],
        released=date.fromisoformat(data["released"]),
        source=data["source"],
        rules={ruleset: {number: (item["title"], item["text"]) for number, item in entries.items()}
               for ruleset, entries in data["rules"].items()},  # fmt: skip
        glossary=dict(data["glossary"]),
    )


def stored() -> list[Version]:
    """The versions with a snapshot, oldest first."""
    return [version for version in versions() if snapshot_path(version.version).is_file()]


def file_digest(version: str) -> str:
    return hashlib.sha256(snapshot_path(version).read_bytes()).hexdigest()


def _bullets(body: str) -> list[str]:
    """A CHANGES.md section's bullets, each joined onto one line."""
    bullets: list[str] = []
    for line in body.splitlines():
        if line.startswith("- "):
            bullets.append(line[2:].strip())
        elif line.startswith("  ") and bullets:
            bullets[-1] += " " + line.strip()
    return bullets


@cache
def change_notes() -> dict[str, list[str]]:
    """Each version's bullets in rules/CHANGES.md."""
    notes: dict[str, list[str]] = {}
    version, body = "", []
    for line in [*CHANGES.read_text(encoding="utf-8").splitlines(), "## end"]:
        if line.startswith("## "):
            if version:
                notes[version] = _bullets("\n".join(body))
            match = RE_VERSION.match(line[3:].strip())
            version, body = (match[1] if match else ""), []
        else:
            body.append(line)
    return notes


def _names(bullet: str, ruleset: str, number: str) -> bool:
    """Whether a bullet names this rule: its number as a word, in a bullet about that rule set."""
    arena_bullet = "Arena" in bullet.split(":", 1)[0] or bullet.startswith("Guardians Arena")
    if (ruleset == "arena") != arena_bullet:
        return False
    return re.search(rf"(?<![\w.]){re.escape(number)}(?![\w.]|\.\d)", bullet) is not None


MARK = re.compile(r"\((?:[^()]*,\s*)?(substance|wording)\)")


def _marked(notes: tuple[str, ...], number: str) -> ChangeKind | None:
    """The kind a bullet gives the change: "(substance)", "(wording)" or "(ARN-14, substance)" before its colon."""
    for note in notes:
        match = MARK.search(note.split(":", 1)[0])
        if match:
            return ChangeKind(match[1])
    return None


def word_diff(before: str, after: str) -> tuple[Word, ...]:
    old, new = before.split(), after.split()
    words: list[Word] = []
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op == "equal":
            words.append(Word("same", " ".join(old[a1:a2])))
            continue
        if a2 > a1:
            words.append(Word("removed", " ".join(old[a1:a2])))
        if b2 > b1:
            words.append(Word("added", " ".join(new[b1:b2])))
    return tuple(words)


def compare(older: str, newer: str) -> list[RuleChange]:
    return list(_compare(older, newer))


@cache
def _compare(older: str, newer: str) -> tuple[RuleChange, ...]:
    """Every rule added, withdrawn or changed from ``older`` to ``newer``, in rule set and number order; the
    notes are the CHANGES.md bullets of every version after ``older`` up to ``newer`` that name the rule."""
    a, b = snapshot(older), snapshot(newer)
    between = [v.version for v in versions() if _key(older) < _key(v.version) <= _key(newer)]
    bullets = [bullet for version in between for bullet in change_notes().get(version, [])]
    changes = []
    for ruleset in RULESETS:
        old, new = a.rules.get(ruleset, {}), b.rules.get(ruleset, {})
        for number in sorted(set(old) | set(new), key=_number_key):
            before = " ".join(old[number]) if number in old else ""
            after = " ".join(new[number]) if number in new else ""
            if before == after:
                continue
            notes = tuple(bullet for bullet in bullets if _names(bullet, ruleset, number))
            if not before:
                kind = ChangeKind.ADDED
            elif not after:
                kind = ChangeKind.WITHDRAWN
            else:
                kind = _marked(notes, number) or ChangeKind.UNMARKED
            changes.append(RuleChange(ruleset, number, kind, before.strip(), after.strip(), word_diff(before, after),
                                      notes))  # fmt: skip
    return tuple(changes)


def _number_key(number: str) -> tuple[tuple[int, str], ...]:
    return tuple((int(re.sub(r"\D", "", part) or 0), re.sub(r"\d", "", part)) for part in number.split("."))


def history(ruleset: str, number: str) -> list[HistoryItem]:
    """Each stored version in which this rule was added or changed, newest first."""
    found = []
    kept = stored()
    for older, newer in zip(kept, kept[1:], strict=False):
        for change in compare(older.version, newer.version):
            if change.ruleset == ruleset and change.number == number:
                found.append(HistoryItem(newer.version, newer.released, change))
    first = kept[0] if kept else None
    if first is not None and number in snapshot(first.version).rules.get(ruleset, {}):
        title, text = snapshot(first.version).rules[ruleset][number]
        published = RuleChange(ruleset, number, ChangeKind.ADDED, "", f"{title} {text}".strip(), (), ())
        found.append(HistoryItem(first.version, first.released, published))
    return sorted(found, key=lambda item: _key(item.version), reverse=True)
