"""engine.turns.turn_state: where a match-up's list stands, read by the same referee that plays it."""

from __future__ import annotations

import random

from engine.actions import Refusal, action_from_text, parse_actions
from engine.enums import Side
from engine.notation import parse_setup
from engine.turns import referee, turn_state


def test_the_state_follows_the_window_and_the_turns() -> None:
    assert turn_state(()).turn is Side.ATTACKER and turn_state(()).window_open
    state = turn_state(parse_actions("m2", "a:bribe:gold,d:pass,a:pass"))
    assert (state.turn, state.window_open, state.last, state.ended) == (Side.ATTACKER, False, None, False)
    assert turn_state(parse_actions("m1", "a:pass")).passed == frozenset({Side.ATTACKER})
    # A bribe gives the player who passed one more chance (a bribe back, A-01).
    state = turn_state(parse_actions("m1", "a:pass,d:bribe:gold"))
    assert state.passed == frozenset() and state.answers(Side.ATTACKER) and not state.answers(Side.DEFENDER)
    state = turn_state(parse_actions("m1", "a:pass,d:pass"))
    assert not state.window_open and not state.may_bribe(Side.ATTACKER)
    state = turn_state(parse_actions("m1", "a:channel:guardian,d:ranged:archer"))
    assert state.shooter_to_bribe(Side.ATTACKER) == "archer" and state.shooter_to_bribe(Side.DEFENDER) is None
    # A refused action changes nothing: the defender cannot open, so it is still the attacker's turn.
    assert turn_state(parse_actions("m1", "d:channel:guardian")).turn is Side.ATTACKER
    assert turn_state(parse_actions("m1", "a:pass,d:pass,a:pass,d:pass")).ended


def test_what_the_state_allows_the_referee_accepts() -> None:
    """Whatever turn_state says a side may do next (the board's add control) is never refused."""
    words = ["a:bribe:gold", "d:bribe:gold", "a:pass", "d:pass", "a:channel:guardian", "d:ranged:archer",
             "d:bribe-back:gold", "a:bribe:gold@archer"]  # fmt: skip
    chance = random.Random(16)
    base = "a=sand-lord a.hand=gold,gold,gold d=swordsman,archer d.hand=gold,gold,gold"
    for _ in range(300):
        items = [chance.choice(words) for _ in range(chance.randint(0, 6))]
        state = turn_state([action_from_text(item) for item in items])
        letter = "a" if state.turn is Side.ATTACKER else "d"
        offered = [f"{letter}:pass"]
        offered += [f"{letter}:bribe:gold"] if state.may_bribe(state.turn) else []
        offered += [f"{letter}:bribe-back:gold"] if state.may_bribe(state.turn) and state.answers(state.turn) else []
        shooter = state.shooter_to_bribe(state.turn)
        offered += [f"{letter}:bribe:gold@{shooter}"] if shooter else []
        for action in offered:
            setup = parse_setup(f"{base} m1=" + ",".join([*items, action]))
            refused = [r.refusal for r in referee(setup).refused[1] if r.index == len(items)]
            assert refused == ([Refusal.MATCHUP_ENDED] if state.ended else []), (items, action, refused)
