"""The phone's form check (record/check.py, run in Pyodide) says what the server's form says:
the same verdict and the same messages at the same fields, for forms typed from legal and
broken records under both rulesets, in singles and pairs."""

import pytest

from tests.offline_records import records
from tournament.arbiter import record as rec
from tournament.arbiter.forms import EntryForm
from tournament.arbiter.record.check import check, table_json, table_of
from tournament.arbiter.record.form import Table
from tournament.record_fit import Board, check_record


def server_problems(fields, table):
    """The server's path: Django's form, then the board's check (record_fit, as
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


def test_numbers_only_the_server_words_are_left_to_it():
    table = Table()
    for value in ("six", "1e3", "99", "٣", "1_0", "12.0"):
        got = check({"outcome": "played", "s1_a": value, "s1_b": "40"}, table_json(table))
        assert got == {"checked": False, "valid": None, "problems": {}, "count": 0}


def test_forfeits_are_left_to_the_server():
    got = check({"outcome": "forfeit_0"}, table_json(Table()))
    assert got["checked"] is False


def test_the_table_goes_to_the_phone_and_back_unchanged():
    table = Table(ruleset="bndcc", names=("A side", "B side"), seats=4, target=121,
                  sets_to_win=3, first_set_starter=0,
                  members=(("Ann", "Cy"), ("Bo", "Di")))
    assert table_of(table_json(table)) == table
