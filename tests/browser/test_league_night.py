"""One match night of a pub league, in Chromium, on the two captains' phones (two browser
contexts, 390 px wide): each captain opens their card's QR address, names the lineup from
the roster; the home captain enters the nine boards at set scores, board by board on each
board's own entry page (the players' entry form, its offline queue and idempotent post),
and the away captain accepts the whole card; the public league table shows the result.

The time the home captain takes for the nine boards (from the card to the last board
stored, the clicks and typing of a person who knows the scores) is printed: docs/leagues.md
quotes it. axe-core checks the captain's page and the league pages at phone and desktop
sizes.
"""

import time

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournament.actions import entrants, events, player_keys, rounds, stages
from tournament.models import Match

from .test_walkthrough import PHONE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FORMAT = {"boards": [
    {"kind": "singles", "count": 6, "match": {"target": 61, "sets_to_win": 1}},
    {"kind": "pairs", "count": 3, "match": {"target": 121, "sets_to_win": 1}}]}
SINGLES = ["Alf Bennett", "Maureen Boothby", "Carl Rigby", "Denise Lomas", "Eddie Platt",
           "Gwen Salt", "Harry Tatton"]
AWAY = ["Jack Bailey", "Kath Brindley", "Len Fernyhough", "Mavis Hulme", "Norman Beech",
        "Olive Goodall", "Phil Sherratt"]
# Board by board: the home side's and the away side's score (pairs boards to 121).
SCORES = [(61, 44), (52, 61), (61, 58), (61, 37), (40, 61), (61, 59),
          (121, 96), (88, 121), (121, 117)]


def league_night(director):
    event = events.create_tournament(
        director, name="Leek Pub League", slug="pub-league", ruleset="bndcc",
        entrants_kind="teams", team_match=FORMAT, team_points="three_or_one_at_five_four",
        entry_policy="players_accept")
    for name, venue, members in (("Anchor", "The Anchor", SINGLES),
                                 ("Crown", "The Crown", AWAY)):
        entrants.add_entrant(event, director, name=name, venue=venue, captain=1,
                             members=[{"name": m} for m in members])
    stages.change_stage(event.stages.get(), director, kind="round_robin", cycles=2)
    rounds.publish_round(rounds.pair_round(event, director), director)
    return event


def open_card(browser, base, code):
    phone = new_page(browser, **PHONE)
    phone.goto(f"{base}/me/#{code}")
    expect(phone.get_by_role("link", name="Your team's match night")).to_be_visible()
    return phone


def name_lineup(phone, singles, pairs):
    phone.get_by_role("link", name="Your team's match night").click()
    selects = phone.locator(".lineup-form select")
    expect(selects).to_have_count(6 + 3 * 2)
    for i, member in enumerate(singles + [m for pair in pairs for m in pair]):
        selects.nth(i).select_option(str(member))
    phone.get_by_role("button", name="Send the lineup").click()
    expect(phone.get_by_text("Your lineup is in.").first).to_be_visible()


def test_a_match_night_on_two_captains_phones(browser, live_server, a11y, screenshots):
    base = live_server.url
    director = User.objects.create_user("secretary", password="league-pw-1")
    event = league_night(director)
    tm = Match.objects.pairings().filter(round__tournament=event).exclude(
        side1=None).select_related("side0", "side1").get()
    codes = [player_keys.issue_key(event, None, number=team.number, member=2)
             for team in (tm.side0, tm.side1)]

    home = open_card(browser, base, codes[0])
    screenshots(home, "league-01-captain-page")
    name_lineup(home, [0, 1, 2, 3, 4, 5], [(0, 6), (1, 2), (3, 4)])
    expect(home.get_by_text("not in yet")).to_be_visible()
    screenshots(home, "league-02-lineup-in")
    a11y.check(home, "captain-match-night")

    away = open_card(browser, base, codes[1])
    away.get_by_role("link", name="Your team's match night").click()
    expect(away.locator("table.card-boards")).not_to_contain_text(SINGLES[0])
    away.goto(f"{base}/me/")
    name_lineup(away, [6, 5, 4, 3, 2, 1], [(0, 1), (2, 3), (4, 5)])
    expect(away.get_by_text("Both lineups are in")).to_be_visible()
    expect(away.locator("table.card-boards")).to_contain_text(SINGLES[0])

    # The home captain enters the card at set scores, board by board.
    home.reload()
    expect(home.get_by_text("0 of 9 boards entered")).to_be_visible()
    started = time.perf_counter()
    for number, (a, b) in enumerate(SCORES, start=1):
        home.get_by_role("link", name=f"Enter board {number}", exact=True).click()
        home.locator("input[name=s1_a]").fill(str(a))
        home.locator("input[name=s1_b]").fill(str(b))
        home.locator("input[name=s1_starter]").first.check()  # who won the draw for the down
        home.get_by_role("button", name="Store the result").click()
        expect(home.get_by_text(f"{number} of 9 boards entered")).to_be_visible()
    seconds = time.perf_counter() - started
    print(f"\nnine-board card entered at set scores by the home captain in {seconds:.1f} s "
          f"({seconds / 9:.1f} s a board)")
    screenshots(home, "league-03-card-entered")
    expect(home.get_by_text("the other captain accepts or disputes the card")).to_be_visible()

    away.reload()
    expect(away.get_by_role("button", name="Accept the card")).to_be_visible()
    screenshots(away, "league-04-accept-the-card")
    a11y.check(away, "captain-accept-card")
    away.get_by_role("button", name="Accept the card").click()
    expect(away.get_by_text("You accepted the card.")).to_be_visible()
    tm.refresh_from_db()
    assert tm.status == "confirmed" and tm.record == {"boards": [6, 3]}

    # The public table: the Anchor won 6-3 (3 points), Crown lost by more than one board (0).
    table = new_page(browser, **PHONE)
    table.goto(f"{base}/{event.slug}/table/")
    rows = table.locator("table.league tbody tr")
    expect(rows.first).to_contain_text("Anchor")
    expect(rows.first).to_contain_text("6")
    expect(rows.nth(1)).to_contain_text("Crown")
    screenshots(table, "league-05-table")
    a11y.check(table, "league-table")
    table.goto(f"{base}/{event.slug}/fixtures/{tm.pk}/")
    expect(table.get_by_text("Anchor won, 6–3 in boards.")).to_be_visible()
    screenshots(table, "league-06-team-match")
    a11y.check(table, "team-match")
    a11y.assert_clean()
