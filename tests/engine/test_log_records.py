"""Steps built by the fast path are the same values as steps built by the dataclass."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields

import pytest

from engine.catalog import default_catalog
from engine.log import Step
from engine.notation import parse_setup
from engine.resolver import resolve


def test_every_logged_step_carries_exactly_the_dataclass_fields_and_stays_frozen() -> None:
    steps = resolve(
        parse_setup("terrain=woods a=sand-lord d=swordsman,archer d.ranged=1:archer"), default_catalog()
    ).steps
    names = {item.name for item in fields(Step)}
    for step in steps:
        assert set(vars(step)) == names
        assert step == Step(**vars(step))
    with pytest.raises(FrozenInstanceError):
        steps[0].text = "changed"  # type: ignore[misc]
