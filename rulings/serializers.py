"""API representations of rules, rulings and glossary terms. Rules are cited the way rulings cite
them: "6.4.2" for a standard rule, "arena 6.3.2" for an Arena rule."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from cards.models import Card
from cards.serializers import CardDetailSerializer
from core.api.sources import SourceSerializer, absolute, sources_data
from rulings import scenarios
from rulings.choices import Authority, EntryKind
from rulings.models import ARENA, STANDARD, GlossaryTerm, RuleEntry, Ruling
from rulings.scenarios import NoScenario
from rulings.simulator import simulator

# The schema names the two rulesets, as the ``ruleset`` parameter of /api/v1/rules/ does.
RULESETS = [STANDARD, ARENA]


def api_url_of(entry: RuleEntry) -> str:
    name = "rulings-api:rule-detail" if entry.ruleset.is_standard else "rulings-api:arena-rule-detail"
    return reverse(name, kwargs={"number": entry.number})


# The label fields' help, read from the model so the tree and the detail describe them in the same words.
_LABEL_HELP = {name: str(RuleEntry._meta.get_field(name).help_text) for name in ("authority", "date", "date_note")}



class RuleNodeSerializer(serializers.Serializer[dict[str, Any]]):
    """One node of the rules tree: its children have the same shape."""

    number = serializers.CharField()
    kind = serializers.ChoiceField(choices=EntryKind.choices)
    title = serializers.CharField(help_text="Sections and subsections; empty for rules.")
    text = serializers.CharField(help_text="Rule text; empty for sections and subsections.")
    # The same label fields as the rule detail (issue #32): whose the text is and since when.
    authority = serializers.ChoiceField(choices=Authority.choices, help_text=_LABEL_HELP["authority"])
    date = serializers.CharField(allow_blank=True, help_text=_LABEL_HELP["date"])
    date_note = serializers.CharField(allow_blank=True, help_text=_LABEL_HELP["date_note"])
    html_url = serializers.CharField()
    url = serializers.CharField()
    children = serializers.SerializerMethodField()

    @extend_schema_field({"type": "array", "items": {"$ref": "#/components/schemas/RuleNode"}})
    def get_children(self, node: dict[str, Any]) -> list[dict[str, Any]]:
        return RuleNodeSerializer(node["children"], many=True, context=self.context).data  # type: ignore[return-value]


class RulesetTreeSerializer(serializers.Serializer[dict[str, Any]]):
    ruleset = serializers.ChoiceField(choices=RULESETS, read_only=True)
    name = serializers.CharField()
    sections = RuleNodeSerializer(many=True)


class RuleSummarySerializer(serializers.Serializer[RuleEntry]):
    citation = serializers.CharField(help_text='"6.4.2" or "arena 6.3.2".')
    url = serializers.SerializerMethodField()

    def get_url(self, entry: RuleEntry) -> str:
        return absolute(self.context, api_url_of(entry))


class RuleDetailSerializer(serializers.ModelSerializer[RuleEntry]):
    ruleset = serializers.ChoiceField(choices=RULESETS, source="ruleset.slug", read_only=True)
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
    rulings = serializers.SerializerMethodField(
        help_text="Ids of the rulings that cite this entry itself, in the rulings list's order. all_rulings adds "
        "those citing a rule beneath it."
    )
    all_rulings = serializers.SerializerMethodField(
        help_text="Ids of the rulings that cite this entry or any entry numbered beneath it (6.4 lists those on "
        "6.4.2a and 6.4.4), each once, in the rulings list's order: the rulings the rule's page shows."
    )
    html_url = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = RuleEntry
        fields = ["ruleset", "number", "citation", "kind", "title", "text", "engine_ids", "parent", "children",
                  "previous", "next", "differs_from", "arena_departures", "rulings", "all_rulings", "authority",
                  "date", "date_note", "html_url", "url"]  # fmt: skip
        read_only_fields = fields  # output only: required in the schema, as every answer has them

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

    def get_all_rulings(self, entry: RuleEntry) -> list[str]:
        return list(Ruling.objects.citing(entry).order_by("position").values_list("code", flat=True))

    def get_html_url(self, entry: RuleEntry) -> str:
        return absolute(self.context, entry.get_absolute_url())

    def get_url(self, entry: RuleEntry) -> str:
        return absolute(self.context, api_url_of(entry))


class ChangeSerializer(serializers.Serializer[Any]):
    date = serializers.DateField()
    change = serializers.CharField()
    kind = serializers.ChoiceField(
        choices=["wording", "substance", "authority"], default="wording",
        help_text="wording: the answer is said differently; substance: what the ruling decides changed; "
        "authority: whose ruling it is, or its date, was corrected.",
    )  # fmt: skip
    previous = serializers.CharField(
        required=False, help_text="The answer as it read before a change of substance, where recorded."
    )


class ScenarioSerializer(serializers.Serializer[Any]):
    """A set-up whose result the ruling states (fixtures/rulings/scenarios.json), checked in CI."""

    notation = serializers.CharField(help_text="The set-up, in the simulator's notation.")
    step_rule = serializers.CharField(
        help_text="The engine id of the step that applies the ruling: the ruling's page opens the step-through at "
        "the first step citing it."
    )
    shows = serializers.CharField(help_text="What the scenario shows, in words.")
    simulator_url = serializers.CharField(help_text="The set-up's step-through in the simulator.")


class NoScenarioSerializer(serializers.Serializer[Any]):
    """Why a ruling has no scenario."""

    reason = serializers.ChoiceField(
        choices=[reason.value for reason in NoScenario],
        help_text="outside-combat: it governs a part of the game no combat includes; not-a-result: it settles how "
        "something is printed, spelled or attributed; superseded: a combat follows its successor; pending: a "
        "combat could show it, and its scenario is not written yet.",
    )
    why = serializers.CharField()


class RulingSerializer(serializers.ModelSerializer[Ruling]):
    id = serializers.CharField(source="code", help_text="R-001, E-01, A-01 ...")
    date = serializers.RegexField(
        r"^(\d{4}(-\d{2}(-\d{2})?)?)?$", read_only=True,
        help_text="The date of the ruling's source (the site's own rulings: the day made), as precise as known: "
                  "1996, 2008-07 or 2015-03-24; empty when unknown (date_note says why).",
    )  # fmt: skip
    sources = serializers.SerializerMethodField()
    changes = ChangeSerializer(many=True, read_only=True, help_text="Revisions after publication, oldest first.")
    rules = serializers.SerializerMethodField()
    cards = serializers.SlugRelatedField(many=True, read_only=True, slug_field="slug")
    topics = serializers.SlugRelatedField(many=True, read_only=True, slug_field="name")
    superseded_by = serializers.SlugRelatedField(read_only=True, slug_field="code", allow_null=True)
    url = serializers.HyperlinkedIdentityField(view_name="rulings-api:ruling-detail", lookup_field="code")
    html_url = serializers.SerializerMethodField()
    scenario = serializers.SerializerMethodField(help_text="The ruling's scenario; null when it has none.")
    no_scenario = serializers.SerializerMethodField(help_text="Why the ruling has no scenario; null when it has one.")

    class Meta:
        model = Ruling
        fields = ["id", "kind", "question", "answer", "rules", "cards", "topics", "sources", "authority", "status",
                  "date", "date_note", "changes", "note", "superseded_by", "scenario", "no_scenario", "url",
                  "html_url"]  # fmt: skip
        read_only_fields = fields  # output only: required in the schema, as every answer has them

    @extend_schema_field(SourceSerializer(many=True))
    def get_sources(self, ruling: Ruling) -> list[dict[str, str]]:
        from rulings.display import ruling_sources

        return sources_data(self.context, ruling_sources(ruling))

    def get_rules(self, ruling: Ruling) -> list[str]:
        return [entry.citation for entry in ruling.rules.all()]

    @extend_schema_field(ScenarioSerializer(allow_null=True))
    def get_scenario(self, ruling: Ruling) -> dict[str, str] | None:
        entry = scenarios.by_subject().get(ruling.code)
        if not isinstance(entry, scenarios.Scenario):
            return None
        return {"notation": entry.notation, "step_rule": entry.step_rule, "shows": entry.shows,
                "simulator_url": absolute(self.context, simulator().permalink(entry.notation))}  # fmt: skip

    @extend_schema_field(NoScenarioSerializer(allow_null=True))
    def get_no_scenario(self, ruling: Ruling) -> dict[str, str] | None:
        entry = scenarios.by_subject().get(ruling.code)
        return {"reason": entry.reason.value, "why": entry.why} if isinstance(entry, scenarios.Without) else None

    def get_html_url(self, ruling: Ruling) -> str:
        return absolute(self.context, ruling.get_absolute_url())


class GlossaryTermSerializer(serializers.ModelSerializer[GlossaryTerm]):
    ruleset = serializers.ChoiceField(choices=RULESETS, source="rule.ruleset.slug", read_only=True)
    rule = serializers.CharField(source="rule.number", help_text="The number of the rule that defines the term.")
    rule_url = serializers.SerializerMethodField()
    html_url = serializers.SerializerMethodField()
    aliases = serializers.ListField(child=serializers.CharField(), read_only=True, help_text="Other names of the term.")

    class Meta:
        model = GlossaryTerm
        fields = ["term", "slug", "aliases", "definition", "ruleset", "rule", "authority", "date", "date_note",
                  "rule_url", "html_url"]  # fmt: skip
        read_only_fields = fields  # output only: required in the schema, as every answer has them

    def get_rule_url(self, term: GlossaryTerm) -> str:
        return absolute(self.context, api_url_of(term.rule))

    def get_html_url(self, term: GlossaryTerm) -> str:
        return absolute(self.context, term.get_absolute_url())


class CrumbSerializer(serializers.Serializer[Any]):
    label = serializers.CharField()
    html_url = serializers.CharField()


class SearchHitSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["standard", "arena", "ruling", "erratum", "glossary"])
    ref = serializers.CharField(help_text='The rule\'s citation ("6.5.1", "arena 6.3.2"), the ruling id or the term\'s slug.')
    label = serializers.CharField()
    title = serializers.CharField(help_text="A heading's title, a ruling's question or a glossary term (empty for rules).")
    text = serializers.CharField(help_text="The rule text, the ruling's answer or the term's definition.")
    breadcrumb = CrumbSerializer(many=True, help_text="Where the hit sits in the book, outermost first.")
    score = serializers.FloatField(help_text="Relevance (BM25F); higher is better. Comparable within one answer only.")
    html_url = serializers.CharField()
    url = serializers.CharField(allow_null=True, help_text="The API address of the rule or ruling (null for terms).")


class JumpSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["rule", "ruling", "engine-id", "card"])
    label = serializers.CharField()
    html_url = serializers.CharField()


class RulesSearchSerializer(serializers.Serializer[Any]):
    query = serializers.CharField()
    searched = serializers.CharField(help_text="What was searched: the query, or its correction when it matched nothing.")
    corrected_from = serializers.CharField(allow_null=True, help_text="The typed query when a corrected one was searched.")
    jump = JumpSerializer(allow_null=True, help_text="The rule, ruling or engine id the query names exactly, if any.")
    filters = serializers.ListField(child=serializers.CharField())
    count = serializers.IntegerField()
    counts = serializers.DictField(child=serializers.IntegerField(), help_text="Matches per filter.")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    matched_words = serializers.ListField(child=serializers.CharField(), help_text="Words to highlight in the texts.")
    results = SearchHitSerializer(many=True)


# A card in full, with every ruling and erratum about it: what the card API and the bulk file give. The cards
# app knows nothing of rulings, so the rulings are added here, on top of its serializer. (No docstring: the
# schema would print it as the component's description, which the cards app's serializer never had.)
@extend_schema_serializer(component_name="CardDetail")
class CardWithRulingsSerializer(CardDetailSerializer):
    class Meta(CardDetailSerializer.Meta):
        fields = CardDetailSerializer.Meta.fields + ["rulings"]
        read_only_fields = fields

    rulings = serializers.SerializerMethodField(help_text="Every ruling and erratum about the card, newest first.")

    @extend_schema_field(RulingSerializer(many=True))
    def get_rulings(self, card: Card) -> list[dict[str, Any]]:
        from rulings.queries import newest_first

        found = newest_first(list(card.rulings.for_listing()))  # type: ignore[attr-defined]
        return RulingSerializer(found, many=True, context=self.context).data  # type: ignore[return-value]
