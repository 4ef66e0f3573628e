"""A player's own check-in (their page and the API, through actions.checkin) and safe
resending of every player write (Idempotency-Key, tournament/web/idempotency.py)."""

import json

import pytest

from tournament.actions import rounds
from tournament.models import AuditEntry, CheckIn, Match, ResultVersion

from .conftest import PlayerApi, key_for, players_event
from .test_pages import entry, phone

pytestmark = pytest.mark.django_db


def checkin(api, slug, number, method="post"):
    return api.send(method, f"/api/v1/tournaments/{slug}/checkin/", {"round": number})


def test_api_check_in_and_out(accepting_event, board, side0):
    response = checkin(side0, accepting_event.slug, 2)
    assert response.status_code == 200 and response.json() == {"round": 2, "checked_in": True}
    assert CheckIn.objects.get(round_number=2).entrant_id == board.side0_id
    assert side0.get("/api/v1/me/").json()["checked_in"] == {"round": 2, "checked_in": True}
    entry_ = AuditEntry.objects.get(action="set_checkin")
    assert entry_.detail["address"] == "127.0.0.1" and board.side0.name in entry_.summary
    out = checkin(side0, accepting_event.slug, 2, "delete")
    assert out.json() == {"round": 2, "checked_in": False}
    assert not CheckIn.objects.exists()


def test_api_check_in_refusals(plain_director, accepting_event, board, side0):
    assert checkin(side0, accepting_event.slug, 1).status_code == 409  # round 1 is paired
    assert checkin(side0, accepting_event.slug, 3).status_code == 400  # not the next round
    assert checkin(PlayerApi("ABCD-EFGH-JKMN-PQRS"), accepting_event.slug, 2).status_code == 401
    other = players_event(plain_director, name="Other Night")
    assert checkin(side0, other.slug, 2).status_code == 403
    assert not CheckIn.objects.exists()


def test_check_in_from_the_players_page(accepting_event, board, plain_director):
    c = phone(key_for(accepting_event, board.side1.number))
    page = c.get("/me/").content.decode()
    assert "Check in for round 2" in page
    response = c.post("/me/checkin/", {"round": "2", "checked_in": "yes"})
    assert response.status_code == 302
    assert "You are checked in for round 2." in c.get("/me/").content.decode()
    assert CheckIn.objects.filter(entrant=board.side1, round_number=2).exists()
    c.post("/me/checkin/", {"round": "2", "checked_in": "no"})
    assert not CheckIn.objects.exists()
    c.post("/me/checkin/", {"round": "2", "checked_in": "yes"})
    # The director pairs only the checked-in: the others are absent, not withdrawn.
    for m in Match.objects.filter(round__number=1).exclude(side1=None):
        PlayerApi(key_for(accepting_event, m.side0.number)).enter(m)
        PlayerApi(key_for(accepting_event, m.side1.number)).accept(m, 1)
    other = Match.objects.filter(round__number=1).exclude(side1=None).exclude(
        pk=board.pk).first()
    checkin(PlayerApi(key_for(accepting_event, other.side0.number)), accepting_event.slug, 2)
    r2 = rounds.pair_round(accepting_event, plain_director, only_checked_in=True)
    playing = {e for m in r2.matches.all() for e in (m.side0_id, m.side1_id) if e}
    assert playing == {board.side1_id, other.side0_id}
    assert accepting_event.entrants.filter(withdrawn_after_round__isnull=False).count() == 0
    late = phone(key_for(accepting_event, board.side1.number))
    refused = late.post("/me/checkin/", {"round": "2", "checked_in": "no"}, follow=True)
    assert "already paired" in refused.content.decode()


def test_check_in_page_without_a_cookie_401():
    from django.test import Client
    assert Client().post("/me/checkin/", {"round": "2", "checked_in": "yes"}).status_code == 401


def test_api_resend_same_key_same_answer_and_nothing_changes(board, side0, side1):
    headers = {"Authorization": f"Player {side0.key}", "Idempotency-Key": "enter-1"}
    body = json.dumps({"version": 0, "record": {
        "format": "fives-and-threes-match/1", "ruleset": "mso",
        "sets": [{"score": [61, 40]}, {"score": [61, 30]}]}})
    first = side0.client.put(f"/api/v1/matches/{board.pk}/result/", body,
                             content_type="application/json", headers=headers)
    again = side0.client.put(f"/api/v1/matches/{board.pk}/result/", body,
                             content_type="application/json", headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert ResultVersion.objects.filter(match=board).count() == 1
    other = side0.client.put(f"/api/v1/matches/{board.pk}/result/",
                             body.replace("61, 30", "61, 31").replace("30]", "31]"),
                             content_type="application/json", headers=headers)
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    accept = {"Authorization": f"Player {side1.key}", "Idempotency-Key": "accept-1"}
    for _ in range(2):
        response = side1.client.post(f"/api/v1/matches/{board.pk}/accept/",
                                     '{"version": 1}', content_type="application/json",
                                     headers=accept)
        assert response.json() == {"version": 2, "status": "confirmed"}
    assert Match.objects.get(pk=board.pk).version == 2


def test_dispute_and_checkin_resent_once(accepting_event, board, side0, side1):
    side0.enter(board)
    headers = {"Authorization": f"Player {side1.key}", "Idempotency-Key": "d-1"}
    body = '{"version": 1, "reason": "set 2 was 61-50"}'
    for _ in range(2):
        response = side1.client.post(f"/api/v1/matches/{board.pk}/dispute/", body,
                                     content_type="application/json", headers=headers)
        assert response.json() == {"version": 2, "status": "disputed"}
    assert AuditEntry.objects.filter(action="player_dispute_result").count() == 1
    headers = {"Authorization": f"Player {side1.key}", "Idempotency-Key": "c-1"}
    for _ in range(2):
        response = side1.client.post(f"/api/v1/tournaments/{accepting_event.slug}/checkin/",
                                     '{"round": 2}', content_type="application/json",
                                     headers=headers)
        assert response.status_code == 200
    assert AuditEntry.objects.filter(action="set_checkin").count() == 1


def test_a_form_sent_twice_is_carried_out_once(accepting_event, board):
    a = phone(key_for(accepting_event, board.side0.number))
    url = f"/me/board/{board.pk}/"
    form = {**entry(), "idempotency_key": "form-1"}
    first, again = a.post(url, form), a.post(url, form)
    assert first.status_code == again.status_code == 302
    assert ResultVersion.objects.filter(match=board).count() == 1
