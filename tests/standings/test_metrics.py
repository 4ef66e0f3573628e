"""Every metric on one small hand-computed event (5 players, 4 rounds)."""

import pytest

from tests.standings.helpers import bye, double_forfeit, forfeit, order_of
from tournament.standings import (
    MSO_ORDER,
    TIEBREAKS,
    BoardResult,
    Player,
    Points,
    build_standings,
    compute_standings,
)

PLAYERS = [Player(i, name) for i, name in enumerate(["Ann", "Bo", "Cy", "Di", "Ed"], start=1)]

MATCHES = [
    # Round 1: 1 beats 2 61-40 52-61 61-58 (+15, sets 2-1); 4 beats 3 61-30 61-40 (+52); 5 bye
    BoardResult(1, (1, 2), "played", 1, ((61, 40), (52, 61), (61, 58))),
    BoardResult(1, (3, 4), "played", 4, ((30, 61), (40, 61))),
    bye(1, 5),
    # Round 2: 1 beats 4 by forfeit; 5 beats 2 61-50 61-55 (+17); 3 bye
    forfeit(2, 1, 4),
    BoardResult(2, (5, 2), "played", 5, ((61, 50), (61, 55))),
    bye(2, 3),
    # Round 3: 5 beats 1 (1 sits first: 61-30 20-61 60-61, so 1 is -11, sets 1-2);
    #          2 and 3 double forfeit; 4 bye
    BoardResult(3, (1, 5), "played", 5, ((61, 30), (20, 61), (60, 61))),
    double_forfeit(3, 2, 3),
    bye(3, 4),
    # Round 4: 1 beats 3 61-50 61-51 (+21); 4 beats 5 61-41 61-60 (+21); 2 bye
    BoardResult(4, (1, 3), "played", 1, ((61, 50), (61, 51))),
    BoardResult(4, (4, 5), "played", 4, ((61, 41), (61, 60))),
    bye(4, 2),
]

# Match points: 1: W FW L W = 3; 2: L L DF bye = 1; 3: L bye DF L = 1;
#               4: W FL bye W = 3; 5: bye W W L = 3.
POINTS = {1: 3, 2: 1, 3: 1, 4: 3, 5: 3}

# Round spreads:  1: +15   0 -11 +21  sum  25, best +21
#                 2: -15 -17   0   0  sum -32, best   0
#                 3: -52   0   0 -21  sum -73, best   0
#                 4: +52   0   0 +21  sum  73, best +52
#                 5:   0 +17 +11 -21  sum   7, best +17
# Opponents met over the board (final points): 1: 2(1) 5(3) 3(1); 2: 1(3) 5(3);
#   3: 4(3) 1(3); 4: 3(1) 5(3); 5: 2(1) 1(3) 4(3).  Beaten: 1: 2, 3; 4: 3, 5; 5: 2, 1.
EXPECTED = {
    "mso_spread": {1: 4, 2: -32, 3: -73, 4: 21, 5: -10},
    "sonneborn_berger": {1: 2, 2: 0, 3: 0, 4: 4, 5: 4},
    "buchholz": {1: 5, 2: 6, 3: 6, 4: 4, 5: 7},
    "buchholz_cut1": {1: 4, 2: 3, 3: 3, 4: 3, 5: 6},
    "median_buchholz": {1: 1, 2: 0, 3: 0, 4: 0, 5: 3},
    # running totals 1: 1 2 2 3; 2: 0 0 0 1; 3: 0 1 1 1; 4: 1 1 2 3; 5: 1 2 3 3
    "progressive": {1: 8, 2: 1, 3: 3, 4: 7, 5: 9},
    "wins": {1: 2, 2: 0, 3: 0, 4: 2, 5: 2},
    "set_difference": {1: 2, 2: -3, 3: -4, 4: 4, 5: 1},
    "game_points_difference": {1: 25, 2: -32, 3: -73, 4: 73, 5: 7},
}


def test_every_numeric_tiebreak_is_checked_here():
    numeric = {name for name, tb in TIEBREAKS.items() if not tb.group}
    assert numeric == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_metric_values(name):
    rows = compute_standings(PLAYERS, MATCHES, Points(), [name])
    assert {row.player: row.tiebreaks[name] for row in rows} == EXPECTED[name]
    assert all(type(row.tiebreaks[name]) is int for row in rows)


def test_all_metrics_at_once_keep_order_of_names():
    order = list(EXPECTED)
    rows = compute_standings(PLAYERS, MATCHES, Points(), order)
    for row in rows:
        assert list(row.tiebreaks) == order
        assert row.tiebreaks == {name: EXPECTED[name][row.player] for name in order}


def test_match_points():
    rows = compute_standings(PLAYERS, MATCHES, Points(), MSO_ORDER)
    assert {row.player: row.points for row in rows} == POINTS
    assert all(type(row.points) is int for row in rows)


def test_mso_standings_of_the_event():
    rows = compute_standings(PLAYERS, MATCHES, Points(), MSO_ORDER)
    # 3 points: nobody beat both others over the board (1-4 was a forfeit) -> spread.
    # 1 point: 2 and 3 never met (double forfeit) -> spread.
    assert order_of(rows) == [4, 1, 5, 2, 3]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5]
    assert not any(row.shared for row in rows)
    assert [row.decided_by for row in rows] == [
        "by points spread: +21, ahead of +4",
        "by points spread: +4, behind +21 and ahead of -10",
        "by points spread: -10, behind +4",
        "by points spread: -32, ahead of -73",
        "by points spread: -73, behind -32",
    ]
    assert rows[0].tiebreaks == {"mso_spread": 21, "sonneborn_berger": 4}


def test_group_steps_have_no_value():
    rows = compute_standings(PLAYERS, MATCHES, Points(), ["mso_head_to_head", "direct_encounter"])
    assert all(row.tiebreaks == {} for row in rows)
    assert TIEBREAKS["mso_head_to_head"].group and TIEBREAKS["direct_encounter"].group
    with pytest.raises(TypeError):
        TIEBREAKS["mso_head_to_head"].values(None)


def test_sonneborn_berger_uses_points_after_the_cut():
    # After round 2: 1 has 2 (W, FW); beat 2 who has 0 -> 0. 5 has 2 (bye, W); beat 2 -> 0.
    # 4 has 1 (W, FL); beat 3 who has 1 (bye) -> 1.
    rows = compute_standings(PLAYERS, MATCHES, Points(), ["sonneborn_berger"], after_round=2)
    values = {row.player: row.tiebreaks["sonneborn_berger"] for row in rows}
    assert values == {1: 0, 2: 0, 3: 0, 4: 1, 5: 0}


def test_after_round_cuts_everything():
    st = build_standings(PLAYERS, MATCHES, Points(), list(EXPECTED), after_round=2)
    rows = {row.player: row for row in st.rows}
    assert {p: r.points for p, r in rows.items()} == {1: 2, 2: 0, 3: 1, 4: 1, 5: 2}
    # rounds 1..2 only: 1: [+15, 0] -> 15 - 15 = 0; 4: [+52, 0] -> 0; 5: [0, +17] -> 0;
    # 2: [-15, -17] -> -32 - (-15) = -17; 3: [-52, 0] -> -52
    assert {p: r.tiebreaks["mso_spread"] for p, r in rows.items()} == {
        1: 0,
        2: -17,
        3: -52,
        4: 0,
        5: 0,
    }
    # running totals after rounds 1 and 2: 1: 1+2, 5: 1+2, 4: 1+1, 3: 0+1, 2: 0
    assert {p: r.tiebreaks["progressive"] for p, r in rows.items()} == {
        1: 3,
        2: 0,
        3: 1,
        4: 2,
        5: 3,
    }


def test_after_round_none_is_the_whole_event_and_zero_is_nothing():
    full = compute_standings(PLAYERS, MATCHES, Points(), MSO_ORDER)
    assert compute_standings(PLAYERS, MATCHES, Points(), MSO_ORDER, after_round=4) == full
    assert compute_standings(PLAYERS, MATCHES, Points(), MSO_ORDER, after_round=99) == full
    nothing = compute_standings(PLAYERS, MATCHES, Points(), MSO_ORDER, after_round=0)
    assert {row.rank for row in nothing} == {1}
    assert all(row.shared and row.points == 0 for row in nothing)
    assert all(row.tiebreaks == {"mso_spread": 0, "sonneborn_berger": 0} for row in nothing)
