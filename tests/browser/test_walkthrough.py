"""The whole job in Chromium, as new users do it, against the live server.

Singles: a director creates a two-round event, imports 9 entrants by CSV (a preview, then
the import), adds two arbiters (one of whom is refused when he tries to create an event),
pairs and publishes round 1 and records a half-point bye asked for round 2; arbiter 1 (on
a phone) enters every board, a wrong score first; arbiter 2 confirms them; the public reads
the standings and the round page; round 2 is paired without the player on a bye, played
and confirmed, and the event's public pages say "Final standings" with the podium.

Pairs: a director creates a BNDCC pairs event, imports 6 pairs by CSV, pairs round 1; an
arbiter on a phone enters a board with a hand sheet holding a void hand and a play-by-play
line with a penalty; a second official confirms it; the public standings rank the pairs.

Demo: `load_demo`'s pairs event reads well on the public pages, and a director reopens
one of its boards with a penalty written in play by play.

axe-core checks every page visited, at desktop and phone sizes (tests/browser/a11y.py).
Screenshots of every step land in screenshots/ (git ignores it).
"""

import re

import pytest
from django.contrib.auth.models import Permission, User
from playwright.sync_api import expect

from scoring.simulate import BNDCC_PAIRS, play_match

from . import csp

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "walk-through-pw-1"
SLUG = "walk-open"
EVENT = "Walk-through Open"
ENTRANTS = [  # name, club, rating: pairing numbers follow rating
    ("Ann Lee", "Leek DC", 1900), ("Bob Hart", "Stoke DC", 1850),
    ("Cat Moss", "Leek DC", 1800), ("Dan Pike", "Hanley DC", 1750),
    ("Eve Ford", "Stoke DC", 1700), ("Fay Cole", "Hanley DC", 1650),
    ("Gus Wren", "Leek DC", 1600), ("Hal Dunn", "Stoke DC", 1550),
    ("Ivy Nash", "Burslem DC", 1500),
]
BYE_PLAYER = "Cat Moss"  # asks for a half-point bye in round 2
# Set scores by board, from the first-named player's side (A starts set 1).
RESULTS = {
    1: [(61, 40), (52, 61), (61, 58)],  # A wins 2-1, spread +15
    2: [(40, 61), (61, 55), (50, 61)],  # B wins 2-1
    3: [(61, 30), (61, 45)],  # A wins 2-0
    4: [(33, 61), (58, 61)],  # B wins 2-0
}
RESULTS_ROUND2 = {
    1: [(61, 50), (61, 44)],
    2: [(47, 61), (61, 59), (61, 52)],
    3: [(55, 61), (40, 61)],
    4: [(61, 57), (39, 61), (61, 60)],
}
MSO_ORDER_TEXT = "head to head, then points spread, then Sonneborn-Berger"

PAIRS_SLUG = "walk-pairs"
PAIRS_EVENT = "Walk-through Pairs"
PAIRS = [  # name (blank: made from the members), member 1, club 1, member 2, club 2, rating
    ("", "Ann Lee", "Leek DC", "Bo Park", "Leek DC", 1800),
    ("The Knockers", "Cy Dee", "Stoke DC", "Di Fox", "Stoke DC", 1750),
    ("", "Ed Roe", "Hanley DC", "Flo Bax", "", 1700),
    ("Double Blanks", "Gil Tan", "Burslem DC", "Hu Ong", "Burslem DC", 1650),
    ("", "Ida Kay", "", "Jo Kay", "", 1600),
    ("", "Kit Ash", "Leek DC", "Lu Ash", "Leek DC", 1550),
]
SEATS = ["A1", "B1", "A2", "B2"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def accounts(db):
    dora = User.objects.create_user("dora", password=PASSWORD)
    dora.user_permissions.add(Permission.objects.get(codename="direct_events"))  # may create
    User.objects.create_user("arnie", password=PASSWORD)
    User.objects.create_user("bella", password=PASSWORD)


def sign_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    expect(page.get_by_label("Password")).to_have_count(0)


def new_page(browser, **context_options):
    context = browser.new_context(**context_options)
    context.set_default_timeout(30_000)  # a click or a load, on a busy machine (conftest)
    return csp.watch(context.new_page())  # a CSP violation fails the test (conftest.py)


def assert_no_sideways_scroll(page):
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def board_links(page):
    """{board number: (href, first entrant, second entrant)} from the arbiter's boards."""
    boards = {}
    for link in page.locator("a.board").all():
        number = int(re.search(r"\d+", link.locator(".board-no").inner_text()).group())
        # "3. Ann Lee – 7. Bo Park": each name after its pairing number.
        first, second = (re.sub(r"^\d+\.\s+", "", side.strip())
                         for side in link.locator(".players").inner_text().split(" – "))
        boards[number] = (link.get_attribute("href"), first, second)
    return boards


def column_texts(table, header):
    """The cells of the column headed `header` in a table, as text, row by row."""
    # text_content: the words as written, whatever case the stylesheet shows them in.
    headers = [h.strip() for h in table.locator("thead th").all_text_contents()]
    index = headers.index(header)
    return [" ".join(row.locator("td").nth(index).text_content().split())
            for row in table.locator("tbody tr").all()]


def create_event(director, base, a11y, *, name, slug, rounds=None, ruleset=None,
                 entrants=None):
    director.goto(f"{base}/manage/new/")
    a11y.check(director, "director-create-event")
    director.get_by_label("Name", exact=True).fill(name)
    director.get_by_label("Web address").fill(slug)
    if rounds is not None:
        director.get_by_label("Rounds planned").fill(str(rounds))
    if ruleset is not None:
        director.get_by_label("Ruleset").select_option(ruleset)
    if entrants is not None:
        director.get_by_role("radio", name=entrants, exact=True).check()
    director.get_by_role("button", name="Create the event").click()
    expect(director).to_have_url(f"{base}/manage/{slug}/")
    expect(director.get_by_role("heading", name="Next step")).to_be_visible()


def import_csv(director, base, a11y, slug, csv, count):
    director.goto(f"{base}/manage/{slug}/entrants/")
    a11y.check(director, "director-entrants")
    import_form = director.locator("form#import")
    import_form.get_by_label("…or paste the list").fill(csv)
    import_form.get_by_role("button", name="Import").click()
    # A preview of the list as read; nothing is stored until it is confirmed.
    expect(director.get_by_role("heading", name="Import preview")).to_be_visible()
    a11y.check(director, "director-import-preview")
    director.get_by_role("button", name=f"Import these {count} entrants").click()
    expect(director.get_by_text(f"{count} entrants imported.")).to_be_visible()
    expect(director.get_by_role("heading", name=f"Entrants ({count})")).to_be_visible()


def add_officials(director, base, slug, event):
    director.goto(f"{base}/manage/{slug}/")
    officials = director.locator("#officials")
    for username in ("arnie", "bella"):
        officials.get_by_label("Username").fill(username)
        officials.get_by_role("button", name="Add", exact=True).click()
        expect(director.get_by_text(f"If there is an account called {username}, it is now "
                                    f"arbiter of {event}")).to_be_visible()
    expect(officials.locator("ul.plain")).to_contain_text("arnie")
    expect(officials.locator("ul.plain")).to_contain_text("bella")


def pair_and_publish(director, base, a11y, slug, number, rows, shot=None):
    director.goto(f"{base}/manage/{slug}/")
    a11y.check(director, "director-dashboard")
    director.get_by_role("button", name=f"Pair round {number}", exact=True).click()
    expect(director).to_have_url(f"{base}/manage/{slug}/rounds/{number}/")
    heading = director.get_by_role("heading", level=2, name=f"Round {number}")
    expect(heading).to_contain_text("Draft")
    expect(director.locator("table.round-boards tbody tr")).to_have_count(rows)
    a11y.check(director, "director-round-draft")
    if shot:
        shot(director, "draft")
    director.get_by_role("button", name=f"Publish round {number}").click()
    expect(director.get_by_text(f"Round {number} is published")).to_be_visible()
    expect(heading).to_contain_text("Published")
    a11y.check(director, "director-round-published")
    if shot:
        shot(director, "published")


def enter_sets(page, base, href, number, sets):
    page.goto(base + href)
    expect(page.get_by_role("heading", name=f"Board {number}")).to_be_visible()
    for s in range(1, 4):
        a, b = sets[s - 1] if s <= len(sets) else ("", "")
        page.locator(f"input[name=s{s}_a]").fill(str(a))
        page.locator(f"input[name=s{s}_b]").fill(str(b))
    page.get_by_role("button", name="Store the result").click()
    expect(page.get_by_text(f"Board {number}: result stored")).to_be_visible()


def confirm(page, base, href, number):
    page.goto(base + href)
    page.get_by_role("button", name="Confirm this result").click()
    expect(page.get_by_text(f"Board {number}: result confirmed.")).to_be_visible()


def winner_of(sets, first, second):
    return first if sum(a > b for a, b in sets) > len(sets) / 2 else second


def test_walkthrough(browser, live_server, accounts, screenshots, a11y):
    base = live_server.url

    # 1. The director: sign in, create the event, entrants, officials, round 1.
    director = new_page(browser, **DESKTOP)
    director.goto(f"{base}/accounts/login/")
    expect(director.get_by_role("heading", name="Sign in")).to_be_visible()
    a11y.check(director, "login")
    screenshots(director, "01-login")
    sign_in(director, base, "dora")
    a11y.check(director, "director-home")

    director.goto(f"{base}/manage/new/")
    expect(director.get_by_label("Rounds planned")).to_have_value("5")
    # A new event plays the Mind Sports Olympiad rules unless the director picks others.
    expect(director.get_by_label("Ruleset")).to_have_value("mso")
    create_event(director, base, a11y, name=EVENT, slug=SLUG, rounds=2)
    facts = director.locator("dl.facts")
    expect(facts).to_contain_text("head to head, points spread, Sonneborn-Berger")
    expect(facts.locator("dt:has-text('Ruleset') + dd")).to_have_text("mso")
    expect(facts.locator("dt:has-text('Rounds planned') + dd")).to_have_text("2")
    screenshots(director, "02-event-created")

    csv = "name,club,rating\n" + "\n".join(f"{n},{c},{r}" for n, c, r in ENTRANTS)
    import_csv(director, base, a11y, SLUG, csv, 9)
    for name, _, _ in ENTRANTS:
        expect(director.get_by_role("cell", name=name, exact=True)).to_be_visible()
    screenshots(director, "03-entrants-imported")

    add_officials(director, base, SLUG, EVENT)
    screenshots(director, "04-officials-added")

    shots = iter(["05-round1-draft", "06-round1-published"])
    pair_and_publish(director, base, a11y, SLUG, 1, 5,  # 4 boards and a bye
                     shot=lambda page, _: screenshots(page, next(shots)))

    # A half-point bye asked for round 2, recorded before that round is paired.
    director.get_by_role("link", name="Byes & absences").click()
    expect(director.get_by_role("heading", name="Byes and absences of coming rounds"))\
        .to_be_visible()
    a11y.check(director, "director-byes")
    form = director.locator("form#attendance")
    form.get_by_label("Entrant").select_option(label=f"3. {BYE_PLAYER}")
    form.get_by_label("Round", exact=True).select_option(label="Round 2")
    form.get_by_label("In that round").select_option("half_bye")
    form.get_by_label("Reason").fill("at a wedding in the afternoon")
    form.get_by_role("button", name="Record").click()
    recorded = director.locator("section", has=director.get_by_role("heading", name="Recorded"))
    expect(recorded.locator("tbody tr")).to_have_count(1)
    expect(recorded.locator("tbody tr td")).to_have_text(
        ["2", f"3. {BYE_PLAYER}", "Half-point bye", "remove"])
    screenshots(director, "06b-bye-recorded")

    # 2. Arbiter 1, on a phone: not a director, so he cannot create an event.
    arbiter = new_page(browser, **PHONE)
    sign_in(arbiter, base, "arnie")
    response = arbiter.goto(f"{base}/manage/new/")
    assert response.status == 403
    expect(arbiter.get_by_role("heading", name="You cannot create events")).to_be_visible()
    expect(arbiter.get_by_label("Name", exact=True)).to_have_count(0)
    a11y.check(arbiter, "refused-create-event")
    screenshots(arbiter, "06c-arbiter-cannot-create")
    # Nor by posting the form by hand: the server refuses, and no event appears.
    token = next(c["value"] for c in arbiter.context.cookies() if c["name"] == "csrftoken")
    posted = arbiter.request.post(f"{base}/manage/new/", form={
        "csrfmiddlewaretoken": token, "name": "Sneaky Open", "slug": "sneaky",
        "ruleset": "mso", "entrants_kind": "singles", "rounds_planned": "5"},
        headers={"Referer": f"{base}/manage/new/"})
    assert posted.status == 403
    arbiter.goto(f"{base}/")
    a11y.check(arbiter, "public-events")
    expect(arbiter.locator("table.events tbody tr")).to_have_count(1)
    expect(arbiter.locator("table.events")).to_contain_text(EVENT)
    assert arbiter.goto(f"{base}/sneaky/").status == 404

    # Every board, a wrong score first.
    arbiter.goto(f"{base}/arbiter/{SLUG}/")
    expect(arbiter.get_by_role("heading", level=2, name="Round 1")).to_be_visible()
    boards = board_links(arbiter)
    assert sorted(boards) == [1, 2, 3, 4]
    bye_text = arbiter.locator(".board.bye .players").inner_text()
    bye_holder = re.sub(r"^\d+\.\s+", "", bye_text.split(" — ")[0].strip())  # "9. Ivy Nash"
    assert_no_sideways_scroll(arbiter)
    a11y.check(arbiter, "arbiter-boards")
    screenshots(arbiter, "07-arbiter-boards")

    href, first, second = boards[1]
    arbiter.goto(base + href)
    expect(arbiter.get_by_role("heading", name="Board 1")).to_be_visible()
    expect(arbiter.locator(".players-line")).to_contain_text(first)
    assert_no_sideways_scroll(arbiter)
    a11y.check(arbiter, "arbiter-board")
    screenshots(arbiter, "08-arbiter-board-phone")
    arbiter.locator("input[name=s1_a]").fill("61")
    arbiter.locator("input[name=s1_b]").fill("61")
    arbiter.locator("input[name=s2_a]").fill("40")
    arbiter.locator("input[name=s2_b]").fill("61")
    arbiter.get_by_role("button", name="Store the result").click()
    # Refused: said in words next to set 1, and what was typed is still there.
    expect(arbiter.get_by_role("alert")).to_contain_text("Nothing was stored")
    set1 = arbiter.locator("fieldset#set-1")
    expect(set1.locator("ul.errorlist")).to_be_visible()
    expect(set1.locator("ul.errorlist")).to_contain_text("61–61")
    expect(arbiter.locator("fieldset#set-2 ul.errorlist")).to_have_count(0)
    expect(arbiter.locator("input[name=s1_a]")).to_have_value("61")
    expect(arbiter.locator("input[name=s1_b]")).to_have_value("61")
    expect(arbiter.locator("input[name=s2_a]")).to_have_value("40")
    expect(arbiter.locator("input[name=s2_b]")).to_have_value("61")
    expect(arbiter.locator("input[name=s1_a]")).to_have_attribute("aria-describedby",
                                                                   "s1-errors")
    assert_no_sideways_scroll(arbiter)
    a11y.check(arbiter, "arbiter-board-refused")
    screenshots(arbiter, "09-arbiter-invalid-result-phone")

    winners, losers = set(), set()
    for number in sorted(boards):
        href, first, second = boards[number]
        enter_sets(arbiter, base, href, number, RESULTS[number])
        winner = winner_of(RESULTS[number], first, second)
        winners.add(winner)
        losers.add(second if winner == first else first)
    a11y.check(arbiter, "arbiter-boards-entered")
    expect(arbiter.locator("a.board .badge")).to_have_text(["Entered"] * 4)
    screenshots(arbiter, "10-arbiter-all-entered")

    # The one who entered a result cannot confirm it.
    arbiter.goto(base + boards[1][0])
    expect(arbiter.get_by_role("button", name="Confirm this result")).to_have_count(0)
    expect(arbiter.get_by_text("another arbiter or a director must confirm it")).to_be_visible()
    a11y.check(arbiter, "arbiter-board-entered")

    # Entered but not confirmed: the public does not see the scores yet.
    public = new_page(browser, **DESKTOP)
    public.goto(f"{base}/{SLUG}/round/1/")
    expect(public.locator("table.pairings tbody")).not_to_contain_text("61–40")

    # 3. Arbiter 2 confirms each result.
    checker = new_page(browser, **DESKTOP)
    sign_in(checker, base, "bella")
    for number in sorted(boards):
        checker.goto(base + boards[number][0])
        stored = checker.locator(".stored-result tbody tr")
        expect(stored).to_have_count(len(RESULTS[number]))
        for row, (a, b) in zip(stored.all(), RESULTS[number], strict=True):
            expect(row.locator("td.num")).to_have_text([str(a), str(b)])
        if number == 1:
            a11y.check(checker, "arbiter-confirm")
            screenshots(checker, "11-arbiter2-confirm")
        checker.get_by_role("button", name="Confirm this result").click()
        expect(checker.get_by_text(f"Board {number}: result confirmed.")).to_be_visible()
    expect(checker.locator("a.board .badge")).to_have_text(["Confirmed"] * 4)
    screenshots(checker, "12-arbiter2-all-confirmed")

    # 4. The public, signed in as nobody.
    public.goto(f"{base}/{SLUG}/standings/")
    expect(public.locator("main")).to_contain_text(MSO_ORDER_TEXT)
    table = public.locator("table.standings")
    expect(table.locator("tbody tr")).to_have_count(9)
    a11y.check(public, "public-standings")
    standing = list(zip(column_texts(table, "Rank"), column_texts(table, "Player"),
                        column_texts(table, "Pts"), strict=True))
    # Points spread less the best round, then Sonneborn-Berger: 0 for everyone.
    assert set(column_texts(table, "Spread")) == {"0"}
    assert set(column_texts(table, "SB")) == {"0"}
    screenshots(public, "13-public-standings")

    # With one round: the four winners and the bye holder on 1 point, the four losers
    # on 0. Nobody level met (winners played losers), so head to head separates none;
    # the spread less the best round is 0 for all; Sonneborn-Berger is 0 for all
    # (every beaten opponent has 0 points). So each group shares its place.
    on_one = {name for _, name, points in standing if points == "1"}
    on_zero = {name for _, name, points in standing if points == "0"}
    assert on_one == winners | {bye_holder}
    assert on_zero == losers
    assert [points for _, _, points in standing] == ["1"] * 5 + ["0"] * 4
    assert [rank for rank, _, _ in standing] == ["=1"] * 5 + ["=6"] * 4
    groups = public.locator("ul.groups > li")
    expect(groups).to_have_count(2)
    expect(groups.nth(0)).to_contain_text("1 point, from place 1")
    expect(groups.nth(1)).to_contain_text("0 points, from place 6")
    for item in groups.all():
        expect(item).to_contain_text("not separated")
    round1_points = dict((name, points) for _, name, points in standing)

    public.goto(f"{base}/{SLUG}/round/1/")
    expect(public.get_by_role("heading", level=2, name="Round 1")).to_be_visible()
    pairings = public.locator("table.pairings tbody tr")
    expect(pairings).to_have_count(5)
    for number, (_, first, second) in boards.items():
        row = pairings.filter(has=public.get_by_role("cell", name=str(number), exact=True))
        expect(row).to_contain_text(first)
        expect(row).to_contain_text(second)
        for a, b in RESULTS[number]:
            expect(row).to_contain_text(f"{a}–{b}")
    expect(pairings.filter(has_text=bye_holder)).to_contain_text("bye")
    a11y.check(public, "public-round")
    screenshots(public, "14-public-round1")
    for path, name in ((f"/{SLUG}/", "public-event"), (f"/{SLUG}/crosstable/",
                                                        "public-crosstable"),
                       (f"/{SLUG}/player/1/", "public-player")):
        public.goto(base + path)
        expect(public.get_by_role("heading", level=1)).to_contain_text(EVENT)
        a11y.check(public, name)

    # 5. Round 2: the player on a bye is left out and said to be so.
    pair_and_publish(director, base, a11y, SLUG, 2, 4)  # 8 players paired: 4 boards
    not_paired = director.locator("#not-paired")
    expect(not_paired).to_contain_text("Half-point bye (0.5 points): 3. Cat Moss")
    screenshots(director, "15-round2-published-bye")
    public.goto(f"{base}/{SLUG}/round/2/")
    expect(public.locator("table.pairings")).not_to_contain_text(BYE_PLAYER)
    expect(public.locator("ul.not-paired")).to_contain_text(f"Half-point bye: {BYE_PLAYER}")
    a11y.check(public, "public-round-live")
    screenshots(public, "16-public-round2-bye")

    arbiter.goto(f"{base}/arbiter/{SLUG}/")
    expect(arbiter.get_by_role("heading", level=2, name="Round 2")).to_be_visible()
    boards2 = board_links(arbiter)
    assert sorted(boards2) == [1, 2, 3, 4]
    for number, (href, _, _) in boards2.items():
        enter_sets(arbiter, base, href, number, RESULTS_ROUND2[number])
    for number, (href, _, _) in boards2.items():
        confirm(checker, base, href, number)
    expect(checker.locator("a.board .badge")).to_have_text(["Confirmed"] * 4)
    # The last result confirmed closed round 2, the last planned: the event is finished.
    expect(checker.get_by_role("heading", level=2, name="Round 2")).to_contain_text("Closed")
    director.goto(f"{base}/manage/{SLUG}/")
    expect(director.get_by_role("heading", level=1)).to_contain_text("Finished")
    director.get_by_role("link", name="Audit log", exact=True).click()
    audit = director.locator("table.audit")
    expect(audit).to_contain_text("Round 2 closed: its last result counts")
    expect(audit).to_contain_text(f"Round 2: {BYE_PLAYER} — half-point bye (0.5 points)")
    a11y.check(director, "director-audit")

    # 6. The public sees a finished event: final standings, a podium, no refreshing.
    public.goto(f"{base}/{SLUG}/")
    expect(public.get_by_role("link", name="Final standings")).to_be_visible()
    expect(public.locator(".live-note")).to_have_count(0)
    expect(public.locator("meta[http-equiv=refresh]")).to_have_count(0)
    expect(public.locator(".card.live")).to_have_count(0)
    podium = public.locator("section.podium li")
    expect(podium.first).to_be_visible()
    a11y.check(public, "public-event-finished")
    screenshots(public, "17-public-event-finished")

    public.get_by_role("link", name="Final standings").click()
    expect(public.get_by_role("heading", level=2, name="Final standings")).to_be_visible()
    expect(public.locator(".live-note")).to_have_count(0)
    table = public.locator("table.standings")
    ranks = column_texts(table, "Rank")
    names = column_texts(table, "Player")
    points = dict(zip(names, column_texts(table, "Pts"), strict=True))
    top = [name for rank, name in zip(ranks, names, strict=True)
           if int(rank.lstrip("=")) <= 3]
    expect(public.locator("section.podium li a")).to_have_text(top)
    # The requested half-point bye scored 0.5 in round 2.
    assert float(points[BYE_PLAYER]) == float(round1_points[BYE_PLAYER]) + 0.5
    a11y.check(public, "public-standings-final")
    screenshots(public, "18-public-final-standings")
    a11y.assert_clean()


def pairs_match_record():
    """A legal BNDCC pairs match whose set 1 (at most 12 hands) has a hand voided by a
    penalty (out of turn) and another with a domino that would not go: drawn from
    scoring.simulate with a fixed search, so the walk types the same match every run."""
    for seed in range(5000):
        record = play_match(seed, BNDCC_PAIRS, match={"target": 61, "sets_to_win": 2},
                            penalty_kinds=("wont_go", "out_of_turn"), penalty_rate=0.02)
        first = record["sets"][0]
        if len(first["hands"]) > 12 or "awarded_to" in first:
            continue
        void = [i for i, h in enumerate(first["hands"]) if rule_at_end(h) == "out_of_turn"]
        wont_go = [i for i, h in enumerate(first["hands"]) if i not in void and any(
            isinstance(p, dict) and p["penalty"].get("rule") == "wont_go" for p in h["plays"])]
        if void and wont_go:
            return record, void[0], wont_go[0]
    raise AssertionError("no simulated match fits the walk")


def rule_at_end(hand):
    last = hand["plays"][-1] if hand["plays"] else None
    return last["penalty"].get("rule") if isinstance(last, dict) else None


def play_by_play(hand):
    """The hand as an arbiter writes it: deal lines, then the turns."""
    lines = [f"{SEATS[seat]}: {' '.join(tiles)}" for seat, tiles in enumerate(hand["deal"])]
    turns = []
    for play in hand["plays"]:
        if isinstance(play, dict):
            p = play["penalty"]
            turns.append(" ".join(["penalty", SEATS[p["seat"]], p.get("rule", ""),
                                   p.get("tile", "")]).strip())
        else:
            turns.append(play)
    return "\n".join(lines + [", ".join(turns)])


def test_pairs_round(browser, live_server, accounts, screenshots, a11y):
    base = live_server.url
    record, void_index, wont_go_index = pairs_match_record()

    # The director: a BNDCC pairs event, 6 pairs by CSV, officials, round 1.
    director = new_page(browser, **DESKTOP)
    sign_in(director, base, "dora")
    create_event(director, base, a11y, name=PAIRS_EVENT, slug=PAIRS_SLUG, ruleset="bndcc",
                 entrants="Pairs")
    facts = director.locator("dl.facts")
    expect(facts.locator("dt:has-text('Ruleset') + dd")).to_have_text("bndcc")
    expect(facts.locator("dt:has-text('Entrants') + dd")).to_have_text("Pairs")
    expect(facts.locator("dt:has-text('Match format') + dd")).to_have_text(
        "sets to 61, first to 2 sets")
    screenshots(director, "p01-pairs-event-created")

    csv = "name,member1,club1,member2,club2,rating\n" + "\n".join(
        ",".join(map(str, row)) for row in PAIRS)
    import_csv(director, base, a11y, PAIRS_SLUG, csv, 6)
    names = {}
    for name, m1, c1, m2, c2, _ in PAIRS:
        names[(m1, m2)] = name or f"{m1} & {m2}"
        row = director.locator("tbody tr").filter(
            has=director.get_by_role("cell", name=names[(m1, m2)], exact=True))
        expect(row).to_contain_text(f"{m1} ({c1})" if c1 else m1)
        expect(row).to_contain_text(f"{m2} ({c2})" if c2 else m2)
    screenshots(director, "p02-pairs-imported")
    add_officials(director, base, PAIRS_SLUG, PAIRS_EVENT)
    pair_and_publish(director, base, a11y, PAIRS_SLUG, 1, 3)

    # Arbiter 1, on a phone: board 1 with a hand sheet and a line of play by play.
    arbiter = new_page(browser, **PHONE)
    sign_in(arbiter, base, "arnie")
    arbiter.goto(f"{base}/arbiter/{PAIRS_SLUG}/")
    boards = board_links(arbiter)
    assert sorted(boards) == [1, 2, 3]
    href, first, second = boards[1]
    arbiter.goto(base + href)
    expect(arbiter.get_by_role("heading", name="Board 1")).to_be_visible()
    expect(arbiter.locator("fieldset#seating")).to_be_visible()
    a11y.check(arbiter, "arbiter-pairs-board")
    screenshots(arbiter, "p03-pairs-entry-phone")

    # Members as listed sit at A1/B1 (the form's default); the draw decides the downs.
    for s, one in enumerate(record["sets"], start=1):
        arbiter.locator(f"input[name=s{s}_starter][value='{one['starter']}']").check()
        arbiter.locator(f"input[name=s{s}_a]").fill(str(one["score"][0]))
        arbiter.locator(f"input[name=s{s}_b]").fill(str(one["score"][1]))
    set1 = arbiter.locator("fieldset#set-1")
    set1.get_by_text("Score sheet, hand by hand (optional)").click()
    for h, hand in enumerate(record["sets"][0]["hands"], start=1):
        arbiter.locator(f"input[name=s1_h{h}_a]").fill(str(hand["points"][0]))
        arbiter.locator(f"input[name=s1_h{h}_b]").fill(str(hand["points"][1]))
    void_hand = record["sets"][0]["hands"][void_index]
    offender = void_hand["plays"][-1]["penalty"]["seat"]
    arbiter.locator(f"select[name=s1_h{void_index + 1}_void]").select_option("out_of_turn")
    arbiter.locator(f"select[name=s1_h{void_index + 1}_void_seat]").select_option(str(offender))
    row = set1.locator(f".hand-row[data-hand='{wont_go_index + 1}']")
    row.get_by_text("play by play").click()
    text = play_by_play(record["sets"][0]["hands"][wont_go_index])
    assert re.search(r"penalty [AB][12] wont_go \d-\d", text)
    row.locator("textarea").fill(text)
    screenshots(arbiter, "p04-pairs-penalties-typed")
    assert_no_sideways_scroll(arbiter)
    # A slip first: the domino that would not go written as one the offender never held.
    # Only that hand's row is marked, the play named, and nothing is stored.
    hand = record["sets"][0]["hands"][wont_go_index]
    penalty = next(p["penalty"] for p in hand["plays"] if isinstance(p, dict)
                   and p["penalty"].get("rule") == "wont_go")
    held = {frozenset(map(int, t.split("-"))) for t in hand["deal"][penalty["seat"]]}
    stranger = next(f"{a}-{b}" for a in range(7) for b in range(a, 7)
                    if frozenset((a, b)) not in held)
    wrong = text.replace(f"wont_go {penalty['tile']}", f"wont_go {stranger}")
    assert wrong != text
    row.locator("textarea").fill(wrong)
    arbiter.get_by_role("button", name="Store the result").click()
    expect(arbiter.get_by_role("alert")).to_contain_text("Nothing was stored")
    marked = arbiter.locator("fieldset#set-1 .hand-row.field-error")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-hand", str(wont_go_index + 1))
    expect(marked.locator("ul.errorlist")).to_contain_text(f"hand {wont_go_index + 1}, play")
    expect(marked.locator("ul.errorlist")).to_contain_text(stranger)
    expect(marked.locator("textarea")).to_have_value(wrong)  # the typing is kept
    expect(arbiter.locator(f"select[name=s1_h{void_index + 1}_void]")).to_have_value(
        "out_of_turn")
    a11y.check(arbiter, "arbiter-pairs-board-refused")
    screenshots(arbiter, "p04b-pairs-slip-refused")
    marked.locator("textarea").fill(text)
    arbiter.get_by_role("button", name="Store the result").click()
    expect(arbiter.get_by_text("Board 1: result stored")).to_be_visible()
    a11y.check(arbiter, "arbiter-pairs-boards-entered")

    # Arbiter 2 confirms it, reading the sets as stored.
    checker = new_page(browser, **DESKTOP)
    sign_in(checker, base, "bella")
    checker.goto(base + href)
    stored = checker.locator(".stored-result tbody tr")
    expect(stored).to_have_count(len(record["sets"]))
    for row, one in zip(stored.all(), record["sets"], strict=True):
        expect(row.locator("td.num")).to_have_text([str(x) for x in one["score"]])
    a11y.check(checker, "arbiter-pairs-confirm")
    screenshots(checker, "p05-pairs-confirm")
    checker.get_by_role("button", name="Confirm this result").click()
    expect(checker.get_by_text("Board 1: result confirmed.")).to_be_visible()
    checker.goto(base + href)
    checker.get_by_role("link", name="History of this board").click()
    history = checker.locator("table.history tbody tr")
    expect(history).to_have_count(2)  # entered by arnie, confirmed by bella
    expect(history.filter(has_text="arnie")).to_have_count(1)
    expect(history.filter(has_text="bella")).to_have_count(1)
    a11y.check(checker, "arbiter-board-history")

    # The public: the pairs standings, with each pair's members.
    winner = first if record["result"]["winner"] == 0 else second
    public = new_page(browser, **DESKTOP)
    public.goto(f"{base}/{PAIRS_SLUG}/standings/")
    table = public.locator("table.standings")
    expect(table.locator("tbody tr")).to_have_count(6)
    pair_names = column_texts(table, "Pair")
    assert sorted(pair_names) == sorted(names.values())
    points = dict(zip(pair_names, column_texts(table, "Pts"), strict=True))
    partners = dict(zip(pair_names, column_texts(table, "Partners"), strict=True))
    for (m1, m2), name in names.items():
        assert m1 in partners[name] and m2 in partners[name]
    # Board 1 counts; boards 2 and 3 wait for results, and nobody has a bye yet.
    assert points[winner] == "1"
    assert sorted(points.values()) == ["0"] * 5 + ["1"]
    assert pair_names[0] == winner
    a11y.check(public, "public-pairs-standings")
    screenshots(public, "p06-public-pairs-standings")
    public.goto(f"{base}/{PAIRS_SLUG}/round/1/")
    row = public.locator("table.pairings tbody tr").first
    for one in record["sets"]:
        expect(row).to_contain_text(f"{one['score'][0]}–{one['score'][1]}")
    a11y.check(public, "public-pairs-round")
    screenshots(public, "p07-public-pairs-round1")
    a11y.assert_clean()


def test_demo_events_read_well(browser, live_server, screenshots, a11y):
    """The demo (`make run`): its pairs event's pages, and a board whose record shows a
    penalty at play depth as an arbiter reopens it, all pass axe-core."""
    import io

    from django.core.management import call_command

    from tournament.demo.names import DIRECTOR
    from tournament.models import Match

    call_command("load_demo", stdout=io.StringIO())
    base = live_server.url
    public = new_page(browser, **DESKTOP)
    public.goto(f"{base}/demo-pairs/")
    expect(public.get_by_role("heading", level=1)).to_have_text(
        "Staffordshire Pairs Championship")
    expect(public.locator(".card.live")).to_contain_text("Round 4 in play")
    a11y.check(public, "demo-pairs-event")
    public.goto(f"{base}/demo-pairs/standings/")
    table = public.locator("table.standings")
    expect(table.locator("tbody tr")).to_have_count(12)
    assert "Knock Knock" in column_texts(table, "Pair")
    a11y.check(public, "demo-pairs-standings")
    screenshots(public, "d01-demo-pairs-standings")
    public.goto(f"{base}/demo-pairs/round/4/")
    expect(public.locator("ul.not-paired")).to_contain_text("Half-point bye: Knock Knock")
    a11y.check(public, "demo-pairs-round-live")
    for path, name in (("/demo-pairs/crosstable/", "demo-pairs-crosstable"),
                       ("/demo-pairs/player/1/", "demo-pairs-player"),
                       ("/demo-open/standings/", "demo-open-standings")):
        public.goto(base + path)
        a11y.check(public, name)

    # A director reopens a board whose record has a domino that would not go.
    board = next(m for m in Match.objects.filter(round__tournament__slug="demo-pairs",
                                                 round__number=1).order_by("board")
                 if any(isinstance(p, dict) and p["penalty"].get("rule") == "wont_go"
                        for s in m.record["sets"] for h in s.get("hands", [])
                        for p in h.get("plays", [])))
    director = new_page(browser, **PHONE)
    director.goto(f"{base}/accounts/login/")
    director.get_by_label("Username").fill(DIRECTOR[0])
    director.get_by_label("Password").fill(DIRECTOR[1])
    director.get_by_role("button", name="Sign in").click()
    expect(director.get_by_label("Password")).to_have_count(0)
    director.goto(f"{base}/arbiter/match/{board.pk}/")
    director.get_by_text("Correct this result (director)").click()
    plays = director.locator("details.play textarea")
    assert any("wont_go" in t for t in plays.evaluate_all("els => els.map(e => e.value)"))
    a11y.check(director, "demo-correct-board")
    screenshots(director, "d02-demo-correct-board-phone")
    a11y.assert_clean()
