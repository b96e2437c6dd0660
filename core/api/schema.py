"""Schema post-processing: the responses every API operation can give, stated once for all of them.

Views document their own success and validation answers; the ones that come from the shared
machinery (pagination, throttling, the body limit, content negotiation, conditional GETs) are
added here so that the schema lists every status code a client can actually receive.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiExample, OpenApiParameter


def path_examples(name: str, *values: str) -> OpenApiParameter:
    """A path parameter with real values as examples: "Try it out" starts from an object that exists,
    and schemathesis' examples phase requests them, so detail responses of real data are checked."""
    return OpenApiParameter(
        name, str, OpenApiParameter.PATH, examples=[OpenApiExample(value, value=value) for value in values]
    )


ERROR_REF = {"$ref": "#/components/schemas/Error"}

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every API error: a stable code, a message for people and details for programs.",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "Stable, e.g. not_found, invalid_parameter, throttled."},
                "message": {"type": "string"},
                "details": {
                    "nullable": True,
                    "description": "Per-parameter messages, problems or limits. A combat set-up error lists "
                    "problems: each has code, message, field, card and values, the problem's facts for programs "
                    "(clause: the notation key at fault such as a.bribe or m2; round: the match-up of an m<N> "
                    "clause; item: the entry that could not be read; expected: the shape it should have, one of "
                    "key=value, slug, number, yes-no, action, ranged, bribe, spell, channel, secondary, rolls, "
                    "counts, choices; example; any other fact the message states, such as count), so a client "
                    "never reads them out of the message.",
                },
            },
            "required": ["code", "message", "details"],
        }
    },
    "required": ["error"],
}

VALIDATOR_HEADERS = {
    "ETag": {"description": "Changes when the data revision (or the query) changes.", "schema": {"type": "string"}},
    "Last-Modified": {"description": "When the data last changed.", "schema": {"type": "string"}},
    "Cache-Control": {"description": "public, max-age in seconds.", "schema": {"type": "string"}},
}


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    response: dict[str, Any] = {"description": description, "content": {"application/json": {"schema": ERROR_REF}}}
    if headers:
        response["headers"] = headers
    return response


def common_responses(method: str, data: bool) -> dict[str, dict[str, Any]]:
    limit = settings.API_MAX_BODY_BYTES
    responses = {
        "400": _error("A parameter or the body is malformed; details name each offending parameter."),
        "404": _error("No such object, or a page past the last one."),
        "405": _error("This method is not allowed here."),
        "406": _error("The Accept header asks for a format the API does not produce (JSON)."),
        "429": _error(
            "Rate limit reached; retry after the number of seconds in Retry-After.",
            {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
        ),
    }
    if method in ("post", "put", "patch"):
        responses["413"] = _error(f"The request body is larger than {limit} bytes.")
        responses["415"] = _error("The body is not JSON (send Content-Type: application/json).")
    if method == "get" and data:
        responses["304"] = {"description": "Not modified: the copy named by If-None-Match / If-Modified-Since is current."}
    return responses


def document_common_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    _one_form_of_set_up(result["components"]["schemas"])
    for path, operations in result.get("paths", {}).items():
        data = path.startswith("/api/v1/")
        for method, operation in operations.items():
            # The API is anonymous: no operation asks for credentials (drf-spectacular's [{}] reads to some
            # client generators as "authentication optional but expected").
            operation["security"] = []
            if "requestBody" in operation:
                operation["requestBody"]["required"] = True  # every POST reads a set-up from its body
            _allow_blank_choices(operation)
            _no_nul_in_parameters(operation)
            responses = operation.setdefault("responses", {})
            for status, response in common_responses(method, data).items():
                responses.setdefault(status, response)
            if method == "get" and data and "200" in responses:
                responses["200"].setdefault("headers", {}).update(VALIDATOR_HEADERS)
            _document_warnings(responses.get("200"), result["components"]["schemas"])
    return result


WARNINGS_PROPERTY: dict[str, Any] = {
    "type": "array",
    "items": {"type": "string"},
    "description": "Present when the request named query parameters this endpoint does not read (they were ignored).",
}


def _document_warnings(response: dict[str, Any] | None, components: dict[str, Any]) -> None:
    """An object answer may carry ``warnings`` (``WarningsJSONRenderer``); a list's envelope states its own.

    A union answer (the rules tree or a search; a combat or a duel) is not wrapped in an ``allOf``: a generated
    client cannot take ``allOf`` of an array or a ``oneOf`` and drops the whole response. Each object member
    of the union states ``warnings`` instead; an array answer never carries them (the renderer adds them to
    objects only)."""
    content = (response or {}).get("content", {}).get("application/json")
    if content is None or "schema" not in content:
        return
    schema = content["schema"]
    if schema.get("$ref", "").startswith("#/components/schemas/Paginated"):
        return
    target = components.get(schema["$ref"].rsplit("/", 1)[1], {}) if "$ref" in schema else schema
    members = target.get("oneOf") or target.get("anyOf")
    if members:
        for member in members:
            member_schema = components.get(member["$ref"].rsplit("/", 1)[1], {}) if "$ref" in member else member
            _add_warnings(member_schema)
    elif "warnings" in target.get("properties", {}):
        return  # the answer states its own warnings (combat validate: the duel's, then the ignored parameters)
    elif "$ref" in schema and target.get("type") == "object":
        content["schema"] = {"allOf": [schema, {"type": "object", "properties": {"warnings": WARNINGS_PROPERTY}}]}
    else:
        _add_warnings(schema)


def _add_warnings(schema: dict[str, Any]) -> None:
    if schema.get("type") == "object":
        schema.setdefault("properties", {})["warnings"] = WARNINGS_PROPERTY


def _allow_blank_choices(operation: dict[str, Any]) -> None:
    """A choice parameter left blank means "any", as in the HTML filter forms that share the
    filters (their "Any ..." option sends an empty value); the schema says so."""
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        if parameter.get("in") == "query" and "enum" in schema and "" not in schema["enum"]:
            schema["enum"] = [*schema["enum"], ""]
            parameter["description"] = (parameter.get("description", "") + " Blank: any.").strip()


def _one_form_of_set_up(components: dict[str, Any]) -> None:
    """A combat request gives its set-up once: as notation or as JSON, never both, never neither (the
    serializer's rule, stated where a client and a request generator can read it)."""
    for name in ("CombatRequest", "PartialRequest"):
        if name in components:
            components[name]["oneOf"] = [{"required": ["notation"]}, {"required": ["setup"]}]


# core.middleware refuses a NUL character anywhere in the address: no parameter can hold one.
NO_NUL = "^[^\\x00]*$"


def _no_nul_in_parameters(operation: dict[str, Any]) -> None:
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        if schema.get("type") == "string" and "enum" not in schema and "pattern" not in schema:
            schema["pattern"] = NO_NUL
