"""Every API error has one shape: {"error": {"code", "message", "details"}}.

DRF calls api_exception_handler for exceptions raised in API views; the site's 404 and 500
handlers call error_response for /api/ paths that never reach a view, so both look the same.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from engine.errors import EngineError, NotationError


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details}}


def error_response(status_code: int, code: str, message: str, details: Any = None) -> JsonResponse:
    return JsonResponse(error_body(code, message, details), status=status_code)


def api_not_found(request: HttpRequest) -> HttpResponse:
    """Anything under /api/ that names no endpoint, in the API's error shape."""
    return error_response(404, "not_found", f"Nothing at {request.path}.")


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, EngineError):
        # The engine's own errors (unreadable notation, impossible set-up) keep their stable codes per problem.
        code = "invalid_notation" if isinstance(exc, NotationError) else "invalid_setup"
        if exc.code.startswith("limit."):
            code = "limit_exceeded"  # Over a documented limit (combat.limits): nothing of it was read.
        problems = [problem.as_dict() for problem in exc.problems]
        return Response(error_body(code, exc.message, {"problems": problems}), status=400)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # Unexpected errors go on to the site's 500 handler, which answers /api/ in JSON too.
    if isinstance(exc, exceptions.ValidationError):
        details = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        names = ", ".join(str(name) for name in details)
        response.data = error_body("invalid_parameter", f"Invalid value for: {names}.", details)
    elif isinstance(exc, Http404):
        response.data = error_body("not_found", _message(response.data) or "Not found.")
    elif isinstance(exc, PermissionDenied):
        response.data = error_body("permission_denied", _message(response.data))
    elif isinstance(exc, exceptions.APIException):
        # Refusals that name what was asked (core.api.refusals) carry their details.
        response.data = error_body(str(exc.default_code), _message(response.data), getattr(exc, "details", None))
    else:
        response.data = error_body("error", _message(response.data))
    return response


def _message(data: Any) -> str:
    if isinstance(data, dict) and "detail" in data:
        return str(data["detail"])
    return str(data)
