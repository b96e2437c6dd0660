"""Two app servers on one PostgreSQL and one Redis, each with its own search index: a card saved through
one is found by searching through the other.

Starts everything itself from Debian's packages (PostgreSQL 15, redis-server) on loopback and free ports;
skipped where they are not installed (``make test`` installs redis-server when run as root).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import Server, free_port, postgres_available, redis_available, start_postgres, start_redis

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")

pytestmark = [
    pytest.mark.skipif(not postgres_available(), reason="PostgreSQL 15 (Debian's postgresql) is not installed"),
    pytest.mark.skipif(not redis_available(), reason="redis-server is not installed"),
    pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed (the serve extra)"),
    # It starts its own PostgreSQL: a run of the suite against PostgreSQL gains nothing by repeating it.
    pytest.mark.skipif("postgres" in os.environ.get("DATABASE_URL", ""), reason="runs once, in the SQLite pass"),
]


@pytest.fixture(scope="module")
def shared() -> Iterator[tuple[Server, Server]]:
    postgres = start_postgres()
    try:
        redis = start_redis()
    except BaseException:
        postgres.stop()
        raise
    yield postgres, redis
    redis.stop()
    postgres.stop()


def server_env(postgres: Server, redis: Server, folder: Path) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUARDIANS_", "CACHE_URL", "DATABASE_URL"))
    }
    env.update(
        DATABASE_URL=postgres.url,
        CACHE_URL=redis.url,
        GUARDIANS_ENV="production",
        GUARDIANS_HTTPS="0",  # Plain HTTP on loopback.
        DJANGO_SECRET_KEY="multi-server-test-key-" + "x" * 40,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        GUARDIANS_VAR_DIR=str(folder),
        GUARDIANS_SEARCH_INDEX_DIR=str(folder / "search-index"),
        DJANGO_STATIC_ROOT=str(folder / "static"),
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    started = time.monotonic()
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    print(args[0], f"{time.monotonic() - started:.1f} s")
    return result.stdout


def small_fixtures(folder: Path) -> Path:
    """A few dozen base-set cards: the test is about servers agreeing, not about loading all 679 cards."""
    (folder / "cards").mkdir(parents=True)
    fixtures = ROOT / "fixtures"
    (folder / "sets.json").write_bytes((fixtures / "sets.json").read_bytes())
    cards = json.loads((fixtures / "cards" / "base_set.json").read_text("utf-8"))
    chosen = [card for card in cards if card["slug"] == "sand-lord"] + [
        c for c in cards[:30] if c["slug"] != "sand-lord"
    ]
    (folder / "cards" / "base_set.json").write_text(json.dumps(chosen), "utf-8")
    return folder


def search(port: int, query: str) -> list[str]:
    url = f"http://127.0.0.1:{port}/api/v1/cards/?q={urllib.request.quote(query)}"
    with urllib.request.urlopen(url, timeout=10) as response:
        return [card["slug"] for card in json.load(response)["results"]]


def wait_until_serving(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, "gunicorn exited"
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/sets/", timeout=2).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"no answer on port {port}")


def test_a_card_saved_through_one_server_is_found_through_the_other(
    shared: tuple[Server, Server], tmp_path: Path
) -> None:
    postgres, redis = shared
    envs = [server_env(postgres, redis, tmp_path / name) for name in ("a", "b")]
    manage(envs[0], "migrate", "--no-input", "-v", "0")
    manage(envs[0], "loadcards", "--fixtures-dir", str(small_fixtures(tmp_path / "fixtures")))
    processes = []
    try:
        ports = []
        for env in envs:
            manage(env, "rebuild_index")  # Each server builds its own index, as `make serve` does.
            port = free_port()
            processes.append(subprocess.Popen(
                [str(GUNICORN), "guardians_site.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            ))  # fmt: skip
            ports.append(port)
        for port, process in zip(ports, processes, strict=True):
            wait_until_serving(port, process)
        assert search(ports[1], "quokka") == []

        # Saved on server a's side (its database, its index, its cache); server b learns of it from the
        # data revision in PostgreSQL. The cache both use is the one Redis.
        manage(envs[0], "shell", "-c", (
            "from cards.models import Card; card = Card.objects.get(slug='sand-lord'); card.name = 'Sand Quokka'; "
            "card.save(); from django.core.cache import cache; cache.set('multi-server-probe', 'from a', 60)"
        ))  # fmt: skip
        saved = time.monotonic()
        found_after = None
        while time.monotonic() - saved < 10:
            if search(ports[1], "quokka") == ["sand-lord"]:
                found_after = time.monotonic() - saved
                break
            time.sleep(0.05)
        assert found_after is not None, "server b never found the card saved through server a"
        print(f"found through the other server after {found_after:.2f} s")
        assert search(ports[0], "quokka") == ["sand-lord"]
        probe = manage(
            envs[1], "shell", "-c", "from django.core.cache import cache; print(cache.get('multi-server-probe'))"
        )
        assert probe.strip().splitlines()[-1] == "from a"
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=10)
