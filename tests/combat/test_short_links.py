"""Short permalinks: a set-up of any allowed size has a short link, and every link ever shared still resolves."""

from __future__ import annotations

import hashlib
import json
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client

from cards.models import Card
from combat import links, running
from combat.links import READABLE_LINK_LIMIT, compress, decompress, notation_in, permalink
from combat.setup_form import MAX_NOTATION_LENGTH
from engine.errors import NotationError

pytestmark = pytest.mark.django_db

# A published dictionary never changes: a link compressed with it must read back the same set-up forever.
DICTIONARY_HASHES = {"1": "c5f820d0941e1e8506bee3c9939334093d64d81ebf8a80545185b49ffefb563c"}


def longest_set_up() -> str:
    """A valid set-up of real cards close to the notation limit: on each side the creatures with the longest
    slugs that still fit a 30-point shield (Idiots, stacking 0, fill it up to 30 creatures), then both play
    orders written out, each copy named (``idiot#2``)."""
    cards = {card.slug: card for card in Card.objects.filter(card_type="creature")}

    def stack(slug: str) -> int:
        card = cards[slug]
        return card.stacking_vitality if card.stacking_vitality is not None else (card.vitality or 0)

    def plain(slug: str) -> bool:  # needs no roll, count or choice, and fights on its own
        return not running.problems_of(running.read_notation(f"terrain=woods a={slug} d=idiot"))

    ranked = [slug for slug in sorted(cards, key=lambda slug: (-len(slug), slug)) if 0 < stack(slug) <= 3]
    ranked = [slug for slug in ranked[:120] if plain(slug)]
    sides = []
    for offset in (0, 1):
        chosen = ranked[offset::2][:16]
        while sum(stack(slug) for slug in chosen) > 30:
            chosen.pop()
        chosen += ["idiot"] * (30 - len(chosen))
        seen: dict[str, int] = {}
        named = []
        for slug in chosen:
            seen[slug] = seen.get(slug, 0) + 1
            named.append(slug if seen[slug] == 1 else f"{slug}#{seen[slug]}")
        sides.append((chosen, named[::-1]))
    (attacker, attacker_order), (defender, defender_order) = sides
    return (
        f"terrain=woods a={','.join(attacker)} d={','.join(defender)} "
        f"a.order={','.join(attacker_order)} d.order={','.join(defender_order)}"
    )


def query_of(link: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(link).query).items()}


def test_every_published_dictionary_is_unchanged() -> None:
    for number, digest in DICTIONARY_HASHES.items():
        assert hashlib.sha256(links.dictionary(number)).hexdigest() == digest, f"dictionary {number} changed"
    assert links.LINK_FORMAT in DICTIONARY_HASHES


def test_the_longest_set_up_of_real_cards_has_a_link_well_under_2_kb(client: Client) -> None:
    notation = longest_set_up()
    assert 1_500 < len(notation) <= MAX_NOTATION_LENGTH
    spelled_out = "/combat/?" + urlencode({"s": notation, "step": "end"})
    short = permalink(notation, step="end")
    assert len(short) < 500 and len(short) * 4 < len(spelled_out)
    assert notation_in(query_of(short)) == notation
    # The page, its picture and its explore link resolve the compressed link to the same combat.
    page = client.get(short)
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("step_permalink", "permalink"):
        shown = re.search(rf'id="{name.replace("_", "-")}" readonly value="http://testserver([^"]+)"', html)
        assert shown and len(shown.group(1)) < 500
    picture = re.search(r'<meta property="og:image" content="http://testserver([^"]+)">', html)
    assert picture and len(picture.group(1)) < 500
    assert client.get(picture.group(1).replace("&amp;", "&")).status_code == 200


def test_an_old_spelled_out_link_resolves_to_the_same_result_as_its_short_form(client: Client) -> None:
    notation = longest_set_up()
    old = client.get("/combat/?" + urlencode({"s": notation, "step": "end"}))
    new = client.get(permalink(notation, step="end"))
    assert old.status_code == new.status_code == 200

    def result(html: str) -> str:
        return re.search(r'<meta property="og:title" content="([^"]+)">', html).group(1)  # type: ignore[union-attr]

    assert result(old.content.decode()) == result(new.content.decode())


def test_short_set_ups_keep_their_readable_links() -> None:
    notation = "terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer"
    assert permalink(notation) == "/combat/?" + urlencode({"s": notation})
    long_link = permalink(longest_set_up())
    assert len("/combat/?" + urlencode({"s": longest_set_up()})) > READABLE_LINK_LIMIT and "?z=" in long_link


def test_the_api_and_the_explore_rows_give_short_links(client: Client) -> None:
    notation = longest_set_up()
    answer = client.post("/api/v1/combat/resolve/", json.dumps({"notation": notation}), content_type="application/json")
    assert answer.status_code == 200 and len(answer.json()["permalink"]) < 500
    assert notation_in(query_of(answer.json()["permalink"])) == answer.json()["notation"]


@pytest.mark.parametrize("damage", ["cut", "altered", "unknown format", "not base64"])
def test_a_damaged_short_link_is_a_clear_400_not_a_500(client: Client, damage: str) -> None:
    value = compress(longest_set_up())
    damaged = {
        "cut": value[: len(value) // 2],
        "altered": value[:40] + ("A" if value[40] != "A" else "B") + value[41:],
        "unknown format": "9" + value[1:],
        "not base64": "1!!!",
    }[damage]
    for path in ("/combat/", "/combat/picture.svg", "/combat/explore/"):
        response = client.get(path + "?" + urlencode({"z": damaged}))
        assert response.status_code == 400, (path, damage)
    with pytest.raises(NotationError) as refused:
        decompress(damaged)
    assert refused.value.code in ("link.unreadable", "notation.syntax")


def test_a_compressed_bomb_is_refused_before_it_is_inflated() -> None:
    with pytest.raises(NotationError) as refused:
        decompress(compress("a=" + "archer," * 200_000))
    assert refused.value.code == "notation.too_long"


def test_links_written_today_read_back_the_same_set_up_for_every_example() -> None:
    from combat.examples import all_examples, arena_examples

    for example in [*all_examples(), *arena_examples()]:
        assert decompress(compress(example.notation)) == example.notation
        assert notation_in(query_of(permalink(example.notation))) == example.notation


def test_a_link_written_with_format_1_reads_back_forever() -> None:
    # Written once by this version of the site; if this fails, a shared link no longer resolves.
    assert decompress(FORMAT_1_LINK) == "terrain=woods a=sand-lord,wood-nymph d=swordsman,archer d.ranged=1:archer"


FORMAT_1_LINK = "1gyU0cGYApjb4KK8OIhMBUyC8kteBlJ6I2DO0gogAAA"
