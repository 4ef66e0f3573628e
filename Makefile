# The two commands a newcomer needs: `make run` and `make test`.
# Python 3.11: python3.11 if it is on the PATH, else python3 (checked below).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed
# JavaScript dependencies (MicroPython's WebAssembly port, the phone's rules engine), pinned
# in package-lock.json.
NODE_STAMP := node_modules/.package-lock.json

export LOCAL_DEV ?= 1

.PHONY: run test lint install test-postgres test-browser bench clean venue

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null || { echo "Python 3.11 is needed ($(PYTHON) is not it); run PYTHON=/path/to/python3.11 make ..."; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) requirements.txt requirements-dev.txt
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm is needed (Node.js 18 or later) for the phone's rules engine"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $(NODE_STAMP)

install: $(STAMP) $(NODE_STAMP)

run: install
	@mkdir -p var
	$(PY) manage.py migrate --noinput --verbosity 0
	$(PY) manage.py load_demo --if-empty
	@# The task worker (long work: big pairings, imports, archives) runs beside the server,
	@# rides out a database outage, is started again if it dies (--supervise), and stops
	@# with the server, however the server stops.
	$(PY) manage.py task_worker --supervise --interval 0.5 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check .

# The suite in parallel (pytest-xdist): WORKERS processes, one a core by default (`make test
# WORKERS=0` runs it in one process), each test file whole on one worker (its module
# fixtures built once); the 15 slowest tests are printed at the end so growth shows.
# The browser tests wait on pages most of their time: two workers (each with its own live
# server, test database file and Chromium) by default.
WORKERS ?= auto
BROWSER_WORKERS ?= 2
PYTEST := $(PY) -m pytest -q --durations=15

test: install lint
	$(PYTEST) -m "not browser" -n $(WORKERS) --dist loadfile

# On PostgreSQL only the tests that use the database (tests/database_tests.py): the others
# (scoring, pairing goldens, rules, property tests) prove the same on either, and `make
# test` runs every test on SQLite.
test-postgres: install
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} $(PYTEST) -m "not browser" --database-tests-only -n $(WORKERS) --dist loadfile

test-browser: install
	$(PYTEST) -m browser -n $(BROWSER_WORKERS)

# The event served from a laptop on the hall's network: gunicorn, the task worker and
# WhiteNoise after collectstatic, with its address and a QR code (docs/deploy.md).
venue: install
	@mkdir -p var
	LOCAL_DEV=0 $(PY) manage.py venue --port $(PORT)

bench: $(STAMP)
	$(PY) bench/bench_scoring.py
	$(PY) bench/bench_pairing.py
	$(PY) bench/bench_standings.py
	$(PY) bench/bench_results.py
	$(PY) bench/bench_public.py
	$(PY) bench/bench_pair_job.py
	$(PY) bench/bench_ratings.py
	$(PY) bench/bench_faults.py

clean:
	rm -rf $(VENV) var staticfiles screenshots node_modules
