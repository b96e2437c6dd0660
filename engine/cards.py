"""Card definitions: the printed facts of a card plus its abilities as data."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .abilities import Ability, Aoe, AttackKind, CommandCard, Immunity, LendsCommand, parse_ability
from .dice import Dice
from .enums import AttackType, AutomationStatus, Border, BriberyIcon, CardType, Size, Terrain, Timing
from .errors import CatalogError

A = TypeVar("A", bound=Ability)


@dataclass(frozen=True)
class GuardianStats:
    vitality: int
    cmp: int
    stones: int
    base_draw: int = 3
    ldl: int = 0
    mdl: int = 0
    luc: int = 0


# Cards that lie in play before any combat (beside the Guardian, on a stronghold card): every text of theirs
# that acts in a combat lasts into it, so the set-up may name them as played earlier.
IN_PLAY_TYPES = frozenset({CardType.ACCESSORY, CardType.STRONGHOLD_UPGRADE, CardType.STRONGHOLD_DOWNGRADE})
# A player without a Guardian card uses Rak Nam's numbers (VAL-17).
DEFAULT_GUARDIAN = GuardianStats(vitality=30, cmp=9, stones=7, base_draw=3, ldl=-1, mdl=1, luc=1)
DEFAULT_STRONGHOLD_BONUS = 5


@dataclass(frozen=True)
class StrongholdStats:
    group: str
    position: str
    defend_bonus: int | None
    counts_as_terrain: Terrain | None


@dataclass(frozen=True)
class CardDefinition:
    slug: str
    name: str
    type: CardType
    border: Border | None = None
    vitality: int | None = None
    stacking_vitality: int | None = None
    ocb: int = 0
    cmp: int | None = None
    receives_channeling: bool = False
    bribery: frozenset[BriberyIcon] = frozenset()
    classes: tuple[str, ...] = ()
    size: Size | None = None
    flying: bool = False
    ranged_attack: int | None = None
    command: bool = False
    up_number: int | None = None
    guardian: GuardianStats | None = None
    stronghold: StrongholdStats | None = None
    terrain_types: frozenset[Terrain] = frozenset()
    abilities: tuple[Ability, ...] = ()
    automation: AutomationStatus = AutomationStatus.NOT_AUTOMATED
    automation_reason: str = ""
    aliases: tuple[str, ...] = field(default=(), compare=False)
    # The resolver asks for abilities by kind hundreds of times per combat; answers are kept per card.
    _by_kind: dict[builtins.type[Any], tuple[Any, ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    @property
    def is_creature(self) -> bool:
        return self.type is CardType.CREATURE

    @property
    def base_vitality(self) -> int:
        """Printed black Vitality; what fights, what AOEs test and what counts for control."""
        return self.vitality or 0

    @property
    def stacking(self) -> int:
        """What the creature costs against the 30-point limit: the red number where printed."""
        if self.stacking_vitality is not None:
            return self.stacking_vitality
        return self.base_vitality

    @property
    def up(self) -> int:
        if self.is_creature:
            return self.base_vitality
        return self.up_number or 0

    @property
    def attack_types(self) -> frozenset[AttackType]:
        return frozenset(ability.type for ability in self.abilities if isinstance(ability, AttackKind))

    @property
    def dice_needed(self) -> tuple[Dice, ...]:
        """Every roll this card needs from the set-up when it takes part."""
        found: list[Dice] = []
        for ability in self.abilities:
            dice = getattr(ability, "dice", None)
            if isinstance(dice, Dice):
                found.append(dice)
        return tuple(found)

    @property
    def count_needed(self) -> str:
        """What the set-up must count for this card (its abilities' ``counting``), '' if nothing."""
        for ability in self.abilities:
            counting = getattr(ability, "counting", "")
            if counting and (
                getattr(ability, "per", None) is not None
                or getattr(ability, "per_count", 0)
                or getattr(ability, "needs_count", False)
            ):
                return str(counting)
        return ""

    @property
    def choice_offered(self) -> Ability | None:
        """The ability whose choice the set-up's ``choices`` input makes for this card, if any."""
        for ability in self.abilities:
            if ability.offer() is not None:
                return ability
        return None

    @property
    def lasts_from_earlier(self) -> bool:
        """Whether the set-up may name this card as played before the combat (its effect lasts into it)."""
        if self.type in IN_PLAY_TYPES and any(ability.steps for ability in self.abilities):
            return True
        return any(ability.lasts_into_combat() for ability in self.abilities)

    @property
    def immune_attack_types(self) -> frozenset[AttackType]:
        return frozenset(
            ability.attack_type
            for ability in self.abilities
            if isinstance(ability, Immunity) and ability.attack_type is not None
        )

    @property
    def usable_as_command(self) -> bool:
        if self.is_creature:
            return self.command
        if self.first(LendsCommand) is not None:
            return False  # played with the command creature, never the command card itself (Heels of Speed)
        return self.command or any(
            isinstance(ability, CommandCard) or getattr(ability, "timing", None) is Timing.COMMAND
            for ability in self.abilities
        )

    def abilities_of(self, kind: builtins.type[A]) -> tuple[A, ...]:
        found = self._by_kind.get(kind)
        if found is None:
            found = self._by_kind[kind] = tuple(ability for ability in self.abilities if isinstance(ability, kind))
        return found

    def first(self, kind: builtins.type[A]) -> A | None:
        # Through the table of abilities by kind, read directly (as Fighter.text does): asked for every
        # creature at every count for control and many times by the command step.
        found = self._by_kind.get(kind)
        if found is None:
            found = self.abilities_of(kind)
        return found[0] if found else None

    def command_aoe(self) -> Aoe | None:
        for ability in self.abilities_of(Aoe):
            if ability.timing is Timing.COMMAND or (self.is_creature and self.command):
                return ability
        return None

    def __str__(self) -> str:
        return self.name

    @classmethod
    def from_fixture(cls, data: Mapping[str, Any]) -> CardDefinition:
        slug = str(data.get("slug", "?"))
        where = f"card {slug!r}"
        try:
            guardian = data.get("guardian")
            stronghold = data.get("stronghold")
            automation = data.get("automation") or {}
            return cls(
                slug=slug,
                name=str(data["name"]),
                type=CardType(data["type"]),
                border=Border(data["border"]) if data.get("border") else None,
                vitality=data.get("vitality"),
                stacking_vitality=data.get("stacking_vitality"),
                ocb=data.get("ocb") or 0,
                cmp=data.get("cmp"),
                receives_channeling=bool(data.get("receives_channeling")),
                bribery=frozenset(BriberyIcon(icon) for icon in data.get("bribery") or ()),
                classes=tuple(data.get("classes") or ()),
                size=Size(data["size"]) if data.get("size") else None,
                flying=bool(data.get("flying")),
                ranged_attack=data.get("ranged_attack"),
                command=bool(data.get("command")),
                up_number=data.get("up_number"),
                guardian=GuardianStats(**guardian) if guardian else None,
                stronghold=StrongholdStats(
                    group=stronghold.get("group", ""),
                    position=stronghold.get("position") or "",
                    defend_bonus=stronghold.get("defend_bonus"),
                    counts_as_terrain=(
                        Terrain.parse(stronghold["counts_as_terrain"]) if stronghold.get("counts_as_terrain") else None
                    ),
                )
                if stronghold
                else None,
                terrain_types=frozenset(Terrain.parse(t) for t in data.get("terrain_types") or ()),
                abilities=tuple(
                    parse_ability(ability, f"{where} ability {index + 1}")
                    for index, ability in enumerate(data.get("abilities") or ())
                ),
                automation=AutomationStatus(automation.get("status", "not_automated")),
                automation_reason=str(automation.get("reason", "")),
                aliases=tuple(data.get("aliases") or ()),
            )
        except CatalogError:
            raise
        except (KeyError, ValueError, TypeError) as exc:
            raise CatalogError(f"{where}: {exc}") from exc
