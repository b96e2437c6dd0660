"""A duel's set-up in words for its step-through: each side's cards by name, the terrain, each round's actions.

Everything is read from the parsed set-up's fields (``ArenaSetup``), never from the engine's sentences; the
actions are said by ``duel_words.action_words``, the words the form's builder shows for the same action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from combat.duel_words import action_words, card_catalog, card_words
from engine.arena import ArenaSetup
from engine.arena.setup import DuelSide, RoundAction
from engine.arena.validate import OffTarget, TargetUse, off_targets
from engine.catalog import CardCatalog
from engine.enums import Terrain
from engine.setup import split_reference


@dataclass(frozen=True)
class CardWord:
    """A card by its name, with its card page's slug ('' for a made-up card, which has no page)."""

    name: str
    slug: str


@dataclass(frozen=True)
class SummaryRow:
    label: str
    cards: tuple[CardWord, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class SideSummary:
    title: str
    rows: tuple[SummaryRow, ...]


@dataclass(frozen=True)
class RoundSummary:
    title: str
    actions: tuple[str, ...]
    empty: str


@dataclass(frozen=True)
class DuelSummary:
    terrain: str
    sides: tuple[SideSummary, ...]
    rounds: tuple[RoundSummary, ...]
    made_up: tuple[str, ...]


def _cards(catalog: CardCatalog, references: Iterable[str], made_up: frozenset[str]) -> tuple[CardWord, ...]:
    found = []
    for reference in references:
        slug = split_reference(str(reference))[0]
        printed = catalog.find(slug) is not None and slug not in made_up
        found.append(CardWord(card_words(catalog, reference), slug if printed else ""))
    return tuple(found)


def _side(title: str, side: DuelSide, catalog: CardCatalog, made_up: frozenset[str]) -> SideSummary:
    def cards(label: str, references: Iterable[str | None]) -> SummaryRow | None:
        given = [reference for reference in references if reference]
        return SummaryRow(label, _cards(catalog, given, made_up)) if given else None

    def decisions(label: str, pairs: Iterable[tuple[str, object]]) -> SummaryRow | None:
        said = [f"{card_words(catalog, card)}: {value}" for card, value in pairs]
        return SummaryRow(label, text="; ".join(said)) if said else None

    rows = [
        cards("In the Duel Zone", side.duellists) or SummaryRow("In the Duel Zone", text="no creature"),
        cards("Guardian", [side.guardian]),
        SummaryRow("Power Stones left", text=str(side.stones)) if side.stones is not None else None,
        SummaryRow("Up number", text=str(side.up)) if side.up is not None else None,
        cards("Items on the duellist", side.items),
        cards("Stock", side.stock),
        cards("Creature Pen", side.pen),
        cards("Under the strongholds", side.under),
        cards("Standard bearer", [side.bearer]),
        SummaryRow("Victorious creatures already under the Guardian", text=str(side.victorious))
        if side.victorious
        else None,
        cards("Shield capturing the enemy winner", [side.capture]),
        SummaryRow("Standard bearer", text="sacrificed to destroy the opponent's") if side.sacrifice else None,
        decisions("Dice rolled", ((roll.card, roll.value) for roll in side.rolls)),
        decisions("Counts", ((count.card, count.value) for count in side.counts)),
        decisions("Choices", ((choice.card, choice.option) for choice in side.choices)),
    ]
    return SideSummary(title, tuple(row for row in rows if row is not None))


def _target_note(off: OffTarget | None) -> str:
    """What the duel does with a target its action cannot reach, said beside the action (the log's coded warning
    says it in full at the action's turn): a reader of the set-up sees at once that the target is not taken."""
    if off is None:
        return ""
    notes = {
        TargetUse.IGNORED: f"target ignored, aimed at {off.usual}",
        TargetUse.CHANNEL_LOST: "target out of reach, so the channel adds nothing",
        TargetUse.UNKNOWN: "target ignored: no card of the duel has that name",
        TargetUse.OUT_OF_BATTLE: "target not in the battle, but the bribe is still taken on it",
        TargetUse.REFUSED: f"refused when the round reaches it: {off.target_name} is not {off.whom}",
    }
    return f" ({notes[off.use]}{'; see the warning' if off.warned else ''})"


def _round_words(
    name: str, actions: tuple[RoundAction, ...], cards: CardCatalog, off: dict[tuple[str, int], OffTarget]
) -> tuple[str, ...]:
    return tuple(
        action_words(action, cards) + _target_note(off.get((name, index))) for index, action in enumerate(actions)
    )


def duel_summary(setup: ArenaSetup, catalog: CardCatalog) -> DuelSummary:
    cards = card_catalog(setup, catalog)
    made_up = frozenset(slug for slug in (card.slug for card in cards) if catalog.find(slug) is None)
    terrain_types = {terrain.slug: terrain.value for terrain in Terrain}
    if setup.terrain is None:
        terrain = "none"
    elif setup.terrain in terrain_types:
        terrain = terrain_types[setup.terrain]
    else:
        terrain = card_words(cards, setup.terrain)
    off = off_targets(setup, cards)
    return DuelSummary(
        terrain=terrain,
        sides=(
            _side("Attacker (the player with Initiative)", setup.attacker, cards, made_up),
            _side("Defender", setup.defender, cards, made_up),
        ),
        rounds=(
            RoundSummary(
                "Primary round",
                _round_words("primary", setup.primary, cards, off),
                "No actions: both players pass.",
            ),
            RoundSummary(
                "Secondary round",
                _round_words("secondary", setup.secondary, cards, off),
                "No actions: the primary round decides the duel.",
            ),
        ),
        made_up=tuple(sorted(cards.get(slug).name for slug in made_up)),
    )
