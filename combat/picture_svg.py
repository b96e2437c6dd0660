"""The combat picture as a standalone SVG image (1200 x 630, the size link previews use) to save or share."""

from __future__ import annotations

import re

from django.utils.html import escape as escape_markup

from combat.reading import Bar, Picture

WIDTH, HEIGHT = 1200, 630
COLOURS = {
    "attacker": "#8a5a14",
    "defender": "#3d6685",
    "bonus": "#1d6b33",
    "penalty": "#a3261b",
    "dispel": "#6a3d9a",
    "out": "#b9b2a5",
}
MARKS = {"bonus": "\u25b2", "penalty": "\u25bc", "dispel": "\u2715"}

# Characters XML 1.0 forbids anywhere in a document, escaped or not (its Char production): C0 controls other
# than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF. A made-up card's name may hold
# any of them (JSON can spell them), and one of them makes the whole picture unreadable to every SVG viewer.
XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """Text made safe for the SVG: markup escaped, and the characters XML cannot carry at all left out."""
    return str(escape_markup(XML_FORBIDDEN.sub("", text)))


def _bar(bar: Bar, x: int, y: int, width: int, height: int) -> str:
    name_width = 200
    track = width - name_width - 150
    fill = COLOURS["out"] if bar.out else COLOURS[bar.change] if bar.change else COLOURS[bar.side]
    length = max(int(track * bar.percent / 100), 2)
    printed = int(track * bar.printed_percent / 100)
    bold = ' font-weight="700"' if bar.is_subject or bar.is_cause else ""
    struck = ' text-decoration="line-through"' if bar.out else ""
    faded = ' fill-opacity="0.55"' if bar.out else ""
    # A made-up creature has no card page: it is marked as such (the picture links nowhere).
    name = (
        escape(bar.name[:14]) + '<tspan font-style="italic"> (made-up)</tspan>'
        if bar.made_up
        else escape(bar.name[:24])
    )
    parts = [
        f'<text x="{x}" y="{y + height * 0.68:.0f}" font-size="{min(height * 0.5, 22):.0f}"{bold}{struck}>'
        f"{name}</text>",
        f'<rect x="{x + name_width}" y="{y + 4}" width="{track}" height="{height - 8}" fill="#efe9dd" rx="3"/>',
        f'<rect x="{x + name_width}" y="{y + 4}" width="{length}" height="{height - 8}" fill="{fill}" rx="3"{faded}/>',
        f'<line x1="{x + name_width + printed}" x2="{x + name_width + printed}" y1="{y + 1}" y2="{y + height - 1}" '
        'stroke="#2b2620" stroke-width="2" stroke-dasharray="3 2"/>',
    ]
    label = str(bar.total)
    if bar.change:
        label = f"{MARKS[bar.change]} {label}"
    size = min(height * 0.5, 22)
    parts.append(
        f'<text x="{x + name_width + track + 8}" y="{y + height * 0.68:.0f}" font-size="{size:.0f}"'
        f' font-weight="700">{escape(label)}'
        + (
            f'<tspan font-size="{size * 0.7:.0f}" font-weight="400"> {escape(bar.fate_words[:14])}</tspan>'
            if bar.out
            else ""
        )
        + "</text>"
    )
    if bar.is_cause:
        parts.append(
            f'<rect x="{x - 6}" y="{y}" width="{width + 6}" height="{height}" fill="none" stroke="#d49a1c" '
            'stroke-width="3" rx="4"/>'
        )
    return "".join(parts)


def render(picture: Picture, title: str, caption: str) -> str:
    column = (WIDTH - 90) // 2
    rows = max(len(picture.attacker), len(picture.defender), 1)
    row_height = min(56, (HEIGHT - 190) // rows)
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(title)}: {escape(caption)}" font-family="Georgia, serif">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fbf8f2"/>',
        f'<text x="30" y="52" font-size="32" font-weight="700" fill="#2b2620">{escape(title[:70])}</text>',
        f'<text x="30" y="90" font-size="21" fill="#4a443a">{escape(caption[:110])}</text>',
    ]
    for index, (side, bars) in enumerate(picture.sides):
        x = 30 + index * (column + 30)
        body.append(
            f'<text x="{x}" y="135" font-size="22" font-weight="700" fill="{COLOURS[side]}">{side.capitalize()}</text>'
        )
        for row, bar in enumerate(bars):
            body.append(_bar(bar, x, 150 + row * row_height, column, row_height))
    body.append(
        f'<text x="30" y="{HEIGHT - 18}" font-size="16" fill="#4a443a">Dashed line: printed Vitality. '
        "\u25b2 bonus, \u25bc penalty, \u2715 dispel. Guardians combat simulator.</text>"
    )
    body.append("</svg>")
    return "".join(body)
