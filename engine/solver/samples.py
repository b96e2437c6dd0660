"""Small set-ups drawn from a seed: what the solver is checked on (against a search over every line) and timed on.

Each is a set-up of up to three creatures a side with up to two cards in each hand (a shield combat: creatures,
hand, maybe a channeller, stones, a Guardian, a terrain; an Arena duel: a duellist, a creature in the pen or under
the stronghold, the Stock), drawn with ``random.Random(seed)`` so the same seed always gives the same set-ups, and
kept only when the rule set validates it. The cards are the ones the legal-action properties test draws from.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..arena.setup import ArenaSetup, DuelSide
from ..catalog import CardCatalog
from ..rulesets import ARENA, STANDARD, AnySetup, Ruleset
from ..setup import CardRef, CombatSetup, SideSetup

CREATURES = ("sand-lord", "swordsman", "archer", "axeman", "zombie", "vapor-elemental", "willo-the-wisp", "doomwing")
CHANNELLERS = ("shadow-of-ashes", "valkyrie-spirit", "energy-well")
HAND = ("gold", "babes", "beer", "power-lunch", "dispel-magic", "hammer-of-doom")
TERRAINS = (None, "swamps", "woods", "mountains")
GUARDIAN = "rak-nam-leader-of-the-mighty"
DUELLISTS = ("sand-lord", "swordsman", "axeman", "zombie", "vapor-elemental", "doomwing")
UNDER = ("archer", "willo-the-wisp", "shadow-of-ashes", "energy-well")
STOCK = ("gold", "babes", "beer", "power-lunch", "hammer-of-doom")
PEN = ("swordsman", "zombie", "sand-lord")


def _standard_side(draw: random.Random, creatures: int | None, hand: int | None) -> SideSetup:
    count = creatures if creatures is not None else draw.randint(1, 3)
    cards = hand if hand is not None else draw.randint(0, 2)
    return SideSetup(
        creatures=tuple(draw.choice(CREATURES) for _ in range(count)),
        hand=tuple(draw.choice(HAND) for _ in range(cards)),
        channellers=tuple(draw.choice(CHANNELLERS) for _ in range(draw.randint(0, 1) if count < 3 else 0)),
        stones=draw.choice((0, 1, 2, 3)),
        guardian=draw.choice((None, GUARDIAN)),
    )


def _references(slugs: list[str]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    found = []
    for slug in slugs:
        seen[slug] = seen.get(slug, 0) + 1
        found.append(slug if seen[slug] == 1 else f"{slug}#{seen[slug]}")
    return tuple(found)


def standard_setup(draw: random.Random, creatures: int | None = None, hand: int | None = None) -> CombatSetup:
    sides = []
    for _ in range(2):
        side = _standard_side(draw, creatures, hand)
        sides.append(SideSetup(
            creatures=side.creatures, hand=side.hand, channellers=side.channellers, stones=side.stones,
            guardian=side.guardian,
        ))  # fmt: skip
    return CombatSetup(sides[0], sides[1], draw.choice(TERRAINS))


def _duel_side(draw: random.Random) -> DuelSide:
    return DuelSide(
        duellists=(CardRef(draw.choice(DUELLISTS)),),
        stock=tuple(CardRef(draw.choice(STOCK)) for _ in range(draw.randint(0, 2))),
        under=tuple(CardRef(draw.choice(UNDER)) for _ in range(draw.randint(0, 1))),
        pen=tuple(CardRef(draw.choice(PEN)) for _ in range(draw.randint(0, 1))),
        stones=draw.choice((None, 0, 1, 2)),
    )


def duel_setup(draw: random.Random) -> ArenaSetup:
    return ArenaSetup(_duel_side(draw), _duel_side(draw), draw.choice(TERRAINS))


def samples(
    catalog: CardCatalog,
    count: int,
    *,
    seed: int = 33,
    duels: bool = True,
    creatures: int | None = None,
    hand: int | None = None,
) -> Iterator[AnySetup]:
    """``count`` valid set-ups from ``seed``: every third a duel when ``duels``, the others shield combats
    (``creatures`` and ``hand`` fix their sizes; by default 1 to 3 creatures and 0 to 2 hand cards a side)."""
    draw = random.Random(seed)
    made = 0
    while made < count:
        setup: AnySetup
        ruleset: Ruleset
        if duels and made % 3 == 2:
            setup = duel_setup(draw)
            ruleset = ARENA
        else:
            setup = standard_setup(draw, creatures, hand)
            ruleset = STANDARD
        if ruleset.validate(setup, catalog):
            continue
        made += 1
        yield setup
