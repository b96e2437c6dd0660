"""Issue 31: the legal actions know the new moves (a Guardian's turn, answers right after what they answer, plays
between match-ups), each one offered is taken by the engine, and each one not offered has a coded reason."""

from __future__ import annotations

import pytest

from engine.actions import action_from_text
from engine.catalog import default_catalog
from engine.jsonform import setup_from_dict, setup_to_dict
from engine.notation import format_setup, parse_setup
from engine.options import next_actions, options, why_not

from .options_oracle import standard_accepts

CATALOG = default_catalog()
SIIN = "siin-stealer-of-the-power"
# Set-ups written now name the reading of rules 1.3 (a text without it where it matters is an older link).
NOW = "reading.turn-answers=just-before "
AFTER_CHANNEL = NOW + f"a=giant-shaman,giant-shaman a.stones=3 d=swordsman,swordsman d.guardian={SIIN} d.stones=2 "


def offered(text: str, number: int = 1) -> list[str]:
    return [option.item for option in next_actions(parse_setup(text), CATALOG, number).actions]


def test_the_guardian_turn_is_offered_right_after_an_opposing_channel_and_the_engine_takes_it() -> None:
    text = AFTER_CHANNEL + "m1=a:pass,d:pass,a:channel:guardian"
    assert f"d:guardian:{SIIN}" in offered(text)
    assert standard_accepts(parse_setup(text), CATALOG, 1, action_from_text(f"d:guardian:{SIIN}")) == (True, "")


@pytest.mark.parametrize(
    ("text", "code", "rule"),
    [
        (AFTER_CHANNEL + "m1=a:pass,d:pass,a:pass", "options.nothing_to_answer", "ENG-19"),
        (AFTER_CHANNEL.replace("d.stones=2", "d.stones=1") + "m1=a:pass,d:pass,a:channel:guardian",
         "options.too_few_stones_for_guardian", "ENG-22"),
        (AFTER_CHANNEL.replace(f"d.guardian={SIIN}", "d.guardian=grahzue") + "m1=a:pass,d:pass,a:channel:guardian",
         "options.not_the_guardian", "ENG-22"),
    ],
)  # fmt: skip
def test_a_guardian_turn_not_offered_has_a_coded_reason(text: str, code: str, rule: str) -> None:
    setup = parse_setup(text)
    assert f"d:guardian:{SIIN}" not in offered(text)
    reason = why_not(setup, CATALOG, 1, action_from_text(f"d:guardian:{SIIN}"))
    assert reason is not None and (reason.code, reason.rule) == (code, rule)
    assert reason.words


def test_a_guardian_without_a_turn_ability_is_said_so() -> None:
    setup = parse_setup(NOW + "a=axeman a.stones=2 d=swordsman d.guardian=grahzue m1=a:pass,d:pass,a:channel:guardian")
    reason = why_not(setup, CATALOG, 1, action_from_text("d:guardian:grahzue"))
    assert reason is not None and reason.code == "options.no_guardian_turn"


def test_after_siin_no_channel_is_offered_and_the_reason_is_the_ban() -> None:
    text = AFTER_CHANNEL + f"m1=a:pass,d:pass,a:channel:guardian,d:guardian:{SIIN},a:pass,d:pass m2=a:pass,d:pass"
    assert offered(text, 2) == ["a:pass"]
    reason = why_not(parse_setup(text), CATALOG, 2, action_from_text("a:channel:guardian"))
    assert reason is not None and reason.code == "channel.barred_for_combat"


def test_an_answering_spell_is_offered_only_right_after_what_it_answers() -> None:
    base = (
        NOW
        + "a=giant-shaman a.hand=energy-eater,magic-feedback d=giant-shaman d.stones=2 d.channellers=valkyrie-spirit "
    )
    after_stone = offered(base + "m1=a:pass,d:pass,a:pass,d:channel:guardian")
    assert "a:spell:energy-eater" in after_stone and "a:spell:magic-feedback" not in after_stone
    after_channeller = offered(base + "m1=a:pass,d:pass,a:pass,d:channel:valkyrie-spirit")
    assert "a:spell:magic-feedback" in after_channeller and "a:spell:energy-eater" not in after_channeller
    later = base + "m1=a:pass,d:pass,a:pass,d:channel:guardian,a:pass,d:pass"
    assert "a:spell:energy-eater" not in offered(later.replace(",a:pass,d:pass", ",a:channel:guardian,d:pass"))
    setup = parse_setup(base + "m1=a:pass,d:pass,a:channel:guardian,d:pass")
    reason = why_not(setup, CATALOG, 1, action_from_text("a:spell:energy-eater"))
    assert reason is not None and (reason.code, reason.rule) == ("options.nothing_to_answer", "ENG-19")
    for item in after_stone:
        accepted = standard_accepts(
            parse_setup(base + "m1=a:pass,d:pass,a:pass,d:channel:guardian"), CATALOG, 1, action_from_text(item)
        )
        assert accepted == (True, ""), item


def test_a_bribe_answer_is_offered_inside_the_window_and_another_spell_is_refused_there() -> None:
    text = NOW + "a=axeman a.hand=gold d=archer d.hand=shadow-bank-job,power-lunch m1=a:bribe:gold"
    assert offered(text) == ["d:spell:shadow-bank-job", "d:pass"]
    setup = parse_setup(text)
    assert standard_accepts(setup, CATALOG, 1, action_from_text("d:spell:shadow-bank-job")) == (True, "")
    reason = why_not(setup, CATALOG, 1, action_from_text("d:spell:power-lunch"))
    assert reason is not None and (reason.code, reason.rule) == ("action.bribery_window_open", "PRI-1")


def test_plays_between_match_ups_are_listed_for_each_gap() -> None:
    setup = parse_setup("a=swordsman,axeman,archer a.hand=eye-of-missile-mayhem d=axeman,swordsman,zombie")
    found = [(d.clause, d.item) for d in options(setup, CATALOG).between]
    assert found == [("b1", "a:item:eye-of-missile-mayhem"), ("b2", "a:item:eye-of-missile-mayhem")]
    spent = parse_setup(format_setup(setup) + " b1=a:item:eye-of-missile-mayhem")
    assert options(spent, CATALOG).between == ()


@pytest.mark.parametrize(
    "text",
    [
        AFTER_CHANNEL.removeprefix(NOW) + f"m1=a:pass,d:pass,a:channel:guardian,d:guardian:{SIIN} " + NOW.strip(),
        "a=swordsman,archer a.hand=eye-of-missile-mayhem d=axeman,swordsman b1=a:item:eye-of-missile-mayhem,d:pass",
    ],
)
def test_the_new_clauses_print_back_and_go_through_json(text: str) -> None:
    setup = parse_setup(text)
    assert format_setup(setup) == text
    assert setup_from_dict(setup_to_dict(setup)) == setup
