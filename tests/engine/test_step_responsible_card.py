"""The card responsible is a field of the step (developers' guide): a refusal that a card in play makes names the
banning card in ``card`` (the refused card stays among its values), as a bribe ban and a destruction already do,
and a Guardian's channel names the Guardian card the set-up gives (nothing when the Guardian is unnamed). Checked
over every worked example (fixtures/examples/**) and every duel of arena_side_rules.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.enums import StepKind
from engine.log import Step
from engine.notation import parse_setup
from engine.render import _names, notice_step, refusal_step
from engine.resolver import resolve

CATALOG = default_catalog()
ROOT = Path(__file__).resolve().parents[2]


def _set_ups() -> list[tuple[str, str]]:
    found = [
        (path.stem, json.loads(path.read_text())["notation"])
        for path in sorted(ROOT.glob("fixtures/examples/**/*.json"))
    ]
    table = json.loads((ROOT / "tests" / "engine" / "arena_side_rules.json").read_text())
    for row in table["changes"]:
        found += [(f"{row['card']} with", row["with"]), (f"{row['card']} without", row["without"])]
    found += [(f"{row['card']} unmet", row["duel"]) for row in table["condition_unmet"]]
    return found


SET_UPS = _set_ups()


def _steps(notation: str) -> tuple[Step, ...]:
    if notation.startswith("ruleset=arena"):
        return resolve_duel(parse_duel(notation), CATALOG).steps
    return resolve(parse_setup(notation), CATALOG).steps


LOGS = {name: _steps(notation) for name, notation in SET_UPS}

# The steps of a refusal a card in play makes, and the value that names that card in the sentence.
BANNING_VALUE = {
    **{refusal_step(code): "source" for code in ("cast.forbidden", "channel.forbidden", "channel.guardians_only")},
    refusal_step("channel.forbidden_channeller"): "source",
    **{refusal_step(code): "source" for code in ("channel.no_stones", "ranged.barred", "ranged.forbidden")},
    notice_step("arena.casting_forbidden"): "source",
    "bribe_creature.3": "x1",
    "bribe_creature.shield": "guard_name",
    "bribe_creature.4": "lock_name",
    "forced_bribe.2": "x1",
}


def _value(step: Step, name: str) -> object:
    return dict(zip(_names(step.message), step.args, strict=True))[name]


def test_every_refusal_a_card_makes_names_that_card_in_its_field() -> None:
    refusals = [(name, step) for name, steps in LOGS.items() for step in steps if step.message in BANNING_VALUE]
    for name, step in refusals:
        banning = _value(step, BANNING_VALUE[step.message])
        assert (step.card_name, CATALOG.get(step.card).name) == (banning, banning), (name, step.text)
    # The refusals the brief names are all among them: a spell on the Maitz Hotel's space, a channeller on the
    # Rocks at Rhuadan, a duellist's casting ban, a terrain's and a bearer's bribery ban.
    assert {(step.message, step.card) for _, step in refusals} >= {
        (refusal_step("cast.forbidden"), "the-maitz-hotel"),
        (refusal_step("channel.guardians_only"), "rocks-at-rhuadan"),
        (notice_step("arena.casting_forbidden"), "pharaoh-djoser"),
        ("bribe_creature.3", "iron-crag-brew-mountain"),
        ("bribe_creature.shield", "standard-bearer-maitzs-insect-16"),
    }


def test_a_refused_card_stays_among_the_values() -> None:
    [hotel] = [step for step in LOGS["the-maitz-hotel with"] if step.message == refusal_step("cast.forbidden")]
    assert (hotel.card, _value(hotel, "card")) == ("the-maitz-hotel", "Dispel Magic")


@pytest.mark.parametrize(
    ("notation", "banning"),
    [
        # Geldspar refuses an H item in a standard combat and in a duel alike.
        (
            "a=swordsman a.hand=hammer-of-doom d=geldspar-court-magician m1=a:item:hammer-of-doom,d:pass,a:pass",
            "geldspar-court-magician",
        ),
        (
            "ruleset=arena a=swordsman a.stock=hammer-of-doom d=geldspar-court-magician "
            "p=a:item:hammer-of-doom,d:pass,a:pass",
            "geldspar-court-magician",
        ),
    ],
)
def test_a_ban_names_the_banning_card_in_either_rule_set(notation: str, banning: str) -> None:
    [refused] = [step for step in _steps(notation) if step.message == refusal_step("cast.forbidden")]
    assert (refused.card, _value(refused, "card")) == (banning, "Hammer of Doom")


def _guardian(notation: str, letter: str) -> str:
    found = re.search(rf"(?:^| ){letter}\.guardian=(\S+)", notation)
    return found.group(1) if found else ""


def test_a_guardians_channel_names_the_guardian_card_where_the_set_up_gives_one() -> None:
    by_name = dict(SET_UPS)
    channels = [
        (name, step)
        for name, steps in LOGS.items()
        for step in steps
        if step.kind is StepKind.CHANNEL
        and step.message in ("channel_into.9", "channel_into.6")
        and "The Guardian" in step.args
    ]
    named = [
        (name, step) for name, step in channels if _guardian(by_name[name], step.side.value[0] if step.side else "")
    ]
    for name, step in channels:
        assert step.side is not None
        assert step.card == _guardian(by_name[name], step.side.value[0]), (name, step.text)
    # Both cases are met: a named Guardian (example 1's Tes-Let, the duels' Rak Nam) and an unnamed one.
    assert {step.card for _, step in named} >= {"tes-let-leader-with-foresight", "rak-nam-leader-of-the-mighty"}
    assert any(not step.card for _, step in channels)


# Where a refusal step keeps the refused card (the old step's ``card``): a value by name, or ``subject`` (a creature).
REFUSED_VALUE = {
    refusal_step("cast.forbidden"): "card",
    refusal_step("channel.forbidden_channeller"): "channeller",
    refusal_step("channel.guardians_only"): "channeller",
    refusal_step("channel.only_from_channeller"): "channeller",
    notice_step("arena.casting_forbidden"): "card",
}


def test_every_refusal_names_both_the_banning_card_and_the_refused_card() -> None:
    refusals = [(name, step) for name, steps in LOGS.items() for step in steps if step.message in REFUSED_VALUE]
    for name, step in refusals:
        refused = _value(step, REFUSED_VALUE[step.message])
        assert step.card and refused != CATALOG.get(step.card).name, (name, step.text)
        assert isinstance(refused, str) and refused in step.text, (name, step.text)
    # The loss reported: the Rocks at Rhuadan refusing Energy Well's channel named no channeller.
    rocks = {(step.card, _value(step, "channeller")) for _, step in refusals if step.message.startswith("refused.ch")}
    assert ("rocks-at-rhuadan", "Energy Well") in rocks
    ranged = [step for steps in LOGS.values() for step in steps if step.message.startswith("refused.ranged")]
    assert all(step.subject_name for step in ranged)
