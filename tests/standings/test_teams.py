"""Team points and the league table (shared/spec/competitions.md, "Teams")."""

import pytest

from tournament.standings.teams import (
    PRESETS,
    CloseLoss,
    TeamMatch,
    TeamPoints,
    league_table,
    match_points,
)


def test_two_for_the_match_and_one_a_game():
    two_and_one = TeamPoints.from_json({"win": 2, "draw": 1, "loss": 0, "per_board": 1})
    assert two_and_one == PRESETS["two_and_one_a_game"]
    assert match_points((6, 3), two_and_one) == (8, 3)
    assert match_points((4, 4), two_and_one) == (5, 5)  # a board won by neither


def test_winners_three_and_losers_one_only_at_five_four():
    league = TeamPoints.from_json({"win": 3, "loss": 0, "per_board": 0,
                                   "close_loss": {"margin": 1, "points": 1}})
    assert league.close_loss == CloseLoss(1, 1)
    assert match_points((5, 4), league) == (3, 1)
    assert match_points((4, 5), league) == (1, 3)
    assert match_points((6, 3), league) == (3, 0)


@pytest.mark.parametrize("doc, words", [
    ({"win": -1}, "win must be a number"),
    ({"win": True}, "win must be a number"),
    ({"bonus": 1}, "unknown team points bonus"),
    ({"close_loss": {"margin": 0, "points": 1}}, "margin"),
    ({"close_loss": {"margin": 1}}, "close_loss is"),
])
def test_bad_team_points_are_named(doc, words):
    with pytest.raises(ValueError, match=words):
        TeamPoints.from_json(doc)


def test_the_league_table_orders_by_points_difference_and_boards():
    points = PRESETS["two_and_one_a_game"]
    matches = [TeamMatch((1, 2), (5, 4)), TeamMatch((3, 4), (9, 0)),
               TeamMatch((1, 3), (3, 6)), TeamMatch((2, 4), (5, 4))]
    table = league_table([1, 2, 3, 4], matches, points)
    assert [(r.team, r.played, r.won, r.drawn, r.lost, r.boards_for, r.boards_against,
             r.points) for r in table] == [
        (3, 2, 2, 0, 0, 15, 3, 19), (2, 2, 1, 0, 1, 9, 9, 11), (1, 2, 1, 0, 1, 8, 10, 10),
        (4, 2, 0, 0, 2, 4, 14, 4)]
    assert [r.rank for r in table] == [1, 2, 3, 4]
    assert table[0].as_json()["boards_for"] == 15


def test_level_teams_are_split_by_their_matches_among_them_or_share():
    points = TeamPoints(win=2, draw=1, loss=0)
    # 1 and 2 level on points (2), difference (0) and boards (9); 1 beat 2.
    matches = [TeamMatch((1, 2), (5, 4)), TeamMatch((2, 3), (5, 4)),
               TeamMatch((3, 1), (5, 4))]
    table = league_table([1, 2, 3], matches, points)
    # All three: 2 points, 9-9: a circle; the matches among them are level too.
    assert [r.rank for r in table] == [1, 1, 1] and all(r.shared for r in table)
    assert "share the place" in table[0].decided_by
    matches = [TeamMatch((1, 2), (5, 4)), TeamMatch((1, 3), (4, 5)),
               TeamMatch((2, 3), (6, 3)), TeamMatch((3, 4), (9, 0)),
               TeamMatch((1, 4), (9, 0)), TeamMatch((2, 4), (4, 5))]
    table = league_table([1, 2, 3, 4], matches, points)
    assert table[0].team == 1 and not table[0].shared


def test_a_bye_is_no_match():
    table = league_table([1, 2, 3], [TeamMatch((1, 2), (6, 3))], PRESETS["two_and_one_a_game"])
    third = next(r for r in table if r.team == 3)
    assert (third.played, third.points, third.boards_for) == (0, 0, 0)
