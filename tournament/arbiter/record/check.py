"""The entry form checked without Django, as the phone's rules engine runs it (Pyodide in
a Web Worker, `tournament/static/js/engine-worker.js`): the posted fields go through the
same `build()` as on the server, the record through the same `record_fit.check_record()`
(the board's fit, the limits, `scoring.validate()`, an abandoned match's rules), and the
errors through the same `map_errors()`, so the phone shows the server's own messages.

What only the server can judge is left to it ("checked": False): a number Django's form
would refuse (its own wording), a forfeit (no record), the board's version. No Django, no
database: this module ships to the phone as it is (tournament/offline/bundle.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ... import numbers
from ...record_fit import Board, check_record
from .build import build
from .errors import map_errors
from .form import Table

# The fields the entry form types (form.py); anything else posted is not ours.
_FIELD = re.compile(r"^(outcome|seat[01]|s\d+_(a|b|starter|awarded)"
                    r"|s\d+_h\d+_(a|b|play|void|void_seat))$")
_NUMBER = re.compile(r"^s\d+(_h\d+)?_[ab]$")


def table_of(data: Mapping) -> Table:
    """The board's Table from the JSON the page carries (`table_json()`)."""
    members = data.get("members")
    return Table(ruleset=str(data["ruleset"]), names=tuple(data["names"]),
                 seats=int(data["seats"]), target=int(data["target"]),
                 sets_to_win=int(data["sets_to_win"]),
                 first_set_starter=int(data["first_set_starter"]),
                 members=tuple(tuple(m) for m in members) if members else None)


def table_json(table: Table) -> dict:
    """The Table as plain JSON, for the page to hand to the phone's engine."""
    return {"ruleset": table.ruleset, "names": list(table.names), "seats": table.seats,
            "target": table.target, "sets_to_win": table.sets_to_win,
            "first_set_starter": table.first_set_starter,
            "members": [list(m) for m in table.members] if table.members else None}


def typed(fields: Mapping, table: Table) -> dict | None:
    """The form's fields as the server's form hands them to `build()`, or None where a
    number is one Django would refuse with its own words."""
    out = {}
    low_hand = -table.target if table.penalties else 0
    for key, value in fields.items():
        if not _FIELD.match(key):
            continue
        value = "" if value is None else str(value)
        if _NUMBER.match(key) and value.strip():
            if not numbers.is_whole(value.strip()):  # as the form's WholeNumberField reads
                return None
            number = int(value.strip())
            low = low_hand if "_h" in key else 0
            if not low <= number <= table.target:
                return None
            value = number
        out[key] = value
    return out


def check(fields: Mapping, table_data: Mapping) -> dict:
    """{"checked": bool, "valid": bool, "kind": "form" (the form's own problems, found
    before the validator), "rules" or "unreadable", "problems": {form key: [message]},
    "count": n}"""
    table = table_of(table_data)
    data = typed(fields, table)
    if data is None:
        return {"checked": False, "valid": None, "problems": {}, "count": 0}
    built = build(data, table)
    if built.errors:
        return {"checked": True, "valid": False, "kind": "form", "problems": built.errors,
                "count": sum(len(m) for m in built.errors.values())}
    if built.record is None:  # a forfeit, or an abandoned match without a set
        return {"checked": False, "valid": None, "problems": {}, "count": 0}
    board = Board(table.ruleset, table.seats, table.target, table.sets_to_win,
                  None if table.drawn else table.first_set_starter)
    report = check_record(board, built.record, conceded_side=(
        built.conceded_by if built.outcome == "abandoned" else None))
    if report["valid"]:
        return {"checked": True, "valid": True, "problems": {}, "count": 0}
    unreadable = any(e["code"] == "bad_format" for e in report["errors"])
    return {"checked": True, "valid": False, "kind": "unreadable" if unreadable else "rules",
            "problems": map_errors(report["errors"], built), "count": len(report["errors"])}
