"""The BNDCC rulebook (shared/spec/bndcc.md): the match format, penalties with their
consequences (rules 2, 4, 5 and 8), void hands, awarded sets, tiles that stand, and the
starters API.  Each rule: its legal form, then each broken form the spec lists, with exact
codes and paths."""

from __future__ import annotations

import pytest

from scoring import (
    PENALTY_RULES,
    VOID_RULES,
    MatchFormat,
    MatchFormatError,
    hand_starters,
    match_format,
    next_hand_starter,
    penalty_choices,
    replay,
    set_starter,
    sets_alternate,
    validate,
)
from scoring import simulate as sim

from .records import match, paths

# Singles, 6 tiles each.  Seat 0 downs 3-6; seat 1 holds 6-0 and 1-6 (fit a 6).
DEAL = [
    ["3-6", "0-1", "1-3", "2-3", "5-5", "0-5"],
    ["0-6", "1-6", "2-2", "2-5", "4-5", "4-4"],
]


def pen(seat, rule=None, **extra):
    body = {"seat": seat, **extra}
    if rule is not None:
        body["rule"] = rule
    return {"penalty": body}


def bndcc(sets, **extra):
    return match(sets, ruleset="bndcc", **extra)


def errs(got):
    return [(e["path"], e["code"]) for e in got["errors"]]


def won_set(starter=0, score=(61, 0)):
    return {"starter": starter, "score": list(score)}


# ------------------------------------------------------------------ the match format


def test_match_format_function():
    assert match_format("mso") == MatchFormat(61, 2)
    assert match_format("bndcc", None).max_sets == 3
    fmt = match_format("bndcc", {"target": 121, "sets_to_win": 3})
    assert (fmt.target, fmt.sets_to_win, fmt.max_sets) == (121, 3, 5)
    assert match_format("bndcc", {"sets_to_win": 1}) == MatchFormat(61, 1)
    with pytest.raises(MatchFormatError) as refused:
        match_format("mso", {"target": 121, "sets_to_win": 3})
    assert [p for p, _ in refused.value.problems] == ["/match/target", "/match/sets_to_win"]
    assert "61" in str(refused.value)
    with pytest.raises(MatchFormatError):
        match_format("bndcc", {"target": 100})
    with pytest.raises(KeyError):
        match_format("nope")


def test_rulesets_list_their_allowed_formats():
    from scoring import RULESETS

    assert RULESETS["bndcc"].allowed_targets == (61, 121)
    assert RULESETS["bndcc"].allowed_sets_to_win == (1, 2, 3)
    assert RULESETS["mso"].allowed_targets == (61,)
    assert RULESETS["mso"].allowed_sets_to_win == (2,)


def test_sets_to_121():
    fmt = {"target": 121, "sets_to_win": 2}
    rec = bndcc([won_set(score=(121, 80)), won_set(1, (100, 121)), won_set(0, (121, 0))],
                match=fmt, result={"winner": 0, "sets_won": [2, 1]})  # fmt: skip
    assert validate(rec)["errors"] == []
    assert validate(rec)["sets"][0] == {"score": [121, 80], "winner": 0}
    rec["sets"][0]["score"] = [61, 80]
    report = validate(rec)
    assert errs(report) == [("/sets/0/score", "set_score_invalid")]
    assert "exactly one side on 121" in report["errors"][0]["message"]


def test_121_hands_depth_and_plays():
    hands = [{"points": [100, 0]}, {"points": [22, 0]}]
    rec = bndcc([{"starter": 0, "score": [121, 0], "hands": hands}, won_set(1, (121, 3))],
                match={"target": 121, "sets_to_win": 2})  # fmt: skip
    report = validate(rec)
    assert ("/sets/0/hands/1/points/0", "over_target") in errs(report)
    assert "passes 121" in report["errors"][0]["message"]
    # A play that reaches 61 does not end a set played to 121.
    got = replay(["3-6", "6-0 right"], ruleset="bndcc", before=(0, 60),
                 match={"target": 121, "sets_to_win": 2})  # fmt: skip
    assert got["points"] == [3, 1] and not got["set_won"]


def test_one_set_wins_the_match():
    fmt = {"target": 61, "sets_to_win": 1}
    assert validate(bndcc([won_set()], match=fmt))["errors"] == []
    report = validate(bndcc([won_set(), won_set(1)], match=fmt))
    assert errs(report) == [("/sets/1", "match_shape")]


def test_three_sets_to_win():
    fmt = {"target": 61, "sets_to_win": 3}
    three_nil = [won_set(), won_set(1), won_set(0)]
    assert validate(bndcc(three_nil, match=fmt))["errors"] == []
    three_two = [won_set(0, (0, 61)), won_set(1, (0, 61)), won_set(), won_set(), won_set()]
    rec = bndcc(three_two, match=fmt, result={"winner": 0, "sets_won": [3, 2]})
    assert validate(rec)["errors"] == []
    # Two sets each is undecided; a sixth set is one too many.
    assert errs(validate(bndcc(three_two[:4], match=fmt))) == [("/sets", "match_shape")]
    six = bndcc([*three_two[:4], won_set(0, (0, 61)), won_set(0, (0, 61))], match=fmt)
    assert errs(validate(six)) == [("/sets/5", "match_shape")]
    # Under the default format side 1 has won the match after two sets.
    assert errs(validate(bndcc(three_two))) == [("/sets/2", "match_shape")]


def test_mso_refuses_any_other_format():
    sets = [won_set(0), won_set(1)]
    ok = match(sets, match={"target": 61, "sets_to_win": 2})
    assert validate(ok)["errors"] == []
    report = validate(match(sets, match={"target": 121}))
    assert errs(report) == [("/match/target", "bad_format")]  # the sets are read to 61
    assert report["errors"][0]["message"] == (
        "the mso ruleset plays sets to 61 points, not 121"
    )
    report = validate(match(sets, match={"sets_to_win": 3}))
    assert errs(report) == [("/match/sets_to_win", "bad_format")]
    assert report["errors"][0]["message"] == "the mso ruleset plays matches won by 2 sets, not 3"


def test_bad_match_values():
    sets = [won_set(0), won_set(1)]
    assert errs(validate(bndcc(sets, match=[61, 2]))) == [("/match", "bad_format")]
    report = validate(bndcc(sets, match={"target": 100, "sets_to_win": True}))
    assert errs(report) == [("/match/target", "bad_format"), ("/match/sets_to_win", "bad_format")]
    assert report["errors"][0]["message"] == (
        "the bndcc ruleset plays sets to 61 or 121 points, not 100"
    )
    assert report["errors"][1]["message"] == (
        "the bndcc ruleset plays matches won by 1, 2 or 3 sets, not that"  # True is no number
    )


@pytest.mark.parametrize("fmt", [{"target": 121, "sets_to_win": 1},
                                 {"target": 61, "sets_to_win": 3}])  # fmt: skip
def test_simulated_formats_are_valid_at_every_depth(fmt):
    for seed in range(4):
        rec = sim.play_match(seed, sim.BNDCC_PAIRS, match=fmt, penalty_rate=0.03,
                             penalty_kinds=sim.ALL_KINDS)  # fmt: skip
        assert rec["match"] == fmt
        for depth in ("plays", "hands", "score"):
            got = rec if depth == "plays" else sim.to_depth(rec, depth)
            assert validate(got)["errors"] == [], depth


# ------------------------------------------------------------------ penalty rules as data


def test_penalty_rules_as_data():
    assert set(PENALTY_RULES) == {"wrong_count", "out_of_turn", "exposed", "wont_go",
                                  "false_knock", "held_after_knock", "pickup_exposed"}  # fmt: skip
    assert {n: r.holes for n, r in PENALTY_RULES.items()} == {
        "wrong_count": 8, "out_of_turn": 8, "exposed": 8, "wont_go": 8, "false_knock": 8,
        "held_after_knock": 0, "pickup_exposed": 0,
    }  # fmt: skip
    assert set(VOID_RULES) == {"wrong_count", "out_of_turn", "exposed", "pickup_exposed"}
    choices = penalty_choices("bndcc")
    assert choices[0][0] == "" and [c for c, _ in choices[1:]] == list(PENALTY_RULES)
    assert all(label for _, label in choices)
    assert penalty_choices("mso") == []
    # Rule 4's exposure is to a partner: a singles form does not offer it.
    assert "exposed" not in dict(penalty_choices("bndcc", 2))
    assert "exposed" in dict(penalty_choices("bndcc", 4))


def test_unknown_rule_is_bad_format():
    got = replay(["3-6", pen(1, "nope"), "knock", "knock"], ruleset="bndcc")
    assert errs(got) == [("/plays/1/penalty/rule", "bad_format")]
    assert "wont_go" in got["errors"][0]["message"]


# ------------------------------------------------------------------ starters


def test_starters_api():
    assert sets_alternate("mso") and not sets_alternate("bndcc")
    assert [set_starter("mso", 2, i, first_set_starter=1) for i in range(3)] == [1, 0, 1]
    assert set_starter("mso", 2, 1, first_set_starter=None) is None
    assert set_starter("bndcc", 4, 1, first_set_starter=2, drawn=3) == 3
    assert set_starter("bndcc", 4, 0, first_set_starter=2) == 2
    assert set_starter("bndcc", 4, 1, first_set_starter=2) is None
    assert next_hand_starter(3, 4) == 0
    assert next_hand_starter(1, 2, {"seat": 0, "rule": "wrong_count"}) == 1
    assert next_hand_starter(2, 4, {"seat": 3, "rule": "wrong_count"}) == 0
    assert next_hand_starter(2, 4, (0, "out_of_turn")) == 2
    assert next_hand_starter(2, 4, {"seat": 1, "rule": "exposed"}) == 2
    assert next_hand_starter(2, 4, {"seat": 1, "rule": "pickup_exposed"}) == 2
    assert next_hand_starter(2, 4, {"seat": 1, "rule": "wont_go"}) == 3  # not a void
    voids = [None, {"seat": 1, "rule": "out_of_turn"}, None, {"seat": 0, "rule": "wrong_count"},
             None]  # fmt: skip
    assert hand_starters(2, 4, voids) == [2, 3, 3, 0, 1]


# ------------------------------------------------------------------ rule 2: wrong_count


def test_wrong_count_before_any_play_singles():
    # Seat 0 offends before the down; it has 0, so seat 1 goes up 8.  The re-deal is
    # downed by seat 1 (the seat after the offender); then the down passes on: 0, 1.
    hands = [
        {"starter": 0, "points": [0, 8], "plays": [pen(0, "wrong_count")]},
        {"starter": 1, "points": [30, 0]},
        {"starter": 0, "points": [31, 0]},
    ]
    rec = bndcc([{"starter": 0, "score": [61, 8], "hands": hands}, won_set(1)])
    assert validate(rec)["errors"] == []
    hands[1]["starter"] = 0
    assert paths(validate(rec)) == ["/sets/0/hands/1/starter"]


def test_wrong_count_pairs_re_deal_by_the_seat_after_the_offender():
    hands = [
        {"starter": 2, "points": [0, 8], "void": {"seat": 0, "rule": "wrong_count"}},
        {"starter": 1, "points": [61, 0]},
    ]
    rec = bndcc([{"starter": 2, "score": [61, 8], "hands": hands}, won_set(1)], seats=4)
    assert validate(rec)["errors"] == []
    hands[0]["void"]["seat"] = 3  # offender 3: the re-deal is seat 0's
    report = validate(rec)
    assert errs(report) == [("/sets/0/hands/1/starter", "starter_wrong")]
    assert "seat 0" in report["errors"][0]["message"]
    assert "void hand 1" in report["errors"][0]["message"]


def test_wrong_count_mid_hand_points_before_it_stand():
    got = replay(["3-6", "6-0 right", pen(1, "wrong_count")], ruleset="bndcc",
                 deal=DEAL, before=(0, 10))  # fmt: skip
    # 3-6 scores 3 for seat 0, 6-0 scores 1 for seat 1; seat 1 (11) goes back 8.
    assert got["points"] == [3, -7]
    assert got["void"] == {"seat": 1, "rule": "wrong_count"}
    assert got["errors"] == [] and got["certain"]


def test_void_hand_broken_forms():
    # A turn after the void penalty.
    got = replay(["3-6", pen(1, "wrong_count"), "6-0 right"], ruleset="bndcc")
    assert errs(got) == [("/plays/2", "play_after_hand_end")]
    assert "void" in got["errors"][0]["message"]
    # A penalty after it, too.
    got = replay([pen(1, "wrong_count"), pen(0)], ruleset="bndcc")
    assert errs(got) == [("/plays/1", "play_after_hand_end")]
    # `void` that disagrees with the plays, or that names no voiding rule.
    hand = {"starter": 0, "points": [0, 8], "plays": [pen(0, "wrong_count")],
            "void": {"seat": 1, "rule": "wrong_count"}}  # fmt: skip
    rec = bndcc([{"starter": 0, "score": [61, 8],
                  "hands": [hand, {"starter": 1, "points": [61, 0]}]}, won_set(1)])  # fmt: skip
    assert errs(validate(rec)) == [("/sets/0/hands/0/void", "points_mismatch")]
    hand["void"] = {"seat": 0, "rule": "wont_go"}
    assert errs(validate(rec)) == [("/sets/0/hands/0/void/rule", "bad_format")]
    hand["void"] = {"seat": 7, "rule": "exposed"}
    assert errs(validate(rec)) == [("/sets/0/hands/0/void/seat", "bad_format")]
    hand["void"] = "yes"
    assert errs(validate(rec)) == [("/sets/0/hands/0/void", "bad_format")]
    del hand["void"]
    hand["plays"] = ["3-6", pen(0, "wrong_count")]
    hand["points"] = [3, 0]  # 3 - 8 cannot go below 0: seat 1 goes up 8 instead
    assert errs(validate(rec))[0] == ("/sets/0/hands/0/points", "points_mismatch")


def test_void_plays_without_void_key_and_void_without_plays():
    # At plays depth `void` may be left out; at hands depth it is how a void hand is
    # written (without it, the re-deal's starter is read as a normal hand's).
    hands = [
        {"starter": 0, "points": [0, 0], "void": {"seat": 1, "rule": "out_of_turn"}},
        {"starter": 0, "points": [61, 0]},
    ]
    rec = bndcc([{"starter": 0, "score": [61, 0], "hands": hands}, won_set(1)])
    assert validate(rec)["errors"] == []
    del hands[0]["void"]
    assert errs(validate(rec)) == [("/sets/0/hands/1/starter", "starter_wrong")]


# ------------------------------------------------------------------ rule 4: out_of_turn, exposed


def test_out_of_turn_voids_the_hand_same_seat_downs_again():
    rule = "out_of_turn"
    plays = ["3-6", "6-0 right", pen(0, rule)]
    got = replay(plays, ruleset="bndcc", deal=DEAL)
    # Seat 0 has 3 (< 8): seat 1 goes up 8 on top of its 1.
    assert got["points"] == [3, 9] and got["void"] == {"seat": 0, "rule": rule}
    hands = [
        {"starter": 0, "points": [3, 9], "deal": DEAL, "plays": plays},
        {"starter": 0, "points": [58, 0]},
    ]
    rec = bndcc([{"starter": 0, "score": [61, 9], "hands": hands}, won_set(1)])
    assert validate(rec)["errors"] == []
    hands[1]["starter"] = 1
    assert paths(validate(rec)) == ["/sets/0/hands/1/starter"]


def test_exposed_in_pairs():
    hands = [
        {"starter": 3, "points": [0, 8], "plays": ["3-6", pen(2, "exposed")]},
        {"starter": 3, "points": [61, -3]},
    ]
    rec = bndcc([{"starter": 3, "score": [61, 5], "hands": hands}, won_set(1)], seats=4)
    # Seat 3 (side 1) downs 3-6: 3 for side 1; seat 2 (side 0, 0 points) offends:
    # side 1 goes up 8, to 11; the re-deal is seat 3's again.
    hands[0]["points"] = [0, 11]
    hands[1]["points"] = [61, -6]
    assert validate(rec)["errors"] == []


def test_void_penalty_reaching_the_target_ends_the_set():
    got = replay(["3-6", pen(0, "out_of_turn")], ruleset="bndcc", before=(0, 53))
    assert got["points"] == [3, 8] and got["set_won"] and got["void"]["rule"] == "out_of_turn"


# ------------------------------------------------------------------ rule 5: wont_go


def test_wont_go_tile_leaves_the_hand_and_the_turn_goes_on():
    # Seat 1 tries 2-5 at a 6: it is out of play, seat 1 (0 points) sends seat 0 up 8,
    # and seat 1 then plays 6-0 (3 + 0 = 3: 1 point).
    plays = ["3-6", pen(1, "wont_go", tile="2-5"), "6-0 right"]
    got = replay(plays, ruleset="bndcc", deal=DEAL)
    assert errs(got) == [("/plays", "hand_incomplete")]
    assert got["points"] == [11, 1]
    # The tile cannot be laid later in the hand.
    got = replay([*plays, "0-1 right", "2-5 left"], ruleset="bndcc", deal=DEAL)
    assert errs(got)[0] == ("/plays/4", "tile_not_in_hand")
    assert "put out of play at /plays/1" in got["errors"][0]["message"]


def test_wont_go_broken_forms():
    got = replay(["3-6", pen(1, "wont_go"), "6-0 right"], ruleset="bndcc", deal=DEAL)
    assert errs(got)[0] == ("/plays/1/penalty", "bad_format")
    got = replay(["3-6", pen(1, "wont_go", tile="2-3"), "6-0 right"], ruleset="bndcc",
                 deal=DEAL)  # fmt: skip
    assert errs(got)[0] == ("/plays/1/penalty/tile", "tile_not_in_hand")
    assert "dealt to seat 0" in got["errors"][0]["message"]
    got = replay(["3-6", pen(1, "wont_go", tile="7-7")], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/1/penalty/tile", "bad_tile")
    got = replay(["3-6", pen(0, "wont_go", tile="2-3")], ruleset="bndcc", deal=DEAL)
    assert errs(got)[0] == ("/plays/1/penalty/seat", "tile_does_not_match")
    got = replay([pen(0, "wont_go", tile="2-3"), "3-6"], ruleset="bndcc", deal=DEAL)
    assert errs(got)[0] == ("/plays/0", "tile_does_not_match")
    # Without a deal: a tile already played.
    got = replay(["3-6", pen(1, "wont_go", tile="6-3")], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/1/penalty/tile", "tile_not_in_hand")


def test_wont_go_after_the_hand_is_over():
    plays = ["3-6", "knock", "knock", pen(0, "wont_go", tile="0-1")]
    got = replay(plays, ruleset="bndcc")
    assert errs(got) == [("/plays/3", "play_after_hand_end")]


# ------------------------------------------------------------------ rule 5: false_knock


def test_false_knock_the_offender_lays_its_tile_scoring_nothing():
    # Seat 1 knocks holding 6-0; the false knock is found at once; seat 1 (10) goes back
    # 8 and lays 6-0, which would score 1 but scores nothing.
    plays = ["3-6", "knock", pen(1, "false_knock"), "6-0 right"]
    got = replay(plays, ruleset="bndcc", deal=DEAL, before=(0, 10))
    assert errs(got) == [("/plays", "hand_incomplete")]  # no illegal_knock
    assert got["points"] == [3, -8]
    # Seat 0 plays next, as after any turn of seat 1.
    got = replay([*plays, "0-1 right"], ruleset="bndcc", deal=DEAL, before=(0, 10))
    assert errs(got) == [("/plays", "hand_incomplete")]


def test_a_knock_taken_back_does_not_block_the_hand():
    # Seat 1 knocks, seat 0 knocks: blocked -- until seat 0's knock is taken back.
    plays = ["3-6", "knock", "knock", pen(0, "false_knock"), "6-1 right"]
    got = replay(plays, ruleset="bndcc")
    assert ("/plays/4", "play_after_hand_end") not in errs(got)
    assert errs(got) == [("/plays", "hand_incomplete")]


def test_false_knock_broken_forms():
    # Not right after a knock.
    got = replay(["3-6", "6-0 right", pen(1, "false_knock")], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/2", "illegal_knock")
    # After another seat's knock.
    got = replay(["3-6", "knock", pen(0, "false_knock")], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/2", "illegal_knock")
    # Not right after: another entry between.
    got = replay(["3-6", "knock", pen(0), pen(1, "false_knock")], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/3", "illegal_knock")
    # The offender knocks again instead of laying its tile.
    got = replay(["3-6", "knock", pen(1, "false_knock"), "knock"], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/3", "illegal_knock")


# ------------------------------------------------------------------ rule 5: held_after_knock


def held_set(awarded_to=1, extra_plays=()):
    """Set 1: seat 0 downs 3-6; seat 1 knocks holding 6-0; seat 0 lays 1-3 (6 + 1 = 7);
    the knock is found later: the set ends, awarded to side 0."""
    plays = ["3-6", "knock", "1-3 left", pen(1, "held_after_knock"), *extra_plays]
    hand = {"starter": 0, "points": [3, 0], "deal": DEAL, "plays": plays}
    s = {"starter": 0, "score": [23, 40],
         "hands": [{"starter": 0, "points": [20, 40]}, {"starter": 1, "points": [0, 0]}, hand]}
    # hands: 20-40, then 0-0, then this hand started by seat 0 again (hand 3).
    if awarded_to is not None:
        s["awarded_to"] = awarded_to
    return s


def test_held_after_knock_awards_the_set_to_the_other_side():
    rec = bndcc([held_set(0), won_set(1, (61, 0))], result={"winner": 0, "sets_won": [2, 0]})
    report = validate(rec)
    assert report["errors"] == []
    assert report["sets"][0] == {"score": [23, 40], "winner": 0, "awarded": True}
    assert report["winner"] == 0
    got = replay(held_set(0)["hands"][2]["plays"], ruleset="bndcc", deal=DEAL)
    assert got["awarded_to"] == 0 and got["set_won"] and got["errors"] == []


def test_held_after_knock_may_come_after_the_last_turn():
    # Seat 1 knocks holding 0-6; seat 0 cannot play: blocked; then the knock is found.
    deal = [["3-6", "0-0", "0-1", "1-1", "1-2", "2-2"], ["0-6", "4-4", "4-5", "5-5", "2-4", "1-4"]]
    plays = ["3-6", "knock", "knock", pen(1, "held_after_knock")]
    got = replay(plays, ruleset="bndcc", deal=deal)
    assert got["errors"] == [] and got["awarded_to"] == 0
    assert errs(replay(plays[:3], ruleset="bndcc", deal=deal)) == [("/plays/1", "illegal_knock")]


def test_held_after_knock_broken_forms():
    # awarded_to naming the offender's side.
    rec = bndcc([held_set(1), won_set(1)])
    report = validate(rec)
    assert errs(report)[0] == ("/sets/0/awarded_to", "set_score_invalid")
    # awarded_to missing.
    rec = bndcc([held_set(None), won_set(1)])
    assert errs(validate(rec)) == [("/sets/0", "set_score_invalid")]
    # A turn after the penalty, a hand after the set.
    rec = bndcc([held_set(0, ["6-0 right"]), won_set(1)])
    assert errs(validate(rec)) == [("/sets/0/hands/2/plays/4", "play_after_set_end")]
    s = held_set(0)
    s["hands"].append({"starter": 1, "points": [0, 0]})
    assert errs(validate(bndcc([s, won_set(1)]))) == [("/sets/0/hands/3", "play_after_set_end")]
    # The named seat never knocked holding a tile that fitted (here: it never knocked).
    got = replay(["3-6", "6-0 right", pen(1, "held_after_knock")], ruleset="bndcc")
    assert errs(got) == [("/plays/2", "illegal_knock")]
    # With a deal: seat 0 knocked, but held nothing that fitted the 4s.
    got = replay(["4-4", "knock", pen(0, "held_after_knock")], ruleset="bndcc",
                 deal=[DEAL[0], ["4-4", "4-5", "1-6", "2-2", "2-5", "0-6"]], starter=1)  # fmt: skip
    assert errs(got) == [("/plays/2", "illegal_knock")]
    assert "holding a tile that fitted" in got["errors"][0]["message"]


def test_awarded_to_at_score_and_hands_depth():
    awarded = {"starter": 0, "score": [40, 23], "awarded_to": 1}
    rec = bndcc([awarded, won_set(1, (0, 61))], result={"winner": 1, "sets_won": [0, 2]})
    assert validate(rec)["errors"] == []
    awarded["hands"] = [{"points": [40, 20]}, {"points": [0, 3]}]
    assert validate(rec)["errors"] == []
    awarded["hands"][1]["points"] = [0, 4]
    assert errs(validate(rec)) == [("/sets/0/score", "hand_points_mismatch")]
    # An awarded set ends before the side it is awarded to reaches the target (the
    # offenders may be on it: see the turnover tests below).
    bad = bndcc([{"score": [23, 61], "awarded_to": 1}, won_set(1, (0, 61))])
    report = validate(bad)
    assert errs(report) == [("/sets/0/score", "set_score_invalid")]
    assert "awarded to seat 1" in report["errors"][0]["message"]
    bad = bndcc([{"score": [61, 61], "awarded_to": 1}, won_set(1, (0, 61))])
    assert errs(validate(bad)) == [("/sets/0/score", "set_score_invalid")]
    bad = bndcc([{"score": [40, 23], "awarded_to": 2}, won_set(1, (0, 61))])
    assert ("/sets/0/awarded_to", "bad_format") in errs(validate(bad))
    # At plays depth awarded_to must agree: here the last hand ends without a penalty.
    hand = {"starter": 0, "points": [3, 0], "plays": ["3-6", "knock", "knock"]}
    rec = bndcc([{"starter": 0, "score": [3, 0], "awarded_to": 1, "hands": [hand]},
                 won_set(1, (0, 61))])  # fmt: skip
    assert errs(validate(rec)) == [("/sets/0/awarded_to", "set_score_invalid")]


def test_awarded_to_is_ignored_under_mso():
    rec = match([{"score": [61, 3], "awarded_to": 1}, {"score": [61, 0]}])
    assert validate(rec)["errors"] == []


# ------------------------------------------------------------------ rule 8: pickup_exposed


def test_pickup_exposed_voids_before_any_play_for_nothing():
    hands = [
        {"starter": 1, "points": [0, 0], "plays": [pen(0, "pickup_exposed")]},
        {"starter": 1, "points": [0, 61]},
    ]
    rec = bndcc([{"starter": 1, "score": [0, 61], "hands": hands}, won_set(0, (0, 61))])
    assert validate(rec)["errors"] == []
    got = replay(["3-6", pen(0, "pickup_exposed")], ruleset="bndcc")
    assert errs(got) == [("/plays/0", "play_after_hand_end")]
    assert "before any play" in got["errors"][0]["message"]


# ------------------------------------------------------------------ the plain penalty


def test_plain_penalty_without_rule_is_as_before():
    got = replay(["3-6", pen(1), "6-0 right"], ruleset="bndcc", before=(0, 9))
    assert got["points"] == [3, -7]
    assert "void" not in got and "awarded_to" not in got


# ------------------------------------------------------------------ a tile that stands


def test_a_tile_that_stands_scores_from_the_ends_as_they_now_are():
    # 3-6 down (9: 3); 2-5 laid at the 6 and left standing: 2 against the 6, 5 open.
    # Ends 3 + 5 = 8: nothing.  Then 5-5 right: 3 + 10 = 13: nothing; 3-0 left: 0 + 10: 2.
    got = replay(["3-6", "2-5 right stands", "5-5 right", "3-0 left"], ruleset="bndcc")
    assert got["points"] == [3, 2]
    assert errs(got) == [("/plays", "hand_incomplete")]
    # Laid "5-2 right stands" the other way round, the 2 is open: 3 + 2 = 5, 1 point.
    assert replay(["3-6", "5-2 right stands"], ruleset="bndcc")["points"] == [3, 1]
    # A double left standing is a double end: 4-4 at the 3, then 4 + 4 + 6 = 14: nothing.
    assert replay(["3-6", "4-4 left stands"], ruleset="bndcc")["points"] == [3, 0]


def test_stands_broken_forms():
    got = replay(["3-6", "6-0 right stands"], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/1", "bad_format")
    assert 'write "6-0 right"' in got["errors"][0]["message"]
    got = replay(["3-6 stands"], ruleset="bndcc")
    assert errs(got)[0] == ("/plays/0", "bad_format")
    got = replay(["3-6", "2-5 right stands"], ruleset="mso")
    assert errs(got) == [("/plays/1", "bad_format")]


# ------------------------------------------------------------------ whole matches


def test_pairs_match_with_every_kind_of_penalty():
    seen = set()
    for seed in range(40):
        rec = sim.play_match(seed, sim.BNDCC_PAIRS, penalty_rate=0.05,
                             penalty_kinds=sim.ALL_KINDS)  # fmt: skip
        for s in rec["sets"]:
            for h in s["hands"]:
                for p in h["plays"]:
                    if isinstance(p, dict):
                        seen.add(p["penalty"].get("rule", "none"))
                    elif p.endswith("stands"):
                        seen.add("stands")
        assert validate(rec)["errors"] == [], seed
    assert seen == set(sim.ALL_KINDS)


# ------------------------------------------------------------------ rulings (issue 21)
# Penalties the rulebook does not give where a record puts them are refused with
# penalty_not_applicable, naming the rule that applies; the entry is still read as
# written (its holes, its void), so one wrong entry makes one error.

RULING = "penalty_not_applicable"


def pairs_rec(sets, **extra):
    return bndcc(sets, seats=4, **extra)


@pytest.mark.parametrize("seats", [2, 4])
def test_out_of_turn_before_the_down_is_no_penalty(seats):
    # Rule 4: "There is no penalty, therefore, for playing out of turn before play
    # commences."
    got = replay([pen(1, "out_of_turn")], ruleset="bndcc", seats=seats)
    assert errs(got) == [("/plays/0/penalty/rule", RULING)]
    message = got["errors"][0]["message"]
    assert "no out_of_turn penalty before the down" in message
    assert "rule 4" in message
    hands = [
        {"starter": 0, "points": [8, 0], "plays": [pen(1, "out_of_turn")]},
        {"starter": 0, "points": [53, 0]},
    ]
    make = bndcc if seats == 2 else pairs_rec
    rec = make([{"starter": 0, "score": [61, 0], "hands": hands}, won_set(1)])
    assert errs(validate(rec)) == [("/sets/0/hands/0/plays/0/penalty/rule", RULING)]
    # Once the down is laid it voids the hand as before.
    assert replay(["3-6", pen(1, "out_of_turn")], ruleset="bndcc", seats=seats)["errors"] == []


def test_exposed_before_the_down_is_rule_8_in_pairs():
    got = replay([pen(2, "exposed")], ruleset="bndcc", seats=4)
    assert errs(got) == [("/plays/0/penalty/rule", RULING)]
    message = got["errors"][0]["message"]
    assert "before the down" in message and "rule 8" in message
    assert '"pickup_exposed"' in message
    # The entry rule 8 gives is accepted there; exposed after the down stands.
    assert replay([pen(2, "pickup_exposed")], ruleset="bndcc", seats=4)["errors"] == []
    assert replay(["3-6", pen(2, "exposed")], ruleset="bndcc", seats=4)["errors"] == []


@pytest.mark.parametrize("plays", [["3-6", "6-0 right", pen(0, "exposed")], [pen(0, "exposed")]])
def test_exposed_in_singles_is_refused(plays):
    got = replay(plays, ruleset="bndcc", deal=DEAL if len(plays) > 1 else None)
    assert errs(got) == [(f"/plays/{len(plays) - 1}/penalty/rule", RULING)]
    message = got["errors"][0]["message"]
    assert "in singles" in message and "partner" in message and "rule 8" in message


def test_exposed_void_at_hands_depth_in_singles_is_refused():
    hands = [
        {"starter": 0, "points": [3, 9], "void": {"seat": 0, "rule": "exposed"}},
        {"starter": 0, "points": [58, 0]},
    ]
    rec = bndcc([{"starter": 0, "score": [61, 9], "hands": hands}, won_set(1)])
    report = validate(rec)
    assert errs(report) == [("/sets/0/hands/0/void/rule", RULING)]
    assert "in singles" in report["errors"][0]["message"]
    # The same hand in pairs is a void hand by rule 4.
    assert validate(pairs_rec([{"starter": 0, "score": [61, 9], "hands": hands},
                               won_set(1)]))["errors"] == []  # fmt: skip


def test_wont_go_on_a_tile_that_fits_is_refused_singles():
    # Seat 1 holds 6-0 and 1-6, both of which go at the 6 (the right end).
    for tile in ("6-0", "1-6"):
        got = replay(["3-6", pen(1, "wont_go", tile=tile), "2-5 right"], ruleset="bndcc",
                     deal=DEAL)  # fmt: skip
        assert ("/plays/1/penalty/tile", RULING) in errs(got), tile
        assert "goes at the right end (6)" in got["errors"][0]["message"]
        assert "will not go either end" in got["errors"][0]["message"]
    # 2-5 goes at neither end: the penalty stands.
    plays = ["3-6", pen(1, "wont_go", tile="2-5"), "6-0 right"]
    assert errs(replay(plays, ruleset="bndcc", deal=DEAL)) == [("/plays", "hand_incomplete")]


def test_wont_go_on_a_tile_that_fits_the_other_end_is_refused_pairs():
    # 3-6 down; seat 1 tries 3-4 at the 6: it goes at the 3 (left), so it is turned round.
    got = replay(["3-6", pen(1, "wont_go", tile="3-4")], ruleset="bndcc", seats=4)
    assert errs(got)[0] == ("/plays/1/penalty/tile", RULING)
    assert "goes at the left end (3)" in got["errors"][0]["message"]
    got = replay(["3-6", pen(1, "wont_go", tile="2-4"), "6-1 right"], ruleset="bndcc",
                 seats=4)  # fmt: skip
    assert RULING not in [c for _, c in errs(got)]


# Seat 1 knocks holding 6-0 and 1-6; seat 0 lays 1-3 at the 3 (1 + 6 = 7, nothing);
# seat 1 lays 1-6 at the 1 (6 + 6 = 12: 4), taking side 1 from 57 to 61.  On the
# turnover the knock is found: the set is side 0's.
TURNOVER = ["3-6", "knock", "1-3 left", "1-6 left", pen(1, "held_after_knock")]


def test_held_after_knock_found_on_the_turnover_singles():
    got = replay(TURNOVER, ruleset="bndcc", deal=DEAL, before=(0, 57))
    assert got["errors"] == []
    assert got["points"] == [3, 4] and got["set_won"] and got["awarded_to"] == 0
    hand = {"starter": 0, "points": [3, 4], "deal": DEAL, "plays": TURNOVER}
    s = {"starter": 0, "score": [3, 61], "awarded_to": 0,
         "hands": [{"starter": 0, "points": [0, 57]}, {"starter": 1, "points": [0, 0]}, hand]}
    rec = bndcc([s, won_set(1, (61, 0))], result={"winner": 0, "sets_won": [2, 0]})
    report = validate(rec)
    assert report["errors"] == []
    assert report["sets"][0] == {"score": [3, 61], "winner": 0, "awarded": True}
    # Without awarded_to the set still goes to side 0, and the record is told to say so.
    del s["awarded_to"]
    report = validate(rec)
    assert errs(report) == [("/sets/0", "set_score_invalid")]
    assert report["sets"][0]["winner"] == 0
    # Naming the offenders' side, which is on 61.
    s["awarded_to"] = 1
    assert ("/sets/0/score", "set_score_invalid") in errs(validate(rec))
    # Nothing may follow the award.
    s["awarded_to"] = 0
    hand["plays"] = [*TURNOVER, "knock"]
    assert errs(validate(rec)) == [("/sets/0/hands/2/plays/5", "play_after_set_end")]


def test_held_after_knock_on_the_turnover_pairs():
    # Seat 1 knocks; seat 3, its partner, reaches 61 (3 + 2 = 5: 1); then it is found.
    plays = ["3-6", "knock", "6-1 right", "1-2 right", pen(1, "held_after_knock")]
    got = replay(plays, ruleset="bndcc", seats=4, before=(0, 60))
    assert got["errors"] == [] and got["awarded_to"] == 0 and got["points"] == [3, 1]
    s = {"starter": 0, "score": [3, 61], "awarded_to": 0,
         "hands": [{"starter": 0, "points": [0, 60]}, {"starter": 1, "points": [0, 0]},
                   {"starter": 2, "points": [0, 0]}, {"starter": 3, "points": [0, 0]},
                   {"starter": 0, "points": [3, 1], "plays": plays}]}  # fmt: skip
    report = validate(pairs_rec([s, won_set(1, (61, 0))]))
    assert report["errors"] == [] and report["winner"] == 0


def test_a_set_the_other_side_won_needs_no_award():
    # Side 0, not the offender's, reaches 61: the set is over and is already theirs.
    plays = ["3-6", "6-0 right", "0-1 right", "knock", "1-3 right", pen(1, "held_after_knock")]
    got = replay(plays, ruleset="bndcc", deal=DEAL, before=(56, 0))
    assert got["set_won"] and "awarded_to" not in got
    assert ("/plays/5", "play_after_set_end") in errs(got)


def test_an_awarded_set_with_the_offenders_on_the_target_at_score_depth():
    rec = bndcc([{"starter": 0, "score": [61, 40], "awarded_to": 1}, won_set(1, (0, 61))],
                result={"winner": 1, "sets_won": [0, 2]})  # fmt: skip
    assert validate(rec)["errors"] == []


@pytest.mark.parametrize("rules", [sim.BNDCC_SINGLES, sim.BNDCC_PAIRS])
def test_the_simulator_finds_held_knocks_on_the_turnover(rules):
    # Rare in random play (the offenders must reach 61 while the knock is still held):
    # look through seeds until one shows it, and check it at every depth.
    for seed in range(1000):
        rec = sim.play_match(seed, rules, penalty_rate=0.01,
                             penalty_kinds=("held_after_knock",))  # fmt: skip
        if any("awarded_to" in s and 61 in s["score"] for s in rec["sets"]):
            break
    else:
        pytest.fail("no set awarded on the turnover in 1000 matches")
    if rules.seats == 4:
        rec["seats"] = 4
    for depth in ("plays", "hands", "score"):
        got = rec if depth == "plays" else sim.to_depth(rec, depth)
        assert validate(got)["errors"] == [], depth
