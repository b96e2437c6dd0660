"""One way of writing dates across the site (issue #37, point 8): "7 December 2026", "July 2008", "1996"."""

from __future__ import annotations

import datetime
import re

import pytest
from django.template import Context, Template
from django.test import Client

from core.dates import site_date


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (datetime.date(2026, 12, 7), "7 December 2026"),
        (datetime.datetime(2026, 11, 26, 23, 59, tzinfo=datetime.UTC), "26 November 2026"),
        ("2015-03-24", "24 March 2015"),
        ("2008-07", "July 2008"),
        ("1996", "1996"),
        ("", ""),
        (None, ""),
        ("2008-13", "2008-13"),  # not a date: shown as it is rather than lost or mangled
        ("soon", "soon"),
    ],
)
def test_every_kind_of_date_is_written_the_same_way(value: object, words: str) -> None:
    assert site_date(value) == words


def test_the_template_filters_write_dates_and_dates_inside_words() -> None:
    template = Template("{% load site_dates %}{{ day|site_date }} / {{ heading|dates_in_words }}")
    shown = template.render(Context({"day": datetime.date(2026, 12, 7), "heading": "Version 1.1 (2026-11-26)"}))
    assert shown == "7 December 2026 / Version 1.1 (26 November 2026)"


ISO_DAY_SHOWN = re.compile(r">[^<]*\b\d{4}-\d{2}-\d{2}\b[^<]*<")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/rulings/R-089/", "/cards/archer/", "/rules/", "/rules/changes/", "/api/"])
def test_no_page_shows_a_date_as_iso_digits(client: Client, path: str) -> None:
    """Dates stay machine-readable in <time datetime="..."> attributes; the words between tags never show them.
    The change log's prose is left out: it quotes dates inside sentences as written."""
    html = client.get(path).content.decode()
    body = html[html.index("<main") : html.index("</main>")]
    if path == "/rules/changes/":
        body = "".join(re.findall(r"<h2[^>]*>.*?</h2>|<p class=\"lead\">.*?</p>", body))
        assert "26 November 2026" in body
    assert not ISO_DAY_SHOWN.search(body), ISO_DAY_SHOWN.search(body)


@pytest.mark.django_db
def test_an_undated_ruling_says_so_once(client: Client) -> None:
    # E-03 was the example until it became a dated site correction (2026-12-07); any undated compiled-rules
    # ruling says the same.
    from rulings.models import Ruling

    undated = Ruling.objects.filter(authority="compiled-rules", date="").order_by("position").first()
    assert undated is not None
    html = client.get(undated.get_absolute_url()).content.decode()
    date = re.search(r"<dt>Date</dt><dd>(.*?)</dd>", html, re.S)
    assert date is not None
    words = re.sub(r"<[^>]+>", "", date.group(1))
    assert words.lower().count("unknown") == 1 and words.startswith("Unknown (the compiled rules give")
