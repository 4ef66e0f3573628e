"""The phone's form check (record/check.py, run in MicroPython) says what the server's form says:
the same verdict and the same messages at the same fields, for forms typed from legal and
broken records under both rulesets, in singles and pairs."""

import pytest

from tests.offline_records import records
from tournament.arbiter.forms import EntryForm
from tournament.entry import record as rec
from tournament.entry.fit import Board, check_record
from tournament.entry.record.check import check, table_json, table_of
from tournament.entry.record.form import Table


def server_problems(fields, table):
    """The server's path: Django's form, then the board's check (entry.fit, as
    actions.results.check_record builds the board from the event) mapped to fields."""
    form = EntryForm(table, {"version": "0", **fields})
    if not form.check():
        return False, form.problems
    board = Board.make(table.ruleset, table.seats, table.match_format, table.first_set_starter)
    report = check_record(board, form.built.record)
    if report["valid"]:
        return True, {}
    return False, rec.map_errors(report["errors"], form.built)


def table_for(record):
    seats = len(record["players"])
    return Table(ruleset=record["ruleset"], seats=seats, names=("Ann", "Bo"),
                 first_set_starter=record["first_set_starter"],
                 members=(("Ann Lee", "Cy Dee"), ("Bo Park", "Di Fox")) if seats == 4 else None)


def breaks(fields):
    """Typing slips the form meets: a drawn set, a hand's points, a stray play."""
    yield {**fields, "s1_a": "61", "s1_b": "61"}
    if fields.get("s1_h1_a", "") != "":
        yield {**fields, "s1_h1_a": str(int(fields["s1_h1_a"]) + 5)}
    if fields.get("s1_h1_play"):
        yield {**fields, "s1_h1_play": fields["s1_h1_play"] + ", 6-6 left"}
    yield {**fields, "s2_a": "", "s2_b": ""}


@pytest.mark.parametrize("label,record", records(per_ruleset=4))
def test_phone_and_server_agree(label, record):
    table = table_for(record)
    fields = rec.form_data("played", None, record, table)
    for typed in [fields, *breaks(fields)]:
        valid, problems = server_problems(typed, table)
        got = check(typed, table_json(table))
        assert got["checked"], label
        assert got["valid"] is valid, label
        assert got["problems"] == problems, label


SCORE_SLIPS = [
    ({"s1_a": "62", "s1_b": "40"}, Table()),
    ({"s1_a": "-1", "s1_b": "61"}, Table()),
    ({"s1_a": "61", "s1_b": "40", "s2_a": "40", "s2_b": "99"}, Table()),
    ({"s1_a": "six", "s1_b": "40"}, Table()),
    ({"s1_a": "٣", "s1_b": "1_0"}, Table()),
    ({"s1_a": "12.0", "s1_b": "1e3"}, Table()),
    ({"s1_a": "61", "s1_b": "40", "s1_h1_a": "62", "s1_h1_b": "-5"}, Table()),
    ({"s1_a": "122", "s1_b": "40"}, Table(ruleset="bndcc", target=121, sets_to_win=3)),
    ({"s1_a": "121", "s1_b": "40", "s1_h1_a": "-122", "s1_h1_b": "-121", "s1_starter": "0"},
     Table(ruleset="bndcc", target=121, sets_to_win=3)),
]


@pytest.mark.parametrize("fields,table", SCORE_SLIPS)
def test_score_limits_refused_on_the_phone_in_the_server_words(fields, table):
    """A score out of range or not a whole number: the phone refuses it (no longer
    "not checked", so no typo waits in the queue) with the server form's own words."""
    typed = {"outcome": "played", **fields}
    valid, problems = server_problems(typed, table)
    got = check(typed, table_json(table))
    assert valid is False and problems
    assert got == {"checked": True, "valid": False, "kind": "form", "problems": problems,
                   "count": sum(len(m) for m in problems.values())}


def test_the_phone_says_62_as_the_server_does():
    got = check({"outcome": "played", "s1_a": "62", "s1_b": "40"}, table_json(Table()))
    assert got["problems"] == {"s1": ["Set 1, side A: a score cannot pass 61."]}


def test_forfeits_are_left_to_the_server():
    got = check({"outcome": "forfeit_0"}, table_json(Table()))
    assert got["checked"] is False


def test_the_table_goes_to_the_phone_and_back_unchanged():
    table = Table(ruleset="bndcc", names=("A side", "B side"), seats=4, target=121,
                  sets_to_win=3, first_set_starter=0,
                  members=(("Ann", "Cy"), ("Bo", "Di")))
    assert table_of(table_json(table)) == table
