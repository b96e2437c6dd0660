"""The engine's reading of a card's structured abilities, in plain words for pages and the API."""

from __future__ import annotations

from engine.abilities import parse_ability
from engine.errors import CatalogError


def describe_ability(ability: object) -> str:
    if not isinstance(ability, dict):
        return str(ability)
    try:
        parsed = parse_ability(ability, "ability")
    except CatalogError as exc:
        return f"(unreadable ability data: {exc})"
    text = parsed.describe()
    return f"{text} {parsed.note}" if parsed.note else text


def describe_abilities(abilities: object) -> list[str]:
    return [describe_ability(ability) for ability in abilities] if isinstance(abilities, list) else []
