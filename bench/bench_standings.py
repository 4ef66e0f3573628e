"""Time the public standings of a 1,000-player event after 5 rounds.

Usage: .venv/bin/python bench/bench_standings.py [--players 1000] [--rounds 5] [--runs 7]

Builds the event in a throwaway SQLite database (bulk_create, realistic best-of-three set
scores, a few forfeits), then prints medians of:
- history.compute alone (three queries and the pure standings core),
- the standings page through django.test.Client, cold (cache cleared: compute + render)
  and warm (the rendered table comes from the cache),
- the page with ?per_page=all (every player on one page), cold.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def timed(func, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-standings-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    os.environ["LOCAL_DEV"] = "1"  # testserver is an allowed host
    # As a gunicorn worker starts (tournament/wsgi.py: Django set up, then gc.freeze()).
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    import tournament.wsgi  # noqa: F401
    from tournament.demo.generate import generate_event
    from tournament.public import http_cache
    from tournament.reads import history
    from tournament.web import revision

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    event = generate_event(args.players, args.rounds, seed=7, slug="bench", bulk=True)
    print(f"event: {args.players} players, {args.rounds} rounds, built in "
          f"{time.perf_counter() - start:.1f} s ({workdir})")

    client = Client()
    url = f"/{event.slug}/standings/"

    def page(query=""):
        response = client.get(url + query)
        assert response.status_code == 200, response.status_code

    def cold(query=""):
        # Everything a change makes stale: the rendered fragments (default cache), the
        # event's revision (its own cache alias when settings define one) and this
        # process's kept answers (tournament/public/http_cache.py).
        cache.clear()
        revision.bump(event.slug)
        http_cache.local.clear()
        page(query)

    page()  # warm the template loader and the connection
    with CaptureQueriesContext(connection) as queries:
        cold()
    print(f"queries, cold page: {len(queries)}")
    print(f"history.compute:          {timed(lambda: history.compute(event), args.runs):7.1f} ms")
    print(f"page, cold (100 a page):  {timed(cold, args.runs):7.1f} ms")
    page()
    print(f"page, warm (cached):      {timed(page, args.runs):7.1f} ms")
    print(f"page, cold, per_page=all: {timed(lambda: cold('?per_page=all'), args.runs):7.1f} ms")


if __name__ == "__main__":
    main()
