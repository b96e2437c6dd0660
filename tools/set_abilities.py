"""Write reviewed ability data into the card fixtures: ``python tools/set_abilities.py FILE.json [--check]``.

FILE.json maps card slugs to {"abilities": [...], "automation": {"status": ..., "reason": ...}}.
Each entry is checked by the engine's own parser before anything is written, so a typo never
reaches the fixtures. Used by reviewers; the fixtures remain the source of truth.
"""
from __future__ import annotations

import fcntl
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cards import CardDefinition  # noqa: E402


def main(patch_file: str, check_only: bool = False) -> int:
    # Several reviewers may write at once; one lock keeps their read-modify-write passes apart.
    with open(ROOT / "fixtures" / "cards" / ".write.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _apply(patch_file, check_only)


def _apply(patch_file: str, check_only: bool) -> int:
    patch = json.loads(Path(patch_file).read_text(encoding="utf-8"))
    seen: set[str] = set()
    for path in sorted((ROOT / "fixtures" / "cards").glob("*.json")):
        cards = json.loads(path.read_text(encoding="utf-8"))
        changed = False
        for card in cards:
            entry = patch.get(card["slug"])
            if entry is None:
                continue
            seen.add(card["slug"])
            updated = dict(card)
            updated["abilities"] = entry.get("abilities", card["abilities"])
            updated["automation"] = entry.get("automation", card["automation"])
            if "summary" in entry:
                updated["summary"] = entry["summary"]
            CardDefinition.from_fixture(updated)
            if updated != card and not check_only:
                card.update(updated)
                changed = True
        if changed:
            path.write_text(json.dumps(cards, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    missing = sorted(set(patch) - seen)
    if missing:
        print(f"unknown slugs: {', '.join(missing)}", file=sys.stderr)
        return 1
    print(f"{'checked' if check_only else 'updated'} {len(seen)} card(s)")
    return 0


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--check"]
    raise SystemExit(main(arguments[0], check_only="--check" in sys.argv))
