"""The bndcc ruleset (singles and pairs), and rulesets as data."""

from __future__ import annotations

import pytest

from scoring import RULESETS, Ruleset, replay, validate
from scoring import simulate as sim
from scoring.rulesets import MSO

from .records import EXAMPLE_DEAL, EXAMPLE_PLAYS, codes, match, paths, score_match


def bndcc(sets, **extra):
    return match(sets, ruleset="bndcc", **extra)


PAIRS = ["Ann", "Bo", "Cy", "Di"]


# ------------------------------------------------------------------ singles


def test_singles_example_hand_with_six_tiles_is_blocked_without_lowest_hand_score():
    deal = [[t for t in EXAMPLE_DEAL[0] if t != "5-5"], [t for t in EXAMPLE_DEAL[1] if t != "2-2"]]
    got = replay(EXAMPLE_PLAYS, ruleset="bndcc", deal=deal)
    assert got["errors"] == []
    assert got["points"] == [5, 9]  # seat 0 holds fewer pips, and scores nothing for it
    more = replay([*EXAMPLE_PLAYS, "knock"], ruleset="bndcc", deal=deal)
    assert more["errors"][0]["code"] == "play_after_hand_end"


def test_singles_deal_has_six_tiles():
    got = replay(EXAMPLE_PLAYS, ruleset="bndcc", deal=EXAMPLE_DEAL)
    assert [e["code"] for e in got["errors"]] == ["deal_invalid", "deal_invalid"]


def test_down_may_not_reach_61():
    assert replay(["3-6"], ruleset="bndcc", before=(58, 0))["points"] == [0, 0]
    assert replay(["3-6"], ruleset="bndcc", before=(58, 0))["set_won"] is False
    assert replay(["3-6"], ruleset="mso", before=(58, 0))["points"] == [3, 0]
    # Below 61 the down scores as usual; and a later tile may reach 61.
    assert replay(["3-6"], ruleset="bndcc", before=(57, 0))["points"] == [3, 0]
    got = replay(["3-6", "6-0 right"], ruleset="bndcc", before=(0, 60))
    assert got["points"] == [3, 1] and got["set_won"]


def test_set_starters_are_drawn_not_alternated():
    rec = bndcc([{"starter": 1, "score": [61, 0]}, {"starter": 1, "score": [61, 2]}])
    assert validate(rec)["valid"]
    mso = dict(rec, ruleset="mso")
    assert codes(validate(mso)) == ["starter_wrong"]


def test_first_set_starter_is_set_ones_draw():
    rec = bndcc(
        [{"starter": 1, "score": [61, 0]}, {"starter": 1, "score": [61, 2]}],
        first_set_starter=0,
    )
    assert paths(validate(rec)) == ["/sets/0/starter"]


def test_hands_within_a_leg_still_pass_the_down():
    hands = [{"starter": 1, "points": [30, 10]}, {"starter": 1, "points": [31, 0]}]
    rec = bndcc([{"starter": 1, "score": [61, 10], "hands": hands}, {"score": [61, 0]}])
    assert paths(validate(rec)) == ["/sets/0/hands/1/starter"]


# ------------------------------------------------------------------ pairs


def test_pairs_seat_count_from_players_or_seats():
    rec = bndcc([{"score": [61, 0]}, {"score": [61, 40]}], players=PAIRS)
    assert validate(rec)["valid"]
    rec = bndcc([{"score": [61, 0]}, {"score": [61, 40]}], seats=4)
    assert validate(rec)["valid"]
    rec = bndcc([{"score": [61, 0]}, {"score": [61, 40]}], seats=3)
    assert paths(validate(rec)) == ["/seats"]
    rec = match([{"score": [61, 0]}, {"score": [61, 40]}], players=PAIRS)  # mso is singles
    assert paths(validate(rec)) == ["/players"]


def test_pairs_partners_score_together():
    # Seats 0 and 2 lay tiles, seats 1 and 3 knock; seat 0 goes out with 5-5 but the
    # hand goes on until its partner, seat 2, lays its last tile.
    plays = [
        "0-0", "knock", "0-1 right", "knock", "1-1 right", "knock", "1-2 right", "knock",
        "2-2 right", "knock", "2-3 right", "knock", "3-3 right", "knock", "3-4 right",
        "knock", "4-4 right", "knock", "4-5 right", "knock", "5-5 right", "knock",
        "5-6 right",
    ]  # fmt: skip
    got = replay(plays, ruleset="bndcc", seats=4)
    assert got["errors"] == []
    # Right-end totals 3 (1), 6 (2), 5 (1), 10 (2), 6 (2), all for side 0.
    assert got["points"] == [8, 0]
    after = replay([*plays, "knock"], ruleset="bndcc", seats=4)
    assert after["errors"][0]["code"] == "play_after_hand_end"


def test_pairs_hand_goes_on_after_one_player_is_out():
    plays = ["0-0", "knock", "knock", "knock"]
    for tile in ["0-1", "1-1", "1-2", "2-2", "2-3"]:
        plays += [f"{tile} right", "knock", "knock", "knock"]
    # Seat 0 is out after its 6th tile; seats 1, 2, 3 knocked in turn: blocked.
    got = replay(plays, ruleset="bndcc", seats=4)
    assert got["errors"] == []
    assert got["points"] == [1, 0]
    # Before the third knock the hand is not over.
    short = replay(plays[:-1], ruleset="bndcc", seats=4)
    assert [e["code"] for e in short["errors"]] == ["hand_incomplete"]
    after = replay([*plays, "knock"], ruleset="bndcc", seats=4)
    assert after["errors"][0]["code"] == "play_after_hand_end"


def test_pairs_blocked_when_all_four_knock_in_turn():
    got = replay(["3-6", "knock", "knock", "knock", "knock"], ruleset="bndcc", seats=4)
    assert got["errors"] == [] and got["points"] == [3, 0]
    got = replay(["3-6", "knock", "knock", "knock"], ruleset="bndcc", seats=4)
    assert [e["code"] for e in got["errors"]] == ["hand_incomplete"]


def test_pairs_deal_has_four_hands_of_six():
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
    deal = [tiles[0:6], tiles[6:12], tiles[12:18], tiles[18:24]]
    got = replay(["0-0"], ruleset="bndcc", seats=4, deal=deal)
    assert [e["code"] for e in got["errors"]] == ["hand_incomplete"]
    got = replay(["0-0"], ruleset="bndcc", seats=4, deal=deal[:3])
    assert got["errors"][0]["code"] == "deal_invalid"
    # Seat 1 knocks holding 0-6 (index 6) which fits 0.
    got = replay(["0-0", "knock"], ruleset="bndcc", seats=4, deal=deal)
    assert got["errors"][0]["code"] == "illegal_knock"


def test_pairs_hand_starters_pass_to_the_next_seat():
    hands = [{"starter": s, "points": p} for s, p in [(2, [20, 10]), (3, [20, 10]), (0, [21, 0])]]
    rec = bndcc([{"starter": 2, "score": [61, 20], "hands": hands}, {"score": [61, 0]}], seats=4)
    assert validate(rec)["valid"]
    hands[2]["starter"] = 2
    assert paths(validate(rec)) == ["/sets/0/hands/2/starter"]


def test_random_pairs_and_singles_matches():
    for seed in range(20):
        for rules in (sim.BNDCC_SINGLES, sim.BNDCC_PAIRS):
            rec = sim.play_match(seed, rules, penalty_rate=0.05)
            if rules.seats == 4:
                rec["players"] = PAIRS
            assert validate(rec)["errors"] == []


# ------------------------------------------------------------------ penalties


def pen(seat):
    return {"penalty": {"seat": seat, "reason": "exposed a domino"}}


def test_penalty_sends_the_offenders_back_8():
    got = replay(["3-6", pen(2)], ruleset="bndcc", seats=4, before=(20, 5))
    assert got["points"] == [3 - 8, 0]


def test_penalty_counts_points_scored_earlier_in_the_hand():
    # Side 0 has 6, the down scores 2 (3-3 = 6): 8, enough to go back 8.
    got = replay(["3-3", pen(0)], ruleset="bndcc", before=(6, 0))
    assert got["points"] == [-6, 0]


def test_penalty_moves_opponents_up_8_when_offenders_have_less():
    got = replay(["3-6", pen(1)], ruleset="bndcc", before=(0, 7))
    assert got["points"] == [11, 0]


def test_penalty_is_not_a_turn():
    # Seat 1 is still to play after the penalty: 6-0 right scores 1 for seat 1.
    got = replay(["3-6", pen(0), "6-0 right"], ruleset="bndcc", before=(0, 0))
    assert got["points"] == [3, 9]


def test_penalty_reaching_61_ends_the_set_and_passing_scores_nothing():
    # Side 0 has 4 + 3 = 7 when it offends: side 1 goes up 8, from 53 to 61.
    got = replay(["3-6", pen(0)], ruleset="bndcc", before=(4, 53))
    assert got["points"] == [3, 8] and got["set_won"]
    after = replay(["3-6", pen(0), "6-0 right"], ruleset="bndcc", before=(4, 53))
    assert after["errors"][0]["code"] == "play_after_set_end"
    got = replay(["3-6", pen(0)], ruleset="bndcc", before=(0, 55))
    assert got["points"] == [3, 0]


def test_penalty_format_errors():
    bads = [
        {"penalty": {"seat": 5}},
        {"penalty": "seat 1"},
        {"penalty": {"seat": True}},
        {"penalty": {"seat": 0}, "extra": 1},
        {"penalty": {"seat": 0, "reason": 3}},
    ]
    for bad in bads:
        got = replay(["3-6", bad, "knock", "knock"], ruleset="bndcc")
        assert "bad_format" in [e["code"] for e in got["errors"]], bad


def test_penalty_at_hands_depth_may_be_negative_but_not_below_zero():
    hands = [{"points": [20, 5]}, {"points": [-8, 30]}, {"points": [49, 0]}]
    rec = bndcc([{"starter": 0, "score": [61, 35], "hands": hands}, {"score": [61, 0]}])
    assert validate(rec)["valid"]
    hands[1]["points"] = [-21, 30]
    hands[2]["points"] = [62, 0]
    report = validate(rec)
    assert "hand_points_mismatch" in codes(report)
    assert "/sets/0/hands/1/points/0" in paths(report)


def test_penalties_in_a_whole_match_record():
    rec = sim.play_match(3, sim.BNDCC_SINGLES, penalty_rate=0.2)
    assert any(isinstance(p, dict) for s in rec["sets"] for h in s["hands"] for p in h["plays"])
    assert validate(rec)["valid"]
    # Dropping a penalty changes the hand's points.
    for s in rec["sets"]:
        for h in s["hands"]:
            for k, p in enumerate(h["plays"]):
                if isinstance(p, dict):
                    del h["plays"][k]
                    assert not validate(rec)["valid"]
                    return


# ------------------------------------------------------------------ rulesets as data


def test_registry():
    assert set(RULESETS) >= {"mso", "bndcc"}
    assert RULESETS["mso"].tiles_per_seat == 7 and RULESETS["bndcc"].tiles_per_seat == 6
    with pytest.raises(AttributeError):
        RULESETS["mso"].target = 31  # type: ignore[misc]


def test_a_league_variant_is_one_entry(monkeypatch):
    house = Ruleset(
        name="house",
        title="A house variant",
        last_tile_bonus=1,
        blocked_lowest_hand_bonus=3,
    )
    monkeypatch.setitem(RULESETS, "house", house)
    # Blocked example hand: seat 0 holds 2-3 and 5-5 (15 pips), seat 1 20 pips.
    assert replay(EXAMPLE_PLAYS, ruleset="house", deal=EXAMPLE_DEAL)["points"] == [8, 9]
    assert replay(EXAMPLE_PLAYS, ruleset="mso", deal=EXAMPLE_DEAL)["points"] == [5, 9]
    plays = ["0-0", "knock", "0-1 right", "knock", "1-1 right", "knock", "1-2 right",
             "knock", "2-2 right", "knock", "2-3 right", "knock", "3-3 right"]  # fmt: skip
    assert replay(plays, ruleset="house")["points"] == [4, 0]
    assert replay(plays, ruleset="mso")["points"] == [3, 0]
    rec = score_match([31, 0], [31, 2], ruleset="house")
    assert codes(validate(rec)) == ["set_score_invalid", "set_score_invalid"]
    monkeypatch.setitem(RULESETS, "short", Ruleset(name="short", title="31 up", target=31))
    assert validate(score_match([31, 0], [31, 2], ruleset="short"))["valid"]


def test_mso_entry_is_the_default_shape():
    assert MSO == Ruleset(name="mso", title=MSO.title, short_title=MSO.short_title)
