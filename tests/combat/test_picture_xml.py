"""The shared picture stays well-formed XML whatever a made-up card is called."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from urllib.parse import urlencode

import pytest
from django.test import Client

from combat.picture_svg import XML_FORBIDDEN, escape

pytestmark = pytest.mark.django_db

# Characters XML 1.0 refuses that a URL's UTF-8 can carry: C0 controls (but tab, LF, CR) and U+FFFF. No space:
# notation clauses split on it.
HOSTILE_NAME = "Test\u0001Gi\u000bant\u001f\uffff&<Co>"


def _made_up(name: str) -> str:
    record = json.dumps({"border": "mortal", "name": name, "type": "creature", "vitality": 9}, separators=(",", ":"))
    return f"made-up.test-giant={record}"


@pytest.mark.parametrize("ruleset", ["", "ruleset=arena "])
def test_a_made_up_name_with_control_characters_draws_a_well_formed_picture(client: Client, ruleset: str) -> None:
    notation = f"{ruleset}{_made_up(HOSTILE_NAME)} a=test-giant d=swordsman"
    response = client.get("/combat/picture.svg?" + urlencode({"s": notation, "step": "end"}))
    assert response.status_code == 200
    root = ElementTree.fromstring(response.content)
    words = "".join(root.itertext())
    assert "TestGiant" in words  # the forbidden characters are left out, the rest of the name kept


def test_escape_keeps_what_xml_allows_and_drops_only_what_it_forbids() -> None:
    assert escape("a\tb\nc\rd é \u2715 <&>") == "a\tb\nc\rd é \u2715 &lt;&amp;&gt;"
    forbidden = [chr(code) for code in (*range(0x20), 0xD800, 0xDFFF, 0xFFFE, 0xFFFF) if chr(code) not in "\t\n\r"]
    assert all(XML_FORBIDDEN.fullmatch(character) for character in forbidden)
    assert escape("".join(forbidden)) == ""
