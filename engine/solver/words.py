"""A solution and a "why did I lose?" answer in words, for the command line (``python -m engine solve``)."""

from __future__ import annotations

from .values import BEST, WORST, Bounds, Line, Solution, Value, WhyLost


def value_words(value: Value, duel: bool = False) -> str:
    if duel:
        if value.holder is None:
            return f"a tie: neither side wins the duel (margin {value.margin:+d})"
        return f"the {value.holder.value} wins the duel (margin {value.margin:+d} for the attacker)"
    if value.holder is None:
        return f"neither side holds the space (margin {value.margin:+d})"
    return f"the {value.holder.value} holds the space (control margin {value.margin:+d} for the attacker)"


def bounds_words(bounds: Bounds, duel: bool = False) -> str:
    if bounds.exact:
        return f"exactly: {value_words(bounds.low, duel)}"
    low = "nothing proved" if bounds.low == WORST else value_words(bounds.low, duel)
    high = "nothing proved" if bounds.high == BEST else value_words(bounds.high, duel)
    return f"at least: {low}; at most: {high}"


def line_words(line: Line, duel: bool = False) -> list[str]:
    lines = [f"  notation: {line.notation}", f"  resolves to: {value_words(line.value, duel)}"]
    lines += [
        f"  {'primary' if key == 'p' else 'secondary'} round: {value_words(value, duel)}" for key, value in line.rounds
    ]
    lines += [f"  {d.where}: {d.words} ({d.rule})" for d in line.decisions if not d.item.endswith(":pass")]
    return lines


def solution_text(solution: Solution) -> str:
    duel = solution.ruleset == "arena"
    lines = [
        f"Best play ({solution.ruleset}): {bounds_words(solution.bounds, duel)}",
        f"Searched {solution.nodes} positions in {solution.elapsed_s:.2f} s, {solution.depth} "
        f"{'round(s)' if duel else 'match-up(s)'} deep; {solution.proved_share:.0%} of the first moves proved.",
        "Best line found (passes left out):",
        *line_words(solution.best_line, duel),
        f"Dice, counts and random picks: {solution.treatment}.",
        f"Decisions searched: {solution.reading}.",
    ]
    return "\n".join(lines)


def why_lost_text(answer: WhyLost) -> str:
    duel = bool(answer.played.rounds)
    lines = [f"As played: {value_words(answer.played.value, duel)}"]
    if answer.loser is None:
        lines.append("Neither side lost: there is nothing to change.")
    elif answer.better is None:
        lines.append(
            f"No change to the {answer.loser.value}'s own decisions changes who "
            + ("wins the duel" if duel else "holds the space")
            + ("" if answer.complete else " within the time searched (not every line was searched)")
            + "."
        )
    else:
        lines.append(
            f"Changing {answer.changes} of the {answer.loser.value}'s decisions changes who "
            + ("wins the duel:" if duel else "holds the space:")
        )
        if answer.parting is not None:
            played = answer.parting.played.words if answer.parting.played else "nothing"
            instead = answer.parting.instead.words if answer.parting.instead else "nothing"
            lines.append(f"  the lines part at {answer.parting.where}: {played} -> {instead} ({answer.parting.rule})")
        lines += line_words(answer.better, duel)
    return "\n".join(lines)
