"""rules.team_rules, without a database: the team match format a ruleset allows, team
points that make sense, lineups, who starts set 1."""

import pytest

from tournament.rules import team_rules as tr
from tournament.standings.teams import PRESETS

SIX_AND_THREE = {"boards": [
    {"kind": "singles", "count": 6, "match": {"target": 61, "sets_to_win": 1}},
    {"kind": "pairs", "count": 3, "match": {"target": 121, "sets_to_win": 1}}]}


def test_the_spec_example_is_a_bndcc_format():
    assert tr.check_team_match(SIX_AND_THREE, "bndcc") == SIX_AND_THREE
    plan = tr.board_plan(SIX_AND_THREE)
    assert [(b.number, b.kind, b.seats) for b in plan[5:7]] == [(6, "singles", 2),
                                                                 (7, "pairs", 4)]
    assert tr.board_count(SIX_AND_THREE) == 9


@pytest.mark.parametrize("doc, words", [
    ({"boards": [{"kind": "pairs", "count": 3}]}, "no pairs boards"),
    ({"boards": [{"kind": "singles", "count": 6, "match": {"target": 121,
                                                            "sets_to_win": 2}}]},
     "boards[0].match.target"),
    ({"boards": [{"kind": "singles", "count": 6, "match": {"target": 61,
                                                            "sets_to_win": 1}}]},
     "boards[0].match.sets_to_win"),
    ({"boards": []}, "the boards list is empty"),
    ({"boards": [{"kind": "trios", "count": 1}]}, "boards[0].kind"),
    ({"boards": [{"kind": "singles", "count": 0}]}, "boards[0].count"),
    ({"boards": [{"kind": "singles", "count": 31}]}, "boards[0].count"),
    ([], "the team match format is"),
])
def test_mso_allows_only_singles_boards_to_61_first_to_2(doc, words):
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        tr.check_team_match(doc, "mso")


def test_an_mso_team_match_of_six_singles():
    doc = {"boards": [{"kind": "singles", "count": 6,
                       "match": {"target": 61, "sets_to_win": 2}}]}
    assert tr.check_team_match(doc, "mso") == doc


def test_team_points_presets_and_typed_values():
    assert tr.check_team_points("three_or_one_at_five_four", SIX_AND_THREE) == \
        PRESETS["three_or_one_at_five_four"].as_json()
    assert tr.check_team_points({"win": 2, "draw": 1, "loss": 0, "per_board": 1}) == {
        "win": 2, "draw": 1, "loss": 0, "per_board": 1, "close_loss": None}


@pytest.mark.parametrize("doc, words", [
    ({"win": -1}, "win: points cannot be negative"),
    ({"per_board": -0.5}, "per_board: points cannot be negative"),
    ({"close_loss": {"margin": 1, "points": -1}}, "close_loss.points: points cannot be "
                                                  "negative"),
    ({"close_loss": {"margin": 9, "points": 1}}, "close_loss.margin: 9 boards is not a close "
                                                 "loss in a team match of 9 boards"),
    ({"close_loss": {"margin": 0, "points": 1}}, "margin must be a whole number"),
    ({"bonus": 1}, "unknown team points bonus"),
    ("fancy", "unknown team points preset"),
])
def test_team_points_that_make_no_sense_are_refused(doc, words):
    with pytest.raises(ValueError, match=words):
        tr.check_team_points(doc, SIX_AND_THREE)


def test_a_lineup_for_six_singles_and_three_pairs():
    plan = tr.board_plan(SIX_AND_THREE)
    lineup = [[0], [1], [2], [3], [4], [5], [0, 1], [2, 3], [4, 5]]
    assert tr.check_lineup(plan, 6, lineup) == lineup
    with pytest.raises(ValueError, match="member 1 already plays pairs board 7"):
        tr.check_lineup(plan, 6, lineup[:7] + [[0, 3], [4, 5]])
    with pytest.raises(ValueError, match="board 9 \\(pairs\\) is left empty"):
        tr.check_lineup(plan, 6, lineup[:8] + [None])


def test_who_starts_set_one_on_each_board():
    mso = tr.board_plan({"boards": [{"kind": "singles", "count": 4,
                                     "match": {"target": 61, "sets_to_win": 2}}]})
    # home's player (seat 0) on odd boards, away's (seat 1) on even boards
    assert [tr.first_set_starter("mso", b) for b in mso] == [0, 1, 0, 1]
    # bndcc: drawn at the table and recorded; the board expects nothing
    assert {tr.first_set_starter("bndcc", b) for b in tr.board_plan(SIX_AND_THREE)} == {0}


def test_team_score():
    assert tr.team_score([0, 1, 0, None]) == (2, 1)
