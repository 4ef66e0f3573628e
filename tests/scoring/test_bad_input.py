"""Unreadable or hostile input: a clear error, never a crash or a hang."""

from __future__ import annotations

import json
import time

import pytest

from scoring import exit_code, validate, validate_json

from .records import codes, example_match, match, paths, score_match


@pytest.mark.parametrize(
    "text",
    ["", "{", "not json", "{'format': 1}", b"\xff\xfe\x00", "[" * 100_000, "1" * 5000,
     '{"a": 1} trailing'],
)  # fmt: skip
def test_non_json_is_bad_format(text):
    report = validate_json(text)
    assert report["valid"] is False
    assert codes(report) == ["bad_format"]
    assert report["errors"][0]["message"].startswith("not JSON")
    assert exit_code(report) == 2


def test_validate_json_accepts_str_and_bytes():
    text = json.dumps(example_match())
    assert validate_json(text)["valid"]
    assert validate_json(text.encode())["valid"]
    assert validate_json(("\ufeff" + text).encode())["valid"]
    assert validate_json(bytearray(text.encode()))["valid"]


def test_validate_json_rejects_non_text():
    assert codes(validate_json(42)) == ["bad_format"]  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 42, 3.5, "text", [], [1, 2], True, object()])
def test_non_object_record(value):
    report = validate(value)
    assert codes(report) == ["bad_format"]
    assert paths(report) == [""]
    assert report["sets"] == [] and report["winner"] is None


def test_missing_and_unknown_header_fields():
    report = validate({"sets": []})
    assert codes(report) == ["bad_format", "bad_format"]
    assert paths(report) == ["/format", "/ruleset"]
    report = validate({"format": "fives-and-threes-match/2", "ruleset": "lol", "sets": 5})
    assert paths(report) == ["/format", "/ruleset", "/sets"]
    assert set(codes(report)) == {"bad_format"}
    assert codes(validate(match([], ruleset=["mso"]))) == ["bad_format"]
    assert paths(validate({"format": "fives-and-threes-match/1", "ruleset": "mso"})) == ["/sets"]


@pytest.mark.parametrize(
    "score",
    [None, "61-40", [61], [61, 40, 0], [61.0, 40], [True, 40], [61, False], {"a": 1},
     [[61], 40], ["61", 40]],
)  # fmt: skip
def test_wrong_score_types(score):
    rec = score_match([61, 40], [61, 3])
    rec["sets"][0]["score"] = score
    report = validate(rec)
    assert "bad_format" in codes(report)
    assert "/sets/0/score" in paths(report, "bad_format")
    assert exit_code(report) == 2


def test_missing_score():
    rec = match([{"starter": 0}, {"score": [61, 0]}])
    assert paths(validate(rec), "bad_format") == ["/sets/0/score"]


@pytest.mark.parametrize("value", [True, 1.0, "0", -1, 2, 10**100, None])
def test_wrong_starter_values(value):
    rec = score_match([61, 40], [61, 3], first_set_starter=value)
    report = validate(rec)
    assert codes(report) == ["bad_format"]
    assert paths(report) == ["/first_set_starter"]


def test_wrong_structures_inside_sets():
    rec = match(
        [
            "set one",
            {"score": [61, 0], "hands": {"a": 1}},
            {"score": [61, 0], "hands": [None, {"points": [True, 3]}, {"plays": "3-6"}, {}]},
        ]
    )
    report = validate(rec)
    assert set(codes(report)) >= {"bad_format"}
    got = paths(report, "bad_format")
    for p in ["/sets/0", "/sets/1/hands", "/sets/2/hands/0", "/sets/2/hands/1/points",
              "/sets/2/hands/2/plays", "/sets/2/hands/3"]:  # fmt: skip
        assert p in got


def test_huge_numbers():
    report = validate(score_match([10**100, 61], [61, -(10**100)], [61, 0]))
    assert codes(report) == ["set_score_invalid", "set_score_invalid"]
    assert all(len(e["message"]) < 200 for e in report["errors"])
    assert report["sets"][0]["score"] is None  # not echoed back
    json.dumps(report)
    rec = match(
        [{"score": [61, 0], "hands": [{"points": [10**100, 0]}]}, {"score": [61, 0]}]
    )
    report = validate(rec)
    assert "over_target" in codes(report)
    json.dumps(report)


def test_huge_number_as_text_is_not_json():
    text = '{"format": "fives-and-threes-match/1", "ruleset": "mso", "sets": [{"score": [%s, 0]}]}'
    report = validate_json(text % ("9" * 10_000))
    assert codes(report) == ["bad_format"]


def test_nan_and_infinity():
    report = validate_json(
        '{"format": "fives-and-threes-match/1", "ruleset": "mso",'
        ' "sets": [{"score": [NaN, 61]}, {"score": [Infinity, 61]}]}'
    )
    assert codes(report) == ["bad_format", "bad_format"]


@pytest.mark.parametrize("tile", ["7-1", "a-b", "6-7", "-1-3", "3_6", "36", "", "3-6-1"])
def test_unknown_tiles_in_plays(tile):
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"][0] = tile
    report = validate(rec)
    assert set(codes(report)) <= {"bad_tile", "bad_format"}
    assert paths(report)[0] == "/sets/0/hands/0/plays/0"


@pytest.mark.parametrize("play", ["3-6 up", "3-6  left", "LEFT 3-6", 36, None, ["3-6"], "Knock"])
def test_unreadable_turns(play):
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"][1] = play
    report = validate(rec)
    assert "bad_format" in codes(report)
    assert "/sets/0/hands/0/plays/1" in paths(report, "bad_format")


def test_down_with_an_end_and_later_tile_without_one():
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"][0] = "3-6 left"
    assert paths(validate(rec)) == ["/sets/0/hands/0/plays/0"]
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"][1] = "6-0"
    assert "/sets/0/hands/0/plays/1" in paths(validate(rec), "bad_format")


def test_unknown_tile_in_deal():
    rec = example_match()
    rec["sets"][0]["hands"][0]["deal"][1][0] = "a-b"
    assert "bad_tile" in codes(validate(rec))
    rec["sets"][0]["hands"][0]["deal"][1][0] = 6
    assert "bad_format" in codes(validate(rec))
    rec["sets"][0]["hands"][0]["deal"] = "0-1 0-5"
    assert "bad_format" in codes(validate(rec))


def test_ten_thousand_plays_fast():
    tiles = [f"{a}-{b} {'left' if (a + b) % 2 else 'right'}" for a in range(7) for b in range(7)]
    many = ["3-6"] + [tiles[k % len(tiles)] for k in range(10_000)]
    for plays in (many, ["3-6"] + ["knock"] * 10_000, ["zz"] * 10_000, ["7-7 left"] * 10_000):
        rec = example_match()
        rec["sets"][0]["hands"][0]["plays"] = plays
        start = time.process_time()  # CPU time: the suite's workers share busy machines
        report = validate(rec)
        assert time.process_time() - start < 1.0
        assert not report["valid"]
        json.dumps(report)


def test_ten_thousand_hands_fast():
    rec = match([{"score": [61, 0], "hands": [{"points": [0, 0]}] * 10_000}, {"score": [61, 0]}])
    start = time.process_time()  # CPU time: the suite's workers share busy machines
    report = validate(rec)
    assert time.process_time() - start < 1.0
    assert codes(report) == ["hand_points_mismatch"]


def test_deeply_nested_value_in_a_record():
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"][2] = deep
    rec["sets"][1]["score"] = deep
    report = validate(rec)
    assert "bad_format" in codes(report)
    json.dumps(report)


def test_extra_keys_are_ignored():
    rec = example_match()
    rec["notes"] = "table 4"
    rec["sets"][0]["hands"][0]["comment"] = {"x": 1}
    assert validate(rec)["valid"]


def test_penalty_entry_is_not_mso():
    rec = example_match()
    rec["sets"][0]["hands"][0]["plays"].insert(3, {"penalty": {"seat": 0, "reason": "x"}})
    report = validate(rec)
    assert codes(report) == ["bad_format"]
    assert "not part of the mso ruleset" in report["errors"][0]["message"]


def test_players_must_match_seats():
    rec = example_match()
    rec["players"] = ["Ann Lee"]
    assert paths(validate(rec)) == ["/players"]
    rec["players"] = ["Ann Lee", 7]
    assert paths(validate(rec)) == ["/players"]
    rec["players"] = ["A", "B"]
    rec["seats"] = 4
    assert paths(validate(rec)) == ["/seats"]


def test_result_types():
    rec = score_match([61, 0], [61, 0], result={"winner": "Ann", "sets_won": [2]})
    report = validate(rec)
    assert paths(report) == ["/result/winner", "/result/sets_won"]
    assert set(codes(report)) == {"bad_format"}
    rec["result"] = [0]
    assert paths(validate(rec)) == ["/result"]
