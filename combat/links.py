"""Addresses of the combat pages, built in one place so every permalink has the same form.

A permalink carries the whole set-up, since the engine's notation is the whole state. A short set-up is
spelled out (``?s=<notation>``), readable and editable by hand. A long one is compressed (``?z=<form>``):
spelled out, a 2,000-character set-up made a 5.5 KB address (its commas, colons and equals signs each
percent-encoded), which some servers and chat apps refuse. The compressed form is raw DEFLATE against a
preset dictionary of every card slug and notation keyword, in URL-safe base64, behind a format number: a
long set-up of real cards becomes a few hundred characters.

Links never expire: ``s=`` links of every age are read as ever, and each dictionary, once published, is
never changed (a test pins its hash); a new one would get the next format number, and the old ones stay.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from engine.errors import NotationError

# Beyond this many characters the readable form gives way to the compressed one. Well under any limit, and
# above every worked example's permalink, so the links the site's pages and docs show stay readable.
READABLE_LINK_LIMIT = 500
LINK_FORMAT = "1"
DICTIONARIES = Path(__file__).resolve().parent / "link_dictionaries"
# A compressed link never holds more than the notation limit allows; reading stops one character beyond it,
# so a crafted link cannot make the server inflate megabytes.
MAX_LINK_NOTATION = 2000


@cache
def dictionary(number: str) -> bytes:
    return (DICTIONARIES / f"{number}.txt").read_bytes()


def compress(notation: str) -> str:
    """The compressed form of a notation (the value of ``z=``)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=dictionary(LINK_FORMAT))
    packed = packer.compress(notation.encode("utf-8")) + packer.flush()
    return LINK_FORMAT + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def decompress(form: str) -> str:
    """The notation a ``z=`` value holds; a NotationError (code ``link.unreadable``) when it holds none."""
    number, data = form[:1], form[1:]
    if not number or not (DICTIONARIES / f"{number}.txt").is_file() or not number.isdigit():
        raise NotationError("the link is not in a form this site writes (z= must start with its format number)",
                            code="link.unreadable")  # fmt: skip
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj(-15, zdict=dictionary(number))
        text = unpacker.decompress(packed, MAX_LINK_NOTATION * 4 + 1)
        if len(text) > MAX_LINK_NOTATION * 4:
            raise NotationError(f"the link's set-up is longer than the {MAX_LINK_NOTATION:,} characters a set-up "
                                "may have", code="notation.too_long")  # fmt: skip
        complete = unpacker.eof and not unpacker.unconsumed_tail
        notation = text.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        complete = False
    if not complete:
        raise NotationError("the link is damaged: its compressed set-up cannot be read (was it cut short?)",
                            code="link.unreadable")  # fmt: skip
    return notation


def link_query(notation: str, **extra: Any) -> str:
    """The query string naming a set-up (and any extra parameters, such as the step)."""
    if len(notation) <= READABLE_LINK_LIMIT:  # percent-encoding only lengthens it: no need to try a longer one
        readable = urlencode({"s": notation, **extra})
        if len(readable) <= READABLE_LINK_LIMIT:
            return readable
    return urlencode({"z": compress(notation), **extra})


def permalink(notation: str, **extra: Any) -> str:
    """The step-through of a set-up."""
    return "/combat/?" + link_query(notation, **extra)


def notation_in(query: Mapping[str, str]) -> str | None:
    """The set-up a request's query names, in either form (None: none); raises NotationError for a damaged
    compressed one."""
    if query.get("z"):
        return decompress(query["z"])
    return query.get("s")
