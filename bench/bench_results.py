"""Load test of result entry: a real gunicorn against a throwaway PostgreSQL database.

Usage: .venv/bin/python bench/bench_results.py [--players 400] [--rounds 5] [--clients 20]
       [--workers 5] [--threads 1] [--plays 0.5] [--counting]

1. creates the database `fives_bench` on 127.0.0.1:5432 (user postgres) and migrates it;
2. builds an event: the players, round 1 paired by the real pairing action, rounds 2.. laid
   out directly as published rounds (pairing them for real would need every earlier result
   confirmed first), and one arbiter token per client (the arbiter_token command's code);
   with --counting the event asks no confirmation, so every result counts as it is entered
   and takes its round's row lock (board.close_if_complete), as on event day;
3. starts `gunicorn tournament.wsgi` on a free local port (DATABASE_URL, SECRET_KEY,
   ALLOWED_HOSTS=127.0.0.1, LOCAL_DEV=1), by default as docs/deploy.md runs it: 5 sync
   workers (2 x cores + 1), each taking a connection only when it is idle;
4. runs the clients, each a process with its own http.client connection, each PUTting valid
   results (play depth for a share of them, score depth for the rest) to its own DISTINCT
   boards, and prints submissions per second and p50/p95/max latency;
5. checks in the database that every submission is stored exactly once (one ResultVersion,
   version 1, status entered); then stops the server and drops the database.
Exits 1 when a check fails or the target (>= 100 submissions/s, p95 < 200 ms) is missed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import common  # noqa: E402
from common import HOST, PG  # noqa: E402

DB = "fives_bench"
TIME_LIMIT = 120  # seconds for the whole load phase, whatever the options


def records(count: int, plays_share: float, seed=11):
    """Valid records whose first set is started by seat 0 (the board's side 0)."""
    from scoring.simulate import play_match

    rng = random.Random(seed)
    played, seed_ = [], 0
    while len(played) < 40:  # a pool of distinct whole matches at play depth
        rec = play_match(seed_)
        seed_ += 1
        if rec["first_set_starter"] == 0:
            played.append(rec)
    out = []
    for _ in range(count):
        if rng.random() < plays_share:
            out.append(rng.choice(played))
        else:
            a, b = rng.randrange(61), rng.randrange(61)
            out.append({"format": "fives-and-threes-match/1", "ruleset": "mso",
                        "sets": [{"score": [61, a]}, {"score": [b, 61]}, {"score": [61, 0]}]})
    return out


def build_event(players: int, rounds_count: int, clients: int, counting: bool = False):
    from django.contrib.auth.models import User

    from tournament.actions import entrants, events, rounds
    from tournament.actions.tokens import grant
    from tournament.models import Match, Round

    director = User.objects.create_user("bench-director", password=secrets.token_hex(8))
    t = events.create_tournament(director, name="Bench Open", rounds_planned=rounds_count,
                                 require_confirmation=not counting)
    entrants.import_entrants(t, director, "name,club,rating\n" + "\n".join(
        f"Player {i},Club {i % 30},{1200 + i}" for i in range(players)))
    first = rounds.pair_round(t, director)
    rounds.publish_round(first, director)
    people = list(t.entrants.order_by("number"))
    for number in range(2, rounds_count + 1):
        r = Round.objects.create(tournament=t, number=number, status=Round.Status.PUBLISHED)
        shift = number * 7 % len(people)
        order = people[shift:] + people[:shift]
        Match.objects.bulk_create(
            Match(round=r, board=i // 2 + 1, side0=order[i], side1=order[i + 1])
            for i in range(0, len(order) - 1, 2))
    keys = [grant(t, f"bench-arbiter-{i}")[0] for i in range(clients)]
    boards = list(Match.objects.filter(round__tournament=t).exclude(side1=None)
                  .order_by("round__number", "board").values_list("pk", flat=True))
    return t, keys, boards


WARM_UP = 3


def client(port, key, jobs, out, barrier, stop_at):
    """One device: its own connection, its own boards, one PUT after another. A sync worker
    answers `Connection: close`, and http.client opens a new connection for the next
    request, inside the timed span: as a proxy in front of gunicorn does for each request."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Authorization": f"Token {key}", "Content-Type": "application/json"}
    # Warm-up, untimed: let the workers open their database connections and load the API,
    # as a server does once after a start.
    for _ in range(WARM_UP):
        conn.request("GET", f"/api/v1/matches/{jobs[0][0]}/", headers=headers)
        conn.getresponse().read()
    barrier.wait()
    for match_id, body in jobs:
        if time.monotonic() > stop_at:
            break
        start = time.perf_counter()
        try:
            conn.request("PUT", f"/api/v1/matches/{match_id}/result/", body, headers)
            response = conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException) as exc:
            status = f"{type(exc).__name__}"
            conn.close()  # reconnect on the next request; never resend this one
        out.append((match_id, status, time.perf_counter() - start))
    conn.close()


def device(port, key, jobs, queue, barrier, stop_at):
    """A client in a process of its own, as a device at a table is: no shared GIL inflating
    the latencies it measures."""
    out = []
    client(port, key, jobs, out, barrier, stop_at)
    queue.put(out)


def load(port, keys, boards, plays_share):
    made = records(len(boards), plays_share)
    bodies = [json.dumps({"version": 0, "record": r}) for r in made]
    depth = {m: "plays" if "hands" in r["sets"][0] else "score"
             for m, r in zip(boards, made, strict=True)}
    jobs = [[] for _ in keys]
    for i, (match_id, body) in enumerate(zip(boards, bodies, strict=True)):
        jobs[i % len(keys)].append((match_id, body))
    mp = multiprocessing.get_context("fork")
    queue, barrier = mp.Queue(), mp.Barrier(len(keys) + 1)
    stop_at = time.monotonic() + TIME_LIMIT
    devices = [mp.Process(target=device, args=(port, key, job, queue, barrier, stop_at))
               for key, job in zip(keys, jobs, strict=True)]
    for d in devices:
        d.start()
    barrier.wait(timeout=60)
    start = time.perf_counter()
    results = []
    for _ in devices:
        results.extend(queue.get(timeout=TIME_LIMIT + 30))
    elapsed = time.perf_counter() - start
    for d in devices:
        d.join(timeout=30)
    return results, elapsed, depth


def verify(results) -> list[str]:
    from django.db.models import Count

    from tournament.models import Match, ResultVersion

    problems = []
    stored = [m for m, status, _ in results if status == 200]
    refused = [(m, s) for m, s, _ in results if s != 200]
    if refused:
        problems.append(f"{len(refused)} submissions not stored, e.g. {refused[:3]}")
    if len(set(stored)) != len(stored):
        problems.append("a board was submitted twice")
    versions = dict(ResultVersion.objects.filter(match_id__in=stored).values_list(
        "match_id").annotate(n=Count("id")).values_list("match_id", "n"))
    if any(versions.get(m) != 1 for m in stored):
        problems.append("a stored submission does not have exactly one ResultVersion")
    wrong = (ResultVersion.objects.filter(match_id__in=stored)
             .exclude(version=1, status="entered").count())
    wrong += Match.objects.filter(pk__in=stored).exclude(version=1, status="entered").count()
    if wrong:
        problems.append(f"{wrong} stored rows are not version 1 / entered")
    others = ResultVersion.objects.exclude(match_id__in=stored).count()
    if others:
        problems.append(f"{others} ResultVersions for boards nobody submitted")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1,
                        help="more than 1 makes gunicorn's gthread workers, which keep each "
                             "keep-alive connection on the worker that accepted it")
    parser.add_argument("--plays", type=float, default=0.5,
                        help="share of submissions at play depth (the rest at score depth)")
    parser.add_argument("--counting", action="store_true",
                        help="no confirmation asked: each result counts on entry and takes "
                             "its round's lock")
    args = parser.parse_args()
    if not (2 <= args.players <= 4000 and 1 <= args.rounds <= 9 and 1 <= args.clients <= 100):
        parser.error("keep it bounded: 2-4000 players, 1-9 rounds, 1-100 clients")

    server = None
    try:
        common.fresh_database(DB)
        from django.db import connections

        started = time.perf_counter()
        _, keys, boards = build_event(args.players, args.rounds, args.clients, args.counting)
        print(f"event: {args.players} players, {args.rounds} published rounds, "
              f"{len(boards)} boards, built in {time.perf_counter() - started:.1f} s"
              + ("; results count on entry" if args.counting else ""))
        connections.close_all()

        port = common.free_port()
        env = common.server_env(f"{PG}/{DB}")
        server, cmd = common.start_gunicorn(port, args.workers, env, "--threads",
                                            str(args.threads))
        print("server: " + " ".join(cmd[cmd.index("tournament.wsgi"):]))
        results, elapsed, depth = load(port, keys, boards, args.plays)
        latencies = sorted(t * 1000 for _, status, t in results if status == 200)
        rate = len(latencies) / elapsed
        p50 = statistics.median(latencies) if latencies else float("nan")
        p95 = common.percentile(latencies, 0.95)
        print(f"load: {args.clients} clients, {len(results)} submissions "
              f"({args.plays:.0%} at play depth) in {elapsed:.2f} s")
        print(f"  {rate:.0f} submissions/s; latency p50 {p50:.0f} ms, p95 {p95:.0f} ms, "
              f"max {latencies[-1] if latencies else float('nan'):.0f} ms")
        for kind in ("score", "plays"):
            some = sorted(t * 1000 for m, status, t in results
                          if status == 200 and depth[m] == kind)
            if some:
                print(f"  at {kind} depth: p50 {statistics.median(some):.0f} ms, "
                      f"p95 {common.percentile(some, 0.95):.0f} ms")
        problems = verify(results)
        print("check: every submission stored exactly once (version 1, entered)"
              if not problems else "check FAILED: " + "; ".join(problems))
        target = rate >= 100 and p95 < 200
        print(f"target (>= 100/s, p95 < 200 ms): {'met' if target else 'MISSED'}")
        return 0 if not problems and target else 1
    finally:
        common.stop(server)
        common.drop_database(DB)


if __name__ == "__main__":
    sys.exit(main())
