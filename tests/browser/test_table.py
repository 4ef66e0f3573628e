"""At the table, in Chromium: the players of each board enter and accept their own
results on two phones (two browser contexts), and the arbiter only settles a dispute.

A director lets the players enter (players_accept), prints the players' cards and reads
the codes off them; each phone opens its card's QR address (`/me/#key`: the key in the
fragment, posted by the page's script, then gone from the address bar). Board 1: one
side enters a best-of-three at set scores, the other accepts it on their own phone, and
it counts. Board 2: one side enters, the other disputes it with a reason; the arbiters'
list shows it first with both sides' words, and the arbiter's entry settles it. The time
and the requests the players take for board 1 are printed (docs/players.md quotes them).
Then three players check in for round 2 on their phones and the director pairs only
them: the fourth is absent from round 2, not withdrawn. axe-core checks the players'
pages at phone and desktop sizes.
"""

import time

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournament.actions import entrants, events, rounds
from tournament.models import Attendance, Match

from .test_walkthrough import DESKTOP, PHONE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "table-walk-pw-1"
SLUG = "table-night"


def sign_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_label("Password")).to_have_count(0)


def counting(page):
    """Every request the phone makes (pages, posts, stylesheets), kept in a list."""
    seen = []
    page.context.on("request", lambda request: seen.append(
        (request.method, request.resource_type, request.url)))
    return seen


def open_card(browser, base, code):
    phone = new_page(browser, **PHONE)
    seen = counting(phone)
    phone.goto(f"{base}/me/#{code}")
    expect(phone.get_by_role("heading", level=1)).not_to_have_text("Your player page")
    assert "#" not in phone.url and code not in phone.url
    return phone, seen


def fill_sets(page, sets):
    for s, (a, b) in enumerate(sets, start=1):
        page.locator(f"input[name=s{s}_a]").fill(str(a))
        page.locator(f"input[name=s{s}_b]").fill(str(b))


def test_players_enter_accept_and_an_arbiter_settles_a_dispute(browser, live_server, a11y,
                                                               screenshots):
    base = live_server.url
    director = User.objects.create_user("td", password=PASSWORD)
    event = events.create_tournament(director, name="Table Night", slug=SLUG)
    entrants.import_entrants(event, director, "name,club,rating\nAnn Bold,Leek,1700\n"
                             "Bea Cole,Leek,1650\nCal Dean,Stoke,1600\nDot Eyre,Stoke,1550\n")
    events.update_settings(event, director, entry_policy="players_accept",
                           reason="the players enter tonight")
    rounds.publish_round(rounds.pair_round(event, director), director)
    one, two = Match.objects.filter(round__tournament=event).select_related(
        "side0", "side1").order_by("board")

    desk = new_page(browser, **DESKTOP)
    sign_in(desk, base, "td")
    desk.goto(f"{base}/manage/{SLUG}/entrants/")
    desk.get_by_role("button", name="Print players' cards (new keys)").click()
    expect(desk.locator(".player-card")).to_have_count(4)
    screenshots(desk, "table-01-cards")
    codes = {}
    for card in desk.locator(".player-card").all():
        codes[card.locator("h3").inner_text()] = card.locator(".player-code").inner_text()
    a11y.check(desk, "player-cards")

    # Board 1: side 0 enters a best-of-three at set scores, side 1 accepts on their phone.
    started = time.perf_counter()
    first, first_seen = open_card(browser, base, codes[one.side0.name])
    expect(first.get_by_text(f"Round 1: board {one.board}")).to_be_visible()
    expect(first.get_by_text("you start")).to_be_visible()
    first.get_by_role("link", name="Enter the result").click()
    fill_sets(first, [(61, 42), (38, 61), (61, 55)])
    first.get_by_role("button", name="Store the result").click()
    expect(first.get_by_text(f"Board {one.board}: result stored")).to_be_visible()
    second, second_seen = open_card(browser, base, codes[one.side1.name])
    second.get_by_role("link", name="Accept or dispute the result").click()
    expect(second.get_by_text("Is this the result on your score sheet?")).to_be_visible()
    second.get_by_role("button", name="Accept this result").click()
    expect(second.get_by_text("which now counts")).to_be_visible()
    seconds = time.perf_counter() - started
    requests = first_seen + second_seen
    documents = [r for r in requests if r[1] == "document"]
    kinds = sorted({kind for _, kind, _ in requests})
    print(f"\nboard 1 entered and accepted by its players in {seconds:.2f} s, "
          f"{len(requests)} requests ({len(documents)} pages, posts and redirects; "
          + ", ".join(f"{kind} {sum(r[1] == kind for r in requests)}" for kind in kinds)
          + "):\n  " + "\n  ".join(f"{m} {url.removeprefix(base)}" for m, _, url in documents))
    one.refresh_from_db()
    assert one.status == "confirmed" and one.answered_by_player.entrant_id == one.side1_id
    screenshots(second, "table-02-accepted")
    a11y.check(second, "player-board")
    second.goto(f"{base}/me/")
    expect(second.locator("#results")).to_contain_text("counts")
    a11y.check(second, "player-page")

    # Board 2: side 1 enters, side 0 disputes; the arbiter's list shows it first.
    third, _ = open_card(browser, base, codes[two.side1.name])
    third.get_by_role("link", name="Enter the result").click()
    fill_sets(third, [(20, 61), (30, 61)])
    third.get_by_role("button", name="Store the result").click()
    expect(third.get_by_role("heading", name=f"Hand the phone to {two.side0.name}")).to_be_visible()
    fourth, _ = open_card(browser, base, codes[two.side0.name])
    fourth.get_by_role("link", name="Accept or dispute the result").click()
    fourth.get_by_label("What is wrong?").fill("Set 2 was 61-30 to me.")
    fourth.get_by_role("button", name="Dispute this result").click()
    expect(fourth.get_by_text(f"{two.side0.name} disputed the result")).to_be_visible()
    a11y.check(fourth, "player-board-disputed")

    desk.goto(f"{base}/arbiter/{SLUG}/")
    tiles = desk.locator("a.board")
    expect(tiles.first).to_contain_text("Disputed")
    expect(tiles.first).to_contain_text("Set 2 was 61-30 to me.")
    screenshots(desk, "table-03-disputed-first")
    tiles.first.click()
    fill_sets(desk, [(20, 61), (61, 30), (61, 50)])
    desk.get_by_role("button", name="Store the result").click()
    expect(desk.get_by_text(f"Board {two.board}: result stored")).to_be_visible()
    two.refresh_from_db()
    assert two.status == "confirmed" and two.winner_id == two.side0_id
    assert event.rounds.get(number=1).status == "closed"
    fourth.goto(f"{base}/me/")
    expect(fourth.locator("#results")).to_contain_text("counts")

    # Three players check in for round 2 on their phones; the director pairs only them.
    for phone in (first, second, fourth):
        phone.goto(f"{base}/me/")
        phone.get_by_role("button", name="Check in for round 2").click()
        expect(phone.get_by_text("You are checked in for round 2.").first).to_be_visible()
    a11y.check(fourth, "player-page-checked-in")
    desk.goto(f"{base}/manage/{SLUG}/")
    desk.get_by_label("Pair only the checked-in (3 of 4)", exact=False).check()
    desk.get_by_role("button", name="Pair round 2", exact=True).click()
    expect(desk.get_by_text("Round 2 is paired as a draft")).to_be_visible()
    absent = set(Attendance.objects.filter(kind="absent", round_number=2)
                 .values_list("entrant__name", flat=True))
    assert absent == {two.side1.name}  # not checked in: absent, not withdrawn
    assert not event.entrants.filter(withdrawn_after_round__isnull=False).exists()
    a11y.assert_clean()
