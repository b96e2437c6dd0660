"""The side-wide rules a standard bearer or a terrain card brings into a Guardians Arena duel (site ruling 6.8.8):
every such card the card pages call "automated in duels" changes a real duel where its condition holds, with the
step that names it, and changes nothing where its condition fails. The duels and their hand-worked totals are
data (``arena_side_rules.json``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import abilities
from engine.arena import ArenaStatus, DuelLog, arena_support, parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.enums import CardType

CATALOG = default_catalog()
TABLE: dict[str, Any] = json.loads((Path(__file__).parent / "arena_side_rules.json").read_text())
CHANGES: list[dict[str, Any]] = TABLE["changes"]
UNMET: list[dict[str, Any]] = TABLE["condition_unmet"]

# The kinds that set a rule for a whole side or for the space (engine README, "side-wide kinds", and the older
# bearer and terrain kinds), and the kinds of card that carry one beside the creatures.
SIDE_WIDE_KINDS = (
    abilities.Bonus,
    abilities.RangedModifier,
    abilities.ChannelModifier,
    abilities.OcbModifier,
    abilities.UnbribeableSide,
    abilities.ControlBonus,
    abilities.Announcement,
    abilities.TerrainBonusModifier,
    abilities.ForbidsCasting,
    abilities.ForbidsChannelling,
    abilities.GuardianCmpBonus,
    abilities.CancelsAoe,
    abilities.DispelsOpposingCommand,
    abilities.SideBonus,
    abilities.WinsPushes,
    abilities.NoBriberyHere,
    abilities.AllowsRanged,
    abilities.AllowsChannellingTo,
)
SIDE_CARDS = (CardType.STANDARD_BEARER, CardType.TERRAIN, CardType.ACCESSORY, CardType.GUARDIAN, CardType.STRONGHOLD)


def _automated_side_rule_cards() -> set[str]:
    return {
        card.slug
        for card in CATALOG
        if card.type in SIDE_CARDS
        and arena_support(card).status is ArenaStatus.AUTOMATED
        and any(isinstance(ability, SIDE_WIDE_KINDS) for ability in card.abilities)
    }


def _duel(notation: str) -> DuelLog:
    return resolve_duel(parse_duel(notation), CATALOG)


def _outcome(log: DuelLog) -> dict[str, Any]:
    result = log.result
    return {
        "primary": None if result.primary is None else [result.primary.attacker_total, result.primary.defender_total],
        "secondary": None
        if result.secondary is None
        else [result.secondary.attacker_total, result.secondary.defender_total],
        "winner": None if result.winner is None else result.winner.value,
    }


def _places(log: DuelLog, wanted: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    by_side = {place.side.value: {} for place in log.result.places}
    for place in log.result.places:
        by_side[place.side.value][place.card] = place.place.value
    return {side: {card: by_side.get(side, {}).get(card, "") for card in cards} for side, cards in wanted.items()}


def _checked(log: DuelLog, expected: dict[str, Any]) -> None:
    outcome = _outcome(log)
    assert outcome == {key: expected[key] for key in ("primary", "secondary", "winner")}
    if "places" in expected:
        assert _places(log, expected["places"]) == expected["places"]


def test_the_table_covers_every_side_wide_card_automated_in_duels() -> None:
    # Drawn from the catalog: a card that becomes "automated in duels" with a side-wide kind needs its row here.
    cards = _automated_side_rule_cards()
    assert cards and {row["card"] for row in CHANGES} == cards


@pytest.mark.parametrize("row", CHANGES, ids=[f"{row['card']}-{i}" for i, row in enumerate(CHANGES)])
def test_a_side_wide_card_changes_the_duel_where_its_condition_holds(row: dict[str, Any]) -> None:
    with_card, without = _duel(row["with"]), _duel(row["without"])
    _checked(with_card, row["expected"])
    _checked(without, row["without_expected"])
    assert row["card"] in row["with"] and row["card"] not in row["without"]
    assert _outcome(with_card) != _outcome(without) or row["expected"].get("places") != row["without_expected"].get(
        "places"
    )
    # The step the card's rule makes: its round, the Arena rule it cites, the amount and the running total.
    for wanted in row["steps"]:
        card = wanted.get("card", row["card"])
        found = [
            (step.phase.value, step.rule, step.delta, step.total)
            for step in with_card.steps
            if step.card == card and step.phase.value == wanted["phase"]
        ]
        assert (wanted["phase"], wanted["rule"], wanted["delta"], wanted["total"]) in found, found
    assert [notice.code for notice in with_card.result.notices] == row.get("notices", [])
    assert not any(slug == row["card"] for slug, _ in with_card.result.not_automated)


@pytest.mark.parametrize("row", UNMET, ids=[row["card"] for row in UNMET])
def test_a_side_wide_card_changes_nothing_where_its_condition_fails(row: dict[str, Any]) -> None:
    log = _duel(row["duel"])
    _checked(log, row["expected"])
    assert not [step for step in log.steps if step.card == row["card"] and step.delta]
    assert log.result.not_automated == ()


def test_a_bearers_secondary_bonus_is_a_step_of_its_own_before_the_attackers_total() -> None:
    # Site ruling 6.8.8: Brom's Demonic 04 gives the attacker's secondary attacker its +2 (standard SEC-4); the
    # duellist, counted at its printed Vitality in the secondary round (6.7.4), does not get it again.
    row = next(row for row in CHANGES if row["card"] == "standard-bearer-broms-demonic-04")
    log = _duel(row["with"])
    secondary = [step for step in log.steps if step.phase.value == "secondary"]
    rules = [(step.rule, step.card, step.delta, step.total) for step in secondary if step.rule in ("ARN-46", "ARN-13")]
    assert rules == [
        ("ARN-46", "standard-bearer-broms-demonic-04", 2, 9),
        ("ARN-13", "axeman", None, 9),
    ]
    assert log.result.secondary is not None
    assert [(term.label, term.amount) for term in log.result.secondary.attacker_chain] == [
        ("Swordsman", 6),
        ("Axeman", 7),
        ("Standard Bearer Brom's Demonic 04", 2),
    ]


@pytest.mark.parametrize(
    "slug",
    ["sabu-amantek-left", "sabu-amantek-center", "sabu-amantek-right", "mud-castle-left", "mud-castle-center"],
)
def test_a_strongholds_text_is_said_to_need_a_stronghold_defender(slug: str) -> None:
    support = arena_support(CATALOG.get(slug))
    assert support.status is ArenaStatus.SHIELD_ONLY and "nobody defends a stronghold" in support.reason


@pytest.mark.parametrize(
    "slug",
    [
        "standard-bearer-broms-demonic-19",
        "standard-bearer-maitzs-lightning-04",
        "standard-bearer-maitzs-insect-14",
        "standard-bearer-ploogs-chicken-12",
        "woolverine",
    ],
)
def test_text_about_announcements_command_cards_or_control_is_shield_only(slug: str) -> None:
    card = CATALOG.get(slug)
    support = arena_support(card)
    assert support.status is ArenaStatus.SHIELD_ONLY
    # Nothing of it is applied in a duel, so the page does not promise that "the rest carries over".
    assert support.reason.startswith("Its text only makes sense with shields")
    place = "a.bearer" if card.type is CardType.STANDARD_BEARER else "a"
    duellist = "" if place == "a" else "a=swordsman "
    log = _duel(f"ruleset=arena {duellist}{place}={slug} d=swordsman p=a:pass,d:pass")
    assert log.result.not_automated == ()
    # A bearer adds nothing; Woolverine fights by its printed numbers (its own off-colour bonus) and no more.
    changes = [step.rule for step in log.steps if step.card == slug and step.delta]
    assert changes == ([] if place == "a.bearer" else ["ARN-37"])
