"""Settings for the Guardians reference site.

Everything a deployment changes comes from the environment. The defaults suit a developer's
machine (SQLite file under var/, debug on); GUARDIANS_ENV=production turns the defaults strict.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("GUARDIANS_VAR_DIR", BASE_DIR / "var"))

PRODUCTION = os.environ.get("GUARDIANS_ENV", "development") == "production"


def _env_flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _env_flag("DJANGO_DEBUG", default=not PRODUCTION)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when GUARDIANS_ENV=production")
    SECRET_KEY = "development-only-key-not-for-deployment"

# With DEBUG on, visitors' error pages are still shown (see sitewide/error_pages.py); 0 shows
# Django's technical 404 and 500 pages with their tracebacks instead.
FRIENDLY_ERROR_PAGES = _env_flag("DJANGO_FRIENDLY_ERROR_PAGES", True)

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "" if PRODUCTION else "127.0.0.1,localhost,testserver").split(
        ","
    )
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if origin.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "corsheaders",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "axes",
    # The project's apps, lowest layer first: each imports only those above it in this list, never
    # the project package (tests/site/test_layers.py holds them to it).
    "core",
    "edits",
    "cards",
    "rulings",
    "combat",
    "reports",
    "learn",
    # Background jobs (best play: bestplay.jobs) through Django's tasks framework; its database backend's app
    # holds the jobs table the worker (`manage.py db_worker`) reads.
    "django_tasks",
    "django_tasks_db",
    "bestplay",
    "sitewide",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.RejectNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything that may answer: CORS headers go on every /api/ response, errors included.
    "corsheaders.middleware.CorsMiddleware",
    # Compresses JSON and pages (whitenoise serves static files already compressed, before this runs); outside
    # the conditional GET below, which compares the uncompressed response's validators.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    # The API's own front door: the body size limit, both slash forms, validators and 304s (see the module).
    "core.api.middleware.ApiBodyLimitMiddleware",
    "core.api.middleware.ApiTrailingSlashMiddleware",
    "core.api.middleware.ApiConditionalGetMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Only while DEBUG is on: shows the site's 404/400/500 pages instead of Django's technical ones.
    "sitewide.error_pages.FriendlyErrorPagesMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "guardians_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Searched before the apps' folders, so core's drf_spectacular/swagger_ui.html overrides the app's own.
        "DIRS": [BASE_DIR / "core" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "guardians_site.wsgi.application"

if "DATABASE_URL" not in os.environ:
    # The embedded default needs its folder; SQLite creates the file but not the directory.
    VAR_DIR.mkdir(parents=True, exist_ok=True)

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'guardians.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}

# SQLite (the default database): concurrent saves queue instead of failing with "database is locked". WAL lets
# readers go on while one connection writes; IMMEDIATE takes the write lock when a transaction begins, so two
# transactions never both read and then both try to upgrade to writing (which SQLite refuses at once, whatever
# the timeout); the timeout is how long a save waits for the lock.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Production is served over HTTPS: redirect plain HTTP, send HSTS, keep cookies off plain HTTP. A test rig
# serving plain HTTP on loopback turns all three off with GUARDIANS_HTTPS=0 (or each one by its own variable).
HTTPS = PRODUCTION and _env_flag("GUARDIANS_HTTPS", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_SSL_REDIRECT = _env_flag("DJANGO_SECURE_SSL_REDIRECT", HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = _env_flag("DJANGO_SECURE_HSTS_PRELOAD", True)
SESSION_COOKIE_SECURE = _env_flag("DJANGO_SECURE_COOKIES", HTTPS)
CSRF_COOKIE_SECURE = _env_flag("DJANGO_SECURE_COOKIES", HTTPS)
# Behind a TLS-terminating proxy, name the header it sets (e.g. X-Forwarded-Proto); Django then sees the
# request as HTTPS when that header says "https", so redirects and the admin's CSRF origin check work.
# Set it only when the proxy always sets (and overwrites) that header, as Django's documentation warns.
_PROXY_SSL_HEADER = os.environ.get("DJANGO_PROXY_SSL_HEADER", "").strip()
if _PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _PROXY_SSL_HEADER.upper().replace("-", "_"), "https")

# One policy for every page: only this site's own scripts, styles, images and fonts; no inline script,
# handler or <style> element (the pages have none), no plugins, no framing. Enforced in development too, so a page that would
# break under it fails its browser tests instead of production.
from csp.constants import NONE, SELF, UNSAFE_INLINE  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        # Style attributes only (the simulator sizes its bars with style="width: 73%"): they cannot run
        # script, while <style> elements, inline scripts and handlers stay refused.
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Admin login throttling (django-axes): after 5 wrong passwords for one username from one address, that
# pair is locked out for an hour, whatever password comes next. Attempts live in the database, which every
# app server shares. AXES_ENABLED=0 turns it off (tests that call Client.login need a request to pass).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = _env_flag("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True


def cache_from_url(url: str) -> dict[str, object]:
    """CACHE_URL as Django's CACHES entry: locmem:// (the default), redis://host:port/db, dummy://."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        # Django's own Redis backend (it needs the `redis` package: pip install '.[redis]').
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url, "KEY_PREFIX": "guardians"}
    if url.startswith("dummy://"):
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    if url in ("", "locmem://") or url.startswith("locmem://"):
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": url[len("locmem://") :] or "guardians",
        }
    raise ImproperlyConfigured(f"CACHE_URL must start with locmem://, redis://, rediss:// or dummy://, not {url!r}")


# Several app servers share one cache (throttles, cached pages) through CACHE_URL=redis://...; one server
# on its own keeps the local-memory default.
CACHES = {"default": cache_from_url(os.environ.get("CACHE_URL", "locmem://"))}


def tasks_from_env(kind: str, redis_url: str) -> dict[str, dict[str, object]]:
    """GUARDIANS_TASKS as the TASKS setting: ``database`` (the default: the jobs table, read by ``manage.py
    db_worker``, so nothing more is needed) or ``rq`` (RQ over GUARDIANS_TASKS_REDIS_URL, else CACHE_URL; its
    worker is ``manage.py rqworker default``), for a deployment that already runs Redis."""
    if kind == "database":
        return {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    if kind == "rq":
        if not redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise ImproperlyConfigured("GUARDIANS_TASKS=rq needs a Redis address in GUARDIANS_TASKS_REDIS_URL or CACHE_URL")
        return {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    raise ImproperlyConfigured(f"GUARDIANS_TASKS must be database or rq, not {kind!r}")


TASKS_KIND = os.environ.get("GUARDIANS_TASKS", "database")
TASKS_REDIS_URL = os.environ.get("GUARDIANS_TASKS_REDIS_URL") or os.environ.get("CACHE_URL", "")
TASKS = tasks_from_env(TASKS_KIND, TASKS_REDIS_URL)
if TASKS_KIND == "rq":
    INSTALLED_APPS.append("django_rq")
    RQ_QUEUES = {"default": {"URL": TASKS_REDIS_URL}}

# Where the reviewed card fixtures and the rules text live; both are loaded by management commands.
FIXTURES_DIR = BASE_DIR / "fixtures"
RULES_DIR = BASE_DIR / "rules"
SEARCH_INDEX_DIR = Path(os.environ.get("GUARDIANS_SEARCH_INDEX_DIR", VAR_DIR / "search-index"))

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": [
        # JSON, with unknown query parameters reported in ``warnings`` by every endpoint, not only lists.
        "core.api.parameters.WarningsJSONRenderer",
    ],
    # JSON only, as the API page says: a browser's Accept (..., */*) gets the JSON a consumer gets, and a
    # format or Accept header without JSON is a 406 error object naming it (core.api.negotiation).
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "core.api.negotiation.ApiContentNegotiation",
    # The API reads JSON only: a form or multipart body is a JSON 415, never Django's form parsing
    # (whose own limits would answer with an HTML 400). Its size and nesting depth are checked before it is
    # read (core.api.parsers).
    "DEFAULT_PARSER_CLASSES": ["core.api.parsers.BoundedJSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.EnvelopePagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.errors.api_exception_handler",
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # The API is anonymous and read-mostly: no session (so no CSRF check on the combat POSTs), no login.
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_THROTTLE_CLASSES": ["core.api.throttling.ReadThrottle"],
    # Behind a load balancer every request comes from its address: say how many proxies append to
    # X-Forwarded-For so that each client is limited on its own address.
    "NUM_PROXIES": int(os.environ["GUARDIANS_NUM_PROXIES"]) if os.environ.get("GUARDIANS_NUM_PROXIES") else None,
}

# Anonymous rate limits per endpoint class, per client address (see core/api/throttling.py
# and the API page). The counters live in Django's default cache, so several app servers share
# them once that cache is a shared one. Tests switch throttling off (tests/conftest.py).
API_THROTTLE_ENABLED = _env_flag("GUARDIANS_API_THROTTLE", True)
API_THROTTLE_RATES = {
    "read": os.environ.get("GUARDIANS_API_RATE_READ", "600/min"),
    "combat": os.environ.get("GUARDIANS_API_RATE_COMBAT", "120/min"),
    "explore": os.environ.get("GUARDIANS_API_RATE_EXPLORE", "20/min"),
}
# The largest request body the API reads; larger ones get a JSON 413 before any parsing.
API_MAX_BODY_BYTES = 64 * 1024
# How long clients and proxies may reuse a data response before revalidating it (ETag/Last-Modified).
API_CACHE_MAX_AGE = 60

# Any origin may read the API (GET) and call the combat endpoints (POST, JSON): nothing is tied to a
# user, so no credentials are allowed and nothing else of the site is opened.
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS", "POST"]
CORS_EXPOSE_HEADERS = ["ETag", "Retry-After", "Content-Disposition"]

# The versioned bulk files of `manage.py export_bulk`, listed at /api/v1/bulk-data/.
BULK_DATA_DIR = Path(os.environ.get("GUARDIANS_BULK_DATA_DIR", VAR_DIR / "bulk-data"))

SPECTACULAR_SETTINGS = {
    "TITLE": "Guardians reference API",
    "DESCRIPTION": (
        "Cards, rules, rulings and the combat engine of the Guardians CCG (FPG, 1995-96). The guide at /api/ "
        "explains paging, the bulk files (/api/v1/bulk-data/) and the limits.\n\n"
        "- **Errors**: always `{\"error\": {\"code\", \"message\", \"details\"}}`, for every status.\n"
        "- **Limits**: anonymous, per client address and endpoint class: reads "
        f"{API_THROTTLE_RATES['read']}, combat resolve/validate {API_THROTTLE_RATES['combat']}, combat explore "
        f"{API_THROTTLE_RATES['explore']}; past a limit, 429 with Retry-After (seconds). Request bodies up to "
        f"{API_MAX_BODY_BYTES} bytes, larger ones 413.\n"
        "- **Caching**: data responses carry ETag, Last-Modified and Cache-Control; send If-None-Match or "
        "If-Modified-Since for a 304.\n"
        "- **CORS**: any origin may GET, and POST JSON to the combat endpoints (preflight answered); no credentials.\n"
        "- Every path also answers without its trailing slash; POSTs need no CSRF token (no sessions)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs page's JavaScript ships in a package, so it works offline and without a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.schema.document_common_responses",
        "cards.api.document_search_fields",
    ],
    "ENUM_NAME_OVERRIDES": {
        "BorderEnum": "cards.choices.Border",
        "CombatSideEnum": "combat.serializers.SIDES",
        "RuleKindEnum": "rulings.choices.EntryKind",
        "RulingKindEnum": "rulings.choices.RulingKind",
        "SetKindEnum": "cards.choices.SetKind",
        # Pinned so that enums added later cannot rename these (a generated client imports them by name).
        "CardTypeEnum": "cards.choices.CardType",
        "AutomationStatusEnum": "cards.choices.AutomationStatus",
        "StatusEnum": "rulings.choices.RulingStatus",
        # The request's ruleset and the one-value ruleset of each combat answer (which rules it follows).
        "RulesetEnum": ["standard", "arena"],
        "StandardRulesetEnum": ["standard"],
        "ArenaRulesetEnum": ["arena"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# The fonts the shared PNG pictures are drawn with (combat/picture_png.py): Debian's fonts-dejavu-core.
GUARDIANS_PICTURE_FONT_DIR = os.environ.get("GUARDIANS_PICTURE_FONT_DIR", "/usr/share/fonts/truetype/dejavu")

# "Report a problem" (reports/): reports one address may send per hour; a form sent without its CSRF token gets
# the site's own page saying so, not Django's bare 403.
REPORTS_PER_HOUR = int(os.environ.get("GUARDIANS_REPORTS_PER_HOUR", "5"))
CSRF_FAILURE_VIEW = "reports.views.csrf_failure"
