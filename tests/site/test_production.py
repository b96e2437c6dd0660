"""Hardened defaults: check --deploy under production settings, the CSP the pages live under, admin login
throttling, compressed JSON and CACHE_URL."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from guardians_site.settings import cache_from_url

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["/", "/cards/", "/cards/sand-lord/", "/sets/", "/combat/", "/combat/?s=a%3Dsand-lord+d%3Dswordsman",
         "/rules/", "/rulings/", "/api/docs/", "/admin/login/"]  # fmt: skip


def _production_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUARDIANS_", "CACHE_URL"))}
    env.update(GUARDIANS_ENV="production", DJANGO_SECRET_KEY="x" * 60 + "-not-a-real-key-but-long-and-random-enough",
               DJANGO_ALLOWED_HOSTS="guardians.example", **extra)  # fmt: skip
    return env


def _settings_in_production(expression: str, **extra: str) -> str:
    code = f"import django,os;os.environ['DJANGO_SETTINGS_MODULE']='guardians_site.settings';django.setup();from django.conf import settings as s;print({expression})"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_production_env(**extra), capture_output=True,
                          text=True, check=True).stdout.strip()  # fmt: skip


def test_check_deploy_is_clean_under_production_settings(tmp_path: Path) -> None:
    result = subprocess.run(
        # The security checks: the site's own checks (a missing search index) are about data, not settings.
        [sys.executable, "manage.py", "check", "--deploy", "--tag", "security", "--fail-level", "WARNING"],
        cwd=ROOT, env=_production_env(GUARDIANS_VAR_DIR=str(tmp_path)), capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_plain_http_rigs_switch_https_off_and_proxies_name_their_header() -> None:
    assert _settings_in_production("s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS") == "True 31536000"
    assert _settings_in_production("s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE",
                                   GUARDIANS_HTTPS="0") == "False 0 False"  # fmt: skip
    assert _settings_in_production("s.SECURE_PROXY_SSL_HEADER", DJANGO_PROXY_SSL_HEADER="X-Forwarded-Proto") == (
        "('HTTP_X_FORWARDED_PROTO', 'https')"
    )


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_pages_carry_the_policy_and_nothing_inline_that_it_would_block(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["style-src-attr"] == "'unsafe-inline'"  # Style attributes only; they cannot run script.
    html = response.content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", html), "inline script"
    assert not re.search(r"<style\b|\son[a-z]+=|javascript:", html), "<style> element or inline handler"


@pytest.mark.django_db
def test_admin_login_locks_out_after_five_wrong_passwords(client: Client) -> None:
    User.objects.create_superuser("judge", "judge@example.org", "the-right-password-42")
    statuses = [client.post("/admin/login/", {"username": "judge", "password": "wrong"}).status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]  # The form again with its error, then the lockout.
    response = client.post("/admin/login/", {"username": "judge", "password": "the-right-password-42"})
    assert response.status_code == 429  # Locked out: the right password is refused too.
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_the_right_password_before_the_limit_still_works(client: Client) -> None:
    User.objects.create_superuser("judge", "judge@example.org", "the-right-password-42")
    for _ in range(3):
        client.post("/admin/login/", {"username": "judge", "password": "wrong"})
    response = client.post("/admin/login/", {"username": "judge", "password": "the-right-password-42"})
    assert response.status_code == 302 and "_auth_user_id" in client.session


@pytest.mark.django_db
def test_json_is_compressed_for_clients_that_accept_gzip(client: Client) -> None:
    response = client.get("/api/v1/cards/", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    plain = client.get("/api/v1/cards/").content
    assert gzip.decompress(response.content) == plain and len(response.content) < len(plain) / 3


def test_cache_url_picks_the_backend() -> None:
    assert cache_from_url("locmem://")["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    redis = cache_from_url("redis://127.0.0.1:6380/0")
    assert (
        redis["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
        and redis["LOCATION"] == "redis://127.0.0.1:6380/0"
    )
    with pytest.raises(Exception, match="CACHE_URL must start with"):
        cache_from_url("memcached://x")
