"""Properties that must hold for every legal set-up, checked over random ones."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CardDefinition
from engine.catalog import default_catalog
from engine.enums import BriberyIcon, Fate, Side, StepKind, Terrain
from engine.log import CombatLog
from engine.resolver import control_value, resolve
from engine.setup import Bribe, Channel, CombatSetup, Moment, RangedSupport, SideSetup
from engine.validate import validate

CATALOG = default_catalog()
CREATURES = sorted((c for c in CATALOG if c.is_creature and c.base_vitality >= 0), key=lambda c: c.slug)
TERRAINS = [None] + [t.slug for t in Terrain]


@st.composite
def shields(draw: st.DrawFn) -> list[CardDefinition]:
    chosen: list[CardDefinition] = []
    for _ in range(draw(st.integers(1, 6))):
        card = draw(st.sampled_from(CREATURES))
        if sum(c.stacking for c in chosen) + card.stacking <= 30:
            chosen.append(card)
    if not chosen:
        chosen.append(next(c for c in CREATURES if c.stacking <= 30))
    return chosen


@st.composite
def sides(draw: st.DrawFn) -> SideSetup:
    cards = draw(shields())
    slugs = tuple(c.slug for c in cards)
    hand = draw(st.lists(st.sampled_from([i.value for i in BriberyIcon]), max_size=3))
    bribes = (
        tuple(
            Bribe(Moment(draw(st.integers(1, 4))), BriberyIcon(icon))
            for icon in draw(st.lists(st.sampled_from(hand), max_size=len(hand), unique=True))
        )
        if hand
        else ()
    )
    channels = tuple(
        Channel(Moment(draw(st.integers(1, 4))), "guardian", draw(st.integers(1, 3)))
        for _ in range(draw(st.integers(0, 2)))
    )
    ranged_cards = [c for c in cards if c.ranged_attack]
    ranged = tuple(RangedSupport(draw(st.integers(1, 3)), c.slug) for c in ranged_cards[:1] if draw(st.booleans()))
    order = tuple(draw(st.permutations(slugs))) if len(set(slugs)) == len(slugs) else ()
    return SideSetup(creatures=slugs, hand=tuple(hand), bribes=bribes, channels=channels, ranged=ranged, order=order)


setups = st.builds(CombatSetup, sides(), sides(), st.sampled_from(TERRAINS))


def legal(setup: CombatSetup) -> bool:
    return not validate(setup, CATALOG)


@given(setups)
@settings(max_examples=150, deadline=None)
def test_resolution_never_raises_and_respects_the_counting_rules(setup: CombatSetup) -> None:
    if not legal(setup):
        return
    log = resolve(setup, CATALOG)
    check_control_totals(log)
    check_channelling_caps(log)


def check_control_totals(log: CombatLog) -> None:
    result = log.result
    for side, total in ((Side.ATTACKER, result.attacker_total), (Side.DEFENDER, result.defender_total)):
        counted = [c for c in result.creatures if c.side is side and c.counts_for_control]
        # A creature destroyed once the space is decided (Tangle Web) was counted while it still stood.
        count_step = next(s for s in log.steps if s.rule == "RES-2" and s.side is side and s.kind is StepKind.COUNT)
        # A surviving card may add to its side's count (control_bonus, logged as a RES-2 bonus step).
        extra = sum(
            s.delta or 0 for s in log.steps if s.rule == "RES-2" and s.side is side and s.kind is StepKind.BONUS
        )
        late = [
            c
            for c in result.creatures
            if c.side is side
            and c.fate is Fate.DESTROYED
            and c.step is not None
            and c.step > count_step.index
            and any(term.label == c.name for term in count_step.chain)
        ]
        assert total == sum(control_value(CATALOG.get(c.card)) for c in counted + late) + extra
        assert all(c.fate is Fate.STANDING for c in counted)
    # A standing creature is left out of the count only by a control_exclusion text in the combat.
    left_out = [c for c in result.creatures if c.fate is Fate.STANDING and not c.counted]
    excluders = [
        c for c in result.creatures if any(a.kind == "control_exclusion" for a in CATALOG.get(c.card).abilities)
    ]
    assert not left_out or excluders
    assert (result.winner.value == "attacker") == (result.attacker_total > result.defender_total)


def check_channelling_caps(log: CombatLog) -> None:
    received: dict[tuple[str, str], int] = {}
    for step in log.steps:
        if step.kind is StepKind.CHANNEL and step.delta:
            key = (step.moment, step.subject)
            received[key] = received.get(key, 0) + step.delta
    creatures = {c.id: c for c in log.result.creatures}
    # A card in the combat may raise its side's cap to the Guardian's CMP (Randy Creek Regulars).
    cmp_cap = any(
        a.kind == "allows_channelling_to" and a.guardian_cmp_cap  # type: ignore[attr-defined]
        for c in log.result.creatures
        for a in CATALOG.get(c.card).abilities
    )
    for (_, subject), amount in received.items():
        card = CATALOG.get(creatures[subject].card)
        cap = next((a.maximum for a in card.abilities if a.kind == "channel_cap"), card.base_vitality)  # type: ignore[attr-defined]
        assert amount <= cap or cmp_cap


def test_the_engine_imports_without_django() -> None:
    """engine/ is a pure library: importing all of it must not pull Django in."""
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys, pkgutil, importlib, engine\n"
        "for m in pkgutil.iter_modules(engine.__path__):\n"
        "    if m.name != '__main__': importlib.import_module('engine.' + m.name)\n"
        "assert not any(name == 'django' or name.startswith('django.') for name in sys.modules), 'django imported'\n"
        "print('pure')\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "pure"
