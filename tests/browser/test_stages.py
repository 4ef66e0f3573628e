"""Stages from the screens, in Chromium: a director adds a top-4 knock-out to a Swiss from
the dashboard, pairs the Swiss and then the draw, enters the semi-finals on a phone, and the
public follows the bracket on a phone and on a desk; a cup of 13 drawn by lot gives three
byes. Screenshots: screenshots/stages-*.png.
"""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournament.actions import results
from tournament.models import Tournament

from ..stages import add
from .test_walkthrough import PASSWORD, assert_no_sideways_scroll, new_page, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


def forfeit_all(event, round_number, director):
    for m in event.rounds.get(number=round_number).matches.exclude(side1=None):
        results.submit_result(m.pk, director, version=m.version, outcome="forfeit",
                              conceded_by=1)


def test_a_swiss_with_a_top_cut_from_the_screens(browser, live_server, screenshots, a11y):
    base = live_server.url
    director = User.objects.create_user("td", password=PASSWORD, is_superuser=True)
    from tournament.actions import events

    event = events.create_tournament(director, name="Leek Open")
    add(event, director, 8)
    Tournament.objects.filter(pk=event.pk).update(rounds_planned=2)
    desk = new_page(browser)
    sign_in(desk, base, "td")
    desk.goto(f"{base}/manage/{event.slug}/")
    desk.get_by_text("Add a stage").click()
    desk.get_by_label("Kind").select_option("knockout")
    desk.get_by_label("How many enter").fill("4")
    desk.get_by_label("Seeded by").select_option("standings")
    desk.get_by_label("Lot seed").fill("leek-open-2026")
    screenshots(desk, "stages-01-add-a-top-cut")
    desk.get_by_role("button", name="Add the stage").click()
    expect(desk.get_by_text("Stage 2 added: a knock-out of 4")).to_be_visible()
    a11y.check(desk, "dashboard with stages")
    for n in (1, 2):
        desk.get_by_role("button", name=f"Pair round {n}").click()
        desk.get_by_role("button", name="Publish").first.click()
        forfeit_all(event, n, director)
        desk.goto(f"{base}/manage/{event.slug}/")
    desk.get_by_role("button", name="Pair stage 2's first round (the draw)").click()
    expect(desk.get_by_text("Semi-finals are paired as a draft")).to_be_visible()
    screenshots(desk, "stages-02-semi-finals-draft")
    desk.get_by_role("button", name="Publish").first.click()

    phone = new_page(browser, **PHONE)
    phone.goto(f"{base}/{event.slug}/bracket/")
    expect(phone.get_by_role("heading", name="Semi-finals")).to_be_visible()
    expect(phone.get_by_text("leek-open-2026")).to_be_visible()
    assert_no_sideways_scroll(phone)
    screenshots(phone, "stages-03-bracket-phone")
    a11y.check(phone, "bracket on a phone")
    forfeit_all(event, 3, director)
    desk.goto(f"{base}/manage/{event.slug}/")
    desk.get_by_role("button", name="Pair the final").click()
    desk.get_by_role("button", name="Publish").first.click()
    forfeit_all(event, 4, director)
    desk.goto(f"{base}/{event.slug}/bracket/")
    expect(desk.get_by_role("heading", name="Podium and places")).to_be_visible()
    screenshots(desk, "stages-04-bracket-finished")
    desk.goto(f"{base}/{event.slug}/bracket/?print=1")
    desk.emulate_media(media="print")
    screenshots(desk, "stages-05-bracket-print")
    a11y.assert_clean()


def test_a_cup_of_thirteen_drawn_by_lot(browser, live_server, screenshots):
    base = live_server.url
    director = User.objects.create_user("td", password=PASSWORD, is_superuser=True)
    from tournament.actions import events

    event = events.create_tournament(director, name="Charity Cup")
    add(event, director, 13)
    desk = new_page(browser)
    sign_in(desk, base, "td")
    desk.goto(f"{base}/manage/{event.slug}/stages/1/")
    desk.get_by_label("Kind").select_option("knockout")
    desk.get_by_label("Seeded by").select_option("draw")
    desk.get_by_role("button", name="Save the stage").click()
    desk.get_by_role("button", name="Pair round 1 (the draw)").click()
    expect(desk.get_by_text("publish its lot seed first")).to_be_visible()
    desk.goto(f"{base}/manage/{event.slug}/stages/1/")
    desk.get_by_label("Kind").select_option("knockout")
    desk.get_by_label("Seeded by").select_option("draw")
    desk.get_by_label("Lot seed").fill("charity-2026")
    desk.get_by_role("button", name="Save the stage").click()
    desk.get_by_role("button", name="Pair round 1 (the draw)").click()
    desk.get_by_role("button", name="Publish").first.click()
    desk.goto(f"{base}/{event.slug}/bracket/")
    expect(desk.get_by_role("heading", name="Round of 16")).to_be_visible()
    expect(desk.locator(".bracket-match", has_text="bye")).to_have_count(3)
    screenshots(desk, "stages-06-cup-of-13")


def test_a_bracket_of_32_prints_on_one_a4_landscape_page(browser, live_server, screenshots):
    from tournament.actions import events, rounds, stages

    director = User.objects.create_user("td", password=PASSWORD, is_superuser=True)
    event = events.create_tournament(director, name="Big Cup")
    add(event, director, 32)
    stages.change_stage(event.stages.get(), director, kind="knockout", seeding="rating",
                        third_place=True)
    rounds.publish_round(rounds.pair_round(event, director), director)
    forfeit_all(event, 1, director)
    rounds.publish_round(rounds.pair_round(event, director), director)
    page = new_page(browser)
    page.goto(f"{live_server.url}/{event.slug}/bracket/?print=1")
    expect(page.get_by_role("heading", name="Round of 32")).to_be_visible()
    page.emulate_media(media="print")
    screenshots(page, "stages-07-bracket-of-32-print")
    pdf = page.pdf(prefer_css_page_size=True)  # the page's own @page: A4 landscape
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages == 1
