"""The action model shared by match-ups and Guardians Arena rounds: reading and writing it."""

import pytest

from engine.actions import (
    Action,
    ActionKind,
    MatchupActions,
    Refusal,
    action_from_text,
    actions_from_dict,
    actions_to_dict,
    format_actions,
    parse_actions,
)
from engine.enums import BriberyIcon, Side
from engine.errors import NotationError

CANONICAL = [
    "a:channel:guardian,d:ranged:djinn",
    "a:channel:guardian*2@kikijub",
    "a:bribe:gold@archer,d:bribe-back:beer,a:pass,d:pass",
    "d:spell:power-lunch@light-elemental,a:item:sword-of-fire#2",
    "a:pass",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_every_canonical_clause_prints_back_identically(text):
    assert format_actions(parse_actions("m3", text)) == text


def test_one_action_is_read_into_its_fields():
    action = action_from_text("d:bribe-back:gold@archer#2")
    assert action == Action(Side.DEFENDER, ActionKind.BRIBE_BACK, icon=BriberyIcon.GOLD, target="archer#2")
    assert action.target.copy == 2


def test_json_form_is_the_notation_strings_keyed_by_matchup():
    matchups = (parse_actions("m2", "a:pass"), parse_actions("m1", "a:channel:guardian*3,d:pass"))
    data = actions_to_dict(sorted(matchups, key=lambda m: m.round))
    assert data == {"m1": ["a:channel:guardian*3", "d:pass"], "m2": ["a:pass"]}
    assert actions_from_dict(data) == tuple(sorted(matchups, key=lambda m: m.round))
    assert actions_from_dict(data)[0].by(Side.DEFENDER) == (Action(Side.DEFENDER, ActionKind.PASS),)


@pytest.mark.parametrize(
    "text",
    ["x:pass", "a:dance:guardian", "a:bribe:silver", "a:pass:guardian", "a:ranged", "a:ranged:djinn*2", "a:bribe"],
)
def test_malformed_actions_name_the_problem(text):
    with pytest.raises(NotationError) as caught:
        action_from_text(text)
    assert caught.value.code == "notation.bad_action"
    assert text in caught.value.message


def test_matchup_key_is_checked():
    with pytest.raises(NotationError):
        parse_actions("m0", "a:pass")
    assert MatchupActions(4, ()).key == "m4"


def test_every_refusal_names_a_rule():
    assert all(refusal.rule for refusal in Refusal)


def test_any_list_of_actions_prints_back_and_survives_json() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from engine.setup import CardRef

    refs = st.from_regex(r"[a-z][a-z0-9-]{0,8}(#[2-9])?", fullmatch=True).map(CardRef)
    sides = st.sampled_from(list(Side))
    one = st.one_of(
        st.builds(Action, sides, st.just(ActionKind.PASS)),
        st.builds(
            Action,
            sides,
            st.sampled_from([ActionKind.RANGED, ActionKind.SPELL, ActionKind.ITEM]),
            card=refs,
            target=st.none() | refs,
        ),
        st.builds(
            Action, sides, st.just(ActionKind.CHANNEL), card=refs, target=st.none() | refs, amount=st.integers(1, 5)
        ),
        st.builds(
            Action,
            sides,
            st.sampled_from([ActionKind.BRIBE, ActionKind.BRIBE_BACK]),
            icon=st.sampled_from(list(BriberyIcon)),
            target=st.none() | refs,
        ),
    )

    @settings(max_examples=200, deadline=None)
    @given(st.integers(1, 12), st.lists(one, min_size=1, max_size=6).map(tuple))
    def check(round_number: int, actions: tuple[Action, ...]) -> None:
        matchup = MatchupActions(round_number, actions)
        assert parse_actions(matchup.key, format_actions(matchup)) == matchup
        assert actions_from_dict(actions_to_dict([matchup])) == (matchup,)

    check()
