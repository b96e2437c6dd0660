"""The shared picture as a PNG (1200 x 630) with the set-up in words: what link previews and chat apps show.

Most chat apps show no preview for an SVG, so ``og:image`` points here. The PNG is drawn on the server from
the same SVG the page offers (``picture_svg.render``), placed below a band that says in words who fought whom,
where, with what, and the outcome (``shared_words``). resvg draws it with the DejaVu fonts the README installs
(Debian's fonts-dejavu-core, ``make fonts``), never the machine's other fonts, so every server draws the same
picture; ``GUARDIANS_PICTURE_FONT_DIR`` points elsewhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import resvg_py
from django.conf import settings
from django.core import checks
from django.utils.html import escape

from combat.picture_svg import HEIGHT, WIDTH
from combat.shared_words import SharedWords

DEFAULT_FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FONT_FAMILY = "DejaVu Serif"
# Each line's longest text at its font size, so that no line runs off the 1200-pixel-wide picture.
_LINE_CHARACTERS = {28: 64, 21: 96, 19: 108}
BAND_HEIGHT = 200


def font_dir() -> str:
    return str(getattr(settings, "GUARDIANS_PICTURE_FONT_DIR", DEFAULT_FONT_DIR))


def _fit(text: str, size: int) -> str:
    limit = _LINE_CHARACTERS[size]
    return text if len(text) <= limit else text[: limit - 1].rstrip(" ,;:") + "\u2026"


def compose_svg(words: SharedWords, picture_svg: str) -> str:
    """The PNG's drawing: the words band above the page's own picture, scaled to the space left."""
    inner_height = HEIGHT - BAND_HEIGHT
    inner_width = WIDTH * inner_height // HEIGHT
    # The page's picture keeps its own viewBox; its width and height become the box it is scaled into.
    inner = re.sub(
        r'^<svg ([^>]*?)width="\d+" height="\d+"',
        rf'<svg \1x="{(WIDTH - inner_width) // 2}" y="{BAND_HEIGHT}" width="{inner_width}" height="{inner_height}"',
        picture_svg,
        count=1,
    )
    lines = [
        (28, 700, "#2b2620", words.matchup),
        (21, 400, "#4a443a", f"A {words.kind}{' ' + words.place if words.place else ''}. {words.outcome}"),
        *((19, 400, "#4a443a", f"{side.label}: {side.fighters}{', ' + side.extras if side.extras else ''}")
          for side in words.sides),
    ]  # fmt: skip
    texts = []
    y = 44
    for size, weight, colour, text in lines:
        texts.append(
            f'<text x="30" y="{y}" font-size="{size}" font-weight="{weight}" fill="{colour}">'
            f"{escape(_fit(text, size))}</text>"
        )
        y += size + 16
    return "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FONT_FAMILY}, serif">',
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fbf8f2"/>',
            *texts,
            f'<line x1="30" x2="{WIDTH - 30}" y1="{BAND_HEIGHT - 6}" y2="{BAND_HEIGHT - 6}" stroke="#d8cfbf"/>',
            inner,
            "</svg>",
        ]
    )


def render_png(words: SharedWords, picture_svg: str) -> bytes:
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=compose_svg(words, picture_svg),
            skip_system_fonts=True,
            font_dirs=[font_dir()],
            font_family=FONT_FAMILY,
            serif_family=FONT_FAMILY,
            sans_serif_family="DejaVu Sans",
            width=WIDTH,
            height=HEIGHT,
        )
    )


@checks.register()
def picture_font_check(app_configs: object = None, **kwargs: object) -> list[checks.CheckMessage]:
    """Without its font the PNG would be drawn with no text at all: say so when the server starts."""
    folder = Path(font_dir())
    if any(folder.glob("DejaVuSerif*.ttf")):
        return []
    return [
        checks.Warning(
            f"No DejaVu Serif font in {folder}: the shared PNG pictures would be drawn without text.",
            hint="Install Debian's fonts-dejavu-core (make fonts) or set GUARDIANS_PICTURE_FONT_DIR.",
            id="combat.W001",
        )
    ]
