"""What the step-through adds to the engine's steps: rule numbers, card links, the picture, the shared
image, English labels, the hand-check list, the explore offer and the notation page."""

from __future__ import annotations

import html as html_module
import re
from urllib.parse import quote

import pytest
from django.test import Client

from combat.examples import all_examples
from combat.links import permalink
from combat.notation_doc import CLAUSES
from engine.notation import SIDE_KEYS

pytestmark = pytest.mark.django_db
EXAMPLE_2A = (
    "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit "
    "d.secondary=rock-spirit>sun-spirit"
)


def _text(html: str) -> str:
    return html_module.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_each_step_names_its_rule_number_and_links_its_cards(client: Client) -> None:
    html = client.get(permalink(EXAMPLE_2A, step=15)).content.decode()
    current = html[html.index('class="current-step') : html.index('class="table-view"')]
    assert ">Rule 6.8.3</summary>" in current and 'href="/rules/6.8.3/"' in current
    assert "PRI-7" not in _text(current)
    # The sentence's card names are links; the card responsible is named under it.
    assert '<a href="/cards/sun-spirit/">Sun Spirit</a> +6 from its off-colour bonus' in current
    assert 'Card: <a href="/cards/sun-spirit/">Sun Spirit</a>' in current
    log = html[html.index('class="chapter-log"') :]
    assert re.search(r'class="rule-ref" href="/rules/6\.4\.2/" title="[^"]+">Rule 6\.4\.2<', log)


def test_the_picture_shows_every_creature_with_its_running_total(client: Client) -> None:
    html = client.get(permalink(EXAMPLE_2A, step=15)).content.decode()
    picture = html[html.index('class="combat-picture"') : html.index("</figure>")]
    assert picture.count('class="bar-row') == 7
    sun = re.search(
        r'<li class="bar-row([^"]*)">\s*<a class="bar-name" href="/cards/sun-spirit/">.*?</li>', picture, re.S
    )
    assert sun and "is-subject" in sun.group(1) and "change-bonus" in sun.group(1) and "is-cause" in sun.group(1)
    assert "bonus +6" in _text(sun.group(0)) and "total 18" in _text(sun.group(0))
    # The beaten creatures of earlier match-ups are marked in words; the two fighting now are named.
    assert _text(picture).count("beaten") == 2
    assert _text(picture).count("in match-up 3") == 2 and picture.count("off-matchup") == 5


def test_a_penalty_is_marked_apart_from_a_bonus(client: Client) -> None:
    # Made Small, the Female Titan loses 4: a penalty, drawn and worded differently from a bonus.
    response = client.get(permalink("a=female-titan a.choices=female-titan:small d=sand-lord", step=7))
    html = response.content.decode()
    assert "change-penalty" in html and "A penalty" in _text(html) and "penalty \u22124" in _text(html)
    assert "change-bonus" not in html[html.index('class="combat-picture"') : html.index("</figure>")]


def test_the_result_can_be_shared_as_an_image_with_page_metadata(client: Client) -> None:
    html = client.get(permalink(EXAMPLE_2A, step="end")).content.decode()
    image = re.search(r'<meta property="og:image" content="([^"]+)">', html)
    assert image and "/combat/picture.png?" in image.group(1) and "step=end" in image.group(1)
    assert re.search(r'<meta property="og:title" content="[^"]*: the attacker holds the space, 17 against 5">', html)
    # The page's own picture (Save the picture) is the SVG; link previews use the PNG drawn from it.
    svg_url = html_module.unescape(image.group(1)).split("testserver", 1)[1].replace("picture.png", "picture.svg")
    svg = client.get(svg_url)
    assert svg.status_code == 200 and svg["Content-Type"].startswith("image/svg+xml")
    body = svg.content.decode()
    assert body.startswith("<svg") and "The attacker holds the space, 17 against 5" in body
    assert all(name in body for name in ("Wood Nymph", "Rock Spirit", "beaten"))
    assert client.get("/combat/picture.svg?s=a%3Dnothing").status_code == 400


def test_the_permalink_can_hold_the_step(client: Client) -> None:
    html = client.get(permalink(EXAMPLE_2A, step=15)).content.decode()
    assert re.search(r'id="step-permalink" readonly value="http://testserver/combat/\?s=[^"]+&amp;step=15"', html)


def test_labels_speak_english_on_every_example(client: Client) -> None:
    destroyed = 0
    for example in all_examples():
        text = _text(client.get(permalink(example.notation, step="end")).content.decode())
        assert "Side." not in text and "Winner." not in text and "Fate." not in text, example.id
        destroyed += "Shields destroyed:" in text
    assert destroyed == 14


def test_a_card_to_check_by_hand_is_listed_once(client: Client) -> None:
    # Imhotep is not automated (three copies, one list entry); Skeletal Minion, out of scope, acts only after the
    # combat, so it is no card to check by hand (rule 11.4.1).
    setup = "a=imhotep-visier-of-djoser,imhotep-visier-of-djoser,skeletal-minion d=imhotep-visier-of-djoser,swordsman"
    html = client.get(permalink(setup, step="end"))
    box = html.content.decode().split("Check these by hand", 1)[1].split("</ul>", 1)[0]
    assert _text(box).count("Imhotep") == 1
    assert "Skeletal Minion" not in _text(box)


def test_explore_says_when_it_will_cover_only_part_of_the_orders(client: Client) -> None:
    small = _text(client.get(permalink(EXAMPLE_2A, step="end")).content.decode())
    assert "Try every pairing of these creatures (24 play orders)" in small
    crowd = "cherub,bone-shambler,shadow-spy,trumpeter,groupie,medicine-man,skeletal-minion"
    big = client.get(permalink(f"a={crowd} d={crowd}", step="end")).content.decode()
    assert "/combat/explore/" in big  # Explore is bounded by time (issue 21), so it is always offered.
    assert "This combat has 5,040 play orders, more than the simulator resolves in its 0.5-second budget" in _text(big)
    # A partial exploration is a seeded random sample (engine.explore covered()), so the page calls it a fair one.
    assert "random sample of them" in _text(big) and "fair estimate of the whole" in _text(big)
    assert "the same combat draws the same sample" in _text(big) and "how they were chosen" in _text(big)


def test_the_notation_page_explains_every_clause_with_an_example_that_opens(client: Client) -> None:
    html = client.get("/combat/notation/").content.decode()
    documented = {clause.key.partition(".")[2] for clause in CLAUSES}
    assert {key for key in SIDE_KEYS.values() if key} <= documented
    assert any(clause.key == "terrain" for clause in CLAUSES)
    for clause in CLAUSES:
        assert f'href="{clause.permalink}"'.replace("&", "&amp;") in html
        response = client.get(clause.permalink + "&step=end")
        assert response.status_code == 200, (clause.key, _text(response.content.decode())[:400])


def test_no_combat_page_sends_players_to_the_readme(client: Client) -> None:
    for path in ("/combat/", "/combat/notation/", permalink(EXAMPLE_2A), "/combat/?s=" + quote("a=nothing d=x")):
        assert "README" not in client.get(path).content.decode(), path


def test_problems_name_the_field_in_words(client: Client) -> None:
    text = _text(client.get("/combat/?s=" + quote("a=sand-lord d=swordsman d.bribe=1:gold")).content.decode())
    assert "Defender, Bribes: 1 Gold bribe(s) planned but the hand holds 0" in text
    assert "how the notation is written" in text.lower() or "the set-up notation" in text


def test_a_notation_error_says_what_each_part_of_the_entry_means(client: Client) -> None:
    text = _text(client.get("/combat/?s=" + quote("a=sand-lord d=swordsman,archer d.ranged=archer")).content.decode())
    assert "Defender, Ranged attackers: 'archer' should look like 3:archer." in text
    assert "the number of the primary match-up the creature supports (1 for the first)" in text
