"""The learn API's answers: lessons and questions, each question with the engine's answer and the facts that
explain it (fields: step index, kind, rule id and number, amounts), plus the words the pages show."""

from __future__ import annotations

from rest_framework import serializers

from learn.questions import Kind, Level

LEVELS = [level.value for level in Level]
KINDS = [kind.value for kind in Kind]


class EvidenceSerializer(serializers.Serializer):  # type: ignore[type-arg]
    rule = serializers.CharField(help_text="The engine rule id (PRI-7) or a rule number the engine cites.")
    rule_number = serializers.CharField(help_text="The numbered rule (6.8.3).")
    rule_url = serializers.URLField()
    kind = serializers.CharField(help_text="The step's kind, or offered/refused for a legality question, or a fate.")
    step = serializers.IntegerField(allow_null=True, help_text="The step's index in the combat's log, if a step.")
    step_url = serializers.URLField(allow_null=True, help_text="The step-through at this step.")
    card = serializers.CharField(allow_blank=True)
    subject = serializers.CharField(allow_blank=True, help_text="The creature id the step changes (a1, d2).")
    delta = serializers.IntegerField(allow_null=True)
    total = serializers.IntegerField(allow_null=True)
    code = serializers.CharField(allow_blank=True, help_text="A refusal's or a fate's stable code.")
    values = serializers.DictField(child=serializers.CharField())
    words = serializers.CharField(help_text="The engine's words for this fact.")


class ChoiceSerializer(serializers.Serializer):  # type: ignore[type-arg]
    value = serializers.CharField()
    label = serializers.CharField()


class QuestionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.CharField()
    kind = serializers.ChoiceField(choices=KINDS)
    level = serializers.ChoiceField(choices=LEVELS)
    chapter = serializers.CharField(help_text="The rules subsection the answer rests on (6.5).")
    chapter_title = serializers.CharField()
    setup = serializers.CharField(help_text="The combat in the engine's notation.")
    ask = serializers.DictField(help_text="What is asked: matchup, side, action, step or creature, by kind.")
    prompt = serializers.CharField()
    choices = ChoiceSerializer(many=True, help_text="Empty: the answer is a whole number.")
    answer = serializers.CharField(help_text="The engine's answer, verified on every change by the test suite.")
    answer_label = serializers.CharField()
    evidence = EvidenceSerializer(many=True)
    terms = serializers.ListField(child=serializers.CharField(), help_text="Glossary terms the question uses.")
    source = serializers.CharField(help_text="example:<id> for a worked example, lesson:<slug>, or generated.")
    step_through_url = serializers.URLField()
    html_url = serializers.URLField()
    url = serializers.URLField(allow_null=True)


class LessonPartSerializer(serializers.Serializer):  # type: ignore[type-arg]
    text = serializers.CharField()
    url = serializers.URLField(allow_null=True)
    rule = serializers.CharField(allow_blank=True)
    term = serializers.CharField(allow_blank=True)


class LessonSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    slug = serializers.CharField()
    title = serializers.CharField()
    level = serializers.ChoiceField(choices=LEVELS)
    chapter = serializers.CharField()
    paragraphs = serializers.ListField(child=LessonPartSerializer(many=True))
    rules_cited = serializers.ListField(child=serializers.CharField())
    terms = serializers.ListField(child=serializers.CharField())
    question = QuestionSerializer()
    html_url = serializers.URLField()
    url = serializers.URLField()


class PuzzleMoveSerializer(serializers.Serializer):  # type: ignore[type-arg]
    item = serializers.CharField(help_text="The move in the notation of an ordered action (a:bribe:gold).")
    words = serializers.CharField()
    wins = serializers.BooleanField()


class PuzzleSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.CharField()
    level = serializers.ChoiceField(choices=LEVELS)
    setup = serializers.CharField(help_text="The combat in the engine's notation; the attacker moves first.")
    moves = PuzzleMoveSerializer(many=True, help_text="Every legal first move of the attacker.")
    winning = serializers.CharField(
        help_text="The one first move that wins, proved by the solver (the test suite "
        "solves every puzzle again and rejects one with no or several winning moves)."
    )
    step_through_url = serializers.URLField()
    html_url = serializers.URLField()
    url = serializers.URLField()
