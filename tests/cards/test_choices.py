"""The site's vocabularies are the engine's: same members, same values, one off-colour cycle."""

from __future__ import annotations

from enum import Enum

import pytest
from django.core.exceptions import ImproperlyConfigured

from cards import choices
from cards.importers import lackey
from engine import enums


@pytest.mark.parametrize(
    ("site", "engine"),
    [
        (choices.CardType, enums.CardType),
        (choices.Border, enums.Border),
        (choices.Size, enums.Size),
        (choices.Bribery, enums.BriberyIcon),
        (choices.AutomationStatus, enums.AutomationStatus),
    ],
)
def test_each_vocabulary_is_the_engines(site: type[Enum], engine: type[Enum]) -> None:
    assert [(member.name, member.value) for member in site] == [(member.name, member.value) for member in engine]
    assert all(label for _, label in site.choices)  # type: ignore[attr-defined]


def test_the_off_colour_cycle_is_defined_once_in_the_engine() -> None:
    engine_cycle = {border.value: border.beats.value for border in enums.Border}
    assert {str(k): str(v) for k, v in choices.OCB_AGAINST.items()} == engine_cycle
    assert lackey.OCB_AGAINST == engine_cycle


def test_an_engine_value_without_a_label_is_refused() -> None:
    unlabelled = Enum("Unlabelled", {"ONE": "one", "TWO": "two"})
    with pytest.raises(ImproperlyConfigured, match="TWO"):
        choices._from_engine("Unlabelled", unlabelled, {unlabelled.ONE: "One"})
