"""The public form, the confirmation with its code shown once, the status page; closing,
duplicates, the flood limit, a double submit; hidden events; the contact never shown."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tournament.actions import entries, events
from tournament.actions.base import NotFound
from tournament.models import Entry

from .conftest import enter

pytestmark = pytest.mark.django_db


def form(event, client=None, **fields):
    client = client or Client()
    body = {"name": "Ann Lee", "club": "Leek DC", "contact": "ann@example.org", **fields}
    return client, client.post(f"/{event.slug}/enter/", body)


def test_the_form_makes_a_pending_entry_and_shows_its_code_once(taking_event):
    page = Client().get(f"/{taking_event.slug}/enter/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="contact"' in html and "For the director only" in html
    assert "no-cache" in page["Cache-Control"] or "no-store" in page["Cache-Control"]
    client, answer = form(taking_event)
    assert answer.status_code == 302 and answer["Location"].endswith("/enter/done/")
    done = client.get(answer["Location"])
    code = done.context["code"]
    assert code in done.content.decode() and "shown only this once" in done.content.decode()
    entry = Entry.objects.get()
    assert entry.status == "pending" and entry.digest != code
    # Shown once: the page again holds no code.
    again = client.get(answer["Location"])
    assert again.status_code == 302 and code not in again.content.decode()
    # The status page, with the code typed in any case, shows it and withdraws it.
    status = client.post(f"/{taking_event.slug}/enter/status/", {"code": code.lower()})
    assert status.status_code == 200 and "pending" in status.content.decode()
    gone = client.post(f"/{taking_event.slug}/enter/status/", {"code": code, "withdraw": "1"})
    assert "Your entry is withdrawn" in gone.content.decode()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN


def test_the_status_page_shows_the_waiting_position(capped_event, director):
    codes = {}
    for name in ("Ann", "Bo", "Cy", "Di"):
        entry, codes[name] = enter(capped_event, name)
        entries.accept_entry(entry, director)
    page = Client().post(f"/{capped_event.slug}/enter/status/", {"code": codes["Di"]})
    assert page.context["position"] == 2
    assert "number <strong>2</strong> on the waiting list" in page.content.decode()
    Client().post(f"/{capped_event.slug}/enter/status/", {"code": codes["Ann"],
                                                          "withdraw": "1"})
    page = Client().post(f"/{capped_event.slug}/enter/status/", {"code": codes["Di"]})
    assert page.context["position"] == 1
    page = Client().post(f"/{capped_event.slug}/enter/status/", {"code": codes["Cy"]})
    assert page.context["entry"].status == "accepted"


def test_a_wrong_code_is_404_and_limited(taking_event, settings):
    settings.API_RATE_LIMITS = {"entry_codes_per_address": "2/10m"}
    url = f"/{taking_event.slug}/enter/status/"
    answers = [Client().post(url, {"code": f"AAAA-BBBB-CCCC-DDD{i}"}) for i in range(3)]
    assert [a.status_code for a in answers] == [404, 404, 429]
    assert "No entry to this event has this code" in answers[0].content.decode()
    assert int(answers[2]["Retry-After"]) > 0


def test_a_closed_event_says_so(taking_event, director):
    entries.set_entries(taking_event, director, open=False)
    page = Client().get(f"/{taking_event.slug}/enter/")
    assert page.status_code == 200 and "are closed" in page.content.decode()
    assert 'name="contact"' not in page.content.decode()
    _, answer = form(taking_event)
    assert answer.status_code == 409 and "closed" in answer.content.decode()
    assert not Entry.objects.exists()


def test_after_closing_time_the_form_is_closed(taking_event, director):
    entries.set_entries(taking_event, director, open=True,
                        closes_at=timezone.now() - timedelta(seconds=1))
    page = Client().get(f"/{taking_event.slug}/enter/")
    assert "they closed at" in page.content.decode()
    _, answer = form(taking_event)
    assert answer.status_code == 409


def test_a_duplicate_is_422_with_the_reason(taking_event):
    enter(taking_event, "Ann Lee", "Leek DC")
    _, answer = form(taking_event, name="ann lee")
    assert answer.status_code == 422
    assert "already sent an entry" in answer.content.decode()
    _, answer = form(taking_event, name="\u202eAnn", contact="")
    assert answer.status_code == 422
    html = answer.content.decode()
    assert "direction" in html.lower() and "contact is empty" in html
    assert Entry.objects.count() == 1


def test_a_double_submit_makes_one_entry(taking_event):
    client = Client()
    page = client.get(f"/{taking_event.slug}/enter/")
    key = page.context["idempotency_key"]
    body = {"name": "Ann Lee", "club": "", "contact": "x", "idempotency_key": key}
    first = client.post(f"/{taking_event.slug}/enter/", body)
    second = client.post(f"/{taking_event.slug}/enter/", body)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Entry.objects.count() == 1


def test_a_flood_from_one_address_is_429(taking_event, settings):
    settings.API_RATE_LIMITS = {"entries_per_address": "2/h"}
    answers = [form(taking_event, name=f"Player {i}")[1] for i in range(3)]
    assert [a.status_code for a in answers] == [302, 302, 429]
    assert int(answers[2]["Retry-After"]) > 0
    assert "nothing was stored" in answers[2].content.decode()
    assert Entry.objects.count() == 2


def test_pairs_and_teams_forms(pairs_open_event, taking_event):
    page = Client().get(f"/{pairs_open_event.slug}/enter/")
    assert "partner" in page.content.decode()
    _, answer = form(pairs_open_event, name="", member1="Ann Lee", member2="Bo Park")
    assert answer.status_code == 302
    assert pairs_open_event.entries.get().member_names == ["Ann Lee", "Bo Park"]
    taking_event.entrants_kind = "teams"
    taking_event.save()
    page = Client().get(f"/{taking_event.slug}/enter/")
    assert "Captain" in page.content.decode()
    _, answer = form(taking_event, name="Leek Lions", captain="Cy", members="Ann\nBo\n\nCy")
    assert answer.status_code == 302
    team = taking_event.entries.get()
    assert team.member_names == ["Ann", "Bo", "Cy"] and team.captain_name == "Cy"


def test_the_event_page_links_to_the_form_while_open(taking_event, director):
    page = Client().get(f"/{taking_event.slug}/").content.decode()
    assert f"/{taking_event.slug}/enter/" in page
    entries.set_entries(taking_event, director, open=False)
    page = Client().get(f"/{taking_event.slug}/").content.decode()
    assert f"/{taking_event.slug}/enter/\"" not in page


def test_a_hidden_event_takes_entries_only_from_its_officials(taking_event, director,
                                                               client_for, other_director):
    _, code = enter(taking_event, "Early")  # made while it was shown
    events.set_hidden(taking_event, director, hidden=True)
    with pytest.raises(NotFound):  # the action refuses as the pages do
        enter(taking_event, "Late")
    for client in (Client(), client_for(other_director)):
        assert client.get(f"/{taking_event.slug}/enter/").status_code == 404
        assert form(taking_event, client)[1].status_code == 404
        assert client.post(f"/{taking_event.slug}/enter/status/",
                           {"code": code}).status_code == 404
    assert client_for(director).get(f"/{taking_event.slug}/enter/").status_code == 200


def test_the_contact_is_on_no_public_page(taking_event, director):
    entry, code = enter(taking_event, "Ann Lee", contact="ann.secret@example.org")
    entries.accept_entry(entry, director)
    pages = [f"/{taking_event.slug}/", f"/{taking_event.slug}/enter/",
             f"/{taking_event.slug}/entrants.csv"]
    for url in pages:
        assert "ann.secret" not in Client().get(url).content.decode()
    status = Client().post(f"/{taking_event.slug}/enter/status/", {"code": code})
    assert "ann.secret" not in status.content.decode()


def test_the_event_page_says_closed_once_closing_time_passed(
        taking_event, director, django_capture_on_commit_callbacks):
    closes = timezone.now() + timedelta(minutes=30)
    entries.set_entries(taking_event, director, open=True, closes_at=closes)
    page = Client().get(f"/{taking_event.slug}/").content.decode()
    # Open: the box carries its closing time for the kept copies (entries_closing.js) and
    # the closed box waits, hidden, to take its place.
    assert f'id="entries-open" data-closes-at="{timezone.localtime(closes).isoformat()}"' \
        in page
    assert '<div class="card" id="entries-closed" hidden>' in page
    assert "js/entries_closing.js" in page
    with django_capture_on_commit_callbacks(execute=True):  # the revision moves on
        entries.set_entries(taking_event, director, open=True,
                            closes_at=timezone.now() - timedelta(seconds=1))
    page = Client().get(f"/{taking_event.slug}/").content.decode()
    assert 'id="entries-open"' not in page and "Entries are open" not in page
    assert 'Entries are <span class="entries-state">closed</span>; the first round' in page
    assert '<div class="card" id="entries-closed">' in page and "they closed at" in page
    assert f"/{taking_event.slug}/enter/\"" not in page  # no link to the form
    assert "js/entries_closing.js" not in page


def test_entries_open_without_a_closing_time_need_no_script(taking_event):
    page = Client().get(f"/{taking_event.slug}/").content.decode()
    assert 'id="entries-open">' in page and "entries-closed" not in page
    assert "js/entries_closing.js" not in page
