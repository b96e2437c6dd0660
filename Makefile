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

# The search index arrives with a later issue; build it once its command exists.
index: loadcards
	@if $(MANAGE) help rebuild_index >/dev/null 2>&1; then $(MANAGE) rebuild_index; \
	else echo "No rebuild_index command yet; skipping the search index."; fi
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
test: install chromium
	$(PY) -m pytest -q -p no:cacheprovider

serve: install
	GUARDIANS_ENV=production $(MANAGE) collectstatic --no-input -v 0
	GUARDIANS_ENV=production $(MANAGE) migrate --no-input -v 0
	GUARDIANS_ENV=production $(MANAGE) loadcards
	GUARDIANS_ENV=production $(MANAGE) loadrules
	GUARDIANS_ENV=production $(MANAGE) export_bulk
	GUARDIANS_ENV=production $(BIN)/gunicorn guardians_site.wsgi:application --bind $(HOST):$(PORT) --workers 2

bench: install
	@if [ -d benchmarks ]; then $(PY) -m benchmarks; else echo "No benchmarks package yet."; fi

check-fixtures: install
	$(MANAGE) import_sources --check

clean:
	rm -rf $(VENV) var staticfiles
