"""Match points for every kind of match, and the points spread."""

import pytest

from tests.standings.helpers import (
    away,
    beat,
    by_player,
    bye,
    double_forfeit,
    forfeit,
    unplayed,
)
from tournament.standings import BoardResult, Player, Points, compute_standings, player_rounds

PLAYERS = [Player(i, f"P{i}") for i in range(1, 7)]


def points_of(matches, points=None, players=PLAYERS, **kw):
    rows = compute_standings(players, matches, points or Points(), [], **kw)
    return {row.player: row.points for row in rows}


KINDS = [
    beat(1, 1, 2),
    bye(1, 3),
    forfeit(1, 4, 5),
    double_forfeit(2, 1, 3),
    unplayed(2, 2, 4),
]


def test_default_points_for_every_kind():
    assert points_of(KINDS) == {1: 1, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0}


def test_custom_points_for_every_kind():
    table = Points(win=3, loss=1, bye=2, forfeit_win=5, forfeit_loss=-1)
    # 1: win 3 + double forfeit -1; 2: loss 1 + unplayed 0; 3: bye 2 + double forfeit -1;
    # 4: forfeit win 5 + unplayed 0; 5: forfeit loss -1; 6: nothing
    assert points_of(KINDS, table) == {1: 2, 2: 1, 3: 1, 4: 5, 5: -1, 6: 0}


def test_float_points_stay_floats_and_ints_stay_ints():
    table = Points(win=1, loss=0, bye=0.5, forfeit_win=1, forfeit_loss=0)
    got = points_of(KINDS, table)
    assert got[3] == 0.5 and isinstance(got[3], float)
    assert type(got[1]) is int and type(got[6]) is int


def test_float_sums_in_different_orders_compare_equal():
    # 0.1 + 0.7 + 0.2 and 0.2 + 0.1 + 0.7 differ in the last bit; they must still tie.
    table = Points(win=0.1, loss=0.2, bye=0.7, forfeit_win=0.3, forfeit_loss=0)
    # 1: win 0.1, bye 0.7, loss 0.2 = 1.0; 3: bye 0.7, loss 0.2, win 0.1 = 0.9999999999999999
    matches = [beat(1, 1, 2), bye(2, 1), beat(3, 4, 1), bye(1, 3), beat(2, 5, 3), beat(3, 3, 6)]
    by = by_player(compute_standings(PLAYERS, matches, table, []))
    assert by[1].points != by[3].points
    assert by[1].points == pytest.approx(by[3].points)
    assert by[1].rank == by[3].rank and by[1].shared and by[3].shared


def test_double_forfeit_gives_both_the_forfeit_loss():
    got = points_of([double_forfeit(1, 1, 2)], Points(forfeit_loss=-1))
    assert got[1] == got[2] == -1


def test_unplayed_counts_for_nothing():
    table = Points(win=3, loss=1, bye=2, forfeit_win=5, forfeit_loss=-1)
    assert points_of([unplayed(1, 1, 2)], table) == dict.fromkeys(range(1, 7), 0)


def spread(matches, player, **kw):
    rows = compute_standings(PLAYERS, matches, Points(), ["mso_spread"], **kw)
    return by_player(rows)[player].tiebreaks["mso_spread"]


def gpd(matches, player):
    rows = compute_standings(PLAYERS, matches, Points(), ["game_points_difference"])
    return by_player(rows)[player].tiebreaks["game_points_difference"]


SPEC_MATCH = BoardResult(1, (1, 2), "played", 1, ((61, 40), (52, 61), (61, 58)))


def test_spec_spread_example():
    # 61-40, 52-61, 61-58 -> +21 - 9 + 3 = +15 for the match
    assert gpd([SPEC_MATCH], 1) == 15
    assert gpd([SPEC_MATCH], 2) == -15
    # one round only: it is also the best round, so the MSO spread drops it
    assert spread([SPEC_MATCH], 1) == 0
    # with two more rounds: +15, -10, +5 -> 10 - 15 = -5
    more = [SPEC_MATCH, beat(2, 3, 1, by=10), beat(3, 1, 4, by=5)]
    assert spread(more, 1) == -5


def test_spread_from_the_second_seat():
    # player 1 sits second: their score is the second of each pair
    assert gpd([BoardResult(1, (2, 1), "played", 1, ((40, 61), (61, 52), (58, 61)))], 1) == 15


def test_largest_round_is_dropped_once_when_several_tie():
    matches = [beat(1, 1, 2, by=10), beat(2, 1, 3, by=10), beat(3, 4, 1, by=5)]
    # +10, +10, -5 -> 15 - 10 = 5
    assert spread(matches, 1) == 5


def test_all_played_rounds_negative_drops_the_least_bad():
    matches = [beat(1, 2, 1, by=10), beat(2, 3, 1, by=20), beat(3, 4, 1, by=5)]
    # -10, -20, -5 -> -35 - (-5) = -30
    assert spread(matches, 1) == -30


def test_a_bye_round_is_a_zero_round_and_can_be_the_largest():
    matches = [beat(1, 2, 1, by=10), beat(2, 3, 1, by=20), bye(3, 1), beat(3, 2, 3)]
    # -10, -20, 0 (bye) -> -30 - 0 = -30
    assert spread(matches, 1) == -30


@pytest.mark.parametrize(
    "zero_round", [forfeit(3, 1, 4), forfeit(3, 4, 1), double_forfeit(3, 1, 4)]
)
def test_forfeit_rounds_are_zero_rounds(zero_round):
    matches = [beat(1, 2, 1, by=10), beat(2, 3, 1, by=20), zero_round]
    assert spread(matches, 1) == -30


def test_round_without_a_match_is_a_zero_round():
    # 1 withdrew after round 2; round 3 was played by others
    matches = [beat(1, 2, 1, by=10), beat(2, 3, 1, by=20), beat(3, 2, 3)]
    assert spread(matches, 1) == -30


def test_a_round_with_no_result_at_all_does_not_count():
    # round 3 is paired but nothing is played yet: rounds are 1..2
    matches = [beat(1, 2, 1, by=10), beat(2, 3, 1, by=20), unplayed(3, 1, 4), unplayed(3, 2, 3)]
    assert spread(matches, 1) == -20
    # ...until one result of round 3 is in: then 1's unplayed round 3 is a zero round
    matches[-1] = beat(3, 2, 3)
    assert spread(matches, 1) == -30


def test_after_round_limits_the_rounds():
    matches = [beat(1, 2, 1, by=10), beat(2, 3, 1, by=20), bye(3, 1)]
    assert spread(matches, 1, after_round=2) == -20
    assert spread(matches, 1, after_round=3) == -30


def test_no_rounds_no_spread():
    assert spread([], 1) == 0


def test_abandoned_match_counts_the_sets_played():
    # abandoned in the second set: winner given, sets so far
    m = BoardResult(1, (1, 2), "played", 2, ((61, 50), (30, 45)))
    order = ["game_points_difference", "set_difference"]
    by = by_player(compute_standings(PLAYERS, [m], Points(), order))
    assert by[2].points == 1 and by[1].points == 0
    assert by[1].tiebreaks == {"game_points_difference": 11 - 15, "set_difference": 0}


# ---------------------------------------------------------------- rounds without a board

AWAY = [
    beat(1, 1, 2), away(1, 3, "half_bye"), away(1, 4, "zero_bye"), away(1, 5, "absent"),
    away(1, 6, "late_entry"),
]


def test_rounds_without_a_board_score_the_mso_defaults():
    # MSO: a requested bye or an absence scores nothing; a half-point bye half a win.
    assert points_of(AWAY) == {1: 1, 2: 0, 3: 0.5, 4: 0, 5: 0, 6: 0}


def test_rounds_without_a_board_score_the_events_points():
    table = Points(half_bye=1.5, zero_bye=0.25, absent=-1, late_entry=1)
    assert points_of(AWAY, table) == {1: 1, 2: 0, 3: 1.5, 4: 0.25, 5: -1, 6: 1}


def test_a_round_without_a_board_is_a_zero_spread_round_with_no_opponent():
    matches = [beat(1, 2, 1, by=10), beat(2, 3, 1, by=20), away(3, 1, "half_bye"),
               beat(3, 2, 3)]
    # -10, -20, 0 -> -30 - 0 = -30, like a bye
    assert spread(matches, 1) == -30
    lines = player_rounds(PLAYERS, matches, Points(), 1)
    assert [(ln.round, ln.result, ln.opponent, ln.points, ln.total) for ln in lines] == [
        (1, "loss", 2, 0, 0), (2, "loss", 3, 0, 0), (3, "half_bye", None, 0.5, 0.5)]


def test_a_round_without_a_board_counts_the_round_like_a_bye():
    # Round 2 has no result yet but a half-point bye: it counts (1..2), as a bye would.
    matches = [beat(1, 2, 1, by=10), away(2, 1, "half_bye"), unplayed(2, 2, 3)]
    rows = by_player(compute_standings(PLAYERS, matches, Points(), ["mso_spread"]))
    assert rows[1].points == 0.5 and rows[1].tiebreaks["mso_spread"] == -10


def test_a_round_without_a_board_is_no_meeting_for_sonneborn_berger_or_buchholz():
    matches = [beat(1, 1, 2), away(2, 1, "zero_bye"), away(2, 2, "absent")]
    rows = by_player(compute_standings(PLAYERS, matches, Points(absent=1),
                                       ["buchholz", "sonneborn_berger"]))
    assert rows[1].tiebreaks == {"buchholz": 1, "sonneborn_berger": 1}
    assert rows[2].tiebreaks == {"buchholz": 1, "sonneborn_berger": 0}


@pytest.mark.parametrize("kind", ["half_bye", "zero_bye", "absent", "late_entry"])
def test_a_round_without_a_board_has_no_opponent_winner_or_sets(kind):
    with pytest.raises(ValueError, match=f"a {kind} round has no opponent"):
        BoardResult(1, (1, 2), kind)
    with pytest.raises(ValueError, match=f"a {kind} round has no opponent"):
        BoardResult(1, (1, None), kind, 1)
    with pytest.raises(ValueError, match=f"a {kind} round has no opponent"):
        BoardResult(1, (1, None), kind, sets=((61, 0),))


def test_a_round_without_a_board_and_a_match_in_the_same_round_is_refused():
    with pytest.raises(ValueError, match="two matches in round 1"):
        compute_standings(PLAYERS, [beat(1, 1, 2), away(1, 1, "absent")])


def test_match_points_are_the_standings_points_without_the_tie_breaks():
    from tournament.standings import build_standings, match_points

    from .events import random_event

    for seed in range(5):
        players, matches = random_event(seed, 31, 5)
        for after in (None, 1, 3, 5):
            table = build_standings(players, matches, Points(), after_round=after)
            assert match_points(players, matches, Points(), after_round=after) == {
                row.player: row.points for row in table.rows}
