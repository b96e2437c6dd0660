"""The facts of an engine error are fields, not pieces of its sentence: a caller (the site, an API client)
reads the clause, the match-up, the entry at fault and the shape it should have without parsing the message."""

from __future__ import annotations

import pytest

from engine.actions import ACTION_EXAMPLES, action_from_text
from engine.catalog import default_catalog
from engine.errors import NotationError, Problem, SetupInvalid, Shape, UnknownCard
from engine.notation import parse_setup
from engine.validate import validate

CATALOG = default_catalog()


def _error(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse_setup(text)
    return caught.value


def test_an_entry_of_the_wrong_shape_names_its_clause_item_and_shape() -> None:
    error = _error("a=archer d=swordsman d.bribe=1:gold,zz")
    assert (error.clause, error.item, error.expected, error.example) == (
        "d.bribe",
        "zz",
        Shape.BRIBE,
        "2:gold or 2:gold@archer",
    )
    assert error.detail == "'zz' should look like 2:gold or 2:gold@archer" and error.reason == ""
    # The message is the one it always was: the clause, then the detail.
    assert error.message == f"d.bribe: {error.detail}"
    assert error.values == {
        "clause": "d.bribe",
        "item": "zz",
        "expected": "bribe",
        "example": "2:gold or 2:gold@archer",
    }
    (problem,) = error.problems
    assert problem.values == error.values and problem.detail == error.detail and problem.field == "position 21"


def test_an_entry_of_the_right_shape_with_a_bad_value_has_a_reason_and_no_shape() -> None:
    error = _error("a=archer a.bribe=2:wine d=swordsman")
    assert (error.clause, error.item, error.expected) == ("a.bribe", "2:wine", None)
    assert error.reason == error.detail == "'wine' is not a bribery card (babes, gold or beer)"
    assert "expected" not in error.values


def test_an_unreadable_action_names_its_match_up_and_why_without_the_shapes() -> None:
    error = _error("a=archer d=swordsman m2=a:pass,d:shout")
    assert (error.clause, error.round, error.item, error.expected) == ("m2", 2, "d:shout", Shape.ACTION)
    assert error.reason.startswith("'d:shout' has no action kind 'shout' (") and "looks like" not in error.reason
    assert error.detail == f"{error.reason}; an action looks like {ACTION_EXAMPLES}"
    assert error.message == f"m2: {error.detail}" and error.code == "notation.bad_action"
    assert error.values["round"] == "2" and error.values["expected"] == "action"
    with pytest.raises(NotationError) as caught:
        action_from_text("z:pass")
    assert caught.value.round is None and caught.value.reason == "'z:pass' does not start with a: or d:"


@pytest.mark.parametrize(
    ("text", "clause", "item", "expected"),
    [
        ("a=archer d", "", "d", Shape.CLAUSE),
        ("a=Archer d=swordsman", "a", "Archer", Shape.SLUG),
        ("a=archer a.stones=lots d=swordsman", "a.stones", "lots", Shape.NUMBER),
        ("a=archer a.destroy-shield=maybe d=swordsman", "a.destroy-shield", "maybe", Shape.FLAG),
        ("a=archer a.ranged=x d=swordsman", "a.ranged", "x", Shape.RANGED),
        ("a=archer a.rolls=x d=swordsman", "a.rolls", "x", Shape.ROLLS),
        ("a=archer a.x=1 d=swordsman", "a.x", "", None),
        ("a=archer a.guardian=a,b d=swordsman", "a.guardian", "a,b", None),
        ("a=archer a=sorcerer d=swordsman", "a", "", None),
    ],
)
def test_every_reader_error_names_what_it_can(text: str, clause: str, item: str, expected: Shape | None) -> None:
    error = _error(text)
    assert (error.clause, error.item, error.expected) == (clause, item, expected)
    # The detail is given only when the message opens with the clause, and is then exactly the rest of it.
    assert error.detail == "" or error.message == f"{error.clause}: {error.detail}"


def test_set_up_problems_carry_their_detail_apart_from_the_field() -> None:
    problems = validate(
        parse_setup("a=mendu-sada-the-havoc,sand-lrod a.rolls=mendu-sada-the-havoc:9 d=swordsman"), CATALOG
    )
    by_code = {problem.code: problem for problem in problems}
    impossible = by_code["setup.roll_impossible"]
    assert impossible.field == "a.rolls" and impossible.card == "mendu-sada-the-havoc"
    assert impossible.detail == "Mendu Sada, the Havoc rolled 9, but 1d6 gives 1 to 6"
    assert impossible.message == f"a.rolls: {impossible.detail}"
    unknown = by_code["setup.unknown_card"]
    assert unknown.field == "a" and unknown.detail.startswith("no card called 'sand-lrod'")
    assert all(problem.message == f"{problem.field}: {problem.detail}" for problem in problems)


def test_problem_dicts_gain_values_and_keep_every_other_key() -> None:
    problem = Problem.at("setup.x", "a.rolls", "something is wrong", "archer", item="archer:9")
    assert problem.as_dict() == {
        "code": "setup.x", "message": "a.rolls: something is wrong", "field": "a.rolls", "card": "archer",
        "values": {"item": "archer:9"}}  # fmt: skip
    assert Problem("setup.y", "whole").detail == "" and Problem("setup.y", "whole").as_dict()["values"] == {}
    assert SetupInvalid([problem, problem]).values == {"count": "2"}
    assert UnknownCard("archr", ("archer",)).values == {"reference": "archr", "suggestions": "archer"}
    # Problems stay hashable (sets of them are compared in tests and callers).
    assert len({problem, Problem.at("setup.x", "a.rolls", "something is wrong", "archer", item="archer:9")}) == 1


def test_every_fact_a_reader_message_states_is_a_value() -> None:
    assert _error("a=archer a.guardian=a,b d=swordsman").values == {"clause": "a.guardian", "item": "a,b", "count": "2"}
    unknown = _error("a=archer a.x=1 d=swordsman")
    assert unknown.values["clause"] == "a.x" and unknown.values["keys"].startswith("guardian, stones, ")
    assert unknown.message.endswith(unknown.values["keys"])


def test_a_decision_naming_a_card_says_its_name_and_keeps_the_reference_as_typed() -> None:
    problems = validate(
        parse_setup(
            "a=archer,archer a.order=floyd-the-flying-pig,archer,archer,archer#2 a.counts=sand-lord:2 "
            "a.channel=1:ice-ogre d=swordsman"
        ),
        CATALOG,
    )
    by_code = {problem.code: problem for problem in problems}
    absent = by_code["setup.decision_names_absent_card"]
    assert absent.detail == "Floyd the Flying Pig is not in this side's shield"
    assert absent.card == "floyd-the-flying-pig" and absent.values == {"reference": "floyd-the-flying-pig"}
    repeated = by_code["setup.order_repeats"]
    assert repeated.detail == "Archer is listed twice" and repeated.values == {"reference": "archer"}
    assert by_code["setup.count_not_needed"].detail == "Sand Lord counts nothing in this combat"
    assert by_code["setup.unknown_channel_source"].detail.startswith("Ice Ogre is neither 'guardian'")
    assert all("-" not in problem.detail.split(" ", 1)[0] for problem in problems)


def test_a_choice_a_card_cannot_take_is_said_with_card_names_and_keeps_the_typed_text_as_values() -> None:
    wrong_word = validate(parse_setup("a=female-titan a.choices=female-titan:tiny d=archer"), CATALOG)
    assert [problem.code for problem in wrong_word] == ["setup.bad_choice"]
    assert wrong_word[0].detail == "Female Titan cannot take 'tiny': its choices are large, medium, small"
    assert wrong_word[0].card == "female-titan"
    assert wrong_word[0].values == {"reference": "female-titan", "option": "tiny"}
    absent = validate(
        parse_setup("a=spirit-of-the-hunt a.choices=spirit-of-the-hunt:sand-lord d=archer,archer,swordsman"), CATALOG
    )
    assert [problem.code for problem in absent] == ["setup.bad_choice"]
    assert absent[0].detail == (
        "Spirit of the Hunt cannot take 'Sand Lord': name one of the opposing shield's creatures: "
        "Archer, Archer #2, Swordsman"
    )
    assert absent[0].values == {"reference": "spirit-of-the-hunt", "option": "sand-lord"}
    assert "slug" not in absent[0].message and "#2 for" not in absent[0].message
    fired = validate(parse_setup("a=horse,mayor-mcgreed a.hand=gold a.choices=mayor-mcgreed:1 d=swordsman"), CATALOG)
    assert fired[0].detail.startswith("Mayor McGreed cannot take '1': ") and "a.command" not in fired[0].detail
