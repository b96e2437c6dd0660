"""The best-play API's answer: an analysis, finished (200) or followed through its job address (202)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from bestplay.models import Analysis

SIDES = ["attacker", "defender"]


class ValueSerializer(serializers.Serializer[Any]):
    """engine.solver.Value: who holds the space (null: neither, an Arena tie), then the control margin."""

    holder = serializers.ChoiceField(choices=SIDES, allow_null=True)
    margin = serializers.IntegerField(help_text="The attacker's control total minus the defender's.")


class BoundsSerializer(serializers.Serializer[Any]):
    low = ValueSerializer(allow_null=True, help_text="Proved lowest value; null when nothing is proved below.")
    high = ValueSerializer(allow_null=True, help_text="Proved highest value; null when nothing is proved above.")
    exact = serializers.BooleanField(help_text="Low equals high: the value is proved.")


class DecisionSerializer(serializers.Serializer[Any]):
    side = serializers.ChoiceField(choices=SIDES)
    where = serializers.CharField(help_text="'m1' for primary match-up 1; 'p' or 's' for a duel's rounds.")
    item = serializers.CharField(help_text="The decision in the notation's grammar.")
    words = serializers.CharField(help_text="The engine's words for it.")
    rule = serializers.CharField(help_text="The rule id it follows.")
    rule_url = serializers.CharField(help_text="The rules reference's page for that id.")


class RoundSerializer(serializers.Serializer[Any]):
    round = serializers.ChoiceField(choices=["p", "s"], help_text="A duel's primary (p) or secondary (s) round.")
    value = ValueSerializer(help_text="Who won the round, and its margin.")


class LineSerializer(serializers.Serializer[Any]):
    side = serializers.ChoiceField(choices=SIDES, help_text="Whose best line it is.")
    notation = serializers.CharField(help_text="A whole set-up that resolves, through the engine, to value.")
    permalink = serializers.CharField(help_text="The line in the step-through.")
    value = ValueSerializer()
    decisions = DecisionSerializer(many=True)
    rounds = RoundSerializer(many=True, help_text="A duel's line round by round; empty for a shield combat.")


class RootMoveSerializer(serializers.Serializer[Any]):
    item = serializers.CharField()
    bounds = BoundsSerializer()


class SolutionSerializer(serializers.Serializer[Any]):
    """engine.solver.Solution: what the search proved, and the best line found."""

    ruleset = serializers.CharField()
    value = ValueSerializer(allow_null=True, help_text="The exact value; null when only bounds are proved.")
    bounds = BoundsSerializer()
    exact = serializers.BooleanField()
    best_line = LineSerializer()
    nodes = serializers.IntegerField()
    elapsed_s = serializers.FloatField()
    proved_share = serializers.FloatField(help_text="Share of the first decision's choices whose value is proved.")
    treatment = serializers.CharField(help_text="How dice, counts and random draws were treated.")
    reading = serializers.CharField(help_text="How decisions the rules make at once were treated.", allow_blank=True)
    depth = serializers.IntegerField()
    root_moves = RootMoveSerializer(many=True)


class PartingSerializer(serializers.Serializer[Any]):
    where = serializers.CharField()
    played = DecisionSerializer(allow_null=True)
    instead = DecisionSerializer(allow_null=True)
    rule = serializers.CharField()
    rule_url = serializers.CharField()


class WhyLostSerializer(serializers.Serializer[Any]):
    """engine.solver.WhyLost: the smallest change to the loser's own decisions that changes who holds the space."""

    loser = serializers.ChoiceField(choices=SIDES, allow_null=True)
    played = LineSerializer()
    better = LineSerializer(allow_null=True)
    changes = serializers.IntegerField(allow_null=True, help_text="How many of the loser's decisions differ.")
    parting = PartingSerializer(allow_null=True)
    complete = serializers.BooleanField(help_text="Every change of the loser's was searched.")
    nodes = serializers.IntegerField()
    elapsed_s = serializers.FloatField()


class AnalysisErrorSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="A stable code, e.g. best_play.data_changed.")
    message = serializers.CharField()


class AnswerSerializer(serializers.Serializer[Any]):
    solution = SolutionSerializer()
    why_lost = WhyLostSerializer(allow_null=True, help_text="Asked only once the value is exact.")
    why_lost_error = AnalysisErrorSerializer(allow_null=True, help_text="Why the engine refused that question.")


class ProgressSerializer(serializers.Serializer[Any]):
    """engine.solver.SearchProgress, the search's last report; empty before the first."""

    depth = serializers.IntegerField(required=False, help_text="Match-ups (a duel's rounds) searched in full.")
    nodes = serializers.IntegerField(required=False, help_text="Positions searched so far.")
    elapsed_s = serializers.FloatField(required=False, help_text="Seconds searched so far.")
    bounds = BoundsSerializer(required=False)
    proved_share = serializers.FloatField(required=False)


class AnalysisSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="The analysis' key: one per set-up, rule set and data revision.")
    status = serializers.ChoiceField(choices=Analysis.Status.values)
    url = serializers.CharField(help_text="This analysis in the API (GET it for its progress, then its answer).")
    permalink = serializers.CharField(help_text="Its page; the address keeps showing this analysis.")
    notation = serializers.CharField(help_text="The set-up as the engine writes it.")
    ruleset = serializers.CharField()
    data_revision = serializers.IntegerField(help_text="The data revision whose cards it was searched with.")
    budget_s = serializers.FloatField(help_text="The search's time budget in seconds.")
    elapsed_share = serializers.FloatField(
        help_text="The share of the time budget used so far, 0 to 1 (1 once finished): what the progress bar shows."
    )
    progress = ProgressSerializer()
    result = AnswerSerializer(allow_null=True, help_text="The answer once done, else null.")
    error = AnalysisErrorSerializer(allow_null=True, help_text="Why it failed, once failed; else null.")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
