"""A duel permalink whose result a ruling changed (Arena 6.8.5-6.8.8) still opens on the site and in the API: its
secondary round, written for the other player acting first, is said not taken with a coded warning, never a 400."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.engine.test_arena_validate_permalinks import RULE_CHANGED

pytestmark = pytest.mark.django_db


def _post(client: Client, endpoint: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/combat/{endpoint}", body, content_type="application/json")


@pytest.mark.parametrize("row", RULE_CHANGED[:3], ids=[row["source"] for row in RULE_CHANGED[:3]])
def test_an_old_duel_link_a_ruling_changed_still_opens(row: dict[str, Any]) -> None:
    client = Client()
    code = row["asserts"]["warning"]
    resolved = _post(client, "resolve", {"notation": row["notation"]})
    assert resolved.status_code == 200, resolved.content
    said = [notice for notice in resolved.json()["result"]["notices"] if notice["code"] == code]
    assert said and all(notice["values"]["action"] in row["notation"] for notice in said)
    checked = _post(client, "validate", {"notation": row["notation"]}).json()
    assert checked["valid"] is True, checked
    page = client.get("/combat/", {"s": row["notation"], "step": "end"})
    assert page.status_code == 200
    # The duel's warnings at its result name each secondary action not taken and why.
    warnings = page.content.decode().split("<h3>Warnings</h3>")[1].split("</ul>")[0]
    assert warnings.count("is not taken: it was written for the") == len(said)
