"""Split query text into tokens: parentheses, ``or``, negation and terms, each with its position."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cards.search.errors import QueryWarning
from cards.search.syntax_tree import Term

KEYED = re.compile(r"([A-Za-z_]+)(!=|<=|>=|:|=|<|>)(.*)", re.DOTALL)
OPEN, CLOSE, OR, NOT, TERM = "(", ")", "or", "not", "term"
# Typed by people who know other search engines; a join of terms is already an AND.
OR_WORDS = {"or", "|", "||"}
AND_WORDS = {"and", "&", "&&"}


@dataclass(frozen=True)
class Token:
    kind: str
    position: int
    term: Term | None = None


def tokenize(text: str, warnings: list[QueryWarning]) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char in "()":
            tokens.append(Token(OPEN if char == "(" else CLOSE, i))
            i += 1
        elif char == "-" and i + 1 < len(text) and not text[i + 1].isspace():
            tokens.append(Token(NOT, i))
            i += 1
        elif char == "-":
            warnings.append(
                QueryWarning("search.dangling_minus", "A minus sign must touch the term it negates.", "-", i)
            )
            i += 1
        else:
            end = _chunk_end(text, i, warnings)
            chunk = text[i:end]
            lowered = chunk.lower()
            if lowered in OR_WORDS:
                tokens.append(Token(OR, i))
            elif lowered not in AND_WORDS:
                tokens.append(Token(TERM, i, _term(chunk, i)))
            i = end
    return tokens


def _chunk_end(text: str, start: int, warnings: list[QueryWarning]) -> int:
    """End of the term starting at ``start``: whitespace or a parenthesis outside quotes ends it."""
    i = start
    if text[i] == '"':
        # A quoted phrase is a term of its own and ends at its closing quote.
        closing = text.find('"', i + 1)
        if closing < 0:
            warnings.append(
                QueryWarning("search.unclosed_quote", "A quote was not closed; read to the end.", text[start:], start)
            )
            return len(text)
        return closing + 1
    while i < len(text) and not text[i].isspace() and text[i] not in "()":
        if text[i] == '"':
            closing = text.find('"', i + 1)
            if closing < 0:
                warnings.append(
                    QueryWarning(
                        "search.unclosed_quote", "A quote was not closed; read to the end.", text[start:], start
                    )
                )
                return len(text)
            i = closing + 1
        else:
            i += 1
    return i


def _term(chunk: str, position: int) -> Term:
    if chunk.startswith('"'):
        return Term(raw=chunk, position=position, value=chunk.strip('"'), quoted=True)
    keyed = KEYED.fullmatch(chunk)
    if not keyed:
        return Term(raw=chunk, position=position, value=chunk)
    key, op, rest = keyed.groups()
    if rest.startswith('"'):
        closing = rest.find('"', 1)
        if closing < 0:
            return Term(raw=chunk, position=position, key=key.lower(), op=op, value=rest[1:], quoted=True)
        return Term(
            raw=chunk, position=position, key=key.lower(), op=op, value=rest[1:closing], quoted=True,
            tail=rest[closing + 1:],
        )  # fmt: skip
    return Term(raw=chunk, position=position, key=key.lower(), op=op, value=rest)
