"""``python -m benchmarks [engine|combat|search|rules-search|pages|picture|solver|all]``: print every benchmark's numbers."""

from __future__ import annotations

import importlib
import sys

SUITES = {"engine": "benchmarks.engine_bench", "combat": "benchmarks.combat_bench", "search": "benchmarks.search_bench",
          "rules-search": "benchmarks.rules_search_bench", "pages": "benchmarks.pages_bench",
          "picture": "benchmarks.picture_bench",
          "hostile-search": "benchmarks.hostile_search_bench", "solver": "benchmarks.solver_bench"}


def main(argv: list[str]) -> int:
    wanted = argv or list(SUITES)
    for name in wanted:
        if name == "all":
            wanted = list(SUITES)
            break
    for name in wanted:
        if name not in SUITES:
            print(f"unknown benchmark {name!r}; known: {', '.join(SUITES)}", file=sys.stderr)
            return 2
        module = importlib.import_module(SUITES[name])
        for line in module.run():
            print(line, flush=True)
    return 0


raise SystemExit(main(sys.argv[1:]))
