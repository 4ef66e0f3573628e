"""Issue 33 #7, in Chromium: a dispute stays until an official settles it, and under
players_then_official an official confirms a player's entry only once the other side has
accepted it.

Players enter on their phones (players_then_official). Board 1: one side enters, the
other disputes; the side that entered comes back to the board and finds no form, only
why (screenshot disputes-01); the arbiter settles it. Board 2: one side enters; the
arbiter's board page offers no confirmation and says who has not accepted (disputes-02);
once the other side accepts on their phone the arbiter confirms it and the round closes.
"""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournament.actions import entrants, events, player_keys, rounds
from tournament.models import Match

from .test_table import PASSWORD, fill_sets, open_card, sign_in
from .test_walkthrough import DESKTOP, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "dispute-night"


def test_a_dispute_waits_for_an_official_and_no_unaccepted_entry_is_confirmed(
        browser, live_server, a11y, screenshots):
    base = live_server.url
    director = User.objects.create_user("td", password=PASSWORD)
    event = events.create_tournament(director, name="Dispute Night", slug=SLUG)
    entrants.import_entrants(event, director, "name,club,rating\nAnn Bold,Leek,1700\n"
                             "Bea Cole,Leek,1650\nCal Dean,Stoke,1600\nDot Eyre,Stoke,1550\n")
    events.update_settings(event, director, entry_policy="players_then_official",
                           reason="the players enter, an official confirms")
    rounds.publish_round(rounds.pair_round(event, director), director)
    one, two = Match.objects.filter(round__tournament=event).select_related(
        "side0", "side1").order_by("board")
    codes = {e.name: player_keys.issue_key(event, director, number=e.number)
             for e in event.entrants.all()}

    # Board 1: side 0 enters, side 1 disputes on their own phone.
    enterer, _ = open_card(browser, base, codes[one.side0.name])
    enterer.get_by_role("link", name="Enter the result").click()
    fill_sets(enterer, [(61, 42), (61, 55)])
    enterer.get_by_role("button", name="Store the result").click()
    expect(enterer.get_by_text(f"Board {one.board}: result stored")).to_be_visible()
    disputer, _ = open_card(browser, base, codes[one.side1.name])
    disputer.get_by_role("link", name="Accept or dispute the result").click()
    disputer.get_by_label("What is wrong?").fill("Set 2 was 61-55 to me.")
    disputer.get_by_role("button", name="Dispute this result").click()
    expect(disputer.get_by_text(f"{one.side1.name} disputed the result")).to_be_visible()

    # The side that entered comes back: no form to enter over the dispute, only why.
    enterer.goto(f"{base}/me/board/{one.pk}/")
    expect(enterer.get_by_text("is disputed: an arbiter settles it")).to_be_visible()
    expect(enterer.get_by_role("button", name="Store the result")).to_have_count(0)
    expect(enterer.get_by_text("Enter another result instead")).to_have_count(0)
    screenshots(enterer, "disputes-01-no-entry-over-a-dispute")
    a11y.check(enterer, "player-board-disputed-for-the-enterer")
    one.refresh_from_db()
    assert one.status == "disputed" and one.dispute_reason == "Set 2 was 61-55 to me."

    # The arbiter settles it from the score sheets.
    desk = new_page(browser, **DESKTOP)
    sign_in(desk, base, "td")
    desk.goto(f"{base}/arbiter/match/{one.pk}/")
    expect(desk.get_by_text("Set 2 was 61-55 to me.")).to_be_visible()
    fill_sets(desk, [(61, 42), (55, 61), (61, 40)])
    desk.get_by_role("button", name="Store the result").click()
    expect(desk.get_by_text(f"Board {one.board}: result stored")).to_be_visible()
    one.refresh_from_db()
    assert one.status == "confirmed"

    # Board 2: side 1 enters; the arbiter may not confirm what side 0 never accepted.
    second, _ = open_card(browser, base, codes[two.side1.name])
    second.get_by_role("link", name="Enter the result").click()
    fill_sets(second, [(20, 61), (30, 61)])
    second.get_by_role("button", name="Store the result").click()
    expect(second.get_by_text(f"Board {two.board}: result stored")).to_be_visible()
    desk.goto(f"{base}/arbiter/match/{two.pk}/")
    expect(desk.locator("#awaits-acceptance")).to_contain_text(
        f"{two.side0.name} has not accepted {two.side1.name}'s entry yet")
    expect(desk.get_by_role("button", name="Confirm this result")).to_have_count(0)
    screenshots(desk, "disputes-02-no-confirmation-before-acceptance")
    a11y.check(desk, "arbiter-board-awaiting-acceptance")

    # Side 0 accepts on their phone; now the arbiter confirms and the round closes.
    accepter, _ = open_card(browser, base, codes[two.side0.name])
    accepter.get_by_role("link", name="Accept or dispute the result").click()
    accepter.get_by_role("button", name="Accept this result").click()
    expect(accepter.get_by_text(f"{two.side0.name} accepted the result")).to_be_visible()
    desk.goto(f"{base}/arbiter/match/{two.pk}/")
    desk.get_by_role("button", name="Confirm this result").click()
    expect(desk.get_by_text(f"Board {two.board}: result confirmed")).to_be_visible()
    two.refresh_from_db()
    assert two.status == "confirmed"
    assert event.rounds.get(number=1).status == "closed"
    a11y.assert_clean()
