"""The director's entries screen: the settings, counts, accept and decline, waiting
positions, the card link, the CSV with contacts (directors only)."""

import pytest
from django.test import Client

from tournament.actions import entries
from tournament.models import AuditEntry, Entry

from .conftest import enter

pytestmark = pytest.mark.django_db


def test_the_director_opens_entries_with_a_cap(director, client_for, taking_event):
    dc = client_for(director)
    url = f"/manage/{taking_event.slug}/entries/"
    page = dc.get(url)
    assert page.status_code == 200 and "Entries are <strong>open</strong>" in page.content.decode()
    answer = dc.post(url, {"open": "on", "cap": "20", "closes_at": "2027-05-01T18:00",
                           "reason": "the hall seats 20"})
    assert answer.status_code == 302
    taking_event.refresh_from_db()
    assert taking_event.entries_cap == 20 and taking_event.entries_open
    assert taking_event.entries_close_at.hour in (17, 18)  # London time, stored in UTC
    row = AuditEntry.objects.filter(action=AuditEntry.Action.SET_ENTRIES).first()
    assert row.reason == "the hall seats 20" and row.actor == director
    answer = dc.post(url, {"cap": "٣"})
    assert answer.status_code == 400 and "Enter a whole number" in answer.content.decode()
    answer = dc.post(url, {"closes_at": "٢٠٢٧-05-01T18:00"})
    assert answer.status_code == 400 and "digits 0-9" in answer.content.decode()


def test_a_cap_below_the_entrants_in_is_refused_on_the_screen(director, client_for,
                                                               capped_event):
    for name in ("Ann", "Bo"):
        entries.accept_entry(enter(capped_event, name)[0], director)
    answer = client_for(director).post(f"/manage/{capped_event.slug}/entries/",
                                       {"open": "on", "cap": "1"})
    assert answer.status_code == 400
    assert "2 entrants are already in" in answer.content.decode()
    capped_event.refresh_from_db()
    assert capped_event.entries_cap == 2


def test_the_list_counts_decides_and_links_the_card(director, client_for, capped_event):
    dc = client_for(director)
    made = [enter(capped_event, name, contact=f"{name}@example.org")[0]
            for name in ("Ann", "Bo", "Cy", "Di")]
    for entry in made[:3]:
        answer = dc.post(f"/manage/{capped_event.slug}/entries/{entry.pk}/",
                         {"action": "accept"})
        assert answer.status_code == 302
    dc.post(f"/manage/{capped_event.slug}/entries/{made[3].pk}/", {"action": "decline"})
    page = dc.get(f"/manage/{capped_event.slug}/entries/")
    counts = {value: n for value, _, n in page.context["counts"]}
    assert counts == {"pending": 0, "accepted": 2, "declined": 1, "waiting": 1,
                      "withdrawn": 0}
    html = page.content.decode()
    assert "Cy@example.org" in html  # the director sees contacts
    assert "Waiting list 1" in html
    ann = capped_event.entrants.get(name="Ann")
    assert f'name="number" value="{ann.number}"' in html  # the card's button
    # The card: a new key for Ann, which opens her own page.
    card = dc.post(f"/manage/{capped_event.slug}/entrants/cards/", {"number": ann.number})
    key = card.context["cards"][0]["key"]
    phone = Client()
    assert phone.post("/me/", {"code": key}).status_code == 302
    assert "Ann" in phone.get("/me/").content.decode()


def test_the_director_withdraws_and_the_waiting_one_moves_up(director, client_for,
                                                              capped_event):
    dc = client_for(director)
    made = [enter(capped_event, name)[0] for name in ("Ann", "Bo", "Cy")]
    for entry in made:
        entries.accept_entry(entry, director)
    answer = dc.post(f"/manage/{capped_event.slug}/entries/{made[0].pk}/",
                     {"action": "withdraw"}, follow=True)
    assert "withdrawn" in answer.content.decode()
    assert capped_event.entries.get(name="Cy").status == Entry.Status.ACCEPTED


def test_the_csv_holds_the_contacts_for_directors_only(director, client_for, taking_event,
                                                        entries_arbiter, other_director):
    enter(taking_event, "=HYPERLINK(1)", contact="ann@example.org")
    url = f"/manage/{taking_event.slug}/entries.csv"
    download = client_for(director).get(url)
    text = download.content.decode("utf-8-sig")
    assert "ann@example.org" in text and "'=HYPERLINK(1)" in text
    assert text.splitlines()[0].startswith("made_at,name,club,members,captain,contact")
    assert client_for(entries_arbiter).get(url).status_code == 403
    assert client_for(other_director).get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to sign in
    page = client_for(entries_arbiter).get(f"/manage/{taking_event.slug}/entries/")
    assert page.status_code == 403


def test_a_hidden_event_warns_the_director(director, client_for, taking_event):
    from tournament.actions import events
    events.set_hidden(taking_event, director, hidden=True)
    page = client_for(director).get(f"/manage/{taking_event.slug}/entries/")
    assert "This event is hidden" in page.content.decode()


def test_names_are_escaped_on_every_page(director, client_for, taking_event):
    entry, code = enter(taking_event, "<script>alert(1)</script>", contact="<b>x</b>")
    page = client_for(director).get(f"/manage/{taking_event.slug}/entries/").content.decode()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page
    assert "<b>x</b>" not in page
    status = Client().post(f"/{taking_event.slug}/enter/status/", {"code": code})
    assert "<script>alert(1)</script>" not in status.content.decode()
