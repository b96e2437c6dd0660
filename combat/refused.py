"""The turns of a pasted order of actions that the order of play refused, said at the top of the result.

The engine resolves a match-up without the actions it refuses and says so in a warning whose code is the
refusal's (``engine.actions.Refusal``). A reader who pasted the list must not find that out from a total
that looks wrong: each refused turn is written in words (the action as the warning's values say it, the
reason from its code and values, never the engine's sentence or code), grouped by match-up beside the
totals that match-up was played at without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.html import format_html
from django.utils.safestring import SafeString

from combat.card_links import CardNames, said_html
from combat.rule_refs import rule_refs
from engine.actions import Refusal
from engine.log import CombatLog, Matchup, Notice
from engine.render import action_reason

REFUSAL_CODES = frozenset(refusal.value for refusal in Refusal)


def is_refusal(notice: Notice) -> bool:
    return notice.code in REFUSAL_CODES


@dataclass
class RefusedRow:
    """One match-up's refused turns, and the totals it was played at without them."""

    round: int
    matchup: Matchup | None
    turns: list[SafeString] = field(default_factory=list)


def refused_turns(log: CombatLog, names: CardNames) -> list[RefusedRow]:
    rows: dict[int, RefusedRow] = {}
    matchups = {matchup.round: matchup for matchup in log.result.matchups}
    refusals = [notice for notice in log.result.notices if is_refusal(notice)]
    # The numbered rule a reader can open (rule 6.4.4), never the engine's id.
    refs = rule_refs(notice.rule for notice in refusals)
    for notice in refusals:
        number = int(str(notice.values.get("round", 0)))
        row = rows.setdefault(number, RefusedRow(number, matchups.get(number)))
        reason = said_html(action_reason(notice.code, str(notice.values.get("turn", ""))), names)
        row.turns.append(
            format_html(
                'the {}\'s {}, refused because {} (<a href="{}">{}</a>)',
                notice.values.get("side", ""),
                notice.values.get("attempt", notice.values.get("action", "")),
                reason,
                refs[notice.rule].url,
                refs[notice.rule].label.lower() if notice.rule else "",
            )
        )
    return sorted(rows.values(), key=lambda row: row.round)
