"""What officials and spectators meet (issue 22), in Chromium with screenshots: the
confirmer's view of the stored hand sheet, the downer of a re-deal as a void is chosen
(BNDCC, a phone), the create form offering only what the ruleset allows, and the public
pages on a 390 px phone (the result, points, spread and Sonneborn-Berger in view; the
"after round" choice at its own address)."""

import pytest
from django.contrib.auth.models import Permission, User
from playwright.sync_api import expect

from scoring import simulate as sim
from tournament.actions import events, results
from tournament.demo.generate import generate_event
from tournament.models import Entrant, Match, Official, Round

from .test_walkthrough import (
    DESKTOP,
    PASSWORD,
    PHONE,
    assert_no_sideways_scroll,
    new_page,
    sign_in,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def dora_and_officials(db):
    dora = User.objects.create_user("dora", password=PASSWORD)
    dora.user_permissions.add(Permission.objects.get(codename="direct_events"))
    return {"dora": dora, "arnie": User.objects.create_user("arnie", password=PASSWORD),
            "bella": User.objects.create_user("bella", password=PASSWORD)}


def pairs_board(people):
    t = events.create_tournament(people["dora"], name="Pairs Cup", ruleset="bndcc",
                                 entrants_kind="pairs")
    for name in ("arnie", "bella"):
        Official.objects.create(tournament=t, user=people[name], role=Official.Role.ARBITER)
    a = Entrant.objects.create(tournament=t, number=1, name="Lee & Dee", members=[
        {"name": "Ann Lee"}, {"name": "Cy Dee"}])
    b = Entrant.objects.create(tournament=t, number=2, name="Park & Fox", members=[
        {"name": "Bo Park"}, {"name": "Di Fox"}])
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    return Match.objects.create(round=r1, board=1, side0=a, side1=b)


def right_edge(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"]


def test_a_void_relabels_the_next_downer_at_once_on_a_phone(browser, live_server,
                                                            dora_and_officials,
                                                            a11y, screenshots):
    m = pairs_board(dora_and_officials)
    page = new_page(browser, **PHONE)
    sign_in(page, live_server.url, "arnie")
    page.goto(f"{live_server.url}/arbiter/match/{m.pk}/")
    page.locator("#set-1 fieldset.drawn-starter input[value='0']").check()
    page.locator("#set-1 details.hands > summary").click()
    rows = page.locator("#set-1 .hand-row")
    downs = [rows.nth(i).locator(".starter") for i in range(3)]
    expect(downs[0]).to_have_text("Ann Lee (A1) downs")
    expect(downs[1]).to_have_text("Bo Park (B1) downs")
    # Played out of turn: the same seat downs the re-deal.
    page.locator("select[name=s1_h1_void]").select_option("out_of_turn")
    page.locator("select[name=s1_h1_void_seat]").select_option("1")
    expect(downs[1]).to_have_text("Ann Lee (A1) downs")
    expect(downs[2]).to_have_text("Bo Park (B1) downs")
    # Wrong number of dominoes, by B1: the seat after the offender (A2) downs.
    page.locator("select[name=s1_h1_void]").select_option("wrong_count")
    expect(downs[1]).to_have_text("Cy Dee (A2) downs")
    expect(downs[2]).to_have_text("Di Fox (B2) downs")
    page.locator("select[name=s1_h1_void]").select_option("")
    expect(downs[1]).to_have_text("Bo Park (B1) downs")
    # The void's choices are whole on a 390 px screen, and nothing scrolls sideways.
    page.locator("select[name=s1_h1_void]").select_option("pickup_exposed")
    width = page.viewport_size["width"]
    for name in ("s1_h1_void", "s1_h1_void_seat"):
        select = page.locator(f"select[name={name}]")
        assert right_edge(select) <= width
        assert select.evaluate("s => s.scrollWidth <= s.clientWidth + 1")
    # Hand boxes open the keyboard with a minus (a penalty can take points away).
    assert page.locator("input[name=s1_h1_a]").get_attribute("inputmode") == "text"
    assert_no_sideways_scroll(page)
    screenshots(page, "h22-01-phone-void-relabels-downer")
    a11y.check(page, "arbiter-pairs-entry-void")
    a11y.assert_clean()


def test_the_confirmer_reads_the_hand_sheet_beside_confirm(browser, live_server, dora_and_officials,
                                                           a11y, screenshots):
    m = pairs_board(dora_and_officials)
    record = sim.play_match(4, sim.BNDCC_PAIRS, penalty_kinds=sim.VOIDING,
                            penalty_rate=0.05)
    record["players"] = ["Cy Dee", "Bo Park", "Ann Lee", "Di Fox"]
    results.submit_result(m.pk, dora_and_officials["arnie"], version=0, record=record)
    page = new_page(browser, **PHONE)
    sign_in(page, live_server.url, "bella")
    page.goto(f"{live_server.url}/arbiter/match/{m.pk}/")
    sheet = page.locator("details.stored-sheets")
    expect(sheet).to_have_attribute("open", "")
    expect(sheet.locator("summary")).to_have_text("Hand sheet and play by play, as stored")
    first = record["sets"][0]
    expect(sheet.locator("table.hand-sheet").first.locator("tbody tr:not(.hand-detail)")
           ).to_have_count(len(first["hands"]))
    expect(sheet.locator("pre.plays").first).to_be_visible()
    # The stored sets name the member who started each, not the pair.
    starters = page.locator(".stored-result table").first.locator("tbody td:nth-child(2)")
    words = ["Cy Dee (A1)", "Bo Park (B1)", "Ann Lee (A2)", "Di Fox (B2)"]
    expect(starters).to_have_text([words[s["starter"]] for s in record["sets"]])
    expect(page.get_by_role("button", name="Confirm this result")).to_be_visible()
    assert_no_sideways_scroll(page)
    screenshots(page, "h22-02-phone-confirmer-hand-sheet")
    a11y.check(page, "arbiter-confirm-with-sheet")
    page.goto(f"{live_server.url}/arbiter/match/{m.pk}/history/")
    page.locator("details.stored-sheets summary").first.click()
    expect(page.locator("details.stored-sheets pre.plays").first).to_be_visible()
    screenshots(page, "h22-03-phone-history-hand-sheet")
    a11y.check(page, "arbiter-history-with-sheet")
    a11y.assert_clean()


def test_the_create_form_offers_only_what_the_ruleset_allows(browser, live_server,
                                                             dora_and_officials,
                                                             a11y, screenshots):
    page = new_page(browser, **DESKTOP)
    sign_in(page, live_server.url, "dora")
    page.goto(f"{live_server.url}/manage/new/")
    ruleset, target = page.get_by_label("Ruleset"), page.get_by_label("A set is won at", exact=True)
    sets = page.get_by_label("Sets to win the match")

    def offered(select):
        return select.locator("option:not([disabled])").evaluate_all(
            "options => options.map(o => o.value)")

    ruleset.select_option("mso")
    assert offered(target) == ["61"] and offered(sets) == ["2"]
    ruleset.select_option("bndcc")
    assert offered(target) == ["61", "121"] and offered(sets) == ["1", "2", "3"]
    target.select_option("121")
    sets.select_option("1")
    ruleset.select_option("mso")  # a choice the rules refuse goes back to one they allow
    expect(target).to_have_value("61")
    expect(sets).to_have_value("2")
    screenshots(page, "h22-04-create-form-mso-formats")
    a11y.check(page, "director-create-formats")
    page.get_by_label("Name", exact=True).fill("Leek Open")
    page.get_by_role("button", name="Create the event").click()
    # The dashboard's main button is the step it names.
    expect(page.locator(".next-step a.button.primary")).to_have_text("Add entrants")
    screenshots(page, "h22-05-dashboard-next-step")
    a11y.check(page, "director-dashboard-next-step")
    a11y.assert_clean()


def test_a_phone_shows_results_and_tie_breaks_without_scrolling(browser, live_server,
                                                                 a11y, screenshots):
    generate_event(40, 3, slug="phone", seed=3, last_live=True)
    page = new_page(browser, **PHONE)
    base = live_server.url
    page.goto(f"{base}/phone/round/3/")
    width = page.viewport_size["width"]
    table = page.locator("table.pairings")
    result = table.locator("tbody tr").first.locator("td:last-child")
    expect(result).to_be_visible()
    assert right_edge(result) <= width
    assert right_edge(table) <= width
    screenshots(page, "h22-06-phone-round-results")
    a11y.check(page, "public-round-phone")
    page.goto(f"{base}/phone/standings/")
    standings = page.locator("table.standings")
    headers = [h.strip() for h in standings.locator("thead th:visible").all_inner_texts()]
    assert [h.upper() for h in headers] == ["RANK", "PLAYER", "PTS", "SPREAD", "SB"]
    assert right_edge(standings) <= width
    expect(page.locator(".tiebreak-help summary")).to_have_text("What the tie-breaks are")
    screenshots(page, "h22-07-phone-standings")
    a11y.check(page, "public-standings-phone")
    # "After round" goes to the table's own address, which can be shared.
    page.get_by_label("After round").select_option("1")
    page.wait_for_url(f"{base}/phone/standings/?after_round=1")
    expect(page.get_by_role("heading", level=2).first).to_have_text("Standings after round 1")
    screenshots(page, "h22-08-phone-standings-after-round-1")
    # A player's page says what "dropped" means on the screen, not off it to the side
    # (it was the table's caption, as wide as the table).
    page.goto(f"{base}/phone/player/1/")
    note = page.locator("#rounds-note")
    expect(note).to_contain_text("The spread marked “dropped” is the best round")
    expect(note).to_contain_text("Scroll the table sideways for more.")
    assert right_edge(note) <= width
    caption = page.locator("table.player-rounds caption")
    expect(caption).to_have_text("Round by round")
    expect(caption).to_have_css("text-align", "left")  # centred, it sat half off screen
    screenshots(page, "h22-09-phone-player-rounds-note")
    a11y.check(page, "public-player-phone")
    a11y.assert_clean()
