"""Faults under load: a gunicorn worker killed and a database outage while results arrive.

Usage: .venv/bin/python bench/bench_faults.py [--players 400] [--rounds 5] [--clients 8]
       [--workers 5] [--seconds 20] [--outage 5]

1. creates the database `fives_faults` on 127.0.0.1:5432 and builds an event as
   bench_results.py does (players, published rounds, one arbiter token per client);
2. starts a TCP proxy on loopback (asyncio, in this process) between the app and
   PostgreSQL, and gunicorn (sync workers, API_RATE_LIMITS=off) whose DATABASE_URL points
   at the proxy;
3. runs the clients, each a process PUTting valid results to its own boards; a 503 or a
   dropped connection is sent again (version 0 still: a 409 then means the first attempt
   was stored after all);
4. meanwhile SIGKILLs one gunicorn worker (the master starts another) and, a little later,
   cuts the proxy for `--outage` seconds (every open connection reset, new ones refused:
   the database is gone as far as the app can tell), then restores it;
5. checks, reading PostgreSQL directly: every acknowledged result (HTTP 200) is stored
   (version 1, entered, one ResultVersion); no answer was a 500; every answer to a request
   made and answered inside the outage was 503 with Retry-After; the app answers 200 again
   once the database is back (stale pooled connections replaced: CONN_HEALTH_CHECKS).
Prints the counts, stops the server and the proxy, drops the database. Loopback only,
bounded in time; exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import http.client
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import common  # noqa: E402
from bench_results import build_event, records  # noqa: E402
from common import HOST  # noqa: E402

DB = "fives_faults"
PG_PORT = 5432
KILL_AT = 3.0  # seconds into the load: one worker SIGKILLed
CUT_AT = 6.0  # seconds into the load: the database outage starts
LOG = "/tmp/bench_faults_gunicorn.log"
SETTLE = 2.0  # seconds after the outage by which the app must answer 200 again


class Proxy:
    """Loopback TCP relay to PostgreSQL that can be cut (every connection reset, new ones
    refused) and restored. It runs in a process of its own: a socket of it inherited by a
    forked client would stay open when the proxy closes it, and the database would never
    see the cut (a transaction left open, holding its row locks)."""

    def __init__(self):
        self.port = common.free_port()
        self.control, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.get_context("fork").Process(
            target=Relay(self.port).run, args=(theirs,), daemon=True)
        self.process.start()
        if not self.control.poll(10):
            raise SystemExit("the proxy did not start")
        self.control.recv()

    def cut(self):
        self.control.send("cut")

    def restore(self):
        self.control.send("restore")

    def stop(self):
        self.control.send("stop")
        self.process.join(timeout=10)


class Relay:
    """The proxy's process: an asyncio server; commands arrive on a pipe."""

    def __init__(self, port):
        self.port, self.up, self.links = port, True, set()

    def run(self, control):
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(asyncio.start_server(self.relay, HOST, self.port))
        threading.Thread(target=self.listen, args=(control,), daemon=True).start()
        control.send("ready")
        self.loop.run_forever()

    def listen(self, control):
        while True:
            command = control.recv()
            self.loop.call_soon_threadsafe(getattr(self, f"do_{command}"))
            if command == "stop":
                return

    def do_cut(self):
        self.up = False
        for writer in list(self.links):
            writer.transport.abort()
        self.links.clear()

    def do_restore(self):
        self.up = True

    def do_stop(self):
        self.loop.stop()

    async def relay(self, client_r, client_w):
        if not self.up:
            client_w.transport.abort()  # a reset: as a database that is not there
            return
        try:
            server_r, server_w = await asyncio.open_connection(HOST, PG_PORT)
        except OSError:
            client_w.transport.abort()
            return
        if not self.up:  # cut while connecting
            client_w.transport.abort()
            server_w.transport.abort()
            return
        self.links |= {client_w, server_w}

        async def pipe(reader, writer):
            try:
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.transport.abort()
                self.links.discard(writer)

        await asyncio.gather(pipe(client_r, server_w), pipe(server_r, client_w))


def start_server(port: int, workers: int, db_port: int):
    env = common.server_env(f"postgres://postgres@{HOST}:{db_port}/{DB}")
    # The app logs every 503 of the outage: kept in a file, not on this screen.
    log = open(LOG, "w")  # noqa: SIM115 - closed with the process, at exit
    return common.start_gunicorn(port, workers, env, "--log-level", "error", "--timeout",
                                 "30", stdout=log, stderr=log)[0]


def workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def device(port, key, jobs, queue, barrier, start_at, stop_at):
    """One arbiter's device in a process of its own: its boards, one PUT after another; a
    503 or a lost connection is sent again after a short wait. Each attempt is logged as
    (board, status, retry_after, sent, answered), times relative to `start_at`."""
    headers = {"Authorization": f"Token {key}", "Content-Type": "application/json"}
    log = []
    barrier.wait()
    conn = http.client.HTTPConnection(HOST, port, timeout=15)
    for match_id, body in jobs:
        for _ in range(20):  # attempts at one board
            if time.time() > stop_at:
                break
            sent = time.time() - start_at
            try:
                conn.request("PUT", f"/api/v1/matches/{match_id}/result/", body, headers)
                response = conn.getresponse()
                response.read()
                status, retry = response.status, response.getheader("Retry-After")
            except (OSError, http.client.HTTPException) as exc:
                status, retry = type(exc).__name__, None
                conn.close()
            log.append((match_id, status, retry, sent, time.time() - start_at))
            if status in (503,) or isinstance(status, str):
                time.sleep(0.2)
                continue
            break
        if time.time() > stop_at:
            break
        time.sleep(0.05)
    conn.close()
    queue.put(log)


def run_load(port, keys, boards, seconds, proxy, server, outage):
    made = records(len(boards), 0.2)
    bodies = [json.dumps({"version": 0, "record": r}) for r in made]
    jobs = [[] for _ in keys]
    for i, (match_id, body) in enumerate(zip(boards, bodies, strict=True)):
        jobs[i % len(keys)].append((match_id, body))
    mp = multiprocessing.get_context("fork")
    queue, barrier = mp.Queue(), mp.Barrier(len(keys) + 1)
    start_at = time.time() + 1.0
    stop_at = start_at + seconds
    devices = [mp.Process(target=device, args=(port, k, j, queue, barrier, start_at, stop_at))
               for k, j in zip(keys, jobs, strict=True)]
    for d in devices:
        d.start()
    barrier.wait(timeout=60)
    events = {}
    time.sleep(max(0.0, start_at + KILL_AT - time.time()))
    victims = workers_of(server.pid)
    os.kill(victims[0], signal.SIGKILL)
    events["killed"] = (time.time() - start_at, victims[0])
    time.sleep(max(0.0, start_at + CUT_AT - time.time()))
    proxy.cut()
    events["cut"] = time.time() - start_at
    time.sleep(outage)
    proxy.restore()
    events["restored"] = time.time() - start_at
    log = []
    for _ in devices:
        log.extend(queue.get(timeout=seconds + 60))
    for d in devices:
        d.join(timeout=30)
    events["workers_after"] = len(workers_of(server.pid))
    return log, events


def verify(log, events):
    from django.db.models import Count

    from tournament.models import Match, ResultVersion

    problems = []
    acked = {m for m, status, *_ in log if status == 200}
    tried = {m for m, *_ in log}
    versions = dict(ResultVersion.objects.filter(match_id__in=tried).values_list("match_id")
                    .annotate(n=Count("id")).values_list("match_id", "n"))
    good = set(Match.objects.filter(pk__in=acked, version=1, status="entered")
               .values_list("pk", flat=True))
    lost = sorted(m for m in acked if m not in good or versions.get(m) != 1)
    if lost:
        problems.append(f"{len(lost)} acknowledged results not stored once, e.g. {lost[:5]}")
    twice = [m for m, n in versions.items() if n != 1]
    if twice:
        problems.append(f"{len(twice)} boards with more than one stored version")
    stored = set(versions)
    five_hundreds = [e for e in log if e[1] == 500]
    if five_hundreds:
        problems.append(f"{len(five_hundreds)} answers were 500")
    cut, restored = events["cut"], events["restored"]
    inside = [e for e in log if e[3] >= cut and e[4] <= restored]
    wrong = [e for e in inside if e[1] != 503 or not e[2]]
    if wrong:
        problems.append(f"{len(wrong)} answers inside the outage were not 503 with "
                        f"Retry-After, e.g. {wrong[:3]}")
    if not inside:
        problems.append("no request was made and answered inside the outage")
    after = [e for e in log if e[3] >= restored + SETTLE]
    not_ok = [e for e in after if e[1] not in (200, 409)]
    if not_ok:
        problems.append(f"{len(not_ok)} answers after the database came back were not "
                        f"200/409, e.g. {not_ok[:3]}")
    if not [e for e in after if e[1] == 200]:
        problems.append("no result was stored after the database came back")
    return problems, {"acked": acked, "stored": stored, "inside": inside, "after": after}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=20, help="length of the load")
    parser.add_argument("--outage", type=float, default=5, help="seconds the database is cut")
    args = parser.parse_args()
    if not (2 <= args.players <= 2000 and 1 <= args.rounds <= 9 and 1 <= args.clients <= 40
            and 2 <= args.workers <= 9 and CUT_AT + args.outage + SETTLE + 2 <= args.seconds
            <= 120 and 1 <= args.outage <= 30):
        parser.error("keep it bounded: 2-2000 players, 1-9 rounds, 1-40 clients, 2-9 "
                     "workers, a 1-30 s outage ending at least 4 s before the load (<= 120 s)")

    server = proxy = None
    try:
        common.fresh_database(DB)  # this process reads PostgreSQL directly, not by the proxy
        from django.db import connections

        _, keys, boards = build_event(args.players, args.rounds, args.clients)
        connections.close_all()
        print(f"event: {args.players} players, {len(boards)} boards, {args.clients} clients")

        proxy = Proxy()
        port = common.free_port()
        server = start_server(port, args.workers, proxy.port)
        print(f"server: gunicorn -w {args.workers} on :{port}, PostgreSQL through the "
              f"proxy on :{proxy.port}")
        log, events = run_load(port, keys, boards, args.seconds, proxy, server, args.outage)
        problems, seen = verify(log, events)

        statuses = collections.Counter(str(e[1]) for e in log)
        t_kill, pid = events["killed"]
        print(f"faults: worker {pid} SIGKILLed at {t_kill:.1f} s; database cut "
              f"{events['cut']:.1f}-{events['restored']:.1f} s; "
              f"{events['workers_after']} workers at the end")
        print(f"requests: {len(log)} "
              f"({', '.join(f'{k}: {v}' for k, v in sorted(statuses.items()))})")
        dropped = [(round(e[3], 2), round(e[4], 2), e[1]) for e in log if isinstance(e[1], str)]
        if dropped:
            print(f"  no answer (sent, given up, why): {dropped[:8]}")
        print(f"results: {len(seen['acked'])} acknowledged (200), {len(seen['stored'])} stored, "
              f"{len(seen['acked'] - seen['stored'])} acknowledged but missing, "
              f"{len(seen['stored'] - seen['acked'])} stored without a 200 seen "
              "(answered 409 on a resend, or cut off)")
        retry = collections.Counter(e[2] for e in seen["inside"])
        print(f"outage: {len(seen['inside'])} requests made and answered inside it: "
              f"{sum(1 for e in seen['inside'] if e[1] == 503)} were 503 "
              f"(Retry-After {dict(retry)})")
        back = [e for e in log if e[3] >= events["restored"] and e[1] == 200]
        first = min((e[4] for e in back), default=float("nan")) - events["restored"]
        print(f"recovery: first 200 {first:.2f} s after the database came back; "
              f"{len(seen['after'])} requests from {SETTLE:.0f} s after, "
              f"{sum(1 for e in seen['after'] if e[1] == 200)} answered 200")
        print(f"server log: {LOG}")
        print("check: every acknowledged result stored, no 500, 503 + Retry-After in the "
              "outage" if not problems else "check FAILED: " + "; ".join(problems))
        return 1 if problems else 0
    finally:
        common.stop(server)
        if proxy is not None:
            proxy.stop()
        common.drop_database(DB)


if __name__ == "__main__":
    sys.exit(main())
