"""Command line: ``python -m engine resolve FILE|NOTATION [--json]``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .catalog import CardCatalog, default_catalog
from .errors import EngineError
from .jsonform import setup_from_dict
from .log import CombatLog
from .notation import parse_setup
from .resolver import resolve
from .setup import CombatSetup


def load_setup(argument: str) -> CombatSetup:
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
            return setup_from_dict(data.get("setup", data) if isinstance(data, dict) else data)
        return parse_setup(text.strip())
    return parse_setup(argument)


def render_text(log: CombatLog) -> str:
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


def main(argv: Sequence[str] | None = None, catalog: CardCatalog | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Resolve a Guardians combat and explain every step."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    resolve_parser = commands.add_parser("resolve", help="resolve one set-up (a notation string or a file)")
    resolve_parser.add_argument("setup", help="notation text, or a .txt/.json file holding a set-up")
    resolve_parser.add_argument("--json", action="store_true", help="print the steps and result as JSON")
    args = parser.parse_args(argv)
    try:
        setup = load_setup(args.setup)
        log = resolve(setup, catalog or default_catalog())
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
