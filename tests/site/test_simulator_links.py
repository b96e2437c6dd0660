"""The "Try in the simulator" link on card pages: each opens a set-up the engine accepts and
resolves, with the card where its type plays (worked examples: tests/rulings/test_pages.py)."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

from combat import running
from combat.card_trial import ATTACKER, DEFENDER, card_trial
from combat.links import notation_in
from engine.enums import CardType
from engine.notation import parse_setup

pytestmark = pytest.mark.django_db

NO_COMBAT_ROLE = {CardType.ACCESSORY, CardType.STRONGHOLD_UPGRADE, CardType.STRONGHOLD_DOWNGRADE}
LINK = re.compile(r'<a class="try-simulator" href="([^"]+)">Try in the simulator</a>')


def _notation_of(url: str) -> str:
    parsed = urlparse(unescape(url))
    assert parsed.path == "/combat/"
    notation = notation_in({key: values[0] for key, values in parse_qs(parsed.query).items()})
    assert notation is not None
    return notation


def test_every_card_with_a_combat_role_gets_a_set_up_the_engine_resolves() -> None:
    linked = 0
    for card in running.catalog():
        trial = card_trial(card.slug)
        if card.type in NO_COMBAT_ROLE:
            assert trial is None, card.slug
            continue
        assert trial is not None, f"{card.slug} ({card.type.value}) has no simulator link"
        assert card.slug in trial.notation
        log = running.run_notation(trial.notation)  # raises if the engine refuses the set-up
        assert log.steps, card.slug
        linked += 1
    assert linked > 600


@pytest.mark.parametrize(
    ("slug", "where"),
    [
        ("archer", lambda s: s.attacker.creatures == ("archer",) and s.defender.creatures == (DEFENDER,)),
        ("swordsman", lambda s: s.attacker.creatures == ("swordsman",) and s.defender.creatures == (ATTACKER,)),
        ("woods", lambda s: s.terrain == "woods"),
        ("tes-let-leader-with-foresight", lambda s: s.attacker.guardian == "tes-let-leader-with-foresight"),
        ("power-lunch", lambda s: "power-lunch" in s.attacker.hand and s.attacker.spells[0].card == "power-lunch"),
        ("gold", lambda s: s.attacker.hand == ("gold",) and s.attacker.bribes[0].icon.value == "gold"),
        ("iron-lord", lambda s: s.attacker.counts[0].card == "iron-lord"),
        ("rye-beaner", lambda s: s.attacker.command == "rye-beaner" and ATTACKER in s.attacker.creatures),
        ("drifters-nexus-stronghold-center", lambda s: s.defender.stronghold == "drifters-nexus-stronghold-center"),
    ],
)
def test_each_type_takes_its_place(slug: str, where: object) -> None:
    trial = card_trial(slug)
    assert trial is not None
    assert where(parse_setup(trial.notation))  # type: ignore[operator]


def test_card_pages_show_the_link_only_when_the_card_can_fight(client: Client) -> None:
    page = client.get("/cards/archer/").content.decode()
    match = LINK.search(page)
    assert match and _notation_of(match.group(1)) == "a=archer d=swordsman"
    assert "It attacks the Swordsman." in page
    assert client.get(match.group(1).replace("&amp;", "&")).status_code == 200
    assert "Try in the simulator" not in client.get("/cards/alarm-bells/").content.decode()
