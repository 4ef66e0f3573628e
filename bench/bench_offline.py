"""The phone's side of offline entry (docs/offline.md), measured in this machine's Chromium
against the production stack (collectstatic, WhiteNoise's compressed files, gunicorn):

- what the phone downloads once: every file the service worker keeps, as WhiteNoise
  sends it (brotli or gzip where it compresses), and as stored;
- the time from opening a board's page to the rules engine being ready: the first visit
  (nothing kept yet) and a later one (everything from the worker's cache);
- the time to check one play-by-play match in the browser (scoring.validate in Pyodide),
  and one entry form with play-by-play (record.check: build, check_record, messages).

Run: .venv/bin/python bench/bench_offline.py  (needs PostgreSQL, /usr/bin/chromium, npm ci)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import common  # noqa: E402

DB = f"bench_offline_{os.getpid()}"
PASSWORD = "bench-offline-pw-1"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update"]


def prepare():
    from django.contrib.auth.models import User

    from tournament.actions import events
    from tournament.models import Entrant, Match, Official, Round

    director = User.objects.create_user("dora")
    arbiter = User.objects.create_user("arnie", password=PASSWORD)
    t = events.create_tournament(director, name="Bench Open")
    Official.objects.create(tournament=t, user=arbiter, role=Official.Role.ARBITER)
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    a = Entrant.objects.create(tournament=t, number=1, name="Ann Lee")
    b = Entrant.objects.create(tournament=t, number=2, name="Bo Park")
    return Match.objects.create(round=r1, board=1, side0=a, side1=b).pk


def kept_bytes(base: str) -> tuple[int, int, list[str]]:
    first = urllib.request.urlopen(base + "/sw.js").read().decode().splitlines()[0]
    urls = json.loads(first[len("self.OFFLINE = "):-1])["precache"]
    sent = stored = 0
    for url in urls:
        request = urllib.request.Request(base + url, headers={"Accept-Encoding": "br, gzip"})
        with urllib.request.urlopen(request) as r:
            sent += len(r.read())
        with urllib.request.urlopen(base + url) as r:
            stored += len(r.read())
    return sent, stored, urls


def wait_for(page, function, seconds=120):
    """Until `function` answers true (not wait_for_function: its eval breaks the CSP)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(function):
        if time.monotonic() > deadline:
            raise SystemExit(f"still false after {seconds} s: {function}")
        time.sleep(0.05)


def engine_ready_ms(page, url: str) -> float:
    """From the page's start to the engine ready: the worker's message is noted on the
    page, so polling here does not add to the figure."""
    page.goto(url)
    wait_for(page, "() => document.documentElement.dataset.engine === 'ready'")
    return page.evaluate("() => Number(document.documentElement.dataset.engineAt)")


def main():
    common.fresh_database(DB)
    server = None
    try:
        match_id = prepare()
        port = common.free_port()
        env = common.server_env(os.environ["DATABASE_URL"], LOCAL_DEV="0",
                                SECURE_COOKIES="0", SECURE_SSL_REDIRECT="0",
                                SECURE_HSTS_SECONDS="0")
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                       cwd=common.ROOT, env=env, check=True)
        server, _ = common.start_gunicorn(port, 3, env)
        base = f"http://{common.HOST}:{port}"
        sent, stored, urls = kept_bytes(base)
        print(f"kept by the worker: {len(urls)} files, {sent:,} bytes sent "
              f"(compressed), {stored:,} bytes stored")
        measure(base, match_id)
    finally:
        common.stop(server)
        common.drop_database(DB)


def measure(base: str, match_id: int):
    from playwright.sync_api import sync_playwright

    from scoring import simulate as sim
    from tournament.entry.record.check import table_json
    from tournament.entry.record.form import Table
    from tournament.entry.record.read import form_data

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(base + "/accounts/login/")
        page.get_by_label("Username").fill("arnie")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_load_state()
        board = f"{base}/arbiter/match/{match_id}/"
        first = engine_ready_ms(page, board)
        wait_for(page, "() => navigator.serviceWorker.controller !== null")
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        later = [engine_ready_ms(page, board) for _ in range(5)]
        print(f"page opened -> engine ready: first visit {first:,.0f} ms; later visits "
              f"(from the worker's cache) median {statistics.median(later):,.0f} ms "
              f"(of {len(later)}: {', '.join(f'{x:,.0f}' for x in later)})")
        matches = [sim.play_match(seed) for seed in range(40)]
        ms = page.evaluate("""async (records) => {
          const out = [];
          for (const record of records) {
            const t0 = performance.now();
            await window.EntryCheck.ask({op: "validate", record});
            out.push(performance.now() - t0);
          }
          return out;
        }""", matches)
        table = Table()
        forms = [form_data("played", None, m, table) for m in matches]
        check_ms = page.evaluate("""async ([forms, table]) => {
          const out = [];
          for (const fields of forms) {
            const t0 = performance.now();
            await window.EntryCheck.ask({op: "check", fields, table});
            out.push(performance.now() - t0);
          }
          return out;
        }""", [forms, table_json(table)])
        print(f"one play-by-play match checked in the browser (validate, round trip to the "
              f"worker): median {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms "
              f"of {len(ms)}")
        print(f"one entry form with play-by-play checked (build, validate, messages): "
              f"median {statistics.median(check_ms):.1f} ms, max {max(check_ms):.1f} ms")
        browser.close()


if __name__ == "__main__":
    main()
