"""CPU time of one public request in one process, the site against bare Django: steadier
than bench_public.py's requests/s on a busy machine (no network, no wrk, no scheduler
between them).

Usage: .venv/bin/python bench/bench_public_cpu.py [--players 1000] [--requests 2000]
       [--results 3]

1. creates the database `fives_bench_public_cpu` on 127.0.0.1:5432 (user postgres) and
   builds bench_public.py's event (--players players, five rounds, round 5 live);
2. calls the site's WSGI application (tournament.wsgi: its whole middleware, the fast
   path first; DEBUG off; the revisions in a file cache, pages in this process's memory
   and, with CACHE_URL, Redis) --requests times for each page of bench_public.py, after
   it is cached, and prints the process CPU time a request (the best of three runs);
3. the same with the API's per-address read limit on (1,200 a minute, the default; the
   reads spread over 10 addresses so that none reaches it): what counting the reads costs;
4. in a second process, bare Django (bench/bare_site.py: SecurityMiddleware and
   CommonMiddleware only) answering the same bytes, the same way;
5. what a change costs: the CPU of rendering the standings page and the live round page
   again after a result is entered (the best and the median of --results results), and
   of a request a process answers after another process rendered the page (its memory
   holds the previous page, the shared cache the new one: what each worker does once per
   page and change; with CACHE_URL only, best of three runs of --requests / 10).
Drops the database at the end. Every address is 127.0.0.1.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# BENCH_DB: a database of your own, where others run the same bench on this server
DB = os.environ.get("BENCH_DB", "fives_bench_public_cpu")
PAGES = {"standings page": "/bench/standings/", "live round page": "/bench/round/5/",
         "API standings": "/api/v1/tournaments/bench/standings/",
         "revision.json (the poll)": "/bench/revision.json"}


def environ(path, address):
    return {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1",
            "REMOTE_ADDR": address, "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr}


def call(app, path, address="127.0.0.1"):
    status = []
    body = app(environ(path, address), lambda s, h, x=None: status.append(s))
    data = b"".join(body)
    if hasattr(body, "close"):
        body.close()
    return status[0], data


def cpu_per_request(app, path, requests, addresses=("127.0.0.1",)):
    """Microseconds of process CPU time a request: the best of three runs."""
    cycle = itertools.cycle(addresses)
    for _ in range(20):
        call(app, path, next(cycle))
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        for _ in range(requests):
            status, _ = call(app, path, next(cycle))
        best = min(best, (time.process_time() - started) / requests * 1e6)
        if not status.startswith("200"):
            raise SystemExit(f"{path} answered {status}")
    return best


def after_another(app, path, requests):
    """Microseconds of process CPU time a request for `path` costs when this process holds
    the previous page and the shared cache the current one (another process rendered it):
    the best of three runs."""
    from dataclasses import replace

    from tournament.public import http_cache

    call(app, path)
    held = dict(http_cache.local.entries)
    best = float("inf")
    for _ in range(3):
        spent = 0.0
        for _ in range(requests):
            for key, entry in held.items():  # as before the change: an older revision's
                http_cache.local.put(key, replace(entry, token="previous"))
            http_cache.waiting.clear()
            started = time.process_time()
            status, _ = call(app, path)
            spent += time.process_time() - started
            if not status.startswith("200"):
                raise SystemExit(f"{path} answered {status}")
        best = min(best, spent / requests * 1e6)
    return best


def bare(folder: str, requests: int) -> None:
    """The bare Django side (run as a process of its own: settings.configure)."""
    sys.path.insert(0, str(ROOT / "bench"))
    os.environ["BENCH_BARE_DIR"] = folder
    from bare_site import application

    print(json.dumps({name: cpu_per_request(application, f"/bench/bare/p{i}", requests)
                      for i, name in enumerate(PAGES)}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--results", type=int, default=3,
                        help="results entered, each followed by both renders")
    parser.add_argument("--bare", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bare:
        bare(args.bare, args.requests)
        return 0
    if not (2 <= args.players <= 4000 and 100 <= args.requests <= 20000
            and 1 <= args.results <= 30):
        parser.error("keep it bounded: 2-4000 players, 100-20000 requests, 1-30 results")
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    import common

    scratch = tempfile.TemporaryDirectory()
    os.environ.update(REVISION_CACHE_DIR=str(Path(scratch.name) / "revisions"),
                      PAGE_CACHE_DIR=str(Path(scratch.name) / "pages"), DEBUG="0",
                      LOCAL_DEV="1", ALLOWED_HOSTS="127.0.0.1", API_RATE_LIMITS="on",
                      SECRET_KEY=os.environ.get("SECRET_KEY", "bench-" + "x" * 44))
    try:
        common.fresh_database(DB)
        import bench_public

        _, open_boards, director = bench_public.build_event(args.players)
        from django.conf import settings
        from django.core.cache import caches

        from tournament.wsgi import application

        for alias in settings.CACHES:
            caches[alias].clear()
        limits_on = dict(settings.API_RATE_LIMITS)
        print(f"event: {args.players} players, round 5 live; cache: "
              f"{settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}; "
              f"{args.requests} requests a run, best of 3; load: {os.getloadavg()[0]:.1f}")
        folder = Path(scratch.name) / "bare"
        folder.mkdir()
        site, counted = {}, {}
        for i, (name, path) in enumerate(PAGES.items()):
            status, body = call(application, path)
            if not status.startswith("200"):
                raise SystemExit(f"the {name} answered {status}")
            (folder / f"p{i}").write_bytes(body)
            (folder / f"p{i}.type").write_text(
                "application/json" if path.startswith("/api/") or path.endswith(".json")
                else "text/html; charset=utf-8")
            settings.API_RATE_LIMITS = {}
            site[name] = cpu_per_request(application, path, args.requests)
            settings.API_RATE_LIMITS = limits_on
            if path.startswith("/api/"):
                counted[name] = cpu_per_request(application, path, args.requests,
                                                [f"10.9.0.{n}" for n in range(1, 11)])
        out = subprocess.run([sys.executable, __file__, "--bare", str(folder),
                              "--requests", str(args.requests)], capture_output=True,
                             text=True, check=True).stdout
        plain = json.loads(out.strip().splitlines()[-1])
        print(f"  {'':34} {'site µs':>8} {'bare µs':>8} {'bare/site':>9}")
        for name in PAGES:
            print(f"  {name:34} {site[name]:8.0f} {plain[name]:8.0f} "
                  f"{plain[name] / site[name]:9.0%}")
            if name in counted:
                print(f"  {'  with the read limit on':34} {counted[name]:8.0f} {plain[name]:8.0f} "
                      f"{plain[name] / counted[name]:9.0%}")
        from tournament.actions import results
        from tournament.models import Match

        renders = {name: [] for name in ("standings page", "live round page")}
        for pk in open_boards[:args.results]:
            match = Match.objects.get(pk=pk)
            results.submit_result(pk, director, version=match.version, outcome="forfeit",
                                  conceded_by=1)
            for name in renders:
                started = time.process_time()
                call(application, PAGES[name])
                renders[name].append((time.process_time() - started) * 1e3)
        for name, times in renders.items():
            print(f"  a change: {name} rendered again in {min(times):.0f} ms of CPU "
                  f"(best of {len(times)} results; median {statistics.median(times):.0f} ms)")
        from tournament.public import http_cache

        if http_cache.shared_cache() is not None:
            for name in renders:
                print(f"  a change: {name} taken from the shared cache by another process in "
                      f"{after_another(application, PAGES[name], args.requests // 10):.0f} µs "
                      "of CPU (its memory holding the previous page)")
        print(f"load: {os.getloadavg()[0]:.1f}")
        return 0
    finally:
        common.drop_database(DB)
        scratch.cleanup()


if __name__ == "__main__":
    sys.exit(main())
