"""The bulk People page in Chromium: the preview of "link or create for every unlinked
player" (who links to whom, who becomes a new person), a choice changed, then saved;
axe-core at desktop and phone sizes, nothing scrolls sideways on the phone."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.ratings.events import FOUR, archive, imported
from tournament.actions.entrants import add_entrant
from tournament.actions.events import create_tournament
from tournament.models import EntrantPerson, Official

from .test_walkthrough import (
    DESKTOP,
    PASSWORD,
    PHONE,
    assert_no_sideways_scroll,
    new_page,
    sign_in,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_link_or_create_for_every_unlinked_player(browser, live_server, a11y, screenshots):
    dora = User.objects.create_user("dora", password=PASSWORD)
    spring = imported(archive("Spring", FOUR, [[(1, 2, 1), (3, 4, 3)]]), "spring")
    Official.objects.create(tournament=spring, user=dora, role="director")
    imported(archive("Elsewhere", [("Ann Lee", "ann-x"), ("Ed Lowe", "ed")], [[(1, 2, 1)]]),
             "elsewhere")
    event = create_tournament(None, name="Autumn Open", slug="autumn")
    Official.objects.create(tournament=event, user=dora, role="director")
    for name, club in [("Ann Lee", ""), ("BO PARK", ""), ("Zoë Ångström", "Leek DC"),
                       ("Łukasz Żółć", ""), ("Di Ross", "")]:
        add_entrant(event, dora, name=name, club=club)

    page = new_page(browser, **DESKTOP)
    sign_in(page, live_server.url, "dora")
    page.goto(f"{live_server.url}/manage/autumn/entrants/")
    page.get_by_role("link", name="Link or create people for every unlinked player").click()
    expect(page.get_by_role("heading", name="People for every unlinked player")).to_be_visible()
    expect(page.locator("#plan-summary")).to_have_text(
        "As proposed: 3 linked to people on the site, 2 new people, 0 left unlinked.")
    ann = page.get_by_label("Person for Ann Lee")
    expect(ann.locator("option:checked")).to_contain_text("Ann Lee (ann)")
    expect(page.get_by_text("Also on the site: Ann Lee (ann-x) is rated")).to_be_visible()
    expect(page.get_by_label("Person for Łukasz Żółć").locator("option:checked")).to_have_text(
        "A new person: Łukasz Żółć")
    a11y.check(page, "people-bulk")
    screenshots(page, "people-bulk-01-preview")
    page.get_by_label("Person for Di Ross").select_option("+none")  # the director decides
    page.get_by_role("button", name="Link or create for every player above").click()
    expect(page.get_by_text("Linked 2 to people on the site, made 2 new people, left 1 "
                            "unlinked.")).to_be_visible()
    screenshots(page, "people-bulk-02-done")
    links = dict(EntrantPerson.objects.filter(entrant__tournament=event)
                 .values_list("entrant__name", "person__key"))
    assert links == {"Ann Lee": "ann", "BO PARK": "bo", "Zoë Ångström": "zoe-angstrom-leek-dc",
                     "Łukasz Żółć": "lukasz-zolc"}

    phone = new_page(browser, **PHONE)
    sign_in(phone, live_server.url, "dora")
    phone.goto(f"{live_server.url}/manage/autumn/entrants/people/")
    expect(phone.locator("#plan-summary")).to_have_text(
        "As proposed: 1 linked to people on the site, 0 new people, 0 left unlinked.")
    assert_no_sideways_scroll(phone)
    wrap = phone.locator(".table-wrap").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert wrap[0] <= wrap[1]  # the choice fits the phone: no scrolling the table either
    a11y.check(phone, "people-bulk-phone")
    screenshots(phone, "people-bulk-03-phone")
    a11y.assert_clean()
