"""Throwaway PostgreSQL and Redis servers from Debian's packages, on loopback, in a temporary folder.

Used by the multi-server test and by ``.ci/run`` (``python -m tests.servers postgres``), so CI runs the
suite against a real PostgreSQL without any server being set up beforehand. PostgreSQL refuses to run
as root; as root, the server runs as the ``postgres`` user, which owns its folder.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

POSTGRES_BIN = Path(os.environ.get("GUARDIANS_POSTGRES_BIN", "/usr/lib/postgresql/15/bin"))
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@dataclass
class Server:
    url: str
    stop: Callable[[], None]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_available() -> bool:
    return (POSTGRES_BIN / "initdb").exists()


def redis_available() -> bool:
    return Path(REDIS_SERVER).exists()


def _as_postgres_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


def _wait_for_port(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answered on port {port} within {timeout:.0f} s")


def start_postgres(port: int | None = None) -> Server:
    port = port or free_port()
    folder = Path(tempfile.mkdtemp(prefix="guardians-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT}
    subprocess.run(
        _as_postgres_user(
            [str(POSTGRES_BIN / "initdb"), "-D", str(data), "-U", "guardians", "--auth=trust", "-E", "UTF8"]
        ),
        check=True,
        **quiet,
    )
    # Tuned for a throwaway test server: durability off, a few connections, loopback only.
    options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} -c fsync=off " \
              "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60"  # fmt: skip
    log = folder / "server.log"
    subprocess.run(
        _as_postgres_user(
            [str(POSTGRES_BIN / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"]
        ),
        check=True,
        **quiet,
    )
    _wait_for_port(port)
    subprocess.run(
        _as_postgres_user(
            [str(POSTGRES_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "guardians", "guardians"]
        ),
        check=True,
        **quiet,
    )

    def stop() -> None:
        subprocess.run(
            _as_postgres_user([str(POSTGRES_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
            check=False,
            **quiet,
        )
        shutil.rmtree(folder, ignore_errors=True)

    return Server(f"postgres://guardians@127.0.0.1:{port}/guardians", stop)


def start_redis(port: int | None = None) -> Server:
    port = port or free_port()
    folder = Path(tempfile.mkdtemp(prefix="guardians-redis-"))
    process = subprocess.Popen(
        [
            REDIS_SERVER,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    _wait_for_port(port)

    def stop() -> None:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)

    return Server(f"redis://127.0.0.1:{port}/0", stop)
