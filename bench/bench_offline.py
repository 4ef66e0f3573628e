"""The phone's side of offline entry (docs/offline.md), measured in this machine's Chromium
against the production stack (collectstatic, WhiteNoise's compressed files, gunicorn):

- what the phone downloads once: every file the service worker keeps, as WhiteNoise
  sends it (brotli or gzip where it compresses), and as stored;
- the time from opening a board's page to the rules engine being ready: the first visit
  (nothing kept yet), the same board again (everything from the worker's cache), and
  board to board (open board A, then board B: B's time), each beside the page's own
  DOMContentLoaded; and how many times the engine started over those pages (once per
  visit: every page after the first talks to the shared worker's engine, by its id);
- the time to check one play-by-play match in the browser (scoring.validate, the round
  trip to the worker, and the engine's own time there), and one entry form with
  play-by-play (record.check: build, check_record, messages).

Each twice: as it is, and with the CPU throttled 4x through the DevTools protocol (a
mid-range phone). Chromium throttles a page's main thread only (a worker, dedicated or
shared, answers "Operation is only supported for pages, not workers"), so the throttled
run also starts the same engine module (static/js/engine.mjs) on the page itself, where
the throttling holds: its start and its checks there are the throttled engine's figures.

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
    names = ["Ann Lee", "Bo Park", "Cy Dee", "Di Fox"]
    people = [Entrant.objects.create(tournament=t, number=i + 1, name=n)
              for i, n in enumerate(names)]
    return [Match.objects.create(round=r1, board=1, side0=people[0], side1=people[1]).pk,
            Match.objects.create(round=r1, board=2, side0=people[2], side1=people[3]).pk]


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


def open_board(page, url: str) -> dict:
    """The engine's ready time on this page, the page's own (DOMContentLoaded), and which
    start of the engine it talks to (its id, and whether it was already running)."""
    page.goto(url)
    wait_for(page, "() => document.documentElement.dataset.engine === 'ready'")
    return page.evaluate("""() => {
      const d = document.documentElement.dataset;
      const nav = performance.getEntriesByType("navigation")[0];
      return {ready: Number(d.engineAt), page: nav.domContentLoadedEventEnd,
              id: d.engineId || "", warm: d.engineWarm === "true", host: d.engineHost || ""};
    }""")


def listed(visits: list[dict]) -> str:
    return ", ".join(f"{v['ready']:,.0f}" for v in visits)


def starts(visits: list[dict]) -> str:
    """How many times the engine started over these pages (distinct starts, by id)."""
    ids = {v["id"] for v in visits}
    warm = sum(v["warm"] for v in visits)
    return (f"engine started {len(ids)} time{'s' if len(ids) != 1 else ''} over "
            f"{len(visits)} pages ({warm} found it running; host: "
            f"{', '.join(sorted({v['host'] for v in visits}))})")


def main():
    common.fresh_database(DB)
    server = None
    try:
        match_ids = prepare()
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
        for rate in (1, 4):
            measure(base, match_ids, rate)
    finally:
        common.stop(server)
        common.drop_database(DB)


ON_PAGE = """async ([records, forms, table]) => {
  const me = document.getElementById("entry-check-script").dataset;
  const t0 = performance.now();
  const {startEngine} = await import(me.worker);
  const bundle = await (await fetch(me.engine)).json();
  const engine = await startEngine(me.micropython, me.wasm, bundle.files);
  const start = performance.now() - t0;
  const validate = [], check = [];
  for (const record of records) {
    const t = performance.now();
    engine.validate(JSON.stringify(record));
    validate.push(performance.now() - t);
  }
  for (const fields of forms) {
    const t = performance.now();
    engine.check(JSON.stringify(fields), JSON.stringify(table));
    check.push(performance.now() - t);
  }
  return {start, validate, check};
}"""


def summary(values: list[float]) -> str:
    return (f"median {statistics.median(values):,.1f} ms, max {max(values):,.1f} ms "
            f"of {len(values)}")


def measure(base: str, match_ids: list[int], rate: int):
    from playwright.sync_api import sync_playwright

    from scoring import simulate as sim
    from tournament.entry.record.check import table_json
    from tournament.entry.record.form import Table
    from tournament.entry.record.read import form_data

    mode = "as it is" if rate == 1 else f"CPU throttled {rate}x"
    print(f"-- {mode}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        if rate != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(base + "/accounts/login/")
        page.get_by_label("Username").fill("arnie")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_load_state()
        board_a, board_b = (f"{base}/arbiter/match/{m}/" for m in match_ids)
        first = open_board(page, board_a)
        wait_for(page, "() => navigator.serviceWorker.ready.then(r => r.active !== null)")
        if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
            page.reload()  # installed after the page opened: the next page is the worker's
        wait_for(page, "() => navigator.serviceWorker.controller !== null")
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        later = [open_board(page, board_a) for _ in range(5)]
        print(f"page opened -> engine ready: first visit {first['ready']:,.0f} ms (the page "
              f"itself {first['page']:,.0f} ms); the same board again median "
              f"{statistics.median(v['ready'] for v in later):,.0f} ms (of {len(later)}: "
              f"{listed(later)}; "
              f"the page itself median {statistics.median(v['page'] for v in later):,.0f} ms)")
        hops = []
        for _ in range(3):
            open_board(page, board_a)
            hops.append(open_board(page, board_b))
        print(f"board to board (board A open, then board B): B ready median "
              f"{statistics.median(v['ready'] for v in hops):,.0f} ms (of {len(hops)}: "
              f"{listed(hops)}; "
              f"the page itself median {statistics.median(v['page'] for v in hops):,.0f} ms)")
        print(f"once per visit: {starts(later + hops)}, after the first visit's start")
        matches = [sim.play_match(seed) for seed in range(40)]
        asked = page.evaluate("""async (records) => {
          const out = [];
          for (const record of records) {
            const t0 = performance.now();
            const d = await window.EntryCheck.ask({op: "validate", record});
            out.push([performance.now() - t0, d.ms]);
          }
          return out;
        }""", matches)
        ms = [a[0] for a in asked]
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
        own = [a[1] for a in asked]
        print(f"one play-by-play match checked in the worker (validate, round trip): "
              f"{summary(ms)}; the engine's own time there {summary(own)}")
        print(f"one entry form with play-by-play checked in the worker (build, validate, "
              f"messages): {summary(check_ms)} (typed on a board whose first starter is "
              f"not the match's: refused, a few hundred messages each)")
        # The common case: the board's own format, each form valid.
        valid = [(form_data("played", None, m, t), table_json(t))
                 for m in matches for t in [Table(first_set_starter=m["first_set_starter"])]]
        valid_ms = page.evaluate("""async (pairs) => {
          const out = [];
          for (const [fields, table] of pairs) {
            const t0 = performance.now();
            await window.EntryCheck.ask({op: "check", fields, table});
            out.push(performance.now() - t0);
          }
          return out;
        }""", valid)
        print(f"one valid entry form with play-by-play checked in the worker: "
              f"{summary(valid_ms)}")
        if rate != 1 and page.evaluate(
                "() => 'micropython' in document.getElementById('entry-check-script').dataset"):
            on_page = page.evaluate(ON_PAGE, [matches, forms, table_json(table)])
            print(f"the engine on the throttled page: started in {on_page['start']:,.0f} ms "
                  f"(import, files, MicroPython, the engine's imports); one play-by-play "
                  f"match checked {summary(on_page['validate'])}; one entry form "
                  f"{summary(on_page['check'])}")
        browser.close()


if __name__ == "__main__":
    main()
