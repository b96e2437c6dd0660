"""Turn a checked query tree into one database filter.

With the index, the whole tree is answered in memory (``evaluate``: words from Whoosh, every other
term from the facet bitmaps) and the filter is the matched ids, which the card queryset can count
and page without running it (``results``). Without the index, each term becomes a database lookup:
numbers and fixed keywords on their columns, words as plain substrings; the terms only the index
knows (immune, attack, terrain) are ignored with a warning.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import BigIntegerField, F, Func, Q
from django.db.models.expressions import OrderBy, RawSQL
from django.db.models.lookups import In
from whoosh import query as wq

from cards.choices import CardType
from cards.search.analysis import plain_words, stems
from cards.search.documents import NUMBER_FIELDS, TERRAIN_PREFIX
from cards.search.errors import IndexUnavailable, QueryWarning
from cards.search.evaluate import Matches, evaluate
from cards.search.keywords import BY_SPELLING, SORT_KEYS
from cards.search.results import matches_condition
from cards.search.storage import OpenIndex
from cards.search.syntax_tree import And, Condition, Node, Not, Or, Words
from cards.search.understand import Understood

# Up to this many ids travel as ordinary parameters; more go as one JSON array (SQLite caps parameters).
INLINE_IDS = 900
LOOKUPS = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
BRIBE_COLUMNS = {"babes": "bribe_babes", "gold": "bribe_gold", "beer": "bribe_beer"}
UNBRIBEABLE = Q(card_type=CardType.CREATURE, bribe_babes=False, bribe_gold=False, bribe_beer=False)
FLAG_FILTERS = {
    "flying": Q(flying=True),
    "command": Q(command=True),
    "unbribeable": UNBRIBEABLE,
    "channeler": Q(card_type=CardType.CREATURE, cmp__isnull=False),
    "receiver": Q(receives_channeling=True),
    "automated": Q(automation_status="automated"),
}
INDEX_ONLY = {"immune", "attack", "terrain"}


@dataclass(frozen=True)
class Plan:
    """What to filter and how to sort; ``condition`` None means every card. ``matches`` is the answer
    when the index computed it in memory (the condition then names exactly those cards)."""

    condition: Q | None
    ordering: list[OrderBy] | None
    warnings: tuple[QueryWarning, ...]
    matches: Matches | None = None


def plan(understood: Understood, index: OpenIndex | None) -> Plan:
    if understood.tree is None:
        return Plan(None, ordering(understood), ())
    if index is not None:
        matches = evaluate(understood.tree, index)
        return Plan(matches_condition(matches), ordering(understood), (), matches)
    compiler = _Compiler(None)
    condition = compiler.to_q(compiler.compile(understood.tree))
    return Plan(condition, ordering(understood), tuple(compiler.warnings))


def ordering(understood: Understood) -> list[OrderBy] | None:
    if understood.order is None and understood.direction is None:
        return None
    key = understood.order or "name"
    column = SORT_KEYS[key]
    descending = understood.direction == "desc"
    first = F(column).desc(nulls_last=True) if descending else F(column).asc(nulls_last=True)
    if key == "name":
        return [first, F("slug").desc() if descending else F("slug").asc()]
    return [first, F("name").asc(), F("slug").asc()]


def ids_condition(ids: list[int]) -> Q:
    """Card ids from the index as a filter; long lists go as a single parameter."""
    if len(ids) <= INLINE_IDS:
        return Q(pk__in=ids)
    if connection.vendor == "sqlite":
        # The unary plus keeps SQLite from looking each id up: with many ids, walking the name index
        # and testing membership finds the first page far sooner than sorting every match.
        unindexed_pk = Func(F("pk"), template="+%(expressions)s", output_field=BigIntegerField())
        return Q(In(unindexed_pk, RawSQL("SELECT value FROM json_each(%s)", (json.dumps(ids),))))
    if connection.vendor == "postgresql":
        return Q(pk__in=RawSQL("SELECT unnest(%s::bigint[])", (ids,)))
    return Q(pk__in=ids)


# A compiled node is ("q", Q), ("ix", whoosh query) or ("ixnot", whoosh query): the last one
# matches the cards the query does NOT match, so AndNot can stay inside Whoosh.
Compiled = tuple[str, Any]


class _Compiler:
    def __init__(self, index: OpenIndex | None) -> None:
        self.index = index
        self.warnings: list[QueryWarning] = []

    def compile(self, node: Node) -> Compiled:
        if isinstance(node, Not):
            kind, value = self.compile(node.child)
            if kind == "ix":
                return ("ixnot", value)
            if kind == "ixnot":
                return ("ix", value)
            return ("q", ~value)
        if isinstance(node, And):
            return self.conjunction([self.compile(child) for child in node.children])
        if isinstance(node, Or):
            parts = [self.compile(child) for child in node.children]
            if all(kind == "ix" for kind, _ in parts):
                return ("ix", wq.Or([value for _, value in parts]))
            combined = Q()
            for part in parts:
                combined |= self.to_q(part)
            return ("q", combined)
        if isinstance(node, Words):
            return self.words(node)
        assert isinstance(node, Condition)
        return self.condition(node)

    def conjunction(self, parts: list[Compiled]) -> Compiled:
        positives = [value for kind, value in parts if kind == "ix"]
        negatives = [value for kind, value in parts if kind == "ixnot"]
        database = [value for kind, value in parts if kind == "q"]
        index_part: Compiled | None = None
        if positives:
            positive = positives[0] if len(positives) == 1 else wq.And(positives)
            if negatives:
                positive = wq.AndNot(positive, negatives[0] if len(negatives) == 1 else wq.Or(negatives))
            index_part = ("ix", positive)
        elif negatives:
            index_part = ("ixnot", negatives[0] if len(negatives) == 1 else wq.Or(negatives))
        if not database:
            assert index_part is not None
            return index_part
        combined = Q()
        for value in database:
            combined &= value
        if index_part is not None:
            combined &= self.to_q(index_part)
        return ("q", combined)

    def to_q(self, compiled: Compiled) -> Q:
        kind, value = compiled
        if kind == "q":
            return value
        ids = self.ids(value)
        return ids_condition(ids) if kind == "ix" else ~ids_condition(ids)

    def ids(self, query: wq.Query) -> list[int]:
        if self.index is None:
            raise IndexUnavailable("The search index is needed for this term.")
        return self.index.ids(query)

    # Leaves -------------------------------------------------------------------------------------

    def words(self, node: Words) -> Compiled:
        if self.index is None:
            return ("q", _words_without_index(node))
        found = stems(node.text)
        if len(found) == 1:
            return ("ix", wq.Or([wq.Term("name", found[0]), wq.Term("summary", found[0])]))
        # Several words in one term ("fire-walker", a quoted phrase) must stand next to each other.
        return ("ix", wq.Or([wq.Phrase("name", list(found)), wq.Phrase("summary", list(found))]))

    def condition(self, node: Condition) -> Compiled:
        keyword = BY_SPELLING[node.keyword]
        if keyword.kind == "number":
            return ("q", _number(NUMBER_FIELDS[node.keyword], node.op, node.values[0]))
        if node.keyword == "name":
            return self.name(node)
        if node.keyword in INDEX_ONLY:
            if self.index is None:
                self.warnings.append(QueryWarning(
                    "search.index_unavailable", f"'{node.keyword}:' needs the search index, which is not built; "
                    "the term was ignored.", node.raw, node.position))  # fmt: skip
                return ("q", Q())
            return self.index_keyword(node)
        return ("q", _database_keyword(node))

    def name(self, node: Condition) -> Compiled:
        text = node.values[0]
        if self.index is None:
            lookup = Q(name__istartswith=text) if node.op == "prefix" else Q(name__iexact=text)
            return ("q", ~lookup if node.op == "!=" else lookup)
        query = wq.Prefix("name_whole", text) if node.op == "prefix" else wq.Term("name_whole", text)
        return ("ixnot", query) if node.op == "!=" else ("ix", query)

    def index_keyword(self, node: Condition) -> Compiled:
        value = node.values[0]
        if node.keyword != "terrain":
            query = wq.Term(node.keyword, value)
            return ("ixnot", query) if node.op == "!=" else ("ix", query)
        if node.op == "any":
            return ("ix", wq.Term("terrain", value))
        if node.op == "none":
            return ("ixnot", wq.Term("terrain", value))
        field, amount = TERRAIN_PREFIX + value, node.values[1]
        ranges = {
            "=": (amount, amount, False, False), "<": (None, amount, False, True), "<=": (None, amount, False, False),
            ">": (amount, None, True, False), ">=": (amount, None, False, False),
        }  # fmt: skip
        if node.op == "!=":
            return ("ix", wq.AndNot(wq.Term("terrain", value), wq.NumericRange(field, amount, amount)))
        start, end, startexcl, endexcl = ranges[node.op]
        return ("ix", wq.NumericRange(field, start, end, startexcl=startexcl, endexcl=endexcl))


def _number(column: str, op: str, value: int) -> Q:
    if op == "!=":
        return Q(**{f"{column}__isnull": False}) & ~Q(**{column: value})
    return Q(**{f"{column}__{LOOKUPS[op]}": value})


def _database_keyword(node: Condition) -> Q:
    from cards.models import Card, Printing

    values = node.values
    if node.keyword in ("border", "size"):
        column = BY_SPELLING[node.keyword].column
        found = Q(**{f"{column}__in": values})
        # "Not mortal" means a border that is another colour, as with numbers: cards without one don't match.
        return ~found & ~Q(**{column: ""}) if node.op == "!=" else found
    if node.keyword == "type":
        found = Q(card_type__in=values)
    # Sets and classes are uncorrelated IN subqueries: the database reads the (small) list of
    # matching cards once, where a correlated EXISTS could be re-run for every card.
    elif node.keyword == "set":
        found = Q(pk__in=Printing.objects.filter(card_set__code=values[0]).values("card_id"))
    elif node.keyword == "class":
        found = Q(pk__in=Card.classes.through.objects.filter(cardclass__slug=values[0]).values("card_id"))
    elif node.keyword == "bribe":
        found = UNBRIBEABLE if values[0] == "none" else Q(**{BRIBE_COLUMNS[values[0]]: True})
    else:
        found = FLAG_FILTERS[values[0]]
    return ~found if node.op == "!=" else found


def _words_without_index(node: Words) -> Q:
    """Plain substring matching, used only while the index is missing (the result says so)."""
    words = [node.text.strip()] if node.phrase else list(plain_words(node.text)) or [node.text.strip()]
    combined = Q()
    for word in words:
        combined &= Q(name__icontains=word) | Q(summary__icontains=word)
    return combined
