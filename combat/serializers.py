"""Request and response shapes of the combat API; the response ones document the schema."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from combat.limits import MAX_ENTRIES_PER_LIST, MAX_NUMBER
from combat.setup_form import MAX_NOTATION_LENGTH

# The two sides of a combat (engine.enums.Side and Winner share these values).
SIDES = ["attacker", "defender"]


def _strings(help_text: str) -> serializers.ListField:
    # The bound is documentation: the engine's reader checks it (combat.limits) and answers limit_exceeded.
    return serializers.ListField(
        child=serializers.CharField(), required=False, max_length=MAX_ENTRIES_PER_LIST, help_text=help_text
    )


class SideSetupSerializer(serializers.Serializer[Any]):
    """One side of the JSON form (engine.jsonform): card slugs, and decisions in the notation's small grammar."""

    creatures = _strings("Creatures in play order, by slug; a second copy is 'archer#2'.")
    items = _strings("Items held by the creatures.")
    hand = _strings("Cards in hand that may be played during the combat.")
    channellers = _strings("Creatures channelling to the guardian.")
    guardian = serializers.CharField(required=False, allow_null=True, help_text="The side's guardian, by slug.")
    stones = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_NUMBER, help_text="Stones the guardian has."
    )
    stronghold = serializers.CharField(required=False, allow_null=True, help_text="The side's stronghold, by slug.")
    shields = _strings("The side's shields, by slug.")
    command = serializers.CharField(required=False, allow_null=True, help_text="A command card played, by slug.")
    dispel = serializers.IntegerField(required=False, min_value=0, max_value=MAX_NUMBER, help_text="Dispels available.")
    order = _strings("The play order of the creatures, if not the listed one.")
    ranged = _strings("Ranged support, 'round:creature', e.g. '1:archer'.")
    bribes = _strings("Bribes, 'moment:icon[:target]', e.g. '1:gold'.")
    spells = _strings("Spells, 'moment:card[:target]'.")
    channels = _strings("Channels, 'moment:source[*amount][:target]', e.g. '3:guardian*2'.")
    secondaries = _strings(
        "Secondary attacks, 'attacker:target'; an empty list makes none, absent lets the default choose."
    )
    destroy_shield = serializers.BooleanField(required=False, help_text="Destroy a shield when winning.")
    rolls = _strings("Dice results, 'card:value'.")
    counts = _strings("Numbers the combat cannot see, 'card:value'.")
    choices = _strings("Choices cards offer, 'card:option'.")
    earlier = _strings("Cards played earlier in the turn whose effect lasts into the combat.")


class CombatSetupSerializer(serializers.Serializer[Any]):
    terrain = serializers.CharField(
        required=False, allow_null=True, help_text="The space's terrain card or type, 'face-down[:slug]', or null."
    )
    # null reads as a side with nothing given, as absent does.
    attacker = SideSetupSerializer(required=False, allow_null=True)
    defender = SideSetupSerializer(required=False, allow_null=True)
    readings = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text='The reading of each open rule, e.g. {"turn-answers": "just-before"}. Absent where one can change '
        "the result (an order of actions, a spell, a secondary plan), the set-up predates it and is read under "
        "rules-1.2.",
    )


@extend_schema_field(CombatSetupSerializer)
class SetupJSONField(serializers.JSONField):
    """Read as plain JSON and checked by the engine (so its problem codes reach the client), but
    documented with its full shape. Only an object is a set-up: anything else is refused here, as the
    schema says, before the engine sees it."""

    default_error_messages = {"not_an_object": "The set-up in JSON must be an object."}

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            self.fail("not_an_object")
        return super().to_internal_value(data)


# The length is checked by the engine's reader (combat.running), which answers limit_exceeded like every limit.
@extend_schema_field({"type": "string", "maxLength": MAX_NOTATION_LENGTH})
class NotationField(serializers.CharField):
    """The notation as the schema types it: a JSON string. DRF's CharField would also take a number or a
    boolean and read its text, which the schema does not allow."""

    default_error_messages = {"not_a_string": "The notation must be a string."}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string")
        return str(super().to_internal_value(data))


class CombatRequestSerializer(serializers.Serializer[Any]):
    """A set-up in one of its two forms: the notation text, or the JSON form of engine.jsonform."""

    notation = NotationField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="The compact notation, e.g. 'a=sand-lord d=swordsman'.",
    )
    setup = SetupJSONField(
        required=False, help_text="The JSON form: {terrain, attacker: {creatures, ...}, defender: {...}}."
    )

    ruleset = serializers.ChoiceField(
        choices=["standard", "arena"],
        required=False,
        help_text="standard (the default) or arena for a Guardians Arena duel; a notation may say ruleset=arena itself.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [name for name in ("notation", "setup") if name in attrs]
        if len(given) != 1:
            raise serializers.ValidationError("Give exactly one of notation and setup.")
        return attrs


class PartialRequestSerializer(CombatRequestSerializer):
    """A set-up, and where to stop: after the command step or after a primary match-up."""

    after = serializers.RegexField(
        r"^(command|[1-9][0-9]{0,2})$",
        help_text="'command' to stop once the command step is over, or N to stop after match-up N.",
    )


class ProblemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable problem code, e.g. setup.unknown_card.")
    message = serializers.CharField()
    field = serializers.CharField(help_text="Where in the set-up, e.g. d.bribe; empty when it concerns the whole.")
    card = serializers.CharField(help_text="The card slug concerned, if any.")
    values = serializers.DictField(
        child=serializers.CharField(),
        help_text="The problem's facts for programs, so a client never reads them out of the message: clause, "
        "round, item, expected (a shape code such as bribe or action), example and any other fact the message "
        "states for notation problems; empty when the code and field say it all.",
    )


@extend_schema_field(
    {
        "type": "array",
        "items": {
            "anyOf": [
                {
                    "type": "object",
                    "title": "SetupWarning",
                    "properties": {
                        "code": {"type": "string", "description": "Stable, e.g. arena.target_ignored."},
                        "message": {"type": "string"},
                        "rule": {
                            "type": "string",
                            "description": "The Arena rule id of the step that says it; see /rules/id/<rule>/.",
                        },
                        "values": {
                            "type": "object",
                            "additionalProperties": {"type": "string"},
                            "description": "The warning's facts by name: side, action (as written), target, "
                            "number and round_name (where the action is), whom (who the action may reach), "
                            "rule_number (the Arena rule), usual (who it reaches instead, for arena.target_ignored).",
                        },
                    },
                    "required": ["code", "message", "rule", "values"],
                },
                {"type": "string", "description": "A query parameter this endpoint does not read, ignored."},
            ]
        },
    }
)
class ValidateWarningsField(serializers.ListField):
    """A duel's warnings (objects), then the ignored query parameters (strings, as every endpoint names them)."""


class ValidateResponseSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField()
    notation = serializers.CharField(allow_null=True, help_text="The set-up in canonical notation, if readable.")
    ruleset = serializers.ChoiceField(
        choices=["standard", "arena"], help_text="The set-up's rule set: standard, or arena for a Guardians Arena duel."
    )
    problems = ProblemSerializer(many=True)
    warnings = ValidateWarningsField(
        required=False,
        help_text="A valid duel's objects: each target (@card) an action cannot reach. Such a duel resolves as it "
        "always has (arena.target_ignored: the action goes to its usual creature; arena.target_channel_lost: the "
        "channel adds nothing; arena.target_unknown: a spell or item names no card of the duel; "
        "arena.target_out_of_battle: a bribe still taken on a creature not in the battle), so shared links keep "
        "their result; the warning says so. Then strings, as on every endpoint: each query parameter the request "
        "named that this endpoint does not read. Absent when there is none.",
    )


class TermSerializer(serializers.Serializer[Any]):
    label = serializers.CharField()
    amount = serializers.IntegerField()


class StepSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    phase = serializers.ChoiceField(choices=["setup", "command", "primary", "secondary", "resolution"])
    kind = serializers.CharField()
    rule = serializers.CharField(help_text="The numbered rule this step follows; see /rules/id/<rule>/.")
    text = serializers.CharField()
    moment = serializers.CharField(
        help_text="Match-up number (1, 2, ...) or secondary attack (s1, ...); empty outside."
    )
    side = serializers.ChoiceField(choices=SIDES, allow_null=True)
    card = serializers.CharField()
    card_name = serializers.CharField()
    subject = serializers.CharField(help_text="Creature id (a1, d2, ...) the step changes, if any.")
    subject_name = serializers.CharField()
    delta = serializers.IntegerField(allow_null=True)
    total = serializers.IntegerField(allow_null=True)
    chain = TermSerializer(many=True, help_text="The terms that add up to total: why the number is what it is.")
    chain_text = serializers.CharField()
    rule_url = serializers.CharField()


class CreatureOutcomeSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    side = serializers.CharField()
    card = serializers.CharField()
    name = serializers.CharField()
    vitality = serializers.IntegerField()
    role = serializers.CharField()
    fate = serializers.CharField()
    reason = serializers.CharField(help_text="The reason in words, made from reason_code and reason_values.")
    reason_code = serializers.CharField(help_text="Stable, e.g. fate.beaten or fate.bribed: read this, not reason.")
    reason_values = serializers.DictField(help_text="The values of the reason by name (winner, round, totals).")
    step = serializers.IntegerField(allow_null=True)
    counts_for_control = serializers.BooleanField(help_text="Whether its Vitality counts for control of the space.")
    counted = serializers.BooleanField(
        help_text="False when a card's text keeps a standing creature out of the control count (one input of counts_for_control)."
    )


class DuelCreatureSerializer(serializers.Serializer[Any]):
    """A creature of a duel: no space is held, so nothing counts for control."""

    id = serializers.CharField()
    side = serializers.CharField()
    card = serializers.CharField()
    name = serializers.CharField()
    vitality = serializers.IntegerField()
    role = serializers.CharField(
        help_text="primary for a duellist, ranged, secondary, or unplayed (struck in the hand)."
    )
    fate = serializers.CharField()
    reason = serializers.CharField(
        help_text="The reason in words (the Arena's words), made from reason_code and reason_values."
    )
    reason_code = serializers.CharField(
        help_text="Stable, e.g. arena.lost_duel, arena.took_part or fate.bribed: read this, not reason."
    )
    reason_values = serializers.DictField(help_text="The values of the reason by name (winner, card, icon).")
    step = serializers.IntegerField(allow_null=True)


class MatchupSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    attacker = serializers.CharField()
    defender = serializers.CharField()
    attacker_total = serializers.IntegerField(allow_null=True)
    defender_total = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField()


class NoticeSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(
        help_text="Stable, e.g. ranged.woods or action.out_of_turn: read this, not the message."
    )
    message = serializers.CharField(help_text="The sentence for people, made from the values.")
    rule = serializers.CharField(help_text="The rule id the warning follows; see /rules/id/<rule>/.")
    values = serializers.DictField(
        help_text="The values of the warning by name (side, card names, numbers; a list of names such as terrain_cards)."
    )


class ReadingSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="The open rule, as in the notation's reading.<key> clause.")
    rule = serializers.CharField(help_text="The engine rule id of the step that applies it.")
    number = serializers.CharField(help_text="The numbered rule it reads (an Arena rule, or a standard ruling 11.4.n).")
    used = serializers.CharField(help_text="The reading this result was resolved under.")
    default = serializers.CharField(help_text="Today's reading (what the published rules say where they speak).")
    written = serializers.BooleanField(
        help_text="The set-up named its readings; false for a link written before readings existed, read as then."
    )
    used_summary = serializers.CharField()
    applied = serializers.BooleanField(
        help_text="The reading decided a step of this duel; for a standard combat, it can change this set-up's result."
    )
    other = serializers.CharField(help_text="The alternative reading the other link resolves under.")
    other_summary = serializers.CharField()
    other_notation = serializers.CharField()
    other_permalink = serializers.CharField(help_text="The same duel under the other reading.")


class ResultSerializer(serializers.Serializer[Any]):
    creatures = CreatureOutcomeSerializer(many=True)
    matchups = MatchupSerializer(many=True)
    attacker_total = serializers.IntegerField()
    defender_total = serializers.IntegerField()
    attacker_chain = TermSerializer(many=True)
    defender_chain = TermSerializer(many=True)
    winner = serializers.ChoiceField(choices=SIDES, help_text="Who holds the space.")
    retreat = serializers.CharField()
    shields_destroyed = serializers.ListField(child=serializers.CharField())
    may_heal = serializers.CharField()
    secondary_side = serializers.CharField(allow_null=True)
    needs = serializers.ListField(child=serializers.ListField(), help_text="[creature id, attack sum it needs] pairs.")
    not_automated = serializers.ListField(child=serializers.ListField(), help_text="[card, reason] pairs.")
    warnings = serializers.ListField(child=serializers.CharField())
    notices = NoticeSerializer(many=True, help_text="Every warning as data, in the same order as warnings.")
    readings = serializers.DictField(
        child=serializers.CharField(),
        help_text="The reading of each open rule the combat was resolved under, by key (turn-answers).",
    )
    readings_written = serializers.BooleanField(
        help_text="The set-up named its readings (or needed none); false for a link written before the clause, where "
        "it can matter, read as then."
    )
    readings_applied = serializers.ListField(
        child=serializers.CharField(), help_text="The open rules whose reading can change this set-up's result."
    )


class ResolveResponseSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["combat"], help_text="Which answer this is: a shield combat.")
    ruleset = serializers.ChoiceField(choices=["standard"], help_text="The rules it follows: the standard ones.")
    notation = serializers.CharField()
    permalink = serializers.CharField()
    steps = StepSerializer(many=True)
    result = ResultSerializer()
    readings = ReadingSerializer(
        many=True,
        help_text="Each open rule of the standard combat: the reading used and the same set-up under another.",
    )


class RoundTotalsSerializer(serializers.Serializer[Any]):
    attacker_total = serializers.IntegerField()
    defender_total = serializers.IntegerField()
    attacker_chain = TermSerializer(many=True)
    defender_chain = TermSerializer(many=True)
    won_by = serializers.CharField(allow_null=True, help_text="attacker, defender, or null for equal totals.")
    decided_by_card = serializers.CharField(
        allow_blank=True,
        help_text="The slug of the card that decided the round instead of its totals (a winning roll of Summon "
        "Entropy Storm, Arena rule 6.8.5, step ARN-43); empty when the totals were compared. The totals are then "
        "those of the moment it decided, and won_by is its side.",
    )


class CardPlaceSerializer(serializers.Serializer[Any]):
    side = serializers.CharField()
    card = serializers.CharField()
    place = serializers.ChoiceField(
        choices=["victorious", "captured", "prison_shield", "pen", "discard", "deck_bottom", "kept"]
    )
    rule = serializers.CharField(help_text="The ARN- step that sends it there; see /rules/id/<rule>/.")


class DuelNoticeSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable, e.g. arena.command_no_effect or action.needs_spell_first.")
    message = serializers.CharField()
    rule = serializers.CharField()
    values = serializers.DictField(
        help_text="The values of the warning by name, as a shield combat's notices give them; the duel's own "
        "arena.* warnings give theirs too (side, card, and e.g. why_code and why_values for arena.creature_gone)."
    )


class DuelResultSerializer(serializers.Serializer[Any]):
    primary = RoundTotalsSerializer(allow_null=True)
    upper_hand = serializers.CharField(allow_null=True)
    secondary = RoundTotalsSerializer(allow_null=True, help_text="Null when nobody played in the secondary round.")
    winner = serializers.CharField(allow_null=True, help_text="attacker, defender, or null for a tie.")
    decided_by = serializers.CharField(
        help_text="What decided the duel, in words made from decided_by_code and decided_by_values."
    )
    decided_by_code = serializers.CharField(
        help_text="Stable: arena.decided.secondary_round, arena.decided.secondary_tie, arena.decided.no_secondary "
        "or arena.decided.left_zone. Read this, not decided_by."
    )
    decided_by_values = serializers.DictField(
        help_text="The values of decided_by by name: rule (an ARN rule id), and round for arena.decided.left_zone."
    )
    places = CardPlaceSerializer(many=True)
    victorious = serializers.ListField(child=serializers.IntegerField(), help_text="[attacker, defender] counts.")
    not_automated = serializers.ListField(child=serializers.ListField(), help_text="[card, reason] pairs.")
    warnings = serializers.ListField(child=serializers.CharField())
    notices = DuelNoticeSerializer(many=True, help_text="The warnings that carry a stable code, with the rule.")
    creatures = DuelCreatureSerializer(
        many=True, help_text="Every creature that fought in the duel or was struck in the hand, with its fate."
    )
    made_up = serializers.ListField(
        child=serializers.CharField(), help_text="Slugs of the made-up cards the set-up defines (no card page)."
    )
    readings = serializers.DictField(
        child=serializers.CharField(), help_text="The reading of each open rule the duel was resolved under, by key."
    )
    readings_written = serializers.BooleanField(
        help_text="The set-up named its readings; false for a link written before readings existed."
    )
    readings_applied = serializers.ListField(
        child=serializers.CharField(), help_text="The open rules whose reading decided a step of this duel."
    )


class DuelResponseSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["duel"], help_text="Which answer this is: a Guardians Arena duel.")
    ruleset = serializers.ChoiceField(choices=["arena"], help_text="The rules it follows: Guardians Arena.")
    notation = serializers.CharField()
    permalink = serializers.CharField()
    steps = StepSerializer(many=True)
    result = DuelResultSerializer()
    readings = ReadingSerializer(many=True, help_text="Each open rule of the Arena: the reading used and the other.")


class OrderOutcomeSerializer(serializers.Serializer[Any]):
    order = serializers.ListField(child=serializers.CharField(), help_text="The permuted side's play order.")
    pairs = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), help_text="[attacker, defender] match-ups."
    )
    leftovers = serializers.ListField(child=serializers.CharField(), help_text="Creatures left for secondaries.")
    winner = serializers.ChoiceField(choices=SIDES)
    attacker_total = serializers.IntegerField()
    defender_total = serializers.IntegerField()
    notation = serializers.CharField()
    permalink = serializers.CharField()


class GuaranteeSerializer(serializers.Serializer[Any]):
    security_level = OrderOutcomeSerializer(help_text="Its worst case with one fixed order.")
    value_hold_probability = serializers.FloatField(help_text="Chance of holding the space when it shuffles its order.")
    value_margin = serializers.FloatField()
    best_subset = serializers.ListField(child=serializers.CharField())


class ExploreResponseSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["exploration"], help_text="Which answer this is: an exploration.")
    ruleset = serializers.ChoiceField(
        choices=["standard"], help_text="The rules it follows: the standard ones (a duel is never explored)."
    )
    base_notation = serializers.CharField()
    fixed_side = serializers.ChoiceField(choices=SIDES)
    fixed_order = serializers.ListField(child=serializers.CharField())
    orders = serializers.IntegerField(help_text="Play orders resolved.")
    attacker_hold_probability = serializers.FloatField()
    best_for_attacker = OrderOutcomeSerializer()
    best_for_defender = OrderOutcomeSerializer()
    attacker_guarantee = GuaranteeSerializer()
    defender_guarantee = GuaranteeSerializer()
    outcomes = OrderOutcomeSerializer(many=True)
    outcomes_listed = serializers.IntegerField(
        help_text="How many explored orders the outcomes list holds: all of them, unless the answer's row or byte "
        "limit stopped the list first."
    )
    outcomes_complete = serializers.BooleanField(
        help_text="False when the outcomes list holds fewer rows than the orders explored (see outcomes_listed)."
    )
    complete = serializers.BooleanField(help_text="False when the time budget ran out before every order was explored.")
    coverage = serializers.CharField(help_text="'explored N of M play orders'; a huge M reads 'more than 10^k'.")
    total_orders = serializers.IntegerField(
        allow_null=True, help_text="How many play orders exist; null when 10^12 or more (see coverage)."
    )
    covered = serializers.CharField(
        help_text="Which orders were explored: 'every play order', or a fair sample with a fixed seed (orders drawn at random, or whole groups of orders visited in a shuffled sequence)."
    )
    budget_seconds = serializers.FloatField(allow_null=True, help_text="The time budget the exploration had.")


class ExampleSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    title = serializers.CharField()
    section = serializers.CharField(help_text="Where in the rules the example comes from.")
    notation = serializers.CharField()
    ruleset = serializers.ChoiceField(choices=["standard", "arena"], help_text="The example's rule set.")
    expected = serializers.DictField(help_text="The result the rules give: winner, totals, fates.")
    permalink = serializers.CharField()


class ErrorDetailSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    message = serializers.CharField()
    details = serializers.JSONField(allow_null=True)


class ErrorSerializer(serializers.Serializer[Any]):
    error = ErrorDetailSerializer()
