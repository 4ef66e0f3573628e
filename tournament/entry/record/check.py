"""The entry form checked without Django, as the phone's rules engine runs it (MicroPython
in a Web Worker, `tournament/static/js/engine.mjs`): the posted fields go through the
same `build()` as on the server, the record through the same `entry.fit.check_record()`
(the board's fit, the limits, `scoring.validate()`, an abandoned match's rules), and the
errors through the same `map_errors()`, so the phone shows the server's own messages.

A score box out of its range or not a whole number is refused as the server's form
refuses it, in the same words (`limits.py`, where the form takes them from). What only the
server can judge is left to it ("checked": False): a forfeit (no record), the board's
version. No Django, no
database: this module ships to the phone as it is (tournament/offline/bundle.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..fit import Board, check_record
from .build import build
from .errors import map_errors
from .form import Table
from .limits import score_limit

# The fields the entry form types (form.py); anything else posted is not ours.
_FIELD = re.compile(r"^(outcome|seat[01]|s\d+_(a|b|starter|awarded)"
                    r"|s\d+_h\d+_(a|b|play|void|void_seat))$")
_ORDER = re.compile(r"^s(\d+)(?:_h(\d+))?_(.*)$")


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


def typed(fields: Mapping, table: Table) -> tuple[dict, dict[str, list[str]]]:
    """The form's fields as the server's form hands them to `build()`, and the score boxes
    it refuses, in its own words (`limits`), under the keys its template shows them at."""
    out: dict = {}
    refused: dict[str, list[str]] = {}
    for key in sorted((k for k in fields if _FIELD.match(k)), key=_form_order):
        value = "" if fields[key] is None else str(fields[key])
        limit = score_limit(key, table)
        if limit is not None and value.strip():
            refusal = limit.refusal(value)
            if refusal:
                refused.setdefault(limit.place, []).append(refusal)
                continue
            value = int(value.strip())
        out[key] = value
    return out, refused


def _form_order(key: str) -> tuple:
    """The order of the server's form fields (set by set, its score then its hands, A
    before B), in which its errors come under one key."""
    m = _ORDER.match(key)
    return (int(m.group(1)), int(m.group(2) or 0), m.group(3)) if m else (0, 0, key)


def check(fields: Mapping, table_data: Mapping) -> dict:
    """{"checked": bool, "valid": bool, "kind": "form" (the form's own problems, found
    before the validator), "rules" or "unreadable", "problems": {form key: [message]},
    "count": n}"""
    table = table_of(table_data)
    data, refused = typed(fields, table)
    if refused:  # as the server's form: a refused box, and nothing else is judged
        return {"checked": True, "valid": False, "kind": "form", "problems": refused,
                "count": sum(len(m) for m in refused.values())}
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
