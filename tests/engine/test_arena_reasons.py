"""Every creature of a duel says why its fate is what it is as a stable code with values, as a
shield combat's creatures do: the standard code where the duel means the same (bribed, discarded by
an AOE), an ``arena.*`` code where the duel differs (it lost the duel, or took part in it), each
worded from its template in the Arena's words for the round that decided it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.arena import DuelLog, parse_duel, resolve_duel
from engine.arena.wording import duel_words
from engine.catalog import default_catalog
from engine.enums import Phase
from engine.log import CreatureOutcome
from engine.render import NOTICES, STANDARD_WORDS, render_values

ARENA_EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "examples" / "arena").glob("*.json"))
# Duels whose creatures meet fates the worked examples do not: a creature destroyed by its
# opponent's text, a ranged attacker beaten by its own text, a bribed secondary attacker.
MORE_FATES = {
    "destroyed by the opponent's text": "ruleset=arena a=swordsman d=death",
    "beaten by its own text after shooting": (
        "ruleset=arena a=swordsman a.under=thunder-hawk d=sand-lord p=a:ranged:thunder-hawk"
    ),
    "a secondary attacker bribed": (
        "ruleset=arena terrain=woods a=swordsman a.stock=beer d=sand-lord d.pen=devil-dog "
        "s=d:creature:devil-dog,a:bribe:beer@devil-dog,d:pass,a:pass"
    ),
}
DUELS = {
    **{path.stem: json.loads(path.read_text(encoding="utf-8"))["notation"] for path in ARENA_EXAMPLES},
    **MORE_FATES,
}


def duel(notation: str) -> DuelLog:
    return resolve_duel(parse_duel(notation), default_catalog())


def creatures(notation: str) -> dict[str, CreatureOutcome]:
    return {creature.card: creature for creature in duel(notation).result.creatures}


@pytest.mark.parametrize("notation", DUELS.values(), ids=DUELS.keys())
def test_every_duel_creature_has_a_coded_reason_worded_from_its_template(notation: str) -> None:
    log = duel(notation)
    assert log.result.creatures
    for creature in log.result.creatures:
        assert creature.reason, creature
        assert creature.reason_code in NOTICES, creature
        # The sentence is the template's, in the Arena's words for the round of the deciding step.
        phase = log.steps[creature.step].phase if creature.step is not None else Phase.RESOLUTION
        assert creature.reason == render_values(creature.reason_code, creature.reason_values, duel_words(phase))
    # The JSON form (the API's answer) carries the same codes and values.
    data = log.to_dict()["result"]["creatures"]
    assert [(c["reason_code"], c["reason_values"]) for c in data] == [
        (c.reason_code, c.reason_values) for c in log.result.creatures
    ]


def test_each_outcome_of_the_duel_keeps_its_words_and_gains_a_code() -> None:
    # The Sand Lord wins: the Swordsman lost the duel to it, and the Sand Lord took part in it; the
    # sentences are those the duel gave before its reasons had codes.
    by_card = creatures(DUELS["arena-terrain"])
    loser, winner = by_card["swordsman"], by_card["sand-lord"]
    assert (loser.reason_code, loser.reason_values, loser.reason) == (
        "arena.lost_duel",
        {"winner": "Sand Lord"},
        "lost the duel to Sand Lord",
    )
    assert (winner.reason_code, winner.reason_values, winner.reason) == ("arena.took_part", {}, "took part in the duel")


def test_a_fate_a_duel_shares_with_a_shield_combat_keeps_the_standard_code() -> None:
    bribed = creatures(MORE_FATES["a secondary attacker bribed"])["devil-dog"]
    assert (bribed.reason_code, bribed.reason_values, bribed.reason) == (
        "fate.bribed",
        {"icon": "Beer"},
        "bribed with Beer",
    )
    struck = creatures(DUELS["arena-secondary-aoe"])["gnobby-gnomes"]
    assert (struck.reason_code, struck.reason_values) == ("fate.aoe_discarded", {"card": "Fire Elemental"})
    assert struck.reason == "discarded by Fire Elemental's AOE"
    set_aside = creatures(DUELS["arena-command-sideline"])["gnobby-gnomes"]
    assert (set_aside.reason_code, set_aside.reason_values) == (
        "fate.set_aside_by_command",
        {"card": "Stinking Spirit"},
    )


def test_the_duels_own_reasons_are_worded_alike_in_either_set_of_words() -> None:
    # The arena.* reasons name no match-up, so no rule set's words change them.
    for code in ("arena.took_part", "arena.lost_duel"):
        values = {"winner": "Sand Lord"} if code == "arena.lost_duel" else {}
        worded = {render_values(code, values, words) for words in (STANDARD_WORDS, *map(duel_words, Phase))}
        assert len(worded) == 1, worded
