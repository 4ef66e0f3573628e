"""Awarded sets (bndcc's held_after_knock): the set is won by the side it was awarded to,
whatever its score; the spread still counts the points as they stood."""

import pytest

from tests.standings.helpers import by_player, players_for
from tournament.standings import (
    BoardResult,
    Points,
    compute_standings,
    player_rounds,
    set_winner,
    set_winners,
)

# Set 2 was awarded to players[0] at 23-40: player 1 won every set, though behind in it.
AWARDED = BoardResult(1, (1, 2), "played", 1, ((61, 40), (23, 40), (61, 50)),
                awarded_to=(None, 0, None))


def test_set_winner_is_the_award_else_the_higher_score():
    assert set_winner((23, 40), 0) == 0
    assert set_winner((61, 12), 1) == 1
    assert set_winner((23, 40)) == 1
    assert set_winner((61, 40), None) == 0
    assert set_winner((30, 30)) is None
    assert set_winners(AWARDED) == (0, 0, 0)
    assert set_winners(BoardResult(1, (1, 2), "played", 2, ((40, 61),))) == (1,)


def test_set_difference_counts_the_awarded_set_for_its_winner():
    rows = by_player(compute_standings(players_for([AWARDED]), [AWARDED], Points(),
                                       ["set_difference", "game_points_difference"]))
    assert rows[1].tiebreaks == {"set_difference": 3, "game_points_difference": 15}
    assert rows[2].tiebreaks == {"set_difference": -3, "game_points_difference": -15}


def test_without_the_award_the_same_scores_would_be_two_sets_to_one():
    plain = BoardResult(1, (1, 2), "played", 1, AWARDED.sets)
    rows = by_player(compute_standings(players_for([plain]), [plain], Points(),
                                       ["set_difference"]))
    assert rows[1].tiebreaks == {"set_difference": 1}


def test_a_set_awarded_to_the_second_player():
    match = BoardResult(1, (1, 2), "played", 2, ((61, 40), (50, 12), (30, 61)),
                  awarded_to=(None, 1, None))
    rows = by_player(compute_standings(players_for([match]), [match], Points(),
                                       ["set_difference"]))
    assert rows[2].points == 1 and rows[2].tiebreaks == {"set_difference": 1}
    assert rows[1].points == 0 and rows[1].tiebreaks == {"set_difference": -1}


def test_player_rounds_carry_sets_won_and_the_award_from_each_side():
    players = players_for([AWARDED])
    first = player_rounds(players, [AWARDED], Points(), 1)[0]
    second = player_rounds(players, [AWARDED], Points(), 2)[0]
    assert (first.sets, first.sets_won, first.sets_lost, first.awarded_to, first.spread) == (
        ((61, 40), (23, 40), (61, 50)), 3, 0, (None, 0, None), 15)
    # From player 2's side the scores are mirrored and the award is the opponent's (1).
    assert (second.sets, second.sets_won, second.sets_lost, second.awarded_to,
            second.spread) == (((40, 61), (40, 23), (50, 61)), 0, 3, (None, 1, None), -15)


@pytest.mark.parametrize("kwargs, message", [
    ({"kind": "played", "winner": 1, "sets": ((61, 2), (3, 9)), "awarded_to": (None,)},
     "awarded_to holds one side"),
    ({"kind": "played", "winner": 1, "sets": ((61, 2),), "awarded_to": (2,)},
     "awarded_to holds one side"),
    ({"kind": "forfeit", "winner": 1, "sets": ((3, 9),), "awarded_to": (0,)},
     "only a played match has awarded sets"),
])
def test_inconsistent_awards_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        BoardResult(1, (1, 2), **kwargs)
