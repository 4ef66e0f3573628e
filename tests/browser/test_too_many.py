"""In Chromium: a phone toggling its check-in over its card's limit meets the page "Too
many at once", which says nothing was stored and leads back to the player's page; the
player's page itself still opens (issue #33, point 5)."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from tournament.actions import entrants, events, rounds
from tournament.models import CheckIn

from .test_walkthrough import PHONE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_too_many_check_in_toggles_meet_a_friendly_page(browser, live_server, a11y,
                                                        screenshots, settings):
    settings.API_RATE_LIMITS = {"write_per_card": "2/m"}  # posts with the card's cookie
    director = User.objects.create_user("td", password="too-many-pw-1")
    event = events.create_tournament(director, name="Busy Night", slug="busy-night")
    entrants.import_entrants(event, director, "name,club,rating\nAnn Bold,Leek,1700\n"
                             "Bea Cole,Leek,1650\nCal Dean,Stoke,1600\nDot Eyre,Stoke,1550\n")
    events.update_settings(event, director, entry_policy="players_accept", reason="tonight")
    rounds.publish_round(rounds.pair_round(event, director), director)
    out = io.StringIO()
    call_command("player_key", event.slug, "1", stdout=out)
    code = out.getvalue().strip()

    phone = new_page(browser, **PHONE)
    phone.goto(f"{live_server.url}/me/")
    phone.get_by_label("Your code").fill(code)
    phone.get_by_role("button", name="Open my page").click()
    phone.get_by_role("button", name="Check in for round 2").click()  # 1
    phone.get_by_role("button", name="I can no longer play round 2").click()  # 2
    phone.get_by_role("button", name="Check in for round 2").click()  # 3: over
    expect(phone.get_by_role("heading", level=1)).to_have_text("Too many at once")
    expect(phone.get_by_role("alert")).to_contain_text("Your card sent too many forms")
    expect(phone.get_by_role("alert")).to_contain_text("nothing was stored")
    assert not CheckIn.objects.exists()
    screenshots(phone, "too-many-at-once")
    a11y.check(phone, "too-many-at-once")
    phone.get_by_role("link", name="Back to your page").click()
    expect(phone.get_by_role("button", name="Check in for round 2")).to_be_visible()
    a11y.assert_clean()
