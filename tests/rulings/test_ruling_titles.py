"""A ruling's page is titled as its heading names it (an erratum is not a "Ruling"), with its question, so a
tab, a bookmark or a search result says what was ruled."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from rulings.models import Ruling

pytestmark = pytest.mark.django_db


def _title_and_heading(client: Client, path: str) -> tuple[str, str]:
    page = client.get(path).content.decode()
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
    assert title and heading
    return html.unescape(" ".join(title.group(1).split())), " ".join(re.sub(r"<[^>]+>", "", heading.group(1)).split())


@pytest.mark.parametrize("code", ["E-06", "R-001", "A-02"])
def test_a_ruling_page_is_titled_by_its_kind_code_and_question(client: Client, code: str) -> None:
    title, heading = _title_and_heading(client, f"/rulings/{code}/")
    question = Ruling.objects.get(code=code).question
    assert title.startswith(f"{heading}: {question[:40]}") and len(title) < 120
