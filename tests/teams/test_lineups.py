"""Lineups: each captain names the players of every board from the roster; a member
plays at most one singles and one pairs board; the other side sees a lineup only once
both are in (or a director opens the match); a director may change one, with a reason."""

import pytest

from tournament.actions import lineups
from tournament.actions.base import ActionError, PermissionDenied
from tournament.models import AuditEntry, Match, PlayerKey, TeamLineup

from .conftest import key_of, play_card


@pytest.fixture
def match_one(league):
    return (Match.objects.pairings().filter(round__tournament=league, round__number=1)
            .select_related("side0", "side1").order_by("board").first())


def captain(t, team, member=1):
    """The PlayerKey of the team's member (1 = its captain, the roster's first)."""
    key_of(t, team.number, member)
    return PlayerKey.objects.select_related("entrant", "tournament").get(entrant=team,
                                                                          member=member)


@pytest.mark.parametrize("lineup, words", [
    ([[0], [0], [1, 2]], "member 1 already plays singles board 1"),
    ([[0], [1], [2, 2]], "the same player is named twice"),
    ([[0], [1], [2, 9]], "member 10 is not on the team's roster of 6"),
    ([[0], [], [2, 3]], "board 2 (singles) is left empty"),
    ([[0], [1]], "the lineup names 2 boards; the team match has 3"),
    ([[0], [1, 4], [2, 3]], "board 2 (singles) needs 1 player, not 2"),
    ([[0], ["x"], [2, 3]], "players are named by their member numbers"),
])
def test_bad_lineups_are_refused_and_nothing_stored(league, match_one, lineup, words):
    key = captain(league, match_one.side0)
    with pytest.raises(ActionError) as refused:
        lineups.set_lineup(match_one.pk, key, lineup=lineup)
    assert words in refused.value.message
    assert not TeamLineup.objects.exists()


def test_a_member_plays_one_singles_and_one_pairs_board(league, match_one):
    key = captain(league, match_one.side0)
    row = lineups.set_lineup(match_one.pk, key, lineup=[[0], [1], [0, 1]])
    assert row.boards == [[0], [1], [0, 1]]


def test_only_the_captain_of_a_team_in_the_match_names_its_lineup(league, match_one):
    member = captain(league, match_one.side0, member=2)
    with pytest.raises(PermissionDenied, match="captain"):
        lineups.set_lineup(match_one.pk, member, lineup=[[0], [1], [2, 3]])
    other = (Match.objects.pairings().filter(round=match_one.round).exclude(pk=match_one.pk)
             .first())
    stranger = captain(league, other.side0)
    with pytest.raises(PermissionDenied, match="does not play"):
        lineups.set_lineup(match_one.pk, stranger, lineup=[[0], [1], [2, 3]])


def test_a_lineup_is_hidden_until_both_are_in(league, match_one):
    home, away = captain(league, match_one.side0), captain(league, match_one.side1)
    lineups.set_lineup(match_one.pk, home, lineup=[[0], [1], [2, 3]])
    assert lineups.lineup_seen_by(match_one, away) == {0: None, 1: None}
    assert lineups.lineup_seen_by(match_one, None) == {0: None, 1: None}
    assert lineups.lineup_seen_by(match_one, home)[0] == [[0], [1], [2, 3]]
    assert not match_one.boards.filter(lineup__isnull=False).exists()
    lineups.set_lineup(match_one.pk, away, lineup=[[5], [4], [3, 2]])
    assert lineups.lineup_seen_by(match_one, away)[0] == [[0], [1], [2, 3]]
    assert lineups.lineup_seen_by(match_one, None) == {0: [[0], [1], [2, 3]],
                                                        1: [[5], [4], [3, 2]]}
    assert [b.lineup for b in match_one.boards.order_by("board")] == [
        [[0], [5]], [[1], [4]], [[2, 3], [3, 2]]]


def test_a_director_opens_the_match(league, match_one, plain_director):
    home, away = captain(league, match_one.side0), captain(league, match_one.side1)
    lineups.set_lineup(match_one.pk, home, lineup=[[0], [1], [2, 3]])
    lineups.open_lineups(match_one.pk, plain_director, reason="away captain late")
    assert lineups.lineup_seen_by(match_one, away)[0] == [[0], [1], [2, 3]]
    assert match_one.boards.get(board=1).lineup == [[0], []]
    lineups.set_lineup(match_one.pk, away, lineup=[[5], [4], [3, 2]])  # straight on
    assert match_one.boards.get(board=1).lineup == [[0], [5]]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.OPEN_LINEUPS).exists()


def test_an_official_enters_a_lineup_with_a_reason(league, match_one, plain_director):
    with pytest.raises(ActionError, match="reason"):
        lineups.set_lineup(match_one.pk, plain_director, side=0, lineup=[[0], [1], [2, 3]])
    lineups.set_lineup(match_one.pk, plain_director, side=0, lineup=[[0], [1], [2, 3]],
                       reason="captain's phone is flat")
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.SET_LINEUP).get()
    assert entry.reason == "captain's phone is flat"
    assert entry.detail["players"][0] == [match_one.side0.members[0]["name"]]


def test_once_a_board_has_a_result_only_a_director_changes_its_lineup(
        league, match_one, plain_director):
    home, away = captain(league, match_one.side0), captain(league, match_one.side1)
    lineups.set_lineup(match_one.pk, home, lineup=[[0], [1], [2, 3]])
    lineups.set_lineup(match_one.pk, away, lineup=[[0], [1], [2, 3]])
    play_card(match_one, plain_director)
    with pytest.raises(PermissionDenied, match="only a director"):
        lineups.set_lineup(match_one.pk, home, lineup=[[1], [0], [2, 3]])
    lineups.set_lineup(match_one.pk, plain_director, side=0, lineup=[[1], [0], [2, 3]],
                       reason="boards 1 and 2 were swapped on the card")
    assert match_one.boards.get(board=1).lineup == [[1], [0]]


def test_a_captain_names_no_lineup_for_a_draft_round(db, plain_director):
    from tournament.actions import rounds

    from .conftest import make_league

    t = make_league(plain_director, teams=4, cycles=1)
    r1 = rounds.pair_round(t, plain_director)  # a draft: the officials' alone
    tm = Match.objects.pairings().filter(round=r1).select_related("side0").first()
    with pytest.raises(PermissionDenied, match="not open"):
        lineups.set_lineup(tm.pk, captain(t, tm.side0), lineup=[[0], [1], [2, 3]])
