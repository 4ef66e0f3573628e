"""The captains' card through the API (docs/api.md, "Players' writes"): the away captain
accepts or disputes the whole card with their player key, at the card's version, with an
Idempotency-Key; refused for the side that entered it and for a stale card."""

import json

from django.test import Client

from tournament.models import AuditEntry, Match

from .conftest import key_of
from .test_cards import boards, card_league, enter_card, key, tm  # noqa: F401


def post(raw_key, tm_id, what, body, idem=None):
    headers = {"HTTP_AUTHORIZATION": f"Player {raw_key}"}
    if idem:
        headers["HTTP_IDEMPOTENCY_KEY"] = idem
    return Client().post(f"/api/v1/matches/{tm_id}/card/{what}/", json.dumps(body),
                         content_type="application/json", **headers)


def keys(card_league, tm):  # noqa: F811
    """(home captain's key row, away captain's raw key)."""
    home = key(card_league, tm.side0)
    raw = key_of(card_league, tm.side1.number, 1)
    return home, raw


def test_the_away_captain_accepts_the_card_once(card_league, tm):  # noqa: F811
    home, away = keys(card_league, tm)
    enter_card(tm, home)
    stale = post(away, tm.pk, "accept", {"version": tm.version - 1}, "k-stale")
    assert stale.status_code == 409 and "changed since" in stale.json()["detail"]
    first = post(away, tm.pk, "accept", {"version": tm.version}, "k-1")
    assert first.status_code == 200, first.content
    again = post(away, tm.pk, "accept", {"version": tm.version}, "k-1")
    assert again.status_code == 200 and again.json() == first.json()
    tm.refresh_from_db()
    assert first.json() == {"version": tm.version, "status": "confirmed"}
    assert {b.status for b in boards(tm)} == {Match.Status.CONFIRMED}
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_ACCEPT_CARD).count() == 1
    # The same request again without the key: the card has moved on.
    late = post(away, tm.pk, "accept", {"version": first.json()["version"] - 1})
    assert late.status_code == 409


def test_the_side_that_entered_it_does_not_accept_it(card_league, tm):  # noqa: F811
    home, away = keys(card_league, tm)
    enter_card(tm, home)
    home_raw = key_of(card_league, tm.side0.number, 1)
    mine = post(home_raw, tm.pk, "accept", {"version": tm.version}, "own")
    assert mine.status_code == 403 and "other captain" in mine.json()["detail"]
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_ACCEPT_CARD).exists()


def test_the_away_captain_disputes_the_card_with_a_reason(card_league, tm):  # noqa: F811
    home, away = keys(card_league, tm)
    enter_card(tm, home)
    empty = post(away, tm.pk, "dispute", {"version": tm.version, "reason": " "}, "d-0")
    assert empty.status_code == 400
    r = post(away, tm.pk, "dispute", {"version": tm.version, "reason": "board 2 was ours"},
             "d-1")
    assert r.status_code == 200 and r.json()["status"] == "disputed"
    assert {b.status for b in boards(tm)} == {Match.Status.DISPUTED}
    row = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_DISPUTE_CARD)
    assert row.reason == "board 2 was ours"


def test_no_key_a_board_or_a_member_is_refused(card_league, tm):  # noqa: F811
    home, away = keys(card_league, tm)
    enter_card(tm, home)
    anonymous = Client().post(f"/api/v1/matches/{tm.pk}/card/accept/",
                              json.dumps({"version": tm.version}),
                              content_type="application/json")
    assert anonymous.status_code == 401
    board = boards(tm)[0]
    assert post(away, board.pk, "accept", {"version": board.version}, "b").status_code == 400
    member = key_of(card_league, tm.side1.number, 2)
    refused = post(member, tm.pk, "accept", {"version": tm.version}, "m")
    assert refused.status_code == 403 and "captain" in refused.json()["detail"]
