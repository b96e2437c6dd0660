"""What the combat pages read from a resolved combat, kept in one small adapter.

The engine's log is becoming a list of typed events; until that lands this module reads the fields the
steps already carry (kind, subject, card, side, delta, total), never their sentences, so the switch
touches this file only. Everything here is a plain value a template or the picture renderer can draw.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from combat.refused import is_refusal
from engine.catalog import CardCatalog
from engine.enums import Phase, StepKind
from engine.log import CombatLog, CreatureOutcome, Matchup, Notice, Step
from engine.setup import CombatSetup, split_reference

# Steps whose number changes one creature's running total.
MODIFIER_KINDS = frozenset(
    {StepKind.BONUS, StepKind.OFF_COLOUR, StepKind.TERRAIN, StepKind.RANGED, StepKind.CHANNEL, StepKind.SPELL}
)
CANCELLING_KINDS = frozenset({StepKind.DISPEL, StepKind.CONTRADICTION})
FATE_WORDS = {
    "standing": "standing",
    "beaten": "beaten",
    "destroyed": "destroyed",
    "bribed": "bribed away",
    "discarded_by_aoe": "discarded by an AOE",
    "out_of_play": "out of play",
    "returned": "returned to the Creature Pen",
    "discarded": "discarded",
}


def change_of(step: Step) -> str:
    """'bonus', 'penalty' or 'dispel' for a step that changes something, '' otherwise."""
    if step.kind in CANCELLING_KINDS:
        return "dispel"
    if step.kind in MODIFIER_KINDS and step.delta:
        return "bonus" if step.delta > 0 else "penalty"
    return ""


@dataclass(frozen=True)
class Bar:
    """One creature in the picture: its running total after the current step and what the step did to it."""

    id: str
    side: str
    slug: str
    name: str
    printed: int
    total: int
    scale: int
    fate: str
    is_subject: bool
    is_cause: bool
    change: str
    delta: int | None
    # In the primary match-up being fought (its two creatures and any ranged supporter so far).
    in_matchup: bool = False
    # Defined in the set-up, not printed: no card page to link to.
    made_up: bool = False

    @property
    def percent(self) -> int:
        return round(100 * max(self.total, 0) / self.scale) if self.scale else 0

    @property
    def printed_percent(self) -> int:
        return round(100 * max(self.printed, 0) / self.scale) if self.scale else 0

    @property
    def out(self) -> bool:
        return self.fate not in ("", "standing")

    @property
    def fate_words(self) -> str:
        return FATE_WORDS.get(self.fate, self.fate.replace("_", " "))

    @property
    def signed_delta(self) -> str:
        if self.delta is None:
            return ""
        return f"+{self.delta}" if self.delta >= 0 else f"\u2212{abs(self.delta)}"


@dataclass(frozen=True)
class Picture:
    attacker: tuple[Bar, ...]
    defender: tuple[Bar, ...]
    step: Step | None
    change: str
    matchup: str = ""

    @property
    def sides(self) -> tuple[tuple[str, tuple[Bar, ...]], tuple[str, tuple[Bar, ...]]]:
        return (("attacker", self.attacker), ("defender", self.defender))


def _scale(steps: Sequence[Step], creatures: Sequence[CreatureOutcome]) -> int:
    """One scale for the whole combat, so a bar's length means the same at every step."""
    highest = max(
        [creature.vitality for creature in creatures]
        + [step.total for step in steps if step.total is not None and step.kind in MODIFIER_KINDS]
        + [1]
    )
    return int(math.ceil(highest / 5.0) * 5)


def picture(log: CombatLog, current: int) -> Picture:
    """Every creature's running total after step ``current`` (the number of steps: the end)."""
    return picture_of(log.steps, log.result.creatures, log.result.matchups, current)


def picture_of(
    all_steps: Sequence[Step],
    creatures: Sequence[CreatureOutcome],
    matchups: Sequence[Matchup],
    current: int,
    *,
    secondary_totals: bool = False,
) -> Picture:
    """The picture from the engine's fields alone, for a shield combat or a Guardians Arena duel alike.
    ``secondary_totals``: in a duel's secondary round each attacker's total is drawn too (a duel's
    secondary round starts afresh, so only its own steps count)."""
    steps = all_steps[: current + 1]
    step = all_steps[current] if current < len(all_steps) else None
    in_primary = step is not None and (step.phase is Phase.PRIMARY or (step.moment or "").isdigit())
    totals: dict[str, int] = {}
    if in_primary:
        for earlier in steps:
            if earlier.subject and earlier.total is not None and earlier.kind in MODIFIER_KINDS:
                totals[earlier.subject] = earlier.total
    elif secondary_totals and step is not None and step.phase is Phase.SECONDARY:
        for earlier in steps:
            if earlier.phase is Phase.SECONDARY and earlier.subject and earlier.total is not None:
                totals[earlier.subject] = earlier.total
    change = change_of(step) if step is not None else ""
    cause = _cause(creatures, step)
    matchup = step.moment if step is not None and step.moment.isdigit() else ""
    fighting: set[str] = set()
    if matchup:
        for pairing in matchups:
            if str(pairing.round) == matchup:
                fighting |= {pairing.attacker, pairing.defender}
        fighting |= {earlier.subject for earlier in steps if earlier.moment == matchup and earlier.subject}
    scale = _scale(all_steps, creatures)
    bars: dict[str, list[Bar]] = {"attacker": [], "defender": []}
    for creature in creatures:
        decided = creature.step is not None and creature.step <= current
        is_subject = step is not None and step.subject == creature.id
        bars[creature.side.value].append(
            Bar(
                id=creature.id,
                side=creature.side.value,
                slug=creature.card,
                name=creature.name,
                printed=creature.vitality,
                total=totals.get(creature.id, creature.vitality),
                scale=scale,
                fate=creature.fate.value if decided else "",
                is_subject=is_subject,
                is_cause=creature.id == cause,
                change=change if is_subject else "",
                delta=step.delta if is_subject and step is not None and step.kind in MODIFIER_KINDS else None,
                in_matchup=creature.id in fighting,
                made_up=creature.made_up,
            )
        )
    return Picture(tuple(bars["attacker"]), tuple(bars["defender"]), step, change, matchup)


def _cause(creatures: Sequence[CreatureOutcome], step: Step | None) -> str:
    """The creature whose card made the step happen, if the card is a creature in the combat."""
    if step is None or not step.card:
        return ""
    matching = [creature for creature in creatures if creature.card == step.card]
    if step.side is not None:
        matching = [creature for creature in matching if creature.side is step.side] or matching
    if step.subject and any(creature.id == step.subject for creature in matching):
        return step.subject
    return matching[0].id if matching else ""


def card_names(log: CombatLog, setup: CombatSetup, catalog: CardCatalog) -> dict[str, str]:
    """Every card of the combat by its printed name, for linking the cards the steps' values name to their pages."""
    slugs: set[str] = {creature.card for creature in log.result.creatures}
    for side in (setup.attacker, setup.defender):
        references: list[str] = [*side.creatures, *side.items, *side.hand, *side.channellers, *side.shields]
        references += [reference for reference in (side.guardian, side.stronghold, side.command) if reference]
        references += list(side.earlier)
        slugs |= {split_reference(reference)[0] for reference in references}
    slugs |= {step.card for step in log.steps if step.card}
    return linkable_names(slugs, log.result.creatures, catalog)


def linkable_names(slugs: set[str], creatures: Sequence[CreatureOutcome], catalog: CardCatalog) -> dict[str, str]:
    """Card name to slug for every printed card among ``slugs``, the made-up creatures left out."""
    names: dict[str, str] = {}
    for slug in slugs:
        card = catalog.find(slug)
        if card is not None:
            names[card.name] = card.slug
    # A value naming a made-up card (even one named like a printed card) is never linked: it has no page.
    for creature in creatures:
        if creature.made_up:
            names.pop(creature.name, None)
    return names


def order_count(setup: CombatSetup, catalog: CardCatalog) -> int:
    """How many play orders "explore every order" would resolve: the longer side's creatures arranged
    against the shorter side's fixed order (the engine's explore counts the same way)."""
    from combat.board import queue_refs

    lengths = sorted(len(queue_refs(catalog, side)) for side in (setup.attacker, setup.defender))
    playing, pool = lengths
    count = 1
    for n in range(pool, pool - playing, -1):
        count *= n
    return count


def hand_checks(log: CombatLog, catalog: CardCatalog) -> tuple[list[tuple[str, str, str]], list[Notice]]:
    """The cards to apply by hand (name, slug, reason), each once, and the other warnings.

    The engine also gives each card it leaves to a person as a warning (code card.not_automated);
    the card's line says the same, so that warning is left out here, known by its code."""
    cards: list[tuple[str, str, str]] = []
    made_up = set(log.result.made_up)
    for slug, reason in dict.fromkeys(log.result.not_automated):
        card = catalog.find(slug)
        # A made-up card has no page: no slug, so the page names it without a link.
        cards.append((card.name if card else slug, "" if slug in made_up else slug, reason))
    # Every warning of a standard combat is a notice, in the same order (engine.log.CombatResult).
    # Kept as notices (code and values), so the page links the cards their values name; each sentence once.
    warnings: dict[str, Notice] = {}
    for notice, warning in zip(log.result.notices, log.result.warnings, strict=True):
        # A refused turn is said at the top of the result (combat.refused), not as a check.
        if notice.code != "card.not_automated" and not is_refusal(notice):
            warnings.setdefault(warning, notice)
    return cards, list(warnings.values())


def picture_words(log: CombatLog, current: int) -> tuple[str, str]:
    """The title and caption of the shared picture: the result, and what the step did to whom."""
    result = log.result
    title = f"The {result.winner.value} holds the space, {result.attacker_total} against {result.defender_total}"
    return title, step_caption(log.steps, current)


def step_caption(steps: Sequence[Step], current: int) -> str:
    """What step ``current`` did to whom, in a few words (the end: every creature with its fate)."""
    if current >= len(steps):
        return "Every creature at the end, with its fate"
    step = steps[current]
    caption = f"Step {current + 1} of {len(steps)}"
    if step.subject_name and step.delta is not None:
        caption += f": {step.subject_name} {step.delta:+d}"
        if step.card_name and step.card_name != step.subject_name:
            caption += f" from {step.card_name}"
    elif step.card_name:
        caption += f": {step.card_name}"
    return caption
