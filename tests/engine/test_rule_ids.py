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
            match = TAG.match(paragraph.strip())
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


def test_every_refusal_code_is_stated_in_the_rule_it_cites() -> None:
    # A refusal cites a rule id; the rule carrying that id (or one of its subrules) names the code.
    from engine.actions import Refusal

    owners = rule_for_id()
    text = "\n\n".join(path.read_text(encoding="utf-8") for path in sorted((ROOT / "rules" / "standard").glob("*.md")))
    paragraphs = [p.strip() for p in text.split("\n\n")]
    for refusal in Refusal:
        (number,) = owners[refusal.rule]
        family = [p for p in paragraphs if re.match(rf"^{re.escape(number)}[a-z]?\.? ", p)]
        assert any(refusal.value in p for p in family), f"{refusal.value}: not stated in {number} or its subrules"
