"""Validator for match records in the format ``fives-and-threes-match/1``.

``validate(record)`` takes any Python object (normally the result of ``json.loads``) and
returns a JSON-able report; it never raises.  ``validate_json(text)`` parses text first.
None of these modules imports Django.

The checks live one layer per module, each building on the one below:
match.py (record, sets, result) → hands.py (hand sheets) → plays.py (replay of a hand)
→ deals.py (tiles dealt) → report.py (error collector, shared helpers).
"""

from __future__ import annotations

import json
from typing import Any

from .match import FORMAT, MatchChecker
from .report import BAD_FORMAT, record_depth
from .rulesets import RULESETS

__all__ = ["BAD_FORMAT", "FORMAT", "exit_code", "replay", "validate", "validate_json"]


class _Validator(MatchChecker):
    """One validation; the property tests run it directly, without validate's safety net."""

    def run(self, record: Any) -> dict[str, Any]:
        depth = record_depth(record)
        sets_report: list[dict[str, Any]] = []
        winner = self.check_record(record, sets_report)
        return {
            "valid": not self.errors,
            "depth": depth,
            "errors": self.errors,
            "sets": sets_report,
            "winner": winner,
        }


def validate(record: Any) -> dict[str, Any]:
    """Check a match record (already parsed from JSON) and return the report."""
    try:
        return _Validator().run(record)
    except Exception as exc:  # pragma: no cover - a safety net; tests prove it unused
        return {
            "valid": False,
            "depth": "score",
            "errors": [
                {
                    "path": "",
                    "code": BAD_FORMAT,
                    "message": f"the record could not be read ({type(exc).__name__})",
                }
            ],
            "sets": [],
            "winner": None,
        }


def replay(
    plays: list[Any],
    *,
    ruleset: str = "mso",
    starter: int = 0,
    deal: Any = None,
    before: tuple[int, int] = (0, 0),
    seats: int = 2,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Replay one hand on its own: the points its plays score for each side, whether the
    set ended in it (a side reached the target, or it was awarded), whether those points
    are certain, the hand's ``void`` (``{"seat", "rule"}``, only when it is void), the
    side a held_after_knock awarded the set to (``awarded_to``, only then), and the
    errors found (paths relative
    to the hand).  ``match`` is the record's match format (default: the ruleset's).

    Handy for result-entry forms that want a hand's points from its plays.
    """
    v = _Validator()
    v.rules = RULESETS[ruleset]
    v.seats = seats
    v.read_format(match)
    held = None
    if deal is not None:
        held = v.read_deal(deal, "/deal", "the hand")
        v.raw_deal = deal
    if not isinstance(plays, list):
        v.err("/plays", BAD_FORMAT, "plays must be a list of turns")
        return {"points": [0, 0], "set_won": False, "certain": False, "errors": v.errors}
    st = v.play_hand(plays, "", "the hand", starter, held, list(before))
    out: dict[str, Any] = {"points": list(st.points()), "set_won": st.reached,
                           "certain": st.certain}  # fmt: skip
    if st.void is not None:
        out["void"] = {"seat": st.void[0], "rule": st.void[1]}
    if st.awarded is not None:
        out["awarded_to"] = st.awarded
    out["errors"] = v.errors
    return out


def validate_json(text: str | bytes | bytearray) -> dict[str, Any]:
    """Parse JSON text (str or UTF-8 bytes) and validate it."""
    try:
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8-sig")
        elif isinstance(text, str):
            text = text[1:] if text.startswith("\ufeff") else text
        else:
            raise TypeError(f"expected text, not {type(text).__name__}")
        record = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        detail = str(exc)
        if len(detail) > 120:
            detail = detail[:117] + "..."
        return {
            "valid": False,
            "depth": "score",
            "errors": [{"path": "", "code": BAD_FORMAT, "message": f"not JSON: {detail}"}],
            "sets": [],
            "winner": None,
        }
    return validate(record)


def exit_code(report: dict[str, Any]) -> int:
    """0 valid, 1 breaks a rule, 2 not a readable record of this format."""
    if any(e["code"] == BAD_FORMAT for e in report["errors"]):
        return 2
    return 0 if report["valid"] else 1
