"""Who stands behind each rule and glossary entry, and since when (issue #32).

A rule restates a published source unless its text says it is this site's reading ("site ruling",
"this site reads ...", "(site reading"), it carries a site ruling's id (A-.., E-..) or an engine
ruling id (ENG-..), or its markdown ends with an explicit line ``Authority: KEY[, YYYY-MM-DD].``
A site reading is dated by the site ruling it carries, else by the first version of
rules/CHANGES.md that lists it; an explicit line's date wins over both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from rulings.corpus import SUBRULE_LETTERS, ParsedChange

SITE = "site"
ARENA = "arena"
COMPILED_RULES = "compiled-rules"
ARENA_DATE = "2013-10-28"
COMPILED_DATE_NOTE = "The compiled rules (version 0.2) carry a version number but no date."
ARENA_DATE_NOTE = "The date the Guardians Arena rules (version 4.7) give themselves."

# Wording by which a rule says it is this site's own reading; matched case-insensitively.
SITE_WORDING = re.compile(
    r"\bsite ruling\b|\(site reading\b|\bthe site's (?:ruling|reading)\b|\bthis site's reading\b"
    r"|\bthis site (?:reads|rules|takes|counts|suggests|treats|records)\b|\bthe site's combat simulator\b"
    r"|^in the simulator\b|\bthe simulator (?:refuses|models)\b",
    re.IGNORECASE,
)
# Engine ids that name a site ruling of the combat engine (11.4); other step ids follow a published rule.
SITE_ENGINE_ID = re.compile(r"^ENG-\d+$")
RE_NUMBER = r"\d+\.\d+(?:\.\d+[a-z]?)?"
RE_LISTED_NUMBER = re.compile(rf"(?<![\w.-])({RE_NUMBER})(?:\s+to\s+({RE_NUMBER}))?(?![\w])")
RE_LISTED_ID = re.compile(r"\b([A-Z]{1,4})-(\d+)(?:\s+to\s+\1-(\d+))?\b")


@dataclass(frozen=True)
class Label:
    authority: str
    date: str
    date_note: str


def published(ruleset: str) -> Label:
    if ruleset == ARENA:
        return Label(ARENA, ARENA_DATE, ARENA_DATE_NOTE)
    return Label(COMPILED_RULES, "", COMPILED_DATE_NOTE)


def says_site_reading(text: str) -> bool:
    return bool(SITE_WORDING.search(text))


def changes_listing(changes: Iterable[ParsedChange]) -> dict[tuple[str, str], tuple[date, str]]:
    """What each dated version of the change history lists, first listing kept: keys are ("standard" or
    "arena", number) and ("id", code); values the version's date and heading. A bullet that names the
    Arena lists Arena numbers; "6.4.4a to 6.4.4g" and "ARN-34 to ARN-38" list each one between."""
    listed: dict[tuple[str, str], tuple[date, str]] = {}
    for change in sorted((change for change in changes if change.date), key=lambda change: change.date or date.min):
        assert change.date is not None
        for bullet in re.split(r"\n(?=- )|\n\s*\n", change.body):
            ruleset = ARENA if "arena" in bullet.lower() else "standard"
            flat = " ".join(bullet.split())
            for first, last in RE_LISTED_NUMBER.findall(flat):
                for number in _number_range(first, last):
                    listed.setdefault((ruleset, number), (change.date, change.heading))
            for prefix, start, end in RE_LISTED_ID.findall(flat):
                for value in range(int(start), int(end or start) + 1):
                    for code in {f"{prefix}-{value}", f"{prefix}-{value:02d}", f"{prefix}-{value:03d}"}:
                        listed.setdefault(("id", code), (change.date, change.heading))
    return listed


def _number_range(first: str, last: str) -> list[str]:
    if not last:
        return [first]
    if first[:-1] == last[:-1] and first[-1].isalpha() and last[-1].isalpha():
        letters = SUBRULE_LETTERS[SUBRULE_LETTERS.find(first[-1]) : SUBRULE_LETTERS.find(last[-1]) + 1]
        return [first[:-1] + letter for letter in letters]
    stem_first, _, tail_first = first.rpartition(".")
    stem_last, _, tail_last = last.rpartition(".")
    if stem_first == stem_last and tail_first.isdigit() and tail_last.isdigit():
        return [f"{stem_first}.{value}" for value in range(int(tail_first), int(tail_last) + 1)]
    return [first, last]


def listed_on(
    listing: Mapping[tuple[str, str], tuple[date, str]], ruleset: str, number: str, ids: Iterable[str]
) -> tuple[date, str] | None:
    """The first version of the change history that lists a rule, by number or by one of its ids."""
    found = [listing[key] for key in [(ruleset, number), *(("id", code) for code in ids)] if key in listing]
    return min(found) if found else None


def label_rule(
    ruleset: str,
    number: str,
    text: str,
    ids: Iterable[str],
    explicit: tuple[str, str] | None,
    rulings: Mapping[str, Label],
    listing: Mapping[tuple[str, str], tuple[date, str]],
) -> Label | None:
    """A rule's label; None for a site reading that nothing dates (the loader reports it)."""
    ids = list(ids)
    ruling = next((rulings[code] for code in ids if code in rulings), None)
    if explicit is not None:
        authority, day = explicit
        if day:
            return Label(authority, day, "Given by the rule's own 'Authority:' line.")
        if authority != SITE:
            source = published(ruleset) if authority in (ARENA, COMPILED_RULES) else None
            return Label(authority, source.date if source else "",
                         source.date_note if source else "Date unknown: the source of this rule is undated.")  # fmt: skip
    elif ruling is not None:
        return ruling
    elif not (says_site_reading(text) or any(SITE_ENGINE_ID.match(code) for code in ids)):
        return published(ruleset)
    first = listed_on(listing, ruleset, number, ids)
    if first is None:
        return None
    return Label(SITE, first[0].isoformat(), f"The day of {first[1]} in rules/CHANGES.md, which first lists it.")


RE_GLOSSARY_RULING = re.compile(r"\b(?:site )?ruling ([AE]-\d{2})\b|\(([AE]-\d{2})\)")


def label_term(definition: str, rule_label: Label, rulings: Mapping[str, Label]) -> Label:
    """A glossary entry speaks with its rule's authority, or a site ruling's where it names one."""
    cited = [rulings[code] for pair in RE_GLOSSARY_RULING.findall(definition) for code in pair if code in rulings]
    site = [label for label in cited if label.authority == SITE]
    if site:
        latest = max(site, key=lambda label: label.date)
        return Label(SITE, latest.date, "The day of the site ruling the definition relies on.")
    return rule_label
