"""The rules contents count the standard rules it lists, and the Arena variant's apart: its lead said
"The Guardians rules ... 432 numbered rules", the two rulesets added together."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulings.models import RuleEntry

pytestmark = pytest.mark.django_db


def test_the_contents_count_each_ruleset_apart(client: Client) -> None:
    numbered = RuleEntry.objects.filter(kind__in=("rule", "subrule"))
    standard, arena = numbered.filter(ruleset__slug="standard").count(), numbered.filter(ruleset__slug="arena").count()
    lead = re.sub(r"<[^>]+>", "", client.get("/rules/").content.decode().split('<p class="lead">')[1].split("</p>")[0])
    assert f"{standard} numbered rules (and {arena} in the Guardians Arena variant)" in " ".join(lead.split())
