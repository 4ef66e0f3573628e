"""Spectator load on the public pages: a real gunicorn on PostgreSQL, driven by wrk.

Usage: .venv/bin/python bench/bench_public.py [--players 1000] [--seconds 10]
       [--connections 50] [--workers 5] [--runs 3] [--cache redis|redis-revisions|local]
       [--changes-only]

1. installs Debian's `wrk` where it is missing (apt-get, as root);
2. creates the database `fives_bench_public` on 127.0.0.1:5432 (user postgres), migrates
   it and builds an event of --players players, five rounds, round 5 live
   (tournament/demo/generate.py);
3. --cache redis (the default where `redis-server` is installed): starts a private
   redis-server on a free local port and gives gunicorn CACHE_URL, as docs/deploy.md runs
   one machine (the revisions in a file cache, pages in each worker's memory and Redis);
   --cache redis-revisions: the revisions in Redis too (REVISION_CACHE=shared, as for
   several machines); --cache local: no Redis at all;
4. starts `gunicorn tournament.wsgi` with --workers sync workers, DEBUG off, the API's
   per-address limits off (every request comes from one address), and the settings of
   bench/counted_site.py: the project's, logging each render;
5. saves the bytes of the standings page, the live round's page (its first 100 boards) and
   the API standings, and starts bare Django beside the site (bench/bare_site.py: a second
   gunicorn with as many workers, one view answering those bytes through Django's
   SecurityMiddleware and CommonMiddleware only, as ../shared/bench/spectator_load.sh
   does); warms every worker of both, then runs `wrk -t2 -c50 -d10s --latency` on each
   page and on the bare view answering the same bytes, in turn, --runs times (3; the
   medians are shown), all in the same run (revision.json too: what every live page
   polls, every 3 s);
6. the change phase: wrk on the standings page while a result is entered every 2 s and 20
   simulated spectators watch the live round page as static/js/live.js does; counts the
   renders of each page per change (every worker logs its renders: counted_site.py) and
   each watcher's delay from a result's commit to its page showing it; --runs times, each
   followed by a bare run of the standings page's bytes, its share taken within the pair
   (the median of the pairs is the figure);
7. checks that a change is visible within moments under gunicorn: a result entered through
   the action changes the round page's ETag and its content (the first answer after it may
   be the previous page, rendered anew once it is sent: asked again as live.js does);
8. prints requests/s, p50/p99 and each page's share of its bare view's rate; stops the
   servers and drops the database.
Exits 1 when a check fails or the target (>= 80% of bare Django's requests/s, p99 < 100 ms,
also under changes; one render a change; every watcher within 5 s) is missed. Every
request goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import common  # noqa: E402
from common import HOST, PG  # noqa: E402

# BENCH_DB: a database of your own, where others run the same bench on this server
DB = os.environ.get("BENCH_DB", "fives_bench_public")
WATCHERS = 20  # simulated spectators of the live round page during the change phase
POLL_SECONDS = 3  # as tournament/public/views.POLL_SECONDS
SOON_SECONDS = 0.5  # as static/js/live.js `soon`: a page older than the revision, again
SLUG = "bench"
TARGET_SHARE, TARGET_P99 = 0.80, 100.0  # issue #31
TARGET_DELAY = 5.0  # seconds from a result's commit to a watcher's page showing it
OPEN_BOARDS = 40
CHANGE_EVERY = 2.0  # seconds between results while spectators watch (the change phase)


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() != 0:
        raise SystemExit("wrk is missing: apt-get install -y wrk (as root)")
    print("installing wrk (apt-get install -y wrk)")
    quiet = {"stdout": subprocess.DEVNULL, "env": dict(os.environ,
                                                       DEBIAN_FRONTEND="noninteractive")}
    if subprocess.call(["apt-get", "install", "-y", "wrk"], **quiet) != 0:
        subprocess.check_call(["apt-get", "update"], **quiet)
        subprocess.check_call(["apt-get", "install", "-y", "wrk"], **quiet)
    return shutil.which("wrk")


def get(port, path, headers=None):
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, dict(response.getheaders()), body


def start_redis():
    port = common.free_port()
    server = subprocess.Popen(["redis-server", "--bind", HOST, "--port", str(port), "--save",
                               "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return server, f"redis://{HOST}:{port}/0"
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("redis-server did not start")


def start_server(port, workers, env_extra):
    env = common.server_env(f"{PG}/{DB}", DJANGO_SETTINGS_MODULE="counted_site",
                            PYTHONPATH=os.pathsep.join([str(ROOT / "bench"), str(ROOT)]),
                            **env_extra)
    return common.start_gunicorn(port, workers, env)


def start_bare(port, workers, folder):
    """bench/bare_site.py under gunicorn, started from bench/ (so that no gunicorn.conf.py
    of the site's applies), once it answers the first page's bytes."""
    env = dict(os.environ, BENCH_BARE_DIR=str(folder), PYTHONPATH=str(ROOT / "bench"))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    cmd = [str(ROOT / ".venv/bin/gunicorn"), "bare_site:application", "-w", str(workers),
           "-b", f"{HOST}:{port}", "--log-level", "warning"]
    server = subprocess.Popen(cmd, cwd=ROOT / "bench", env=env)
    try:
        common.wait_until_up(port, lambda p: common.answers(p, "/bench/bare/p0"), who="bare")
    except SystemExit:
        common.stop(server)
        raise
    return server


def wrk(binary, port, path, seconds, connections):
    out = subprocess.run([binary, "-t2", f"-c{connections}", f"-d{seconds}s", "--latency",
                          f"http://{HOST}:{port}{path}"], capture_output=True, text=True,
                         timeout=seconds + 60, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = {p: to_ms(v) for p, v in re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.M)}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return {"rate": rate, "p50": latency.get("50"), "p99": latency.get("99"),
            "non2xx": int(errors.group(1)) if errors else 0,
            "socket": socket_errors.group(1) if socket_errors else ""}


def median_run(runs: list[dict]) -> dict:
    def mid(key):
        return statistics.median(r[key] for r in runs)

    return {"rate": mid("rate"), "p50": mid("p50"), "p99": mid("p99"),
            "non2xx": sum(r["non2xx"] for r in runs),
            "socket": "; ".join(r["socket"] for r in runs if r["socket"])}


def to_ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def build_event(players):
    from django.contrib.auth.models import User

    from tournament.demo.generate import generate_event
    from tournament.models import Match

    event = generate_event(players, 5, slug=SLUG, last_live=True, bulk=True)
    # Leave boards of the live round open: the first for the check that a change shows at
    # once, the others for the results that arrive while spectators watch.
    open_boards = list(Match.objects.filter(round__tournament=event, round__number=5)
                       .exclude(side1=None).order_by("board")[:OPEN_BOARDS])
    Match.objects.filter(pk__in=[m.pk for m in open_boards]).update(
        status=Match.Status.PENDING, outcome="", winner=None, version=0)
    for m in open_boards:
        m.sets.all().delete()
        m.versions.all().delete()
    director = User.objects.create_superuser("bench-director", password=secrets.token_hex(8))
    return event, [m.pk for m in open_boards], director


def check_change(port, match_id, director) -> list[str]:
    """A result entered through the action (as a request would) shows within moments: the
    first answer after it may be the previous page (its process renders the new one once
    that answer is sent: http_cache.render_later), so the page is asked again every
    SOON_SECONDS, as static/js/live.js does, for at most TARGET_DELAY."""
    from tournament.actions import results
    from tournament.models import Match

    path = f"/{SLUG}/round/5/"
    _, before_headers, before = get(port, path)
    match = Match.objects.get(pk=match_id)
    results.submit_result(match.pk, director, version=match.version, outcome="forfeit",
                          conceded_by=1)
    committed = time.monotonic()
    asked = 0
    while True:
        status, after_headers, after = get(port, path)
        asked += 1
        if (status == 200 and after != before) or time.monotonic() - committed > TARGET_DELAY:
            break
        time.sleep(SOON_SECONDS)
    shown = time.monotonic() - committed
    problems = []
    if status != 200 or after == before:
        problems.append(f"the round page did not change within {TARGET_DELAY:.0f} s after a "
                        "result was entered")
    if after_headers.get("ETag") == before_headers.get("ETag"):
        problems.append("the round page's ETag did not change after a result was entered")
    status, _, _ = get(port, path, {"If-None-Match": after_headers.get("ETag", "")})
    if status != 304:
        problems.append(f"a conditional GET with the current ETag answered {status}, not 304")
    print(f"  the change showed {shown:.2f} s after its commit (answer {asked} of the page "
          "since)")
    return problems


def enter_results(match_ids, director, every, stop, changed):
    """A result every `every` seconds (a forfeit, through the action) until `stop` is set;
    each commit's time goes to `changed` as (time, the event's new revision)."""
    from django.db import connection

    from tournament.actions import results
    from tournament.models import Match, Tournament

    try:
        for pk in match_ids:
            if stop.wait(every):
                return
            match = Match.objects.get(pk=pk)
            results.submit_result(pk, director, version=match.version, outcome="forfeit",
                                  conceded_by=1)
            changed.append((time.monotonic(),
                            str(Tournament.objects.get(slug=SLUG).change_id)))
    finally:
        connection.close()


def watch(port, path, poll, stop, seen):
    """One spectator as static/js/live.js behaves: revision.json every `poll` seconds; on
    a new revision the page (?live=<revision>), again after SOON_SECONDS while the page
    answered is older. `seen` gets (time, revision) for each revision the page showed."""
    shown = None
    wait = poll
    while not stop.wait(wait):
        wait = poll
        try:
            _, _, body = get(port, f"/{SLUG}/revision.json")
            wanted = json.loads(body)["revision"]
            if wanted == shown:
                continue
            _, _, page = get(port, f"{path}?live={wanted}")
            found = re.search(rb'id="live-region" data-revision="([^"]*)"', page)
            got = found.group(1).decode() if found else None
            if got != shown:
                seen.append((time.monotonic(), got))
                shown = got
            if got != wanted:
                wait = SOON_SECONDS
        except (OSError, ValueError):
            continue


def change_phase(binary, port, args, path, open_boards, director, log):
    """wrk on `path` while results arrive every CHANGE_EVERY s and spectators watch the
    live round page: p50/p99 including the seconds after each change, renders per change,
    and each watcher's delay from a result's commit to its page showing it."""
    import threading

    no_more, stop = threading.Event(), threading.Event()
    changed, seen = [], [[] for _ in range(WATCHERS)]
    start = log.stat().st_size if log.exists() else 0
    writer = threading.Thread(target=enter_results,
                              args=(open_boards, director, CHANGE_EVERY, no_more, changed))
    watchers = [threading.Thread(target=watch, args=(port, f"/{SLUG}/round/5/",
                                                     POLL_SECONDS, stop, seen[i]))
                for i in range(WATCHERS)]
    for t in [writer, *watchers]:
        t.start()
    try:
        load = wrk(binary, port, path, args.seconds, args.connections)
    finally:
        no_more.set()  # the changes stop with the load ...
        writer.join()
        time.sleep(POLL_SECONDS + 2)  # ... and the watchers see the last one
        stop.set()
        for t in watchers:
            t.join()
    renders = {}
    if log.exists():
        with log.open("rb") as f:
            f.seek(start)
            for line in f.read().decode().splitlines():
                _, rendered = line.split(" ", 1)
                renders[rendered] = renders.get(rendered, 0) + 1
    delays = []
    for when, rev in changed:
        for watcher in seen:
            shown = [t for t, r in watcher if r is not None and int(r) >= int(rev)]
            if shown:
                delays.append(min(shown) - when)
    return load, len(changed), renders, sorted(delays)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--workers", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each page and its bare view, in turn (medians shown)")
    parser.add_argument("--changes-only", action="store_true",
                        help="only the change phase (6) and the check (7)")
    parser.add_argument("--cache", choices=["redis", "redis-revisions", "local"],
                        default="redis" if shutil.which("redis-server") else "local")
    args = parser.parse_args()
    if not (2 <= args.players <= 4000 and 1 <= args.seconds <= 60
            and 1 <= args.connections <= 200 and 1 <= args.workers <= 16
            and 1 <= args.runs <= 5):
        parser.error("keep it bounded: 2-4000 players, 1-60 s, 1-200 connections, "
                     "1-16 workers, 1-5 runs")
    binary = ensure_wrk()

    server = redis = bare_server = None
    scratch = tempfile.TemporaryDirectory()
    try:
        extra = {"REVISION_CACHE_DIR": str(Path(scratch.name) / "revisions"),
                 "PAGE_CACHE_DIR": str(Path(scratch.name) / "pages")}
        if args.cache.startswith("redis"):
            redis, extra["CACHE_URL"] = start_redis()
        if args.cache == "redis-revisions":
            extra["REVISION_CACHE"] = "shared"
        # This process enters the result of the change check: it must share the server's
        # revision store.
        os.environ.update(extra)
        common.fresh_database(DB)
        from django.db import connections

        started = time.perf_counter()
        _, open_boards, director = build_event(args.players)
        print(f"event: {args.players} players, 5 rounds, round 5 live, built in "
              f"{time.perf_counter() - started:.1f} s")
        connections.close_all()

        port = common.free_port()
        bare = Path(scratch.name) / "bare"  # each page's bytes, for the bare view
        bare.mkdir()
        log = Path(scratch.name) / "renders.log"
        server, cmd = start_server(port, args.workers, {**extra, "BENCH_RENDER_LOG": str(log)})
        print("server: " + " ".join(cmd[cmd.index("tournament.wsgi"):]) +
              f" (DEBUG off, PostgreSQL, cache: {args.cache})")
        pages = {"standings page": f"/{SLUG}/standings/",
                 "live round page": f"/{SLUG}/round/5/",
                 "API standings": f"/api/v1/tournaments/{SLUG}/standings/",
                 # What every watcher asks every POLL_SECONDS: 1,000 of them, 333/s.
                 "revision.json (the poll)": f"/{SLUG}/revision.json"}
        bodies = {}
        for i, (name, path) in enumerate(pages.items()):
            status, headers, body = get(port, path)
            if status != 200:
                raise SystemExit(f"the {name} answered {status}")
            (bare / f"p{i}").write_bytes(body)
            bodies[name] = body
            (bare / f"p{i}.type").write_text(headers["Content-Type"])
            print(f"{name}: {path}, {len(body):,} bytes, Cache-Control: "
                  f"{headers.get('Cache-Control')}")
        bare_port = common.free_port()
        bare_server = start_bare(bare_port, args.workers, bare)
        print(f"bare Django: gunicorn bare_site:application -w {args.workers} (Security"
              "Middleware and CommonMiddleware only)")
        pairs = [(name, path, f"/bench/bare/p{i}") for i, (name, path) in enumerate(pages.items())]
        for _, path, bare_path in pairs:  # every worker renders (or reads) each, untimed
            for _ in range(args.workers * 4):
                get(port, path)
                get(bare_port, bare_path)
        print(f"load: wrk -t2 -c{args.connections} -d{args.seconds}s --latency; each page "
              f"and a bare Django view answering the same bytes in turn, {args.runs} times "
              "(medians)")
        print(f"  {'':34} {'requests/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'of bare':>8}")
        met = True
        bare_rates = {}
        for name, path, bare_path in [] if args.changes_only else pairs:
            # Page and bare view in turn, --runs times; the medians, so that a burst of
            # other work on the machine weighs on both alike.
            runs = [(wrk(binary, port, path, args.seconds, args.connections),
                     wrk(binary, bare_port, bare_path, args.seconds, args.connections))
                    for _ in range(args.runs)]
            page, plain = median_run([r[0] for r in runs]), median_run([r[1] for r in runs])
            share = page["rate"] / plain["rate"]
            bare_rates[name] = plain["rate"]
            for label, m, of in [(name, page, f"{share:8.0%}"),
                                 ("  bare Django, same bytes", plain, "")]:
                print(f"  {label:34} {m['rate']:10.0f} {m['p50']:8.1f} {m['p99']:8.1f} {of:>8}"
                      + (f"  non-2xx: {m['non2xx']}" if m["non2xx"] else "")
                      + (f"  socket errors: {m['socket']}" if m["socket"] else ""))
            ok = share >= TARGET_SHARE and page["p99"] < TARGET_P99 and not page["non2xx"]
            print(f"    {name}: {'met' if ok else 'MISSED'}" + (
                "" if ok or plain["p99"] < TARGET_P99 else
                f" (bare Django answering the same {len(bodies[name]):,} bytes has p99 "
                f"{plain['p99']:.0f} ms too: the page's size sets it)"))
            met &= ok
        # The change phase --runs times, each beside a bare run of the same bytes right
        # after it: the share of each pair, and their median (a busy machine's bursts
        # weigh on both sides of a pair alike, not on one phase against an older run).
        print(f"changes: a result every {CHANGE_EVERY:.0f} s while wrk loads the standings "
              f"page and {WATCHERS} watchers poll every {POLL_SECONDS} s; each run beside "
              "a bare run right after it")
        boards, phases, changes, renders, delays = open_boards[1:], [], 0, {}, []
        for _ in range(args.runs):
            load, made, rendered, seen_after = change_phase(
                binary, port, args, pages["standings page"], boards, director, log)
            boards = boards[made:]
            plain = wrk(binary, bare_port, pairs[0][2], args.seconds, args.connections)
            phases.append((load, plain))
            changes += made
            delays += seen_after
            for page_path, count in rendered.items():
                renders[page_path] = renders.get(page_path, 0) + count
            print(f"  {'standings page, under changes':34} {load['rate']:10.0f} "
                  f"{load['p50']:8.1f} {load['p99']:8.1f} {load['rate'] / plain['rate']:8.0%}"
                  f"  ({made} changes; bare Django {plain['rate']:.0f}/s, p99 "
                  f"{plain['p99']:.1f} ms)" + (f"  non-2xx: {load['non2xx']}"
                                                if load["non2xx"] else ""))
        delays.sort()
        load = median_run([phase[0] for phase in phases])
        share = statistics.median(page["rate"] / plain["rate"] for page, plain in phases)
        print(f"  {'  the median of ' + str(len(phases)):34} {load['rate']:10.0f} "
              f"{load['p50']:8.1f} {load['p99']:8.1f} {share:8.0%}")
        for shown, rendered in sorted(renders.items()):
            print(f"  renders of {shown}: {rendered} for {changes} changes "
                  f"({rendered / max(changes, 1):.2f} a change, all {args.workers} workers)")
        if delays:
            print(f"  live-update delay (commit to a watcher's page showing it, "
                  f"{len(delays)} seen): median {statistics.median(delays):.2f} s, "
                  f"p90 {common.percentile(delays, 0.9):.2f} s, max {max(delays):.2f} s")
        ok = (share >= TARGET_SHARE and load["p99"] < TARGET_P99 and not load["non2xx"]
              and delays and max(delays) < TARGET_DELAY
              and renders.get(pages["standings page"], 0) <= changes + 1)
        print(f"    under changes: {'met' if ok else 'MISSED'} (>= {TARGET_SHARE:.0%} of bare, "
              f"p99 < {TARGET_P99:.0f} ms, one render a change, every watcher within "
              f"{TARGET_DELAY:.0f} s)")
        met &= bool(ok)
        problems = check_change(port, open_boards[0], director)
        print(f"check: a result entered shows within {TARGET_DELAY:.0f} s (new ETag, new "
              "content; 304 on the current ETag)" if not problems
              else "check FAILED: " + "; ".join(problems))
        print(f"target (>= {TARGET_SHARE:.0%} of bare Django's requests/s, p99 < "
              f"{TARGET_P99:.0f} ms): {'met' if met else 'MISSED'}")
        return 0 if met and not problems else 1
    finally:
        common.stop(server, bare_server)
        common.stop(redis, seconds=10)
        common.drop_database(DB)
        scratch.cleanup()


if __name__ == "__main__":
    sys.exit(main())
