"""The phone's side of offline entry (docs/offline.md), measured in this machine's Chromium
against the production stack (collectstatic, WhiteNoise's compressed files, gunicorn):

- what the phone downloads once: every file the service worker keeps, as WhiteNoise
  sends it (brotli or gzip where it compresses), and as stored;
- the time from opening a board's page to the rules engine being ready: the first visit
  (nothing kept yet), the same board again (everything from the worker's cache), and
  board to board (open board A, then board B: B's time);
- the time to check one play-by-play match in the browser (scoring.validate, the round
  trip to the worker), and one entry form with play-by-play (record.check: build,
  check_record, messages).

Each twice: as it is, and with the CPU throttled 4x through the DevTools protocol (a
mid-range phone). Chromium throttles a page's main thread only (a worker answers
"Operation is only supported for pages, not workers"), so the throttled run also starts
the same engine module (static/js/engine.mjs) on the page itself, where the throttling
holds: its start and its checks there are the throttled engine's figures.

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
        first = engine_ready_ms(page, board_a)
        wait_for(page, "() => navigator.serviceWorker.ready.then(r => r.active !== null)")
        if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
            page.reload()  # installed after the page opened: the next page is the worker's
        wait_for(page, "() => navigator.serviceWorker.controller !== null")
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        later = [engine_ready_ms(page, board_a) for _ in range(5)]
        print(f"page opened -> engine ready: first visit {first:,.0f} ms; the same board "
              f"again (from the worker's cache) median {statistics.median(later):,.0f} ms "
              f"(of {len(later)}: {', '.join(f'{x:,.0f}' for x in later)})")
        hops = []
        for _ in range(3):
            engine_ready_ms(page, board_a)
            hops.append(engine_ready_ms(page, board_b))
        print(f"board to board (board A open, then board B): B ready median "
              f"{statistics.median(hops):,.0f} ms (of {len(hops)}: "
              f"{', '.join(f'{x:,.0f}' for x in hops)})")
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
        print(f"one play-by-play match checked in the worker (validate, round trip): "
              f"{summary(ms)}")
        print(f"one entry form with play-by-play checked in the worker (build, validate, "
              f"messages): {summary(check_ms)}")
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
