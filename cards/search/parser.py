"""Read query text into a tree: juxtaposed terms AND together, ``or`` binds looser, ``-`` negates.

The parser never raises on what people type: anything it cannot place (a stray parenthesis, a
dangling ``or``, nesting past a sane depth) becomes a warning and the rest of the query stands.
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.search.errors import QueryWarning
from cards.search.syntax_tree import And, Node, Not, Or
from cards.search.tokens import CLOSE, NOT, OPEN, OR, TERM, Token, tokenize

MAX_QUERY_LENGTH = 500
MAX_DEPTH = 12


@dataclass(frozen=True)
class ParsedQuery:
    text: str
    tree: Node | None
    warnings: tuple[QueryWarning, ...]


def parse(text: str) -> ParsedQuery:
    warnings: list[QueryWarning] = []
    if len(text) > MAX_QUERY_LENGTH:
        warnings.append(
            QueryWarning(
                "search.too_long",
                f"Only the first {MAX_QUERY_LENGTH} characters of the query were read.",
                text[MAX_QUERY_LENGTH : MAX_QUERY_LENGTH + 20],
                MAX_QUERY_LENGTH,
            )
        )
        text = text[:MAX_QUERY_LENGTH]
    reader = _Reader(_flatten_deep_groups(tokenize(text, warnings), warnings), warnings)
    tree = reader.query()
    return ParsedQuery(text=text, tree=tree, warnings=tuple(warnings))


class _Reader:
    def __init__(self, tokens: list[Token], warnings: list[QueryWarning]) -> None:
        self.tokens = tokens
        self.at = 0
        self.warnings = warnings

    def peek(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def warn(self, code: str, message: str, term: str, position: int) -> None:
        self.warnings.append(QueryWarning(code, message, term, position))

    def query(self) -> Node | None:
        tree = self.alternatives(depth=0)
        while (token := self.peek()) is not None:
            # Only a closing parenthesis without its opening one stops alternatives() early.
            self.warn(
                "search.unmatched_parenthesis", "This closing parenthesis has no opening one.", ")", token.position
            )
            self.at += 1
            more = self.alternatives(depth=0)
            tree = _join(And, [tree, more])
        return tree

    def alternatives(self, depth: int) -> Node | None:
        options = [self.sequence(depth)]
        while (token := self.peek()) is not None and token.kind == OR:
            self.at += 1
            options.append(self.sequence(depth))
            if options[-1] is None or options[-2] is None:
                self.warn(
                    "search.dangling_or", "An 'or' needs a term on each side; it was ignored.", "or", token.position
                )
        return _join(Or, [option for option in options if option is not None])

    def sequence(self, depth: int) -> Node | None:
        parts: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in (OR, CLOSE):
            part = self.unary(depth)
            if part is not None:
                parts.append(part)
        return _join(And, parts)

    def unary(self, depth: int) -> Node | None:
        token = self.peek()
        assert token is not None
        if token.kind == NOT:
            negations = 0
            while (following := self.peek()) is not None and following.kind == NOT:
                negations += 1
                self.at += 1
            if following is None or following.kind in (OR, CLOSE):
                self.warn("search.dangling_minus", "A minus sign must touch the term it negates.", "-", token.position)
                return None
            child = self.unary(depth)
            if child is None:
                return None
            # A double negation cancels out; deep chains of Not would only cost recursion later.
            return Not(child) if negations % 2 else child
        if token.kind == OPEN:
            return self.group(token, depth)
        self.at += 1
        assert token.kind == TERM and token.term is not None
        return token.term

    def group(self, opening: Token, depth: int) -> Node | None:
        self.at += 1
        inner = self.alternatives(depth + 1)
        closing = self.peek()
        if closing is not None and closing.kind == CLOSE:
            self.at += 1
        else:
            self.warn(
                "search.unclosed_parenthesis", "A parenthesis was not closed; closed at the end.", "(", opening.position
            )
        if inner is None:
            self.warn("search.empty_group", "These parentheses hold no term.", "()", opening.position)
        return inner


def _flatten_deep_groups(tokens: list[Token], warnings: list[QueryWarning]) -> list[Token]:
    """Drop parentheses nested deeper than MAX_DEPTH (and their partners), so reading stays shallow."""
    kept: list[Token] = []
    open_groups: list[bool] = []  # for each open parenthesis: was it kept?
    warned = False
    for token in tokens:
        if token.kind == OPEN:
            keep = sum(open_groups) < MAX_DEPTH
            open_groups.append(keep)
            if not keep and not warned:
                warnings.append(QueryWarning(
                    "search.too_deep", f"Parentheses nest at most {MAX_DEPTH} deep; deeper ones were ignored.", "(",
                    token.position,
                ))  # fmt: skip
                warned = True
            if not keep:
                continue
        elif token.kind == CLOSE and open_groups and not open_groups.pop():
            continue
        kept.append(token)
    return kept


def _join(kind: type[And] | type[Or], parts: list[Node | None]) -> Node | None:
    present = [part for part in parts if part is not None]
    if not present:
        return None
    if len(present) == 1:
        return present[0]
    flat: list[Node] = []
    for part in present:
        flat.extend(part.children if isinstance(part, kind) else (part,))
    return kind(tuple(flat))
