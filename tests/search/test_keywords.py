"""Every keyword with every operator it takes, against card sets computed from the fixture files."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from cards.models import Card
from cards.search.keywords import BY_SPELLING, COMPARISONS, FLAGS, KEYWORDS
from tests.search import reference as ref
from tests.search.helpers import found

pytestmark = pytest.mark.django_db


def _number_cases() -> Iterator[Any]:
    for keyword in (k for k in KEYWORDS if k.kind == "number"):
        present = sorted(r[ref.NUMBER_COLUMNS[keyword.name]] for r in ref.records()
                         if r[ref.NUMBER_COLUMNS[keyword.name]] is not None)  # fmt: skip
        threshold = int(statistics.median(present))
        for spelling in keyword.spellings:
            for op in COMPARISONS:
                query = f"{spelling}{op}{threshold}"
                yield pytest.param(query, ref.number(keyword.name, op, threshold), id=query)


def _choice_values(field: str) -> set[str]:
    return {r[field] for r in ref.records() if r[field]}


def _keyword_cases() -> Iterator[Any]:
    shortcuts = dict(BY_SPELLING["border"].values)
    for spelling, border in shortcuts.items():
        yield pytest.param(f"border:{spelling}", lambda r, b=border: r["border"] == b, id=f"border:{spelling}")
        yield pytest.param(f"b!={spelling}", lambda r, b=border: r["border"] is not None and r["border"] != b,
                           id=f"b!={spelling}")  # fmt: skip
    for card_type in sorted(_choice_values("type")):
        yield pytest.param(f"t:{card_type}", lambda r, t=card_type: r["type"] == t, id=f"t:{card_type}")
        yield pytest.param(f"type!={card_type}", lambda r, t=card_type: r["type"] != t, id=f"type!={card_type}")
    # A part of a type name matches every type that contains it.
    yield pytest.param("type:item", lambda r: "item" in r["type"], id="type:item")
    for code in sorted({p["set"].lower() for r in ref.records() for p in r["printings"]}):
        yield pytest.param(f"set:{code}", lambda r, c=code: c in ref.sets_of(r), id=f"set:{code}")
        yield pytest.param(f"-s:{code.upper()}", lambda r, c=code: c not in ref.sets_of(r), id=f"-s:{code}")
    for size in sorted(_choice_values("size")):
        yield pytest.param(f"size:{size}", lambda r, s=size: r["size"] == s, id=f"size:{size}")
        yield pytest.param(f"size:{size[0]}", lambda r, s=size: r["size"] == s, id=f"size:{size[0]}")
    for icon in ("babes", "gold", "beer"):
        yield pytest.param(f"bribe:{icon}", lambda r, i=icon: i in r["bribery"], id=f"bribe:{icon}")
        yield pytest.param(f"bribe!={icon}", lambda r, i=icon: i not in r["bribery"], id=f"bribe!={icon}")
    yield pytest.param("bribe:none", lambda r: ref.is_creature(r) and not r["bribery"], id="bribe:none")
    classes = sorted({name for r in ref.records() for name in r["classes"]})
    for name in classes[:: max(1, len(classes) // 12)]:
        quoted = f'"{name}"' if " " in name else name
        yield pytest.param(f"class:{quoted}", lambda r, n=name: n in r["classes"], id=f"class:{name}")
        yield pytest.param(f"-c:{quoted}", lambda r, n=name: n not in r["classes"], id=f"-c:{name}")
    for flag in FLAGS:
        yield pytest.param(f"is:{flag}", ref.FLAGS[flag], id=f"is:{flag}")
        yield pytest.param(f"-is:{flag}", lambda r, f=flag: not ref.FLAGS[f](r), id=f"-is:{flag}")
        yield pytest.param(f"is!={flag}", lambda r, f=flag: not ref.FLAGS[f](r), id=f"is!={flag}")
    yield pytest.param("is:channeller", ref.FLAGS["channeler"], id="is:channeller")
    for value in ("common", "uncommon", "rare", "c1", "c4", "u2", "u3", "r1", "r4"):
        yield pytest.param(f"rarity:{value}", ref.has_rarity(value), id=f"rarity:{value}")
        yield pytest.param(f"-r:{value}", lambda r, v=value: not ref.has_rarity(v)(r), id=f"-r:{value}")
    yield pytest.param("r:u", ref.has_rarity("uncommon"), id="r:u")


def _ability_cases() -> Iterator[Any]:
    for value in sorted({v for r in ref.records() for v in ref.immune_to(r)}):
        yield pytest.param(f"immune:{value}", lambda r, v=value: v in ref.immune_to(r), id=f"immune:{value}")
        yield pytest.param(f"immune!={value}", lambda r, v=value: v not in ref.immune_to(r), id=f"immune!={value}")
    for value in sorted({v for r in ref.records() for v in ref.attack_kinds(r)}):
        yield pytest.param(f"attack:{value}", lambda r, v=value: v in ref.attack_kinds(r), id=f"attack:{value}")
    for terrain in sorted({t for r in ref.records() for t in ref.terrain_modifiers(r)}):
        spoken = f'"{terrain.replace("_", " ")}"' if "_" in terrain else terrain
        yield pytest.param(f"terrain:{spoken}", lambda r, t=terrain: t in ref.terrain_modifiers(r),
                           id=f"terrain:{terrain}")  # fmt: skip
        yield pytest.param(f"terrain!={spoken}", lambda r, t=terrain: t not in ref.terrain_modifiers(r),
                           id=f"terrain!={terrain}")  # fmt: skip
        for op in ("=", "!=", "<", "<=", ">", ">="):
            query = f"terrain:{spoken}{op}3"
            yield pytest.param(
                query,
                lambda r, t=terrain, o=op: (
                    t in ref.terrain_modifiers(r) and ref.COMPARE[o](ref.terrain_modifiers(r)[t], 3)
                ),
                id=query,
            )


def _name_cases() -> Iterator[Any]:
    for record in ref.records()[::97]:
        name = record["name"]
        yield pytest.param(f'name:"{name}"', lambda r, n=name: " ".join(n.lower().split()) in ref.names_of(r),
                           id=f"name:{name}")  # fmt: skip
        prefix = name.split()[0].lower()
        yield pytest.param(f'name:"{prefix}*"', lambda r, p=prefix: any(n.startswith(p) for n in ref.names_of(r)),
                           id=f"name:{prefix}*")  # fmt: skip
        yield pytest.param(f'name!="{name}"', lambda r, n=name: " ".join(n.lower().split()) not in ref.names_of(r),
                           id=f"name!={name}")  # fmt: skip
    for record in ref.records():
        if record["aliases"]:
            alias = record["aliases"][0]
            yield pytest.param(f'n:"{alias}"', lambda r, a=alias: " ".join(a.lower().split()) in ref.names_of(r),
                               id=f"alias:{alias}")  # fmt: skip
            break


def _word_cases() -> Iterator[Any]:
    for word in ("fire", "immune", "undead", "bribe", "flying", "attacks", "the", "knight", "lord", "channelling"):
        yield pytest.param(word, ref.has_word(word), id=f"word:{word}")


@pytest.mark.parametrize("query, predicate", [*_number_cases(), *_keyword_cases(), *_ability_cases(),
                                              *_name_cases(), *_word_cases()])  # fmt: skip
def test_keyword_finds_what_the_fixtures_say(query: str, predicate: ref.Predicate) -> None:
    assert found(query) == ref.slugs(predicate)


def test_every_keyword_of_the_table_is_exercised() -> None:
    # order and dir sort rather than filter; test_operators covers them.
    exercised = {"vitality", "stacking", "ocb", "cmp", "ranged", "up", "shield", "border", "type", "set", "class",
                 "bribe", "rarity", "size", "immune", "attack", "terrain", "is", "name", "order", "dir"}  # fmt: skip
    assert exercised == {keyword.name for keyword in KEYWORDS}
    assert set(FLAGS) == set(ref.FLAGS)


def test_numbers_sorts_and_form_ranges_come_from_the_keyword_table() -> None:
    from cards.search.compose import compose
    from cards.search.forms import AdvancedSearchForm
    from cards.search.keywords import KEYWORDS, NUMBER, NUMBER_FIELDS, RANGE_TERMS, SORT_KEYS

    numbers = [keyword for keyword in KEYWORDS if keyword.kind == NUMBER]
    assert NUMBER_FIELDS == {keyword.name: keyword.column for keyword in numbers}
    columns = {field.name for field in Card._meta.get_fields()}
    assert set(NUMBER_FIELDS.values()) <= columns
    assert list(SORT_KEYS)[0] == "name" and set(NUMBER_FIELDS) <= set(SORT_KEYS)
    # Every sort key orders a real query (a typo in a column would raise here).
    for column in SORT_KEYS.values():
        list(Card.objects.order_by(column).values_list("pk", flat=True)[:1])
    form = AdvancedSearchForm({"vitality_min": "3", "vitality_max": "3", "ranged_min": "2", "up_max": "5"})
    assert form.is_valid(), form.errors
    assert {f"{keyword.name}_{end}" for keyword in RANGE_TERMS for end in ("min", "max")} <= set(form.fields)
    assert compose(form.cleaned_data) == "v=3 ranged>=2 up<=5"
    assert dict(form.fields["order"].choices).keys() >= {"vitality", "set", "type", "shield"}
