"""Every standard combat scenario of fixtures/examples/ is reachable from the worked examples: as a page's
own set-up, as a variant listed under that page, or among the scenarios without a page; each opens in the
simulator, to step through or to change."""

from __future__ import annotations

import html as html_lib

import pytest
from django.test import Client

from combat.examples import all_examples, find_example, variants_of
from combat.links import permalink
from rulings.models import WorkedExample

pytestmark = pytest.mark.django_db


def _html(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return html_lib.unescape(response.content.decode())


def test_example_2a_links_its_ice_ogre_variant(client: Client) -> None:
    variant = find_example("example-2a-ice-ogre")
    assert variant is not None and variant.variant_of == "example-2a"
    page = _html(client, "/rules/examples/example-2a/")
    section = page[page.index('id="variants"') :]
    assert f'href="{permalink(variant.notation)}"' in section and variant.title in section
    assert 'href="/combat/?example=example-2a-ice-ogre"' in section
    # The link opens the variant in the simulator's form, with its own set-up.
    form = _html(client, "/combat/?example=example-2a-ice-ogre")
    assert "rock-spirit&gt;ice-ogre" in form or "rock-spirit>ice-ogre" in form


def test_every_scenario_is_linked_from_the_examples_list(client: Client) -> None:
    listing = _html(client, "/rules/examples/")
    pages = {example.notation: example for example in WorkedExample.objects.exclude(notation="")}
    for scenario in all_examples():
        if scenario.ruleset != "standard":
            continue
        if scenario.notation in pages:
            continue  # the page's own "Try in the simulator" link (tests/rulings/test_pages.py)
        assert f'href="{permalink(scenario.notation)}"' in listing, scenario.id
        if scenario.variant_of:
            main = find_example(scenario.variant_of)
            assert main is not None and main.notation in pages, scenario.id
            page = _html(client, pages[main.notation].get_absolute_url())
            assert f'href="{permalink(scenario.notation)}"' in page[page.index('id="variants"') :], scenario.id
    assert "Hammer of Doom in the Woods" in listing[listing.index('id="more-scenarios"') :]


def test_a_page_without_variants_lists_none() -> None:
    assert variants_of("") == ()
    assert variants_of("a=sand-lord d=swordsman") == ()
