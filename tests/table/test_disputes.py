"""Issue 33 #7: after a dispute the entering side entered again and the dispute vanished
without an official; under players_then_official an official confirmed a result the
opponent never accepted. A disputed board takes no player's write until an official
settles it (shared/spec/table-entry.md: "an official's entry or confirmation settles
it"); under players_then_official an official confirms a player's entry only once the
other side has accepted it, and neither does closing the round by hand."""

import pytest

from tournament.actions import ActionError, rounds, table
from tournament.actions.base import refusal
from tournament.models import AuditEntry, Match

from .conftest import PlayerApi, key_for, players_event, score_record, token_for
from .test_api import state
from .test_pages import entry, phone, text

pytestmark = pytest.mark.django_db


def first_board(event):
    return (Match.objects.filter(round__tournament=event).exclude(side1=None)
            .select_related("side0", "side1").order_by("board").first())


def test_the_entering_side_cannot_enter_over_a_dispute(accepting_event, board, side0, side1):
    side0.enter(board)
    side1.dispute(board, 1, "Set 2 was 61-50 to us")
    before = state(board)
    for player, version in ((side0, 2), (side1, 2)):
        response = player.enter(board, version=version,
                                record=score_record([61, 40], [61, 50]))
        assert response.status_code == 409
        assert "is disputed: an arbiter settles it" in response.json()["detail"]
    assert side1.dispute(board, 2, "again").status_code == 409
    assert state(board) == before
    m = Match.objects.get(pk=board.pk)
    assert m.status == Match.Status.DISPUTED and m.dispute_reason == "Set 2 was 61-50 to us"
    assert AuditEntry.objects.filter(action="player_enter_result").count() == 1


def test_an_official_still_settles_it_and_the_board_opens_again(accepting_event, board,
                                                                   side0, side1):
    side0.enter(board)
    side1.dispute(board, 1)
    arbiter = PlayerApi(token_for("arb", accepting_event.slug), scheme="Token")
    settled = arbiter.send("put", f"/api/v1/matches/{board.pk}/result/", {
        "version": 2, "record": score_record([61, 40], [50, 61], [61, 20])})
    assert settled.json()["status"] == "confirmed"
    assert side0.enter(board, version=3).status_code == 409  # it counts now
    assert "counts already" in side0.enter(board, version=3).json()["detail"]


def test_the_players_page_says_so_and_offers_no_form(accepting_event, board, side0, side1):
    side0.enter(board)
    side1.dispute(board, 1, "Set 2 was 61-50 to us")
    a = phone(key_for(accepting_event, board.side0.number))
    page = text(a.get(f"/me/board/{board.pk}/"))
    assert "is disputed: an arbiter settles it" in page
    assert 'name="action" value="enter"' not in page
    posted = a.post(f"/me/board/{board.pk}/", entry(version=2, sets=((61, 40), (61, 50)))
                    | {"idempotency_key": "k-1"})
    assert posted.status_code == 409 and "is disputed" in text(posted)
    assert Match.objects.get(pk=board.pk).status == Match.Status.DISPUTED


def test_refusal_is_the_one_rule(accepting_event, board, side0, side1):
    side0.enter(board)
    side1.dispute(board, 1)
    m = Match.objects.select_related("round__tournament").get(pk=board.pk)
    keys = {k.entrant_id: k for k in m.round.tournament.player_keys.all()}
    for side in (m.side0_id, m.side1_id):
        for what in (table.ENTER, table.ACCEPT, table.DISPUTE):
            problem = refusal(table.require_player, m, keys[side], what)
            assert problem is not None and problem.status == 409


@pytest.fixture
def then_event(plain_director):
    return players_event(plain_director, "players_then_official", name="Then Open")


def test_an_official_cannot_confirm_an_entry_the_opponent_never_accepted(then_event):
    board = first_board(then_event)
    a = PlayerApi(key_for(then_event, board.side0.number))
    assert a.enter(board).status_code == 200
    arbiter = PlayerApi(token_for("arb", then_event.slug), scheme="Token")
    refused = arbiter.send("post", f"/api/v1/matches/{board.pk}/confirm/", {"version": 1})
    assert refused.status_code == 409
    assert (f"{board.side1.name} has not accepted {board.side0.name}'s entry yet"
            in refused.json()["detail"])
    assert Match.objects.get(pk=board.pk).status == Match.Status.ENTERED
    b = PlayerApi(key_for(then_event, board.side1.number))
    assert b.accept(board, 1).json()["status"] == "accepted"
    confirmed = arbiter.send("post", f"/api/v1/matches/{board.pk}/confirm/", {"version": 2})
    assert confirmed.json() == {"version": 3, "status": "confirmed"}


def test_the_arbiters_page_says_who_has_not_accepted(then_event, plain_director, client_for):
    board = first_board(then_event)
    PlayerApi(key_for(then_event, board.side0.number)).enter(board)
    page = text(client_for(plain_director).get(f"/arbiter/match/{board.pk}/"))
    assert f"{board.side1.name} has not accepted {board.side0.name}&#x27;s entry yet" in page
    assert 'value="confirm"' not in page
    posted = client_for(plain_director).post(f"/arbiter/match/{board.pk}/",
                                       {"action": "confirm", "version": "1"})
    assert posted.status_code == 409 and "has not accepted" in text(posted).replace(
        "&#x27;", "'")
    assert Match.objects.get(pk=board.pk).status == Match.Status.ENTERED


def test_under_players_accept_an_official_may_still_confirm(accepting_event, board, side0):
    side0.enter(board)
    arbiter = PlayerApi(token_for("arb", accepting_event.slug), scheme="Token")
    confirmed = arbiter.send("post", f"/api/v1/matches/{board.pk}/confirm/", {"version": 1})
    assert confirmed.json()["status"] == "confirmed"


def test_closing_the_round_does_not_confirm_an_unaccepted_entry(then_event, plain_director):
    board = first_board(then_event)
    PlayerApi(key_for(then_event, board.side0.number)).enter(board)
    with pytest.raises(ActionError) as refused:
        rounds.close_round(board.round, plain_director, reason="time")
    assert refused.value.status == 409
    assert (f"Board {board.board} of round 1 holds a player's entry the other side has not "
            "accepted") in refused.value.message
    board.refresh_from_db()
    assert board.status == Match.Status.ENTERED and board.round.status == "published"


def test_closing_the_round_after_acceptance_confirms_it(then_event, plain_director):
    board = first_board(then_event)
    PlayerApi(key_for(then_event, board.side0.number)).enter(board)
    PlayerApi(key_for(then_event, board.side1.number)).accept(board, 1)
    rounds.close_round(board.round, plain_director, reason="time")
    board.refresh_from_db()
    assert board.status == Match.Status.CONFIRMED and board.round.status == "closed"
