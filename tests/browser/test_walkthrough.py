"""The whole job in Chromium, as new users do it, against the live server.

A director creates an event, imports 9 entrants by CSV, adds two arbiters, pairs and
publishes round 1; arbiter 1 (on a phone) enters every board, a wrong score first;
arbiter 2 confirms them; the public reads the standings and the round page.
Screenshots of every step land in screenshots/ (git ignores it).
"""

import re

import pytest
from django.contrib.auth.models import Permission, User
from playwright.sync_api import expect

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
# Set scores by board, from the first-named player's side (A starts set 1).
RESULTS = {
    1: [(61, 40), (52, 61), (61, 58)],  # A wins 2-1, spread +15
    2: [(40, 61), (61, 55), (50, 61)],  # B wins 2-1
    3: [(61, 30), (61, 45)],  # A wins 2-0
    4: [(33, 61), (58, 61)],  # B wins 2-0
}
MSO_ORDER_TEXT = "head to head, then points spread, then Sonneborn-Berger"


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
    context.set_default_timeout(10_000)
    return context.new_page()


def assert_no_sideways_scroll(page):
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def board_links(page):
    """{board number: (href, first player, second player)} from the arbiter's boards list."""
    boards = {}
    for link in page.locator("a.board").all():
        number = int(re.search(r"\d+", link.locator(".board-no").inner_text()).group())
        first, second = link.locator(".players").inner_text().split(" – ")
        boards[number] = (link.get_attribute("href"), first.strip(), second.strip())
    return boards


def test_walkthrough(browser, live_server, accounts, screenshots):
    base = live_server.url

    # 1. The director: sign in, create the event, entrants, officials, round 1.
    director = new_page(browser, viewport={"width": 1280, "height": 900})
    director.goto(f"{base}/accounts/login/")
    expect(director.get_by_role("heading", name="Sign in")).to_be_visible()
    screenshots(director, "01-login")
    sign_in(director, base, "dora")

    director.goto(f"{base}/manage/new/")
    director.get_by_label("Name", exact=True).fill(EVENT)
    director.get_by_label("Web address").fill(SLUG)
    expect(director.get_by_label("Rounds planned")).to_have_value("5")
    # A new event plays the Mind Sports Olympiad rules unless the director picks others.
    expect(director.get_by_label("Ruleset")).to_have_value("mso")
    director.get_by_role("button", name="Create the event").click()
    expect(director).to_have_url(f"{base}/manage/{SLUG}/")
    expect(director.get_by_role("heading", name="Next step")).to_be_visible()
    facts = director.locator("dl.facts")
    expect(facts).to_contain_text("head to head, points spread, Sonneborn-Berger")
    expect(facts.locator("dt:has-text('Ruleset') + dd")).to_have_text("mso")
    screenshots(director, "02-event-created")

    director.goto(f"{base}/manage/{SLUG}/entrants/")
    csv = "name,club,rating\n" + "\n".join(f"{n},{c},{r}" for n, c, r in ENTRANTS)
    import_form = director.locator("form#import")
    import_form.get_by_label("…or paste the list").fill(csv)
    import_form.get_by_role("button", name="Import").click()
    # A preview of the list as read; nothing is stored until it is confirmed.
    expect(director.get_by_role("heading", name="Import preview")).to_be_visible()
    director.get_by_role("button", name="Import these 9 entrants").click()
    expect(director.get_by_text("9 entrants imported.")).to_be_visible()
    expect(director.get_by_role("heading", name="Entrants (9)")).to_be_visible()
    for name, _, _ in ENTRANTS:
        expect(director.get_by_role("cell", name=name, exact=True)).to_be_visible()
    screenshots(director, "03-entrants-imported")

    director.goto(f"{base}/manage/{SLUG}/")
    officials = director.locator("#officials")
    for username in ("arnie", "bella"):
        officials.get_by_label("Username").fill(username)
        officials.get_by_role("button", name="Add", exact=True).click()
        expect(director.get_by_text(f"{username} is now arbiter of {EVENT}.")).to_be_visible()
    expect(officials.locator("ul.plain")).to_contain_text("arnie")
    expect(officials.locator("ul.plain")).to_contain_text("bella")
    screenshots(director, "04-officials-added")

    director.get_by_role("button", name="Pair the next round").click()
    expect(director).to_have_url(f"{base}/manage/{SLUG}/rounds/1/")
    expect(director.get_by_role("heading", level=2, name="Round 1")).to_contain_text("Draft")
    rows = director.locator("table.round-boards tbody tr")
    expect(rows).to_have_count(5)  # 4 boards and a bye
    screenshots(director, "05-round1-draft")
    director.get_by_role("button", name="Publish round 1").click()
    expect(director.get_by_text("Round 1 is published")).to_be_visible()
    expect(director.get_by_role("heading", level=2, name="Round 1")).to_contain_text("Published")
    screenshots(director, "06-round1-published")

    # 2. Arbiter 1, on a phone: every board, a wrong score first.
    arbiter = new_page(browser, viewport={"width": 390, "height": 844},
                       device_scale_factor=2, is_mobile=True, has_touch=True)
    sign_in(arbiter, base, "arnie")
    arbiter.goto(f"{base}/arbiter/{SLUG}/")
    expect(arbiter.get_by_role("heading", level=2, name="Round 1")).to_be_visible()
    boards = board_links(arbiter)
    assert sorted(boards) == [1, 2, 3, 4]
    bye_text = arbiter.locator(".board.bye .players").inner_text()
    bye_holder = bye_text.split(" — ")[0].strip()
    assert_no_sideways_scroll(arbiter)
    screenshots(arbiter, "07-arbiter-boards")

    href, first, second = boards[1]
    arbiter.goto(base + href)
    expect(arbiter.get_by_role("heading", name="Board 1")).to_be_visible()
    expect(arbiter.locator(".players-line")).to_contain_text(first)
    assert_no_sideways_scroll(arbiter)
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
    screenshots(arbiter, "09-arbiter-invalid-result-phone")

    winners, losers = set(), set()
    for number in sorted(boards):
        href, first, second = boards[number]
        arbiter.goto(base + href)
        expect(arbiter.get_by_role("heading", name=f"Board {number}")).to_be_visible()
        for s in range(1, 4):
            a, b = RESULTS[number][s - 1] if s <= len(RESULTS[number]) else ("", "")
            arbiter.locator(f"input[name=s{s}_a]").fill(str(a))
            arbiter.locator(f"input[name=s{s}_b]").fill(str(b))
        arbiter.get_by_role("button", name="Store the result").click()
        expect(arbiter.get_by_text(f"Board {number}: result stored")).to_be_visible()
        a_sets = sum(a > b for a, b in RESULTS[number])
        winner, loser = (first, second) if a_sets == 2 else (second, first)
        winners.add(winner)
        losers.add(loser)
    expect(arbiter.locator("a.board .badge")).to_have_text(["Entered"] * 4)
    screenshots(arbiter, "10-arbiter-all-entered")

    # The one who entered a result cannot confirm it.
    arbiter.goto(base + boards[1][0])
    expect(arbiter.get_by_role("button", name="Confirm this result")).to_have_count(0)
    expect(arbiter.get_by_text("another arbiter or a director must confirm it")).to_be_visible()

    # Entered but not confirmed: the public does not see the scores yet.
    public = new_page(browser, viewport={"width": 1280, "height": 900})
    public.goto(f"{base}/{SLUG}/round/1/")
    expect(public.locator("table.pairings tbody")).not_to_contain_text("61–40")

    # 3. Arbiter 2 confirms each result.
    checker = new_page(browser, viewport={"width": 1280, "height": 900})
    sign_in(checker, base, "bella")
    for number in sorted(boards):
        checker.goto(base + boards[number][0])
        stored = checker.locator(".stored-result tbody tr")
        expect(stored).to_have_count(len(RESULTS[number]))
        for row, (a, b) in zip(stored.all(), RESULTS[number], strict=True):
            expect(row.locator("td.num")).to_have_text([str(a), str(b)])
        if number == 1:
            screenshots(checker, "11-arbiter2-confirm")
        checker.get_by_role("button", name="Confirm this result").click()
        expect(checker.get_by_text(f"Board {number}: result confirmed.")).to_be_visible()
    expect(checker.locator("a.board .badge")).to_have_text(["Confirmed"] * 4)
    screenshots(checker, "12-arbiter2-all-confirmed")

    # 4. The public, signed in as nobody.
    public.goto(f"{base}/{SLUG}/standings/")
    expect(public.locator("main, body").first).to_contain_text(MSO_ORDER_TEXT)
    table = public.locator("table.standings tbody tr")
    expect(table).to_have_count(9)
    standing = []
    for row in table.all():
        cells = row.locator("td")
        standing.append((cells.nth(0).inner_text().strip(), cells.nth(1).inner_text().strip(),
                         cells.nth(3).inner_text().strip()))
        # Points spread less the best round, then Sonneborn-Berger: 0 for everyone.
        expect(cells.nth(4)).to_have_text("0")
        expect(cells.nth(5)).to_have_text("0")
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
    groups = public.locator("ul.groups")
    expect(groups).to_contain_text("1 point, from place 1")
    expect(groups).to_contain_text("0 points, from place 6")
    expect(groups.locator(":scope > li")).to_have_count(2)
    for item in groups.locator(":scope > li").all():
        expect(item).to_contain_text("not separated")
        # Every step of the order, in words: head to head, spread, Sonneborn-Berger.
        expect(item.locator("ol.steps > li")).to_have_count(3)

    public.goto(f"{base}/{SLUG}/round/1/")
    expect(public.get_by_role("heading", level=2, name="Round 1")).to_be_visible()
    pairings = public.locator("table.pairings tbody tr")
    expect(pairings).to_have_count(5)
    for number, (_, first, second) in boards.items():
        row = pairings.nth(number - 1)  # board order; the "Pts" cells hold numbers too
        expect(row.locator("td").first).to_have_text(str(number))
        expect(row).to_contain_text(first)
        expect(row).to_contain_text(second)
        for a, b in RESULTS[number]:
            expect(row).to_contain_text(f"{a}–{b}")
    expect(pairings.filter(has_text=bye_holder)).to_contain_text("bye")
    screenshots(public, "14-public-round1")


# --------------------------------------------------------------------- accessibility

PUBLIC_PAGES = ["/", "/{slug}/", "/{slug}/round/1/", "/{slug}/round/1/?find=1",
                "/{slug}/round/1/?print=alpha", "/{slug}/round/1/?print=slips",
                "/{slug}/standings/", "/{slug}/crosstable/", "/{slug}/player/1/",
                "/{slug}/round/9/"]


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(n["target"][0] for n in v["nodes"][:3])
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_public_pages_pass_axe_at_desktop_and_phone_sizes(browser, live_server, scheme):
    from tests.public.factories import generate_event

    generate_event(12, rounds=2, slug="axe-open", last_live=True)
    failures = []
    for viewport in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        page = new_page(browser, viewport=viewport, color_scheme=scheme)
        for path in PUBLIC_PAGES:
            url = live_server.url + path.format(slug="axe-open")
            page.goto(url)
            failures += [f"{viewport['width']}px {scheme} {path}: {line}"
                         for line in serious_violations(page)]
        page.context.close()
    assert not failures, "\n".join(failures)
