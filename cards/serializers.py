"""API representations of sets and cards; field names follow the fixture format."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards.abilities import describe_abilities
from cards.choices import AutomationStatus, Border, CardType, Confidence, Size
from cards.models import Card, CardSet, Printing
from core.api.sources import SourceSerializer, sources_data
from core.sources import readable_sources
from engine.abilities import KINDS as ABILITY_KINDS


class SetSummarySerializer(serializers.ModelSerializer[CardSet]):
    class Meta:
        model = CardSet
        fields = ["code", "slug", "name"]


class CardSetSerializer(serializers.ModelSerializer[CardSet]):
    url = serializers.HyperlinkedIdentityField(
        view_name="api:set-detail", lookup_field="code", lookup_url_kwarg="code_or_slug"
    )
    card_count = serializers.IntegerField(read_only=True, help_text="Cards with a printing in this set.")
    sources = serializers.SerializerMethodField(help_text="Each source as a name to cite, a link and its date.")

    class Meta:
        model = CardSet
        fields = ["code", "slug", "name", "kind", "order", "released", "description", "sources", "card_count", "url"]
        # Output only: read-only fields are required in the schema, as every answer has them.
        read_only_fields = fields

    @extend_schema_field(SourceSerializer(many=True))
    def get_sources(self, card_set: CardSet) -> list[dict[str, str]]:
        return sources_data(self.context, readable_sources(card_set.sources))


class CardSetDetailSerializer(CardSetSerializer):
    counts_by_type = serializers.SerializerMethodField()

    class Meta(CardSetSerializer.Meta):
        fields = CardSetSerializer.Meta.fields + ["counts_by_type"]
        read_only_fields = fields

    @extend_schema_field({"type": "object", "additionalProperties": {"type": "integer"}})
    def get_counts_by_type(self, card_set: CardSet) -> dict[str, int]:
        return {row["card_type"]: row["total"] for row in Card.objects.printed_in(card_set).count_by_type()}


@extend_schema_field({"type": "string", "deprecated": True, "description": "Deprecated: read source_image_file."})
class DeprecatedImageField(serializers.CharField):
    """The old name of ``source_image_file``, kept so that existing clients do not break."""


class PrintingSerializer(serializers.ModelSerializer[Printing]):
    set = serializers.CharField(source="card_set.code")
    rarity = serializers.CharField(allow_null=True, help_text="Null where the source gives none.")
    source_image_file = serializers.CharField(
        source="image",
        help_text="The image's file name in the collection this printing was gathered from (a name, not a URL "
        "this site serves); empty when unknown.",
    )
    image = DeprecatedImageField(read_only=True)
    classes = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="Classes as printed on this printing."
    )

    class Meta:
        model = Printing
        fields = ["set", "rarity", "rarity_read_from", "starter_only", "source_image_file", "image", "classes"]
        read_only_fields = fields

    def to_representation(self, instance: Printing) -> dict[str, Any]:
        data = super().to_representation(instance)
        data["rarity"] = data["rarity"] or None
        return data


class GuardianSerializer(serializers.Serializer[Card]):
    vitality = serializers.IntegerField()
    cmp = serializers.IntegerField()
    stones = serializers.IntegerField(source="guardian_stones")
    base_draw = serializers.IntegerField(source="guardian_base_draw")
    ldl = serializers.IntegerField(source="guardian_ldl")
    mdl = serializers.IntegerField(source="guardian_mdl")
    luc = serializers.IntegerField(source="guardian_luc")

    def to_representation(self, instance: Card) -> dict[str, Any] | None:  # type: ignore[override]
        return super().to_representation(instance) if instance.card_type == CardType.GUARDIAN else None


class StrongholdSerializer(serializers.Serializer[Card]):
    group = serializers.CharField(source="stronghold_group")
    position = serializers.CharField(source="stronghold_position")
    defend_bonus = serializers.IntegerField(source="stronghold_defend_bonus", allow_null=True)
    counts_as_terrain = serializers.CharField(source="stronghold_counts_as_terrain", allow_null=True)

    def to_representation(self, instance: Card) -> dict[str, Any] | None:  # type: ignore[override]
        if instance.card_type != CardType.STRONGHOLD:
            return None
        data = super().to_representation(instance)
        data["counts_as_terrain"] = data["counts_as_terrain"] or None
        return data


class AutomationSerializer(serializers.Serializer[Card]):
    status = serializers.ChoiceField(choices=AutomationStatus.choices, source="automation_status", read_only=True)
    reason = serializers.CharField(source="automation_reason")


class ProvenanceSerializer(serializers.Serializer[Card]):
    sources = serializers.SerializerMethodField(help_text="Each source as a name to cite, a link and its date.")
    confidence = serializers.ChoiceField(choices=Confidence.choices, read_only=True)
    notes = serializers.ListField(child=serializers.CharField())
    import_fixes = serializers.ListField(child=serializers.CharField())

    @extend_schema_field(SourceSerializer(many=True))
    def get_sources(self, card: Card) -> list[dict[str, str]]:
        return sources_data(self.context, readable_sources(card.sources))


# Choice-backed text columns store "" for "not applicable"; the API says null, like the fixtures.
BLANK_AS_NULL = ("border", "ocb_against", "size", "rarity")


class CardSerializer(serializers.ModelSerializer[Card]):
    url = serializers.HyperlinkedIdentityField(view_name="api:card-detail", lookup_field="slug")
    html_url = serializers.SerializerMethodField()
    # Choices, not free text: the schema lists every type, as the ``type`` filter does.
    type = serializers.ChoiceField(choices=CardType.choices, source="card_type", read_only=True)
    set = serializers.CharField(source="card_set.code")
    # Blank in the database, null in the API (see BLANK_AS_NULL), so the schema says nullable.
    rarity = serializers.CharField(allow_null=True, read_only=True, help_text="Null where the source gives none.")
    border = serializers.ChoiceField(choices=Border.choices, allow_null=True, read_only=True)
    ocb_against = serializers.ChoiceField(choices=Border.choices, allow_null=True, read_only=True)
    size = serializers.ChoiceField(choices=Size.choices, allow_null=True, read_only=True)
    bribery = serializers.ListField(child=serializers.ChoiceField(choices=["babes", "gold", "beer"]), read_only=True)
    classes = serializers.SlugRelatedField(many=True, read_only=True, slug_field="name")
    printings = PrintingSerializer(many=True, read_only=True)

    class Meta:
        model = Card
        fields = [
            "slug", "name", "url", "html_url", "type", "set", "rarity", "border", "vitality", "stacking_vitality",
            "ocb", "ocb_against", "cmp", "receives_channeling", "bribery", "classes", "size", "flying",
            "ranged_attack", "command", "up_number", "shield_number", "summary", "printings",
        ]  # fmt: skip
        # Output only: read-only fields are required in the schema (nullable where null), as every answer has them.
        read_only_fields = fields

    def get_html_url(self, card: Card) -> str:
        request = self.context.get("request")
        path = card.get_absolute_url()
        return request.build_absolute_uri(path) if request else path

    def to_representation(self, instance: Card) -> dict[str, Any]:
        data = super().to_representation(instance)
        for name in BLANK_AS_NULL:
            data[name] = data[name] or None
        return data


@extend_schema_field(
    {
        "type": "array",
        "items": {
            "type": "object",
            "required": ["kind"],
            "properties": {
                "kind": {
                    "type": "string",
                    "enum": sorted(ABILITY_KINDS),
                    "description": "What the ability does; the other keys depend on it.",
                }
            },
            "additionalProperties": True,
        },
    }
)
class AbilitiesField(serializers.ListField):
    """The engine's structured abilities as stored: every one has a kind from the engine's vocabulary, which
    the schema lists so that a client can tell each shape apart."""


class CardDetailSerializer(CardSerializer):
    guardian = GuardianSerializer(source="*", read_only=True, allow_null=True)
    stronghold = StrongholdSerializer(source="*", read_only=True, allow_null=True)
    automation = AutomationSerializer(source="*", read_only=True)
    provenance = ProvenanceSerializer(source="*", read_only=True)

    aliases = serializers.ListField(child=serializers.CharField(), read_only=True, help_text="Other names searched.")
    terrain_types = serializers.ListField(child=serializers.CharField(), read_only=True)
    abilities = AbilitiesField(
        child=serializers.DictField(), read_only=True, help_text="Structured abilities, each with its kind."
    )

    class Meta(CardSerializer.Meta):
        fields = CardSerializer.Meta.fields + [
            "aliases", "guardian", "stronghold", "terrain_types", "abilities", "abilities_text", "automation",
            "provenance",
        ]  # fmt: skip
        read_only_fields = fields

    abilities_text = serializers.SerializerMethodField(
        help_text="Each structured ability in plain words, as the combat engine applies it."
    )

    def get_abilities_text(self, instance: Card) -> list[str]:
        return describe_abilities(instance.abilities)
