"""Finds puzzles for ``manage.py generate_puzzles``: small combats of printed cards (two creatures a side, a
bribery card, a spell or Power Stones in hand, a terrain) whose attacker has exactly one winning first move,
proved by the solver. Deterministic: the candidates are walked in a fixed order, and similar puzzles (the same
attackers, hand and answer) are kept once.

Levels: a bribe-or-keep choice between two moves is a newcomer's puzzle; a spell, channelling or a ranged attack
is a player's; three or more first moves to weigh make it a judge's."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from engine.catalog import CardCatalog
from engine.errors import EngineError
from learn.puzzles import PUZZLE_DIR, Puzzle, verdict
from learn.questions import Level

ATTACKERS = ["sand-lord", "swordsman", "archer", "axeman", "zombie", "gunner", "rotten-guy", "wild-nymph",
             "master-gunner", "baal-a-gog"]  # fmt: skip
DEFENDERS = ["swordsman", "axeman", "archer", "rotten-guy", "gnobby-gnomes", "gunner", "zombie", "sand-lord"]
HANDS = ["a.hand=gold d.hand=gold", "a.hand=babes", "a.hand=gold", "a.stones=1", "a.hand=power-lunch a.stones=1",
         "a.stones=2 d.stones=1", "a.hand=gold,babes d.hand=gold"]  # fmt: skip
TERRAINS = ["swamps", "woods", "mountains", "jungle"]
WANTED = 60
TRIES_PER_PAIR_AND_HAND = 10
SOLVE_BUDGET_S = 2.0


def level_of(setup: str, moves: tuple[str, ...]) -> Level:
    if len(moves) >= 3:
        return Level.JUDGE
    if "stones=" in setup or "power-lunch" in setup:
        return Level.PLAYER  # the choice weighs channelling or a spell
    return Level.NEWCOMER


def find_puzzles(catalog: CardCatalog, wanted: int = WANTED) -> list[Puzzle]:
    found: list[Puzzle] = []
    seen: set[tuple[str, str]] = set()
    per_pair: dict[str, int] = {}
    per_hand: dict[str, int] = {}
    tries: dict[tuple[str, str], int] = {}
    pairs = list(itertools.product(itertools.combinations(ATTACKERS, 2), itertools.combinations(DEFENDERS, 2)))
    # Hands and terrains vary fastest, and each attacking pair and hand is kept a few times at most, so the
    # puzzles ask different questions rather than one question about many defenders.
    for ((a1, a2), (d1, d2)), hand, terrain in itertools.product(pairs, HANDS, TERRAINS):
        if len(found) >= wanted:
            break
        pair = f"{a1},{a2}"
        if (pair, hand) in seen or per_pair.get(pair, 0) >= 4 or per_hand.get(hand, 0) >= wanted // 3:
            continue
        if tries.get((pair, hand), 0) >= TRIES_PER_PAIR_AND_HAND:
            continue  # this pair and hand rarely make a puzzle: move on rather than solve every defender
        tries[(pair, hand)] = tries.get((pair, hand), 0) + 1
        setup = f"terrain={terrain} a={a1},{a2} d={d1},{d2} {hand}"
        try:
            checked = verdict(setup, catalog, budget_s=SOLVE_BUDGET_S)
        except EngineError:
            continue  # a combination the rules refuse (a stack over the limit ...) is no puzzle
        if checked.winning is None:
            continue
        seen.add((pair, hand))
        per_pair[pair] = per_pair.get(pair, 0) + 1
        per_hand[hand] = per_hand.get(hand, 0) + 1
        level = level_of(setup, checked.moves)
        found.append(Puzzle(f"puzzle-{len(found) + 1:03d}", level, setup, checked.moves, checked.winning))
    return found


def write_puzzles(found: list[Puzzle], directory: Path = PUZZLE_DIR) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "puzzles.json"
    path.write_text(json.dumps([p.to_dict() for p in found], indent=1) + "\n", encoding="utf-8")
    return path
