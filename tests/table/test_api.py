"""Every row of shared/spec/table-entry.md's tables, through the API."""

import pytest

from tournament.actions import events, rounds
from tournament.models import AuditEntry, Match, PlayerKey, ResultVersion, SetResult

from .conftest import PlayerApi, key_for, players_event, score_record, token_for

pytestmark = pytest.mark.django_db


def state(match):
    m = Match.objects.get(pk=match.pk)
    return (m.version, m.status, m.record, m.entered_by_player_id, m.answered_by_player_id,
            list(SetResult.objects.filter(match=m).values_list("score0", "score1")),
            ResultVersion.objects.filter(match=m).count())


def test_entry_policy_in_the_tournament_read(accepting_event, client):
    assert client.get(f"/api/v1/tournaments/{accepting_event.slug}/").json()["entry_policy"] == \
        "players_accept"


def test_a_side_enters_and_the_other_accepts_players_accept(accepting_event, board, side0, side1):
    entered = side0.enter(board)
    assert entered.status_code == 200, entered.json()
    assert entered.json()["status"] == "entered" and entered.json()["version"] == 1
    m = Match.objects.get(pk=board.pk)
    assert m.entered_by_player.entrant_id == board.side0_id and m.entered_by is None
    read = PlayerApi().get(f"/api/v1/tournaments/{accepting_event.slug}/rounds/1/").json()
    assert next(r for r in read if r["id"] == board.pk)["result"] is None  # not yet counted
    accepted = side1.accept(board, 1)
    assert accepted.status_code == 200
    assert accepted.json() == {"version": 2, "status": "confirmed"}
    read = PlayerApi().get(f"/api/v1/matches/{board.pk}/").json()
    assert read["status"] == "confirmed" and read["result"]["sets"] == [[61, 40], [61, 30]]
    entry = AuditEntry.objects.filter(action="player_accept_result").get()
    assert entry.detail["player"] == board.side1.number and entry.detail["address"] == \
        "127.0.0.1"
    assert AuditEntry.objects.get(action="player_enter_result").detail["player"] == \
        board.side0.number
    assert list(ResultVersion.objects.filter(match=board).values_list(
        "status", "by_player__entrant")) == [("entered", board.side0_id),
                                             ("confirmed", board.side1_id)]


def test_players_then_official_accept_is_accepted_then_an_official_confirms(plain_director):
    then_event = players_event(plain_director, "players_then_official", name="Then Open")
    board = Match.objects.filter(round__tournament=then_event).exclude(side1=None).first()
    a = PlayerApi(key_for(then_event, board.side0.number))
    b = PlayerApi(key_for(then_event, board.side1.number))
    assert a.enter(board).status_code == 200
    response = b.accept(board, 1)
    assert response.json() == {"version": 2, "status": "accepted"}
    read = PlayerApi().get(f"/api/v1/tournaments/{then_event.slug}/rounds/1/").json()
    assert next(r for r in read if r["id"] == board.pk)["status"] == "accepted"
    arbiter = PlayerApi(token_for("arb", then_event.slug), scheme="Token")
    confirmed = arbiter.send("post", f"/api/v1/matches/{board.pk}/confirm/", {"version": 2})
    assert confirmed.json() == {"version": 3, "status": "confirmed"}


def test_dispute_then_an_official_settles_by_entering(accepting_event, board, side0, side1):
    side0.enter(board)
    response = side1.dispute(board, 1, "Set 2 was 61-50")
    assert response.json() == {"version": 2, "status": "disputed"}
    m = Match.objects.get(pk=board.pk)
    assert m.dispute_reason == "Set 2 was 61-50"
    assert AuditEntry.objects.get(action="player_dispute_result").reason == "Set 2 was 61-50"
    # Neither side can accept a disputed result.
    assert side0.accept(board, 2).status_code == 409
    arbiter = PlayerApi(token_for("arb", accepting_event.slug), scheme="Token")
    settled = arbiter.send("put", f"/api/v1/matches/{board.pk}/result/", {
        "version": 2, "record": score_record([61, 40], [50, 61], [61, 20])})
    assert settled.json()["status"] == "confirmed"
    m.refresh_from_db()
    assert m.dispute_reason == "" and m.entered_by.username == "arb"


def test_dispute_settled_by_an_officials_confirmation(accepting_event, board, side0, side1):
    side0.enter(board)
    side1.dispute(board, 1)
    arbiter = PlayerApi(token_for("arb", accepting_event.slug), scheme="Token")
    response = arbiter.send("post", f"/api/v1/matches/{board.pk}/confirm/", {"version": 2})
    assert response.json()["status"] == "confirmed"


def test_the_side_that_entered_cannot_accept_403(board, side0):
    side0.enter(board)
    before = state(board)
    response = side0.accept(board, 1)
    assert response.status_code == 403 and "other side" in response.json()["detail"]
    assert side0.dispute(board, 1).status_code == 403
    assert state(board) == before


def test_stale_version_409(board, side0, side1):
    side0.enter(board)
    before = state(board)
    response = side1.accept(board, 0)
    assert response.status_code == 409 and response.json()["version"] == 1
    assert side1.enter(board, version=0).status_code == 409
    assert state(board) == before


@pytest.mark.parametrize("header", ["Player ABCD-EFGH-JKMN-PQRS", "Player nonsense", "Player "])
def test_unknown_key_401(board, header):
    client = PlayerApi()
    before = state(board)
    for response in (
            client.client.put(f"/api/v1/matches/{board.pk}/result/", "{}",
                              content_type="application/json",
                              headers={"Authorization": header}),
            client.client.post(f"/api/v1/matches/{board.pk}/accept/", '{"version": 0}',
                               content_type="application/json",
                               headers={"Authorization": header}),
            client.client.get("/api/v1/me/", headers={"Authorization": header})):
        assert response.status_code == 401
    assert state(board) == before


def test_renewed_key_401_and_the_new_one_works(accepting_event, board, side0):
    old = side0.key
    new = key_for(accepting_event, board.side0.number)
    assert PlayerApi(old).enter(board).status_code == 401
    assert PlayerApi(new).enter(board).status_code == 200
    assert PlayerKey.objects.filter(entrant=board.side0).count() == 1


def test_key_of_another_board_403(board, stranger, side0):
    assert stranger.enter(board).status_code == 403
    side0.enter(board)
    before = state(board)
    assert stranger.accept(board, 1).status_code == 403
    assert stranger.dispute(board, 1).status_code == 403
    assert state(board) == before


def test_key_of_another_event_403(plain_director, board):
    other = players_event(plain_director, name="Other Open")
    outsider = PlayerApi(key_for(other, 1))
    assert outsider.enter(board).status_code == 403


def test_policy_officials_403(plain_director, accepting_event, board, side0, side1):
    events.update_settings(accepting_event, plain_director, entry_policy="officials",
                           reason="wifi down")
    before = state(board)
    response = side0.enter(board)
    assert response.status_code == 403 and "arbiters enter" in response.json()["detail"]
    assert state(board) == before


def test_a_counted_result_409_and_a_closed_round_403(plain_director, accepting_event, board, side0,
                                                     side1):
    side0.enter(board)
    side1.accept(board, 1)
    response = side0.enter(board, version=2)
    assert response.status_code == 409 and "counts already" in response.json()["detail"]
    rnd = board.round
    rounds.close_round(rnd, plain_director, reason="time")
    other = Match.objects.filter(round=rnd).exclude(side1=None).exclude(pk=board.pk).first()
    player = PlayerApi(key_for(accepting_event, other.side0.number))
    other.refresh_from_db()
    assert player.enter(other).status_code == 403


def test_validator_refusal_422_nothing_stored(board, side0):
    before = state(board)
    response = side0.enter(board, record=score_record([61, 40], [62, 30]))
    assert response.status_code == 422
    assert response.json()["report"]["errors"][0]["code"] == "set_score_invalid"
    assert state(board) == before


def test_dispute_needs_a_reason(board, side0, side1):
    side0.enter(board)
    before = state(board)
    response = side1.dispute(board, 1, "  ")
    assert response.status_code == 400 and "reason" in response.json()["errors"]
    assert state(board) == before


def test_me(accepting_event, board, side0, side1):
    answer = side0.get("/api/v1/me/")
    assert answer["Cache-Control"] == "private, no-store"
    body = answer.json()
    assert body["tournament"] == accepting_event.slug and body["player"] == board.side0.number
    assert body["name"] == board.side0.name
    assert body["board"] == {"id": board.pk, "round": 1, "board": board.board,
                             "opponent": {"number": board.side1.number,
                                          "name": board.side1.name},
                             "starts_set_one": True, "status": "pending", "version": 0}
    assert side1.get("/api/v1/me/").json()["board"]["starts_set_one"] is False
    side0.enter(board)
    side1.accept(board, 1)
    result = side0.get("/api/v1/me/").json()["results"][0]
    assert result["status"] == "confirmed" and result["counts"] is True
    assert result["record"]["sets"][0]["score"] == [61, 40]
    assert body["checked_in"]["round"] == 2


def test_me_of_a_pair_member(plain_director):
    from tournament.actions import entrants
    t = events.create_tournament(plain_director, name="Pairs Open", ruleset="bndcc",
                                 entrants_kind="pairs", entry_policy="players_accept")
    entrants.import_entrants(t, plain_director, "name,member1,member2\n" + "\n".join(
        f"Pair {i},Ann {i},Bob {i}" for i in range(4)))
    rounds.publish_round(rounds.pair_round(t, plain_director), plain_director)
    body = PlayerApi(key_for(t, 1, member=2)).get("/api/v1/me/").json()
    assert body["member"] == 2 and body["name"].startswith("Bob")
    assert body["board"]["starts_set_one"] is None  # bndcc: drawn at the table


def test_repeated_wrong_keys_429_with_retry_after(board, side0, settings):
    settings.API_RATE_LIMITS = {"player_codes_per_address": "2/10m"}
    wrong = PlayerApi("ABCD-EFGH-JKMN-PQRS")
    assert [wrong.accept(board, 0).status_code for _ in range(2)] == [401, 401]
    response = wrong.accept(board, 0)
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert Match.objects.get(pk=board.pk).version == 0


def test_a_round_with_a_disputed_board_is_not_closed_by_hand(plain_director, board, side0, side1):
    from tournament.actions import ActionError
    side0.enter(board)
    side1.dispute(board, 1)
    with pytest.raises(ActionError) as refused:
        rounds.close_round(board.round, plain_director, reason="time")
    assert refused.value.status == 409 and f"Board {board.board}" in refused.value.message
    board.refresh_from_db()
    assert board.status == "disputed" and board.round.status == "published"


def test_wrong_keys_at_one_board_429_but_a_right_key_still_works(board, side0, settings):
    settings.API_RATE_LIMITS = {"player_codes_per_board": "2/10m"}
    from django.test import Client
    codes = []
    for i in range(3):  # from three addresses: the board's count, not the address's
        client = Client(REMOTE_ADDR=f"10.8.0.{i}")
        codes.append(client.post(f"/api/v1/matches/{board.pk}/accept/", '{"version": 0}',
                                 content_type="application/json",
                                 headers={"Authorization": "Player ABCD-EFGH-JKMN-PQRS"}))
    assert [r.status_code for r in codes] == [401, 401, 429]
    assert int(codes[2]["Retry-After"]) > 0
    assert side0.enter(board).status_code == 200


def test_a_players_device_reads_the_public_api_with_its_key(accepting_event, side0):
    url = f"/api/v1/tournaments/{accepting_event.slug}/rounds/1/"
    assert side0.get(url).status_code == 200
    assert PlayerApi("ABCD-EFGH-JKMN-PQRS").get(url).status_code == 401
