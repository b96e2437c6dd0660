"""Read-only API views for the rules tree, single rules, rulings and the glossary."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.urls import reverse
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema, extend_schema_view
from rest_framework import generics, viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from cards.api import CardViewSet
from core.api.ordering import StrictOrderingFilter
from core.api.refusals import PageNotFound
from core.api.schema import path_examples
from rulings.filters import RulingFilterSet
from rulings.models import ARENA, STANDARD, EngineRuleId, GlossaryTerm, RuleEntry, Ruleset, Ruling
from rulings.navigation import neighbours
from rulings.search import FILTERS, Hit, Match, build_hits, find_jump, search_rules
from rulings.search_query import read_words
from rulings.serializers import (
    CardWithRulingsSerializer,
    GlossaryTermSerializer,
    RuleDetailSerializer,
    RulesetTreeSerializer,
    RulesSearchSerializer,
    RulingSerializer,
    api_url_of,
)

RULESET_PARAMETER = OpenApiParameter(
    "ruleset", OpenApiTypes.STR, enum=[STANDARD, ARENA], description="Only this ruleset (default: both)."
)


def _any_case(word: str) -> str:
    return "".join(f"[{letter.lower()}{letter.upper()}]" for letter in word)


# The kinds of hit, comma-separated, in any letter case, spaces around each allowed: the same pattern the schema
# states, so the server and the schema agree on every value (a tab or an unknown kind is refused by both).
_KIND = "(?:" + "|".join(_any_case(name) for name in FILTERS) + ")"
IN_PATTERN = rf"^ *(?:{_KIND} *)?(?:, *(?:{_KIND} *)?)*$"

MAX_PAGE_SIZE = 100
MAX_PAGE = 10_000
SEARCH_PARAMETERS = [
    OpenApiParameter("q", OpenApiTypes.STR, description="6.5.1, arena 6.3.2, R-010, PRI-7, or words: "
                     '"a phrase", -word to leave out. Misspelt words are corrected when nothing matches.'),
    OpenApiParameter("in", {"type": "string", "pattern": IN_PATTERN}, description="Only these kinds, "
                     "comma-separated: " + ", ".join(FILTERS) + "."),
    # The bounds are in the schema too: a request the schema calls valid is never refused.
    OpenApiParameter("page", {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
                     description="Page of the search results, from 1 (or last); a page past the last one is a 404."),
    OpenApiParameter("page_size", {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
                     description=f"Hits per page (1 to {MAX_PAGE_SIZE}, default 20)."),
]  # fmt: skip


def _int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    # Digits only, as the schema's integer: int() would also read " 5", "+5", "5_0" or other scripts' digits.
    if not (raw.isascii() and raw.isdigit()):
        raise ValidationError({name: [f"{name} must be a whole number, not {raw!r}."]})
    value = int(raw)
    if not low <= value <= high:
        raise ValidationError({name: [f"{name} must be between {low} and {high}."]})
    return value


def hit_data(hit: Hit, request: Request) -> dict[str, Any]:
    target = hit.target
    api = api_url_of(target) if isinstance(target, RuleEntry) else (
        reverse("rulings-api:ruling-detail", kwargs={"code": target.code}) if isinstance(target, Ruling) else None)  # fmt: skip
    return {"kind": hit.kind, "ref": hit.ref, "label": hit.label, "title": hit.title, "text": hit.text,
            "breadcrumb": [{"label": crumb.label, "html_url": request.build_absolute_uri(crumb.url)} for crumb in hit.crumbs],
            "score": round(hit.score, 4), "html_url": request.build_absolute_uri(hit.url),
            "url": request.build_absolute_uri(api) if api else None}  # fmt: skip


def search_paging(request: Request) -> tuple[int, int, bool]:
    """The search's page, page size and whether the last page was asked for; a malformed one is a 400."""
    for value in request.query_params.getlist("in"):
        if not re.fullmatch(IN_PATTERN, value):
            unknown = next((name.strip() for name in value.split(",") if name.strip().lower() not in FILTERS), value)
            raise ValidationError({"in": [f"Unknown filter {unknown!r}; choose from {', '.join(FILTERS)}."]})
    size = _int_param(request, "page_size", 20, 1, MAX_PAGE_SIZE)
    last = request.query_params.get("page") == "last"  # as the lists take it; the search shows its last page
    page = MAX_PAGE if last else _int_param(request, "page", 1, 1, MAX_PAGE)
    return page, size, last


def rules_search_answer(request: Request) -> dict[str, Any]:
    text = str(request.query_params.get("q", ""))[:200]
    page, size, last = search_paging(request)
    jump = find_jump(text) if text.strip() else None
    found = search_rules(text, request.query_params.getlist("in"), page, size)
    if jump is not None and jump.key:
        # The query names one rule or ruling: that is the whole answer, as the HTML search redirects to it.
        found = search_rules("", found.filters)
        found.words = read_words(text)
        found.matches = [Match(jump.key, jump.index_kind, 1.0)]
        found.hits = build_hits(found.matches, found.words)
    if page > found.pages and not last:
        # As every list of the API answers (core.api.pagination); the HTML search shows the last page.
        raise PageNotFound(page, found.pages)
    return {
        "query": text, "searched": found.words.text, "corrected_from": found.corrected_from or None,
        "jump": {"kind": jump.kind, "label": jump.label, "html_url": request.build_absolute_uri(jump.url)} if jump else None,
        "filters": found.filters, "count": found.total, "counts": found.counts, "page": found.page,
        "pages": found.pages, "matched_words": found.highlighted,
        "results": [hit_data(hit, request) for hit in found.hits],
    }  # fmt: skip


def rules_tree(ruleset: Ruleset, request: Request | None) -> dict[str, Any]:
    """The ruleset as nested nodes, built from one query; site-relative links without a request (bulk files)."""
    absolute = request.build_absolute_uri if request is not None else str
    nodes: dict[int, dict[str, Any]] = {}
    sections: list[dict[str, Any]] = []
    for entry in RuleEntry.objects.filter(ruleset=ruleset).select_related("ruleset").order_by("position"):
        node = {"number": entry.number, "kind": entry.kind, "title": entry.title, "text": entry.text,
                "authority": entry.authority, "date": entry.date, "date_note": entry.date_note,
                "html_url": absolute(entry.get_absolute_url()),
                "url": absolute(api_url_of(entry)), "children": []}  # fmt: skip
        nodes[entry.id] = node
        (nodes[entry.parent_id]["children"] if entry.parent_id else sections).append(node)
    return {"ruleset": ruleset.slug, "name": ruleset.name, "sections": sections}


class RulesTreeView(generics.GenericAPIView[Ruleset]):
    """Every ruleset as a tree: sections, subsections, rules and subrules, in reading order."""

    serializer_class = RulesetTreeSerializer
    pagination_class = None
    filter_backends: list[type] = []
    queryset = Ruleset.objects.all()
    extra_query_parameters = ("ruleset", "q", "in", "page", "page_size")

    @extend_schema(
        operation_id="v1_rules_tree_or_search",
        parameters=[RULESET_PARAMETER, *SEARCH_PARAMETERS],
        responses=PolymorphicProxySerializer(
            "RulesTreeOrSearch", serializers=[RulesetTreeSerializer(many=True), RulesSearchSerializer],
            resource_type_field_name=None, many=False,
        ),
        description="Without q: every ruleset as a tree. With q: the rules search (the same ranking as "
                    "/rules/search/): a rule number, ruling id or engine id comes back as `jump`; words as "
                    "ranked hits.",
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        # The search reads no ruleset (its kinds are in `in`) and the tree no page, page_size or in, but a
        # malformed one is refused either way, as the schema says, rather than passed over.
        wanted = request.query_params.get("ruleset")
        if wanted not in (None, "", STANDARD, ARENA):
            raise ValidationError({"ruleset": [f"Choose {STANDARD} or {ARENA}, not {wanted!r}."]})
        if "q" in request.query_params:
            return Response(rules_search_answer(request))
        search_paging(request)
        rulesets = Ruleset.objects.all()
        if wanted:
            rulesets = rulesets.filter(slug=wanted)
        trees = [rules_tree(ruleset, request) for ruleset in rulesets]
        return Response(RulesetTreeSerializer(trees, many=True, context={"request": request}).data)


@extend_schema_view(get=extend_schema(parameters=[path_examples("number", "6.4.2", "6.5", "6")]))
class RuleDetailView(generics.RetrieveAPIView[RuleEntry]):
    """One section, subsection, rule or subrule by its number, with its neighbours and rulings."""

    serializer_class = RuleDetailSerializer
    filter_backends: list[type] = []
    ruleset = STANDARD

    def get_queryset(self) -> QuerySet[RuleEntry]:
        return RuleEntry.objects.for_display().select_related("parent")

    def get_object(self) -> RuleEntry:
        number = self.kwargs["number"]
        entry = self.get_queryset().filter(ruleset__slug=self.ruleset, number=number).first()
        if entry is None:
            raise Http404(f"No {self.ruleset} rule numbered {number!r}.")
        return entry

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        entry = self.get_object()
        context = {**self.get_serializer_context(), "neighbours": neighbours(entry)}
        return Response(RuleDetailSerializer(entry, context=context).data)


@extend_schema_view(get=extend_schema(parameters=[path_examples("number", "4.1.1", "4.2")]))
class ArenaRuleDetailView(RuleDetailView):
    """One Guardians Arena entry by its number."""

    ruleset = ARENA


# The rule view's ``number`` path parameter is inherited; this path has none, and a client generator
# refuses an operation whose parameters do not match its path.
@extend_schema_view(
    get=extend_schema(
        parameters=[
            path_examples("code", "PRI-7"),
            OpenApiParameter("number", location=OpenApiParameter.PATH, exclude=True),
        ]
    )
)
class EngineIdRuleView(RuleDetailView):
    """The rule that carries an engine or design id (PRI-7, A-05, ENG-1)."""

    def get_object(self) -> RuleEntry:
        code = self.kwargs["code"].upper()
        found = EngineRuleId.objects.filter(code=code).values_list("rule_id", flat=True).first()
        if found is None:
            raise Http404(f"No rule carries the id {code!r}.")
        return self.get_queryset().get(id=found)


@extend_schema_view(
    retrieve=extend_schema(parameters=[path_examples("code", "R-001", "R-002")]),
    list=extend_schema(parameters=[OpenApiParameter(
        "card", str, description="Rulings about this card: its slug or name, in any letter case (wraith, Wraith, Sand Lord)."
    )]),
)
class RulingViewSet(viewsets.ReadOnlyModelViewSet[Ruling]):
    """Rulings, errata and clarifications, filtered like the HTML rulings list (same parameters)."""

    queryset = Ruling.objects.for_listing()
    serializer_class = RulingSerializer
    filterset_class = RulingFilterSet
    filter_backends = [DjangoFilterBackend, StrictOrderingFilter]
    ordering_choices = {
        "position": ["position"], "-position": ["-position"], "id": ["code"], "-id": ["-code"],
        "date": ["date", "position"], "-date": ["-date", "position"],
    }  # fmt: skip
    lookup_field = "code"

    def get_object(self) -> Ruling:
        ruling = self.get_queryset().filter(code=self.kwargs["code"].upper()).first()
        if ruling is None:
            raise Http404(f"No ruling {self.kwargs['code']!r}.")
        return ruling


@extend_schema_view(retrieve=extend_schema(parameters=[path_examples("slug", "aoe", "attacker")]))
class GlossaryViewSet(viewsets.ReadOnlyModelViewSet[GlossaryTerm]):
    """Game terms with their definitions and the rule that defines each."""

    queryset = GlossaryTerm.objects.select_related("rule__ruleset")
    serializer_class = GlossaryTermSerializer
    filter_backends = [StrictOrderingFilter]
    ordering_choices = {"term": ["term"], "-term": ["-term"]}
    lookup_field = "slug"

    def get_object(self) -> GlossaryTerm:
        """A term by its slug in any letter case (slugs are lower case), as cards, sets and rulings are found."""
        wanted = self.kwargs[self.lookup_field]
        term = self.get_queryset().filter(slug=wanted.lower()).first()
        if term is None:
            raise Http404(f"No glossary term with slug {wanted!r}.")
        return term


class CardWithRulingsViewSet(CardViewSet):
    __doc__ = CardViewSet.__doc__  # The schema describes the endpoint by it.
    detail_serializer_class = CardWithRulingsSerializer
