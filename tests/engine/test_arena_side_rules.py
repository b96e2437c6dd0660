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


# A side-wide card's placing, its sacrifice, a gap in its automation and a push it wins keep their own rules; every
# other step a standard bearer or the terrain card makes is a change its own rule makes (site ruling 6.8.8).
PLACING_RULES = {"ARN-22", "ARN-23", "ARN-29", "ARN-39", "ARN-44"}


def _naming(log: DuelLog, slug: str) -> list[Any]:
    """The steps that name the card: as the step's card, or as a value of its sentence (a refusal "because The
    Maitz Hotel is in play" names the refused card as its card)."""
    name = CATALOG.get(slug).name
    return [
        step
        for step in log.steps
        if step.card == slug
        or any(value == name or name in getattr(value, "names", ()) for value in step.args if isinstance(value, str))
    ]


def _totals(log: DuelLog) -> tuple[Any, Any]:
    outcome = _outcome(log)
    return outcome["primary"], outcome["secondary"]


@pytest.mark.parametrize("row", CHANGES, ids=[f"{row['card']}-{i}" for i, row in enumerate(CHANGES)])
def test_every_change_a_side_wide_card_makes_is_a_step_naming_it(row: dict[str, Any]) -> None:
    with_card, without = _duel(row["with"]), _duel(row["without"])
    changes = [step for step in _naming(with_card, row["card"]) if step.rule not in PLACING_RULES]
    if row.get("notices"):
        # A ban changes which actions happen, not a number: the refusal names the card, and so does its warning.
        assert changes and all(step.delta is None for step in changes)
        named = [n for n in with_card.result.notices if CATALOG.get(row["card"]).name in n.values.values()]
        assert named and all(n.rule == "ARN-46" for n in named)
    elif _totals(with_card) != _totals(without):
        # The card's amount and the running total it leaves, on a step that names the card.
        assert [(step.delta, step.total) for step in changes if step.delta and step.total is not None], changes
    else:
        # It changes who wins (a push won) or where a card goes (an AOE stopped), on a step that names it.
        assert [step for step in _naming(with_card, row["card"]) if step.rule != "ARN-22"]


@pytest.mark.parametrize("duel", [row["with"] for row in CHANGES] + [row["duel"] for row in UNMET])
def test_a_side_wide_cards_change_cites_ruling_6_8_8_in_both_rounds(duel: str) -> None:
    log = _duel(duel)
    slugs = {step.card for step in log.steps if step.rule in ("ARN-22", "ARN-23") and step.card}
    cited = {
        (step.phase.value, step.rule) for slug in slugs for step in _naming(log, slug) if step.rule not in PLACING_RULES
    }
    assert {rule for _, rule in cited} <= {"ARN-46"}, cited


def test_a_terrain_card_that_lets_an_action_count_is_named_beside_the_action() -> None:
    # The Hollens Grove counts as Woods, where a ranged attack would be refused: the shot's +3 counts because of it.
    log = _duel(next(row["with"] for row in CHANGES if row["card"] == "the-hollens-grove"))
    grove = [
        (step.kind.value, step.rule, step.delta, step.total) for step in log.steps if step.card == "the-hollens-grove"
    ]
    assert grove == [("terrain", "ARN-23", None, None), ("note", "ARN-46", 3, 9)]
    # Nothing is owed to the space by a creature that may receive channelling anyway: Baal-a-Gog's +9 names no
    # Spirit Mountain.
    plain = _duel(
        "ruleset=arena terrain=spirit-mountain a=baal-a-gog a.guardian=rak-nam-leader-of-the-mighty a.stones=1 "
        "d=swordsman p=a:channel:guardian,d:pass,a:pass s=d:pass,a:pass"
    )
    assert [(step.rule, step.delta) for step in plain.steps if step.kind.value == "channel"] == [("ARN-33", 9)]
    assert [step.rule for step in plain.steps if step.card == "spirit-mountain"] == ["ARN-23"]
