"""The pure form <-> record translation (no database)."""

import scoring
from tournament.arbiter import record as rec

PLAYERS = ["Ann Lee", "Bo Park"]
DEAL_AND_PLAYS = (
    "A: 0-1 0-5 1-3 1-4 2-3 3-6 5-5\n"
    "B: 0-6 1-6 2-2 2-5 4-5 4-6 5-6\n"
    "3-6, 6-0 right, 3-1 left, 1-6 l, 0-5 right,\n5-6 r, knock, 6-4 left, 1-4 left, k, "
    "0-1 left, knock, knock"
)


def build(**data):
    return rec.build(data, ruleset="mso", players=PLAYERS)


def test_score_only_match_alternates_set_starters_from_white():
    b = build(outcome="played", s1_a="61", s1_b="48", s2_a="55", s2_b="61",
              s3_a="61", s3_b="60")
    assert b.errors == {}
    assert b.record == {
        "format": "fives-and-threes-match/1", "ruleset": "mso", "first_set_starter": 0,
        "players": PLAYERS,
        "sets": [{"starter": 0, "score": [61, 48]}, {"starter": 1, "score": [55, 61]},
                 {"starter": 0, "score": [61, 60]}],
    }
    assert scoring.validate(b.record)["valid"]


def test_hand_rows_alternate_starters_and_blank_point_is_zero():
    b = build(s1_a="61", s1_b="20", s2_a="61", s2_b="0",
              s1_h1_a="40", s1_h1_b="", s1_h2_a="21", s1_h2_b="20", s1_h3_a="", s1_h3_b="")
    hands = b.record["sets"][0]["hands"]
    assert hands == [{"starter": 0, "points": [40, 0]}, {"starter": 1, "points": [21, 20]}]
    # set 2 is started by B, so its first hand is too
    assert rec.hand_starter(2, 1) == 1 and rec.hand_starter(2, 2) == 0
    assert scoring.validate(b.record)["valid"]


def test_play_by_play_text_becomes_deal_and_plays():
    deal, plays, problems = rec.parse_hand_text(DEAL_AND_PLAYS)
    assert problems == []
    assert deal == [["0-1", "0-5", "1-3", "1-4", "2-3", "3-6", "5-5"],
                    ["0-6", "1-6", "2-2", "2-5", "4-5", "4-6", "5-6"]]
    assert plays == ["3-6", "6-0 right", "3-1 left", "1-6 left", "0-5 right", "5-6 right",
                     "knock", "6-4 left", "1-4 left", "knock", "0-1 left", "knock", "knock"]
    # and back: the text written for a stored hand reads as the same hand
    again = rec.parse_hand_text(rec.hand_text({"deal": deal, "plays": plays}))
    assert again == (deal, plays, [])


def test_unreadable_turns_and_tiles_are_named():
    deal, plays, problems = rec.parse_hand_text("A: 0-1 9-9\n3-6, sideways, 6-0 up")
    assert "'9-9' in player A's deal is not a tile" in problems[0]
    assert any("turn 2: 'sideways' is not a play" in p for p in problems)
    assert any("turn 3: '6-0 up'" in p for p in problems)
    b = build(s1_a="61", s1_b="0", s1_h1_play="3-6, sideways")
    assert "s1_h1_play" in b.errors


def test_bad_numbers_gaps_and_missing_scores_are_form_errors():
    b = build(s1_a="sixty", s1_b="40")
    assert b.errors["s1"] == ["Set 1, player A: 'sixty' is not a whole number."]
    b = build(s1_a="61", s1_b="")
    assert b.errors["s1"] == ["Set 1: enter the score of both players."]
    b = build(s1_a="61", s1_b="3", s3_a="61", s3_b="2")
    assert "Set 2 is empty but set 3 is filled in" in b.errors["s2"][0]
    b = build(s1_a="61", s1_b="3", s1_h1_a="3", s1_h3_a="4")
    assert "hand 2 is empty but hand 3 is filled in" in b.errors["s1_h2"][0]
    b = build(outcome="played")
    assert b.errors["s1"] == ["Enter the score of each set played."]
    b = build(outcome="resigned")
    assert "outcome" in b.errors and b.record is None


def test_forfeits_ignore_sets_and_abandoned_keeps_finished_sets():
    b = build(outcome="forfeit_1", s1_a="61", s1_b="3")
    assert (b.outcome, b.conceded_by, b.record, b.errors) == ("forfeit", 1, None, {})
    b = build(outcome="double_forfeit")
    assert (b.outcome, b.conceded_by, b.record) == ("double_forfeit", None, None)
    b = build(outcome="abandoned_0")
    assert (b.outcome, b.conceded_by, b.record, b.errors) == ("abandoned", 0, None, {})
    b = build(outcome="abandoned_0", s1_a="20", s1_b="61")
    assert b.record["sets"] == [{"starter": 0, "score": [20, 61]}]


def test_rows_added_by_the_script_are_read():
    data = {"s1_a": "61", "s1_b": "0"}
    data.update({f"s1_h{h}_a": "4" for h in range(1, 16)})
    data["s1_h16_a"] = "1"
    b = rec.build(data, ruleset="mso")
    assert len(b.record["sets"][0]["hands"]) == 16
    assert "players" not in b.record


def test_validator_paths_map_to_the_fields_they_concern():
    b = build(s1_a="61", s1_b="40", s1_h1_a="30", s1_h1_b="20", s1_h2_a="31", s1_h2_b="10")
    assert rec.field_for_path("/sets/0/score", b) == "s1"
    assert rec.field_for_path("/sets/2/starter", b) == "s3"
    assert rec.field_for_path("/sets/0/hands/1/points/0", b) == "s1_h2"
    assert rec.field_for_path("/sets/0/hands/1", b) == "s1_h2"
    assert rec.field_for_path("/sets/0/hands/0/plays/4", b) == "s1_h1_play"
    assert rec.field_for_path("/sets/0/hands/0/deal/1/3", b) == "s1_h1_play"
    assert rec.field_for_path("/sets", b) == "sets"
    assert rec.field_for_path("/ruleset", b) == rec.GENERAL
    assert rec.field_for_path("", b) == rec.GENERAL


def test_validator_errors_land_next_to_fields_in_the_forms_words():
    b = build(s1_a="61", s1_b="40", s1_h1_a="30", s1_h1_b="20", s1_h2_a="31", s1_h2_b="10",
              s2_a="61", s2_b="61")
    report = scoring.validate(b.record)
    errors = rec.map_errors(report["errors"], b)
    assert any("hands add up to 61–30" in m and "61–40" in m for m in errors["s1"])
    assert any("61–61 is impossible" in m for m in errors["s2"])
    assert rec.in_form_words("seat 1 (Bo Park) laid 3-6; seat 0 knocked", PLAYERS) == (
        "Bo Park (B) laid 3-6; player A knocked")


def test_form_data_round_trips_a_stored_record():
    b = build(outcome="abandoned_1", s1_a="61", s1_b="40", s1_h1_a="61", s1_h1_b="40",
              s1_h2_play="3-6")
    data = rec.form_data("abandoned", 1, b.record)
    assert data["outcome"] == "abandoned_1"
    assert (data["s1_a"], data["s1_b"], data["s1_h1_a"], data["s1_h1_b"]) == (
        "61", "40", "61", "40")
    assert data["s1_h2_play"] == "3-6"
    assert rec.build(data, ruleset="mso", players=PLAYERS).record == b.record
    assert rec.form_data("", None, None) == {"outcome": "played"}
