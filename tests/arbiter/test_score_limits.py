"""The limits of a typed score have one home (record/limits.py): the server's form takes
its fields' ranges and words from it, and the phone's check (record/check.py) the same."""

import pytest

from tournament.arbiter.forms import EntryForm
from tournament.entry import record as rec
from tournament.entry.record.form import Table

MSO = Table()
BNDCC = Table(ruleset="bndcc", target=121, sets_to_win=3)


@pytest.mark.parametrize("key,table,label,place,low,high", [
    ("s1_a", MSO, "Set 1, side A", "s1", 0, 61),
    ("s3_b", MSO, "Set 3, side B", "s3", 0, 61),
    ("s2_h4_a", MSO, "Set 2, hand 4, side A", "s2_h4", 0, 61),
    ("s1_a", BNDCC, "Set 1, side A", "s1", 0, 121),
    ("s5_h1_b", BNDCC, "Set 5, hand 1, side B", "s5_h1", -121, 121),
])
def test_a_score_box_limit(key, table, label, place, low, high):
    limit = rec.score_limit(key, table)
    assert (limit.label, limit.place, limit.low, limit.high) == (label, place, low, high)
    assert limit.refusal(str(high)) is None and limit.refusal(str(low)) is None
    assert limit.refusal("") is None and limit.refusal("  ") is None
    assert limit.refusal(str(high + 1)) == limit.messages["max_value"]
    assert limit.refusal(str(low - 1)) == limit.messages["min_value"]
    assert limit.refusal("6x") == limit.messages["invalid"]


def test_the_words():
    assert rec.score_limit("s1_a", MSO).messages == {
        "invalid": "Set 1, side A: enter a whole number (digits 0-9).",
        "min_value": "Set 1, side A: a score cannot be negative.",
        "max_value": "Set 1, side A: a score cannot pass 61."}
    assert rec.score_limit("s1_h2_b", BNDCC).messages["max_value"] == (
        "Set 1, hand 2, side B: a hand cannot score more than 121.")
    assert rec.score_limit("s1_h2_b", BNDCC).messages["min_value"] == (
        "Set 1, hand 2, side B: at least -121.")


def test_no_limit_for_other_keys_or_boxes_the_form_lacks():
    for key in ("s1_starter", "outcome", "s1_h1_play", "s4_a", "s0_a", "s1_h999_a"):
        assert rec.score_limit(key, MSO) is None, key


@pytest.mark.parametrize("table", [MSO, BNDCC])
def test_the_server_form_takes_its_ranges_and_words_from_the_limits(table):
    form = EntryForm(table)
    boxes = [name for name in form.fields if rec.score_limit(name, table)]
    assert boxes and all(rec.score_limit(n, table) for n in form.fields if n.endswith(("_a", "_b")))
    for name in boxes:
        field, limit = form.fields[name], rec.score_limit(name, table)
        assert (field.min_value, field.max_value, field.label) == (limit.low, limit.high,
                                                                    limit.label)
        for code, words in limit.messages.items():
            assert field.error_messages[code] == words
