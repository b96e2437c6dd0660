"""A rule's page title says what the rule is about, as its heading does: "Rule 6.2.3 (6.2 The command step)",
where every rule was titled by its bare number, and a subrule "Rule" against its own heading "Subrule"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _title(client: Client, path: str) -> str:
    found = re.search(r"<title>(.*?) · Guardians CCG reference</title>", client.get(path).content.decode(), re.S)
    assert found
    return " ".join(found.group(1).split())


def test_a_rule_is_titled_with_the_heading_it_sits_under(client: Client) -> None:
    assert _title(client, "/rules/6.2.3/") == "Rule 6.2.3 (6.2 The command step)"
    assert _title(client, "/rules/6.2.1a/") == "Subrule 6.2.1a (6.2 The command step)"
    assert _title(client, "/rules/arena/6.3.2/") == "Arena Rule 6.3.2 (6.3 Primary attack round)"
    assert _title(client, "/rules/6.2/") == "6.2 The command step"
