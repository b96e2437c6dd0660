"""Made-up cards defined inside a set-up, for "what if" questions ("a Vitality 3 fire-immune
creature here?") without a real card to stand in.

A set-up may carry card records shaped like the card fixtures (``slug``, ``name``, ``type``,
``vitality``, ``border``, ``bribery``, ``classes``, ``size``, ``ocb``, ``abilities`` in the engine's
vocabulary, ...). The combat and the validation read them through ``catalog_for``, which adds them
to the catalog with ``CardCatalog.with_made_up``. In the notation each card is one clause,
``made-up.<slug>=<record>``, the record being its JSON without the slug, written compactly and with
spaces and percent signs escaped (``%20``, ``%25``) so that the clause holds no space::

    made-up.test-giant={"name":"Test%20Giant","type":"creature","border":"mortal","vitality":9}

In the JSON form they are the list ``made_up`` of records.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote

from .catalog import CardCatalog
from .errors import NotationError
from .setup import CombatSetup

# Everything JSON needs stays readable; only the space and the percent sign (and controls) are escaped.
_SAFE = "{}[]:,\"'-_.!*()@#/;=<>+?&~|^$`\\"
_CACHE_SIZE = 64
_catalogs: dict[tuple[int, tuple[str, ...]], CardCatalog] = {}
# The made-up cards each cached catalog already holds (kept alive by _catalogs while listed here).
_built_for: dict[int, tuple[str, ...]] = {}


def record_text(record: Mapping[str, Any]) -> str:
    """The canonical JSON of one made-up card (keys sorted, no spaces between items)."""
    return json.dumps(dict(record), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def made_up_record(value: Any, where: str = "made_up") -> str:
    """One made-up card from the JSON form, checked for shape; returned as its canonical text."""
    if not isinstance(value, Mapping) or not isinstance(value.get("slug"), str):
        raise NotationError(f"{where}: a made-up card is an object with at least a slug", code="setup.bad_made_up")
    record = dict(value)
    record.setdefault("name", record["slug"].replace("-", " ").title())
    record.setdefault("type", "creature")
    return record_text(record)


def clause_key(text: str) -> str:
    return f"made-up.{json.loads(text)['slug']}"


def clause_value(text: str) -> str:
    record = json.loads(text)
    del record["slug"]
    return quote(record_text(record), safe=_SAFE)


def parse_clause(key: str, value: str, position: int) -> str:
    slug = key.partition(".")[2]
    try:
        record = json.loads(unquote(value))
    except json.JSONDecodeError as exc:
        raise NotationError(
            f"{key}: the made-up card is not valid JSON ({exc.msg})", position=position, code="notation.bad_made_up"
        ) from exc
    if not isinstance(record, dict) or "slug" in record:
        raise NotationError(
            f"{key}: give the card as a JSON object without its slug (the slug is in the key)",
            position=position,
            code="notation.bad_made_up",
        )
    return made_up_record({"slug": slug, **record}, key)


def made_up_slugs(setup: CombatSetup) -> tuple[str, ...]:
    return tuple(str(json.loads(text)["slug"]) for text in setup.made_up)


def catalog_for(setup: CombatSetup, catalog: CardCatalog) -> CardCatalog:
    """The catalog a set-up is played with: ``catalog`` plus the set-up's made-up cards. Built
    once per (catalog, cards) and kept, so exploring thousands of orders does not rebuild it."""
    if not setup.made_up or _built_for.get(id(catalog)) == setup.made_up:
        return catalog
    key = (id(catalog), setup.made_up)
    found = _catalogs.get(key)
    if found is None:
        found = catalog.with_made_up(json.loads(text) for text in setup.made_up)
        if len(_catalogs) >= _CACHE_SIZE:
            _catalogs.clear()
            _built_for.clear()
        _catalogs[key] = found
        _built_for[id(found)] = setup.made_up
    return found
