"""The entries API, exactly as shared/spec/venue.md's table: who may do what, the
answers, Idempotency-Key, the flood limit; a contact only the directors read."""

import json
from datetime import UTC, datetime

import pytest
from django.test import Client

from tournament.actions import entries, events, tokens
from tournament.models import Entry, StoredAnswer

from .conftest import enter

pytestmark = pytest.mark.django_db

URL = "/api/v1/tournaments/{}/entries/"


def post(url, body, **headers):
    return Client().post(url, json.dumps(body), content_type="application/json", **headers)


def token_of(user):
    return {"HTTP_AUTHORIZATION": f"Token {tokens.issue(user, user)}"}


def test_anyone_enters_while_open_and_gets_a_code(taking_event):
    answer = post(URL.format(taking_event.slug), {"name": "Ann Lee", "club": "Leek DC",
                                                "contact": "ann@example.org"})
    assert answer.status_code == 201
    body = answer.json()
    assert set(body) == {"id", "status", "code", "position"}
    assert body["status"] == "pending" and body["position"] is None
    entry = Entry.objects.get(pk=body["id"])
    assert entry.contact == "ann@example.org" and entry.digest != body["code"]
    # The holder of the code reads and withdraws it.
    url = f"/api/v1/entries/{body['code']}/"
    read = Client().get(url)
    assert read.status_code == 200
    assert read.json() == {"id": entry.pk, "name": "Ann Lee", "status": "pending",
                           "position": None}
    assert "no-store" in read["Cache-Control"]
    gone = Client().delete(url)
    assert gone.status_code == 200 and gone.json()["status"] == "withdrawn"
    assert Client().delete(url).status_code == 409
    assert Client().get("/api/v1/entries/0000-0000-0000-0000/").status_code == 404
    assert Client().get("/api/v1/entries/nonsense/").status_code == 404


def test_the_event_read_carries_the_entries_settings(taking_event, director):
    read = Client().get(f"/api/v1/tournaments/{taking_event.slug}/")
    assert read.status_code == 200  # readable while taking entries, before any round
    assert read.json()["entries"] == {"open": True, "closes_at": None, "cap": None}
    entries.set_entries(taking_event, director, open=False, cap=30,
                        closes_at=datetime(2027, 5, 1, 18, 0, tzinfo=UTC))
    assert Client().get(f"/api/v1/tournaments/{taking_event.slug}/").status_code == 404
    entries.set_entries(taking_event, director, open=True, cap=30,
                        closes_at=datetime(2027, 5, 1, 18, 0, tzinfo=UTC))
    assert Client().get(f"/api/v1/tournaments/{taking_event.slug}/").json()["entries"] == {
        "open": True, "closes_at": "2027-05-01T18:00:00+00:00", "cap": 30}
    event = events.create_tournament(director, name="Not Open")
    assert Client().get(f"/api/v1/tournaments/{event.slug}/").status_code == 404


def test_pairs_and_teams_send_their_members(pairs_open_event):
    answer = post(URL.format(pairs_open_event.slug), {"club": "Leek", "contact": "07700 900123",
                                                      "members": ["Ann Lee", "Bo Park"]})
    assert answer.status_code == 201
    assert Entry.objects.get().name == "Ann Lee & Bo Park"
    answer = post(URL.format(pairs_open_event.slug), {"contact": "x", "members": ["Cy"]})
    assert answer.status_code == 422 and "member2" in answer.json()["errors"]


def test_closed_or_past_closing_is_409(taking_event, director):
    from datetime import timedelta

    from django.utils import timezone
    entries.set_entries(taking_event, director, open=True,
                        closes_at=timezone.now() - timedelta(minutes=1))
    answer = post(URL.format(taking_event.slug), {"name": "Ann", "contact": "x"})
    assert answer.status_code == 409 and "closed at" in answer.json()["detail"]
    entries.set_entries(taking_event, director, open=False)
    answer = post(URL.format(taking_event.slug), {"name": "Ann", "contact": "x"})
    assert answer.status_code == 409
    assert not Entry.objects.exists()


def test_a_name_already_entered_is_422(taking_event, director):
    enter(taking_event, "Ann Lee")
    answer = post(URL.format(taking_event.slug), {"name": "ANN LEE", "contact": "x"})
    assert answer.status_code == 422 and "name" in answer.json()["errors"]
    answer = post(URL.format(taking_event.slug), {"name": "Ann Lee", "contact": "x",
                                                "email": "y"})
    assert answer.status_code == 422 and "/email" in answer.json()["errors"]
    answer = post(URL.format(taking_event.slug), {"name": "A\u0000", "contact": "x"})
    assert answer.status_code == 400
    assert Entry.objects.count() == 1


def test_an_idempotency_key_makes_one_entry(taking_event):
    body = {"name": "Ann Lee", "contact": "x"}
    first = post(URL.format(taking_event.slug), body, HTTP_IDEMPOTENCY_KEY="k-1")
    again = post(URL.format(taking_event.slug), body, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert first.content == again.content
    assert Entry.objects.count() == 1
    other = post(URL.format(taking_event.slug), {"name": "Bo", "contact": "x"},
                 HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    code = first.json()["code"]
    one = Client().delete(f"/api/v1/entries/{code}/", HTTP_IDEMPOTENCY_KEY="w")
    two = Client().delete(f"/api/v1/entries/{code}/", HTTP_IDEMPOTENCY_KEY="w")
    assert one.status_code == two.status_code == 200 and one.content == two.content
    assert StoredAnswer.objects.count() == 2


def test_a_flood_from_one_address_is_429(taking_event, settings):
    settings.API_RATE_LIMITS = {"entries_per_address": "3/h"}
    answers = [post(URL.format(taking_event.slug), {"name": f"P{i}", "contact": "x"}).status_code
               for i in range(5)]
    assert answers == [201, 201, 201, 429, 429]
    limited = post(URL.format(taking_event.slug), {"name": "P9", "contact": "x"})
    assert int(limited["Retry-After"]) > 0
    assert Entry.objects.count() == 3


def test_wrong_codes_are_limited(taking_event, settings):
    settings.API_RATE_LIMITS = {"entry_codes_per_address": "2/10m"}
    _, code = enter(taking_event, "Ann")
    wrong = [Client().get(f"/api/v1/entries/AAAA-BBBB-CCCC-DDD{i}/").status_code
             for i in range(3)]
    assert wrong == [404, 404, 429]
    assert Client().get(f"/api/v1/entries/{code}/").status_code == 200  # a right one works


def test_officials_list_the_entries_directors_see_contacts(taking_event, director,
                                                           entries_arbiter, other_director):
    entry, _ = enter(taking_event, "Ann Lee", "Leek", contact="ann@example.org")
    url = URL.format(taking_event.slug)
    assert Client().get(url).status_code == 401
    assert Client().get(url, **token_of(other_director)).status_code == 403
    rows = Client().get(url, **token_of(entries_arbiter)).json()
    assert rows == [{"id": entry.pk, "name": "Ann Lee", "club": "Leek", "status": "pending",
                     "made_at": entry.made_at.isoformat(), "position": None,
                     "entrant": None, "contact": None}]
    rows = Client().get(url, **token_of(director)).json()
    assert rows[0]["contact"] == "ann@example.org"


def test_directors_accept_and_decline(capped_event, director, other_director):
    made = [enter(capped_event, name)[0] for name in ("Ann", "Bo", "Cy", "Di")]
    auth = token_of(director)
    url = URL.format(capped_event.slug) + "{}/"
    refused = post(url.format(made[0].pk), {"action": "accept"}, **token_of(other_director))
    assert refused.status_code == 403
    answers = [post(url.format(e.pk), {"action": "accept"}, **auth).json() for e in made[:3]]
    assert [a["status"] for a in answers] == ["accepted", "accepted", "waiting"]
    assert answers[0]["entrant"] == capped_event.entrants.get(name="Ann").number
    assert answers[2]["position"] == 1 and answers[2].get("entrant") is None
    declined = post(url.format(made[3].pk), {"action": "decline"}, **auth)
    assert declined.json()["status"] == "declined"
    assert post(url.format(made[3].pk), {"action": "decline"}, **auth).status_code == 409
    assert post(url.format(99999), {"action": "accept"}, **auth).status_code == 404
    assert post(url.format(made[0].pk), {"action": "maybe"}, **auth).status_code == 400


def test_a_hidden_events_entries_are_not_there(taking_event, director, other_director):
    events.set_hidden(taking_event, director, hidden=True)
    url = URL.format(taking_event.slug)
    assert post(url, {"name": "Ann", "contact": "x"}).status_code == 404
    assert Client().get(url, **token_of(other_director)).status_code == 404
    assert Client().get(f"/api/v1/tournaments/{taking_event.slug}/").status_code == 404
    # Its own officials may still try it.
    answer = post(url, {"name": "Ann", "contact": "x"}, **token_of(director))
    assert answer.status_code == 201


def test_the_contact_never_reaches_the_public_api(taking_event, director):
    entry, _ = enter(taking_event, "Ann Lee", contact="ann.secret@example.org")
    entries.accept_entry(entry, director)
    for url in (f"/api/v1/tournaments/{taking_event.slug}/", "/api/v1/tournaments/"):
        assert "ann.secret" not in Client().get(url).content.decode()


def test_the_openapi_document_names_the_entries_limits(settings):
    settings.API_RATE_LIMITS = dict(settings.API_RATE_LIMITS_DEFAULT)
    doc = Client().get("/api/v1/openapi.json").json()
    made = doc["paths"]["/api/v1/tournaments/{slug}/entries/"]["post"]
    assert "entries_per_address" in made["x-rate-limits"]
    assert "Retry-After" in made["responses"]["429"]["headers"]
    assert "entry_codes_per_address" in doc["paths"]["/api/v1/entries/{code}/"]["delete"][
        "x-rate-limits"]
    assert "Idempotency-Key" in json.dumps(made["parameters"])


def test_a_decision_resent_with_its_key_is_made_once(capped_event, director):
    entry, _ = enter(capped_event, "Ann")
    url = URL.format(capped_event.slug) + f"{entry.pk}/"
    auth = token_of(director)
    first = post(url, {"action": "accept"}, HTTP_IDEMPOTENCY_KEY="d-1", **auth)
    again = post(url, {"action": "accept"}, HTTP_IDEMPOTENCY_KEY="d-1", **auth)
    assert first.status_code == again.status_code == 200
    assert first.content == again.content
    assert capped_event.entrants.count() == 1
    assert post(url, {"action": "accept"}, **auth).status_code == 409  # without a key
