"""Unit tests: every mso rule and every error code of fives-and-threes-match/1."""

from __future__ import annotations

import copy

import pytest

from scoring import replay, validate
from scoring.tiles import SCORE, points_for

from .records import (
    EXAMPLE_DEAL,
    EXAMPLE_PLAYS,
    codes,
    example_hand,
    example_match,
    match,
    paths,
    score_match,
)

# ------------------------------------------------------------------ scoring arithmetic


@pytest.mark.parametrize(
    "total,points",
    [(0, 0), (1, 0), (3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6),
     (20, 4), (21, 7), (24, 8), (25, 5), (30, 16), (7, 0)],
)  # fmt: skip
def test_points_for_a_total(total, points):
    assert points_for(total) == points
    if total < len(SCORE):
        assert SCORE[total] == points


def test_example_hand_scores_5_9_play_by_play():
    # 3-6 down: 9 -> 3; 6-0: 3 -> 1; 3-1: 1 -> 0; 1-6: 6 -> 2; 0-5: 11 -> 0;
    # 5-6: 12 -> 4; 6-4: 10 -> 2; 1-4: 7 -> 0; 0-1: 6 -> 2.
    expected = [(3, 0), (3, 1), (3, 1), (3, 3), (3, 3), (3, 7), (3, 7), (3, 9), (3, 9),
                (3, 9), (5, 9), (5, 9), (5, 9)]  # fmt: skip
    for k, want in enumerate(expected, start=1):
        got = replay(EXAMPLE_PLAYS[:k], deal=EXAMPLE_DEAL)
        assert tuple(got["points"]) == want, (k, got)
    whole = replay(EXAMPLE_PLAYS, deal=EXAMPLE_DEAL)
    assert whole["points"] == [5, 9]
    assert whole["errors"] == []


def test_example_match_is_valid():
    report = validate(example_match())
    assert report == {
        "valid": True,
        "depth": "plays",
        "errors": [],
        "sets": [
            {"score": [61, 9], "winner": 0},
            {"score": [40, 61], "winner": 1},
            {"score": [61, 60], "winner": 0},
        ],
        "winner": 0,
    }


def test_double_down_counts_its_pips_once():
    assert replay(["6-6"])["points"] == [4, 0]  # 12 -> 4


@pytest.mark.parametrize("end", ["left", "right"])
def test_double_down_stays_doubled_until_covered(end):
    # 6-6 down, then 6-3 on either side: 12 + 3 = 15 -> 8.
    assert replay(["6-6", f"6-3 {end}"])["points"] == [4, 8]


def test_double_down_covered_on_both_sides():
    # 6-6, 6-3 right (15 -> 8), 6-4 left: 4 + 3 = 7 -> 0, then 4-4 left: 8 + 3 = 11.
    assert replay(["6-6", "6-3 right", "6-4 left"])["points"] == [4, 8]
    # 3-3 right on the 3: 6 + ... left still 4: 4 + 6 = 10 -> 2
    assert replay(["6-6", "6-3 right", "6-4 left", "3-3 right"])["points"] == [4, 10]


def test_double_at_an_open_end_counts_both_halves():
    # 3-6 down (9 -> 3), 6-6 right: 3 + 12 = 15 -> 8.
    assert replay(["3-6", "6-6 right"])["points"] == [3, 8]
    # The doubled left end keeps counting double: 3-3 left: 6 + 12 = 18 -> 6.
    assert replay(["3-6", "6-6 right", "3-3 left"])["points"] == [9, 8]


def test_zero_total_scores_nothing():
    assert replay(["0-0"])["points"] == [0, 0]
    assert replay(["0-0", "0-0 left"])["errors"][0]["code"] == "tile_not_in_hand"
    # seat 0 lays 0-2 right: 1 + 2 = 3 -> 1
    assert replay(["0-0", "0-1 left", "0-2 right"])["points"] == [1, 0]


def test_tiles_in_either_order():
    a = replay(["6-3", "3-1 right", "6-5 left"])
    b = replay(["3-6", "1-3 right", "5-6 left"])
    # 6-3 written that way: left 6, right 3.  Sums 9, 7, 6 -> 3, 0, 2.
    assert a["points"] == [5, 0]
    assert _rule_codes(a) == []
    # 3-6: left 3, right 6: 1-3 right does not fit the right end 6.
    assert _rule_codes(b) == ["tile_does_not_match", "tile_does_not_match"]


def _rule_codes(got):
    """Codes of a replayed partial hand, leaving out hand_incomplete."""
    return [e["code"] for e in got["errors"] if e["code"] != "hand_incomplete"]


def test_overshooting_61_scores_nothing():
    # 3-6 down scores 3: from 59 it would pass 61.
    assert replay(["3-6"], before=(59, 0))["points"] == [0, 0]
    assert replay(["3-6"], before=(58, 0)) == {
        "points": [3, 0],
        "set_won": True,
        "certain": True,
        "errors": [],
    }


def test_down_may_win_under_mso():
    assert replay(["6-6"], before=(57, 0))["set_won"] is True


def test_last_tile_scores_only_by_its_ends():
    # Seat 0 goes out with its 7th tile; no bonus for going out.  (No deal: seat 1
    # could not hold seven tiles that fit none of these ends.)
    deal = None
    plays = ["0-0", "knock", "0-1 right", "knock", "1-1 right", "knock", "1-2 right",
             "knock", "2-2 right", "knock", "2-3 right", "knock", "3-3 right"]  # fmt: skip
    got = replay(plays, deal=deal)
    assert got["errors"] == []
    # Ends: 0-0 (0), 0+1=1, 0+2=2, 0+2=2, 0+4=4, 0+3=3 (1 pt), 0+6=6 (2 pts).
    assert got["points"] == [3, 0]
    assert replay([*plays, "knock"], deal=deal)["errors"][0]["code"] == "play_after_hand_end"


# ------------------------------------------------------------------ hand structure


def test_blocked_hand_ends_when_both_knock_in_turn():
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"].append("2-3 left")
    report = validate(rec)
    assert codes(report) == ["play_after_hand_end"]
    assert paths(report) == ["/sets/0/hands/0/plays/13"]


def test_hand_incomplete():
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"].pop()
    report = validate(rec)
    assert codes(report) == ["hand_incomplete"]
    assert paths(report) == ["/sets/0/hands/0/plays"]


def test_empty_plays_is_incomplete():
    rec = example_match()
    hand = rec["sets"][0]["hands"][0]
    hand["plays"] = []
    hand.pop("points")
    assert "hand_incomplete" in codes(validate(rec))


def test_knock_before_the_down_is_illegal():
    got = replay(["knock", "3-6"])
    assert got["errors"][0]["code"] == "illegal_knock"


def test_illegal_knock_message_names_the_tile_and_end():
    deal = [
        ["1-2", "0-0", "0-1", "1-1", "0-3", "0-4", "1-4"],
        ["2-5", "3-3", "3-4", "4-4", "4-6", "6-6", "3-6"],
    ]
    got = replay(["1-2", "knock"], deal=deal)
    # Seat 1 holds 2-5, which fits the right end (2).
    assert got["errors"][:1] == [
        {
            "path": "/plays/1",
            "code": "illegal_knock",
            "message": "the hand: seat 1 knocked holding 2-5, which fits the right end (2)",
        }
    ]


def test_knocks_are_not_checked_without_a_deal():
    assert replay(["3-6", "knock", "knock"])["errors"] == []


def test_tile_not_in_hand_never_dealt():
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"][1] = "6-2 right"  # 6-2 was not dealt
    report = validate(rec)
    assert "tile_not_in_hand" in codes(report)
    assert "/sets/0/hands/0/plays/1" in paths(report, "tile_not_in_hand")


def test_tile_not_in_hand_dealt_to_the_other_seat():
    got = replay(["3-6", "3-1 left"], deal=EXAMPLE_DEAL)  # 3-1 is seat 0's
    assert [e["code"] for e in got["errors"]] == ["tile_not_in_hand", "hand_incomplete"]
    assert "dealt to seat 0" in got["errors"][0]["message"]


def test_tile_played_twice_without_deal():
    got = replay(["3-6", "6-1 right", "1-6 right"])
    assert got["errors"][0]["code"] == "tile_not_in_hand"
    assert "already played at /plays/1" in got["errors"][0]["message"]


def test_tile_does_not_match():
    got = replay(["3-6", "2-5 right"])
    assert got["errors"][0]["code"] == "tile_does_not_match"
    assert got["errors"][0]["path"] == "/plays/1"
    assert "right end, which is 6" in got["errors"][0]["message"]


def test_points_mismatch():
    rec = example_match()
    rec["sets"][0]["hands"][0]["points"] = [5, 8]
    report = validate(rec)
    assert codes(report) == ["points_mismatch"]
    assert paths(report) == ["/sets/0/hands/0/points"]
    assert "the plays score 5–9 but the record says 5–8" in report["errors"][0]["message"]


def test_points_may_be_left_out_when_plays_are_given():
    rec = example_match()
    del rec["sets"][0]["hands"][0]["points"]
    assert validate(rec)["valid"]


def test_plays_without_deal_are_checked_except_holdings():
    rec = example_match()
    del rec["sets"][0]["hands"][0]["deal"]
    assert validate(rec)["valid"]
    rec["sets"][0]["hands"][0]["points"] = [6, 9]
    assert codes(validate(rec)) == ["points_mismatch"]
    rec["sets"][0]["hands"][0]["points"] = [5, 9]
    rec["sets"][0]["hands"][0]["plays"][8] = "1-4 right"  # the right end is 6
    assert codes(validate(rec)) == ["tile_does_not_match"]


# ------------------------------------------------------------------ deals


def test_deal_with_six_tiles():
    rec = example_match()
    rec["sets"][0]["hands"][0]["deal"][0].pop()  # 5-5, never played
    report = validate(rec)
    assert codes(report) == ["deal_invalid"]
    assert paths(report) == ["/sets/0/hands/0/deal/0"]


def test_tile_dealt_twice_across_seats():
    rec = example_match()
    rec["sets"][0]["hands"][0]["deal"][1][0] = "5-5"
    assert "deal_invalid" in codes(validate(rec))


def test_tile_dealt_twice_to_one_seat():
    rec = example_match()
    rec["sets"][0]["hands"][0]["deal"][0][6] = "1-0"  # 0-1 again, written the other way
    report = validate(rec)
    assert "deal_invalid" in codes(report)


def test_deal_needs_one_list_per_seat():
    rec = example_match()
    rec["sets"][0]["hands"][0]["deal"].append([])
    assert "deal_invalid" in codes(validate(rec))


def test_bad_tile_in_deal():
    rec = example_match()
    rec["sets"][0]["hands"][0]["deal"][0][6] = "5-7"
    report = validate(rec)
    assert "bad_tile" in codes(report)
    assert "/sets/0/hands/0/deal/0/6" in paths(report, "bad_tile")


@pytest.mark.parametrize("tile", ["7-1", "a-b", "-1-2", "10-0"])
def test_bad_tile_in_plays(tile):
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"][1] = f"{tile} right"
    report = validate(rec)
    assert "bad_tile" in codes(report) or "bad_format" in codes(report)
    assert all(e["path"].startswith("/sets/0/hands/0") for e in report["errors"])


def test_bad_tile_as_down():
    assert codes(validate(_one_hand(["7-1"])))[0] == "bad_tile"


def _one_hand(plays, **hand):
    return match(
        [{"score": [61, 0], "hands": [{"plays": plays, **hand}]}, {"score": [61, 0]}]
    )


# ------------------------------------------------------------------ sets and matches


@pytest.mark.parametrize(
    "score", [[62, 10], [-1, 61], [61, 61], [50, 40], [10**100, 0], [61, -(10**100)]]
)
def test_set_score_invalid(score):
    report = validate(score_match(score, [61, 0], [0, 61]))
    assert "set_score_invalid" in codes(report)
    assert "/sets/0/score" in paths(report, "set_score_invalid")
    assert report["errors"][0]["message"]


def test_match_shape_one_set():
    report = validate(score_match([61, 0]))
    assert codes(report) == ["match_shape"]
    assert report["winner"] is None


def test_match_shape_set_after_decided_match():
    report = validate(score_match([61, 0], [61, 3], [0, 61]))
    assert codes(report) == ["match_shape"]
    assert paths(report) == ["/sets/2"]
    assert report["winner"] == 0


def test_match_shape_undecided():
    assert codes(validate(score_match([61, 0], [0, 61]))) == ["match_shape"]


def test_match_shape_no_sets():
    assert codes(validate(match([]))) == ["match_shape"]


def test_match_shape_four_sets():
    report = validate(score_match([61, 0], [0, 61], [61, 2], [61, 5]))
    assert codes(report) == ["match_shape"]
    assert paths(report) == ["/sets/3"]


def test_valid_two_and_three_set_matches():
    assert validate(score_match([61, 0], [61, 60]))["valid"]
    report = validate(score_match([60, 61], [61, 0], [0, 61]))
    assert report["valid"]
    assert report["winner"] == 1


def test_result_mismatch():
    rec = score_match([61, 0], [0, 61], [61, 2], result={"winner": 1, "sets_won": [2, 1]})
    report = validate(rec)
    assert codes(report) == ["result_mismatch"]
    assert paths(report) == ["/result/winner"]
    rec["result"] = {"winner": 0, "sets_won": [2, 0]}
    assert paths(validate(rec)) == ["/result/sets_won"]
    rec["result"] = {"winner": 0, "sets_won": [2, 1]}
    assert validate(rec)["valid"]


def test_set_starters_alternate_from_first_set_starter():
    rec = score_match([61, 0], [0, 61], [61, 2], first_set_starter=1)
    rec["sets"][0]["starter"] = 1
    rec["sets"][1]["starter"] = 0
    rec["sets"][2]["starter"] = 1
    assert validate(rec)["valid"]
    rec["sets"][2]["starter"] = 0
    report = validate(rec)
    assert codes(report) == ["starter_wrong"]
    assert paths(report) == ["/sets/2/starter"]


def test_set_starters_alternate_without_first_set_starter():
    rec = score_match([61, 0], [0, 61], [61, 2])
    rec["sets"][0]["starter"] = 1
    rec["sets"][1]["starter"] = 1
    assert codes(validate(rec)) == ["starter_wrong"]


def test_hand_starters_alternate_within_a_set():
    rec = example_match()
    rec["sets"][0]["hands"][1]["starter"] = 0
    report = validate(rec)
    assert codes(report) == ["starter_wrong"]
    assert paths(report) == ["/sets/0/hands/1/starter"]


def test_first_hand_started_by_set_starter():
    rec = example_match()
    rec["sets"][0]["starter"] = 1
    report = validate(rec)
    # the set starter breaks the set alternation and hand 1 disagrees with it
    assert set(codes(report)) == {"starter_wrong"}
    assert "/sets/0/starter" in paths(report)


# ------------------------------------------------------------------ hands depth


def _hands_set(points, score, starter=0):
    hands = [
        {"starter": (starter + j) % 2, "points": list(p)} for j, p in enumerate(points)
    ]
    return {"starter": starter, "score": list(score), "hands": hands}


def test_hands_add_up_to_the_set_score():
    rec = match([_hands_set([(20, 10), (30, 18), (11, 30)], (61, 58)), {"score": [61, 0]}])
    assert validate(rec)["valid"]
    rec["sets"][0]["score"] = [61, 60]
    report = validate(rec)
    assert codes(report) == ["hand_points_mismatch"]
    assert report["errors"][0]["message"] == (
        "set 1: the hands add up to 61–58 but the set score says 61–60"
    )


def test_hands_depth_over_target():
    rec = match([_hands_set([(50, 10), (15, 0)], (61, 10)), {"score": [61, 0]}])
    report = validate(rec)
    assert "over_target" in codes(report)
    assert "/sets/0/hands/1/points/0" in paths(report, "over_target")


def test_hands_depth_hand_after_set_end():
    rec = match([_hands_set([(50, 10), (11, 0), (0, 4)], (61, 10)), {"score": [61, 0]}])
    report = validate(rec)
    assert codes(report) == ["play_after_set_end"]
    assert paths(report) == ["/sets/0/hands/2"]


def test_hands_depth_negative_points_under_mso():
    rec = match([_hands_set([(65, 10), (-4, 0)], (61, 10)), {"score": [61, 0]}])
    assert "hand_points_mismatch" in codes(validate(rec))


def test_hands_given_for_only_some_sets():
    rec = match(
        [_hands_set([(40, 10), (21, 3)], (61, 13)), {"score": [30, 61]}, {"score": [61, 4]}]
    )
    report = validate(rec)
    assert report["valid"]
    assert report["depth"] == "hands"


def test_empty_hands_list_does_not_add_up():
    rec = match([{"score": [61, 0], "hands": []}, {"score": [61, 0]}])
    assert codes(validate(rec)) == ["hand_points_mismatch"]


# ------------------------------------------------------------------ the 61 rule in play


def _set_ending_mid_hand(extra_plays=()):
    # Seat 0 has 58 after hand 1.  Hand 2 is started by seat 1: 6-3 down, 9 -> 3 for
    # seat 1; seat 0 lays 3-3 right: 6 + 6 = 12 -> 4 would take it past 61, so nothing;
    # seat 1 lays 6-0 left: 0 + 6 = 6 -> 2; seat 0 lays 0-3 left: 3 + 6 = 9 -> 3, which
    # makes exactly 61 and ends the set in the middle of the hand.
    return match(
        [
            {
                "starter": 0,
                "score": [61, 5],
                "hands": [
                    {"starter": 0, "points": [58, 0]},
                    {
                        "starter": 1,
                        "points": [3, 5],
                        "plays": ["6-3", "3-3 right", "6-0 left", "0-3 left", *extra_plays],
                    },
                ],
            },
            {"starter": 1, "score": [61, 0]},
        ],
        first_set_starter=0,
    )


def test_set_ends_mid_hand():
    rec = _set_ending_mid_hand()
    got = replay(rec["sets"][0]["hands"][1]["plays"], starter=1, before=(58, 0))
    assert got == {"points": [3, 5], "set_won": True, "certain": True, "errors": []}
    report = validate(rec)
    assert report["valid"], report["errors"]


def test_play_after_set_end_in_plays():
    rec = _set_ending_mid_hand(["knock"])
    report = validate(rec)
    assert codes(report) == ["play_after_set_end"]
    assert paths(report) == ["/sets/0/hands/1/plays/4"]


def test_hand_after_set_end_at_play_depth():
    rec = _set_ending_mid_hand()
    rec["sets"][0]["hands"].append({"starter": 0, "points": [0, 0], "plays": ["1-1"]})
    report = validate(rec)
    assert codes(report) == ["play_after_set_end"]
    assert paths(report) == ["/sets/0/hands/2"]


# ------------------------------------------------------------------ reporting


def test_reports_every_error_not_only_the_first():
    rec = example_match()
    rec["sets"][0]["hands"][0]["points"] = [5, 8]
    rec["sets"][1]["score"] = [62, 61]
    rec["result"] = {"winner": 1}
    hand = rec["sets"][0]["hands"][1]
    hand["starter"] = 0
    report = validate(rec)
    assert {"points_mismatch", "set_score_invalid", "starter_wrong"} <= set(codes(report))
    assert not report["valid"]


def test_depth_is_the_deepest_detail_present():
    assert validate(score_match([61, 0], [61, 0]))["depth"] == "score"
    rec = example_match()
    assert validate(rec)["depth"] == "plays"
    for h in rec["sets"][0]["hands"]:
        h.pop("plays", None)
        h.pop("deal", None)
    assert validate(rec)["depth"] == "hands"


def test_starter_inferred_when_nobody_recorded_it():
    rec = example_match()
    del rec["first_set_starter"]
    for s in rec["sets"]:
        s.pop("starter", None)
        for h in s.get("hands", []):
            h.pop("starter", None)
    assert validate(rec)["valid"]
    # The same hand with seats swapped is also understood.
    swapped = copy.deepcopy(rec)
    s0 = swapped["sets"][0]
    s0["score"] = [9, 61]
    s0["hands"][0]["points"] = [9, 5]
    s0["hands"][0]["deal"].reverse()
    s0["hands"][1]["points"] = [0, 56]
    swapped["sets"][1]["score"] = [61, 40]
    swapped["sets"][2]["score"] = [60, 61]
    swapped["result"] = {"winner": 1, "sets_won": [1, 2]}
    assert validate(swapped)["valid"], validate(swapped)["errors"]


def test_messages_use_player_names():
    rec = example_match()
    rec["sets"][0]["hands"][1]["starter"] = 0
    assert "Bo Park" in validate(rec)["errors"][0]["message"]


def test_example_hand_fixture_is_the_spec_example():
    assert example_hand()["points"] == [5, 9]


def test_illegal_knock_names_the_tile_as_dealt():
    deal = [
        ["1-5", "0-0", "0-1", "1-1", "0-3", "0-4", "1-4"],
        ["5-2", "3-3", "3-4", "4-4", "4-6", "6-6", "3-6"],
    ]
    got = replay(["1-5", "knock"], deal=deal)
    assert got["errors"][0]["message"] == (
        "the hand: seat 1 knocked holding 5-2, which fits the right end (5)"
    )


def test_last_hand_of_a_set_stopping_short_of_61_is_incomplete():
    rec = _set_ending_mid_hand()
    rec["sets"][0]["hands"][1]["plays"].pop()  # the play that reached 61
    report = validate(rec)
    assert "hand_incomplete" in codes(report)
    assert "/sets/0/hands/1/plays" in paths(report, "hand_incomplete")


def test_set_starter_broken_by_hands_when_set_starter_not_recorded():
    rec = match(
        [_hands_set([(40, 10), (21, 3)], (61, 13), starter=1), {"score": [0, 61]},
         {"score": [61, 4]}],
        first_set_starter=0,
    )  # fmt: skip
    del rec["sets"][0]["starter"]
    report = validate(rec)
    assert codes(report) == ["starter_wrong"]
    assert paths(report) == ["/sets/0/hands/0/starter"]


def test_engine_imports_nothing_from_django():
    import subprocess
    import sys

    code = "import sys, scoring; print(any(m.startswith('django') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
