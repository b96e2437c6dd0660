"""The combat pages' navigation regions: breadcrumbs a named navigation region as on the rest of the site,
and every navigation region named, no two alike."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.test import Client

from combat.examples import arena_examples
from combat.links import permalink
from tests.site.test_landmarks import LABEL, MOST_NAVS, NAV

pytestmark = pytest.mark.django_db

EXAMPLE = "a=sand-lord,swordsman d=archer,amber-well"
WITH_BREADCRUMBS = {
    "step-through": (permalink(EXAMPLE), 200),
    "duel form": ("/combat/?ruleset=arena", 200),
    "set-up problem": ("/combat/?s=" + quote("a=Sand_Lord d=swordsman"), 400),
    "duel": (permalink(arena_examples()[0].notation), 200),
    "notation guide": ("/combat/notation/", 200),
    "every play order": ("/combat/explore/?s=" + quote(EXAMPLE), 200),
}


@pytest.mark.parametrize(("path", "status"), WITH_BREADCRUMBS.values(), ids=WITH_BREADCRUMBS.keys())
def test_combat_breadcrumbs_are_a_named_navigation_region(client: Client, path: str, status: int) -> None:
    response = client.get(path)
    assert response.status_code == status
    html = response.content.decode()
    assert '<nav class="breadcrumbs" aria-label="Breadcrumbs">' in html
    assert 'class="breadcrumbs"' not in html.replace('<nav class="breadcrumbs"', "", 1)
    labels = [next(iter(LABEL.findall(attributes)), "") for attributes in NAV.findall(html)]
    assert "" not in labels
    assert len(labels) == len(set(labels)) and len(labels) <= MOST_NAVS, labels
