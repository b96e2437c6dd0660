"""Links inside the combat pages: every id a page points to (a label's or an output's for,
aria-describedby, aria-labelledby, a datalist, a #fragment) is on that page, and no id is given twice.

The set-up form is the page most likely to go wrong: each field's help and errors are read out only if
the ids its input names are there, and the error states (a form with problems, a notation that does not
parse, a set-up the engine refuses) are where those ids change.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.test import Client

from combat.examples import arena_examples
from combat.links import permalink
from tests.page_ids import id_problems

pytestmark = pytest.mark.django_db

EXAMPLE_2A = (
    "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit "
    "d.secondary=rock-spirit>sun-spirit"
)
BAD_FORM = "/combat/build/?terrain=nowhere&a-creatures=sand-lrod&a-stones=lots&d-creatures=archer&a-choices=x:y"

PAGES = {
    "form": ("/combat/", 200),
    "blank form": ("/combat/?blank=1", 200),
    "form with problems": (BAD_FORM, 400),
    "form, checked": ("/combat/build/?check=1&a-creatures=sun-spirit&d-creatures=archer", 200),
    "step-through": (permalink(EXAMPLE_2A), 200),
    "step-through, a middle step": (permalink(EXAMPLE_2A, step=5), 200),
    "step-through, result": (permalink(EXAMPLE_2A, step="end"), 200),
    "edit a set-up": (permalink(EXAMPLE_2A, edit=1), 200),
    "notation that does not parse": ("/combat/?s=" + quote("a=Sand_Lord d=swordsman"), 400),
    "set-up the engine refuses": ("/combat/?s=" + quote("a=sand-lord d=swordsman d.bribe=1:gold"), 400),
    "duel form": ("/combat/?ruleset=arena", 200),
    "duel form with problems": ("/combat/duel/?made_up=nonsense&a_duellist=archer", 400),
    "duel, unknown card": ("/combat/?s=" + quote("ruleset=arena a=nobody-here d=archer"), 400),
    "duel": (permalink(arena_examples()[0].notation), 200),
    "duel result": (permalink(arena_examples()[0].notation, step="end"), 200),
    "notation guide": ("/combat/notation/", 200),
}


@pytest.mark.parametrize(("path", "status"), PAGES.values(), ids=PAGES.keys())
def test_every_id_a_combat_page_points_to_is_there_once(client: Client, path: str, status: int) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert id_problems(response.content.decode()) == ([], [])


def test_a_field_in_error_points_to_its_error_and_its_help() -> None:
    """The form with problems names the errors under the ids its fields point to, so they are read out."""
    html = Client().get(BAD_FORM).content.decode()
    assert 'id="id_a-stones_error"' in html and 'id="id_a-stones_helptext"' in html
    assert 'aria-describedby="id_a-stones_helptext id_a-stones_error"' in html


def test_a_select_in_error_points_to_its_error_like_a_text_input() -> None:
    """Selects are drawn by choice_select, not Django's widget; in error they name their error element
    and say they are invalid, as the text inputs do, and the element they name is on the page."""
    html = Client().get(BAD_FORM).content.decode()
    select = re.search(r'<select name="terrain"[^>]*>', html)
    assert select is not None
    described = re.search(r'aria-describedby="([^"]*)"', select.group(0))
    assert described is not None and "id_terrain_error" in described.group(1).split()
    assert 'aria-invalid="true"' in select.group(0)
    assert 'id="id_terrain_error"' in html
    assert id_problems(html) == ([], [])
