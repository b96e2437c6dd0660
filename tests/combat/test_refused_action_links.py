"""A refused action of an ordered match-up names its cards as values (engine.core.action_said), so its step and
its warning link them where the words name them, and neither shows the notation (``d:ranged:djinn``)."""

from __future__ import annotations

from combat.card_links import notice_html, step_html
from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.resolver import resolve

CATALOG = default_catalog()
NAMES = {"Djinn": "djinn", "Light Elemental": "light-elemental", "Kikijub": "kikijub"}


def test_a_refused_shot_links_its_shooter_where_the_sentence_names_it() -> None:
    log = resolve(
        parse_setup("terrain=mountains a=light-elemental d=kikijub,djinn m1=d:ranged:djinn,a:channel:guardian"),
        CATALOG,
    )
    [step] = [step for step in log.steps if step.message == "action.refused"]
    html = str(step_html(step, NAMES))
    assert 'ranged attack by <a href="/cards/djinn/">Djinn</a> is refused' in html
    assert "d:ranged" not in html and "named-cards" not in html
    [notice] = log.result.notices
    html = str(notice_html(notice, NAMES))
    assert 'ranged attack by <a href="/cards/djinn/">Djinn</a> is refused' in html
    assert "d:ranged" not in html
