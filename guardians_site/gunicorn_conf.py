"""Gunicorn settings every way of serving the site uses (`make serve`, the benchmarks: ``-c python:guardians_site.gunicorn_conf``).

- ``limit_request_line`` at gunicorn's largest (8190; the default is 4094): links made before short permalinks
  spelled the whole set-up, up to about 5.5 KB, and must keep resolving.
- ``post_worker_init``: each worker answers its own parse errors under /api/ in the API's JSON
  (guardians_site.gunicorn_errors).
"""

from __future__ import annotations

from typing import Any

limit_request_line = 8190


def post_worker_init(worker: Any) -> None:
    from guardians_site.gunicorn_errors import json_errors

    worker.handle_error = json_errors(worker.handle_error, worker.log)
