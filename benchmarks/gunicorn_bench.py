"""gunicorn settings for the pages benchmark: each worker says when it is ready to take requests."""

import os
from pathlib import Path
from typing import Any


def post_worker_init(worker: Any) -> None:
    Path(os.environ["BENCH_READY_DIR"], str(worker.pid)).touch()
