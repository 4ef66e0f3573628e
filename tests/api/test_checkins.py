"""The officials' check-in API (shared/spec/table-entry.md, "Check-in"): GET
/api/v1/tournaments/{slug}/checkins/?round=n and PUT {"round", "player", "checked_in"}."""

import json

import pytest

from tournament.actions import rounds
from tournament.models import AuditEntry, CheckIn

from .conftest import Api, make_event, token_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def check_open(plain_director):
    """Five players, round 1 not paired yet: check-in is open for round 1."""
    return make_event(plain_director, name="Check Open", players=5)


@pytest.fixture
def official(check_open):
    return Api(token_for("desk", check_open.slug))


def url(published_event, query=""):
    return f"/api/v1/tournaments/{published_event.slug}/checkins/{query}"


def tick(api, published_event, player, checked_in=True, round_=1, **headers):
    return api.client.put(url(published_event), json.dumps({"round": round_, "player": player,
                                                  "checked_in": checked_in}),
                          content_type="application/json",
                          headers={**api.headers(), **headers})


def test_get_lists_every_entrant_with_checked_in_and_at(check_open, official):
    assert tick(official, check_open, 2).status_code == 200
    response = official.get(url(check_open, "?round=1"))
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-store"
    rows = response.json()
    assert [r["player"] for r in rows] == [1, 2, 3, 4, 5]
    assert [r["checked_in"] for r in rows] == [False, True, False, False, False]
    assert rows[0]["at"] is None and rows[1]["at"].startswith(
        CheckIn.objects.get().at.isoformat()[:19])
    assert official.get(url(check_open)).json() == rows  # the round defaults to the next one


def test_put_ticks_and_unticks_with_an_audit_row_naming_the_official(check_open, official):
    on = tick(official, check_open, 3)
    assert on.status_code == 200
    body = on.json()
    assert (body["round"], body["player"], body["checked_in"]) == (1, 3, True) and body["at"]
    entry = AuditEntry.objects.get(action="set_checkin")
    assert entry.actor.username == "desk"
    off = tick(official, check_open, 3, checked_in=False)
    assert off.status_code == 200 and off.json() == {"round": 1, "player": 3,
                                                     "checked_in": False, "at": None}
    assert not CheckIn.objects.exists()


def test_once_the_round_is_paired_put_is_409(check_open, official, plain_director):
    rounds.pair_round(check_open, plain_director)
    response = tick(official, check_open, 1)
    assert response.status_code == 409 and "already paired" in response.json()["detail"]
    assert not CheckIn.objects.exists()
    # Reading a paired round's check-in still works: nobody was checked in.
    assert not any(r["checked_in"] for r in official.get(url(check_open, "?round=1")).json())


def test_a_round_not_next_is_400(check_open, official):
    response = tick(official, check_open, 1, round_=2)
    assert response.status_code == 400 and "open for round 1 only" in response.json()["detail"]
    for query in ("?round=9", "?round=0", "?round=-1", "?round=x"):
        assert official.get(url(check_open, query)).status_code == 400, query


def test_an_unknown_player_is_404(check_open, official):
    response = tick(official, check_open, 99)
    assert response.status_code == 404 and "no player number 99" in response.json()["detail"]


@pytest.mark.parametrize("body", [{"round": 1, "player": 1},
                                  {"round": "1", "player": 1, "checked_in": True},
                                  {"round": 1, "player": 1, "checked_in": "yes"}])
def test_a_malformed_body_is_400(check_open, official, body):
    response = official.put(url(check_open), body)
    assert response.status_code == 400 and not CheckIn.objects.exists()


def test_officials_of_that_event_only(check_open, official, outsider, anon):
    assert outsider.get(url(check_open)).status_code == 403
    assert tick(outsider, check_open, 1).status_code == 403
    assert anon.get(url(check_open)).status_code == 401
    assert tick(anon, check_open, 1).status_code == 401
    assert not CheckIn.objects.exists()
    assert official.get("/api/v1/tournaments/no-such/checkins/").status_code == 404


def test_put_with_an_idempotency_key_is_carried_out_once(check_open, official):
    first = tick(official, check_open, 4, **{"Idempotency-Key": "desk-4"})
    tick(official, check_open, 4, checked_in=False)  # undone in between, without a key
    again = tick(official, check_open, 4, **{"Idempotency-Key": "desk-4"})
    assert again.status_code == 200 and again.content == first.content
    assert not CheckIn.objects.exists()  # the resend changed nothing
    other = tick(official, check_open, 5, **{"Idempotency-Key": "desk-4"})
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


def test_the_openapi_document_has_both(anon):
    doc = anon.get("/api/v1/openapi.json").json()
    ops = doc["paths"]["/api/v1/tournaments/{slug}/checkins/"]
    assert {"get", "put"} <= set(ops)
    assert any(p["name"] == "round" for p in ops["get"]["parameters"])
    assert any(p["name"] == "Idempotency-Key" for p in ops["put"]["parameters"])
    assert "409" in ops["put"]["responses"]
