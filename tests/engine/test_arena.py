"""Guardians Arena duels: every worked example in fixtures/examples/arena/ resolved and checked, the
notation and JSON forms, and bad set-ups refused with a stable code and the rule they break.

The expected values in the scenario files were worked out by hand from the site's Arena rules (the
arithmetic is in each file's notes), not copied from the engine's output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.arena import duel_from_dict, duel_to_dict, format_duel, parse_duel, resolve_duel, validate_duel
from engine.catalog import default_catalog
from engine.enums import CardType, Side
from engine.errors import NotationError, SetupInvalid
from engine.notation import parse_setup
from engine.rulesets import any_from_dict, parse_any, validate_any

ARENA_EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "examples" / "arena").glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_rule_that_changes_a_duel_has_an_example() -> None:
    ids = {load(path)["id"] for path in ARENA_EXAMPLES}
    assert {
        "arena-flying", "arena-red-vitality", "arena-shield-cancel", "arena-prison-shield",
        "arena-upper-hand-overturned", "arena-tie", "arena-command-on-reveal", "arena-ranged", "arena-terrain",
        "arena-standard-bearer", "arena-sacrifice",
        # Issue 15's second part: the written order, secondary Stock cards, secondary AOEs, command kinds.
        "arena-order-power-lunch", "arena-order-bribe-ends-round", "arena-order-bribe-shooter",
        "arena-secondary-item", "arena-secondary-dispel", "arena-secondary-no-effect", "arena-secondary-aoe",
        "arena-command-terrain", "arena-command-sideline", "arena-command-no-effect", "arena-command-secondary-bonus",
        "arena-command-forbids-casting",
        # Site ruling 6.8.8: a standard bearer's side-wide rule in both rounds.
        "arena-bearer-side-rule",
    } <= ids  # fmt: skip


@pytest.mark.parametrize("path", ARENA_EXAMPLES, ids=lambda p: p.stem)
def test_arena_example(path: Path) -> None:
    scenario = load(path)
    expected = scenario["expected"]
    assert scenario["source"]["seed"].startswith("003_")
    setup = parse_duel(scenario["notation"])
    assert format_duel(setup) == scenario["notation"]
    log = resolve_duel(setup, default_catalog())
    result = log.result
    primary = [result.primary.attacker_total, result.primary.defender_total] if result.primary else None
    assert primary == expected["primary_totals"]
    assert (result.upper_hand.value if result.upper_hand else None) == expected["upper_hand"]
    secondary = [result.secondary.attacker_total, result.secondary.defender_total] if result.secondary else None
    assert secondary == expected["secondary_totals"]
    assert (result.winner.value if result.winner else None) == expected["winner"]
    for side in Side:
        assert result.places_of(side) == expected["places"][side.value]
    assert list(result.victorious) == expected["victorious"]
    cited = {step.rule for step in log.steps}
    assert set(expected["rules_cited"]) <= cited
    assert set(expected.get("notices", [])) <= {notice.code for notice in result.notices}


@pytest.mark.parametrize("path", ARENA_EXAMPLES, ids=lambda p: p.stem)
def test_arena_json_form_round_trips(path: Path) -> None:
    setup = parse_duel(load(path)["notation"])
    data = duel_to_dict(setup)
    assert data["ruleset"] == "arena"
    assert duel_from_dict(data) == setup
    assert any_from_dict(json.loads(json.dumps(data))) == setup
    assert parse_any(format_duel(setup)) == setup


def test_standard_set_ups_read_as_before() -> None:
    text = "terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer"
    assert parse_any(text) == parse_setup(text)
    assert parse_setup("ruleset=standard " + text) == parse_setup(text)
    with pytest.raises(NotationError) as caught:
        parse_setup("ruleset=arena " + text)
    assert caught.value.code == "notation.bad_ruleset"


@pytest.mark.parametrize(
    ("notation", "code", "rule"),
    [
        ("ruleset=arena a=swordsman,archer d=sand-lord", "arena.two_duellists", "5.1.1"),
        (
            "ruleset=arena a=swordsman d=sand-lord d.pen=devil-dog p=a:pass,d:creature:devil-dog",
            "arena.pen_card_in_primary",
            "6.5.1",
        ),
        (
            "ruleset=arena a=swordsman a.pen=power-lunch d=sand-lord p=a:spell:power-lunch",
            "arena.not_a_pen_card",
            "4.6.1",
        ),
        ("ruleset=arena a=swordsman d=sand-lord p=d:pass,a:pass", "arena.out_of_turn", "6.3.2"),
        ("ruleset=arena a=swordsman d=sand-lord p=a:pass,d:pass,a:pass", "arena.after_round_end", "6.3.2"),
        ("ruleset=arena a=swordsman a.pen=archer d=sand-lord p=a:ranged:archer", "arena.not_under_stronghold", "2.6.1"),
        ("ruleset=arena a=swordsman d=sand-lord a.up=3 d.up=8", "arena.initiative", "5.1.2"),
        ("ruleset=arena a=swordsman d=sand-lord d.sacrifice=yes", "arena.nothing_to_sacrifice", "2.4.2"),
        ("ruleset=arena a=swordsman d=sand-lord d.pen=devil-dog s=d:creature:archer", "arena.not_in_pen", "6.6.1b"),
    ],
)
def test_bad_duels_name_their_code_and_rule(notation: str, code: str, rule: str) -> None:
    problems = validate_duel(parse_duel(notation), default_catalog())
    assert problems and problems[0].code == code
    assert f"Arena rule {rule})" in problems[0].message
    with pytest.raises(SetupInvalid):
        resolve_duel(parse_duel(notation), default_catalog())


def test_secondary_turn_order_follows_the_primary_loser() -> None:
    # The Swordsman wins the primary round in Woods, so the defender acts first in the secondary round.
    setup = parse_any("ruleset=arena terrain=woods a=swordsman d=sand-lord s=a:pass,d:pass")
    problems = validate_any(setup, default_catalog())
    assert [p.code for p in problems] == ["arena.out_of_turn"]
    assert "Arena rule 6.6.1)" in problems[0].message


def test_arena_support_is_derived_from_the_abilities_steps() -> None:
    from engine.arena import ArenaStatus, arena_support

    catalog = default_catalog()
    # The Sand Lord's terrain bonus acts in PRI-8, which a duel performs.
    assert arena_support(catalog.get("sand-lord")).status is ArenaStatus.AUTOMATED
    # A shield card has its own Arena use (cancel, capture).
    assert arena_support(catalog.get("shield-broms-goblin-04")).status is ArenaStatus.AUTOMATED
    statuses = {arena_support(card).status for card in catalog}
    assert statuses == set(ArenaStatus)
    # A text acting only on control of the space (RES-) does nothing in a duel; nor does a stronghold, which works
    # for a creature defending it, and nobody defends one in the Duel Zone (site ruling 6.8.8).
    shield_only = [
        card
        for card in catalog
        if arena_support(card).status is ArenaStatus.SHIELD_ONLY and card.type is not CardType.STRONGHOLD
    ]
    assert shield_only and all(
        any(
            step.startswith(("RES-", "HEAL-", "PRI-0", "PRI-12", "SEC-", "CMD-", "CMB-", "VAL-5"))
            for a in card.abilities
            for step in a.steps
        )
        for card in shield_only
    )


def test_bribery_in_either_round_takes_a_creature_out_of_the_battle() -> None:
    catalog = default_catalog()
    # Magma Elemental 9 - 1 (the Rotten Guy's red number) = 8 beats 7; the defender acts first in the
    # secondary round and passes, then the attacker bribes the Rotten Guy (Gold icon) away: no comparison.
    duel = resolve_duel(
        parse_duel("ruleset=arena a=magma-elemental a.stock=gold d=rotten-guy s=d:pass,a:bribe:gold,d:pass,a:pass"),
        catalog,
    )
    assert duel.result.winner is Side.ATTACKER and duel.result.secondary is None
    assert "ARN-15" in {step.rule for step in duel.steps}
    assert duel.result.places_of(Side.ATTACKER)["gold"] == "discard"
    # A bribed secondary attacker adds nothing and goes to the discard pile, not the bottom of the deck.
    text = "ruleset=arena terrain=woods a=swordsman a.stock=beer d=sand-lord d.pen=devil-dog s=d:creature:devil-dog,a:bribe:beer@devil-dog,d:pass,a:pass"
    bribed = resolve_duel(parse_duel(text), catalog).result
    assert bribed.secondary is not None and (bribed.secondary.attacker_total, bribed.secondary.defender_total) == (
        6,
        11,
    )
    assert bribed.places_of(Side.DEFENDER)["devil-dog"] == "discard"


DUELS = 150


def test_random_duels_resolve_or_fail_with_an_engine_error() -> None:
    """Duels built from random cards and random legal-looking actions either resolve or raise an
    EngineError with a code: never another exception (which the site would show as a 500)."""
    import random

    from engine.enums import CardType
    from engine.errors import EngineError
    from engine.rulesets import resolve_any

    catalog = default_catalog()
    creatures = sorted(card.slug for card in catalog if card.is_creature)
    spells = sorted(card.slug for card in catalog if card.type in (CardType.SPELL, CardType.HAND_ITEM))
    shields = sorted(card.slug for card in catalog if card.type is CardType.SHIELD)
    shooters = sorted(card.slug for card in catalog if card.is_creature and (card.ranged_attack or card.cmp))
    rng = random.Random(15)
    resolved = 0
    for _ in range(DUELS):
        stock = {side: [*rng.sample(spells, 2), "gold", "beer"] for side in "ad"}
        pen = {side: [rng.choice(creatures), rng.choice(shields)] for side in "ad"}
        under = {side: rng.choice(shooters) for side in "ad"}
        text = "ruleset=arena terrain=" + rng.choice(["woods", "swamp", "dry-heaps", "mountains"])
        for side in "ad":
            text += f" {side}={rng.choice(creatures)} {side}.stock={','.join(stock[side])} {side}.pen={','.join(pen[side])} {side}.under={under[side]}"
        cards = {
            "spell": stock,
            "bribe": {side: ["gold", "beer"] for side in "ad"},
            "ranged": {side: [under[side]] for side in "ad"},
            "channel": {side: ["guardian"] for side in "ad"},
            "creature": {side: pen[side][:1] for side in "ad"},
            "shield": {side: pen[side][1:] for side in "ad"},
        }
        for key, kinds in (
            ("p", ["spell", "bribe", "ranged", "channel"]),
            ("s", ["creature", "shield", "bribe", "spell"]),
        ):
            side, actions = "a", []
            for _ in range(rng.randint(0, 3)):
                kind = rng.choice(kinds)
                actions.append(f"{side}:{kind}:{rng.choice(cards[kind][side])}")
                side = "d" if side == "a" else "a"
            actions += [f"{side}:pass", f"{'d' if side == 'a' else 'a'}:pass"]
            text += f" {key}=" + ",".join(actions)
        try:
            resolve_any(parse_any(text), catalog)
            resolved += 1
        except EngineError as exc:
            assert exc.code
    assert resolved > 10


def test_a_pen_creature_that_never_fights_needs_no_roll_or_count() -> None:
    # The Iron Lord's AOE grows with a count and Mendu Sada's AOE is rolled: left in the pen, neither
    # fights, so the duel asks for neither (they are in the combat only for an AOE or command to reach).
    text = "ruleset=arena a=swordsman d=sand-lord d.pen=iron-lord,mendu-sada-the-havoc p=a:pass,d:pass"
    result = resolve_duel(parse_duel(text), default_catalog()).result
    assert result.winner is Side.DEFENDER
    assert result.places_of(Side.DEFENDER)["iron-lord"] == "kept"


def test_a_card_played_only_as_a_command_card_cannot_be_played_in_a_duel() -> None:
    from engine.arena import ArenaStatus, arena_support

    catalog = default_catalog()
    text = "ruleset=arena a=swordsman a.stock=pulse-wave d=sand-lord p=a:spell:pulse-wave,d:pass,a:pass"
    result = resolve_duel(parse_duel(text), catalog).result
    assert [notice.code for notice in result.notices] == ["arena.command_card_only"]
    assert result.places_of(Side.ATTACKER)["pulse-wave"] == "kept"
    assert arena_support(catalog.get("pulse-wave")).status is ArenaStatus.NOT_IN_DUELS


@pytest.mark.parametrize(
    ("primary", "totals", "winner"),
    [
        # Dispel Magic written before Power Lunch has nothing to cancel: the Swordsman takes 6 channelled.
        (
            "a:pass,d:spell:dispel-magic,a:spell:power-lunch,d:pass,a:channel:guardian,d:pass,a:pass",
            (15, 11),
            "attacker",
        ),
        # Written just after it, Dispel Magic cancels Power Lunch, and the Swordsman's red bar refuses the channel.
        ("a:spell:power-lunch,d:spell:dispel-magic,a:channel:guardian,d:pass,a:pass", (9, 11), "defender"),
    ],
)
def test_the_same_cards_in_another_written_order_give_another_duel(
    primary: str, totals: tuple[int, int], winner: str
) -> None:
    text = f"ruleset=arena a=swordsman a.stock=power-lunch d=sand-lord d.stock=dispel-magic p={primary}"
    result = resolve_duel(parse_duel(text), default_catalog()).result
    assert result.primary is not None
    assert (result.primary.attacker_total, result.primary.defender_total) == totals
    assert result.winner is Side(winner)
