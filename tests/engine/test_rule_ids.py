"""Every rule id the engine can write into a log resolves to exactly one numbered rule."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TAG = re.compile(r"^(?P<number>\d+\.\d+\.\d+[a-z]?)\.? .*\{ids: (?P<ids>[^}]+)\}\s*$", re.S)
ENGINE_ID = re.compile(r'"((?:CMB|CMD|AOE|PRI|SEC|RES|HEAL|VAL|ENG|A|E)-\d+)"')


def rule_for_id() -> dict[str, list[str]]:
    owners: dict[str, list[str]] = {}
    for path in sorted((ROOT / "rules" / "standard").glob("*.md")):
        for paragraph in path.read_text(encoding="utf-8").split("\n\n"):
            # A rule's own "Authority:" line (rules/README.md) follows its ids.
            lines = [line for line in paragraph.strip().split("\n") if not line.startswith("Authority:")]
            match = TAG.match("\n".join(lines))
            if match:
                for rule_id in match["ids"].split(","):
                    owners.setdefault(rule_id.strip(), []).append(match["number"])
    return owners


def engine_ids() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "engine").glob("*.py"):
        found |= set(ENGINE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def test_the_engine_cites_rule_ids() -> None:
    ids = engine_ids()
    assert {"CMD-2", "PRI-7", "SEC-5", "RES-3", "A-05", "ENG-1"} <= ids


def test_every_engine_rule_id_resolves_to_exactly_one_rule() -> None:
    owners = rule_for_id()
    for rule_id in sorted(engine_ids()):
        assert rule_id in owners, f"{rule_id} is cited by the engine but no rule carries it"
        assert len(owners[rule_id]) == 1, f"{rule_id} sits on several rules: {owners[rule_id]}"


def test_every_refusal_code_is_listed_with_the_rule_it_cites() -> None:
    # Rule pages say refusals in words (issue #32: no code shown to a reader); the codes, for programs, are
    # listed in the engine README with the numbered rule each one cites.
    from engine.actions import Refusal

    owners = rule_for_id()
    readme = (ROOT / "engine" / "README.md").read_text(encoding="utf-8")
    for refusal in Refusal:
        (number,) = owners[refusal.rule]
        row = re.search(rf"^\| `{re.escape(refusal.value)}` \|.*\| (\S+) \((\S+)\) \|$", readme, re.M)
        assert row is not None, f"{refusal.value}: not listed in engine/README.md"
        assert (row[1], row[2]) == (number, refusal.rule), refusal.value
