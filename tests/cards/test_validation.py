"""Model validation (used by the admin and the loader) and the staff-only admin."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from cards.admin import CardAdminForm
from cards.models import Card, CardClass

pytestmark = pytest.mark.django_db


def errors_of(card: Card) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    return caught.value.message_dict


def test_every_loaded_card_passes_validation() -> None:
    for card in Card.objects.select_related("card_set"):
        card.full_clean()


def test_stacking_below_vitality_is_refused() -> None:
    card = Card.objects.get(slug="super-model")  # Vitality 1, red stacking 4
    card.stacking_vitality = 0
    assert "stacking_vitality" in errors_of(card)


def test_printed_exception_to_the_stacking_rule_is_allowed() -> None:
    rotten_guy = Card.objects.get(slug="rotten-guy")
    assert (rotten_guy.vitality, rotten_guy.stacking_vitality) == (7, 6)
    rotten_guy.full_clean()


def test_creature_fields_only_on_creatures() -> None:
    spell = Card.objects.get(slug="chaos-summoner")
    spell.border, spell.bribe_gold = "mortal", True
    assert {"border", "bribe_gold"} <= set(errors_of(spell))


def test_off_colour_bonus_must_follow_the_cycle() -> None:
    sand_lord = Card.objects.get(slug="sand-lord")
    sand_lord.ocb_against = "mortal"
    assert "ocb_against" in errors_of(sand_lord)


def test_ranges() -> None:
    sand_lord = Card.objects.get(slug="sand-lord")
    sand_lord.vitality, sand_lord.ocb = 41, -1
    assert {"vitality", "ocb"} <= set(errors_of(sand_lord))


def test_guardian_needs_its_stats() -> None:
    finn = Card.objects.get(slug="finn-swamp-king")
    finn.guardian_stones = None
    assert "guardian_stones" in errors_of(finn)


def test_admin_form_refuses_classes_on_a_spell() -> None:
    spell = Card.objects.get(slug="chaos-summoner")
    form = CardAdminForm(instance=spell)
    data = {name: form.initial.get(name) for name in form.fields if form.initial.get(name) is not None}
    data["classes"] = [CardClass.objects.get(slug="undead").pk]
    data.update(aliases="[]", terrain_types="[]", abilities="[]", sources="[]", notes="[]", import_fixes="[]")
    bound = CardAdminForm(data=data, instance=spell)
    assert not bound.is_valid()
    assert "classes" in bound.errors


def test_admin_is_staff_only(client: Client) -> None:
    assert client.get("/admin/cards/card/").status_code == 302
    client.force_login(User.objects.create(username="editor", is_staff=True, is_superuser=True))
    card = Card.objects.get(slug="sand-lord")
    assert client.get(f"/admin/cards/card/{card.pk}/change/").status_code == 200


def test_automation_statuses_match_the_engine() -> None:
    enums = pytest.importorskip("engine.enums")
    from cards.choices import AutomationStatus

    assert set(AutomationStatus.values) == {status.value for status in enums.AutomationStatus}
