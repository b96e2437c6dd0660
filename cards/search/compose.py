"""Write the query text equivalent to the advanced-search form, so people see (and learn) the syntax."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cards.search.keywords import RANGE_TERMS

# Form field -> keyword, in the order the terms are written.
CHOICE_TERMS = (("type", "t"), ("border", "b"), ("set", "set"), ("card_class", "class"), ("bribe", "bribe"),
                ("rarity", "r"), ("size", "size"), ("immune", "immune"), ("attack", "attack"))  # fmt: skip
FLAG_TERMS = ("flying", "command", "unbribeable", "channeler", "receiver", "automated", "starter", "unverified")


def quote(value: str) -> str:
    value = value.replace('"', "").strip()
    return f'"{value}"' if re.search(r"[\s():]", value) or not value else value


def compose(data: Mapping[str, Any]) -> str:
    """Query text from cleaned form data; empty fields add nothing."""
    terms: list[str] = []
    words = str(data.get("words") or "").strip()
    if words:
        terms.append(words)
    phrase = str(data.get("phrase") or "").replace('"', "").strip()
    if phrase:
        terms.append(f'"{phrase}"')
    name = str(data.get("name") or "").strip()
    if name:
        terms.append(f"name:{quote(name)}")
    for field, keyword in CHOICE_TERMS:
        value = data.get(field)
        if value:
            terms.append(f"{keyword}:{quote(str(value))}")
    for number in RANGE_TERMS:
        field, keyword = number.name, number.short
        low, high = data.get(f"{field}_min"), data.get(f"{field}_max")
        if low is not None and high is not None and low == high:
            terms.append(f"{keyword}={low}")
            continue
        if low is not None:
            terms.append(f"{keyword}>={low}")
        if high is not None:
            terms.append(f"{keyword}<={high}")
    for flag in FLAG_TERMS:
        state = data.get(f"is_{flag}")
        if state == "yes":
            terms.append(f"is:{flag}")
        elif state == "no":
            terms.append(f"-is:{flag}")
    if data.get("order"):
        terms.append(f"order:{data['order']}")
    if data.get("direction"):
        terms.append(f"dir:{data['direction']}")
    return " ".join(terms)
