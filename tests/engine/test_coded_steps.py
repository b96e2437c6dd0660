"""Every step is an event with a named sentence and its values: none carries a sentence finished elsewhere (the
old "verbatim" step), so a reader has the cards a step names as values, never only as words in its text."""

from __future__ import annotations

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.render import MESSAGES, notice_step
from engine.rulesets import parse_any, resolve_any
from tests.engine.test_step_values_plain import CASES

CATALOG = default_catalog()

# A destruction that replaces "beaten" (PRI-11), one per kind of text that makes it: the card-family set-up, the
# step's message and values, and the sentence the log has always given (unchanged).
DESTROYED_ON_BEATEN = {
    "card_families:sleeping-spirit": (
        "destroyed_on_beaten.winner_text",
        ("Sleeping Spirit", "Gn'Obby Gnomes"),
        "Sleeping Spirit's text: the creature it beats, Gn'Obby Gnomes, is destroyed rather than beaten.",
    ),
    "card_families:crook-end-snoot": (
        "destroyed_on_beaten.loser_text",
        ("Crook End Snoot", "Gorgal Skag"),
        "Crook End Snoot's text: beaten by Gorgal Skag, it is destroyed rather than beaten.",
    ),
    "card_families_outcomes:eater-of-the-dead": (
        "destroyed_on_beaten.aura",
        ("Eater of the Dead", "Zombie", "Gn'Obby Gnomes"),
        "Eater of the Dead's text: Zombie won, so Gn'Obby Gnomes is destroyed rather than beaten.",
    ),
    "card_families_outcomes:hal-a-tosis-dragon": (
        "destroyed_on_beaten.aura_lead",
        ("Hal, a Tosis Dragon", "Warrior Spirit", 1, 5, "Swordsman"),
        "Hal, a Tosis Dragon's text: Warrior Spirit won by 1, less than 5, so Swordsman is destroyed rather than "
        "beaten.",
    ),
    "card_families_ranged_effects:drizzle-bone-the-hack": (
        "destroyed_on_beaten.shot",
        ("Drizzle Bone the Hack", "Zombie", "Gn'Obby Gnomes"),
        "Drizzle Bone the Hack's ranged attack: Zombie won, so Gn'Obby Gnomes is destroyed rather than beaten.",
    ),
}
NOTATIONS = {name: (ruleset, notation) for ruleset, name, notation in CASES}


def test_no_step_of_any_example_duel_or_card_family_is_a_finished_sentence() -> None:
    assert "verbatim" not in MESSAGES and len(NOTATIONS) >= 200
    for name, (_, notation) in NOTATIONS.items():
        log = resolve_any(parse_any(notation), CATALOG)
        assert [step.text for step in log.steps if step.message == "verbatim" or step.message not in MESSAGES] == [], (
            name
        )


@pytest.mark.parametrize("name", DESTROYED_ON_BEATEN, ids=DESTROYED_ON_BEATEN.keys())
def test_a_destruction_instead_of_beaten_names_its_cards_as_values(name: str) -> None:
    message, values, sentence = DESTROYED_ON_BEATEN[name]
    log = resolve_any(parse_any(NOTATIONS[name][1]), CATALOG)
    [step] = [step for step in log.steps if step.message.startswith("destroyed_on_beaten.")]
    assert (step.message, step.args, step.text, step.rule) == (message, values, sentence, "PRI-11")


# A made-up duellist named in lower case whose command forbids spells: the warning's step opened with its name, which
# the log could not capitalise from the template, so the step was kept as words only.
LOWER_CASE_COMMAND = (
    'ruleset=arena made-up.little-pharaoh={"name":"little%20pharaoh","type":"creature","border":"mortal",'
    '"vitality":5,"command":true,"abilities":[{"kind":"forbids_casting","casting":"spell","sides":"both",'
    '"command_only":true}]} a=swordsman a.stock=power-lunch d=little-pharaoh p=a:spell:power-lunch,d:pass,a:pass'
)


def test_a_warning_said_as_a_step_keeps_its_values_when_a_name_opens_it() -> None:
    log = resolve_duel(parse_duel(LOWER_CASE_COMMAND), CATALOG)
    [step] = [step for step in log.steps if step.message == notice_step("arena.casting_forbidden")]
    assert step.args == ("little pharaoh", "attacker", "Power Lunch")
    # The name as it is given, as the duel's other steps write it ("little pharaoh's command forbids casting ...").
    assert step.text == "little pharaoh's command forbids the attacker to play Power Lunch: it stays in the Stock."
    [notice] = log.result.notices
    assert step.text == notice.message + "."
