"""A source of a card, set, ruling or example as every API answer gives it (``core.sources``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rest_framework import serializers

from core.sources import Source


def absolute(context: dict[str, Any], path: str) -> str:
    """A path of this site as an absolute URL when a request is at hand (the bulk files keep the path)."""
    request = context.get("request")
    return request.build_absolute_uri(path) if request else path


class SourceSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="A name a judge can cite, e.g. \"The 1996 Guardians FAQ ...\".")
    url = serializers.CharField(
        help_text="Where to read it: a web page or a page of this site, as an absolute URL (in the bulk files, "
        "a page of this site is a path)."
    )
    authority = serializers.CharField(help_text="site, faq-1996, compiled-rules, arena, community or card-data.")
    date = serializers.CharField(help_text="As precise as known (1996, 2008-07, 2015-03-24); empty when unknown.")
    date_note = serializers.CharField(help_text="How the date is known, or why it is not.")


def sources_data(context: dict[str, Any], sources: Iterable[Source]) -> list[dict[str, str]]:
    """Sources as the API gives them wherever they appear (rulings, cards, sets): a page of this site as an
    absolute URL, like every other link in an answer."""
    return [
        {**source.as_dict(), "url": absolute(context, source.url) if source.url.startswith("/") else source.url}
        for source in sources
    ]
