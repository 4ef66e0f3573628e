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
