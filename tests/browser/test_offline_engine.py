"""The rules engine on the phone (MicroPython in a module Web Worker, static/js/engine.mjs)
gives the server's verdicts in this machine's Chromium: the same whole report as
scoring.validate for 216 records (legal and broken, mso and bndcc singles and pairs, at
play, hand and score depth), and the same field messages as the server's form for entry
forms typed wrong (tests/offline/test_phone_engine.py holds the same engine, in node, to
2,000 more records)."""

import json

import pytest
from django.templatetags.static import static

from scoring import validate
from tests.offline_records import records
from tournament.entry.record.check import check, table_json
from tournament.entry.record.form import Table
from tournament.entry.record.read import form_data
from tournament.offline.bundle import engine_bundle

from .test_walkthrough import PHONE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

START = """async ([engine, worker_url, micropython, wasm]) => {
  const worker = new Worker(worker_url, {type: "module"});
  const t0 = performance.now();
  const ready = await new Promise((resolve, reject) => {
    worker.onmessage = (e) => e.data.ready ? resolve(e.data) : reject(e.data.failed);
    worker.postMessage({init: {micropython, wasm, engine}});
  });
  let next = 1;
  window.engineAsk = (message) => new Promise((resolve) => {
    const id = next++;
    const listen = (e) => {
      if (e.data.id === id) { worker.removeEventListener("message", listen); resolve(e.data); }
    };
    worker.addEventListener("message", listen);
    worker.postMessage({...message, id});
  });
  worker.onmessage = null;
  return {ms: performance.now() - t0, worker_ms: ready.ms};
}"""

ASK_ALL = """async (messages) => {
  const out = [];
  for (const m of messages) { out.push(await window.engineAsk(m)); }
  return out;
}"""


def start_engine(page, base):
    page.goto(f"{base}/")
    return page.evaluate(START, [f"/offline/engine-{engine_bundle()[1]}.json",
                                 static("js/engine.mjs"),
                                 static("micropython/micropython.mjs"),
                                 static("micropython/micropython.wasm")])


def test_same_reports_as_the_server_for_216_records(browser, live_server):
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    timing = start_engine(page, live_server.url)
    cases = records()
    assert len(cases) >= 200
    legal = sum(1 for _, r in cases if validate(r)["valid"])
    assert 50 < legal < len(cases) - 50  # both kinds, plenty of each
    answers = page.evaluate(ASK_ALL, [{"op": "validate", "record": r} for _, r in cases])
    for (label, record), got in zip(cases, answers, strict=True):
        assert "error" not in got, (label, got)
        # JSON both ways: the phone's report is JSON, so compare the server's as JSON.
        assert got["result"] == json.loads(json.dumps(validate(record))), label
    play_ms = [a["ms"] for (label, _), a in zip(cases, answers, strict=True)
               if label.endswith("plays")]
    print(f"\nengine ready in {timing['ms']:.0f} ms; a play-by-play match checked in "
          f"{sorted(play_ms)[len(play_ms) // 2]:.1f} ms (median of {len(play_ms)})")


def test_same_form_messages_as_the_server(browser, live_server):
    """Forms typed from records (the stored-result form), some broken: the phone's
    check gives what the server's record.check gives (tests/arbiter checks that
    the server's form says the same)."""
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    start_engine(page, live_server.url)
    asks, expected = [], []
    for label, record in records(per_ruleset=3):
        seats = len(record["players"])
        table = Table(ruleset=record["ruleset"], seats=seats, names=("Ann", "Bo"),
                      first_set_starter=record["first_set_starter"],
                      members=(("Ann Lee", "Cy Dee"), ("Bo Park", "Di Fox")) if seats == 4
                      else None)
        fields = form_data("played", None, record, table)
        if "broken" in label:
            fields["s1_a"] = "61"
            fields["s1_b"] = "61"
        asks.append({"op": "check", "fields": fields, "table": table_json(table)})
        expected.append((label, json.loads(json.dumps(check(fields, table_json(table))))))
    answers = page.evaluate(ASK_ALL, asks)
    refused = 0
    for (label, want), got in zip(expected, answers, strict=True):
        assert got["result"] == want, label
        refused += want["valid"] is False
        if "broken" in label:  # refused, or a number only Django's form words (unchecked)
            assert want["valid"] is False or not want["checked"], label
    assert refused >= len(expected) // 3


CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
       "connect-src 'self'; object-src 'none'")


def test_the_engine_starts_under_a_strict_content_security_policy(browser, live_server):
    """No eval beyond WebAssembly's: the policy the site sends (django-csp) with only
    'wasm-unsafe-eval' added lets MicroPython start and check a record."""
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    violations = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text else None)

    def with_csp(route):
        response = route.fetch()
        route.fulfill(response=response,
                      headers={**response.headers, "content-security-policy": CSP})

    page.route("**/static/js/engine.mjs", with_csp)
    page.route(f"{live_server.url}/", with_csp)
    start_engine(page, live_server.url)
    record = records(per_ruleset=1)[0][1]
    got = page.evaluate(ASK_ALL, [{"op": "validate", "record": record}])[0]
    assert got["result"] == json.loads(json.dumps(validate(record)))
    assert not violations, violations


def two_boards():
    """An arbiter's event with a published round of two boards."""
    from django.contrib.auth.models import User

    from tournament.actions import events
    from tournament.models import Entrant, Match, Official, Round

    from .test_walkthrough import PASSWORD

    director = User.objects.create_user("dora")
    arbiter = User.objects.create_user("arnie", password=PASSWORD)
    t = events.create_tournament(director, name="Pub League Open")
    Official.objects.create(tournament=t, user=arbiter, role=Official.Role.ARBITER)
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    people = [Entrant.objects.create(tournament=t, number=n + 1, name=name)
              for n, name in enumerate(["Ann Lee", "Bo Park", "Cy Dee", "Di Fox"])]
    boards = [Match.objects.create(round=r1, board=b + 1, side0=people[2 * b],
                                   side1=people[2 * b + 1]) for b in (0, 1)]
    return t, boards


def board_opener(page, base):
    from .test_offline import ENGINE_READY, wait_for

    def open_board(match):
        page.goto(f"{base}/arbiter/match/{match.pk}/")
        wait_for(page, ENGINE_READY)
        return page.evaluate("() => ({...document.documentElement.dataset})")
    return open_board


def arbiter_on_a_phone(browser, live_server):
    """(event, its two boards, a phone's page with the arbiter signed in, the site's
    address, open_board: a board opened, its engine ready)."""
    from .test_walkthrough import sign_in

    t, boards = two_boards()
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    base = live_server.url
    sign_in(page, base, "arnie")
    return t, boards, page, base, board_opener(page, base)


def test_the_engine_starts_once_per_visit(browser, live_server):
    """Board A, then board B, then the round's boards and board A again: every entry page
    talks to the engine the first one started (a shared worker that outlives each page),
    ready as the page is; only the first page waits for MicroPython to start."""
    from .test_offline import CONTROLLED, wait_for

    t, boards, page, base, open_board = arbiter_on_a_phone(browser, live_server)

    first = open_board(boards[0])
    assert first["engineHost"] == "shared"
    assert first["engineWarm"] == "false"
    wait_for(page, "() => navigator.serviceWorker.ready.then(r => r.active !== null)")
    if not page.evaluate(CONTROLLED):
        # The service worker installed after the page's engine started (a slow first
        # visit: the engine waits 5 s at most), so it did not claim this page: the next
        # page is its own. Still the same engine there.
        assert open_board(boards[0])["engineId"] == first["engineId"]
    wait_for(page, CONTROLLED)
    seen = [open_board(boards[1]), open_board(boards[0])]
    page.goto(f"{base}/arbiter/{t.slug}/round/1/")  # a page without the engine between
    seen.append(open_board(boards[1]))
    for n, later in enumerate(seen, start=2):
        assert later["engineId"] == first["engineId"], later  # the same start of the engine
        assert later["engineWarm"] == "true"
        assert int(later["enginePages"]) >= n
    # Still the server's answers from the shared engine.
    record = records(per_ruleset=1)[0][1]
    got = page.evaluate("""(record) => window.EntryCheck.ask({op: "validate", record})""",
                        record)
    assert got["result"] == json.loads(json.dumps(validate(record)))


def test_without_shared_workers_each_page_has_its_own_engine(browser, live_server):
    """A browser without SharedWorker: a dedicated module worker per page, as before,
    giving the same answers."""
    from .test_walkthrough import sign_in

    _, boards = two_boards()
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    page.add_init_script("delete window.SharedWorker;")
    base = live_server.url
    sign_in(page, base, "arnie")
    open_board = board_opener(page, base)
    a, b = open_board(boards[0]), open_board(boards[1])
    assert a["engineHost"] == b["engineHost"] == "dedicated"
    assert a["engineId"] != b["engineId"] and b["engineWarm"] == "false"
    record = records(per_ruleset=1)[0][1]
    got = page.evaluate("""(record) => window.EntryCheck.ask({op: "validate", record})""",
                        record)
    assert got["result"] == json.loads(json.dumps(validate(record)))


def test_a_page_the_worker_missed_is_taken_at_once(browser, live_server):
    """A page that opened while the service worker was becoming active (the official
    signed in and tapped a board at once) is not among the pages the worker claimed as it
    activated: the page asks it to take it (offline.js), so the page is kept and its
    engine starts at once, not after the 5 s the engine waits for the worker. A reload
    that bypasses the worker (Chromium's hard reload) opens such a page every time."""
    from .test_offline import CONTROLLED, wait_controlled, wait_for

    _, boards, page, _, open_board = arbiter_on_a_phone(browser, live_server)
    open_board(boards[0])
    wait_controlled(page)
    with page.expect_event("load"):
        page.context.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})
    # Taken within a few seconds, and the engine started without the 5 s wait.
    wait_for(page, CONTROLLED, seconds=4)
    wait_for(page, "() => document.documentElement.dataset.engine === 'ready'", seconds=4)
    assert int(page.evaluate("() => document.documentElement.dataset.engineAt")) < 4000
