"""Which creatures an ability concerns: a declarative filter over a creature's printed facts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .enums import AttackType, Border, BriberyIcon, Size
from .errors import CatalogError

if TYPE_CHECKING:
    from .cards import CardDefinition

_KEYS = {
    "class",
    "border",
    "size",
    "flying",
    "bribeable_by",
    "attack_type",
    "has_ranged",
    "defending_in_stronghold",
    "name",
    "any_of",
}


@dataclass(frozen=True)
class Selector:
    """Every field given must hold (AND); ``any_of`` holds when one of its selectors does (OR)."""

    classes: frozenset[str] = frozenset()
    borders: frozenset[Border] = frozenset()
    sizes: frozenset[Size] = frozenset()
    flying: bool | None = None
    bribeable_by: BriberyIcon | None = None
    attack_type: AttackType | None = None
    has_ranged: bool | None = None
    defending_in_stronghold: bool | None = None
    names: frozenset[str] = frozenset()
    any_of: tuple[Selector, ...] = ()

    def matches(self, card: CardDefinition, *, defending_in_stronghold: bool = False) -> bool:
        if self.classes and not self.classes & {c.lower() for c in card.classes}:
            return False
        if self.borders and card.border not in self.borders:
            return False
        if self.sizes and card.size not in self.sizes:
            return False
        if self.flying is not None and card.flying != self.flying:
            return False
        if self.bribeable_by is not None and self.bribeable_by not in card.bribery:
            return False
        if self.attack_type is not None and self.attack_type not in card.attack_types:
            return False
        if self.has_ranged is not None and (card.ranged_attack is not None) != self.has_ranged:
            return False
        if self.defending_in_stronghold is not None and defending_in_stronghold != self.defending_in_stronghold:
            return False
        if self.names and card.slug not in self.names:
            return False
        if self.any_of and not any(
            option.matches(card, defending_in_stronghold=defending_in_stronghold) for option in self.any_of
        ):
            return False
        return True

    def describe(self) -> str:
        """Plain words for the card page and the log: 'Knights', 'creatures bribeable by Babes'."""
        parts: list[str] = []
        noun = "creatures"
        if self.names:
            return " or ".join(sorted(self.names))
        if self.sizes:
            parts.append("/".join(size.value.capitalize() for size in sorted(self.sizes, key=lambda s: s.value)))
        if self.borders:
            noun = " or ".join(
                f"{border.value.capitalize()}s" for border in sorted(self.borders, key=lambda b: b.value)
            )
        if self.classes:
            noun = " or ".join(sorted(_plural(c.title()) for c in self.classes))
        phrase = " ".join(parts + [noun])
        if self.flying is True:
            phrase += " that fly"
        if self.flying is False:
            phrase += " that cannot fly"
        if self.bribeable_by is not None:
            phrase += f" bribeable by {self.bribeable_by.value.capitalize()}"
        if self.attack_type is not None:
            phrase += f" with a {self.attack_type.value}-based attack"
        if self.has_ranged is True:
            phrase += " with a ranged attack"
        if self.defending_in_stronghold:
            phrase += " defending in a stronghold"
        if self.any_of:
            phrase = " or ".join(option.describe() for option in self.any_of)
        return phrase

    @classmethod
    def parse(cls, data: Mapping[str, Any], where: str) -> Selector:
        unknown = set(data) - _KEYS
        if unknown:
            raise CatalogError(f"{where}: unknown selector key(s) {sorted(unknown)}")
        try:
            return cls(
                classes=frozenset(c.lower() for c in _as_list(data.get("class"))),
                borders=frozenset(Border(b) for b in _as_list(data.get("border"))),
                sizes=frozenset(Size(s) for s in _as_list(data.get("size"))),
                flying=data.get("flying"),
                bribeable_by=BriberyIcon(data["bribeable_by"]) if "bribeable_by" in data else None,
                attack_type=AttackType(data["attack_type"]) if "attack_type" in data else None,
                has_ranged=data.get("has_ranged"),
                defending_in_stronghold=data.get("defending_in_stronghold"),
                names=frozenset(_as_list(data.get("name"))),
                any_of=tuple(cls.parse(option, where) for option in data.get("any_of", ())),
            )
        except ValueError as exc:
            raise CatalogError(f"{where}: {exc}") from exc

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.classes:
            data["class"] = sorted(self.classes)
        if self.borders:
            data["border"] = sorted(b.value for b in self.borders)
        if self.sizes:
            data["size"] = sorted(s.value for s in self.sizes)
        for key in ("flying", "has_ranged", "defending_in_stronghold"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.bribeable_by is not None:
            data["bribeable_by"] = self.bribeable_by.value
        if self.attack_type is not None:
            data["attack_type"] = self.attack_type.value
        if self.names:
            data["name"] = sorted(self.names)
        if self.any_of:
            data["any_of"] = [option.to_data() for option in self.any_of]
        return data


_UNCOUNTED = {"Undead", "Saurian", "Human"}


def _plural(noun: str) -> str:
    """'Knight' -> 'Knights'; class names that are already plural or collective stay as they are."""
    if noun in _UNCOUNTED or noun.endswith("s"):
        return noun
    return noun + "s"


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


ANY_CREATURE = Selector()
