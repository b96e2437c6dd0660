"""Random input never makes the combat API or the step-through page answer 5xx.

Three kinds of input: any JSON body; notation built from the real grammar with real and made-up
cards (so many set-ups are valid and get resolved); and JSON set-ups with fields of any type.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.catalog import default_catalog
from engine.notation import SIDE_KEYS

CATALOG = default_catalog()
CREATURES = sorted(card.slug for card in CATALOG if card.is_creature)
OTHER_CARDS = sorted(card.slug for card in CATALOG if not card.is_creature)
# Combats read the card catalog the database holds (cards.engine_catalog), and the step-through names
# each step's numbered rule, which the rules reference in the database gives.
pytestmark = pytest.mark.django_db
FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

client = Client(raise_request_exception=False)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=20,
)
slug = (
    st.sampled_from(CREATURES) | st.sampled_from(OTHER_CARDS) | st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True)
)
reference = st.builds(lambda s, copy: f"{s}#{copy}" if copy else s, slug, st.integers(0, 3))
moment = st.integers(1, 6).map(str) | st.integers(1, 3).map(lambda n: f"s{n}")
decision = st.one_of(
    st.builds(lambda m, r: f"{m}:{r}", moment, reference),
    st.builds(
        lambda m, icon, r: f"{m}:{icon}@{r}", moment, st.sampled_from(["gold", "babes", "beer", "wine"]), reference
    ),
    st.builds(lambda m, n: f"{m}:guardian*{n}", moment, st.integers(0, 40)),
    st.builds(lambda a, b: f"{a}>{b}", reference, reference),
    st.sampled_from(["none", "yes", "no", "0", "7", "99999999999999999999"]),
    st.text(alphabet="abc-:,*@>#0129 s=", max_size=12),
)
side_key = st.sampled_from([key for key in SIDE_KEYS.values() if key])
clause = st.one_of(
    st.builds(lambda side, refs: f"{side}={','.join(refs)}", st.sampled_from("ad"), st.lists(reference, min_size=1, max_size=7)),
    st.builds(lambda side, key, values: f"{side}.{key}={','.join(values)}", st.sampled_from("ad"), side_key,
              st.lists(decision | reference, min_size=1, max_size=3)),
    st.builds(lambda t: f"terrain={t}", st.sampled_from(["woods", "swamp", "the-dry-heaps", "jungle", "lava", "none"]) | slug),
    st.text(max_size=15),
)  # fmt: skip
notation = st.lists(clause, max_size=8).map(" ".join)
SMALL_CREATURES = sorted(card.slug for card in CATALOG if card.is_creature and 0 < card.stacking <= 7)


def _plausible(attacker: list[str], defender: list[str], terrain: str, reverse: bool, icon: str, stones: int) -> str:
    """A set-up that is usually valid, so the resolver itself meets the random cards."""
    clauses = [f"terrain={terrain}"] if terrain else []
    clauses += [f"a={','.join(attacker)}", f"d={','.join(defender)}"]
    if reverse:
        clauses.append(f"a.order={','.join(reversed(attacker))}")
    if icon:
        clauses += [f"d.hand={icon}", f"d.bribe=1:{icon}"]
    if stones:
        clauses.append(f"a.channel=1:guardian*{stones}")
    return " ".join(clauses)


creature_lists = st.lists(st.sampled_from(SMALL_CREATURES), min_size=1, max_size=4, unique=True)
plausible_notation = st.builds(
    _plausible, creature_lists, creature_lists, st.sampled_from(["", "woods", "swamp", "the-dry-heaps", "jungle"]),
    st.booleans(), st.sampled_from(["", "gold", "babes", "beer"]), st.integers(0, 3),
)  # fmt: skip
json_setup = st.fixed_dictionaries(
    {},
    optional={
        "terrain": st.none() | st.sampled_from(["woods", "swamp"]) | json_values,
        "attacker": st.dictionaries(st.sampled_from([*SIDE_KEYS, "bogus"]), st.lists(reference, max_size=4) | json_values, max_size=5),
        "defender": st.dictionaries(st.sampled_from([*SIDE_KEYS, "bogus"]), st.lists(reference, max_size=4) | json_values, max_size=5),
    },
)  # fmt: skip


def _post(path: str, body: Any) -> int:
    response = client.post(f"/api/v1/combat/{path}", json.dumps(body), content_type="application/json")
    assert response.status_code < 500, (body, response.content[:500])
    assert "error" in response.json() or response.status_code == 200
    return response.status_code


@FUZZ
@given(body=json_values)
def test_any_json_body(body: Any) -> None:
    _post("resolve", body)
    _post("validate", body)


@FUZZ
@given(text=notation)
def test_notation_from_the_grammar(text: str) -> None:
    resolved = _post("resolve", {"notation": text})
    validated = client.post("/api/v1/combat/validate", {"notation": text}, content_type="application/json")
    # Resolve and validate agree on whether a set-up is acceptable (a NUL byte is refused before either).
    acceptable = validated.status_code == 200 and validated.json()["valid"]
    assert (resolved == 200) == acceptable, text
    page = client.get("/combat/?" + urlencode({"s": text, "step": "3"}))
    assert page.status_code in (200, 400), text


@FUZZ
@given(text=plausible_notation)
def test_plausible_set_ups_resolve_or_name_their_problem(text: str) -> None:
    status = _post("resolve", {"notation": text})
    if status == 200:
        page = client.get("/combat/?" + urlencode({"s": text, "step": "end"}))
        assert page.status_code == 200 and b"holds the space" in page.content, text


@FUZZ
@given(setup=json_setup)
def test_json_set_ups(setup: dict[str, Any]) -> None:
    _post("resolve", {"setup": setup})
    _post("validate", {"setup": setup})


@settings(max_examples=60, deadline=None)
@given(params=st.dictionaries(st.sampled_from(["terrain", "a-creatures", "d-creatures", "a-bribes", "d-ranged",
                                               "a-stones", "d-dispel", "a-command", "d-order", "d-secondaries",
                                               "d-stronghold", "a-guardian", "check"]), st.text(max_size=40), max_size=8))  # fmt: skip
def test_the_set_up_form_with_any_fields(params: dict[str, str]) -> None:
    response = client.get("/combat/build/", params)
    assert response.status_code in (200, 302, 400), params


BOARD_FIELDS = [
    "a-creatures", "d-creatures", "a-hand", "a-m1-ranged", "a-m1-bribe", "a-m2-spell", "a-m1-channel", "a-m1-stones",
    "d-s1-bribe", "a-roll-mendu-sada-the-havoc", "a-count-iron-lord", "a-choice-female-titan", "d-sec-archer",
    "d-secondary-mode", "a-order", "move", "refresh",
]  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(
    params=st.dictionaries(
        st.sampled_from(BOARD_FIELDS),
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(["archer", "iron-lord", "gold", "guardian", "a-0-down", "d-1-to-0", "a-9-up", "plan"]),
        ),
        max_size=9,
    )
)
def test_the_match_up_board_with_any_fields(params: dict[str, str]) -> None:
    params.setdefault("a-creatures", "Iron Lord\nArcher\nFemale Titan")
    params.setdefault("d-creatures", "Archer\nMendu Sada the Havoc")
    # A NUL anywhere in the address is refused site-wide before any view runs (core.middleware).
    has_nul = any("\x00" in key or "\x00" in value for key, value in params.items())
    # 400 also when the fields do not make a set-up that resolves (the board still shows why).
    assert client.get("/combat/board/", params).status_code in ((400,) if has_nul else (200, 400)), params
    assert client.get("/combat/build/", params).status_code in (200, 302, 400), params
