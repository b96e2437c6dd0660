"""Schemathesis over every operation of /api/schema/, in-process (WSGI, no server).

Fails on any 5xx, any response whose body, headers or content type the schema does not describe,
and any status code the operation does not document. Examples are bounded per operation so the
whole run stays a few seconds of CI time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from guardians_site.wsgi import application

EXAMPLES_PER_OPERATION = 20
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def _load_schema() -> Any:
    """The schema /api/schema/ serves, generated without a request (collection happens before the
    test database exists, and generating it reads no rows), answered by the WSGI app in-process."""
    generated = SchemaGenerator().get_schema(request=None, public=True)
    loaded = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(generated)))
    loaded.app = application
    # The coverage phase enumerates boundary values of every field: over a thousand requests for
    # the combat set-up's schema alone. The fuzzing phase with a fixed budget keeps the run short.
    loaded.config.phases.coverage.enabled = False
    return loaded


schema = _load_schema()
pytestmark = pytest.mark.django_db


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_documented(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)
