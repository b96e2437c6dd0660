# Guardians reference site. `make run` serves it locally; `make test` runs the whole suite.
# Every target is safe to repeat: the virtual environment is only reinstalled when
# pyproject.toml changes (the stamp file records the last install).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
MANAGE := $(PY) manage.py
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-postgres serve bench load install migrate loadcards dumpcards index bulk check-fixtures clean chromium redis fonts

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,postgres,serve,redis]'
	touch $(STAMP)

install: $(STAMP) fonts

migrate: install
	$(MANAGE) migrate --no-input -v 0

# Cards edited in the admin since the last load are kept (and listed): `make dumpcards` writes them to the
# fixtures for review; `manage.py loadcards --overwrite` discards them.
loadcards: migrate
	$(MANAGE) loadcards
	$(MANAGE) loadrules

dumpcards: migrate
	$(MANAGE) dumpcards

index: loadcards
	$(MANAGE) rebuild_index
	$(MANAGE) rebuild_rules_index

# Bulk files (/api/v1/bulk-data/) for the current data revision; skipped when they are current.
bulk: loadcards
	$(MANAGE) export_bulk

# Beside the server, the worker of the background jobs (a best-play search longer than a request: bestplay.jobs),
# reading the jobs table in the same database; it stops with the server. GUARDIANS_TASKS=rq uses RQ instead:
# run `manage.py rqworker default` yourself then.
run: index bulk
	@$(MANAGE) db_worker --no-startup-delay -v 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(MANAGE) runserver $(HOST):$(PORT)

# The browser tests drive Debian's chromium (it cannot be downloaded by playwright here). Installed
# only when missing and only as root, so a second run costs nothing.
CHROMIUM := /usr/bin/chromium
chromium:
	@if [ ! -x $(CHROMIUM) ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; fi

# The shared PNG pictures (combat/picture_png.py) are drawn with the DejaVu fonts of Debian's fonts-dejavu-core;
# without them the pictures have no text (manage.py check warns). Installed like chromium: only when missing.
FONT_DIR := /usr/share/fonts/truetype/dejavu
fonts:
	@if [ ! -f $(FONT_DIR)/DejaVuSerif.ttf ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core; fi

# The multi-server test starts its own redis-server (and PostgreSQL, which Debian's postgresql provides).
REDIS_SERVER := /usr/bin/redis-server
redis:
	@if [ ! -x $(REDIS_SERVER) ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server; fi

# pytest exits 5 when it collects no test; that is a failure here, like any other non-zero code.
# One pytest-xdist worker per core (two on CI); every test builds what it needs in its own temp dirs.
# worksteal: each worker starts on its half of the tests in collection order (tests/conftest.py puts the long
# ones first) and an idle worker takes half of what the other has left, so a module's tests mostly stay on one
# worker (its module-scoped pages and servers are set up once) and neither worker waits at the end.
PYTEST_DIST ?= -n auto --dist worksteal
# Every worker rewrites the asserts of every test module it imports (pytest's assertion rewriting, about
# 10 s of CPU a worker) unless the rewritten modules may be cached as bytecode: an environment that forbids
# writing bytecode (PYTHONDONTWRITEBYTECODE) would make each run, and each worker, pay that again.
test test-postgres: export PYTHONDONTWRITEBYTECODE :=
test: install chromium redis
	$(PY) -m pytest -q -p no:cacheprovider $(PYTEST_DIST)

# The database-sensitive part of the suite against a throwaway PostgreSQL this target starts and stops
# (see .ci/run for what is selected and why).
PG_TESTS ?= tests/site tests/cards tests/rulings tests/search tests/combat/test_api.py tests/combat/test_limits.py
# Two crawls that render every card page and follow every internal link: minutes on PostgreSQL, and the
# queries they make are the ones the page tests above already run there.
# The schema fuzz test drives Django's WSGI handler directly, whose request_finished signal closes the
# database connection: on PostgreSQL that ends the test's transaction (it checks the schema, not the database).
PG_SKIP ?= --deselect tests/site/test_pages.py::test_every_card_page_renders \
	--deselect tests/rulings/test_links.py::test_no_internal_link_is_broken \
	--ignore=tests/site/test_schema_fuzz.py
test-postgres: install
	@url=$$(mktemp); $(PY) -m tests.servers postgres $$url & pg=$$!; \
	trap 'kill $$pg 2>/dev/null; wait $$pg 2>/dev/null; rm -f $$url' EXIT; \
	for i in $$(seq 1 120); do [ -s $$url ] && break; sleep 0.5; done; \
	[ -s $$url ] || { echo "PostgreSQL did not start"; exit 1; }; \
	DATABASE_URL=$$(cat $$url) $(PY) -m pytest -q -p no:cacheprovider $(PYTEST_DIST) -m "not browser" $(PG_SKIP) $(PG_TESTS)

# Production settings, served on plain HTTP at $(HOST):$(PORT): HTTPS redirect and HSTS stay off unless
# GUARDIANS_HTTPS=1 (behind a TLS proxy, with DJANGO_PROXY_SSL_HEADER=X-Forwarded-Proto).
GUARDIANS_HTTPS ?= 0
serve: export GUARDIANS_HTTPS := $(GUARDIANS_HTTPS)
# Fewer explore slots than workers, so explores never hold them all (combat/slots.py).
serve: export GUARDIANS_EXPLORE_SLOTS ?= 1

# Data, search index (and bulk files) first, then gunicorn; each worker keeps its database connection
# (a data page reads the data revision on every request).
serve: install
	GUARDIANS_ENV=production $(MANAGE) collectstatic --no-input -v 0
	GUARDIANS_ENV=production $(MANAGE) migrate --no-input -v 0
	GUARDIANS_ENV=production $(MANAGE) loadcards
	GUARDIANS_ENV=production $(MANAGE) loadrules
	GUARDIANS_ENV=production $(MANAGE) rebuild_index
	GUARDIANS_ENV=production $(MANAGE) rebuild_rules_index
	GUARDIANS_ENV=production $(MANAGE) export_bulk
	GUARDIANS_ENV=production $(MANAGE) check
	@GUARDIANS_ENV=production $(MANAGE) db_worker --no-startup-delay --no-reload -v 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	GUARDIANS_ENV=production DATABASE_CONN_MAX_AGE=$${DATABASE_CONN_MAX_AGE:-600} \
		$(BIN)/gunicorn guardians_site.wsgi:application -c python:guardians_site.gunicorn_conf --bind $(HOST):$(PORT) --workers 2

bench: install
	@if [ -d benchmarks ]; then $(PY) -m benchmarks; else echo "No benchmarks package yet."; fi

# The load test (about five minutes; not part of `make test`): gunicorn on 127.0.0.1:8180, locust headless.
load: install
	$(PY) -m pip install --quiet -e '.[load]'
	$(PY) -m benchmarks.load.run

check-fixtures: install
	$(MANAGE) import_sources --check

clean:
	rm -rf $(VENV) var staticfiles
