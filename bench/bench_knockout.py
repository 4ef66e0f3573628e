"""Time a knock-out: drawing and pairing its rounds, and its public bracket page.

Usage: .venv/bin/python bench/bench_knockout.py [--entrants 64] [--runs 7]

Builds, in a throwaway SQLite database, a cup of --entrants drawn by lot, then prints
medians over --runs events of:
- pairing round 1 (the draw: seeds by lot, the bracket, the boards) through the action
  the director's button calls (`actions.rounds.pair_round`);
- pairing round 2 once round 1 is decided;
and, for the last event with round 1 decided and round 2 live, the bracket page
`/<slug>/bracket/` through django.test.Client: cold (whole-page cache cleared: read and
render) and warm (served from the cache by the event's revision).
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


def median_ms(times) -> float:
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-knockout-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    os.environ["LOCAL_DEV"] = "1"  # testserver is an allowed host
    from django.contrib.auth.models import User
    from django.core.cache import caches
    from django.core.management import call_command
    from django.test import Client

    import tournament.wsgi  # noqa: F401  (Django set up as a gunicorn worker does)
    from tournament.actions import entrants, events, results, rounds, stages
    from tournament.models import Tournament

    call_command("migrate", verbosity=0)
    director = User.objects.create_user("bench", is_superuser=True)
    first, second, event = [], [], None
    for run in range(args.runs):
        event = events.create_tournament(director, name=f"Cup {run}")
        Tournament.objects.filter(pk=event.pk).update(require_confirmation=False)
        entrants.import_entrants(event, director, "name\n" + "\n".join(
            f"Player {i}" for i in range(1, args.entrants + 1)))
        stages.change_stage(event.stages.get(), director, kind="knockout", seeding="draw",
                            lot_seed=f"bench-{run}", third_place=True)
        start = time.perf_counter()
        r1 = rounds.pair_round(event, director)
        first.append(time.perf_counter() - start)
        rounds.publish_round(r1, director)
        for m in r1.matches.exclude(side1=None):
            results.submit_result(m.pk, director, version=0, outcome="forfeit", conceded_by=1)
        start = time.perf_counter()
        r2 = rounds.pair_round(event, director)
        second.append(time.perf_counter() - start)
        rounds.publish_round(r2, director)
    client = Client()
    url = f"/{event.slug}/bracket/"
    cold, warm = [], []
    for _ in range(args.runs):
        for cache in caches.all():
            cache.clear()
        start = time.perf_counter()
        page = client.get(url)
        cold.append(time.perf_counter() - start)
        assert page.status_code == 200, page.status_code
        start = time.perf_counter()
        client.get(url)
        warm.append(time.perf_counter() - start)
    print(f"knock-out of {args.entrants}, {args.runs} runs, medians:")
    print(f"  pair round 1 (draw by lot + boards): {median_ms(first):7.1f} ms")
    print(f"  pair round 2 (from round 1's winners): {median_ms(second):7.1f} ms")
    print(f"  bracket page, cold (read + render):   {median_ms(cold):7.1f} ms "
          f"({len(page.content) // 1024} KB)")
    print(f"  bracket page, warm (cached):          {median_ms(warm):7.1f} ms")


if __name__ == "__main__":
    main()
