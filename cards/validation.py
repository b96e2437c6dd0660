"""Cross-field rules a card must satisfy; the admin and the fixture loader both run them.

Single-field ranges live on the model fields; this module holds the rules that relate fields
to the card's type and to each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError

from cards.choices import COMMAND_CARD_TYPES, OCB_AGAINST, SHIELD_NUMBER_TYPES, CardType

if TYPE_CHECKING:
    from cards.models import Card

# Printed cards whose red stacking number is below their Vitality. The rule "stacking >=
# Vitality" holds for every other creature, so these are listed instead of dropping the rule.
STACKING_BELOW_VITALITY = frozenset({"rotten-guy", "fatback-chak"})

CREATURE_FIELDS = (
    "border",
    "stacking_vitality",
    "ocb",
    "ocb_against",
    "receives_channeling",
    "bribe_babes",
    "bribe_gold",
    "bribe_beer",
    "size",
    "flying",
    "ranged_attack",
)
GUARDIAN_FIELDS = ("guardian_stones", "guardian_base_draw", "guardian_ldl", "guardian_mdl", "guardian_luc")
STRONGHOLD_FIELDS = (
    "stronghold_group",
    "stronghold_position",
    "stronghold_defend_bonus",
    "stronghold_counts_as_terrain",
)


def _is_empty(value: object) -> bool:
    return value is None or value == "" or value is False


def validate_card(card: Card) -> None:
    """Raise ValidationError, keyed by field, for every rule the card breaks."""
    errors: dict[str, str] = {}
    is_creature = card.card_type == CardType.CREATURE
    is_guardian = card.card_type == CardType.GUARDIAN

    if is_creature:
        for name in ("border", "size"):
            if not getattr(card, name):
                errors[name] = "A creature needs this."
        if card.vitality is None:
            errors["vitality"] = "A creature needs a Vitality."
        if card.receives_channeling is None:
            errors["receives_channeling"] = "Say whether the creature can receive channelling."
        _check_off_colour(card, errors)
        _check_stacking(card, errors)
    else:
        for name in CREATURE_FIELDS:
            if not _is_empty(getattr(card, name)):
                errors[name] = "Only creatures have this."

    if card.command and card.card_type not in COMMAND_CARD_TYPES:
        errors["command"] = "Only creatures, spells, items, accessories and stronghold up- or downgrades have this."

    if not (is_creature or is_guardian):
        for name in ("vitality", "cmp"):
            if getattr(card, name) is not None:
                errors[name] = "Only creatures and Guardians have this."

    for name in GUARDIAN_FIELDS:
        if is_guardian and getattr(card, name) is None:
            errors[name] = "A Guardian needs this."
        elif not is_guardian and getattr(card, name) is not None:
            errors[name] = "Only Guardians have this."

    is_stronghold = card.card_type == CardType.STRONGHOLD
    for name in STRONGHOLD_FIELDS:
        if not is_stronghold and not _is_empty(getattr(card, name)):
            errors[name] = "Only strongholds have this."
    if is_stronghold and not (card.stronghold_group and card.stronghold_position):
        errors["stronghold_position"] = "A stronghold card needs its group and position."

    if card.shield_number is not None and card.card_type not in SHIELD_NUMBER_TYPES:
        errors["shield_number"] = "Only shields, standard bearers and shield/terrain cards have a shield number."

    if errors:
        raise ValidationError(errors)


def _check_off_colour(card: Card, errors: dict[str, str]) -> None:
    expected = OCB_AGAINST.get(card.border) if card.ocb else None  # type: ignore[call-overload]
    if (card.ocb_against or None) != expected:
        errors["ocb_against"] = (
            f"A {card.border or 'borderless'} creature's off-colour bonus applies against {expected}."
            if expected
            else "Leave empty when there is no off-colour bonus."
        )


def _check_stacking(card: Card, errors: dict[str, str]) -> None:
    if card.stacking_vitality is None or card.vitality is None or card.slug in STACKING_BELOW_VITALITY:
        return
    if card.stacking_vitality < card.vitality:
        errors["stacking_vitality"] = (
            f"The red stacking number ({card.stacking_vitality}) is below the Vitality ({card.vitality})."
        )
