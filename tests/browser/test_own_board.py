"""A card opens only its own boards, in Chromium: a player signed in on a phone types
another board's address and meets a refusal that says whose board it is, with the code
form for one of its players, and nothing of that board (its entered sets, who entered
them, the dispute's words); a hidden event's board is "not found" to a card of another
event. Screenshots: screenshots/own-board-*.png.
"""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from tests.api.conftest import score_record
from tournament.actions import entrants, events, rounds, table
from tournament.models import Match, PlayerKey

from .test_table import open_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = "We scored 61-50 in set two"


def key_for(event, number) -> str:
    out = io.StringIO()
    call_command("player_key", event.slug, str(number), stdout=out)
    return out.getvalue().strip()


def players_event(director, name, names, *, hidden=False):
    event = events.create_tournament(director, name=name, hidden=hidden)
    entrants.import_entrants(event, director, "name,club,rating\n" + "\n".join(
        f"{n},Leek,{1700 - 10 * i}" for i, n in enumerate(names)))
    events.update_settings(event, director, entry_policy="players_accept", reason="tonight")
    rounds.publish_round(rounds.pair_round(event, director), director)
    return event, list(Match.objects.filter(round__tournament=event).select_related(
        "side0", "side1").order_by("board"))


def test_a_card_cannot_open_another_board(browser, live_server, a11y, screenshots):
    base = live_server.url
    director = User.objects.create_user("td", password="own-board-pw-1")
    event, (one, two) = players_event(director, "Board Night",
                                      ["Ann Bold", "Bea Cole", "Cal Dean", "Dot Eyre"])
    # Board 1: entered by one side and disputed by the other, with words.
    stored, _ = table.enter_result(one.pk, PlayerKey.objects.holding(
        key_for(event, one.side0.number)), version=0, record=score_record([61, 40], [61, 30]))
    table.dispute_result(one.pk, PlayerKey.objects.holding(key_for(event, one.side1.number)),
                         version=stored.version, reason=WORDS)

    phone, _ = open_card(browser, base, key_for(event, two.side0.number))
    phone.goto(f"{base}/me/board/{two.pk}/")  # their own board opens
    expect(phone.get_by_role("button", name="Store the result")).to_be_visible()

    refused = phone.goto(f"{base}/me/board/{one.pk}/")
    assert refused.status == 403
    alert = phone.get_by_role("alert")
    expect(alert).to_contain_text(f"Your key is not for board {one.board} of round 1")
    expect(phone.get_by_label("Your code")).to_be_visible()  # a player of that board signs in
    expect(phone.get_by_role("link", name=f"{two.side0.name}'s page")).to_be_visible()
    body = phone.content()
    assert WORDS not in body and "61" not in phone.locator("main").inner_text()
    assert one.side0.name not in body and one.side1.name not in body
    screenshots(phone, "own-board-1-another-board-refused")
    a11y.check(phone, "a card at another board")

    # A hidden event's board is not there at all for this card: no name, no refusal.
    hidden, (secret, _) = players_event(director, "Quietwater Night",
                                        ["Hal Hush", "Ivy Hush", "Jo Hush", "Kit Hush"],
                                        hidden=True)
    missing = phone.goto(f"{base}/me/board/{secret.pk}/")
    assert missing.status == 404
    expect(phone.get_by_role("heading", level=1)).to_be_visible()
    assert "Quietwater" not in phone.content() and "Hush" not in phone.content()
    screenshots(phone, "own-board-2-hidden-event-board-not-found")
    a11y.assert_clean()
