"""Whose ruling it is, and when it changed: the referee's corrections of 2026-12-07 (issue #32).

The compiled rules hold no errata list, so the errata that correct them are the site's own, dated the day
the site made them; A-08 restates what the compiled rules already say of secondary attack targets; A-12's
widening to bind the Fiend's owner is recorded as a change of substance with the text it replaced."""

from __future__ import annotations

import pytest
from django.test import Client

from rulings.models import Ruling

pytestmark = pytest.mark.django_db

SITE_ERRATA = ["E-01", "E-02", "E-03", "E-09", "E-11", "E-14"]


@pytest.mark.parametrize("code", SITE_ERRATA)
def test_an_erratum_of_the_compiled_rules_is_the_sites_own_and_dated(code: str) -> None:
    ruling = Ruling.objects.get(code=code)
    assert (ruling.authority, ruling.date) == ("site", "2026-11-21")
    assert "no list of errata" in ruling.note
    page = Client().get(ruling.get_absolute_url()).content.decode()
    assert "Date unknown" not in page and "Authority corrected." in page
    api = Client().get(f"/api/v1/rulings/{code}/").json()
    assert (api["authority"], api["date"]) == ("site", "2026-11-21")
    assert api["changes"][-1]["kind"] == "authority"


def test_a_ruling_the_compiled_rules_settle_is_theirs() -> None:
    ruling = Ruling.objects.get(code="A-08")
    assert ruling.authority == "compiled-rules"
    assert ruling.changes[-1]["kind"] == "authority"


def test_a_change_of_substance_is_marked_and_keeps_the_text_it_replaced() -> None:
    ruling = Ruling.objects.get(code="A-12")
    substance = [change for change in ruling.changes if change.get("kind") == "substance"]
    assert len(substance) == 1 and "covers all its owner's creatures" in substance[0]["previous"]
    page = Client().get(ruling.get_absolute_url()).content.decode()
    assert "Change of substance." in page and "Previous text" in page
    api = Client().get("/api/v1/rulings/A-12/").json()
    assert [change["kind"] for change in api["changes"]].count("substance") == 1
    assert all(change["kind"] in {"wording", "substance", "authority"} for change in api["changes"])
