"""API representations of rules, rulings and glossary terms. Rules are cited the way rulings cite
them: "6.4.2" for a standard rule, "arena 6.3.2" for an Arena rule."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rulings.choices import EntryKind
from rulings.models import GlossaryTerm, RuleEntry, Ruling


def api_url_of(entry: RuleEntry) -> str:
    name = "rulings-api:rule-detail" if entry.ruleset.is_standard else "rulings-api:arena-rule-detail"
    return reverse(name, kwargs={"number": entry.number})


def _absolute(context: dict[str, Any], path: str) -> str:
    request = context.get("request")
    return request.build_absolute_uri(path) if request else path


class RuleNodeSerializer(serializers.Serializer[dict[str, Any]]):
    """One node of the rules tree: its children have the same shape."""

    number = serializers.CharField()
    kind = serializers.ChoiceField(choices=EntryKind.choices)
    title = serializers.CharField(help_text="Sections and subsections; empty for rules.")
    text = serializers.CharField(help_text="Rule text; empty for sections and subsections.")
    html_url = serializers.CharField()
    url = serializers.CharField()
    children = serializers.SerializerMethodField()

    @extend_schema_field({"type": "array", "items": {"$ref": "#/components/schemas/RuleNode"}})
    def get_children(self, node: dict[str, Any]) -> list[dict[str, Any]]:
        return RuleNodeSerializer(node["children"], many=True, context=self.context).data  # type: ignore[return-value]


class RulesetTreeSerializer(serializers.Serializer[dict[str, Any]]):
    ruleset = serializers.CharField(help_text="standard or arena")
    name = serializers.CharField()
    sections = RuleNodeSerializer(many=True)


class RuleSummarySerializer(serializers.Serializer[RuleEntry]):
    citation = serializers.CharField(help_text='"6.4.2" or "arena 6.3.2".')
    url = serializers.SerializerMethodField()

    def get_url(self, entry: RuleEntry) -> str:
        return _absolute(self.context, api_url_of(entry))


class RuleDetailSerializer(serializers.ModelSerializer[RuleEntry]):
    ruleset = serializers.CharField(source="ruleset.slug")
    citation = serializers.CharField()
    engine_ids = serializers.SlugRelatedField(many=True, read_only=True, slug_field="code")
    parent = serializers.SerializerMethodField()
    children = serializers.SerializerMethodField()
    previous = serializers.SerializerMethodField()
    next = serializers.SerializerMethodField()
    differs_from = RuleSummarySerializer(many=True, help_text="Arena rules: the standard rules this one departs from.")
    arena_departures = RuleSummarySerializer(
        many=True, help_text="Standard rules: Arena rules that depart from this one."
    )
    rulings = serializers.SerializerMethodField()
    html_url = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = RuleEntry
        fields = ["ruleset", "number", "citation", "kind", "title", "text", "engine_ids", "parent", "children",
                  "previous", "next", "differs_from", "arena_departures", "rulings", "html_url", "url"]  # fmt: skip

    def get_parent(self, entry: RuleEntry) -> str | None:
        return entry.parent.number if entry.parent else None

    def get_children(self, entry: RuleEntry) -> list[str]:
        return [child.number for child in entry.children.order_by("position")]

    def get_previous(self, entry: RuleEntry) -> str | None:
        return self.context["neighbours"][0].number if self.context.get("neighbours", (None,))[0] else None

    def get_next(self, entry: RuleEntry) -> str | None:
        neighbours = self.context.get("neighbours", (None, None))
        return neighbours[1].number if neighbours[1] else None

    def get_rulings(self, entry: RuleEntry) -> list[str]:
        return [ruling.code for ruling in entry.rulings.all()]

    def get_html_url(self, entry: RuleEntry) -> str:
        return _absolute(self.context, entry.get_absolute_url())

    def get_url(self, entry: RuleEntry) -> str:
        return _absolute(self.context, api_url_of(entry))


class RulingSerializer(serializers.ModelSerializer[Ruling]):
    id = serializers.CharField(source="code", help_text="R-001, E-01, A-01 ...")
    rules = serializers.SerializerMethodField()
    cards = serializers.SlugRelatedField(many=True, read_only=True, slug_field="slug")
    topics = serializers.SlugRelatedField(many=True, read_only=True, slug_field="name")
    superseded_by = serializers.SlugRelatedField(read_only=True, slug_field="code", allow_null=True)
    url = serializers.HyperlinkedIdentityField(view_name="rulings-api:ruling-detail", lookup_field="code")
    html_url = serializers.SerializerMethodField()

    class Meta:
        model = Ruling
        fields = ["id", "kind", "question", "answer", "rules", "cards", "topics", "sources", "authority", "status",
                  "date", "note", "superseded_by", "url", "html_url"]  # fmt: skip

    def get_rules(self, ruling: Ruling) -> list[str]:
        return [entry.citation for entry in ruling.rules.all()]

    def get_html_url(self, ruling: Ruling) -> str:
        return _absolute(self.context, ruling.get_absolute_url())


class GlossaryTermSerializer(serializers.ModelSerializer[GlossaryTerm]):
    ruleset = serializers.CharField(source="rule.ruleset.slug")
    rule = serializers.CharField(source="rule.number", help_text="The number of the rule that defines the term.")
    rule_url = serializers.SerializerMethodField()
    html_url = serializers.SerializerMethodField()

    class Meta:
        model = GlossaryTerm
        fields = ["term", "slug", "aliases", "definition", "ruleset", "rule", "rule_url", "html_url"]

    def get_rule_url(self, term: GlossaryTerm) -> str:
        return _absolute(self.context, api_url_of(term.rule))

    def get_html_url(self, term: GlossaryTerm) -> str:
        return _absolute(self.context, term.get_absolute_url())
