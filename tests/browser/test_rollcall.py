"""The roll call on two tablets (static/js/rollcall.js): a tap ticks without a reload and
the count follows; the other tablet sees it within a poll; without scripts a tap is a form
post back at the name; then the director pairs only the checked-in. axe-core on the page."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournament.actions import entrants, events
from tournament.models import Attendance, CheckIn

from .test_walkthrough import DESKTOP, PASSWORD, PHONE, new_page, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Zoe Hart", "Ann Lee", "Bo Park", "Cy Dunn", "Di Fox", "Ed Moss"]


def test_two_desks_tick_players_and_the_director_pairs_only_them(browser, live_server, a11y,
                                                                screenshots):
    dora = User.objects.create_user("dora", password=PASSWORD)
    User.objects.create_user("arnie", password=PASSWORD)
    event = events.create_tournament(dora, name="Desk Open")
    events.add_official(event, dora, username="arnie")
    entrants.import_entrants(event, dora, "name,club,rating\n" + "\n".join(
        f"{n},Club,{1500 + i}" for i, n in enumerate(NAMES)))
    base = live_server.url
    url = f"{base}/arbiter/{event.slug}/checkin/"

    desk = new_page(browser, **DESKTOP)
    sign_in(desk, base, "dora")
    desk.goto(url)
    count = desk.locator("#rollcall-count")
    expect(count).to_have_text("0 of 6")
    desk.evaluate("window.sameDocument = true")  # gone if the page reloads
    desk.get_by_role("button", name="Bo Park").click()
    expect(count).to_have_text("1 of 6")
    expect(desk.get_by_role("button", name="Bo Park")).to_have_attribute("aria-pressed", "true")
    desk.get_by_role("button", name="Ann Lee").click()
    expect(count).to_have_text("2 of 6")
    assert desk.evaluate("window.sameDocument") is True
    screenshots(desk, "rollcall-desk")
    a11y.check(desk, "rollcall")

    tablet = new_page(browser, **PHONE)
    sign_in(tablet, base, "arnie")
    tablet.goto(url)
    expect(tablet.locator("#rollcall-count")).to_have_text("2 of 6")
    tablet.get_by_role("button", name="Cy Dunn").click()
    expect(tablet.locator("#rollcall-count")).to_have_text("3 of 6")
    expect(count).to_have_text("3 of 6", timeout=15_000)  # the desk's poll saw it
    expect(desk.get_by_role("button", name="Cy Dunn")).to_have_attribute("aria-pressed",
                                                                       "true")
    tablet.get_by_role("button", name="Cy Dunn").click()  # untick
    expect(tablet.locator("#rollcall-count")).to_have_text("2 of 6")
    # One slip does not lose him: the Undo beside his name ticks him again.
    expect(tablet.get_by_text("Cy Dunn unticked.")).to_be_visible()
    screenshots(tablet, "rollcall-undo")
    tablet.get_by_role("button", name="Undo", exact=True).click()
    expect(tablet.locator("#rollcall-count")).to_have_text("3 of 6")
    expect(tablet.get_by_role("button", name="Undo", exact=True)).to_have_count(0)
    tablet.get_by_role("button", name="Cy Dunn").click()  # untick, meant this time
    expect(tablet.locator("#rollcall-count")).to_have_text("2 of 6")

    plain = new_page(browser, java_script_enabled=False, **DESKTOP)
    sign_in(plain, base, "arnie")
    plain.goto(url)
    plain.get_by_role("button", name="Di Fox").click()
    plain.wait_for_load_state()
    assert plain.url == f"{url}#p-{event.entrants.get(name='Di Fox').number}"  # at Di Fox
    expect(plain.locator("#rollcall-count")).to_have_text("3 of 6")
    expect(plain.get_by_text("Di Fox: checked in for round 1.")).to_be_visible()
    assert sorted(CheckIn.objects.values_list("entrant__name", flat=True)) == [
        "Ann Lee", "Bo Park", "Di Fox"]

    desk.goto(f"{base}/manage/{event.slug}/")
    desk.get_by_label("Pair only the checked-in (3 of 6)", exact=False).check()
    desk.get_by_role("button", name="Pair round 1", exact=True).click()
    expect(desk.get_by_text("Round 1 is paired as a draft")).to_be_visible()
    absent = set(Attendance.objects.filter(kind="absent").values_list("entrant__name",
                                                                      flat=True))
    assert absent == {"Zoe Hart", "Cy Dunn", "Ed Moss"}
    a11y.assert_clean()
