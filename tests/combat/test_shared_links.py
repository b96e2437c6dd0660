"""A shared combat or duel says in words who fought whom, where, with what and how it ended, and its link
preview shows a PNG (1200 x 630) with those words drawn on it."""

from __future__ import annotations

import html as html_module
import re
import struct
import zlib
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.test import Client

from combat import running
from combat.links import permalink
from engine.rulesets import ARENA

pytestmark = pytest.mark.django_db

COMBAT = "terrain=woods a=sand-lord,devil-dog a.hand=gold a.bribe=1:gold d=swordsman,archer d.ranged=1:archer"
DUEL = "ruleset=arena terrain=woods a=swordsman d=sand-lord d.pen=devil-dog s=d:creature:devil-dog,a:pass,d:pass"


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the RGBA rows of an 8-bit RGBA, non-interlaced PNG (what resvg writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks = 8, {}
    idat = b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IDAT":
            idat += body
        else:
            chunks[kind] = body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour, interlace) == (8, 6, 0)
    raw = zlib.decompress(idat)
    stride = width * 4
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - 4] if x >= 4 else 0
            up = previous[x]
            corner = previous[x - 4] if x >= 4 else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def dark_pixels(rows: list[bytes], top: int, bottom: int) -> int:
    """Pixels much darker than the picture's pale background between two heights: drawn text."""
    return sum(1 for row in rows[top:bottom] for x in range(0, len(row), 4) if row[x] + row[x + 1] + row[x + 2] < 300)


def meta(html: str, name: str) -> str:
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)">', html)
    assert found, name
    return html_module.unescape(found.group(1))


def title(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found
    return html_module.unescape(found.group(1))


def local(url: str) -> str:
    return url.split("://testserver", 1)[1]


def test_a_combat_permalink_says_who_fought_whom_where_with_what_and_the_outcome(client: Client) -> None:
    result = running.run(running.read_notation(COMBAT)).result
    outcome = f"holds the space, {result.attacker_total} against {result.defender_total}"
    html = client.get(permalink(COMBAT, step="end")).content.decode()
    for text in (title(html), meta(html, "og:title")):
        assert "Sand Lord and Devil Dog against Swordsman and Archer in the Woods" in text
        assert f"the {result.winner.value} {outcome}" in text
    for text in (meta(html, "description"), meta(html, "og:description")):
        assert "Attacker: Sand Lord and Devil Dog, with 1 bribe (Gold)" in text
        assert "Defender: Swordsman and Archer, with ranged support from Archer" in text
        assert outcome in text and "=" not in text  # words, not notation
    assert meta(html, "og:image:type") == "image/png"
    assert (meta(html, "og:image:width"), meta(html, "og:image:height")) == ("1200", "630")
    assert "/combat/picture.png?" in meta(html, "og:image") and "step=end" in meta(html, "og:image")


def test_every_step_of_a_shared_combat_keeps_its_words(client: Client) -> None:
    html = client.get(permalink(COMBAT, step=2)).content.decode()
    assert title(html).startswith("Sand Lord and Devil Dog against Swordsman and Archer") and "Step 3 of" in title(html)
    assert "step=2" in meta(html, "og:image")


def test_a_duel_permalink_says_it_in_words(client: Client) -> None:
    log = ARENA.log_of(running.run(running.read_notation(DUEL)))
    assert log.result.winner is not None
    html = client.get(permalink(DUEL, step="end")).content.decode()
    assert "Swordsman against Sand Lord in the Duel Zone's Woods" in meta(html, "og:title")
    assert f"the {log.result.winner.value} wins the duel" in title(html)
    assert "Arena duel" in meta(html, "og:description") and "Sand Lord, with 1 action" in meta(html, "description")
    assert "/combat/picture.png?" in meta(html, "og:image")


@pytest.mark.parametrize("notation", [COMBAT, DUEL], ids=["combat", "duel"])
def test_the_preview_picture_is_a_1200_by_630_png_with_its_words_drawn(client: Client, notation: str) -> None:
    html = client.get(permalink(notation, step="end")).content.decode()
    response = client.get(local(meta(html, "og:image")))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    width, height, rows = decode_png(response.content)
    assert (width, height) == (1200, 630)
    # The words band (the set-up in words) is drawn: its text darkens many pixels of the pale background.
    assert dark_pixels(rows, 10, 190) > 2000


def test_without_its_font_the_words_would_not_be_drawn(client: Client, settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # The same request with an empty font folder: the band stays blank, so the test above sees real text.
    settings.GUARDIANS_PICTURE_FONT_DIR = str(tmp_path)
    response = client.get("/combat/picture.png?" + urlencode({"s": COMBAT, "step": "end"}))
    width, height, rows = decode_png(response.content)
    assert (width, height) == (1200, 630) and dark_pixels(rows, 10, 190) == 0


def test_a_picture_of_a_broken_set_up_is_a_clear_400(client: Client) -> None:
    response = client.get("/combat/picture.png?" + urlencode({"s": "a=nothing-such d=sand-lord"}))
    assert response.status_code == 400 and response["Content-Type"].startswith("text/plain")
    assert "Cannot draw this set-up" in response.content.decode()
