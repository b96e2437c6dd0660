"""The combat pages: the form, the step-through permalink, the final screen and bad input."""

from __future__ import annotations

import html as html_module
import re
from urllib.parse import quote

import pytest
from django.test import Client

from combat.examples import all_examples
from combat.links import permalink
from engine.catalog import default_catalog
from engine.enums import AutomationStatus

# Combats read the card catalog the database holds (cards.engine_catalog), and the step-through names
# each step's numbered rule, which the rules reference in the database gives.
pytestmark = pytest.mark.django_db

EXAMPLE_2A = (
    "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit "
    "d.secondary=rock-spirit>sun-spirit"
)


def _text(html: str) -> str:
    return html_module.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_the_form_page_resolves_at_once(client: Client) -> None:
    html = client.get("/combat/").content.decode()
    assert 'action="/combat/build/"' in html and 'name="a-creatures"' in html and 'name="d-stronghold"' in html
    assert "sand-lord" in html and "11 of 30 points" in _text(html)
    # The pre-filled form, submitted as it is, gives a step-through.
    fields = dict(re.findall(r'<textarea name="([^"]+)"[^>]*>\s*([^<]*)</textarea>', html))
    fields["terrain"] = "swamp"
    fields["d-ranged"] = "1:archer"
    response = client.get("/combat/build/", fields)
    assert response.status_code == 302
    assert client.get(response["Location"]).status_code == 200


def test_load_example_lists_every_worked_example(client: Client) -> None:
    html = client.get("/combat/").content.decode()
    assert len(all_examples()) == 27
    for example in all_examples():
        assert f'data-example="{example.id}"' in html
        assert permalink(example.notation).replace("&", "&amp;") in html


def test_every_example_steps_through_to_the_result_the_rules_give(client: Client) -> None:
    for example in all_examples():
        response = client.get(permalink(example.notation, step="end"))
        assert response.status_code == 200, example.id
        text = _text(response.content.decode())
        expected = example.expected
        assert f"The {expected['winner']} holds the space" in text, example.id
        assert f": {expected['attacker_total']} against {expected['defender_total']}" in text, example.id


def test_step_page_shows_the_match_up_tiles_totals_and_rule(client: Client) -> None:
    # Step 15 of Example 2a: the Sun Spirit's off-colour bonus against the Black Lung.
    html = client.get(permalink(EXAMPLE_2A, step=15)).content.decode()
    text = _text(html)
    assert "Step 16 of 30" in text
    assert "Sun Spirit +6 from its off-colour bonus against the external Black Lung: now 18." in text
    assert '<summary title="A creature adds its off-colour bonus' in html and ">Rule 6.8.3</summary>" in html
    assert 'href="/rules/6.8.3/"' in html
    assert "12 Sun Spirit + 6 OCB = 18" in text
    assert re.search(
        r'tile-elemental[^"]*".*?Sun Spirit.*?<span class="visually-hidden">Total now </span>18', html, re.S
    )
    assert re.search(
        r'tile-external[^"]*".*?Black Lung.*?<span class="visually-hidden">Total now </span>14', html, re.S
    )
    assert 'aria-label="Bribeable with Babes"' in html  # the Black Lung's icon
    # Step links land on the step's controls (#step-nav): without JavaScript a reload keeps the step in view.
    assert f'href="{permalink(EXAMPLE_2A, step=14)}#step-nav"'.replace("&", "&amp;") in html
    assert 'rel="next"' in html and 'rel="prev"' in html
    # Jump links reach each match-up's first step.
    assert re.search(r'step=13#step-nav"[^>]*>Match-up 3<', html)


def test_bribed_creature_and_dispelled_command_are_shown(client: Client) -> None:
    bribe = [e for e in all_examples() if e.id == "example-2b"][0]
    html = client.get(permalink(bribe.notation, step=11)).content.decode()
    assert "Babes" in html and "fate-bribed" in html and "Bribed: left the combat" in html
    example_1 = [e for e in all_examples() if e.id == "example-1"][0]
    before = client.get(permalink(example_1.notation, step=8)).content.decode()
    after = client.get(permalink(example_1.notation, step=9)).content.decode()
    assert "<del>" not in before and "Vitales Dark Cloud" in before
    assert re.search(r"<del><a [^>]*>Vitales Dark Cloud</a></del>", after)


def test_final_screen_shows_every_fate_and_the_totals(client: Client) -> None:
    html = client.get(permalink(EXAMPLE_2A, step="end")).content.decode()
    text = _text(html)
    assert "The attacker holds the space : 17 against 5." in text
    assert "8 Wood Nymph + 9 Ice Ogre = 17" in text and "5 Rock Spirit = 5" in text
    assert "The defender's shield retreats one space" in text
    for name in ("Wood Nymph", "Ice Ogre", "Sun Spirit", "Amber Well", "Gorgal Skag", "Black Lung", "Rock Spirit"):
        assert f">{name}</a>" in html
    assert "beaten by Sun Spirit in match-up 3 (18 against 14)" in text
    assert 'id="explore-orders"' in html


def test_not_automated_cards_are_flagged_on_the_result(client: Client) -> None:
    # Card abilities are being written as data all the time: take any creature still waiting.
    waiting = next(
        card for card in default_catalog()
        if card.is_creature and card.automation is AutomationStatus.NOT_AUTOMATED and card.stacking <= 30
    )  # fmt: skip
    text = _text(client.get(permalink(f"a={waiting.slug} d=swordsman", step="end")).content.decode())
    assert "Check these by hand" in text and f"{waiting.name} is not automated" in text


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("a=sand-lord d=swordsman terrain", "'terrain' should be key=value"),
        ("a=Sand_Lord d=swordsman", "is not a card slug"),
        ("a=sand-lrod d=swordsman", "no card called 'sand-lrod'; did you mean sand-lord"),
        ("a=sun-spirit,sun-spirit,black-lung d=swordsman", "stacks 38 points"),
        ("a=sand-lord d=swordsman d.bribe=1:gold", "hand holds 0"),
        ("", "the set-up is empty"),
        ("a=" + "x" * 3000, "the limit is 2000"),
    ],
)
def test_bad_input_gives_a_friendly_page_that_keeps_the_notation(client: Client, notation: str, message: str) -> None:
    response = client.get("/combat/?s=" + quote(notation))
    assert response.status_code == 400
    html = response.content.decode()
    assert "This set-up cannot be resolved" in html and message.lower() in html_module.unescape(html).lower()
    if notation and len(notation) < 2000:
        assert f'value="{notation}"' in html.replace("&#x27;", "'")


def test_odd_step_numbers_are_clamped(client: Client) -> None:
    for step in ("-4", "abc", "9999", "1e9"):
        assert client.get(permalink(EXAMPLE_2A, step=step)).status_code == 200
    assert "Result" in client.get(permalink(EXAMPLE_2A, step="9999")).content.decode()


def test_edit_link_fills_the_form(client: Client) -> None:
    html = client.get(permalink(EXAMPLE_2A, edit=1)).content.decode()
    # By name, as a visitor types them: the notation's slugs are for the permalink, not the form.
    assert re.search(r'name="a-creatures"[^>]*>\s*Wood Nymph\nIce Ogre\nSun Spirit</textarea>', html)
    # The secondary attack sits on the match-up board, as the Rock Spirit's target.
    assert re.search(r'name="d-sec-rock-spirit"[^>]*>.*?<option value="sun-spirit" selected>', html, re.S)
    assert '<option value="woods" selected>' in html


def test_check_button_shows_stats_without_resolving(client: Client) -> None:
    response = client.get(
        "/combat/build/", {"check": "1", "a-creatures": "Sun Spirit\nIce Ogre", "d-creatures": "archer"}
    )
    text = _text(response.content.decode())
    assert response.status_code == 200 and "The set-up is valid" in text
    assert "21 of 30 points" in text and "OCB +6 vs external" in text


def test_creature_list_for_autocomplete(client: Client) -> None:
    creatures = client.get("/combat/creatures.json").json()["creatures"]
    assert len(creatures) == 391
    sand_lord = next(c for c in creatures if c["slug"] == "sand-lord")
    assert sand_lord == {
        "slug": "sand-lord", "name": "Sand Lord", "vitality": 11, "stacking": 11, "border": "elemental", "ocb": 3,
        "ocb_against": "external", "bribery": ["babes"], "flying": False, "ranged": None, "command": False}  # fmt: skip


def test_the_form_takes_dice_rolls_and_counts(client: Client) -> None:
    # Woodland Troll counts its owner's Nymphs outside the combat: 2 of them at +4 each on top of its
    # printed Vitality 4 = 12 at step 7; the step page must show the count it was given.
    fields = {"a-creatures": "Woodland Troll", "a-counts": "woodland-troll:2", "d-creatures": "Swordsman"}
    response = client.get("/combat/build/", fields)
    assert response.status_code == 302
    assert (
        "a.counts%3Dwoodland-troll%3A2" in response["Location"] or "a.counts=woodland-troll:2" in response["Location"]
    )
    text = _text(client.get(response["Location"] + "&step=7").content.decode())
    assert "Woodland Troll +8 from Woodland Troll's own text (+4 x 2, Nymphs its owner has in play): now 12." in text
    missing = client.get("/combat/build/", {"a-creatures": "Woodland Troll", "d-creatures": "Swordsman"})
    assert "needs a count of" in _text(missing.content.decode())


def test_the_form_takes_choices_and_names_a_choice_the_card_cannot_take(client: Client) -> None:
    # Made Small, the Female Titan fights at 15 - 4 = 11 and loses to Sand Lord's 11 + 3 off-colour.
    fields = {"a-creatures": "Female Titan", "a-choices": "female-titan:small", "d-creatures": "Sand Lord"}
    response = client.get("/combat/build/", fields)
    assert response.status_code == 302
    text = _text(client.get(response["Location"] + "&step=9").content.decode())
    assert "Female Titan -4 from Female Titan made Small by its owner: now 11." in text
    assert "Sand Lord beats Female Titan" in text
    wrong = client.get("/combat/build/", {**fields, "a-choices": "female-titan:tiny"})
    assert wrong.status_code == 400
    shown = _text(wrong.content.decode())
    assert "Female Titan cannot take 'tiny': its choices are large, medium, small" in shown
    assert "female-titan:tiny:" not in shown
