"""``python -m tests.servers postgres FILE``: start a throwaway PostgreSQL, write its DATABASE_URL to FILE,
and keep it running until this process is terminated (``.ci/run`` does so when the suite ends)."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

from tests.servers import start_postgres, start_redis


def main() -> None:
    kind, out = sys.argv[1], Path(sys.argv[2])
    server = start_postgres() if kind == "postgres" else start_redis()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        out.write_text(server.url)
        signal.pause()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
