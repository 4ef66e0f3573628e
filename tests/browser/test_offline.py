"""Done when (issue 19): on a phone-sized screen with the network cut, an arbiter enters
three results: one is refused on the phone by the rules engine with the server's own
message, two are queued; the page is reloaded offline; the network returns and the two
are stored once each."""

import re
import time

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tournament.actions import events
from tournament.models import Entrant, Match, Official, ResultVersion, Round

from .test_walkthrough import PASSWORD, PHONE, new_page, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REFUSED = {"s1_a": "61", "s1_b": "61", "s2_a": "40", "s2_b": "61"}
GOOD = {2: {"s1_a": "61", "s1_b": "40", "s2_a": "61", "s2_b": "52"},
        3: {"s1_a": "30", "s1_b": "61", "s2_a": "61", "s2_b": "58", "s3_a": "44", "s3_b": "61"}}


@pytest.fixture
def hall(db):
    director = User.objects.create_user("dora", password=PASSWORD)
    arbiter = User.objects.create_user("arnie", password=PASSWORD)
    t = events.create_tournament(director, name="Pub League Open")
    Official.objects.create(tournament=t, user=arbiter, role=Official.Role.ARBITER)
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    names = ["Ann Lee", "Bo Park", "Cy Dee", "Di Fox", "Ed Roe", "Flo Bax"]
    people = [Entrant.objects.create(tournament=t, number=n + 1, name=name)
              for n, name in enumerate(names)]
    boards = {b: Match.objects.create(round=r1, board=b, side0=people[2 * b - 2],
                                      side1=people[2 * b - 1]) for b in (1, 2, 3)}
    return {"t": t, "arbiter": arbiter, "boards": boards}


def server_messages(arbiter, match, fields):
    """What the server's own form says at set 1 for the same typing."""
    client = Client()
    client.force_login(arbiter)
    page = client.post(reverse("arbiter:match", args=[match.pk]),
                       {"action": "enter", "version": match.version, "outcome": "played",
                        **fields}).content.decode()
    found = re.search(r'<ul class="errorlist" id="s1-errors">(.*?)</ul>', page, re.S)
    return [re.sub(r"<.*?>", "", li).strip() for li in found.group(1).split("</li>") if
            li.strip()]


def wait_for(page, function, seconds=60):
    """Until the JavaScript `function` (an arrow function, maybe async) answers true. Not
    wait_for_function: Playwright compiles its predicate with eval, which the site's
    Content-Security-Policy forbids; evaluate() calls a function without it."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(function):
        assert time.monotonic() < deadline, (
            f"still false after {seconds} s: {function}\nservice worker: "
            f"{page.evaluate(WORKER_STATE)}")
        time.sleep(0.2)


# Where the page's service worker stands (said when a wait fails).
WORKER_STATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const state = w => w ? w.state : null;
  return JSON.stringify({url: location.href, controller: !!navigator.serviceWorker.controller,
    registration: reg ? {scope: reg.scope, installing: state(reg.installing),
                         waiting: state(reg.waiting), active: state(reg.active)} : null,
    caches: await caches.keys()});
}"""


ENGINE_READY = "() => document.documentElement.dataset.engine === 'ready'"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
ACTIVE = "() => navigator.serviceWorker.ready.then(r => r.active !== null)"


def wait_controlled(page):
    """Until the service worker serves this page. A worker that finished installing after
    the page's engine started (a slow first visit: the engine waits 5 s at most for it)
    cannot claim that page in Chromium, and never will: the page is then opened again,
    and the worker, active by now, serves the new one from its first request."""
    wait_for(page, ACTIVE)
    if not page.evaluate(CONTROLLED):
        page.reload()
    wait_for(page, CONTROLLED)


def keep_round(page, round_url):
    """Open the round's boards online: the service worker takes over and keeps the page
    and every board's form."""
    page.goto(round_url)
    wait_controlled(page)
    wait_for(page, """async () => {
      const kept = await (await caches.open("ft-pages")).keys();
      return kept.filter(r => /\\/arbiter\\/match\\/\\d+\\/$/.test(r.url)).length >= 3;
    }""")
    page.reload()  # now under the worker, which keeps this page too


def type_in(page, fields):
    for name, value in fields.items():
        page.locator(f"input[name={name}]").fill(value)
    page.get_by_role("button", name="Store the result").click()


def test_three_results_with_the_network_cut(browser, live_server, hall, a11y):
    base = live_server.url
    boards = hall["boards"]
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    sign_in(page, base, "arnie")
    round_url = f"{base}/arbiter/{hall['t'].slug}/round/1/"
    keep_round(page, round_url)

    page.context.set_offline(True)
    # The worker itself is cut off too: a page it never kept is not there.
    assert page.evaluate("() => fetch('/arbiter/start/').then(r => r.status)") == 503

    href = f"{base}/arbiter/match/{boards[1].pk}/"
    page.goto(href)
    expect(page.get_by_role("heading", name="Board 1")).to_be_visible()
    wait_for(page, ENGINE_READY)
    type_in(page, REFUSED)
    alert = page.locator("p.phone-verdict")
    expect(alert).to_contain_text("The rules engine refused this result")
    phone = page.locator("#s1-errors li").all_inner_texts()
    assert phone and phone == server_messages(hall["arbiter"], boards[1], REFUSED)
    expect(page.locator("input[name=s1_a]")).to_have_value("61")  # the typing is kept

    for number in (2, 3):
        page.goto(f"{base}/arbiter/match/{boards[number].pk}/")
        expect(page.get_by_role("heading", name=f"Board {number}")).to_be_visible()
        wait_for(page, ENGINE_READY)
        type_in(page, GOOD[number])  # checked on the phone: good, so queued
        expect(page).to_have_url(round_url)
        expect(page.locator(".queue-count")).to_have_text(
            re.compile(rf"Saved on this phone, not sent yet: {number - 1} waiting"))

    page.reload()
    expect(page.locator(".queue-count")).to_contain_text(
        "Saved on this phone, not sent yet: 2 waiting")
    expect(page.locator("#offline-queue li.waiting")).to_have_count(2)
    expect(page.locator("a.board .on-phone")).to_have_count(2)  # boards 2 and 3
    assert ResultVersion.objects.count() == 0
    a11y.check(page, "offline-queue-waiting")

    page.context.set_offline(False)
    expect(page.locator(".queue-count")).to_have_text(
        "Everything saved on this phone has been sent.")
    expect(page.locator("#offline-queue li.stored")).to_have_count(2)
    expect(page.locator("#offline-queue")).to_contain_text("Board 2: result stored")
    for number in (2, 3):
        assert ResultVersion.objects.filter(match=boards[number]).count() == 1
        boards[number].refresh_from_db()
        assert boards[number].status == Match.Status.ENTERED
    assert not ResultVersion.objects.filter(match=boards[1]).exists()
    # Sending again (another tab, a later retry) finds nothing waiting: nothing twice.
    page.evaluate("() => self.OfflineSend(true)")
    assert ResultVersion.objects.count() == 2
    a11y.check(page, "offline-queue-sent")
    a11y.assert_clean()


def test_answers_a_conflict_and_a_server_outage(browser, live_server, hall):
    """Queued offline: board 1, which another arbiter stores meanwhile (shown as "someone
    else changed this board" with both versions), and board 2, whose first sending meets a
    503 (kept, and stored at the next try)."""
    base = live_server.url
    boards = hall["boards"]
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    sign_in(page, base, "arnie")
    round_url = f"{base}/arbiter/{hall['t'].slug}/round/1/"
    keep_round(page, round_url)
    page.context.set_offline(True)
    for number in (1, 2):
        page.goto(f"{base}/arbiter/match/{boards[number].pk}/")
        type_in(page, GOOD[2])
        expect(page).to_have_url(round_url, timeout=30_000)  # after the phone's check
    expect(page.locator(".queue-count")).to_contain_text("2 waiting")

    other = User.objects.create_user("bella")
    Official.objects.create(tournament=hall["t"], user=other, role=Official.Role.ARBITER)
    client = Client()
    client.force_login(other)
    client.post(reverse("arbiter:match", args=[boards[1].pk]),
                {"action": "enter", "version": 0, "outcome": "played",
                 "s1_a": "61", "s1_b": "20", "s2_a": "61", "s2_b": "33"})
    assert Match.objects.get(pk=boards[1].pk).version == 1

    outage = {"left": 1}

    def one_503(route):
        if route.request.method == "POST" and f"/match/{boards[2].pk}/" in route.request.url \
                and outage["left"]:
            outage["left"] -= 1
            route.fulfill(status=503, body="Down for a moment", headers={"Retry-After": "1"})
        else:
            route.continue_()

    page.route("**/arbiter/match/**", one_503)
    page.context.set_offline(False)
    conflict = page.locator("#offline-queue li.conflict")
    expect(conflict).to_contain_text("someone else changed this board")
    expect(conflict.locator(".yours")).to_contain_text("sets 61–40, 61–52")
    expect(conflict.locator(".theirs")).to_contain_text("61–20")
    waiting = page.locator("#offline-queue li.waiting")
    expect(waiting).to_contain_text("the server could not take it (503)")
    assert not ResultVersion.objects.filter(match=boards[2]).exists()
    page.get_by_role("button", name="Send now").click()
    expect(page.locator("#offline-queue li.stored")).to_have_count(1)
    assert ResultVersion.objects.filter(match=boards[2]).count() == 1
    assert ResultVersion.objects.filter(match=boards[1]).count() == 1  # theirs alone


def test_kept_pages_are_never_shown_to_someone_else(browser, live_server, hall):
    """Arnie's kept pages go when he signs out and when Bella signs in on the same phone:
    offline, neither she nor a signed-out visitor sees his boards."""
    base = live_server.url
    bella = User.objects.create_user("bella", password=PASSWORD)  # she runs another event
    theirs = events.create_tournament(User.objects.get(username="dora"), name="Other Cup")
    Official.objects.create(tournament=theirs, user=bella, role=Official.Role.ARBITER)
    round_url = f"{base}/arbiter/{hall['t'].slug}/round/1/"
    board = f"{base}/arbiter/match/{hall['boards'][1].pk}/"
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    sign_in(page, base, "arnie")
    keep_round(page, round_url)

    page.get_by_role("button", name="Sign out arnie").click()
    page.wait_for_load_state()
    page.context.set_offline(True)
    for url in (round_url, board):
        page.goto(url)
        expect(page.get_by_text("This page was not opened on this phone")).to_be_visible()
    page.context.set_offline(False)

    sign_in(page, base, "arnie")
    keep_round(page, round_url)
    sign_in(page, base, "bella")  # on the same phone, without signing out
    page.goto(f"{base}/arbiter/")  # her page: the worker sees whose answers these are
    page.context.set_offline(True)
    for url in (round_url, board):
        page.goto(url)
        expect(page.get_by_text("This page was not opened on this phone")).to_be_visible()


def test_a_player_enters_and_checks_in_with_the_network_cut(browser, live_server):
    """At the table (players_accept): a player's page and board, kept once opened, open
    offline; the result typed there is checked on the phone and queued, and so is the
    check-in for the next round; both are stored once when the network returns."""
    from tournament.actions import entrants, player_keys, rounds
    from tournament.models import CheckIn

    base = live_server.url
    director = User.objects.create_user("td", password=PASSWORD)
    event = events.create_tournament(director, name="Table Night", slug="table-night",
                                     rounds_planned=2)
    entrants.import_entrants(event, director, "name,club,rating\nAnn Bold,Leek,1700\n"
                             "Bea Cole,Leek,1650\n")
    events.update_settings(event, director, entry_policy="players_accept",
                           reason="the players enter tonight")
    rounds.publish_round(rounds.pair_round(event, director), director)
    board = Match.objects.get(round__tournament=event)
    key = player_keys.issue_key(event, director, number=board.side0.number)

    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    page.goto(f"{base}/me/")  # the code typed from the card (the no-script way in)
    page.locator("#code-form input[name=code]").fill(key)
    page.locator("#code-form button[type=submit]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(board.side0.name)
    wait_controlled(page)
    wait_for(page, """async () => {
      const kept = await (await caches.open("ft-pages")).keys();
      return kept.some(r => /\\/me\\/board\\/\\d+\\/$/.test(r.url));
    }""")
    page.reload()

    page.context.set_offline(True)
    page.goto(f"{base}/me/board/{board.pk}/")
    wait_for(page, ENGINE_READY)
    type_in(page, REFUSED)
    expect(page.locator("p.phone-verdict")).to_contain_text("The rules engine refused")
    type_in(page, GOOD[2])
    expect(page).to_have_url(f"{base}/me/")
    page.get_by_role("button", name="Check in for round 2").click()
    expect(page.locator(".queue-count")).to_contain_text(
        "Saved on this phone, not sent yet: 2 waiting")

    page.context.set_offline(False)
    expect(page.locator("#offline-queue li.stored")).to_have_count(2)
    board.refresh_from_db()
    assert board.status == Match.Status.ENTERED and board.entered_by_player is not None
    assert board.versions.count() == 1
    assert CheckIn.objects.filter(round_number=2).count() == 1


def test_signing_out_from_a_public_page_forgets_the_kept_pages(browser, live_server, hall,
                                                                screenshots):
    """Issue 33, point 6: any sign-out drops an official's kept pages, not only the one on
    the officials' pages. Arnie keeps his round, reads the public events list (under the
    same worker) and signs out there: offline, his boards are gone from the phone."""
    base = live_server.url
    round_url = f"{base}/arbiter/{hall['t'].slug}/round/1/"
    board = f"{base}/arbiter/match/{hall['boards'][1].pk}/"
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    sign_in(page, base, "arnie")
    keep_round(page, round_url)

    page.goto(f"{base}/")  # a public page: no entry page's settings on it
    assert page.locator("#offline-page").count() == 0
    wait_controlled(page)
    page.get_by_role("button", name="Sign out arnie").click()
    page.wait_for_load_state()
    expect(page.get_by_role("navigation").get_by_role("link", name="Sign in")).to_be_visible()
    wait_for(page, """async () => !(await caches.keys()).includes("ft-pages")
      || (await (await caches.open("ft-pages")).keys()).every(r => !/\\/arbiter\\//.test(r.url))""")
    page.context.set_offline(True)
    for url in (round_url, board):
        page.goto(url)
        expect(page.get_by_text("This page was not opened on this phone")).to_be_visible()
        expect(page.locator("main")).not_to_contain_text("Board 1")
    screenshots(page, "offline-signed-out-from-a-public-page")


def test_stored_offline_from_the_event_page_is_kept_and_sent(browser, live_server, hall,
                                                            screenshots):
    """Issue 33, point 9: signed in and landing on /arbiter/<slug>/, with the network cut,
    a board's result stored on the phone leads to the round's page, which the phone kept;
    a page it never kept says the result waits on the phone and links back; and when the
    network returns there, the result is sent without a reload."""
    base = live_server.url
    boards = hall["boards"]
    event_url = f"{base}/arbiter/{hall['t'].slug}/"
    round_url = f"{event_url}round/1/"
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    sign_in(page, base, "arnie")
    page.goto(event_url)
    wait_controlled(page)
    wait_for(page, f"""async () => {{
      const kept = (await (await caches.open("ft-pages")).keys()).map(r => r.url);
      return kept.filter(u => /\\/arbiter\\/match\\/\\d+\\/$/.test(u)).length >= 3
        && kept.includes({round_url!r});
    }}""")

    page.context.set_offline(True)
    page.goto(f"{base}/arbiter/match/{boards[2].pk}/")
    wait_for(page, ENGINE_READY)
    type_in(page, GOOD[2])
    expect(page).to_have_url(round_url)  # the round's page, kept: not a dead end
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.locator(".queue-count")).to_contain_text(
        "Saved on this phone, not sent yet: 1 waiting")
    screenshots(page, "offline-stored-from-the-event-page")

    page.goto(f"{base}/arbiter/match/{boards[2].pk}/history/")  # never opened online
    expect(page.get_by_role("heading", name="Not kept on this phone")).to_be_visible()
    expect(page.locator("main")).to_contain_text(
        "Your result is saved on this phone and will be sent when the network returns")
    back = page.locator("ul.offline-back a")  # the event's page and the round's: one title
    expect(back).to_have_text(["Pub League Open · round 1 · boards"])
    assert back.get_attribute("href") in (event_url, round_url)
    screenshots(page, "offline-page-not-kept")
    assert ResultVersion.objects.count() == 0

    page.context.set_offline(False)  # on this page, without a reload
    expect(page.locator(".queue-count")).to_have_text(
        "Everything saved on this phone has been sent.")
    expect(page.locator("#offline-queue li.stored")).to_contain_text("Board 2: result stored")
    assert ResultVersion.objects.filter(match=boards[2]).count() == 1
    screenshots(page, "offline-sent-from-the-page-not-kept")


def test_the_phone_refuses_62_in_the_server_words(browser, live_server, hall, screenshots):
    """Issue 33, point 10: offline, a set score of 62 is refused on the phone with the
    server form's own words, and nothing is queued."""
    base = live_server.url
    board = hall["boards"][1]
    typed = {"s1_a": "62", "s1_b": "40", "s2_a": "61", "s2_b": "-3"}
    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    sign_in(page, base, "arnie")
    keep_round(page, f"{base}/arbiter/{hall['t'].slug}/round/1/")
    page.context.set_offline(True)
    page.goto(f"{base}/arbiter/match/{board.pk}/")
    wait_for(page, ENGINE_READY)
    type_in(page, typed)
    expect(page.locator("p.phone-verdict")).to_contain_text(
        "Something typed is missing or cannot be read")
    phone = page.locator("#s1-errors li").all_inner_texts()
    assert phone == ["Set 1, side A: a score cannot pass 61."]
    assert phone == server_messages(hall["arbiter"], board, typed)
    expect(page.locator("#s2-errors li")).to_have_text(
        ["Set 2, side B: a score cannot be negative."])
    expect(page).to_have_url(f"{base}/arbiter/match/{board.pk}/")
    assert page.evaluate("() => self.OfflineQueue.all().then(items => items.length)") == 0
    screenshots(page, "offline-62-refused-on-the-phone")


def test_a_players_page_shows_the_next_round_live(browser, live_server, screenshots):
    """Issue 33, point 18: a player's page follows the event as the public pages do. Ann
    reads her page in round 2; the director closes it and publishes round 3: her round 3
    board appears without a reload, and the phone keeps its page for offline."""
    from tests.api.conftest import score_record
    from tournament.actions import entrants, player_keys, rounds
    from tournament.actions import results as result_actions

    base = live_server.url
    director = User.objects.create_user("td", password=PASSWORD)
    event = events.create_tournament(director, name="Live Night", slug="live-night",
                                     rounds_planned=3)
    entrants.import_entrants(event, director, "name,club,rating\nAnn Bold,Leek,1700\n"
                             "Bea Cole,Leek,1650\nCal Dunn,Hull,1600\nDot Eyre,Hull,1550\n")
    events.update_settings(event, director, require_confirmation=False,
                           reason="one official tonight")

    def play_and_pair(number):
        for m in Match.objects.filter(round__tournament=event, round__number=number) \
                .exclude(side1=None):
            result_actions.submit_result(m.pk, director, version=m.version,
                                         outcome=Match.Outcome.PLAYED,
                                         record=score_record([61, 40], [61, 30]),
                                         conceded_by=None, reason="")
        rounds.publish_round(rounds.pair_round(event, director), director)

    rounds.publish_round(rounds.pair_round(event, director), director)
    play_and_pair(1)
    ann = Entrant.objects.get(tournament=event, name="Ann Bold")
    key = player_keys.issue_key(event, director, number=ann.number)

    page = new_page(browser, **PHONE)
    page.context.set_default_timeout(60_000)
    page.goto(f"{base}/me/")
    page.locator("#code-form input[name=code]").fill(key)
    page.locator("#code-form button[type=submit]").click()
    expect(page.locator("#this-round h2")).to_contain_text("Round 2: board")
    wait_controlled(page)
    page.evaluate("() => { window.sameView = true; }")  # gone if the page reloads

    play_and_pair(2)
    third = Match.objects.get(round__tournament=event, round__number=3, side0=ann) \
        if Match.objects.filter(round__number=3, side0=ann).exists() \
        else Match.objects.get(round__tournament=event, round__number=3, side1=ann)
    expect(page.locator("#this-round h2")).to_contain_text(
        f"Round 3: board {third.board}", timeout=40_000)
    expect(page.locator(f"#this-round a[href='/me/board/{third.pk}/']")).to_be_visible()
    assert page.evaluate("() => window.sameView === true")  # no reload
    wait_for(page, f"""async () => {{
      const kept = await (await caches.open("ft-pages")).keys();
      return kept.some(r => r.url.endsWith("/me/board/{third.pk}/"));
    }}""")
    screenshots(page, "players-page-round-3-live")
