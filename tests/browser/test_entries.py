"""In Chromium: a director opens entries with a cap of 18; twenty people enter on a
phone-size page, each keeping the code shown once; the director accepts all twenty from
the director's screen (eighteen in, two on the waiting list, numbered); one withdraws
with the code, and the first waiting one moves up (shared/spec/venue.md, "Entries
before the day"; issue #30's walk-through)."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission, User
from django.utils import timezone
from playwright.sync_api import expect

from tournament.actions import entries, events
from tournament.models import Entry

from .test_walkthrough import DESKTOP, PASSWORD, PHONE, assert_no_sideways_scroll
from .test_walkthrough import new_page as plain_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def new_page(browser, **options):
    page = plain_page(browser, **options)
    page.set_default_timeout(30_000)  # a shared machine's first pages may be slow
    return page


# The sixteen entries between the first and the waiting ones (cap 18: Ann Lee, these,
# Bo Park are in; Cy Hale and Di Moss wait).
MORE = ["Eve Ward", "Fay Cole", "Gus Hart", "Hal Reed", "Ida Shaw", "Jo Pike", "Kit Dale",
        "Lu Finch", "Max Holt", "Ned Pope", "Olive Lam", "Pat Cross", "Quin Yates",
        "Ros Kerr", "Sid Vane", "Tom Rowe"]


def enter_on_phone(browser, base, slug, name, club, contact, screenshots=None, a11y=None,
                   phone=None):
    phone = phone or new_page(browser, **PHONE)
    phone.goto(f"{base}/{slug}/")
    phone.get_by_role("link", name="Enter Spring Festival").click()
    phone.get_by_label("Your name").fill(name)
    phone.get_by_label("Club (if any)").fill(club)
    phone.get_by_label("Email or phone").fill(contact)
    assert_no_sideways_scroll(phone)
    if screenshots:
        screenshots(phone, "entries-form-phone")
        a11y.check(phone, "entries-form")
    phone.get_by_role("button", name="Send my entry").click()
    expect(phone.locator("#entry-done")).to_contain_text("shown only this once")
    code = phone.locator("#entry-code").inner_text().strip()
    assert_no_sideways_scroll(phone)
    if screenshots:
        screenshots(phone, "entries-code-phone")
        a11y.check(phone, "entries-done")
    return phone, code


def test_entries_with_a_cap_a_waiting_list_and_a_withdrawal(browser, live_server, a11y,
                                                            screenshots):
    base = live_server.url
    dora = User.objects.create_user("dora", password=PASSWORD)
    dora.user_permissions.add(Permission.objects.get(codename="direct_events"))
    event = events.create_tournament(dora, name="Spring Festival", slug="spring-festival")

    desk = new_page(browser, **DESKTOP)
    desk.goto(f"{base}/accounts/login/")
    desk.get_by_label("Username").fill("dora")
    desk.get_by_label("Password").fill(PASSWORD)
    desk.get_by_role("button", name="Sign in").click()
    desk.goto(f"{base}/manage/{event.slug}/entries/")
    desk.get_by_label("Entries are open").check()
    desk.get_by_label("Cap: the most entrants (optional)").fill("18")
    desk.get_by_role("button", name="Save the entries settings").click()
    expect(desk.locator(".messages")).to_contain_text("Entries are open")

    ann, ann_code = enter_on_phone(browser, base, event.slug, "Ann Lee", "Leek DC",
                                   "ann@example.org", screenshots, a11y)
    # Seventeen more from one phone, one after the other, through the event page's link.
    phone, _ = enter_on_phone(browser, base, event.slug, MORE[0], "Leek DC",
                              "0770 0900 100")
    for n, name in enumerate(MORE[1:] + ["Bo Park"], start=1):
        enter_on_phone(browser, base, event.slug, name, "Stoke", f"0770 0900 1{n:02}",
                       phone=phone)
    cy, cy_code = enter_on_phone(browser, base, event.slug, "Cy Hale", "", "cy@example.org")
    enter_on_phone(browser, base, event.slug, "Di Moss", "", "di@example.org", phone=phone)
    assert Entry.objects.filter(tournament=event).count() == 20

    desk.reload()
    expect(desk.locator(".count[data-status=pending]")).to_have_text("20")
    for name in ["Ann Lee", *MORE, "Bo Park", "Cy Hale", "Di Moss"]:  # in the order made
        desk.locator("tr[data-entry]", has_text=name).get_by_role(
            "button", name="Accept").click()
        expect(desk.locator(".messages")).to_contain_text(name)
    expect(desk.locator("#entries tr", has_text="Cy Hale")).to_contain_text("Waiting list 1")
    expect(desk.locator("#entries tr", has_text="Di Moss")).to_contain_text("Waiting list 2")
    expect(desk.locator(".count[data-status=accepted]")).to_have_text("18")
    expect(desk.locator(".count[data-status=waiting]")).to_have_text("2")
    expect(desk.locator("#entries")).to_contain_text("cy@example.org")  # the director's eyes
    screenshots(desk, "entries-director-list")
    a11y.check(desk, "entries-director")

    cy.goto(f"{base}/{event.slug}/enter/status/")
    cy.get_by_label("Your entry code").fill(cy_code)
    cy.get_by_role("button", name="Show my entry").click()
    expect(cy.locator("#entry-status")).to_contain_text("number 1 on the waiting list")

    ann.goto(f"{base}/{event.slug}/enter/status/")
    ann.get_by_label("Your entry code").fill(ann_code.lower())
    ann.get_by_role("button", name="Show my entry").click()
    expect(ann.locator("#entry-status")).to_contain_text("accepted")
    ann.get_by_role("button", name="Withdraw my entry").click()
    expect(ann.get_by_role("status")).to_contain_text("Your entry is withdrawn")
    assert_no_sideways_scroll(ann)
    screenshots(ann, "entries-withdrawn-phone")
    a11y.check(ann, "entries-status")

    # The waiting one moved up: an entrant now, on the director's list and her own page.
    cy.goto(f"{base}/{event.slug}/enter/status/")
    cy.get_by_label("Your entry code").fill(cy_code)
    cy.get_by_role("button", name="Show my entry").click()
    expect(cy.locator("#entry-status")).to_contain_text("you are in the event")
    desk.reload()
    expect(desk.locator("#entries tr", has_text="Cy Hale")).to_contain_text("Accepted")
    expect(desk.locator("#entries tr", has_text="Di Moss")).to_contain_text("Waiting list 1")
    expect(desk.locator(".count[data-status=waiting]")).to_have_text("1")
    expect(desk.locator(".count[data-status=accepted]")).to_have_text("18")
    names = set(event.entrants.values_list("name", flat=True))
    assert names == {*MORE, "Bo Park", "Cy Hale"}
    assert Entry.objects.get(name="Ann Lee").status == Entry.Status.WITHDRAWN
    a11y.assert_clean()


def test_the_event_page_kept_from_before_closing_says_closed_after(browser, live_server):
    """Closing time changes no revision, so the page kept while entries were open is
    served after they closed: its script swaps the box at closing time, on the open page
    and on one opened later from the kept copy."""
    dora = User.objects.create_user("dora", password=PASSWORD)
    dora.user_permissions.add(Permission.objects.get(codename="direct_events"))
    event = events.create_tournament(dora, name="Spring Festival", slug="spring-festival")
    entries.set_entries(event, dora, open=True,
                        closes_at=timezone.now() + timedelta(seconds=6))
    url = f"{live_server.url}/{event.slug}/"
    first = new_page(browser, **PHONE)
    first.goto(url)
    expect(first.locator("#entries-open")).to_be_visible()
    expect(first.locator("#entries-closed")).to_be_hidden()
    # At closing time the open page changes by itself ...
    expect(first.locator("#entries-closed")).to_be_visible(timeout=15_000)
    expect(first.locator("#entries-open")).to_be_hidden()
    expect(first.locator("#entries-closed")).to_contain_text("Entries are closed")
    # ... and the kept copy, still served (the same revision), shows closed at once.
    later = new_page(browser, **PHONE)
    response = later.goto(url)
    assert 'id="entries-open"' in response.text()  # the copy drawn while open
    expect(later.locator("#entries-closed")).to_be_visible()
    expect(later.locator("#entries-open")).to_be_hidden()
    expect(later.locator("main")).to_contain_text(
        "Entries are closed; the first round has not been published yet.")
    assert_no_sideways_scroll(later)
