"""Turn a checked query tree into one database filter.

With the index, the whole tree is answered in memory (``evaluate``: words from Whoosh, every other
term from the facet bitmaps) and the filter is the matched ids, which the card queryset can count
and page without running it (``results``). Without the index, each term becomes a database lookup:
numbers and fixed keywords on their columns, words as plain substrings; the terms only the index
knows (immune, attack, terrain) are ignored with a warning.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection
from django.db.models import BigIntegerField, F, Func, Q
from django.db.models.expressions import OrderBy, RawSQL
from django.db.models.lookups import In

from cards.choices import CardType, SetKind
from cards.search.budget import BUDGET_EXHAUSTED, Budget
from cards.search.documents import NUMBER_FIELDS
from cards.search.errors import QueryWarning
from cards.search.evaluate import Matches, evaluate
from cards.search.keywords import BY_SPELLING, SORT_KEYS
from cards.search.results import matches_condition
from cards.search.storage import OpenIndex
from cards.search.syntax_tree import And, Condition, Node, Not, Or, Words, leaves
from cards.search.understand import Understood
from core.text_analysis import plain_words

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

    database_condition: Q | None
    ordering: list[OrderBy] | None
    warnings: tuple[QueryWarning, ...]
    matches: Matches | None = None

    @property
    def condition(self) -> Q | None:
        # Made only when asked: a search answered from the bitmaps is counted and paged without it.
        return matches_condition(self.matches) if self.matches is not None else self.database_condition


# Cards known only from fan pages are left out of a search that does not ask for them.
PRINTED_ONLY = Not(Condition("is", "=", ("unverified",), "", 0))


def scoped(tree: Node | None, printed_only: bool) -> Node | None:
    if not printed_only:
        return tree
    return PRINTED_ONLY if tree is None else And((tree, PRINTED_ONLY))


def asks_for_unverified(tree: Node | None, unverified_sets: Callable[[], set[str]]) -> bool:
    """Whether a query names the unverified cards: ``is:unverified`` or a set holding only such cards."""
    for leaf in leaves(tree):
        if not isinstance(leaf, Condition):
            continue
        if leaf.keyword == "is" and "unverified" in leaf.values:
            return True
        if leaf.keyword == "set" and unverified_sets().intersection(leaf.values):
            return True
    return False


def plan(understood: Understood, index: OpenIndex | None, printed_only: bool = False,
         budget: Budget | None = None) -> Plan:  # fmt: skip
    tree = scoped(understood.tree, printed_only)
    if tree is None:
        return Plan(None, ordering(understood), ())
    if index is not None:
        matches = evaluate(tree, index, budget)
        return Plan(None, ordering(understood), skipped_warnings(matches.skipped, budget), matches)
    compiler = _Compiler()
    condition = compiler.compile(tree)
    return Plan(condition, ordering(understood), tuple(compiler.warnings))


def skipped_warnings(skipped: tuple[Words, ...], budget: Budget | None) -> tuple[QueryWarning, ...]:
    """Each term the time budget left unread, named where it was typed; the budget records the shortfall."""
    if not skipped or budget is None:
        return ()
    many = len(skipped) != 1
    budget.fall_short(BUDGET_EXHAUSTED, f"The search ran out of time after {budget.seconds:g} s; {len(skipped)} "
                      f"term{'s' if many else ''} of the query {'were' if many else 'was'} left out.")  # fmt: skip
    return tuple(QueryWarning(BUDGET_EXHAUSTED, "Not looked up: the search ran out of time before this term; "
                              "a shorter query is answered in full.", words.raw, words.position)
                 for words in skipped)  # fmt: skip


def ordering(understood: Understood) -> list[OrderBy] | None:
    if understood.order is None and understood.direction is None:
        return None
    key = understood.order or "name"
    column = SORT_KEYS[key]
    descending = understood.direction == "desc"
    first = F(column).desc(nulls_last=True) if descending else F(column).asc(nulls_last=True)
    if key == "name":
        return [first, F("slug").desc() if descending else F("slug").asc()]
    return [first, F("sort_key").asc(), F("slug").asc()]


def ids_condition(ids: list[int]) -> Q:
    """Card ids from the index as a filter (for name autocompletion); long lists go as a single parameter."""
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


class _Compiler:
    """The tree as database filters, for when there is no index."""

    def __init__(self) -> None:
        self.warnings: list[QueryWarning] = []

    def compile(self, node: Node) -> Q:
        if isinstance(node, Not):
            return ~self.compile(node.child)
        if isinstance(node, And | Or):
            combined = Q()
            for child in node.children:
                combined = combined & self.compile(child) if isinstance(node, And) else combined | self.compile(child)
            return combined
        if isinstance(node, Words):
            return _words_without_index(node)
        assert isinstance(node, Condition)
        return self.condition(node)

    def condition(self, node: Condition) -> Q:
        keyword = BY_SPELLING[node.keyword]
        if keyword.kind == "number":
            return _number(NUMBER_FIELDS[node.keyword], node.op, node.values[0])
        if node.keyword == "name":
            text = node.values[0]
            lookup = Q(name__istartswith=text) if node.op == "prefix" else Q(name__iexact=text)
            return ~lookup if node.op == "!=" else lookup
        if node.keyword in INDEX_ONLY:
            self.warnings.append(QueryWarning(
                "search.index_unavailable", f"'{node.keyword}:' needs the search index, which is not built; "
                "the term was ignored.", node.raw, node.position))  # fmt: skip
            return Q()
        return _database_keyword(node)


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
    elif node.keyword == "rarity":
        found = Q(pk__in=Card.objects.of_rarity(values[0]).values("pk"))
    elif node.keyword == "is" and values[0] == "starter":
        found = Q(pk__in=Printing.objects.filter(starter_only=True).values("card_id"))
    elif node.keyword == "is" and values[0] == "unverified":
        found = Q(card_set__kind=SetKind.UNVERIFIED)
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
