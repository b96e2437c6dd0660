"""A solution and a "why did I lose?" answer in words, for the command line (``python -m engine solve``)."""

from __future__ import annotations

from .values import BEST, WORST, Bounds, Line, Solution, Value, WhyLost


def value_words(value: Value) -> str:
    if value.holder is None:
        return f"neither side holds the space (margin {value.margin:+d})"
    return f"the {value.holder.value} holds the space (control margin {value.margin:+d} for the attacker)"


def bounds_words(bounds: Bounds) -> str:
    if bounds.exact:
        return f"exactly: {value_words(bounds.low)}"
    low = "nothing proved" if bounds.low == WORST else value_words(bounds.low)
    high = "nothing proved" if bounds.high == BEST else value_words(bounds.high)
    return f"at least: {low}; at most: {high}"


def line_words(line: Line) -> list[str]:
    lines = [f"  notation: {line.notation}", f"  resolves to: {value_words(line.value)}"]
    lines += [f"  {d.where}: {d.words} ({d.rule})" for d in line.decisions if not d.item.endswith(":pass")]
    return lines


def solution_text(solution: Solution) -> str:
    lines = [
        f"Best play ({solution.ruleset}): {bounds_words(solution.bounds)}",
        f"Searched {solution.nodes} positions in {solution.elapsed_s:.2f} s, {solution.depth} match-up(s) deep; "
        f"{solution.proved_share:.0%} of the first moves proved.",
        "Best line found (passes left out):",
        *line_words(solution.best_line),
        f"Dice, counts and random picks: {solution.treatment}.",
        f"Decisions searched: {solution.reading}.",
    ]
    return "\n".join(lines)


def why_lost_text(answer: WhyLost) -> str:
    lines = [f"As played: {value_words(answer.played.value)}"]
    if answer.loser is None:
        lines.append("Neither side lost: there is nothing to change.")
    elif answer.better is None:
        lines.append(
            f"No change to the {answer.loser.value}'s own decisions changes who holds the space"
            + ("" if answer.complete else " within the time searched (not every line was searched)")
            + "."
        )
    else:
        lines.append(f"Changing {answer.changes} of the {answer.loser.value}'s decisions changes the holder:")
        if answer.parting is not None:
            played = answer.parting.played.words if answer.parting.played else "nothing"
            instead = answer.parting.instead.words if answer.parting.instead else "nothing"
            lines.append(f"  the lines part at {answer.parting.where}: {played} -> {instead} ({answer.parting.rule})")
        lines += line_words(answer.better)
    return "\n".join(lines)
