"""What a judge typed into a rules search: an address to jump to, or words, phrases and exclusions.

An address is a rule number (``6.5.1``, ``6.5``, ``arena 6.3.2``, ``rule 6.5.1a``), a ruling or
erratum id (``R-010``, ``r10``, ``A-04``, ``E-03``) or an engine step id (``PRI-7``); everything else is
read as words: ``"quoted phrases"`` must occur as written and ``-word`` (or ``-"a phrase"``) excludes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.text_analysis import stems

MAX_TERMS = 12
MAX_LENGTH = 200

RULE_NUMBER = re.compile(
    r"^(?:(?P<scope>standard|arena)\s+)?(?:(?:rule|section|§)\s*)?"
    r"(?P<number>\d{1,2}(?:\.\d{1,2}(?:\.\d{1,2}[a-z]?)?)?)\.?$"
)
RULING_CODE = re.compile(r"^(?:ruling\s+|erratum\s+)?(?P<letter>[rae])-?\s?(?P<digits>\d{1,3})$")
ENGINE_ID = re.compile(r"^(?P<code>[a-z]{2,5}-\d{1,3}[a-z]?)$")
TOKEN = re.compile(r'(?P<sign>-?)"(?P<phrase>[^"]*)"?|(?P<sign2>-?)(?P<word>[^\s"]+)')
PUNCTUATION = "'.,;:!?()[]{}<>*+=/\\|&^%$#@~`"


@dataclass(frozen=True)
class Address:
    """A typed rule number, ruling id or engine id, not yet checked against the data."""

    kind: str  # "rule", "ruling" or "engine-id"
    ruleset: str = "standard"
    number: str = ""
    code: str = ""
    digits: int = 0


def read_address(text: str, bare_numbers: bool = True) -> Address | None:
    """The address the text names, if it is nothing but one; a bare "6" counts only where asked."""
    cleaned = " ".join(text.lower().split())
    match = RULE_NUMBER.match(cleaned)
    if match and (bare_numbers or "." in match["number"] or cleaned != match["number"]):
        return Address("rule", ruleset=match["scope"] or "standard", number=match["number"])
    match = RULING_CODE.match(cleaned)
    if match:
        return Address("ruling", code=match["letter"].upper(), digits=int(match["digits"]))
    match = ENGINE_ID.match(cleaned)
    if match:
        return Address("engine-id", code=match["code"].upper())
    return None


@dataclass(frozen=True)
class Term:
    """A word or a quoted phrase, as typed, with the stems the index holds for it."""

    text: str
    stems: tuple[str, ...]
    quoted: bool

    @property
    def is_phrase(self) -> bool:
        return self.quoted or len(self.stems) > 1

    def shown(self) -> str:
        return f'"{self.text}"' if self.quoted else self.text


@dataclass(frozen=True)
class WordsQuery:
    text: str
    wanted: tuple[Term, ...]
    excluded: tuple[Term, ...]

    @property
    def usable(self) -> bool:
        return bool(self.wanted)

    def replaced(self, corrections: dict[str, str]) -> WordsQuery:
        """The same query with some wanted words swapped (for "did you mean")."""
        wanted = tuple(
            Term(corrections[term.text], stems(corrections[term.text]), False) if term.text in corrections else term
            for term in self.wanted
        )
        text = " ".join([term.shown() for term in wanted] + [f"-{term.shown()}" for term in self.excluded])
        return WordsQuery(text, wanted, self.excluded)


def read_words(text: str) -> WordsQuery:
    text = text[:MAX_LENGTH]
    wanted: list[Term] = []
    excluded: list[Term] = []
    for match in TOKEN.finditer(text):
        quoted = match["phrase"] is not None
        raw = (match["phrase"] if quoted else match["word"]).strip(PUNCTUATION + "-\"").lower()
        if not raw:
            continue
        term = Term(" ".join(raw.split()), stems(raw), quoted)
        if not term.stems:
            continue
        into = excluded if (match["sign"] or match["sign2"]) else wanted
        if term not in into and len(wanted) + len(excluded) < MAX_TERMS:
            into.append(term)
    return WordsQuery(text, tuple(wanted), tuple(excluded))
