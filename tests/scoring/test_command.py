"""python manage.py validate_match FILE: report on stdout, exit 0 / 1 / 2."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from .records import example_match, score_match


def run(*args, stdin=None):
    out = io.StringIO()
    kwargs = {"stdout": out}
    if stdin is not None:
        kwargs["stdin"] = stdin
    try:
        call_command("validate_match", *args, **kwargs)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, json.loads(out.getvalue())


def write(tmp_path, content, name="match.json"):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def test_valid_record_exits_0(tmp_path):
    code, report = run(write(tmp_path, example_match()))
    assert code == 0
    assert report["valid"] is True
    assert report["depth"] == "plays"
    assert report["winner"] == 0


def test_rule_break_exits_1(tmp_path):
    rec = example_match()
    rec["sets"][0]["hands"][0]["points"] = [5, 8]
    code, report = run(write(tmp_path, rec))
    assert code == 1
    assert report["errors"][0]["code"] == "points_mismatch"
    assert report["errors"][0]["path"] == "/sets/0/hands/0/points"


def test_not_json_exits_2(tmp_path):
    code, report = run(write(tmp_path, "{not json"))
    assert code == 2
    assert report["errors"][0]["code"] == "bad_format"


def test_bad_format_with_other_errors_exits_2(tmp_path):
    rec = score_match([61, 61], [61, 0], first_set_starter="Ann")
    code, report = run(write(tmp_path, rec))
    assert code == 2
    assert {e["code"] for e in report["errors"]} == {"bad_format", "set_score_invalid"}


def test_missing_file_exits_2(tmp_path):
    code, report = run(str(tmp_path / "nope.json"))
    assert code == 2
    assert "cannot read" in report["errors"][0]["message"]


def test_directory_exits_2(tmp_path):
    code, _ = run(str(tmp_path))
    assert code == 2


def test_stdin(tmp_path):
    code, report = run("-", stdin=io.StringIO(json.dumps(example_match())))
    assert code == 0 and report["valid"]
    code, report = run("-", stdin=io.BytesIO(b"\xff\xfe"))
    assert code == 2


def test_output_is_one_json_object(tmp_path):
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("validate_match", write(tmp_path, score_match([61, 0])), stdout=out)
    text = out.getvalue().strip()
    assert "\n" not in text
    assert json.loads(text)["errors"][0]["code"] == "match_shape"


# ------------------------------------------------------------------ bndcc records


def _pairs_with_penalties():
    from scoring import simulate as sim

    for seed in range(100):
        rec = sim.play_match(seed, sim.BNDCC_PAIRS, penalty_rate=0.05,
                             penalty_kinds=sim.ALL_KINDS)  # fmt: skip
        if any("awarded_to" in s for s in rec["sets"]):
            return rec
    raise AssertionError("no awarded set in 100 matches")


def test_pairs_record_with_penalties_and_an_awarded_set_exits_0(tmp_path):
    rec = _pairs_with_penalties()
    code, report = run(write(tmp_path, rec))
    assert code == 0 and report["valid"] and report["depth"] == "plays"
    i = next(i for i, s in enumerate(rec["sets"]) if "awarded_to" in s)
    awarded = rec["sets"][i]
    assert report["sets"][i] == {
        "score": awarded["score"], "winner": awarded["awarded_to"], "awarded": True
    }


def test_awarded_to_the_offenders_exits_1(tmp_path):
    rec = _pairs_with_penalties()
    i = next(i for i, s in enumerate(rec["sets"]) if "awarded_to" in s)
    rec["sets"][i]["awarded_to"] = 1 - rec["sets"][i]["awarded_to"]
    code, report = run(write(tmp_path, rec))
    assert code == 1
    assert (f"/sets/{i}/awarded_to", "set_score_invalid") in [
        (e["path"], e["code"]) for e in report["errors"]
    ]


def test_match_format_121_and_refused_under_mso(tmp_path):
    rec = score_match([121, 3], [121, 0], ruleset="bndcc",
                      match={"target": 121, "sets_to_win": 2})  # fmt: skip
    code, report = run(write(tmp_path, rec))
    assert code == 0 and report["winner"] == 0
    rec["ruleset"] = "mso"
    code, report = run(write(tmp_path, rec))
    assert code == 2
    assert report["errors"][0]["path"] == "/match/target"
