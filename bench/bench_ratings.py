"""Time the rating lists: a rebuild from every result, and one newly counted result.

Usage: .venv/bin/python bench/bench_ratings.py [--people 2000] [--events 300]
       [--players 40] [--rounds 5] [--runs 3] [--postgres]

Builds, in a throwaway SQLite database (or PostgreSQL with --postgres), `events` dated
singles events of `players` players drawn from `people` people, each of `rounds` rounds
of random boards with a confirmed played result (30,000 rated matches by default), then
prints the median of:
- rating_lists.rebuild("mso"): read every rated match, rate them all, write the list and
  its history (target <= 10 s);
- one result entered in a new latest event where no confirmation is asked: the whole
  submit_result action and, inside it, rating_lists.result_changed (the list's one
  update; target <= 50 ms).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def build(args):
    from django.utils import timezone

    from tournament.models import (
        Entrant,
        EntrantPerson,
        Match,
        Person,
        Round,
        Stage,
        Tournament,
    )

    rng = random.Random(1)
    people = Person.objects.bulk_create(
        [Person(key=f"p{i}", name=f"Player {i}") for i in range(args.people)])
    start = datetime.date(2020, 1, 1)
    now = timezone.now()
    events = Tournament.objects.bulk_create(
        [Tournament(name=f"Event {e}", slug=f"e{e}", status="finished",
                    date=start + datetime.timedelta(days=e * 3)) for e in range(args.events)])
    # Each event one Swiss stage, as Tournament.save() makes it (bulk_create does not).
    stages = {s.tournament_id: s for s in Stage.objects.bulk_create(
        [Stage(tournament=event, number=1) for event in events])}
    entrants, links, rounds = [], [], []
    for event in events:
        for n, person in enumerate(rng.sample(people, args.players), start=1):
            entrants.append((Entrant(tournament=event, number=n, name=person.name), person))
        rounds += [Round(tournament=event, number=r, stage=stages[event.pk], number_in_stage=r,
                         status="closed", published_at=now)
                   for r in range(1, args.rounds + 1)]
    Entrant.objects.bulk_create([e for e, _ in entrants], batch_size=5000)
    links = [EntrantPerson(entrant=e, member=0, person=p) for e, p in entrants]
    EntrantPerson.objects.bulk_create(links, batch_size=5000)
    Round.objects.bulk_create(rounds, batch_size=5000)
    by_event = {}
    for e, _ in entrants:
        by_event.setdefault(e.tournament_id, []).append(e)
    matches = []
    for r in rounds:
        field = by_event[r.tournament_id][:]
        rng.shuffle(field)
        for b in range(len(field) // 2):
            x, y = field[2 * b], field[2 * b + 1]
            matches.append(Match(round=r, board=b + 1, side0=x, side1=y, status="confirmed",
                                 outcome="played", winner=rng.choice((x, y)), version=1))
    Match.objects.bulk_create(matches, batch_size=5000)
    return people, len(matches)


def newest_board(people, number):
    """A new latest event, round 1 published, one pending board between two people."""
    from tournament.models import Entrant, EntrantPerson, Match, Round, Tournament

    event = Tournament.objects.create(name=f"New {number}", slug=f"new{number}",
                                      status="running", require_confirmation=False,
                                      date=datetime.date(2030, 1, 1) + datetime.timedelta(number))
    a, b = (Entrant.objects.create(tournament=event, number=n, name=p.name)
            for n, p in ((1, people[number * 2]), (2, people[number * 2 + 1])))
    EntrantPerson.objects.create(entrant=a, member=0, person=people[number * 2])
    EntrantPerson.objects.create(entrant=b, member=0, person=people[number * 2 + 1])
    rnd = Round.objects.create(tournament=event, number=1, status="published")
    return Match.objects.create(round=rnd, board=1, side0=a, side1=b)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=2000)
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()

    if args.postgres:
        from common import drop_database, fresh_database
        db = "bench_ratings"
        fresh_database(db)
    else:
        workdir = tempfile.mkdtemp(prefix="bench-ratings-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
        import django

        django.setup()
        from django.core.management import call_command
        call_command("migrate", verbosity=0)
    try:
        run(args)
    finally:
        if args.postgres:
            drop_database(db)


def run(args):
    from django.db import connection

    from tournament.actions.results import submit_result
    from tournament.demo.generate import score_record
    from tournament.reads import rating_lists

    t = time.perf_counter()
    people, count = build(args)
    print(f"built {count} matches, {args.people} people, {args.events} events "
          f"({connection.vendor}) in {time.perf_counter() - t:.1f} s")
    rebuilds, cpu = [], []
    for _ in range(args.runs):
        t, c = time.perf_counter(), time.process_time()
        rated = rating_lists.rebuild("mso")
        rebuilds.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    # CPU time is this process's alone: the steadier figure on a busy shared machine
    # (SQLite works in-process, so it includes the database's work).
    print(f"rebuild: {rated} rated matches, median {statistics.median(rebuilds):.2f} s wall, "
          f"{statistics.median(cpu):.2f} s CPU (runs: {', '.join(f'{x:.2f}' for x in rebuilds)})")

    inner, outer = [], []
    real = rating_lists.result_changed

    def timed_changed(match):
        t0, c0 = time.perf_counter(), time.process_time()
        done = real(match)
        inner.append((time.perf_counter() - t0, done, time.process_time() - c0))
        return done

    rating_lists.result_changed = timed_changed
    for n in range(max(args.runs, 9)):
        m = newest_board(people, n)
        record = score_record(m.side0, m.side1, [(61, 40), (61, 3)])
        t = time.perf_counter()
        submit_result(m.pk, None, version=m.version, record=record)
        outer.append(time.perf_counter() - t)
    rating_lists.result_changed = real
    assert all(done == "update" for _, done, _ in inner), inner
    print(f"one newly counted result: list update median "
          f"{statistics.median(x for x, _, _ in inner) * 1000:.1f} ms wall, "
          f"{statistics.median(c for _, _, c in inner) * 1000:.1f} ms CPU; the whole "
          f"submit_result {statistics.median(outer) * 1000:.1f} ms ({len(outer)} runs)")


if __name__ == "__main__":
    main()
