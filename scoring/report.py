"""What every part of the validator shares: the error codes, the error collector, and
safe renderings of whatever a record holds, so any message can quote any value.
"""

from __future__ import annotations

import json
import math
from typing import Any

from .rulesets import Ruleset

# Error codes (stable; see docs/scoring.md).
BAD_FORMAT = "bad_format"
BAD_TILE = "bad_tile"
SET_SCORE_INVALID = "set_score_invalid"
MATCH_SHAPE = "match_shape"
RESULT_MISMATCH = "result_mismatch"
STARTER_WRONG = "starter_wrong"
HAND_POINTS_MISMATCH = "hand_points_mismatch"
OVER_TARGET = "over_target"
PLAY_AFTER_SET_END = "play_after_set_end"
HAND_INCOMPLETE = "hand_incomplete"
DEAL_INVALID = "deal_invalid"
TILE_NOT_IN_HAND = "tile_not_in_hand"
TILE_DOES_NOT_MATCH = "tile_does_not_match"
ILLEGAL_KNOCK = "illegal_knock"
PLAY_AFTER_HAND_END = "play_after_hand_end"
POINTS_MISMATCH = "points_mismatch"
# Added by the project for the bndcc rulings (docs/ruleset-bndcc.md): a penalty the
# rulebook does not give where the record puts it.
PENALTY_NOT_APPLICABLE = "penalty_not_applicable"

# A key that is absent is a different fault from one that is null.
MISSING = object()
# The report echoes a declared score only when it is of a sensible size.
REPORT_INT_LIMIT = 10**9


def is_int(v: Any) -> bool:
    # `type(v) is int` first: a plain int, the common case, answered in one step (on the
    # phone's MicroPython each isinstance is a call; docs/offline.md).
    return type(v) is int or (isinstance(v, int) and not isinstance(v, bool))


def pair_of(value: Any) -> tuple[int, int] | None:
    """A pair of whole numbers ``[a, b]`` as a tuple (what ``read_pair`` accepts), else None."""
    if type(value) is list or isinstance(value, list):
        if len(value) == 2:
            a, b = value
            if (type(a) is int or is_int(a)) and (type(b) is int or is_int(b)):
                return (a, b)
    return None


def show(v: Any) -> str:
    """A short, safe rendering of any value for a message (never huge, never raises)."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        if -(10**12) < v < 10**12:
            return str(v)
        return "a number far too large" if v > 0 else "a number far too small"
    if isinstance(v, float):
        if math.isfinite(v) and abs(v) < 1e12:
            return repr(v)
        return "a non-finite or enormous number"
    if isinstance(v, str):
        text = v if len(v) <= 40 else v[:37] + "..."
        return json.dumps(text)
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return f"a value of type {type(v).__name__}"


# CPython's repr of a str keeps printable letters beyond ASCII ('é'); the phone's MicroPython
# writes '\xe9'. A message quoting a typed word uses quoted(), which is repr on the server
# and CPython's rule on the phone (docs/offline.md).
_REPR_KEEPS_UNICODE = repr("\u00e9") == "'\u00e9'"
_UNPRINTABLE = ("\x7f\xa0\xad\u1680\u2028\u2029\u202f\u205f\u3000\ufeff"
                + "".join(chr(c) for c in range(0x80, 0xA0))
                + "".join(chr(c) for c in range(0x2000, 0x2010))
                + "".join(chr(c) for c in range(0x202A, 0x202F))
                + "".join(chr(c) for c in range(0x2060, 0x2065)))


def quoted(v: Any) -> str:
    """repr(v) as CPython writes it (for a str: quotes, escapes and all)."""
    if _REPR_KEEPS_UNICODE or not isinstance(v, str):
        return repr(v)
    quote = '"' if "'" in v and '"' not in v else "'"
    out = []
    for c in v:
        if c == quote or c == "\\":
            out.append("\\" + c)
        elif c in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[c])
        elif c < " " or c in _UNPRINTABLE:
            n = ord(c)
            out.append(("\\x%02x" if n < 0x100 else "\\u%04x") % n)
        else:
            out.append(c)
    return quote + "".join(out) + quote


def show_pair(p: tuple[int, int] | list[int]) -> str:
    return f"{show(p[0])}–{show(p[1])}"


def record_depth(record: Any) -> str:
    """How deep the record goes: "score", "hands" or "plays"."""
    depth = "score"
    try:
        sets = record.get("sets") if isinstance(record, dict) else None
        if not isinstance(sets, list):
            return depth
        for s in sets:
            if isinstance(s, dict) and "hands" in s:
                depth = "hands"
                hands = s["hands"]
                if isinstance(hands, list):
                    for h in hands:
                        if isinstance(h, dict) and "plays" in h:
                            return "plays"
    except Exception:  # pragma: no cover - defensive
        pass
    return depth


class Collector:
    """Collects errors instead of raising them, so one reading reports every fault.

    Also holds what the record has said so far about its shape (ruleset, seats, players),
    which every later check and message depends on.
    """

    def __init__(self) -> None:
        self.errors: list[dict[str, str]] = []
        self.rules: Ruleset | None = None
        self.seats = 2
        self.players: list[str] | None = None
        self.raw_deal: Any = None  # the hand's deal as written, for messages
        # The match format in force (the record's `match`, else the ruleset's default).
        self.target = 61
        self.sets_to_win = 2
        self.max_sets = 3

    def err(self, path: str, code: str, message: str) -> dict[str, str]:
        e = {"path": path, "code": code, "message": message}
        self.errors.append(e)
        return e

    def drop(self, errors: list[dict[str, str]]) -> None:
        """Withdraw errors reported earlier (a later entry showed them to be no fault)."""
        gone = {id(e) for e in errors}
        self.errors[:] = [e for e in self.errors if id(e) not in gone]

    def seat_name(self, seat: int) -> str:
        if self.players is not None:
            return f"seat {seat} ({self.players[seat]})"
        return f"seat {seat}"

    def side_name(self, side: int) -> str:
        if self.seats == 2:
            return self.seat_name(side)
        return f"side {side} (seats {side} and {side + 2})"

    def is_seat(self, value: Any) -> bool:
        """A seat number of this match (what ``read_seat`` accepts)."""
        return (type(value) is int or is_int(value)) and 0 <= value < self.seats

    def read_seat(self, value: Any, path: str, what: str) -> int | None:
        if self.is_seat(value):
            return value
        self.err(
            path,
            BAD_FORMAT,
            f"{what} must be a seat number 0 to {self.seats - 1}, not {show(value)}",
        )
        return None

    def read_pair(self, value: Any, path: str, what: str) -> tuple[int, int] | None:
        pair = pair_of(value)
        if pair is not None:
            return pair
        self.err(
            path,
            BAD_FORMAT,
            f"{what} must be a pair of whole numbers [side 0, side 1], not {show(value)}"
            if self.seats > 2
            else f"{what} must be a pair of whole numbers [seat 0, seat 1], not {show(value)}",
        )
        return None
