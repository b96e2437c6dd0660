"""Command line: ``python -m engine resolve FILE|NOTATION [--json]``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .arena import DuelLog
from .catalog import CardCatalog, default_catalog
from .errors import EngineError
from .explore import Exploration, Guarantee, OrderOutcome
from .log import CombatLog
from .partial import PartialState
from .rulesets import ARENA, STANDARD, AnyLog, AnySetup, any_from_dict, ruleset_of
from .rulesets import parse_any as parse_setup


def load_setup(argument: str) -> AnySetup:
    """A notation string, or a file holding a notation string or a JSON set-up (or a scenario)."""
    path = Path(argument)
    if "=" not in argument and (path.suffix in (".json", ".txt") or path.is_file()):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise EngineError(f"cannot read {argument}: {exc.strerror}", code="cli.unreadable_file") from exc
        if path.suffix == ".json":
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise EngineError(f"{argument} is not valid JSON: {exc}", code="cli.bad_json") from exc
            if isinstance(data, dict) and "notation" in data and "setup" not in data:
                return parse_setup(str(data["notation"]))
            return any_from_dict(data.get("setup", data) if isinstance(data, dict) else data)
        return parse_setup(text.strip())
    return parse_setup(argument)


def render_duel(log: DuelLog) -> str:  # the Arena's own summary (render_text picks it by rule set)
    lines = [f"Set-up: {log.notation}", ""]
    for step in log.steps:
        where = f"[{step.phase.value}{' ' + step.moment if step.moment else ''}]"
        lines.append(f"{step.index:3d} {where:<16} {step.rule:<7} {step.text}")
    result = log.result
    winner = f"the {result.winner.value} wins the duel" if result.winner else "a tie: no winner"
    lines += [
        "",
        f"Duel: {winner} ({result.decided_by}); victorious: attacker {result.victorious[0]}, defender {result.victorious[1]}.",
    ]
    for place in result.places:
        lines.append(f"  {place.side.value:<9} {place.card:<36} {place.place.value:<14} {place.rule}")
    for warning in result.warnings:
        lines.append(f"warning: {warning}")
    return "\n".join(lines)


def render_text(log: AnyLog) -> str:
    if ruleset_of(log) is ARENA:
        return render_duel(ARENA.log_of(log))
    return render_combat(STANDARD.log_of(log))


def render_combat(log: CombatLog) -> str:
    lines = [f"Set-up: {log.notation}", ""]
    for step in log.steps:
        where = f"[{step.phase.value}{' ' + step.moment if step.moment else ''}]"
        lines.append(f"{step.index:3d} {where:<16} {step.rule:<7} {step.text}")
    result = log.result
    lines += [
        "",
        f"Control: attacker {result.attacker_total}, defender {result.defender_total}; the {result.winner.value} holds the space.",
        result.retreat,
    ]
    for creature in result.creatures:
        lines.append(f"  {creature.id:<4} {creature.name:<32} {creature.fate.value:<16} {creature.reason}")
    for warning in result.warnings:
        lines.append(f"warning: {warning}")
    return "\n".join(lines)


def stop_point(text: str) -> int:
    """``command`` (0) or a match-up number."""
    if text == "command":
        return 0
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r}: give 'command' or a match-up number (1, 2, ...)")


def render_partial(state: PartialState) -> str:
    lines = [f"Set-up: {state.notation}", f"Stopped after {state.stopped_after}.", ""]
    for step in state.steps:
        where = f"[{step.phase.value}{' ' + step.moment if step.moment else ''}]"
        lines.append(f"{step.index:3d} {where:<16} {step.rule:<7} {step.text}")
    lines += [
        "",
        f"Stones left: attacker {state.stones_left[0]}, defender {state.stones_left[1]}; "
        f"terrain: {', '.join(state.terrain) or 'none'}.",
    ]
    for creature in state.creatures:
        fate = "in hand" if creature.id in state.in_hand else creature.fate.value
        lines.append(f"  {creature.id:<4} {creature.name:<32} {fate:<16} {creature.reason}")
    lines += [f"in force: {effect}" for effect in state.effects_in_force]
    lines += [f"warning: {warning}" for warning in state.warnings]
    return "\n".join(lines)


def outcome_to_dict(outcome: OrderOutcome) -> dict[str, object]:
    """One explored play order's JSON form (a row of ``outcomes``)."""
    return {
        "order": list(outcome.order),
        "pairs": [list(pair) for pair in outcome.pairs],
        "leftovers": list(outcome.leftovers),
        "winner": outcome.winner.value,
        "attacker_total": outcome.attacker_total,
        "defender_total": outcome.defender_total,
        "notation": outcome.notation,
    }


def exploration_to_dict(exploration: Exploration, with_outcomes: bool = True) -> dict[str, object]:
    """The exploration's JSON form (``explore --json`` and the explore endpoint).

    ``with_outcomes=False`` leaves the ``outcomes`` rows out (an empty list), for a caller that lists only as
    many as its answer has room for (each row spells out its whole set-up, ``outcome_to_dict``).
    """
    row = outcome_to_dict

    def guarantee(g: Guarantee) -> dict[str, object]:
        return {
            "security_level": row(g.security_level),
            "value_hold_probability": g.value_hold_probability,
            "value_margin": g.value_margin,
            "best_subset": list(g.best_subset),
        }

    return {
        "base_notation": exploration.base_notation,
        "fixed_side": exploration.fixed_side.value,
        "fixed_order": list(exploration.fixed_order),
        "orders": len(exploration.outcomes),
        "total_orders": exploration.total_orders if exploration.total_orders < 10**12 else None,
        "complete": exploration.complete,
        "coverage": exploration.coverage(),
        "covered": exploration.covered(),
        "budget_seconds": exploration.budget,
        "attacker_hold_probability": exploration.attacker_hold_probability,
        "best_for_attacker": row(exploration.best_for_attacker),
        "best_for_defender": row(exploration.best_for_defender),
        "attacker_guarantee": guarantee(exploration.attacker_guarantee),
        "defender_guarantee": guarantee(exploration.defender_guarantee),
        "outcomes": [row(outcome) for outcome in exploration.outcomes] if with_outcomes else [],
        # What every JSON answer of the engine says about itself (CombatLog, DuelLog, PartialState):
        # which answer it is and which rule set it follows; explore takes shield combats only.
        "kind": "exploration",
        "ruleset": "standard",
    }


def render_exploration(exploration: Exploration) -> str:
    outcomes = exploration.outcomes
    wins = sum(1 for o in outcomes if o.winner.value == "attacker")
    lines = [
        f"{len(outcomes)} play orders: the {exploration.fixed_side.value} keeps {', '.join(exploration.fixed_order)}; "
        f"the attacker takes the space in {wins} of them.",
    ]
    if not exploration.complete:
        lines.append(
            f"The time budget ran out: {exploration.coverage()}; covered: {exploration.covered()}. "
            "Every figure below is over the explored orders only (--budget gives more time)."
        )
    lines.append("")
    for outcome in outcomes[:40]:
        pairs = ", ".join(f"{a} v {d}" for a, d in outcome.pairs)
        left = f" | left: {', '.join(outcome.leftovers)}" if outcome.leftovers else ""
        lines.append(
            f"  {outcome.attacker_total:>3}-{outcome.defender_total:<3} {outcome.winner.value:<8} {pairs}{left}"
        )
    if len(outcomes) > 40:
        lines.append(f"  ... {len(outcomes) - 40} more (use --json for all)")
    for label, best in (("attacker", exploration.best_for_attacker), ("defender", exploration.best_for_defender)):
        lines.append(f"Best for the {label}: {best.attacker_total}-{best.defender_total}: {best.notation}")
    for g in (exploration.attacker_guarantee, exploration.defender_guarantee):
        lines.append(
            f"The {g.side.value} can guarantee: with a fixed order, its worst case "
            f"({g.security_level.attacker_total}-{g.security_level.defender_total}, {g.security_level.winner.value} holds); "
            f"by shuffling its order, a {g.value_hold_probability:.0%} chance of holding the space"
            + (f" (playing {', '.join(g.best_subset)})" if g.best_subset else "")
            + "."
        )
    return "\n".join(lines)


# Exploring is bounded by time, not by a count of orders: 8 s leaves the whole command (start-up, printing)
# within 10 s; an exploration that needs longer says how far it got.
EXPLORE_BUDGET_SECONDS = 8.0
# The same bound for a search of best play, for the same reason.
SOLVE_BUDGET_SECONDS = 8.0


def main(argv: Sequence[str] | None = None, catalog: CardCatalog | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Resolve a Guardians combat and explain every step."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    resolve_parser = commands.add_parser("resolve", help="resolve one set-up (a notation string or a file)")
    resolve_parser.add_argument("setup", help="notation text, or a .txt/.json file holding a set-up")
    resolve_parser.add_argument("--json", action="store_true", help="print the steps and result as JSON")
    resolve_parser.add_argument(
        "--after",
        type=stop_point,
        metavar="command|N",
        help="stop after the command step or after match-up N and print the state then",
    )
    explore_parser = commands.add_parser(
        "explore", help="try every primary play order and say what each side can guarantee"
    )
    explore_parser.add_argument("setup", help="notation text, or a .txt/.json file holding a set-up")
    explore_parser.add_argument("--json", action="store_true", help="print the outcome table as JSON")
    explore_parser.add_argument(
        "--budget",
        type=float,
        default=EXPLORE_BUDGET_SECONDS,
        metavar="SECONDS",
        help=f"stop exploring after this long and say how many orders were covered (default {EXPLORE_BUDGET_SECONDS:g})",
    )
    solve_parser = commands.add_parser(
        "solve", help="both sides' best play over every decision, with the value it proves (engine.solver)"
    )
    solve_parser.add_argument("setup", help="notation text, or a .txt/.json file holding a set-up")
    solve_parser.add_argument("--json", action="store_true", help="print the solution as JSON")
    solve_parser.add_argument(
        "--budget",
        type=float,
        default=SOLVE_BUDGET_SECONDS,
        metavar="SECONDS",
        help=f"stop searching after this long and give the bounds proved so far (default {SOLVE_BUDGET_SECONDS:g})",
    )
    why_parser = commands.add_parser(
        "why-lost", help="the smallest change to the loser's own decisions that changes who holds the space"
    )
    why_parser.add_argument("setup", help="notation text, or a .txt/.json file holding a set-up")
    why_parser.add_argument("--json", action="store_true", help="print the answer as JSON")
    why_parser.add_argument("--budget", type=float, default=SOLVE_BUDGET_SECONDS, metavar="SECONDS")
    args = parser.parse_args(argv)
    try:
        setup = load_setup(args.setup)
        ruleset = ruleset_of(setup)
        cards = catalog or default_catalog()
        if args.command == "explore":
            exploration = ruleset.explore(setup, cards, limit=None, budget=args.budget)
            print(
                json.dumps(exploration_to_dict(exploration), indent=2) if args.json else render_exploration(exploration)
            )
            return 0
        if args.command in ("solve", "why-lost"):
            from .solver import solve, why_lost
            from .solver.words import solution_text, why_lost_text

            if args.command == "solve":
                solution = solve(setup, cards, budget_s=args.budget)
                print(json.dumps(solution.to_dict(), indent=2) if args.json else solution_text(solution))
            else:
                answer = why_lost(setup, cards, budget_s=args.budget)
                print(json.dumps(answer.to_dict(), indent=2) if args.json else why_lost_text(answer))
            return 0
        if args.after is not None:
            state = ruleset.resolve_until(setup, cards, after=args.after)
            print(json.dumps(state.to_dict(), indent=2) if args.json else render_partial(state))
            return 0
        log = ruleset.resolve(setup, cards)
    except EngineError as exc:
        problems = [problem.as_dict() for problem in exc.problems]
        if args.json:
            print(json.dumps({"error": {"code": exc.code, "message": exc.message, "problems": problems}}, indent=2))
        else:
            print(f"error ({exc.code}): {exc.message}", file=sys.stderr)
            for problem in problems:
                print(f"  - [{problem['code']}] {problem['message']}", file=sys.stderr)
        return 2
    print(json.dumps(log.to_dict(), indent=2) if args.json else render_text(log))
    return 0
