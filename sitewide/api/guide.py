"""What the API page (/api/) shows: built from the settings and the bulk manifest, so it cannot drift."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from core.api.pagination import EnvelopePagination
from core.api.throttling import describe_limits
from sitewide import bulkdata

ERROR_STATUSES = [
    (400, "invalid_parameter, parse_error, invalid_setup, invalid_notation, invalid_header", "A malformed parameter, body or header (such as a Content-Length that is not a number); details name each offending parameter or set-up problem."),
    (404, "not_found", "No such object or endpoint, or a page past the last one (details: the page asked for and the last page)."),
    (405, "method_not_allowed", "The method is not allowed (data endpoints are read-only)."),
    (406, "not_acceptable", "The Accept header or the format parameter asks for something the endpoint does not give: JSON, and YAML for the schema (details: what was asked and what is supported)."),
    (413, "request_too_large", "The body is larger than the limit below (a chunked body counts the bytes sent)."),
    (414, "request_line_too_long", "The request line (method, address, HTTP version) is over 8,190 bytes."),
    (415, "unsupported_media_type", "A POST body that is not JSON."),
    (429, "throttled", "Too many requests; wait the seconds given in Retry-After."),
    (500, "server_error", "Our mistake; it is logged."),
]  # fmt: skip

EXAMPLE_NOTATION = "terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer"


def _shell_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def guide_context(request: HttpRequest) -> dict[str, Any]:
    def url(name: str, **kwargs: Any) -> str:
        return request.build_absolute_uri(reverse(name, kwargs=kwargs or None))

    cards = url("api:card-list")
    resolve = url("combat-api:resolve")
    body = json.dumps({"notation": EXAMPLE_NOTATION})
    manifest = bulkdata.current_manifest()
    bulk_files = [
        {**item, "download_uri": url("api:bulk-data-file", filename=item["filename"])} for item in manifest["files"]
    ]
    paging = EnvelopePagination
    curl = {
        "root": f"curl -s {url('api:api-root')}",
        "first_page": f"curl -s {_shell_quote(cards + f'?page_size={paging.max_page_size}')}",
        "search": f"curl -s {_shell_quote(cards + '?q=sand+lord&set=RE')}",
        "card": f"curl -s {url('api:card-detail', slug='sand-lord')}",
        "resolve": f"curl -s -X POST -H 'Content-Type: application/json' -d {_shell_quote(body)} {resolve}",
        "bulk_list": f"curl -s {url('api:bulk-data-list')}",
        # The file's name changes with every data revision: the example reads it (and its checksum) from the
        # bulk file's entry, so it works as pasted today and after the next change.
        "bulk_download": (
            f"curl -s {url('api:bulk-data-detail', kind='cards')} > cards-entry.json\n"
            "uri=$(python3 -c 'import json; print(json.load(open(\"cards-entry.json\"))[\"download_uri\"])')\n"
            "sum=$(python3 -c 'import json; print(json.load(open(\"cards-entry.json\"))[\"sha256\"])')\n"
            'curl -s -o cards.json.gz "$uri"\n'
            'echo "$sum  cards.json.gz" | sha256sum -c'
        ),
        # The ETag is taken from a first answer and sent back as it came (the quotes are part of it); the second
        # request prints 304. Both are the same request (the ETag covers the query and the Accept header).
        "conditional": (
            f"etag=$(curl -s -o /dev/null -D - {url('api:set-list')} | tr -d '\\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')\n"
            f"curl -s -o /dev/null -w '%{{http_code}}\\n' -H \"If-None-Match: $etag\" {url('api:set-list')}"
        ),
        "all_pages": (
            f"url={_shell_quote(cards + f'?page_size={paging.max_page_size}')}\n"
            'while [ -n "$url" ]; do\n'
            '  curl -s "$url" > page.json\n'
            "  python3 -c 'import json; [print(c[\"slug\"]) for c in json.load(open(\"page.json\"))[\"results\"]]'\n"
            "  url=$(python3 -c 'import json; print(json.load(open(\"page.json\"))[\"next\"] or \"\")')\n"
            "done"
        ),
    }
    return {
        "api_root": url("api:api-root"),
        "schema_url": url("api:schema"),
        "docs_url": reverse("api:docs"),
        "curl": curl,
        "page_size": settings.REST_FRAMEWORK["PAGE_SIZE"],
        "max_page_size": paging.max_page_size,
        "limits": describe_limits(),
        "throttling_enabled": settings.API_THROTTLE_ENABLED,
        "max_body_bytes": settings.API_MAX_BODY_BYTES,
        "max_body_kib": settings.API_MAX_BODY_BYTES // 1024,
        "cache_max_age": settings.API_CACHE_MAX_AGE,
        "errors": ERROR_STATUSES,
        "bulk_files": bulk_files,
        "bulk_revision": manifest["revision"],
        "bulk_updated_at": datetime.fromisoformat(manifest["updated_at"]),
    }
