"""What gunicorn itself answers, served as `make serve` serves the site (guardians_site/gunicorn_conf.py).

Replays the audit's requests over a real socket: a chunked body is read (and limited by the bytes that
arrive), and the requests gunicorn refuses before Django sees them are the API's JSON errors under /api/.
No database is needed: every request here is answered before a set-up is looked up.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")

pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed (the serve extra)")


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    folder = tmp_path_factory.mktemp("front-door")
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env.update(GUARDIANS_VAR_DIR=str(folder), GUARDIANS_WARM_START="0", GUARDIANS_API_THROTTLE="0", PYTHONPATH=str(ROOT))
    number = free_port()
    server = subprocess.Popen(
        [str(GUNICORN), "guardians_site.wsgi:application", "-c", "python:guardians_site.gunicorn_conf",
         "--bind", f"127.0.0.1:{number}", "--workers", "1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, "gunicorn exited"
            try:
                socket.create_connection(("127.0.0.1", number), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        yield number
    finally:
        server.terminate()
        server.wait(timeout=30)


def exchange(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes; the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        try:
            connection.sendall(request)
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered (and closed) before the whole body was sent: the answer is still there to read
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    if headers.get("transfer-encoding") == "chunked":
        body = dechunked(body)
    return int(lines[0].split()[1]), headers, body


def dechunked(data: bytes) -> bytes:
    body = b""
    while True:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            return body
        body, data = body + data[:size], data[size + 2 :]


def chunked(body: bytes, size: int = 1000) -> bytes:
    pieces = [body[start : start + size] for start in range(0, len(body), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for piece in pieces) + b"0\r\n\r\n"


def post_chunked(port: int, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    return exchange(port, head.encode() + chunked(body))


def error_of(headers: dict[str, str], body: bytes) -> dict[str, str]:
    assert headers["content-type"].startswith("application/json"), body[:200]
    return json.loads(body)["error"]  # type: ignore[no-any-return]


def test_a_chunked_body_is_read(port: int) -> None:
    # Read as empty, this was "Give exactly one of notation and setup"; read, it reaches the notation reader.
    status, headers, body = post_chunked(port, "/api/v1/combat/validate/", b'{"notation": "bogus-clause"}')
    assert status == 200 and headers["content-type"].startswith("application/json")
    answer = json.loads(body)
    assert answer["valid"] is False and [problem["code"] for problem in answer["problems"]] == ["notation.syntax"]
    assert answer["problems"][0]["values"]["item"] == "bogus-clause"


def test_a_chunked_body_over_the_limit_is_a_413_by_the_bytes_read(port: int) -> None:
    big = b'{"notation": "' + b"a" * 70_000 + b'"}'
    status, headers, body = post_chunked(port, "/api/v1/combat/validate/", big)
    assert status == 413
    error = error_of(headers, body)
    assert error["code"] == "request_too_large" and "more than 65536 bytes" in error["message"]


def test_a_non_numeric_content_length_under_the_api_is_a_json_400(port: int) -> None:
    request = b"POST /api/v1/combat/validate/ HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\nConnection: close\r\n\r\n{}"
    status, headers, body = exchange(port, request)
    assert status == 400 and error_of(headers, body)["code"] == "invalid_header"


def test_a_request_line_too_long_is_a_json_414(port: int) -> None:
    request = f"GET /api/v1/cards/?q={'z' * 9000} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
    status, headers, body = exchange(port, request)
    error = error_of(headers, body)
    assert status == 414 and error["code"] == "request_line_too_long" and "8,190" in error["message"]


def test_a_bad_header_outside_the_api_keeps_gunicorns_answer(port: int) -> None:
    request = b"GET /cards/ HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\nConnection: close\r\n\r\n"
    status, headers, _ = exchange(port, request)
    assert status == 400 and headers["content-type"].startswith("text/html")


def test_a_request_line_of_an_old_long_permalink_gets_past_gunicorn(port: int) -> None:
    # Links made before short permalinks spelled the set-up out: about 5.5 KB, over gunicorn's default 4,094.
    path = f"/api/v1/combat/validate/?s={'a%3D' * 1400}"
    status, headers, body = post_chunked(port, path, b'{"notation": "bogus-clause"}')
    assert len(path) > 5_500 and status == 200 and json.loads(body)["valid"] is False
