"""Guardians Arena duels in the simulator: the duel form, its notation, and the duel's step-through.

A duel is resolved by the engine's Arena procedure (engine/arena); its permalink is the same
``/combat/?s=<notation>`` as a combat's, the notation starting with ``ruleset=arena``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from combat.examples import arena_examples
from combat.links import permalink
from engine.arena import ArenaSetup, DuelLog, Place, format_duel, parse_duel
from engine.catalog import CardCatalog
from engine.errors import NotationError
from engine.rulesets import any_to_dict

PLACE_LABELS = {
    Place.VICTORIOUS: "victorious, under its Guardian",
    Place.CAPTURED: "captured under the enemy Prison-Shield",
    Place.PRISON_SHIELD: "becomes a Prison-Shield",
    Place.PEN: "back to the Creature Pen",
    Place.DISCARD: "discard pile",
    Place.DECK_BOTTOM: "bottom of the deck",
    Place.KEPT: "stays where it was",
}

# Form field -> (notation key, help); "a"/"d" fields are per side.
SIDE_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("duellist", "", "The creature this player moves into the Duel Zone (one only)."),
    ("guardian", "guardian", "Guardian (optional)."),
    ("stones", "stones", "Power Stones left (optional)."),
    ("items", "items", "C items on the duellist."),
    ("stock", "stock", "Stock: spells, bribery cards, H items."),
    ("pen", "pen", "Creature Pen: creatures, shields, terrain, C items."),
    ("under", "under", "Channellers and ranged attackers under the strongholds."),
    ("bearer", "bearer", "Standard bearer beside the Guardian."),
    ("victorious", "victorious", "Victorious creatures already under the Guardian."),
    ("capture", "capture", "Unopposed shield in the raid that captures the enemy winner."),
)


@dataclass(frozen=True)
class DuelField:
    name: str
    label: str
    value: str
    help: str


def form_fields(setup: ArenaSetup | None) -> dict[str, Any]:
    """The form's fields filled from a set-up (or empty), one group per side plus the shared ones."""
    data = any_to_dict(setup) if setup is not None else {"attacker": {}, "defender": {}, "primary": [], "secondary": []}
    sides = []
    for letter, key, title in (
        ("a", "attacker", "Player with Initiative (attacker)"),
        ("d", "defender", "Other player (defender)"),
    ):
        values = data[key]
        fields = []
        for name, _, help_text in SIDE_FIELDS:
            raw = values.get("duellists" if name == "duellist" else name, "")
            text = ", ".join(raw) if isinstance(raw, list) else ("" if raw in (None, "") else str(raw))
            fields.append(DuelField(f"{letter}_{name}", name.capitalize(), text, help_text))
        sides.append({"title": title, "fields": fields})
    return {
        "duel_sides": sides,
        "duel_terrain": data.get("terrain") or "",
        "duel_primary": ", ".join(data["primary"]),
        "duel_secondary": ", ".join(data["secondary"]),
    }


def _slugs(text: str, catalog: CardCatalog) -> str:
    """Card names or slugs, comma-separated, as the notation's slugs (unknown names are left for the engine)."""
    out = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        card = catalog.find(item)
        out.append(card.slug if card is not None else item.lower().replace(" ", "-"))
    return ",".join(out)


def notation_from_form(data: QueryDict, catalog: CardCatalog) -> str:
    """The duel's canonical notation from the form; raises NotationError naming the clause at fault."""
    clauses = ["ruleset=arena"]
    terrain = data.get("terrain", "").strip()
    if terrain:
        clauses.append(f"terrain={terrain.lower().replace(' ', '-')}")
    for letter in ("a", "d"):
        for name, key, _ in SIDE_FIELDS:
            value = data.get(f"{letter}_{name}", "").strip()
            if not value:
                continue
            value = value if name in ("stones", "victorious") else _slugs(value, catalog)
            clauses.append(f"{letter}{'.' + key if key else ''}={value}")
    for key in ("p", "s"):
        value = ",".join(part.strip() for part in data.get(key, "").split(",") if part.strip())
        if value:
            clauses.append(f"{key}={value}")
    return format_duel(parse_duel(" ".join(clauses)))


def duel_context(log: DuelLog, current: int) -> dict[str, Any]:
    """What the duel's step-through shows: the steps so far, the current one, and the result at the end."""
    count = len(log.steps)
    current = max(0, min(current, count))
    link = permalink(log.notation)
    return {
        "log": log,
        "result": log.result,
        "shown": log.steps[: current + 1] if current < count else log.steps,
        "current": current,
        "count": count,
        "at_end": current >= count,
        "permalink": link,
        "previous": f"{link}&step={current - 1}" if current > 0 else "",
        "next": f"{link}&step={current + 1}" if current + 1 < count else f"{link}&step=end",
        "examples": arena_examples(),
        "upper_hand": log.result.upper_hand.value if log.result.upper_hand else "",
        "winner": log.result.winner.value if log.result.winner else "",
        "places": [
            {"side": place.side.value, "card": place.card, "label": PLACE_LABELS[place.place], "rule": place.rule}
            for place in log.result.places
        ],
    }


def read_duel_or_none(notation: str) -> ArenaSetup | None:
    try:
        return parse_duel(notation)
    except NotationError:
        return None
