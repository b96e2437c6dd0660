"""The plan the engine makes for secondary attacks nobody gave is said with card names, never the set-up's
slugs (issue #37, point 8: "wood-nymph on archer" read as an internal)."""

from __future__ import annotations

from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.render import Named
from engine.resolver import resolve

EXAMPLE_2A_NO_PLAN = "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit"


def test_the_default_secondary_plan_names_its_cards() -> None:
    log = resolve(parse_setup(EXAMPLE_2A_NO_PLAN), default_catalog())
    step = next(step for step in log.steps if step.message == "secondaries.default_plan")
    assert step.text.endswith(": Rock Spirit on Sun Spirit.")
    assert "rock-spirit" not in step.text
    (plan,) = step.args
    # The names are data as well as words, so the site links them without reading the sentence.
    assert isinstance(plan, Named) and plan.names == ("Rock Spirit", "Sun Spirit")


def test_a_second_copy_is_named_by_its_card() -> None:
    # Three Archers: the leftover ones are archer#2 and archer#3 in the set-up, "Archer" in words.
    log = resolve(parse_setup("a=sand-lord d=archer,archer,archer"), default_catalog())
    step = next(step for step in log.steps if step.message == "secondaries.default_plan")
    assert step.text.endswith(": Archer on Sand Lord.") and "#" not in step.text
