"""A stored answer arranged for the page: which side is ahead and by how much, each side's decisions along the best
line, and how much control the loser's line gave away. Numbers and structure only; the words are the templates'
(and the engine's ``words`` fields for each decision)."""

from __future__ import annotations

from typing import Any

SIDES = ("attacker", "defender")


def margin_for(holder_side: str | None, margin: int) -> int:
    """The margin as the named side sees it (the engine's margin is the attacker's total minus the defender's)."""
    return -margin if holder_side == "defender" else margin


def value_view(value: dict[str, Any] | None) -> dict[str, Any] | None:
    """``holder`` and the holder's lead (``lead``: its total minus the other side's; may be 0 or negative when a
    tie goes to the defender)."""
    if value is None:
        return None
    lead = margin_for(value["holder"], value["margin"])
    return {"holder": value["holder"], "lead": lead, "behind": -lead, "margin": value["margin"]}


def place(where: str) -> dict[str, Any]:
    """The engine's ``where`` (``m2``: primary match-up 2; ``p``/``s``: a duel's primary or secondary round)."""
    if where.startswith("m") and where[1:].isdigit():
        return {"kind": "matchup", "number": int(where[1:])}
    if where in ("p", "s"):
        return {"kind": "round", "round": "primary" if where == "p" else "secondary"}
    return {"kind": "other", "text": where}


def is_pass(decision: dict[str, Any]) -> bool:
    """A decision to do nothing at that turn (its notation item ends in ``pass``: ``a:pass``, ``p=a:pass``)."""
    return str(decision["item"]).rsplit(":", 1)[-1] == "pass"


def reading_name(text: str) -> str:
    """The name a solver's reading starts with (``solver.turns: ...``): the page words it, not the sentence."""
    return text.split(":", 1)[0].strip()


def answer_view(answer: dict[str, Any]) -> dict[str, Any]:
    solution = answer["solution"]
    line = solution["best_line"]
    # A pass is a decision too, but a list of them says nothing: each side's line shows what it plays.
    decisions = [
        {**decision, "place": place(decision["where"])} for decision in line["decisions"] if not is_pass(decision)
    ]
    view: dict[str, Any] = {
        "solution": solution,
        "value": value_view(solution["value"]),
        "low": value_view(solution["bounds"]["low"]),
        "high": value_view(solution["bounds"]["high"]),
        "proved_percent": round(100 * solution["proved_share"]),
        "line": line,
        "line_value": value_view(line["value"]),
        # A duel's line round by round (the same answer per round).
        "rounds": [{"place": place(row["round"]), "value": value_view(row["value"])} for row in line.get("rounds", [])],
        "reading": reading_name(solution["reading"]),
        # The one treatment the solver has: dice, counts and random picks as the set-up gives them.
        "given_inputs": solution["treatment"].startswith("given inputs"),
        "by_side": [{"side": side, "decisions": [d for d in decisions if d["side"] == side]} for side in SIDES],
        "why_lost": None,
        "why_lost_error": answer.get("why_lost_error"),
    }
    view["rule_ids"] = {decision["rule"] for decision in line["decisions"]}
    why = answer.get("why_lost")
    if why is not None and why["loser"] is not None and solution["value"] is not None:
        loser = why["loser"]
        best = margin_for(loser, solution["value"]["margin"])
        played = margin_for(loser, why["played"]["value"]["margin"])
        parting = why["parting"]
        view["why_lost"] = {
            **why,
            "lost": best - played,  # control the loser's line gave away against best play by both sides
            "played_value": value_view(why["played"]["value"]),
            "better_value": value_view(why["better"]["value"]) if why["better"] else None,
            "place": place(parting["where"]) if parting else None,
        }
        if parting:
            view["rule_ids"].add(parting["rule"])
    return view
