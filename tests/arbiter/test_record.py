"""The pure form <-> record translation (no database)."""

import scoring
from tournament.entry import record as rec

PLAYERS = ("Ann Lee", "Bo Park")
MSO = rec.Table(ruleset="mso", names=PLAYERS)
DEAL_AND_PLAYS = (
    "A: 0-1 0-5 1-3 1-4 2-3 3-6 5-5\n"
    "B: 0-6 1-6 2-2 2-5 4-5 4-6 5-6\n"
    "3-6, 6-0 right, 3-1 left, 1-6 l, 0-5 right,\n5-6 r, knock, 6-4 left, 1-4 left, k, "
    "0-1 left, knock, knock"
)


def build(table=MSO, **data):
    return rec.build(data, table)


def test_score_only_match_alternates_set_starters_from_side_a():
    b = build(outcome="played", s1_a="61", s1_b="48", s2_a="55", s2_b="61",
              s3_a="61", s3_b="60")
    assert b.errors == {}
    assert b.record == {
        "format": "fives-and-threes-match/1", "ruleset": "mso", "seats": 2,
        "match": {"target": 61, "sets_to_win": 2}, "players": list(PLAYERS),
        "first_set_starter": 0,
        "sets": [{"starter": 0, "score": [61, 48]}, {"starter": 1, "score": [55, 61]},
                 {"starter": 0, "score": [61, 60]}],
    }
    assert scoring.validate(b.record)["valid"]


def test_a_directors_first_set_starter_shifts_every_set_and_hand():
    table = rec.Table(ruleset="mso", names=PLAYERS, first_set_starter=1)
    b = build(table, s1_a="61", s1_b="48", s1_h1_a="61", s1_h1_b="48", s2_a="61", s2_b="3")
    assert b.record["first_set_starter"] == 1
    assert [s["starter"] for s in b.record["sets"]] == [1, 0]
    assert b.record["sets"][0]["hands"][0]["starter"] == 1


def test_hand_rows_alternate_starters_and_blank_point_is_zero():
    b = build(s1_a="61", s1_b="20", s2_a="61", s2_b="0",
              s1_h1_a="40", s1_h1_b="", s1_h2_a="21", s1_h2_b="20", s1_h3_a="", s1_h3_b="")
    hands = b.record["sets"][0]["hands"]
    assert hands == [{"points": [40, 0], "starter": 0}, {"points": [21, 20], "starter": 1}]
    assert scoring.validate(b.record)["valid"]
    # what the form shows beside each row: set 2 is started by B, so its first hand is too
    assert rec.shown_starters({}, MSO, 2, 3) == (1, [1, 0, 1])


def test_the_set_limit_comes_from_the_format():
    table = rec.Table(ruleset="bndcc", names=PLAYERS, target=121, sets_to_win=1)
    assert table.max_sets == 1
    b = build(table, s1_starter="0", s1_a="121", s1_b="40", s2_a="61", s2_b="0")
    assert len(b.record["sets"]) == 1  # set 2 is not a field of a one-set match
    assert b.record["match"] == {"target": 121, "sets_to_win": 1}
    assert scoring.validate(b.record)["valid"], scoring.validate(b.record)["errors"]
    b = build(table, s1_starter="0", s1_a="122", s1_b="40")
    assert b.errors == {"s1": ["Set 1, side A: a score cannot pass 121."]}
    b = build(MSO, s1_a="62", s1_b="40", s1_h1_a="70")
    assert b.errors == {"s1": ["Set 1, side A: a score cannot pass 61."],
                        "s1_h1": ["Set 1, hand 1, side A: a hand cannot score more than "
                                  "61."]}


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


def test_penalties_and_stands_in_the_text():
    table = rec.Table(ruleset="bndcc", names=PLAYERS)
    text = ('3-6, 6-0 right stands, penalty B wont_go 1-2 "laid 1-2 at a 4, sadly", '
            "penalty 0, penalty A false_knock; penalty b1 exposed")
    deal, plays, problems = rec.parse_hand_text(text, table)
    assert deal is None
    assert plays[:5] == [
        "3-6", "6-0 right stands",
        {"penalty": {"seat": 1, "rule": "wont_go", "tile": "1-2",
                     "reason": "laid 1-2 at a 4, sadly"}},
        {"penalty": {"seat": 0}}, {"penalty": {"seat": 0, "rule": "false_knock"}}]
    assert problems == ["play 6: 'b1' is not a seat; write one of A, B"]
    back = rec.hand_text({"plays": plays}, table)
    assert back == ('3-6, 6-0 right stands, penalty B wont_go 1-2 "laid 1-2 at a 4, sadly", '
                    "penalty A, penalty A false_knock")
    assert rec.parse_hand_text(back, table)[1] == plays
    _, _, problems = rec.parse_hand_text("penalty, penalty B sneezed", table)
    assert problems == [
        "play 1: a penalty names the seat that pays it, e.g. penalty B or penalty B1",
        "play 2: 'sneezed' in a penalty is neither a rule (wrong_count, out_of_turn, "
        "exposed, wont_go, false_knock, held_after_knock, pickup_exposed) nor a tile"]


def test_unreadable_turns_and_tiles_are_named():
    deal, plays, problems = rec.parse_hand_text("A: 0-1 9-9\n3-6, sideways, 6-0 up")
    assert problems[0] == "'9-9' in A's deal is not a tile; write tiles as 3-6"
    assert problems[1].startswith("play 2: 'sideways' is not a play")
    assert problems[2].startswith("play 3: '6-0 up' is not a play")
    b = build(s1_a="61", s1_b="0", s1_h1_play="3-6, sideways")
    assert b.errors["s1_h1_play"][0].startswith("Set 1, hand 1: play 2: 'sideways'")


def test_bad_numbers_gaps_and_missing_scores_are_form_errors():
    b = build(s1_a="sixty", s1_b="40")
    assert b.errors["s1"] == ["Set 1, side A: enter a whole number (digits 0-9)."]
    b = build(s1_a="61", s1_b="")
    assert b.errors["s1"] == ["Set 1: enter the score of both sides."]
    b = build(s1_a="61", s1_b="3", s3_a="61", s3_b="2")
    assert b.errors["s2"] == ["Set 2 is empty but set 3 is filled in: enter the sets in "
                              "the order they were played."]
    b = build(s1_a="61", s1_b="3", s1_h1_a="3", s1_h3_a="4")
    assert b.errors == {"s1_h2": ["Set 1, hand 2 is empty but hand 3 is filled in: leave "
                                  "no empty rows between hands."]}
    b = build(outcome="played")
    assert b.errors["s1"] == ["Enter the score of each set played."]
    b = build(outcome="resigned")
    assert "outcome" in b.errors and b.record is None
    # mso has no penalties: a hand's points are never negative there
    assert build(s1_a="61", s1_b="0", s1_h1_a="-8").errors == {
        "s1_h1": ["Set 1, hand 1, side A: a score cannot be negative."]}


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
    b = rec.build(data, MSO)
    assert len(b.record["sets"][0]["hands"]) == 16
    data["s1_h99_a"] = "1"  # beyond the limit of a set's hands: never read
    assert rec.row_count(data, 1) == rec.MAX_HANDS


def test_validator_paths_map_to_the_fields_they_concern():
    b = build(s1_a="61", s1_b="40", s1_h1_a="30", s1_h1_b="20", s1_h2_a="31", s1_h2_b="10")
    assert rec.field_for_path("/sets/0/score", b) == "s1"
    assert rec.field_for_path("/sets/2/starter", b) == "s3"
    assert rec.field_for_path("/sets/0/awarded_to", b) == "s1"
    assert rec.field_for_path("/sets/0/hands/1/points/0", b) == "s1_h2"
    assert rec.field_for_path("/sets/0/hands/1/void", b) == "s1_h2"
    assert rec.field_for_path("/sets/0/hands/1", b) == "s1_h2"
    assert rec.field_for_path("/sets/0/hands/0/plays/4", b) == "s1_h1_play"
    assert rec.field_for_path("/sets/0/hands/0/deal/1/3", b) == "s1_h1_play"
    assert rec.field_for_path("/sets", b) == "sets"
    assert rec.field_for_path("/ruleset", b) == rec.GENERAL
    assert rec.field_for_path("/first_set_starter", b) == rec.GENERAL
    assert rec.field_for_path("", b) == rec.GENERAL


def test_an_error_at_a_play_names_the_set_hand_and_play_once():
    b = build(s1_a="61", s1_b="40", s1_h1_a="61", s1_h1_b="40", s2_a="61", s2_b="3",
              s2_h1_a="3", s2_h2_a="3", s2_h3_a="3", s2_h4_play="3-6")
    errors = rec.map_errors([
        {"path": "/sets/1/hands/3/plays/5", "code": "illegal_knock",
         "message": "seat 1 (Bo Park) knocked holding 5-2, which fits the right end (5)"},
        {"path": "/sets/1/hands/3/points/0", "code": "over_target",
         "message": "set 2: side 0's running total passes 61 in hand 4 (64)"},
    ], b)
    # One slip, one error: the running total the slip throws off is not a second one.
    assert errors == {
        "s2_h4_play": ["Set 2, hand 4, play 6: Bo Park (B) knocked holding 5-2, which fits "
                       "the right end (5)"],
    }


def test_validator_errors_land_next_to_fields_in_the_forms_words():
    b = build(s1_a="61", s1_b="40", s1_h1_a="30", s1_h1_b="20", s1_h2_a="31", s1_h2_b="10",
              s2_a="61", s2_b="61")
    report = scoring.validate(b.record)
    errors = rec.map_errors(report["errors"], b)
    assert set(errors) == {"s1", "s2"}  # the set scores only: no hand row turns red
    assert any("hands add up to 61–30" in m and "61–40" in m for m in errors["s1"])
    assert any("61–61 is impossible" in m for m in errors["s2"])
    assert rec.in_form_words("seat 1 (Bo Park) laid 3-6; seat 0 knocked", MSO,
                             list(PLAYERS)) == "Bo Park (B) laid 3-6; seat A knocked"


def test_form_data_round_trips_a_stored_record():
    b = build(outcome="abandoned_1", s1_a="61", s1_b="40", s1_h1_a="61", s1_h1_b="40",
              s1_h2_play="3-6")
    data = rec.form_data("abandoned", 1, b.record, MSO)
    assert data["outcome"] == "abandoned_1"
    assert (data["s1_a"], data["s1_b"], data["s1_h1_a"], data["s1_h1_b"]) == (
        "61", "40", "61", "40")
    assert data["s1_h2_play"] == "3-6"
    assert rec.build(data, MSO).record == b.record
    assert rec.form_data("", None, None) == {"outcome": "played"}


def test_a_singles_form_does_not_offer_a_partner_exposure():
    # Rule 4's `exposed` is a domino shown to a partner: the engine refuses it in singles,
    # so a singles form does not offer it; a pairs form does.
    singles = [n for n, _ in rec.void_choices(rec.Table(ruleset="bndcc", names=PLAYERS))]
    assert "exposed" not in singles and "out_of_turn" in singles
    pairs = rec.Table(ruleset="bndcc", names=("A", "B", "C", "D"), seats=4)
    assert "exposed" in [n for n, _ in rec.void_choices(pairs)]


def test_turns_split_the_same_with_and_without_a_quoted_reason():
    """The quick split (no quote in the text) gives what the character loop gives: every
    comma, semicolon or new line separates turns, blanks dropped; inside quotes, none."""
    import random

    from tournament.entry.record.plays import _turns

    def by_characters(text):
        turns, current, quoted = [], "", False
        for ch in text:
            if ch == '"':
                quoted = not quoted
            if not quoted and ch in ",;\n":
                turns.append(current)
                current = ""
            else:
                current += ch
        return [t.strip() for t in turns + [current] if t.strip()]

    rng = random.Random(31)
    for _ in range(5000):
        text = "".join(rng.choice('3-6 left,;\n\r\t"k') for _ in range(rng.randint(0, 24)))
        assert _turns(text) == by_characters(text), repr(text)
    assert _turns("3-6, 6-0 r;\n knock,,") == ["3-6", "6-0 r", "knock"]
    assert _turns('penalty B "a, b; c", 1-2') == ['penalty B "a, b; c"', "1-2"]
