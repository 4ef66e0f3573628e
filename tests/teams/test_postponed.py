"""A postponed fixture: its round stays open for it alone while later rounds are paired,
published and played; it is entered later, once."""

import datetime

import pytest

from tournament.actions import rounds, table, team_matches
from tournament.actions.base import ActionError, PermissionDenied
from tournament.models import AuditEntry, Match, PlayerKey, Round, Tournament

from .conftest import board_record, key_of, lineup_all, make_league


def fixtures(t, number):
    return list(Match.objects.pairings().filter(round__tournament=t, round__number=number)
                .select_related("side0", "side1").order_by("board"))


@pytest.fixture
def four(db, plain_director):
    """Four teams, one cycle (three rounds), players enter and accept."""
    t = make_league(plain_director, teams=4, cycles=1, policy="players_accept",
                    require_confirmation=True)
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    t.refresh_from_db()
    return t


def play_by_captains(t, tm, director):
    lineup_all(tm, director)
    keys = []
    for team in (tm.side0, tm.side1):
        key_of(t, team.number, 1)
        keys.append(PlayerKey.objects.select_related("entrant", "tournament")
                    .get(entrant=team, member=1))
    for b in tm.boards.order_by("board"):
        b = Match.objects.select_related("round__tournament").get(pk=b.pk)
        table.enter_result(b.pk, keys[0], version=b.version, record=board_record(b, 0))
    tm.refresh_from_db()
    from tournament.actions import cards
    cards.accept_card(tm.pk, keys[1], version=tm.version)
    return keys


def test_a_postponed_match_leaves_its_round_open_for_it_alone(four, plain_director):
    first, second = fixtures(four, 1)
    team_matches.postpone_match(first.pk, plain_director, to="2027-01-20",
                                reason="floods at the Crown")
    first.refresh_from_db()
    assert first.postponed_to == datetime.date(2027, 1, 20)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.POSTPONE_MATCH)
    assert entry.reason == "floods at the Crown"
    play_by_captains(four, second, plain_director)
    r2 = rounds.pair_round(four, plain_director)  # round 1's postponed match does not hold it
    rounds.publish_round(r2, plain_director)
    assert Round.objects.get(tournament=four, number=1).status == Round.Status.PUBLISHED
    for tm in fixtures(four, 2):
        play_by_captains(four, tm, plain_director)
    assert Round.objects.get(tournament=four, number=2).status == Round.Status.CLOSED
    r3 = rounds.pair_round(four, plain_director)
    rounds.publish_round(r3, plain_director)
    for tm in fixtures(four, 3):
        play_by_captains(four, tm, plain_director)
    four.refresh_from_db()
    assert four.status == Tournament.Status.RUNNING  # the postponed match is still to play
    keys = play_by_captains(four, first, plain_director)  # played later, as any match
    assert Round.objects.get(tournament=four, number=1).status == Round.Status.CLOSED
    four.refresh_from_db()
    assert four.status == Tournament.Status.FINISHED
    # Entered twice: refused, nothing changes.
    b = Match.objects.select_related("round__tournament").get(team_match=first, board=1)
    with pytest.raises(PermissionDenied):
        table.enter_result(b.pk, keys[0], version=b.version, record=board_record(b, 1))
    with pytest.raises(ActionError, match="closed"):
        team_matches.postpone_match(first.pk, plain_director, to="2027-02-01",
                                    reason="again")


def test_postponing_needs_a_reason_a_date_and_an_unplayed_league_match(four, plain_director):
    first, second = fixtures(four, 1)
    with pytest.raises(ActionError, match="reason"):
        team_matches.postpone_match(first.pk, plain_director, to="2027-01-20", reason="")
    with pytest.raises(ActionError, match="not a date"):
        team_matches.postpone_match(first.pk, plain_director, to="next week", reason="x")
    board = first.boards.first()
    with pytest.raises(ActionError, match="team match"):
        team_matches.postpone_match(board.pk, plain_director, to="2027-01-20", reason="x")
    play_by_captains(four, second, plain_director)
    with pytest.raises(ActionError, match="counts"):
        team_matches.postpone_match(second.pk, plain_director, to="2027-01-20", reason="x")
    assert not Match.objects.filter(postponed_to__isnull=False).exists()


def test_an_open_match_not_postponed_holds_the_next_round(four, plain_director):
    with pytest.raises(ActionError, match="not finished"):
        rounds.pair_round(four, plain_director)


def test_a_director_closes_a_round_deciding_its_boards(four, plain_director):
    first, second = fixtures(four, 1)
    play_by_captains(four, second, plain_director)
    lineup_all(first, plain_director)
    b = Match.objects.select_related("round__tournament").get(team_match=first, board=1)
    from tournament.actions import results
    results.submit_result(b.pk, plain_director, version=b.version, record=board_record(b, 1))
    round_ = Round.objects.get(tournament=four, number=1)
    closed = rounds.close_round(round_, plain_director, reason="the rest not played")
    assert closed.status == Round.Status.CLOSED
    first.refresh_from_db()
    # boards 2 and 3 double forfeits, board 1 won by the away team: the away team wins 1-0
    assert first.status == Match.Status.CONFIRMED and first.record == {"boards": [0, 1]}
    assert first.winner_id == first.side1_id
