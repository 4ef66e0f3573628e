"""Find my board as you type (static/js/find.js) on a round of 125 boards, two pages: an
answer from the page at once, from the server for a board on the other page, and for
someone without a board; axe-core on the page."""

import pytest
from playwright.sync_api import expect

from tournament.demo.generate import generate_event
from tournament.models import Attendance, Entrant, Match

from .test_walkthrough import DESKTOP, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_find_as_you_type_on_every_page(browser, live_server, a11y):
    event = generate_event(250, 2, slug="twofifty", seed=5, last_live=True)
    late = Entrant.objects.create(tournament=event, number=251, name="Zoë O’Quill")
    Attendance.objects.create(entrant=late, round_number=2, kind="half_bye")
    here = Match.objects.get(round__tournament=event, round__number=2, board=7)
    Entrant.objects.filter(pk=here.side0_id).update(name="Łukasz Ångström")
    here.side0.refresh_from_db()
    there = Match.objects.get(round__tournament=event, round__number=2, board=120)
    page = new_page(browser, **DESKTOP)
    page.goto(f"{live_server.url}/twofifty/round/2/")
    expect(page.locator("table.pairings tbody tr")).to_have_count(100)
    a11y.check(page, "round-125-boards")
    answer = page.locator("#find-answer")

    page.get_by_label("Your name or pairing number").fill(str(here.side1.number))
    expect(answer).to_have_text(
        f"{here.side1.name}, no.\u00a0{here.side1.number}: board 7 against "
        f"{here.side0.name} ({here.side0.number}); {here.side0.name} starts set 1.")

    page.get_by_label("Your name or pairing number").fill(str(there.side0.number))
    expect(answer).to_contain_text(f"board 120 against {there.side1.name}")
    expect(answer.get_by_role("link", name="120")).to_have_attribute(
        "href", "?page=2#board-120")
    answer.get_by_role("link", name="120").click()
    expect(page.locator("#board-120")).to_be_visible()

    # Names as people type them (issue 21 #9): folded on the page ("lukasz angstrom",
    # "zoe o'quill"), and "ł", which only the server transliterates, asked of it.
    line = (f"Łukasz Ångström, no.\u00a0{here.side0.number}: board 7 against "
            f"{here.side1.name} ({here.side1.number}); Łukasz Ångström starts set 1.")
    for typed in ("lukasz ANGSTROM", "Łukasz", "łukasz ångström"):
        page.get_by_label("Your name or pairing number").fill(typed)
        expect(answer).to_have_text(line)
    # A digit other than 0-9 is no pairing number, on the page as on the server.
    page.get_by_label("Your name or pairing number").fill("²")
    expect(answer).to_contain_text("Nobody in round 2 matches “²”")
    page.get_by_label("Your name or pairing number").fill("zoe o'quill")
    expect(answer).to_have_text("Zoë O’Quill, no.\u00a0251: half-point bye this round.")
    page.get_by_label("Your name or pairing number").fill("nobody such")
    expect(answer).to_contain_text("Nobody in round 2 matches “nobody such”")
    a11y.assert_clean()


def test_find_as_you_type_answers_a_pair_once_naming_the_partner(browser, live_server):
    """Issue 21 #9 in find.js: "ann" finds Lee & Park once, Ann Lee named first."""
    from tests.public.conftest import make_pairs_event

    make_pairs_event()
    page = new_page(browser, **DESKTOP)
    page.goto(f"{live_server.url}/pairs/round/1/")
    answer = page.locator("#find-answer")
    find = page.get_by_label("Your name or pairing number")
    find.fill("ANN")
    expect(answer.locator("p.answer")).to_have_count(1)
    expect(answer).to_have_text("Ann Lee (Lee & Park), no.\u00a01: board 1 against Hale & Fox "
                                "(2); the draw at the table decides who starts.")
    find.fill("fox")
    expect(answer).to_have_text("Di Fox (Hale & Fox), no.\u00a02: board 1 against Lee & Park "
                                "(1); the draw at the table decides who starts.")
    find.fill("hale fox")  # words of the pair's name, not of one partner: the pair
    expect(answer).to_have_text("Hale & Fox, no.\u00a02: board 1 against Lee & Park (1); "
                                "the draw at the table decides who starts.")
