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
    "any_bribery",
    "attack_type",
    "immune_to",
    "has_ranged",
    "receives_channeling",
    "min_vitality",
    "max_vitality",
    "ocb",
    "defending_in_stronghold",
    "name",
    "has_ability",
    "any_of",
    "not",
}


@dataclass(frozen=True)
class Selector:
    """Every field given must hold (AND); ``any_of`` holds when one of its selectors does (OR);
    ``not`` holds when its selector does not."""

    classes: frozenset[str] = frozenset()
    borders: frozenset[Border] = frozenset()
    sizes: frozenset[Size] = frozenset()
    flying: bool | None = None
    bribeable_by: BriberyIcon | None = None
    any_bribery: bool | None = None
    attack_type: AttackType | None = None
    immune_to: AttackType | None = None
    has_ranged: bool | None = None
    receives_channeling: bool | None = None
    min_vitality: int | None = None
    max_vitality: int | None = None
    ocb: int | None = None
    defending_in_stronghold: bool | None = None
    names: frozenset[str] = frozenset()
    has_ability: str | None = None
    any_of: tuple[Selector, ...] = ()
    negated: Selector | None = None

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
        if self.any_bribery is not None and bool(card.bribery) != self.any_bribery:
            return False
        if self.attack_type is not None and self.attack_type not in card.attack_types:
            return False
        if self.immune_to is not None and self.immune_to not in card.immune_attack_types:
            return False
        if self.has_ranged is not None and (card.ranged_attack is not None) != self.has_ranged:
            return False
        if self.receives_channeling is not None and card.receives_channeling != self.receives_channeling:
            return False
        if self.min_vitality is not None and card.base_vitality < self.min_vitality:
            return False
        if self.max_vitality is not None and card.base_vitality > self.max_vitality:
            return False
        if self.ocb is not None and card.ocb != self.ocb:
            return False
        if self.defending_in_stronghold is not None and defending_in_stronghold != self.defending_in_stronghold:
            return False
        if self.names and card.slug not in self.names:
            return False
        if self.has_ability is not None and not any(a.kind == self.has_ability for a in card.abilities):
            return False
        if self.any_of and not any(
            option.matches(card, defending_in_stronghold=defending_in_stronghold) for option in self.any_of
        ):
            return False
        if self.negated is not None and self.negated.matches(card, defending_in_stronghold=defending_in_stronghold):
            return False
        return True

    def describe(self) -> str:
        """Plain words for the card page and the log: 'Knights', 'creatures bribeable by Babes'."""
        if self.names and not (self.classes or self.borders or self.sizes):
            return " or ".join(sorted(_title(name) for name in self.names))
        if self.negated is not None and self == Selector(negated=self.negated):
            inner = self.negated
            if inner.immune_to is not None and inner == Selector(immune_to=inner.immune_to):
                return f"creatures not immune to {inner.immune_to.value}"
            return f"creatures other than {inner.describe()}"
        parts: list[str] = []
        noun = "creatures"
        if self.sizes:
            parts.append("/".join(size.value.capitalize() for size in sorted(self.sizes, key=lambda s: s.value)))
        if self.borders:
            noun = " or ".join(
                f"{border.value.capitalize()}s" for border in sorted(self.borders, key=lambda b: b.value)
            )
        if self.classes:
            noun = " or ".join(sorted(_plural(c.title()) for c in self.classes))
        phrase = " ".join(parts + [noun])
        qualifiers = []
        if self.flying is True:
            qualifiers.append("that fly")
        if self.flying is False:
            qualifiers.append("that cannot fly")
        if self.bribeable_by is not None:
            qualifiers.append(f"bribeable by {self.bribeable_by.value.capitalize()}")
        if self.any_bribery is True:
            qualifiers.append("that can be bribed")
        if self.any_bribery is False:
            qualifiers.append("that cannot be bribed")
        if self.attack_type is not None:
            qualifiers.append(f"with a {self.attack_type.value}-based attack")
        if self.immune_to is not None:
            qualifiers.append(f"immune to {self.immune_to.value}")
        if self.has_ranged is True:
            qualifiers.append("with a ranged attack")
        if self.has_ranged is False:
            qualifiers.append("without a ranged attack")
        if self.receives_channeling is True:
            qualifiers.append("that can receive channelling")
        if self.receives_channeling is False:
            qualifiers.append("that cannot receive channelling")
        if self.min_vitality is not None:
            qualifiers.append(f"of Vitality {self.min_vitality} or more")
        if self.max_vitality is not None:
            qualifiers.append(f"of Vitality {self.max_vitality} or less")
        if self.ocb is not None:
            qualifiers.append(f"with an off-colour bonus of {self.ocb}")
        if self.defending_in_stronghold:
            qualifiers.append("defending in a stronghold")
        if self.names:
            qualifiers.append("named " + " or ".join(sorted(_title(name) for name in self.names)))
        if self.has_ability is not None:
            qualifiers.append(f"whose text has a {self.has_ability.replace('_', ' ')} ability")
        if self.negated is not None:
            qualifiers.append(f"except {self.negated.describe()}")
        if qualifiers:
            phrase += " " + ", ".join(qualifiers)
        if self.any_of:
            options = " or ".join(option.describe() for option in self.any_of)
            phrase = options if phrase == "creatures" else f"{phrase} that are {options}"
        return phrase

    @classmethod
    def parse(cls, data: Mapping[str, Any], where: str) -> Selector:
        if not isinstance(data, Mapping):
            raise CatalogError(f"{where}: a selector must be an object, got {data!r}")
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
                any_bribery=data.get("any_bribery"),
                attack_type=AttackType(data["attack_type"]) if "attack_type" in data else None,
                immune_to=AttackType(data["immune_to"]) if "immune_to" in data else None,
                has_ranged=data.get("has_ranged"),
                receives_channeling=data.get("receives_channeling"),
                min_vitality=data.get("min_vitality"),
                max_vitality=data.get("max_vitality"),
                ocb=data.get("ocb"),
                defending_in_stronghold=data.get("defending_in_stronghold"),
                names=frozenset(_as_list(data.get("name"))),
                has_ability=data.get("has_ability"),
                any_of=tuple(cls.parse(option, where) for option in data.get("any_of", ())),
                negated=cls.parse(data["not"], where) if "not" in data else None,
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
        for key in (
            "flying",
            "any_bribery",
            "has_ranged",
            "receives_channeling",
            "min_vitality",
            "max_vitality",
            "ocb",
            "defending_in_stronghold",
        ):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.bribeable_by is not None:
            data["bribeable_by"] = self.bribeable_by.value
        if self.attack_type is not None:
            data["attack_type"] = self.attack_type.value
        if self.immune_to is not None:
            data["immune_to"] = self.immune_to.value
        if self.names:
            data["name"] = sorted(self.names)
        if self.has_ability is not None:
            data["has_ability"] = self.has_ability
        if self.any_of:
            data["any_of"] = [option.to_data() for option in self.any_of]
        if self.negated is not None:
            data["not"] = self.negated.to_data()
        return data


_UNCOUNTED = {"Undead", "Saurian", "Human", "Misc. Human"}


def _plural(noun: str) -> str:
    """'Knight' -> 'Knights', 'Fairy' -> 'Fairies'; plural or collective class names stay as they are."""
    if noun in _UNCOUNTED or noun.endswith("s"):
        return noun
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _title(slug: str) -> str:
    """A card named by slug in ability data, written for people: 'eternal-witch-lord' -> 'Eternal Witch Lord'."""
    return " ".join(word.capitalize() for word in slug.split("-"))


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


ANY_CREATURE = Selector()
