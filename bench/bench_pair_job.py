"""Pairing a big round from the director's screen, under gunicorn's default timeout.

Usage: .venv/bin/python bench/bench_pair_job.py [--players 1000]

1. creates the database `fives_bench_pair` on 127.0.0.1:5432 (user postgres) and builds an
   event of --players players with four finished rounds (tournament/demo/generate.py) and a
   director;
2. starts gunicorn (5 sync workers, gunicorn's default 30 s worker timeout) and the task
   worker (`manage.py task_worker`) against it, as docs/deploy.md runs them;
3. signs in as the director through the sign-in page, presses "Pair round 5" (a POST to
   /manage/<slug>/rounds/pair/ with the CSRF token), follows the redirect to the job's
   progress page and polls its status.json until the job is finished;
4. prints how long the POST took (it only enqueues), how long the job ran, and checks that
   round 5 exists as a draft with every player on a board; stops both and drops the
   database. Exits 1 when a check fails. Every request goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import secrets
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import common  # noqa: E402
from common import HOST, PG  # noqa: E402

DB = "fives_bench_pair"
SLUG = "bench"
JOB_LIMIT = 600  # seconds: give up waiting for the job after this


class Browser:
    """One signed-in person: keeps the cookies, one request at a time."""

    def __init__(self, port):
        self.port, self.cookies = port, SimpleCookie()

    def request(self, method, path, form=None):
        conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v.value}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body, headers)
        response = conn.getresponse()
        content = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.cookies.load(header)
        conn.close()
        return response.status, response.headers, content

    def csrf(self):
        return self.cookies["csrftoken"].value


def build(players, password):
    from django.contrib.auth.models import User

    from tournament.demo.generate import generate_event
    from tournament.models import Official, Tournament

    event = generate_event(players, 4, slug=SLUG, bulk=True)
    Tournament.objects.filter(pk=event.pk).update(rounds_planned=5)
    director = User.objects.create_user("bench-director", password=password)
    Official.objects.create(tournament=event, user=director, role=Official.Role.DIRECTOR)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    args = parser.parse_args()
    if not 2 <= args.players <= 4000:
        parser.error("keep it bounded: 2-4000 players")

    procs = []
    try:
        env = common.server_env(f"{PG}/{DB}", AXES_ENABLED="0", REVISION_CACHE_DIR=str(
            ROOT / "var" / "cache" / "bench-pair-revisions"))
        common.fresh_database(DB)
        from django.db import connections

        from tournament.models import Round

        password = secrets.token_hex(8)
        build(args.players, password)
        connections.close_all()

        port = common.free_port()
        procs.append(common.start_gunicorn(port, 5, env)[0])
        procs.append(subprocess.Popen(
            [str(ROOT / ".venv/bin/python"), "manage.py", "task_worker", "--interval", "0.5",
             "--verbosity", "0"], cwd=ROOT, env=env))
        print(f"event: {args.players} players, four finished rounds; gunicorn -w 5 (default "
              "30 s timeout) and manage.py task_worker on PostgreSQL")
        me = Browser(port)
        me.request("GET", "/accounts/login/")
        status, headers, _ = me.request("POST", "/accounts/login/", {
            "username": "bench-director", "password": password,
            "csrfmiddlewaretoken": me.csrf()})
        if status != 302:
            raise SystemExit(f"signing in answered {status}")
        me.request("GET", f"/manage/{SLUG}/")
        started = time.perf_counter()
        status, headers, _ = me.request("POST", f"/manage/{SLUG}/rounds/pair/",
                                        {"csrfmiddlewaretoken": me.csrf()})
        posted = time.perf_counter() - started
        job_page = headers.get("Location", "")
        if status != 302 or not re.fullmatch(r"/manage/jobs/[0-9a-f-]+/", job_page):
            raise SystemExit(f"'Pair round 5' answered {status} -> {job_page!r}")
        print(f"'Pair round 5': answered in {posted * 1000:.0f} ms, redirect to {job_page}")
        status, _, page = me.request("GET", job_page)
        print(f"progress page: {status}, says "
              f"{re.search(rb'id=.job-label.>([^<]+)<', page).group(1).decode()!r}")
        state, polls = {}, 0
        while time.perf_counter() - started < JOB_LIMIT:
            time.sleep(2)
            polls += 1
            _, _, body = me.request("GET", job_page + "status.json")
            state = json.loads(body)
            if state["finished"]:
                break
        took = time.perf_counter() - started
        print(f"job: {state.get('status')} after {took:.1f} s ({polls} polls of status.json): "
              f"{state.get('message')!r}")
        problems = []
        if state.get("status") != "done":
            problems.append(f"the job did not finish well: {state}")
        else:
            round5 = Round.objects.get(tournament__slug=SLUG, number=5)
            seated = sum(2 if m.side1_id else 1 for m in round5.matches.all())
            if round5.status != Round.Status.DRAFT or seated != args.players:
                problems.append(f"round 5 is {round5.status} with {seated} players seated")
            status, _, _ = me.request("GET", state["result_url"])
            if status != 200:
                problems.append(f"the round page answered {status}")
        print("check: round 5 is a draft with every player on a board" if not problems
              else "check FAILED: " + "; ".join(problems))
        return 1 if problems else 0
    finally:
        common.stop(*procs, seconds=60)
        common.drop_database(DB)


if __name__ == "__main__":
    sys.exit(main())
