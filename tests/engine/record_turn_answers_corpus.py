"""Records what an engine checkout makes of the issue-31 corpus, for the permalink compatibility test of the
``turn-answers`` reading (tests/engine/test_turn_answers_reading.py).

Run it from the root of the checkout whose results are wanted, with that checkout's engine first on the path:

    cd /work/main && /work/main/.venv/bin/python /path/to/record_turn_answers_corpus.py CORPUS.json OUT.json

It was run on main at commit given in the output (``recorded_from``) before the reading existed, so the file
holds the results every link of the corpus resolved to when it was shared. For each set-up text: the error
code if main could not read it (new notation, so no such link was ever shared), else the result object of the
log's JSON form and each step as (rule, text).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

from engine.catalog import default_catalog  # noqa: E402
from engine.errors import EngineError  # noqa: E402
from engine.notation import parse_setup  # noqa: E402
from engine.resolver import resolve  # noqa: E402


def record(notation: str) -> dict[str, Any]:
    try:
        log = resolve(parse_setup(notation), default_catalog())
    except EngineError as exc:
        return {"notation": notation, "error": exc.code}
    data = log.to_dict()
    return {
        "notation": notation,
        "result": data["result"],
        "steps": [[step["rule"], step["text"]] for step in data["steps"]],
    }


def main() -> None:
    corpus: list[str] = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    out = {"recorded_from": commit, "cases": [record(notation) for notation in corpus]}
    Path(sys.argv[2]).write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
