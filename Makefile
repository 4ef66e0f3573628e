# The two commands a newcomer needs: `make run` and `make test`.
# Python 3.11: python3.11 if it is on the PATH, else python3 (checked below).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed

export LOCAL_DEV ?= 1

.PHONY: run test lint install test-postgres test-browser bench clean

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null || { echo "Python 3.11 is needed ($(PYTHON) is not it); run PYTHON=/path/to/python3.11 make ..."; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) requirements.txt requirements-dev.txt
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@mkdir -p var
	$(PY) manage.py migrate --noinput --verbosity 0
	$(PY) manage.py load_demo --if-empty
	@# The task worker (long work: big pairings, imports, archives) runs beside the server
	@# and stops with it, however the server stops.
	$(PY) manage.py db_worker --interval 0.5 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check .

test: $(STAMP) lint
	$(PY) -m pytest -m "not browser" -q

test-postgres: $(STAMP)
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} $(PY) -m pytest -m "not browser" -q

test-browser: $(STAMP)
	$(PY) -m pytest -m browser -q

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
	rm -rf $(VENV) var staticfiles screenshots
