"""What the result page's "Best play" panel shows: the stored analysis of this set-up at this data revision, if
any (never a search: the page stays as fast as ever), else what its button sends."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from bestplay.keys import analysis_key
from bestplay.models import Analysis
from bestplay.reading import answer_view
from combat.rule_refs import rule_refs
from core import revision
from engine.rulesets import AnySetup, ruleset_of


def panel_context(setup: AnySetup) -> dict[str, Any]:
    ruleset = ruleset_of(setup)
    notation = ruleset.format(setup)
    key = analysis_key(notation, ruleset.name, revision.current_number())
    analysis = Analysis.objects.filter(pk=key).first()
    done = analysis is not None and analysis.status == Analysis.Status.DONE and analysis.result
    return {
        "notation": notation,
        "analysis": analysis,
        "url": reverse("best-play:analysis", args=[key]) if analysis is not None else None,
        "answer": answer_with_rules(analysis.result) if done and analysis is not None else None,
    }


def answer_with_rules(answer: dict[str, Any]) -> dict[str, Any]:
    """The page's view of an answer, with the numbered rule (label, address) of each rule id it cites."""
    view = answer_view(answer)
    view["rules"] = rule_refs(view["rule_ids"])
    return view
