"""Read the rules corpus (rules/ and fixtures/rulings/) into plain records, with file and line.

This module only parses and checks the shape of each file (rules/README.md is the format); how
the records refer to each other is checked by rulings.loading, which also writes the database.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from rulings import errors
from rulings.errors import RulesCorpusError

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # l and o are skipped, as in the Magic Comprehensive Rules
RE_SUBSECTION = re.compile(r"^## (\d+)\.(\d+) (\S.*)$")
RE_RULE = re.compile(r"^(\d+)\.(\d+)\.(\d+)\. (\S.*)$", re.S)
RE_SUBRULE = re.compile(r"^(\d+)\.(\d+)\.(\d+)([a-z]) (\S.*)$", re.S)
RE_IDS = re.compile(r"\s*\{ids: ([^}]+)\}\s*$")
RE_DIFFERS = re.compile(r"^Differs from standard: see (.+?)\.?$")
# An explicit label, for a rule whose authority its wording does not show (rulings.authority).
RE_AUTHORITY = re.compile(r"^Authority: ([a-z0-9-]+)(?:, (\d{4}-\d{2}-\d{2}))?\.?$")
RE_VERSION = re.compile(r"^Version (\S+) \((\d{4}-\d{2}-\d{2})\)$")
RULING_KEYS = frozenset(
    {"id", "kind", "question", "answer", "rules", "cards", "topics", "sources", "authority", "status"}
)
OPTIONAL_RULING_KEYS = frozenset({"note", "superseded_by", "changes", "date"})


@dataclass
class ParsedEntry:
    number: str
    kind: str
    title: str
    text: str
    path: str
    line: int
    engine_ids: list[str] = field(default_factory=list)
    differs_from: list[str] = field(default_factory=list)
    # (authority, day or "") from an "Authority:" line, when the rule has one.
    authority: tuple[str, str] | None = None

    @property
    def parent_number(self) -> str | None:
        if self.kind == "section":
            return None
        if self.kind == "subrule":
            return self.number[:-1]
        return self.number.rsplit(".", 1)[0]


@dataclass
class ParsedTerm:
    term: str
    aliases: list[str]
    definition: str
    ruleset: str
    rule: str
    path: str
    line: int
    authority: tuple[str, str] | None = None


@dataclass
class ParsedExample:
    slug: str
    title: str
    source: str
    rules: list[str]
    body: str
    path: str
    line: int
    notation: str = ""
    # The combat scenario (fixtures/examples/<scenario>.json) the simulator link opens; the slug by default.
    scenario: str = ""


@dataclass
class ParsedRuling:
    fields: dict[str, Any]
    path: str
    line: int


@dataclass
class ParsedChange:
    heading: str
    version: str
    date: date | None
    body: str


@dataclass
class Corpus:
    rulesets: dict[str, list[ParsedEntry]]
    glossary: list[ParsedTerm]
    examples: list[ParsedExample]
    rulings: list[ParsedRuling]
    changes: list[ParsedChange]


def read_corpus(rules_dir: Path, rulings_file: Path, scenarios_dir: Path | None = None) -> Corpus:
    root = rules_dir.parent
    examples = [_parse_example(path, root) for path in sorted((rules_dir / "examples").glob("*.md"))]
    if scenarios_dir is not None:
        for example in examples:
            example.notation = _scenario_notation(scenarios_dir / f"{example.scenario or example.slug}.json")
    return Corpus(
        rulesets={slug: _parse_ruleset(rules_dir / slug, root) for slug in ("standard", "arena")},
        glossary=_parse_glossary(rules_dir / "glossary.md", root),
        examples=examples,
        rulings=_parse_rulings(rulings_file, root),
        changes=_parse_changes(rules_dir / "CHANGES.md", root),
    )


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def _read(path: Path, root: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesCorpusError(errors.UNREADABLE, _relative(path, root), None, f"cannot be read ({exc})") from exc


def _paragraphs(lines: list[str], first_line: int) -> list[tuple[int, list[str]]]:
    """Blank-line separated paragraphs, each with the number of its first line."""
    found: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for offset, line in enumerate(lines):
        if line.strip():
            if not current:
                start = first_line + offset
            current.append(line.rstrip())
        elif current:
            found.append((start, current))
            current = []
    if current:
        found.append((start, current))
    return found


def _front_matter(text: str, rel: str) -> tuple[dict[str, str], list[str], int]:
    """The front matter keys, the body lines and the line number where the body starts."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise RulesCorpusError(errors.FRONT_MATTER, rel, 1, "the file must start with a '---' front matter block")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise RulesCorpusError(errors.FRONT_MATTER, rel, 1, "the front matter block is never closed") from None
    meta: dict[str, str] = {}
    for index in range(1, end):
        key, sep, value = lines[index].partition(":")
        if not sep:
            raise RulesCorpusError(errors.FRONT_MATTER, rel, index + 1, f"expected 'key: value', got {lines[index]!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        meta[key.strip()] = value
    return meta, lines[end + 1 :], end + 2


def _parse_ruleset(folder: Path, root: Path) -> list[ParsedEntry]:
    files = sorted(folder.glob("*.md"))
    if not files:
        raise RulesCorpusError(errors.UNREADABLE, _relative(folder, root), None, "no rule files found")
    entries: list[ParsedEntry] = []
    for expected_section, path in enumerate(files, start=1):
        entries.extend(_parse_rule_file(path, root, expected_section))
    return entries


def _parse_rule_file(path: Path, root: Path, expected_section: int) -> list[ParsedEntry]:
    rel = _relative(path, root)
    meta, body, body_line = _front_matter(_read(path, root), rel)
    section = meta.get("number", "")
    if not section.isdigit() or not meta.get("title"):
        raise RulesCorpusError(errors.FRONT_MATTER, rel, 1, "front matter needs a numeric 'number' and a 'title'")
    if int(section) != expected_section:
        raise RulesCorpusError(
            errors.NUMBERING, rel, 2, f"section {section} found where section {expected_section} was expected"
        )
    entries = [ParsedEntry(section, "section", meta["title"], "", rel, 1)]
    subsection, rule, letter = 0, 0, ""
    for line, para_lines in _paragraphs(body, body_line):
        first = para_lines[0]
        heading = RE_SUBSECTION.match(first)
        if heading:
            if len(para_lines) > 1:
                raise RulesCorpusError(errors.MALFORMED, rel, line, "a subsection heading must stand alone")
            if heading[1] != section or int(heading[2]) != subsection + 1:
                wanted = f"{section}.{subsection + 1}"
                raise RulesCorpusError(
                    errors.NUMBERING, rel, line, f"subsection {heading[1]}.{heading[2]}: expected {wanted}"
                )
            subsection, rule, letter = subsection + 1, 0, ""
            entries.append(ParsedEntry(f"{section}.{subsection}", "subsection", heading[3].strip(), "", rel, line))
            continue
        authority: tuple[str, str] | None = None
        authority_match = RE_AUTHORITY.match(para_lines[-1].strip()) if len(para_lines) > 1 else None
        if authority_match:
            authority = (authority_match[1], authority_match[2] or "")
            para_lines = para_lines[:-1]
        differs: list[str] = []
        differs_match = RE_DIFFERS.match(para_lines[-1]) if len(para_lines) > 1 else None
        if differs_match:
            differs = [ref.strip() for ref in re.split(r",\s*|\s+and\s+", differs_match[1]) if ref.strip()]
            para_lines = para_lines[:-1]
        paragraph = " ".join(part.strip() for part in para_lines)
        entry = _rule_or_subrule(paragraph, rel, line, section, subsection, rule, letter)
        if entry.kind == "rule":
            rule, letter = int(entry.number.rsplit(".", 1)[1]), ""
        else:
            letter = entry.number[-1]
        entry.differs_from = differs
        entry.authority = authority
        entries.append(entry)
    return entries


def _rule_or_subrule(
    paragraph: str, rel: str, line: int, section: str, subsection: int, rule: int, letter: str
) -> ParsedEntry:
    if subsection == 0:
        raise RulesCorpusError(errors.MALFORMED, rel, line, "text before the first '## N.M' subsection heading")
    current = f"{section}.{subsection}"
    rule_match, subrule_match = RE_RULE.match(paragraph), RE_SUBRULE.match(paragraph)
    if rule_match:
        number = f"{rule_match[1]}.{rule_match[2]}.{rule_match[3]}"
        wanted = f"{current}.{rule + 1}"
        kind, body = "rule", rule_match[4]
    elif subrule_match:
        number = f"{subrule_match[1]}.{subrule_match[2]}.{subrule_match[3]}{subrule_match[4]}"
        if rule == 0:
            raise RulesCorpusError(errors.NUMBERING, rel, line, f"subrule {number} comes before any rule")
        next_letter = SUBRULE_LETTERS[0] if not letter else _letter_after(letter)
        wanted = f"{current}.{rule}{next_letter}"
        kind, body = "subrule", subrule_match[5]
    else:
        problem = "malformed rule number" if re.match(r"^\d+\.\d", paragraph) else "paragraph without a rule number"
        raise RulesCorpusError(errors.MALFORMED, rel, line, f"{problem}: {paragraph[:50]!r}")
    if number != wanted:
        raise RulesCorpusError(errors.NUMBERING, rel, line, f"{kind} {number} found where {wanted} was expected")
    engine_ids: list[str] = []
    tag = RE_IDS.search(body)
    if tag:
        engine_ids = [code.strip() for code in tag[1].split(",") if code.strip()]
        body = body[: tag.start()]
    if "{ids:" in body:
        raise RulesCorpusError(errors.MALFORMED, rel, line, f"{number}: the {{ids: ...}} tag must end the paragraph")
    return ParsedEntry(number, kind, "", body.strip(), rel, line, engine_ids)


def _letter_after(letter: str) -> str:
    index = SUBRULE_LETTERS.find(letter) + 1
    return SUBRULE_LETTERS[index] if 0 < index < len(SUBRULE_LETTERS) else "?"


def _parse_glossary(path: Path, root: Path) -> list[ParsedTerm]:
    rel = _relative(path, root)
    terms: list[ParsedTerm] = []
    current: dict[str, Any] | None = None
    for number, line in enumerate(_read(path, root).splitlines(), start=1):
        if line.startswith("### "):
            if current:
                terms.append(_finish_term(current, rel))
            current = {"term": line[4:].strip(), "line": number, "aliases": [], "definition": [], "ruleset": "standard"}
        elif current is None or not line.strip():
            continue
        elif line.startswith("aliases:"):
            current["aliases"] = [alias.strip() for alias in line[8:].split(",") if alias.strip()]
        elif line.startswith("ruleset:"):
            current["ruleset"] = line[8:].strip()
        elif line.startswith("rule:"):
            current["rule"] = line[5:].strip()
        elif RE_AUTHORITY.match(line.strip()):
            match = RE_AUTHORITY.match(line.strip())
            assert match is not None
            current["authority"] = (match[1], match[2] or "")
        else:
            current["definition"].append(line.strip())
    if current:
        terms.append(_finish_term(current, rel))
    return terms


def _finish_term(raw: dict[str, Any], rel: str) -> ParsedTerm:
    if not raw.get("rule"):
        raise RulesCorpusError(errors.MALFORMED, rel, raw["line"], f"glossary term {raw['term']!r} has no 'rule:' line")
    if not raw["definition"]:
        raise RulesCorpusError(errors.MALFORMED, rel, raw["line"], f"glossary term {raw['term']!r} has no definition")
    if raw["ruleset"] not in ("standard", "arena"):
        raise RulesCorpusError(errors.INVALID_VALUE, rel, raw["line"], f"unknown ruleset {raw['ruleset']!r}")
    return ParsedTerm(raw["term"], raw["aliases"], " ".join(raw["definition"]), raw["ruleset"], raw["rule"],
                      rel, raw["line"], raw.get("authority"))  # fmt: skip


def _parse_example(path: Path, root: Path) -> ParsedExample:
    rel = _relative(path, root)
    meta, body, _ = _front_matter(_read(path, root), rel)
    for key in ("id", "title", "source", "rules"):
        if not meta.get(key):
            raise RulesCorpusError(errors.FRONT_MATTER, rel, 1, f"front matter lacks {key!r}")
    rules = [ref.strip() for ref in meta["rules"].split(",") if ref.strip()]
    return ParsedExample(meta["id"], meta["title"], meta["source"], rules, "\n".join(body).strip(), rel, 1,
                         scenario=meta.get("scenario", "").strip())  # fmt: skip


def _scenario_notation(path: Path) -> str:
    """The combat notation of an example's scenario file; "" when there is none or it is unreadable.

    The scenario files belong to the combat engine's tests; a missing one only means no simulator link.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    notation = data.get("notation") if isinstance(data, dict) else None
    return notation if isinstance(notation, str) else ""


def _parse_rulings(path: Path, root: Path) -> list[ParsedRuling]:
    rel = _relative(path, root)
    text = _read(path, root)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RulesCorpusError(errors.UNREADABLE, rel, exc.lineno, f"not valid JSON ({exc.msg})") from exc
    if not isinstance(data, list) or not data:
        raise RulesCorpusError(errors.INVALID_VALUE, rel, 1, "must hold a non-empty JSON list of rulings")
    lines = text.splitlines()
    parsed: list[ParsedRuling] = []
    search_from = 0
    for index, raw in enumerate(data):
        if not isinstance(raw, dict):
            raise RulesCorpusError(errors.INVALID_VALUE, rel, None, f"item {index + 1} is not an object")
        line, search_from = _line_of_id(lines, raw.get("id"), search_from)
        where = f"ruling {raw.get('id')!r}"
        missing = sorted(RULING_KEYS - set(raw))
        if missing:
            raise RulesCorpusError(errors.INVALID_VALUE, rel, line, f"{where} lacks {', '.join(missing)}")
        unknown = sorted(set(raw) - RULING_KEYS - OPTIONAL_RULING_KEYS)
        if unknown:
            raise RulesCorpusError(
                errors.INVALID_VALUE, rel, line, f"{where} has unknown field(s) {', '.join(unknown)}"
            )
        for key in ("rules", "cards", "topics", "sources"):
            if not isinstance(raw[key], list) or not all(isinstance(item, str) for item in raw[key]):
                raise RulesCorpusError(errors.INVALID_VALUE, rel, line, f"{where}: {key!r} must be a list of strings")
        parsed.append(ParsedRuling(raw, rel, line))
    return parsed


def _line_of_id(lines: list[str], ruling_id: Any, start: int) -> tuple[int, int]:
    """The 1-based line holding '"id": "<ruling_id>"', searched from where the previous one was found."""
    needle = re.compile(r'"id"\s*:\s*' + re.escape(json.dumps(ruling_id)))
    for index in range(start, len(lines)):
        if needle.search(lines[index]):
            return index + 1, index + 1
    return start + 1, start


def _parse_changes(path: Path, root: Path) -> list[ParsedChange]:
    rel = _relative(path, root)
    sections: list[ParsedChange] = []
    heading, heading_line, body = "", 0, []
    for number, line in enumerate(_read(path, root).splitlines(), start=1):
        if line.startswith("## "):
            if heading:
                sections.append(_change(heading, body, rel, heading_line))
            heading, heading_line, body = line[3:].strip(), number, []
        elif heading:
            body.append(line)
    if heading:
        sections.append(_change(heading, body, rel, heading_line))
    if not any(section.version for section in sections):
        raise RulesCorpusError(errors.MALFORMED, rel, 1, "no '## Version X (YYYY-MM-DD)' heading")
    return sections


def _change(heading: str, body: list[str], rel: str, line: int) -> ParsedChange:
    match = RE_VERSION.match(heading)
    released = None
    if match:
        try:
            released = date.fromisoformat(match[2])
        except ValueError as exc:
            raise RulesCorpusError(errors.INVALID_VALUE, rel, line, f"bad date in {heading!r}") from exc
    return ParsedChange(heading, match[1] if match else "", released, "\n".join(body).strip())
