"""The screens at a phone's 390 px (issue 33, point 20), in Chromium, with screenshots:
the standings fit the screen (a withdrawn player's note wraps under the name), a person's
rating chart is as wide as its card with labels of 11 px or more, the find box's focus
ring leaves its label clear, and a player's Accept is on the board page's first screen;
at desktop size every result slip has the same columns."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from tests.ratings.events import FOUR, archive, imported
from tournament.actions import entrants, events, results, rounds
from tournament.models import Match

from .test_walkthrough import DESKTOP, PHONE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH, FOLD = PHONE["viewport"]["width"], PHONE["viewport"]["height"]
NAMES = ["Margaret Holloway", "Siobhan O'Neill", "Tomasz Wójcik", "Oluwaseun Adeyemi",
         "Hamish Sutherland", "Priya Raman", "Aoife Brennan", "Kwame Mensah",
         "Ingrid Sørensen", "Rajesh Kapoor", "Bethan Lloyd", "Desmond Achebe",
         "Fiona MacLeod", "Patricia Okafor"]


def record(match, scores):
    return {"format": "fives-and-threes-match/1", "ruleset": "mso",
            "players": [match.side0.name, match.side1.name],
            "sets": [{"score": list(s)} for s in scores]}


def play_round(event, director, number):
    round_ = rounds.pair_round(event, director)
    rounds.publish_round(round_, director)
    for i, m in enumerate(Match.objects.filter(round=round_, side1__isnull=False)
                          .select_related("side0", "side1")):
        scores = [(61, 40 + i), (61, 20 + i)] if i % 2 else [(61, 58), (12, 61), (61, 59)]
        results.submit_result(m.pk, director, version=m.version, record=record(m, scores))
    return round_


def rendered_widths(page, selector):
    return page.locator(selector).evaluate(
        "e => [e.clientWidth, e.scrollWidth, document.documentElement.scrollWidth]")


def test_public_pages_fit_a_phone(browser, live_server, screenshots):
    dora = User.objects.create_user("dora", password="pw-123456")
    event = events.create_tournament(dora, name="Screens Open", require_confirmation=False)
    entrants.import_entrants(event, dora, "name,club,rating\n" + "\n".join(
        f"{n},Club {i % 4},{1900 - 10 * i}" for i, n in enumerate(NAMES)))
    play_round(event, dora, 1)
    rounds.publish_round(rounds.pair_round(event, dora), dora)
    entrants.withdraw_entrant(event.entrants.get(name="Siobhan O'Neill"), dora, reason="ill")
    base = f"{live_server.url}/{event.slug}"
    phone = new_page(browser, **PHONE)

    phone.goto(f"{base}/standings/")
    expect(phone.get_by_text("(withdrawn after round 2)")).to_be_visible()
    inside, table, page = rendered_widths(phone, "div.table-wrap")
    assert table <= inside and page <= WIDTH, (inside, table, page)  # was 11 px over
    screenshots(phone, "screens-01-standings-390")

    phone.goto(f"{base}/round/2/")
    box = phone.get_by_label("Your name or pairing number")
    box.focus()
    box.fill("Ma")
    label = phone.locator("label[for=find-input]").bounding_box()
    ring = box.evaluate("e => { const s = getComputedStyle(e); const r = "
                        "e.getBoundingClientRect(); return r.top + window.scrollY - "
                        "parseFloat(s.outlineWidth) - parseFloat(s.outlineOffset); }")
    assert label["y"] + label["height"] <= ring, (label, ring)  # the ring covered it
    screenshots(phone, "screens-02-find-390")
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH

    desk = new_page(browser, **DESKTOP)
    desk.goto(f"{base}/round/2/?print=slips")
    widths = desk.locator("table.set-slip").evaluate_all(
        "ts => ts.map(t => [...t.querySelectorAll('thead th')].map("
        "th => Math.round(th.getBoundingClientRect().width)))")
    assert len(widths) == 7 and all(w == widths[0] for w in widths), widths
    screenshots(desk, "screens-03-slips")


def test_the_rating_chart_reads_on_a_phone(browser, live_server, screenshots):
    games = [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)], [(1, 4, 1), (2, 3, 3)]]
    imported(archive("Spring Open", FOUR, games, date="2026-04-01"), "spring")
    phone = new_page(browser, **PHONE)
    phone.goto(f"{live_server.url}/people/ann/")
    chart = phone.locator("svg.rating-chart")
    expect(chart).to_be_visible()
    size = chart.bounding_box()
    card = phone.locator("section.card").first.bounding_box()
    assert size["width"] >= card["width"] - 40 and size["height"] >= 150, size  # 257 x 96
    labels = chart.evaluate("s => [...s.querySelectorAll('text')].map(t => "
                            "parseFloat(getComputedStyle(t).fontSize) * s.getScreenCTM().a)")
    assert labels and min(labels) >= 11, labels  # were 6 px
    screenshots(phone, "screens-04-chart-390")


def key(event, number) -> str:
    out = io.StringIO()
    call_command("player_key", event.slug, str(number), stdout=out)
    return out.getvalue().strip()


def open_card(browser, base, code):
    phone = new_page(browser, **PHONE)
    phone.goto(f"{base}/me/#{code}")
    expect(phone.get_by_role("heading", level=1)).not_to_have_text("Your player page")
    return phone


def test_accept_is_on_the_players_first_screen(browser, live_server, a11y, screenshots):
    dora = User.objects.create_user("dora", password="pw-123456")
    event = events.create_tournament(dora, name="Table Night", entry_policy="players_accept")
    entrants.import_entrants(event, dora, "name,club,rating\nKeith Sherratt,Leek,1700\n"
                                          "Lucy Heath,Stoke,1600\n")
    rounds.publish_round(rounds.pair_round(event, dora), dora)
    board = Match.objects.select_related("side0", "side1").get(round__tournament=event)
    base = live_server.url

    first = open_card(browser, base, key(event, board.side0.number))
    first.get_by_role("link", name="Enter the result").click()
    for s, (a, b) in enumerate([(61, 42), (38, 61), (61, 55)], start=1):
        first.locator(f"input[name=s{s}_a]").fill(str(a))
        first.locator(f"input[name=s{s}_b]").fill(str(b))
    first.get_by_role("button", name="Store the result").click()
    expect(first.get_by_text(f"Board {board.board}: result stored")).to_be_visible()

    second = open_card(browser, base, key(event, board.side1.number))
    second.get_by_role("link", name="Accept or dispute the result").click()
    accept = second.get_by_role("button", name="Accept this result")
    expect(accept).to_be_visible()
    bottom = accept.evaluate("e => e.getBoundingClientRect().bottom + window.scrollY")
    assert bottom <= FOLD, bottom  # was below the first screen, under the sets table
    expect(second.get_by_text(f"{board.side0.name} wins (61–42, 38–61, 61–55)").first) \
        .to_be_visible()
    screenshots(second, "screens-05-accept-390")
    a11y.check(second, "player-board-accept")
    a11y.assert_clean()
