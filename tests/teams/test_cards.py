"""The captains' card: the home captain (or a board's player) enters the boards with the
table-entry actions, the away captain accepts or disputes the whole card in one action,
officials settle a dispute as for a board."""

import pytest

from tournament.actions import cards, rounds, table
from tournament.actions import results as official_results
from tournament.actions.base import ActionError, PermissionDenied
from tournament.models import AuditEntry, Match, PlayerKey

from .conftest import board_record, key_of, lineup_all, make_league


@pytest.fixture
def card_league(db, plain_director):
    t = make_league(plain_director, policy="players_accept", require_confirmation=True)
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    t.refresh_from_db()
    return t


@pytest.fixture
def tm(card_league, plain_director):
    tm = (Match.objects.pairings().filter(round__tournament=card_league)
          .select_related("side0", "side1").order_by("board").first())
    lineup_all(tm, plain_director)
    return tm


def key(t, team, member=1):
    key_of(t, team.number, member)
    return PlayerKey.objects.select_related("entrant", "tournament").get(entrant=team,
                                                                          member=member)


def boards(tm):
    return [Match.objects.select_related("round__tournament", "side0", "side1").get(pk=b.pk)
            for b in tm.boards.order_by("board")]


def enter_card(tm, player, winners=(0, 1, 0)):
    for b, side in zip(boards(tm), winners, strict=True):
        table.enter_result(b.pk, player, version=b.version, record=board_record(b, side))
    tm.refresh_from_db()


def test_home_captain_enters_away_captain_accepts_the_whole_card(card_league, tm):
    home, away = key(card_league, tm.side0), key(card_league, tm.side1)
    enter_card(tm, home)
    assert tm.status == Match.Status.PENDING and tm.record == {"boards": [2, 1]}
    cards.accept_card(tm.pk, away, version=tm.version)
    tm.refresh_from_db()
    assert {b.status for b in boards(tm)} == {Match.Status.CONFIRMED}
    assert tm.status == Match.Status.CONFIRMED and tm.winner_id == tm.side0_id
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_ACCEPT_CARD)
    assert entry.detail["boards"] == [1, 2, 3]


def test_a_captain_cannot_accept_a_card_their_side_entered(card_league, tm):
    home = key(card_league, tm.side0)
    enter_card(tm, home)
    with pytest.raises(PermissionDenied, match="Your side entered this card"):
        cards.accept_card(tm.pk, home, version=tm.version)
    assert {b.status for b in boards(tm)} == {Match.Status.ENTERED}


def test_a_stale_card_is_refused(card_league, tm):
    home, away = key(card_league, tm.side0), key(card_league, tm.side1)
    enter_card(tm, home)
    with pytest.raises(ActionError, match="changed since version"):
        cards.accept_card(tm.pk, away, version=tm.version - 1)


def test_the_away_captain_does_not_enter_and_a_member_not_on_the_board_neither(
        card_league, tm):
    away = key(card_league, tm.side1)
    b = boards(tm)[2]  # the pairs board: the captain (member 1) plays singles board 1
    with pytest.raises(PermissionDenied, match="away captain"):
        table.enter_result(b.pk, away, version=b.version, record=board_record(b, 0))
    bench = key(card_league, tm.side0, member=6)  # on the roster, on no board
    with pytest.raises(PermissionDenied, match="do not play board 3"):
        table.enter_result(b.pk, bench, version=b.version, record=board_record(b, 0))


def test_a_board_player_enters_their_own_board(card_league, tm):
    away_player = key(card_league, tm.side1, member=2)  # lined up on board 2
    b = boards(tm)[1]
    table.enter_result(b.pk, away_player, version=b.version, record=board_record(b, 1))
    assert Match.objects.get(pk=b.pk).status == Match.Status.ENTERED


def test_a_disputed_card_is_settled_by_an_official(card_league, tm, plain_director):
    home, away = key(card_league, tm.side0), key(card_league, tm.side1)
    enter_card(tm, home)
    cards.dispute_card(tm.pk, away, version=tm.version, reason="board 2 was 61-50 to us")
    tm.refresh_from_db()
    assert tm.status == Match.Status.DISPUTED
    assert {b.status for b in boards(tm)} == {Match.Status.DISPUTED}
    for b in boards(tm):
        official_results.submit_result(b.pk, plain_director, version=b.version,
                                       record=board_record(b, 1))
    tm.refresh_from_db()
    assert tm.status == Match.Status.CONFIRMED and tm.winner_id == tm.side1_id


def test_no_lineup_no_entry(card_league, plain_director):
    other = (Match.objects.pairings().filter(round__tournament=card_league)
             .order_by("board").last())
    home = key(card_league, other.side0)
    b = boards(other)[0]
    with pytest.raises(ActionError, match="no lineup yet"):
        table.enter_result(b.pk, home, version=b.version, record=board_record(b, 0))
