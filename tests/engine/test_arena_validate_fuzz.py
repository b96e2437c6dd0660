"""Duel set-ups built at random from the card catalogue and every kind of round action: each one either
resolves or is refused with the engine's coded errors (``engine.errors``), never with another exception
(an ``assert`` of the duel path, a KeyError). A set-up the check lets through must be one the duel can play.

The set-ups are drawn from a fixed seed, so the test is deterministic and a failure prints the notation to
replay; the round actions mostly use what the side holds and alternate as the rules want, so most set-ups get
past the turn checks and into the rounds, and some name cards or targets that are not there.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from engine.arena import ArenaSetup, duel_from_dict, duel_to_dict, format_duel, parse_duel, resolve_duel
from engine.arena.stock import shared_code_reads
from engine.catalog import CardCatalog, default_catalog
from engine.enums import BriberyIcon, CardType
from engine.errors import EngineError, SetupInvalid

CATALOG = default_catalog()
SEED = 20261126
# Enough to reach every kind of action with every kind of card several times over, in about two seconds.
SETUPS = 3000


@dataclass(frozen=True)
class Pools:
    creatures: tuple[str, ...]
    under: tuple[str, ...]
    stock: tuple[str, ...]
    shields: tuple[str, ...]
    guardians: tuple[str, ...]
    bearers: tuple[str, ...]
    creature_items: tuple[str, ...]
    anything: tuple[str, ...]

    @classmethod
    def of(cls, catalog: CardCatalog) -> Pools:
        def slugs(*types: CardType) -> tuple[str, ...]:
            return tuple(sorted(card.slug for card in catalog if card.type in types))

        return cls(
            creatures=slugs(CardType.CREATURE),
            under=tuple(
                sorted(
                    card.slug for card in catalog if card.type is CardType.CREATURE and (card.cmp or card.ranged_attack)
                )
            ),
            stock=slugs(CardType.SPELL, CardType.HAND_ITEM, CardType.BRIBERY),
            shields=slugs(CardType.SHIELD),
            guardians=slugs(CardType.GUARDIAN),
            bearers=slugs(CardType.STANDARD_BEARER),
            creature_items=slugs(CardType.CREATURE_ITEM),
            anything=tuple(sorted(card.slug for card in catalog)),
        )


POOLS = Pools.of(CATALOG)
ICONS = tuple(icon.value for icon in BriberyIcon)


class DuelMaker:
    """One random duel in notation: two sides drawn from the pools, then each round's actions."""

    def __init__(self, rng: random.Random, pools: Pools) -> None:
        self.rng, self.pools = rng, pools
        self.sides: dict[str, dict[str, list[str]]] = {}
        # What each side has not played yet, by the kind of action that plays it.
        self.left: dict[str, dict[str, list[str]]] = {}

    def some(self, pool: Sequence[str], most: int) -> list[str]:
        return [self.rng.choice(pool) for _ in range(self.rng.randint(0, most))]

    def side(self, letter: str) -> list[str]:
        rng, pools = self.rng, self.pools
        duellists = [rng.choice(pools.creatures)] + ([rng.choice(pools.creatures)] if rng.random() < 0.01 else [])
        stock = self.some(pools.stock, 3) + ([rng.choice(ICONS)] if rng.random() < 0.4 else [])
        pen = self.some(pools.creatures, 2) + self.some(pools.shields, 2)
        under = self.some(pools.under, 2)
        self.sides[letter] = {"duellist": duellists, "stock": stock, "pen": pen, "under": under}
        self.left[letter] = {
            "spell": [card for card in stock if card not in ICONS],
            "icons": [card for card in stock if card in ICONS],
            "creature": [card for card in pen if card in pools.creatures],
            "shield": [card for card in pen if card in pools.shields],
            "ranged": [card for card in under if CATALOG.get(card).ranged_attack],
            "channel": [card for card in under if CATALOG.get(card).cmp],
        }
        clauses = [f"{letter}={','.join(duellists)}"]
        for key, cards in (("stock", stock), ("pen", pen), ("under", under)):
            if cards:
                clauses.append(f"{letter}.{key}={','.join(cards)}")
        if rng.random() < 0.4:
            clauses.append(f"{letter}.guardian={rng.choice(pools.guardians)}")
        if rng.random() < 0.5:
            clauses.append(f"{letter}.stones={rng.randint(0, 4)}")
        if rng.random() < 0.15:
            clauses.append(f"{letter}.items={rng.choice(pools.creature_items)}")
        if rng.random() < 0.15:
            clauses.append(f"{letter}.bearer={rng.choice(pools.bearers)}")
        if rng.random() < 0.02:
            clauses.append(f"{letter}.sacrifice=yes")
        if rng.random() < 0.05:
            clauses.append(f"{letter}.capture={rng.choice(pools.shields)}")
        # A count or a choice for a creature that may fight, as a careful user gives them (the checks ask for both).
        creatures = [CATALOG.get(card) for card in [*duellists, *pen] if card in pools.creatures]
        counted = [card.slug for card in creatures if card.count_needed]
        if counted and rng.random() < 0.8:
            clauses.append(
                f"{letter}.counts=" + ",".join(f"{slug}:{rng.randint(0, 3)}" for slug in dict.fromkeys(counted))
            )
        choosing = [(card.slug, card.choice_offered.option_words()) for card in creatures if card.choice_offered]
        chosen = [f"{slug}:{rng.choice(words)}" for slug, words in dict.fromkeys(choosing) if words]
        if chosen and rng.random() < 0.8:
            clauses.append(f"{letter}.choices=" + ",".join(chosen))
        # A roll for a card that rolls and the duel plays (one it leaves alone refuses any roll: arena.decision_not_used).
        rolled = [slug for slug in stock if slug not in ICONS and shared_code_reads(CATALOG.get(slug))]
        rolled = [slug for slug in [*rolled, *(card.slug for card in creatures)] if CATALOG.get(slug).dice_needed]
        if rolled and rng.random() < 0.8:
            rolls = ",".join(f"{slug}:{rng.randint(1, 6)}" for slug in dict.fromkeys(rolled))
            clauses.append(f"{letter}.rolls={rolls}")
        return clauses

    def card(self, held: list[str]) -> str:
        """Mostly a card the side still holds for this kind, then used up; now and then any card of the
        catalogue, one already played, or none at all."""
        roll = self.rng.random()
        if held and roll < 0.97:
            card = self.rng.choice(held)
            if self.rng.random() < 0.95:
                held.remove(card)
            return card
        return self.rng.choice(self.pools.anything) if roll < 0.985 else "nobody"

    def target(self, letter: str, kind: str) -> str:
        """Mostly none; else mostly the creature the action usually reaches, named (the opposing duellist, or the
        side's own for a channel), and now and then any card of the duel or of the catalogue, or no card at all."""
        roll = self.rng.random()
        if roll < 0.7:
            return ""
        mine, theirs = self.sides[letter], self.sides["d" if letter == "a" else "a"]
        if roll < 0.9:
            return "@" + (mine if kind == "channel" else theirs)["duellist"][0]
        named = [*mine["duellist"], *theirs["duellist"], *mine["pen"], *theirs["pen"], *mine["under"]]
        named += [*theirs["under"], "nobody", "guardian", self.rng.choice(self.pools.anything)]
        return "@" + self.rng.choice(named)

    def action(self, letter: str, secondary: bool) -> str:
        """Mostly a kind of action the round allows and the side has a card for; now and then any kind."""
        rng, left = self.rng, self.left[letter]
        spells, icons = left["spell"], left["icons"]
        likely = ["pass"] + ["spell", "item"] * bool(spells) + ["bribe", "bribe"] * bool(icons)
        if secondary:
            likely += ["creature"] * bool(left["creature"]) + ["shield"] * bool(left["shield"])
        else:
            likely += ["channel", "channel"] + ["ranged"] * bool(left["ranged"]) + ["channel"] * bool(left["channel"])
        every = ["spell", "item", "bribe", "bribe-back", "ranged", "channel", "creature", "shield", "pass"]
        kind = rng.choice(likely if rng.random() < 0.95 else every)
        if kind == "pass":
            return f"{letter}:pass"
        if kind in ("bribe", "bribe-back"):
            icon = rng.choice(ICONS)
            if icons and rng.random() < 0.95:
                icon = rng.choice(icons)
                icons.remove(icon)
            return f"{letter}:{kind}:{icon}{self.target(letter, kind)}"
        if kind == "channel" and (not left["channel"] or rng.random() < 0.5):
            amount = rng.choice(("", "", "*2", "*3"))
            return f"{letter}:channel:guardian{amount}{self.target(letter, kind)}"
        held = left["spell" if kind == "item" else kind]
        return f"{letter}:{kind}:{self.card(held)}{self.target(letter, kind)}"

    def round(self, first: str, secondary: bool) -> str:
        """Turns alternate from ``first`` and end with two passes; now and then the order is broken."""
        actions: list[str] = []
        letter = first
        for _ in range(self.rng.randint(0, 5)):
            action = self.action(letter, secondary)
            if action.endswith(":pass") and actions and actions[-1].endswith(":pass"):
                continue  # two passes in succession would end the round here
            actions.append(action)
            if self.rng.random() > 0.02:
                letter = "d" if letter == "a" else "a"
        if not (actions and actions[-1].endswith(":pass")):
            actions.append(f"{letter}:pass")
            letter = "d" if letter == "a" else "a"
        actions.append(f"{letter}:pass")
        return ",".join(actions)

    def duel(self) -> str:
        clauses = ["ruleset=arena", *self.side("a"), *self.side("d")]
        if self.rng.random() < 0.5:
            clauses.append(f"terrain={self.rng.choice(('woods', 'mountains', 'swamps', 'spires', 'jungle'))}")
        clauses.append("p=" + self.round("a", secondary=False))
        if self.rng.random() < 0.9:
            clauses.append("s=" + self.round(self.rng.choice("ad"), secondary=True))
        return " ".join(clauses)


def duel_texts(seed: int, count: int, pools: Pools = POOLS) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        yield DuelMaker(rng, pools).duel()


def other_first(setup: ArenaSetup) -> ArenaSetup:
    """The duel with each secondary action taken by the other player."""
    swapped = tuple(replace(action, side=action.side.other) for action in setup.secondary)
    return replace(setup, secondary=swapped)


@dataclass(frozen=True)
class Outcome:
    resolved: int
    refused: dict[str, int]
    # The coded warnings of the resolved duels, by code (arena.target_ignored ...).
    warned: dict[str, int]
    failures: list[str]


def play_all(texts: Sequence[str] | Iterator[str], catalog: CardCatalog = CATALOG) -> Outcome:
    """Read and resolve each duel; any exception outside the engine's family is a failure, with its notation."""
    resolved = 0
    refused: dict[str, int] = {}
    warned: dict[str, int] = {}
    failures: list[str] = []
    for text in texts:
        try:
            setup = parse_duel(text)
            assert duel_from_dict(duel_to_dict(setup)) == setup
            assert parse_duel(format_duel(setup)) == setup
            try:
                log = resolve_duel(setup, catalog)
            except SetupInvalid as exc:
                # Who acts first in the secondary round shows only once the primary is played: the other way round.
                if not any(p.code == "arena.out_of_turn" and p.field == "secondary" for p in exc.problems):
                    raise
                log = resolve_duel(other_first(setup), catalog)
            resolved += 1
            for notice in log.result.notices:
                warned[notice.code] = warned.get(notice.code, 0) + 1
        except EngineError as exc:
            codes = [problem.code for problem in exc.problems] or [exc.code]
            assert exc.code and all(codes), text
            for code in codes:
                refused[code] = refused.get(code, 0) + 1
        except Exception as exc:  # noqa: BLE001 - anything else is what this test exists to find
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            failures.append(f"{type(exc).__name__} at {frame.filename}:{frame.lineno}: {text}")
    return Outcome(resolved, refused, warned, failures)


def test_random_duels_resolve_or_are_refused_with_coded_errors() -> None:
    outcome = play_all(duel_texts(SEED, SETUPS))
    assert outcome.failures == [], "\n".join(outcome.failures[:10])
    # The set-ups reach the rounds, not only the checks: a fuzz refused up front would test nothing.
    assert outcome.resolved >= SETUPS // 10
    # And the refusals of what the duel cannot play: a channel in the secondary round, a target not there.
    assert outcome.refused.get("arena.not_in_secondary", 0) > 0
    # A bribe or a shield of the secondary round aimed at no opposing creature there: refused as the round reaches it.
    assert outcome.refused.get("arena.bad_target", 0) > 0
    # Any other target out of reach resolves as it always has (a shared permalink keeps its result), said as a
    # warning: a target ignored, a channel that adds nothing, a card's target naming no one, a bribe out of battle.
    for code in ("arena.target_ignored", "arena.target_channel_lost", "arena.target_unknown"):
        assert outcome.warned.get(code, 0) > 0, (code, outcome.warned)
