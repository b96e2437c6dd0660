"""The set-up form: fields written the way people write cards become the engine's notation."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.http import QueryDict
from django.test import Client

from combat.examples import all_examples
from combat.setup_form import READING_FIELD, bound_forms, build_notation, card_references, filled_forms
from engine.catalog import default_catalog
from engine.notation import parse_setup

# The board names each rule by its number, read from the rules reference (the database).
pytestmark = pytest.mark.django_db

CATALOG = default_catalog()


def _form_data(**fields: str) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data[name.replace("__", "-")] = value
    return data


def test_names_slugs_and_commas_all_become_slugs() -> None:
    text = "Wood Nymph\nice-ogre\n  \nsun spirit, amber well\nUras, Overlord of Mountains\narcher#2"
    assert card_references(CATALOG, text) == [
        "wood-nymph", "ice-ogre", "sun-spirit", "amber-well", "uras-overlord-of-mountains", "archer#2"]  # fmt: skip


def test_example_2a_typed_into_the_form_gives_its_notation() -> None:
    forms = bound_forms(
        _form_data(
            terrain="woods",
            a__creatures="Wood Nymph\r\nIce Ogre\r\nSun Spirit",
            d__creatures="Amber Well\r\nGorgal Skag\r\nBlack Lung\r\nRock Spirit",
            d__secondaries="rock-spirit>sun-spirit",
        ),
        CATALOG,
    )
    setup = build_notation(forms, CATALOG)
    assert setup is not None and forms.problems == ()
    assert forms.notation == (
        "terrain=woods a=wood-nymph,ice-ogre,sun-spirit "
        "d=amber-well,gorgal-skag,black-lung,rock-spirit d.secondary=rock-spirit>sun-spirit"
        # Made now, with a secondary plan: it names the reading it is read under (engine.standard_readings).
        " reading.turn-answers=just-before"
    )


def test_decisions_accept_spaces_or_commas_and_every_side_field() -> None:
    forms = bound_forms(
        _form_data(
            a__creatures="sand-lord",
            a__hand="gold\nhammer-of-doom",
            a__bribes="1:gold",
            a__spells="1:hammer-of-doom",
            a__channels="1:guardian*2",
            a__stones="3",
            d__creatures="swordsman\narcher",
            d__ranged="1:archer",
            d__order="swordsman",
            d__secondaries="none",
            d__destroy_shield="on",
        ),
        CATALOG,
    )
    assert build_notation(forms, CATALOG) is not None, forms.problems
    setup = parse_setup(forms.notation)
    assert setup.attacker.stones == 3 and setup.defender.secondaries == () and setup.defender.destroy_shield
    assert [str(bribe.moment) for bribe in setup.attacker.bribes] == ["1"]
    assert setup.attacker.channels[0].amount == 2


def test_every_problem_is_reported_on_its_field() -> None:
    forms = bound_forms(
        _form_data(a__creatures="Sand Lrod", d__creatures="sun-spirit\nsun-spirit\nblack-lung", d__bribes="2:gold"),
        CATALOG,
    )
    assert build_notation(forms, CATALOG) is None
    codes = sorted(problem.code for problem in forms.problems)
    assert codes == ["setup.missing_bribery_card", "setup.stacking_over_limit", "setup.unknown_card"]
    assert "sand-lord" in forms.attacker.errors["creatures"][0]
    assert "38 points" in forms.defender.errors["creatures"][0]
    assert "hand holds 0" in forms.defender.errors["bribes"][0]


def test_notation_syntax_errors_stay_on_the_field() -> None:
    forms = bound_forms(_form_data(a__creatures="sand-lord", d__creatures="swordsman", d__ranged="archer"), CATALOG)
    assert build_notation(forms, CATALOG) is None
    # The message says what each part of the entry means, not only its shape.
    message = forms.defender.errors["ranged"][0]
    assert message.startswith("Ranged attackers: \u201carcher\u201d cannot be read.")
    assert "the number of the primary match-up the creature supports (1 for the first)" in message


def test_a_set_up_fills_the_form_and_comes_back_unchanged() -> None:
    notation = (
        "terrain=swamp a=super-model,snogwart,archer,wraith,wild-nymph a.guardian=tes-let-leader-with-foresight "
        "a.hand=vitales-dark-cloud a.command=vitales-dark-cloud a.order=wild-nymph,snogwart,wraith,super-model,archer "
        "a.channel=3:guardian d=floyd-the-flying-pig,ugly-wart-fiend,baal-a-gog,devil-dog,ice-spirit,gnomish-gnomes "
        "d.hand=dispel-magic d.command=floyd-the-flying-pig d.dispel=1 "
        "d.order=ugly-wart-fiend,devil-dog,ice-spirit,baal-a-gog,gnomish-gnomes"
    )
    filled = filled_forms(parse_setup(notation), CATALOG)
    data = QueryDict(mutable=True)
    for form in (filled.terrain, *filled.sides):
        for name, value in form.initial.items():
            key = form.add_prefix(name) if form.prefix else name
            data[key] = "on" if value is True else str(value)
    data.update(filled.board_values)
    forms = bound_forms(data, CATALOG)
    assert build_notation(forms, CATALOG) is not None, forms.problems
    assert forms.notation == notation


def test_every_example_survives_the_round_trip_through_the_form() -> None:
    for example in all_examples():
        filled = filled_forms(parse_setup(example.notation), CATALOG)
        data = QueryDict(mutable=True)
        for form in (filled.terrain, *filled.sides):
            for name, value in form.initial.items():
                data[form.add_prefix(name) if form.prefix else name] = "on" if value is True else str(value)
        data.update(filled.board_values)
        if filled.reading:
            # The hidden field the board carries: an example read under an older reading keeps it, now written.
            data[READING_FIELD] = filled.reading
        forms = bound_forms(data, CATALOG)
        assert build_notation(forms, CATALOG) is not None, (example.id, forms.problems)
        before = parse_setup(example.notation)
        after = parse_setup(forms.notation)
        assert replace(after, readings=before.readings) == before, example.id
        assert after.readings.turn_answers is before.readings.turn_answers, example.id


# A terrain card laid face down (ENG-13): written into the terrain clause and read back.
def test_the_face_down_card_is_written_into_the_terrain_clause() -> None:
    forms = bound_forms(
        _form_data(terrain="face-down", face_down_card="Thackle", a__creatures="Tiger Baloo", d__creatures="axeman"),
        CATALOG,
    )
    assert build_notation(forms, CATALOG) is not None
    assert forms.notation == "terrain=face-down:thackle a=tiger-baloo d=axeman"


def test_a_face_down_card_needs_a_face_down_terrain() -> None:
    forms = bound_forms(
        _form_data(terrain="woods", face_down_card="thackle", a__creatures="archer", d__creatures="axeman"), CATALOG
    )
    assert build_notation(forms, CATALOG) is None
    assert "face_down_card" in forms.terrain.errors


def test_a_face_down_set_up_fills_both_terrain_fields() -> None:
    filled = filled_forms(parse_setup("terrain=face-down:thackle a=archer d=axeman"), CATALOG)
    assert filled.terrain.initial == {"terrain": "face-down", "face_down_card": "thackle"}


MADE_UP = 'made-up.test-giant={"border":"mortal","name":"Test%20Giant","type":"creature","vitality":9}'


@pytest.mark.django_db
def test_a_made_up_creature_is_named_on_the_form_and_board_without_a_card_link(client: Client) -> None:
    from combat.links import permalink

    html = client.get(permalink(f"{MADE_UP} a=test-giant d=swordsman,archer") + "&edit=1").content.decode()
    assert "/cards/test-giant/" not in html and "/cards/swordsman/" in html
    stats, board = html.split('data-stats-for="a"', 1)[1].split("</table>", 1)[0], html.split("matchup-1", 1)[1]
    assert "Test Giant <small>(made-up)</small>" in stats
    assert "Test Giant <small>(made-up)</small>" in board.split("</li>", 1)[0]
    assert 'id="made-up-creatures"' in html  # the script's stats table knows it too
    # The hidden field carries the card, so resolving from the form keeps it in the permalink.
    hidden = html.split('name="made-up" value="', 1)[1].split('"', 1)[0].replace("&quot;", '"')
    answer = client.get("/combat/build/", {"made-up": hidden, "a-creatures": "Test Giant", "d-creatures": "Swordsman"})
    assert answer.status_code == 302 and "made-up.test-giant" in answer["Location"]
    assert client.get(answer["Location"]).status_code == 200
