"""The rating list, a person's page with its chart, and a series page in Chromium:
axe-core at desktop and phone sizes (the phone in dark mode); the chart is drawn and
named for assistive technology, and prints black on white."""

import pytest
from playwright.sync_api import expect

from tests.ratings.events import FOUR, archive, imported
from tournament.actions.series import add_event, create_series

from .test_walkthrough import DESKTOP, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_rating_list_person_and_series_pages_are_accessible(browser, live_server, a11y,
                                                           screenshots):
    rounds = [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)], [(1, 4, 1), (2, 3, 3)]]
    spring = imported(archive("Spring Open", FOUR, rounds, date="2026-04-01"), "spring")
    pairs = [(FOUR[0], FOUR[3]), (FOUR[1], FOUR[2])]
    imported(archive("Pairs Cup", pairs, [[(1, 2, 2)]], date="2026-05-01", pairs=True), "cup")
    season = create_series(None, name="Season 2026", slug="season")
    add_event(season, None, tournament=spring)

    page = new_page(browser, **DESKTOP)
    page.goto(f"{live_server.url}/ratings/mso/")
    expect(page.locator("table.rating-list tbody tr")).to_have_count(4)
    a11y.check(page, "rating-list")
    page.get_by_role("link", name="Ann Lee").click()
    chart = page.get_by_role("img", name="Ann Lee's rating under the MSO rules, after "
                                          "each rated match")
    expect(chart).to_be_visible()
    expect(page.locator("svg.rating-chart circle")).to_have_count(5)  # 0 and 4 matches
    a11y.check(page, "person")
    screenshots(page, "people-01-person")
    page.emulate_media(media="print")
    stroke = page.locator("svg.rating-chart path.line").evaluate(
        "e => getComputedStyle(e).stroke")
    assert stroke == "rgb(0, 0, 0)"
    page.emulate_media(media="screen", color_scheme="dark")
    dark = page.locator("svg.rating-chart path.line").evaluate(
        "e => getComputedStyle(e).stroke")
    assert dark != "rgb(0, 0, 0)"
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server.url}/series/season/")
    expect(page.locator("table.series tbody tr")).to_have_count(4)
    a11y.check(page, "series")
    page.goto(f"{live_server.url}/ratings/about/")
    a11y.check(page, "ratings-about")
    a11y.assert_clean()
