"""The readings a result was resolved under, each with a link to the same set-up under the other reading:
what the duel page and the API show so a reader sees which reading decided the result and can compare."""

from __future__ import annotations

from typing import Any

from combat.links import permalink
from engine.rulesets import AnyLog, AnySetup, Ruleset


def reading_links(ruleset: Ruleset, setup: AnySetup, log: AnyLog) -> list[dict[str, Any]]:
    """One record per open rule of the rule set. ``other``: today's default when the set-up was read under
    another (an older link), else the first alternative reading."""
    result = log.to_dict()["result"]
    used: dict[str, str] = result.get("readings", {})
    applied = set(result.get("readings_applied", ()))
    written = bool(result.get("readings_written", True))
    records = []
    for rule in ruleset.readings:
        choice = used.get(rule.key, rule.default)
        other = rule.default if choice != rule.default else rule.other(choice)
        other_notation = ruleset.format(ruleset.with_reading(setup, rule.key, other))
        records.append(
            {
                "key": rule.key,
                "rule": rule.rule,
                "number": rule.number,
                "used": choice,
                "used_summary": rule.choice(choice).summary,
                "default": rule.default,
                "written": written,
                "applied": rule.key in applied,
                "other": other,
                "other_summary": rule.choice(other).summary,
                "other_notation": other_notation,
                "other_permalink": permalink(other_notation),
            }
        )
    return records
