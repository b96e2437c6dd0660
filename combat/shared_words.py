"""A shared result in words: who fought whom, where, with what, and how it ended.

A permalink's page title, its meta and link-preview descriptions and the PNG picture chat apps show all say
the set-up in these words, so a reader of a shared link knows what it is before opening it. Everything is
read from the parsed set-up's fields and the result's fields (never from the engine's sentences); cards are
named by their printed names (a made-up card by the name its set-up gave it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from combat.duel_builder import card_catalog, card_words
from engine.arena import ArenaSetup, DuelLog
from engine.arena.setup import DuelSide, is_pass
from engine.catalog import CardCatalog
from engine.log import CombatLog
from engine.made_up import catalog_for
from engine.setup import CombatSetup, SideSetup, copy_references, face_down
from engine.validate import resolve_terrain

# Link previews cut a title after about 70 characters and a description after about 200: the words are built
# to say the essentials first and are clipped (with an ellipsis) only past these lengths.
TITLE_LIMIT = 130
DESCRIPTION_LIMIT = 300


@dataclass(frozen=True)
class SideWords:
    label: str  # "Attacker", "Defender"
    names: tuple[str, ...]  # the side's creatures (a duel: its duellist) by name
    extras: str  # "with ranged support from Archer and a Gold bribe"; "" when nothing else

    @property
    def fighters(self) -> str:
        """'Sand Lord', 'Swordsman and Archer', 'no creature'."""
        return _and_list(self.names) or "no creature"


@dataclass(frozen=True)
class SharedWords:
    kind: str  # "Guardians combat" or "Guardians Arena duel"
    matchup: str  # "Sand Lord against Swordsman and Archer"
    place: str  # "in the Swamps", "on a face-down terrain card", "" when no terrain was given
    outcome: str  # "The defender holds the space, 5 against 7."
    sides: tuple[SideWords, ...]

    @property
    def title(self) -> str:
        """The page title and og:title: who against whom, where, and the outcome; the outcome is never cut, so a
        long line-up is shortened first (its first creature and how many more)."""
        where = f" {self.place}" if self.place else ""
        outcome = self.outcome.rstrip(".")
        tail = f"{where}: {outcome[:1].lower()}{outcome[1:]}"
        if len(self.matchup + tail) > TITLE_LIMIT:
            short = " against ".join(_first_and_more(side.names) for side in self.sides)
            return _clip(short, TITLE_LIMIT - len(tail)) + tail
        return self.matchup + tail

    @property
    def description(self) -> str:
        """The meta and og:description: each side with what it brought, then the outcome."""
        where = f" {self.place}" if self.place else ""
        sides = "; ".join(_side_sentence(side) for side in self.sides)
        return _clip(f"A {self.kind}{where}. {sides}. {self.outcome}", DESCRIPTION_LIMIT)


def _side_sentence(side: SideWords) -> str:
    return f"{side.label}: {side.fighters}" + (f", {side.extras}" if side.extras else "")


def _first_and_more(names: tuple[str, ...]) -> str:
    if len(names) <= 1:
        return names[0] if names else "no creature"
    return f"{names[0]} and {len(names) - 1} more"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip(" ,;:") + "\u2026"


def _and_list(words: Iterable[str]) -> str:
    items = [word for word in words if word]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plain(name: str) -> str:
    return name.lower().removeprefix("the ").rstrip("s")


def _terrain_place(terrain: str | None, catalog: CardCatalog) -> str:
    """Where the fight is, read as the engine reads the terrain clause (a terrain card first, then a type)."""
    hidden, named = face_down(terrain)
    if hidden:
        return "on a face-down terrain card" + (f" ({card_words(catalog, named)})" if named else "")
    found = resolve_terrain(catalog, terrain)
    if found is None:
        return ""
    card, types = found
    # A basic terrain card (Woods, Swamp, The Dry Heaps) is its type; any other terrain card is named.
    if card is not None and _plain(card.name) not in {_plain(kind.value) for kind in types}:
        return f"on the terrain card {card.name}"
    return "in the " + _and_list(sorted(kind.value for kind in types)) if types else ""


def _names(references: Iterable[str], catalog: CardCatalog) -> tuple[str, ...]:
    return tuple(card_words(catalog, str(reference)) for reference in references)


def _counted(count: int, singular: str) -> str:
    return f"{count} {singular}{'s' if count != 1 else ''}"


def _combat_extras(side: SideSetup, catalog: CardCatalog) -> str:
    names = lambda references: _and_list(card_words(catalog, ref) for ref in references)  # noqa: E731
    parts = []
    if side.guardian:
        parts.append(f"Guardian {card_words(catalog, side.guardian)}")
    if side.stronghold:
        parts.append(f"stronghold {card_words(catalog, side.stronghold)}")
    if side.items:
        parts.append(f"items {names(side.items)}")
    if side.ranged:
        parts.append(f"ranged support from {names(dict.fromkeys(support.creature for support in side.ranged))}")
    if side.spells:
        parts.append(f"spells {names(dict.fromkeys(spell.card for spell in side.spells))}")
    if side.bribes:
        icons = _and_list(dict.fromkeys(bribe.icon.value.capitalize() for bribe in side.bribes))
        parts.append(f"{_counted(len(side.bribes), 'bribe')} ({icons})")
    if side.channels:
        parts.append(_counted(len(side.channels), "channel"))
    if side.secondaries:
        parts.append(_counted(len(side.secondaries), "secondary attack"))
    return "with " + _and_list(parts) if parts else ""


def combat_words(setup: CombatSetup, log: CombatLog, catalog: CardCatalog) -> SharedWords:
    cards = catalog_for(setup, catalog)
    result = log.result

    # A shield lists each copy by its slug; the second Archer is "Archer (copy 2)", as the steps call it.
    attacker_names = _names(copy_references(list(setup.attacker.creatures)), cards)
    defender_names = _names(copy_references(list(setup.defender.creatures)), cards)
    attacker = SideWords("Attacker", attacker_names, _combat_extras(setup.attacker, cards))
    defender = SideWords("Defender", defender_names, _combat_extras(setup.defender, cards))
    return SharedWords(
        kind="Guardians combat",
        matchup=f"{attacker.fighters} against {defender.fighters}",
        place=_terrain_place(setup.terrain, cards),
        outcome=(
            f"The {result.winner.value} holds the space, {result.attacker_total} against {result.defender_total}."
        ),
        sides=(attacker, defender),
    )


def _duel_extras(side: DuelSide, actions: int, catalog: CardCatalog) -> str:
    parts = []
    if side.guardian:
        parts.append(f"Guardian {card_words(catalog, side.guardian)}")
    if side.items:
        parts.append(f"items {_and_list(card_words(catalog, ref) for ref in side.items)}")
    if side.stock:
        parts.append(_counted(len(side.stock), "card") + " in Stock")
    if actions:
        parts.append(_counted(actions, "action"))
    return "with " + _and_list(parts) if parts else ""


def duel_words(setup: ArenaSetup, log: DuelLog, catalog: CardCatalog) -> SharedWords:
    cards = card_catalog(setup, catalog)
    result = log.result
    totals = result.secondary or result.primary
    score = f", {totals.attacker_total} against {totals.defender_total}" if totals is not None else ""
    outcome = f"The {result.winner.value} wins the duel{score}." if result.winner else f"The duel is a tie{score}."

    def actions_of(player: str) -> int:
        every = (*setup.primary, *setup.secondary)
        return sum(1 for action in every if action.side.value == player and not is_pass(action))

    attacker = SideWords(
        "Attacker", _names(setup.attacker.duellists, cards), _duel_extras(setup.attacker, actions_of("attacker"), cards)
    )
    defender = SideWords(
        "Defender", _names(setup.defender.duellists, cards), _duel_extras(setup.defender, actions_of("defender"), cards)
    )
    terrain = setup.terrain
    return SharedWords(
        kind="Guardians Arena duel",
        matchup=f"{attacker.fighters} against {defender.fighters}",
        place=_terrain_place(terrain, cards).replace("in the ", "in the Duel Zone's ", 1) if terrain else "",
        outcome=outcome,
        sides=(attacker, defender),
    )
