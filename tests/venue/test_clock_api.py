"""The round clock through its action and the API (shared/spec/venue.md, "Round clock"):
every identity, every out-of-turn case, the audit rows, the tournament's read."""

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client

from tournament.actions import ActionError
from tournament.actions.clock import add, change_clock, pause, resume, start, stop
from tournament.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def clock_url(t, n=1):
    return f"/api/v1/tournaments/{t.slug}/rounds/{n}/clock/"


def token(user, t) -> str:
    out = io.StringIO()
    call_command("arbiter_token", user.username, tournament=t.slug, stdout=out,
                 stderr=io.StringIO())
    return out.getvalue().strip()


def post(t, body, auth=None, n=1):
    headers = {"Authorization": auth} if auth else {}
    return Client().post(clock_url(t, n), json.dumps(body), content_type="application/json",
                         headers=headers)


def get(t, auth=None, n=1):
    return Client().get(clock_url(t, n), headers={"Authorization": auth} if auth else {})


def test_each_action_in_turn_is_stored_and_audited(venue_round, plain_director):
    assert start(venue_round, plain_director, minutes=45)["state"] == "running"
    assert pause(venue_round, plain_director)["state"] == "paused"
    assert resume(venue_round, plain_director)["state"] == "running"
    got = add(venue_round, plain_director, minutes=-5)
    assert got["state"] == "running" and 2390 <= got["remaining_s"] <= 2400
    assert stop(venue_round, plain_director)["state"] == "ended"
    venue_round.refresh_from_db()
    assert venue_round.clock()["state"] == "ended"
    rows = list(AuditEntry.objects.filter(action__startswith="clock_").order_by("id"))
    assert [r.action for r in rows] == ["clock_start", "clock_pause", "clock_resume",
                                        "clock_add", "clock_stop"]
    assert rows[0].summary == "Round 1: started the clock with 45 minutes"
    assert rows[3].summary == "Round 1: took off 5 minutes"
    assert rows[0].actor == plain_director and rows[0].detail["round"] == 1


@pytest.mark.parametrize("first, action, minutes", [
    (None, "pause", None), (None, "resume", None), (None, "stop", None), (None, "add", 3),
    ("start", "start", 5), ("start", "resume", None), ("pause", "pause", None),
    ("pause", "start", 5), ("stop", "stop", None), ("stop", "add", 2), ("stop", "pause", None),
])
def test_out_of_turn_is_refused_409_and_nothing_is_stored(venue_round, plain_director, first,
                                                          action, minutes):
    if first:
        start(venue_round, plain_director, minutes=10)
        if first != "start":
            change_clock(venue_round, plain_director, action=first)
    before = AuditEntry.objects.count()
    venue_round.refresh_from_db()
    stored = venue_round.clock_stored
    with pytest.raises(ActionError) as exc:
        change_clock(venue_round, plain_director, action=action, minutes=minutes)
    assert exc.value.status == 409 and exc.value.message.startswith("The clock is ")
    venue_round.refresh_from_db()
    assert venue_round.clock_stored == stored and AuditEntry.objects.count() == before


def test_a_draft_round_has_no_clock_yet(venue_event, plain_director):
    draft = venue_event.rounds.get(number=1)
    draft.status = "draft"
    draft.save()
    with pytest.raises(ActionError) as exc:
        start(draft, plain_director, minutes=5)
    assert exc.value.status == 409 and "not published" in exc.value.message
    assert get(venue_event).status_code == 404


def test_anyone_reads_a_published_rounds_clock(venue_round, venue_event, plain_director):
    r = get(venue_event)
    assert r.status_code == 200
    body = r.json()
    assert body["state"] == "idle" and body["remaining_s"] == 0 and body["ends_at"] is None
    assert set(body) == {"state", "duration_s", "remaining_s", "ends_at", "server_time"}
    start(venue_round, plain_director, minutes=30)
    body = get(venue_event).json()
    assert body["state"] == "running" and body["duration_s"] == 1800
    assert 1795 <= body["remaining_s"] <= 1800 and body["ends_at"]
    assert get(venue_event, n=2).status_code == 404


def test_the_tournament_read_gains_the_latest_published_rounds_clock(
        venue_round, venue_event, plain_director):
    start(venue_round, plain_director, minutes=20)
    body = Client().get(f"/api/v1/tournaments/{venue_event.slug}/").json()
    assert body["clock"]["round"] == 1 and body["clock"]["state"] == "running"
    assert body["clock"]["duration_s"] == 1200 and "server_time" in body["clock"]


def test_officials_write_others_are_refused(venue_event, plain_director, venue_arbiter,
                                            venue_stranger, venue_staff, venue_player_key):
    # The public: no credentials (401); a player's key, another event's director: 403.
    assert post(venue_event, {"action": "start", "minutes": 5}).status_code == 401
    r = post(venue_event, {"action": "start", "minutes": 5},
             auth=f"Player {venue_player_key}")
    assert r.status_code == 403 and "arbiters and directors" in r.json()["detail"]
    stranger_key = token(venue_stranger, Tournament.objects.get(name="Other Open"))
    r = post(venue_event, {"action": "start", "minutes": 5}, auth=f"Token {stranger_key}")
    assert r.status_code == 403
    assert not AuditEntry.objects.filter(action__startswith="clock_").exists()
    # The arbiter and the director may; a superuser (staff) too.
    r = post(venue_event, {"action": "start", "minutes": 5},
             auth=f"Token {token(venue_arbiter, venue_event)}")
    assert r.status_code == 200 and r.json()["state"] == "running"
    director_key = f"Token {token(plain_director, venue_event)}"
    r = post(venue_event, {"action": "pause"}, auth=director_key)
    assert r.status_code == 200 and r.json()["state"] == "paused"
    r = post(venue_event, {"action": "resume"}, auth=f"Token {token(venue_staff, venue_event)}")
    assert r.status_code == 200
    # Out of turn: 409, with the words.
    r = post(venue_event, {"action": "resume"}, auth=director_key)
    assert r.status_code == 409 and "only a paused clock" in r.json()["detail"]
    # Bad minutes: 400 out of range or not a whole number (the API's 400 for a body that
    # does not fit its schema), 422 an unknown key.
    r = post(venue_event, {"action": "add", "minutes": 0}, auth=director_key)
    assert r.status_code == 400 and "not 0" in r.json()["detail"]
    assert post(venue_event, {"action": "add", "minutes": "5"},
                auth=director_key).status_code == 400
    assert post(venue_event, {"action": "add", "minutes": 1.5},
                auth=director_key).status_code == 400
    assert post(venue_event, {"action": "jump"}, auth=director_key).status_code == 400
    assert post(venue_event, {"action": "stop", "why": 1}, auth=director_key).status_code == 422
    assert AuditEntry.objects.filter(action__startswith="clock_").count() == 3


def test_a_hidden_event_is_not_there_for_who_may_not_see_it(
        venue_event, plain_director, venue_arbiter, venue_stranger, venue_player_key):
    Tournament.objects.filter(pk=venue_event.pk).update(hidden=True)
    assert get(venue_event).status_code == 404
    stranger_key = token(venue_stranger, Tournament.objects.get(name="Other Open"))
    assert get(venue_event, auth=f"Token {stranger_key}").status_code == 404
    r = post(venue_event, {"action": "start", "minutes": 5}, auth=f"Token {stranger_key}")
    assert r.status_code == 404
    assert get(venue_event, auth=f"Player {venue_player_key}").status_code == 200
    assert get(venue_event,
               auth=f"Token {token(venue_arbiter, venue_event)}").status_code == 200
    r = post(venue_event, {"action": "start", "minutes": 5},
             auth=f"Token {token(plain_director, venue_event)}")
    assert r.status_code == 200


def test_a_write_sent_again_with_its_key_is_done_once(venue_event, plain_director):
    auth = f"Token {token(plain_director, venue_event)}"
    headers = {"Authorization": auth, "Idempotency-Key": "clock-add-1"}
    c = Client()
    post(venue_event, {"action": "start", "minutes": 10}, auth=auth)
    first = c.post(clock_url(venue_event), json.dumps({"action": "add", "minutes": 5}),
                   content_type="application/json", headers=headers)
    again = c.post(clock_url(venue_event), json.dumps({"action": "add", "minutes": 5}),
                   content_type="application/json", headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert AuditEntry.objects.filter(action="clock_add").count() == 1


def test_the_openapi_document_describes_the_clock():
    doc = Client().get("/api/v1/openapi.json").json()
    item = doc["paths"]["/api/v1/tournaments/{slug}/rounds/{number}/clock/"]
    assert set(item) == {"get", "post"}
    assert {"200", "404"} <= set(item["get"]["responses"])
    assert {"200", "400", "401", "403", "404", "409", "422"} <= set(item["post"]["responses"])
    clock = doc["components"]["schemas"]["ClockOut"]["properties"]
    assert set(clock) == {"state", "duration_s", "remaining_s", "ends_at", "server_time"}
    assert "clock" in doc["components"]["schemas"]["TournamentOut"]["properties"]


def test_reading_the_clock_takes_a_fixed_number_of_queries(plain_director,
                                                           django_assert_num_queries):
    from .conftest import venue_make
    for n, players in enumerate((6, 50)):
        t = venue_make(plain_director, name=f"Counted {n}", players=players)
        with django_assert_num_queries(2):
            assert get(t).status_code == 200
        with django_assert_num_queries(2):
            assert Client().get(f"/{t.slug}/round/1/clock.json").status_code == 200
