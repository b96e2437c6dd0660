"""The shared picture: drawing the PNG link previews use (combat/picture_png.py) beside the SVG it is drawn from.

The baseline, measured in the same run, is the SVG alone (what "Save the picture" serves); the ratio is what
resvg adds. Nothing is cached: each sample draws the picture afresh (the view's cache is not used), and the
first PNG of a new process (fonts loaded for the first time) is reported as the cold figure. Target: a PNG in
500 ms or less, so that a chat app's preview fetch (once per permalink, then cached a day) does not time out.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .timing import cold_then_warm, median_ms, percentile_ms, sample

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 500.0
NOTATION = (
    "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,super-model "
    "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,amber-well"
)


def _drawers():  # type: ignore[no-untyped-def]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guardians_site.settings")
    import django

    django.setup()
    from combat import reading
    from combat.picture_png import render_png
    from combat.picture_svg import render as svg_render
    from combat.shared_words import combat_words
    from engine.catalog import default_catalog
    from engine.notation import parse_setup
    from engine.resolver import resolve

    catalog = default_catalog()
    setup = parse_setup(NOTATION)
    log = resolve(setup, catalog)
    end = len(log.steps)

    def svg() -> str:
        title, caption = reading.picture_words(log, end)
        return svg_render(reading.picture(log, end), title, caption)

    def png() -> bytes:
        return render_png(combat_words(setup, log, catalog), svg())

    return svg, png


def _cold_ms() -> float:
    """The first PNG of a new process, in milliseconds (printed by a child interpreter)."""
    script = (
        "import time; from benchmarks.picture_bench import _drawers; svg, png = _drawers(); "
        "start = time.perf_counter(); png(); print((time.perf_counter() - start) * 1000)"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def run(runs: int = 20) -> list[str]:
    svg, png = _drawers()
    baseline = median_ms(sample(svg, runs * 10, warmup=5))
    _, first, samples = cold_then_warm(png, runs, warmup=2)
    median = median_ms(samples)
    cold = _cold_ms()
    with open("/proc/loadavg") if Path("/proc/loadavg").exists() else open(os.devnull) as load:
        load_average = load.read().split(" ")[0] or "unknown"
    return [
        f"Shared picture, 6-vs-6 result (median of {runs} PNGs; baseline the SVG alone {baseline:.2f} ms; "
        f"load average {load_average})",
        f"  PNG 1200x630 with words   {median:.1f} ms (p95 {percentile_ms(samples, 0.95):.1f}); ratio to baseline "
        f"{median / baseline:.0f}x; first in this process {first * 1000:.1f} ms, first in a new process {cold:.1f} ms; "
        f"target <= {TARGET_MS:.0f} ms: {'met' if median <= TARGET_MS else 'NOT met'}",
    ]
