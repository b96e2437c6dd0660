"""The combat screens as a new player meets them, who has never seen the notation: what an error says and
keeps, and whether the pages name cards and rules in words (never a slug, an engine id or a Python None)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.test import Client

from combat.examples import find_example

pytestmark = pytest.mark.django_db


def _problems_box(html: str) -> str:
    found = re.search(r'id="setup-problems">(.*?)</div>', html, re.S)
    assert found is not None, "no problem box above the form"
    return found.group(1)


def test_a_tied_worked_duel_is_listed_as_a_tie(client: Client) -> None:
    page = client.get("/combat/").content.decode()
    assert "the None" not in page
    tie = find_example("arena-tie")
    assert tie is not None and tie.winner == ""
    row = re.search(rf"<tr>\s*<th scope=\"row\">{re.escape(tie.title)}</th>.*?</tr>", page, re.S)
    assert row is not None and "<td>a tie</td>" in row.group(0)


def test_the_duel_form_keeps_what_was_typed_and_names_the_field_at_fault(client: Client) -> None:
    sent = {"a_duellist": "Sand Lord", "d_duellist": "Archer", "a_stones": "lots", "p": "a:pass, d:pass"}
    response = client.get("/combat/duel/", sent)
    assert response.status_code == 400
    html = response.content.decode()
    for name, value in sent.items():
        assert f'name="{name}" value="{value}"' in html, name
    assert "Attacker, Stones: Takes a whole number, got &#x27;lots&#x27;" in _problems_box(html)


def test_a_duel_the_rules_refuse_comes_back_to_its_form_not_to_a_permalink(client: Client) -> None:
    response = client.get("/combat/duel/", {"a_duellist": "Sand Lrd", "d_duellist": "Archer", "terrain": "Swamps"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'name="a_duellist" value="Sand Lrd"' in html and 'name="terrain" value="Swamps"' in html
    box = _problems_box(html)
    assert "Attacker, Duellist: No card called &#x27;sand-lrd&#x27;; did you mean sand-lord (Sand Lord)?" in box


def test_a_refused_duel_permalink_opens_the_duel_form_filled_with_it(client: Client) -> None:
    notation = "ruleset=arena a=sand-lord,archer d=archer"
    response = client.get("/combat/?s=" + quote(notation))
    assert response.status_code == 400
    html = response.content.decode()
    box = _problems_box(html)
    assert "Attacker, Duellist: The attacker moves 2 creatures into the Duel Zone" in box
    assert notation in box  # the address's set-up is still shown, to copy or compare
    assert 'name="a_duellist" value="Sand Lord, Archer"' in html and 'name="d_duellist" value="Archer"' in html


def test_the_duel_form_reads_a_terrain_typed_by_its_name(client: Client) -> None:
    for typed, slug in (
        ("Rivers and Lakes", "rivers-and-lakes"),
        ("The S.S. House of Babes", "the-s-s-house-of-babes"),
    ):
        built = client.get("/combat/duel/", {"a_duellist": "Sand Lord", "d_duellist": "Archer", "terrain": typed})
        assert built.status_code == 302, typed
        assert f"terrain%3D{slug}+" in built["Location"]


def test_a_field_the_engine_never_saw_is_listed_above_the_form_with_a_link_to_it(client: Client) -> None:
    response = client.get("/combat/build/", {"a-creatures": "Archer", "d-creatures": "Archer", "a-stones": "99"})
    assert response.status_code == 400
    box = _problems_box(response.content.decode())
    assert '<a href="#id_a-stones">Attacker, Power stones left</a>: At most 30 Power Stones' in box
    typed = client.get("/combat/build/", {"a-creatures": "Archer", "d-creatures": "Archer", "a-bribes": "zzz"})
    box = _problems_box(typed.content.decode())
    assert '<a href="#id_a-bribes">Attacker, Bribes</a>: “zzz” cannot be read' in box


def test_an_empty_form_asks_for_creatures_in_words_not_notation(client: Client) -> None:
    response = client.get("/combat/build/")
    assert response.status_code == 400
    box = _problems_box(response.content.decode())
    assert "a=..." not in box
    assert (
        "the attacker&#x27;s shield holds no creature" in box and "the defender&#x27;s shield holds no creature" in box
    )


def test_a_duel_result_names_its_cards_and_arena_rules_in_words(client: Client) -> None:
    example = find_example("arena-command-no-effect")
    assert example is not None
    html = client.get(example.permalink + "&step=end").content.decode()
    table = re.search(r"Where every card goes</caption>(.*?)</table>", html, re.S)
    assert table is not None
    assert '<a href="/cards/darkness-elemental/">Darkness Elemental</a>' in table.group(1)
    assert ">darkness-elemental<" not in table.group(1)
    assert re.search(r'<a href="/rules/id/ARN-\d+/">Arena rule \d', table.group(1))
    steps = re.search(r'<ol class="duel-steps">(.*?)</ol>', html, re.S)
    assert steps is not None and not re.search(r">ARN-\d+<", steps.group(1))


def test_the_explore_page_names_creatures_not_slugs(client: Client) -> None:
    html = client.get(
        "/combat/explore/?s=" + quote("a=sand-lord,swordsman d=archer,ice-ogre,amber-well")
    ).content.decode()
    assert "keeps its order (Sand Lord, Swordsman)" in html
    assert "(playing Amber Well, Ice Ogre)" in html or "(playing Ice Ogre, Amber Well)" in html
    assert "sand-lord, swordsman" not in html and "amber-well, ice-ogre" not in html


def test_change_this_set_up_shows_card_names_and_resolves_back_to_the_same_permalink(client: Client) -> None:
    from combat.links import permalink

    notation = "terrain=swamp a=sand-lord,archer,archer a.hand=power-lunch d=ice-ogre"
    html = client.get(permalink(notation, edit=1)).content.decode()
    assert re.search(r'name="a-creatures"[^>]*>\s*Sand Lord\nArcher\nArcher</textarea>', html)
    assert re.search(r'name="a-hand"[^>]*>\s*Power Lunch</textarea>', html)
    sent = {"terrain": "swamp", "a-creatures": "Sand Lord\nArcher\nArcher", "a-hand": "Power Lunch"}
    answer = client.get("/combat/build/", {**sent, "d-creatures": "Ice Ogre"})
    assert answer.status_code == 302 and answer["Location"] == permalink(notation)


def test_the_form_links_its_game_words_to_the_glossary(client: Client) -> None:
    html = client.get("/combat/", {"example": "example-2a"}).content.decode()
    stats = html.split('data-stats-for="a"', 1)[1].split("</table>", 1)[0]
    assert '<a class="term" href="/rules/glossary/#stacking-number">Stacking</a>' in stats
    assert '<a class="term" href="/rules/glossary/#off-colour-bonus">OCB</a> +' in stats  # Sun Spirit's OCB
    guardian = html.split('for="id_a-guardian"', 1)[1].split("</div>", 1)[0]
    assert (
        'href="/rules/glossary/#guardian">Guardian</a>' in guardian
        and 'href="/rules/glossary/#cmp">CMP</a>' in guardian
    )
    stronghold = html.split('for="id_d-stronghold"', 1)[1].split("</div>", 1)[0]
    assert 'href="/rules/glossary/#stronghold">stronghold</a>' in stronghold
    duel = client.get("/combat/", {"ruleset": "arena"}).content.decode()
    assert 'href="/rules/glossary/#duel-zone">Duel Zone</a>' in duel
    stock = duel.split('id="help_a_stock"', 1)[1].split("</p>", 1)[0]
    assert 'href="/rules/glossary/#h-item">H item</a>' in stock


def test_each_step_links_the_game_words_it_uses_to_the_glossary(client: Client) -> None:
    from combat.links import permalink

    notation = "terrain=swamp a=sand-lord,swordsman d=archer,ice-ogre"
    bribery_window = client.get(permalink(notation, step=6)).content.decode()
    words = re.search(r'<p class="step-terms">(.*?)</p>', bribery_window, re.S)
    assert words is not None
    assert 'href="/rules/glossary/#match-up">match-up</a>' in words.group(1)
    assert 'href="/rules/glossary/#bribery-window">bribery window</a>' in words.group(1)
    picking_up = client.get(permalink(notation, step=1)).content.decode()
    assert 'href="/rules/glossary/#cmp">CMP</a>' in picking_up.split('<p class="step-terms">', 1)[1].split("</p>", 1)[0]
    result = client.get(permalink(notation, step="end")).content.decode()
    assert 'The attacker <a class="term" href="/rules/glossary/#control">holds the space</a>' in result


def test_a_duel_step_says_which_step_it_is_between_its_links(client: Client) -> None:
    example = find_example("arena-command-no-effect")
    assert example is not None
    html = client.get(example.permalink + "&step=2").content.decode()
    nav = re.search(r'<nav class="stepper-nav".*?</nav>', html, re.S)
    assert nav is not None
    count = len(re.findall(r"<li", html.split('<ol class="duel-steps">', 1)[1].split("</ol>", 1)[0]))
    assert count == 3 and re.search(r'id="step-count">Step 3 of \d+</span>', nav.group(0))
    end = client.get(example.permalink + "&step=end").content.decode()
    assert 'id="step-count">Result</span>' in end


def test_an_unknown_card_is_answered_with_the_nearest_card_names_too(client: Client) -> None:
    response = client.get(
        "/combat/build/", {"a-creatures": "Sand Lord", "a-hand": "Power Lnch", "d-creatures": "Archer"}
    )
    near = "no card called &#x27;power-lnch&#x27;; did you mean power-lunch (Power Lunch)?"
    assert f"Attacker, Storage-hand cards: {near}" in _problems_box(response.content.decode())
    page = client.get("/combat/?s=" + quote("a=sand-lrd d=archer")).content.decode()
    assert "did you mean sand-lord (Sand Lord)?" in _problems_box(page)


def test_a_partial_exploration_says_how_to_fix_an_order_in_the_form(client: Client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from combat import running

    monkeypatch.setattr(running, "EXPLORE_BUDGET_SECONDS", 0.0)
    text = "a=sand-lord,wild-nymph,archer,super-model d=ice-spirit,devil-dog,swordsman,gorgal-skag"
    html = client.get("/combat/explore/?s=" + quote(text)).content.decode()
    notice = re.search(r'<p class="notice" role="status">The time budget ran out.*?</p>', html, re.S)
    assert notice is not None
    assert '&amp;edit=1">change the set-up</a> and move its creatures' in notice.group(0)


def test_change_this_duel_shows_names_and_resolves_back_to_the_same_permalink(client: Client) -> None:
    from combat.links import permalink

    notation = "ruleset=arena terrain=rivers-and-lakes a=sand-lord a.stock=gold,power-lunch d=archer"
    html = client.get(permalink(notation, edit=1)).content.decode()
    sent = {
        "a_duellist": "Sand Lord",
        "a_stock": "Gold, Power Lunch",
        "d_duellist": "Archer",
        "terrain": "Rivers and Lakes",
    }
    for name, value in sent.items():
        assert f'name="{name}" value="{value}"' in html, name
    # A link written before the readings names none: its form keeps the reading it was resolved under, and
    # sends it back, so the duel comes back the same, now with its reading written out.
    reading = re.search(r'<select id="id_[^"]+" name="([^"]+)"[^>]*>.*?<option value="([^"]+)" selected', html, re.S)
    assert reading is not None and reading[2] == "primary-stands"
    sent[reading[1]] = reading[2]
    answer = client.get("/combat/duel/", sent)
    written = notation.replace("ruleset=arena ", "ruleset=arena reading.secondary-passes=primary-stands ")
    assert answer.status_code == 302 and answer["Location"] == permalink(written)


def test_an_address_with_one_unreadable_clause_still_fills_the_form_with_the_rest(client: Client) -> None:
    notation = "terrain=swamp a=sand-lord,swordsman a.bribe=xx:gold d=archer,ice-ogre"
    response = client.get("/combat/?s=" + quote(notation))
    assert response.status_code == 400
    html = response.content.decode()
    assert "<mark>a.bribe=xx:gold</mark>" in html
    assert "the part marked above is left out" in html
    assert re.search(r'name="d-creatures"[^>]*>\s*Archer\nIce Ogre</textarea>', html)
    assert '<option value="swamp" selected>' in html


def test_the_commonest_set_up_problems_say_how_to_fix_them(client: Client) -> None:
    over = client.get(
        "/combat/build/", {"a-creatures": "Sand Lord\nIce Ogre\nIce Ogre\nIce Ogre", "d-creatures": "Archer"}
    )
    assert "over the limit of 30. Take creatures out until the shield stacks 30 points or fewer." in _problems_box(
        over.content.decode()
    )
    gold = client.get("/combat/build/", {"a-creatures": "Gold", "d-creatures": "Archer"}).content.decode()
    hint = "Take it out of the shield: spells, bribery cards and hand items go in the storage hand."
    assert hint in _problems_box(gold)
    assert hint in gold.split('id="id_a-creatures_error"', 1)[1].split("</div>", 1)[0]  # under the field too


def test_the_duel_page_says_why_it_cannot_be_explored_in_words_not_a_code(client: Client) -> None:
    example = find_example("arena-command-no-effect")
    assert example is not None
    html = client.get(example.permalink + "&step=end").content.decode()
    note = re.search(r'<p[^>]*id="no-explore"[^>]*>(.*?)</p>', html, re.S)
    assert note is not None
    shown = re.sub(r"<[^>]+>", "", note.group(1))
    assert "explore.not_for_duels" not in shown and "<code>" not in note.group(1)
    assert "one creature a side enters the Duel Zone" in shown


def test_a_card_typed_three_times_is_one_problem_not_three_identical_lines(client: Client) -> None:
    response = client.get(
        "/combat/build/", {"a-creatures": "Archer", "d-creatures": "Archer", "a-items": "Zzz\nZzz\nZzz"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    box = _problems_box(html)
    lines = re.findall(r"<li>(.*?)</li>", box, re.S)
    unknown = [line for line in lines if "no card called &#x27;zzz&#x27;" in line]
    assert len(unknown) == 1 and "(found 3 times)" in unknown[0]
    assert "2 problems:" in box  # the unknown card, and three items on one creature
    under_field = html.split('for="id_a-items"', 1)[1].split("</textarea>", 1)[1].split("</div>", 1)[0]
    assert under_field.count("No card called &#x27;zzz&#x27;") == 1
    different = _problems_box(
        client.get(
            "/combat/build/", {"a-creatures": "Archer", "d-creatures": "Archer", "a-hand": "Zzz\nQqq"}
        ).content.decode()
    )
    assert "&#x27;zzz&#x27;" in different and "&#x27;qqq&#x27;" in different and "times" not in different


def test_a_play_order_naming_a_card_outside_the_shield_names_it_in_words(client: Client) -> None:
    response = client.get(
        "/combat/build/", {"a-creatures": "Archer", "d-creatures": "Archer", "a-order": "floyd-the-flying-pig"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Floyd the Flying Pig is not in this side&#x27;s shield" in _problems_box(html)
    assert "floyd-the-flying-pig is not" not in html


def test_exploring_a_duel_says_explore_is_for_shield_combats_and_links_back_to_the_duel(client: Client) -> None:
    example = find_example("arena-command-no-effect")
    assert example is not None
    response = client.get("/combat/explore/", {"s": example.notation})
    html = response.content.decode()
    shown = re.sub(r"<[^>]+>", "", html)
    # A duel is not a broken set-up: no count of broken rules, no code among the words.
    assert "breaks" not in shown and "cannot be resolved" not in shown
    assert "explore.not_for_duels" not in shown
    heading = re.search(r"<h1>(.*?)</h1>", html, re.S)
    assert heading is not None and "shield combats only" in heading.group(1)
    assert "one creature a side enters the Duel Zone" in shown
    back = re.search(r'<a href="([^"]+)"[^>]*>([^<]*)</a>', html.split("<h1>", 1)[1])
    assert back is not None and back.group(1) == example.permalink.replace("&", "&amp;")
    assert "duel" in back.group(2).lower()
    # Programs still find the refusal by its code.
    assert 'data-code="explore.not_for_duels"' in html
