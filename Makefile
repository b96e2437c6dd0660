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

.PHONY: run test serve bench install migrate loadcards index bulk check-fixtures clean chromium

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,postgres,serve]'
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(MANAGE) migrate --no-input -v 0

loadcards: migrate
	$(MANAGE) loadcards
	$(MANAGE) loadrules

index: loadcards
	$(MANAGE) rebuild_index
	$(MANAGE) rebuild_rules_index

# Bulk files (/api/v1/bulk-data/) for the current data revision; skipped when they are current.
bulk: loadcards
	$(MANAGE) export_bulk

run: index bulk
	$(MANAGE) runserver $(HOST):$(PORT)

# The browser tests drive Debian's chromium (it cannot be downloaded by playwright here). Installed
# only when missing and only as root, so a second run costs nothing.
CHROMIUM := /usr/bin/chromium
chromium:
	@if [ ! -x $(CHROMIUM) ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; fi

# pytest exits 5 when it collects no test; that is a failure here, like any other non-zero code.
# One pytest-xdist worker per core (two on CI); every test builds what it needs in its own temp dirs.
test: install chromium
	$(PY) -m pytest -q -p no:cacheprovider -n auto

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
	GUARDIANS_ENV=production DATABASE_CONN_MAX_AGE=$${DATABASE_CONN_MAX_AGE:-600} \
		$(BIN)/gunicorn guardians_site.wsgi:application --bind $(HOST):$(PORT) --workers 2

bench: install
	@if [ -d benchmarks ]; then $(PY) -m benchmarks; else echo "No benchmarks package yet."; fi

check-fixtures: install
	$(MANAGE) import_sources --check

clean:
	rm -rf $(VENV) var staticfiles
