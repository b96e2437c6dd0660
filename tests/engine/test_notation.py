from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.enums import BriberyIcon
from engine.errors import NotationError
from engine.jsonform import setup_from_dict, setup_to_dict
from engine.notation import format_setup, parse_setup
from engine.setup import (
    Bribe,
    Channel,
    CombatSetup,
    Count,
    Moment,
    RangedSupport,
    Roll,
    SecondaryAttack,
    SideSetup,
    SpellPlay,
)

slugs = st.from_regex(r"[a-z0-9][a-z0-9-]{0,12}", fullmatch=True)
references = st.builds(lambda slug, copy: slug if copy == 1 else f"{slug}#{copy}", slugs, st.integers(1, 3))
moments = st.builds(Moment, st.integers(1, 9), st.booleans())
side_setups = st.builds(
    SideSetup,
    creatures=st.lists(slugs, min_size=1, max_size=6).map(tuple),
    items=st.lists(slugs, max_size=2).map(tuple),
    hand=st.lists(slugs, max_size=4).map(tuple),
    channellers=st.lists(slugs, max_size=2).map(tuple),
    guardian=st.none() | slugs,
    stones=st.none() | st.integers(0, 10),
    stronghold=st.none() | slugs,
    shields=st.lists(slugs, max_size=1).map(tuple),
    command=st.none() | references,
    dispel=st.integers(0, 2),
    order=st.lists(references, max_size=4).map(tuple),
    ranged=st.lists(st.builds(RangedSupport, st.integers(1, 6), references), max_size=2).map(tuple),
    bribes=st.lists(st.builds(Bribe, moments, st.sampled_from(BriberyIcon), st.none() | references), max_size=2).map(
        tuple
    ),
    spells=st.lists(st.builds(SpellPlay, moments, references, st.none() | references), max_size=2).map(tuple),
    channels=st.lists(
        st.builds(Channel, moments, st.just("guardian") | references, st.integers(1, 3), st.none() | references),
        max_size=2,
    ).map(tuple),
    secondaries=st.none() | st.lists(st.builds(SecondaryAttack, references, references), max_size=3).map(tuple),
    destroy_shield=st.booleans(),
    rolls=st.lists(st.builds(Roll, references, st.integers(1, 12)), max_size=2).map(tuple),
    counts=st.lists(st.builds(Count, references, st.integers(0, 12)), max_size=2).map(tuple),
    earlier=st.lists(references, max_size=2).map(tuple),
)
setups = st.builds(CombatSetup, side_setups, side_setups, st.none() | slugs.filter(lambda s: s != "none"))


@given(setups)
@settings(max_examples=120)
def test_notation_round_trips(setup: CombatSetup) -> None:
    text = format_setup(setup)
    assert parse_setup(text) == setup
    assert format_setup(parse_setup(text)) == text


@given(setups)
@settings(max_examples=80)
def test_json_form_round_trips(setup: CombatSetup) -> None:
    assert setup_from_dict(setup_to_dict(setup)) == setup


def test_canonical_text_prints_back_identically() -> None:
    text = (
        "terrain=swamp a=wraith,archer a.stones=2 a.channel=1:guardian*2 a.secondary=none d=ice-spirit d.bribe=s1:gold"
    )
    assert format_setup(parse_setup(text)) == text


@pytest.mark.parametrize(
    "text, code, fragment",
    [
        ("", "notation.empty", "empty"),
        ("a=Sand Lord", "notation.bad_reference", "'Sand'"),
        ("a=sand-lord a=archer", "notation.duplicate_key", "given twice"),
        ("a=sand-lord x.hand=gold", "notation.unknown_key", "unknown key 'x.hand'"),
        ("a=sand-lord a.stones=two", "notation.bad_value", "whole number"),
        ("a=sand-lord a.bribe=1:silver", "notation.bad_value", "'silver' is not a bribery card"),
        ("a=sand-lord a.channel=0:guardian", "notation.bad_value", "should look like"),
        ("a=sand-lord justtext", "notation.syntax", "key=value"),
    ],
)
def test_bad_notation_names_the_problem(text: str, code: str, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_setup(text)
    assert caught.value.code == code
    assert fragment in str(caught.value)


@given(st.text(max_size=80))
@settings(max_examples=300)
def test_parsing_any_text_either_works_or_raises_a_notation_error(text: str) -> None:
    try:
        parse_setup(text)
    except NotationError:
        pass
