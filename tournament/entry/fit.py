"""Does a match record fit its board: the one check that result entry (on the site and
by API) and the archive import share.

A board asks for the event's ruleset, its number of seats and its match format, and,
where sets alternate, the seat that starts set 1 (the pairing's side 0 unless a director
chose another, `starters.first_set_starter`). On top of that the record must pass
`scoring.validate`; an abandoned match's sets need not finish the match, but must not
already decide it.
"""

import json
from dataclasses import dataclass

import scoring
from scoring.formats import MatchFormat, MatchFormatError, match_format
from scoring.report import quoted
from scoring.starters import sets_alternate

from .starters import first_set_starter

# Limits on one record (shared/spec: refused naming the path, before the validator runs).
MAX_RECORD_BYTES = 100_000
MAX_HANDS = 60  # a set never needs this many hands; the arbiter's form shows as many rows
MAX_PLAYS = 200


@dataclass(frozen=True)
class Board:
    """What a record must fit. `first_set_starter` is None where a draw at the table
    decides who starts each set (or the ruleset is unknown)."""

    ruleset: str
    seats: int
    target: int
    sets_to_win: int
    first_set_starter: int | None = None

    @classmethod
    def of(cls, tournament, match=None) -> "Board":
        """The board `match` of `tournament` (None: a board where side 0 starts set 1), in
        its own format (`Match.match_format`)."""
        fmt = match.match_format if match is not None else tournament.match_format
        seats = match.seats_in(tournament) if match is not None else tournament.seats
        return cls.make(tournament.ruleset, seats, fmt,
                        first_set_starter(match) if match is not None else 0)

    @classmethod
    def make(cls, ruleset, seats, match=None, first=0) -> "Board":
        """A board of `ruleset` with `seats` seats, the match format `match` (None: the
        ruleset's), set 1 started by seat `first` where sets alternate."""
        known = ruleset in scoring.RULESETS
        fmt = match_format(ruleset, match) if known else None
        return cls(ruleset, seats,
                   fmt.target if fmt else (match or {}).get("target"),
                   fmt.sets_to_win if fmt else (match or {}).get("sets_to_win"),
                   first if known and sets_alternate(ruleset) else None)

    @property
    def match(self) -> dict:
        return {"target": self.target, "sets_to_win": self.sets_to_win}

    @property
    def max_sets(self) -> int:
        return MatchFormat(self.target, self.sets_to_win).max_sets


def _err(path, code, message):
    return {"path": path, "code": code, "message": message}


def limits(record) -> list[dict]:
    """Size limits, checked before the validator spends time on a record."""
    try:
        size = len(json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError, RecursionError):
        return []  # the validator says what is wrong with it
    if size > MAX_RECORD_BYTES:
        return [_err("", "bad_format", f"the record is {size:,} bytes; at most "
                                       f"{MAX_RECORD_BYTES:,} (100 KB) are accepted")]
    errors = []
    sets = record.get("sets")
    for i, one in enumerate(sets if isinstance(sets, list) else []):
        hands = one.get("hands") if isinstance(one, dict) else None
        if isinstance(hands, list) and len(hands) > MAX_HANDS:
            errors.append(_err(f"/sets/{i}/hands", "bad_format",
                               f"set {i + 1} has {len(hands)} hands; at most {MAX_HANDS}"))
            continue
        for j, hand in enumerate(hands if isinstance(hands, list) else []):
            plays = hand.get("plays") if isinstance(hand, dict) else None
            if isinstance(plays, list) and len(plays) > MAX_PLAYS:
                errors.append(_err(f"/sets/{i}/hands/{j}/plays", "bad_format",
                                   f"set {i + 1}, hand {j + 1} has {len(plays)} plays; at "
                                   f"most {MAX_PLAYS}"))
    return errors


def _same_format(board, asked) -> bool:
    """`asked` is the board's format, keys left out taking the ruleset's defaults (as the
    validator reads them); a key it does not know is not the same format."""
    if not isinstance(asked, dict) or not set(asked) <= {"target", "sets_to_win"}:
        return False
    try:
        return match_format(board.ruleset, asked) == match_format(board.ruleset, board.match)
    except (MatchFormatError, KeyError):
        return False


def _fit(board, record) -> tuple[dict, list[dict]]:
    """The record completed with what the board knows, and what does not fit the board."""
    errors = []
    record = dict(record)
    if record.get("ruleset") != board.ruleset:
        errors.append(_err("/ruleset", "bad_format",
                           f"this event plays the {quoted(board.ruleset)} rules, not "
                           f"{quoted(record.get('ruleset'))}"))
    if "match" not in record or (board.ruleset in scoring.RULESETS
                                 and _same_format(board, record["match"])):
        record["match"] = board.match  # the record always carries its format, in full
    elif record["match"] != board.match:
        # (no slice inside the f-string: the phone's MicroPython reads its ":" as a format)
        shown = json.dumps(record["match"])[:80]
        errors.append(_err("/match", "bad_format",
                           f"this event plays sets to {board.target} and matches won by "
                           f"{board.sets_to_win} sets; the record's match is {shown}"))
    players = record.get("players")
    seats = record.get("seats", len(players) if isinstance(players, list) else 2)
    if seats != board.seats:
        kind = ("a pairs event: a record has 4 seats (A1, B1, A2, B2)" if board.seats == 4
                else "a singles event: a record has 2 seats")
        errors.append(_err("/seats" if "seats" in record else "/players", "bad_format",
                           f"this is {kind}, not {quoted(seats)}"))
    else:
        record["seats"] = seats
    sets = record.get("sets")
    if isinstance(sets, list) and len(sets) > board.max_sets:
        errors.append(_err("/sets", "match_shape",
                           f"{len(sets)} sets; a match won by {board.sets_to_win} sets has "
                           f"at most {board.max_sets}"))
    expected = board.first_set_starter
    if expected is not None:
        # Where sets alternate, the pairing (or a director) decides who starts set 1.
        record.setdefault("first_set_starter", expected)
        if record["first_set_starter"] != expected:
            errors.append(_err("/first_set_starter", "starter_wrong",
                               f"seat {expected} starts set 1 on this board"))
    return record, errors


def _abandoned(report, record, conceded_side, sets_to_win) -> list[dict]:
    """An abandoned match: its sets so far decide nothing yet, and any declared result
    names the other side."""
    wins = [0, 0]
    for one in report.get("sets") or []:
        if isinstance(one, dict) and one.get("winner") in (0, 1):
            wins[one["winner"]] += 1
    errors = []
    letter = "AB"[conceded_side]
    if wins[conceded_side] >= sets_to_win:
        errors.append(_err("/sets", "match_shape",
                           f"side {letter} had already won {wins[conceded_side]} sets, the "
                           f"match, before abandoning: enter the match as played"))
    elif wins[1 - conceded_side] >= sets_to_win:
        errors.append(_err("/sets", "match_shape",
                           f"the sets already decide the match for side {'AB'[1 - conceded_side]}"
                           f": enter it as played, not abandoned"))
    result = record.get("result")
    if isinstance(result, dict):
        if result.get("winner") != 1 - conceded_side:
            errors.append(_err("/result/winner", "result_mismatch",
                               f"side {letter} abandoned: the winner is side "
                               f"{'AB'[1 - conceded_side]} ({1 - conceded_side})"))
        if "sets_won" in result and result["sets_won"] != wins:
            errors.append(_err("/result/sets_won", "result_mismatch",
                               f"the sets played give {wins}, not {result['sets_won']}"))
    return errors


def check_record(board: Board, record, *, conceded_side=None) -> dict:
    """The validator's report on `record` as a record of `board` (seat 0 = side 0), with
    every problem in its "errors" (none: it fits), those of them that are the board's
    (not the rules') under "misfit", and the record as it would be stored (completed with
    the board's format, seats and first-set starter) under "record".

    `conceded_side` is given for an abandoned match (its sets so far, no winner needed).
    """
    if not isinstance(record, dict):
        return {"valid": False, "depth": None, "sets": [], "winner": None, "record": record,
                "misfit": [],
                "errors": [_err("/record", "bad_format", "a match record is a JSON object")]}
    errors = limits(record)
    if errors:
        return {"valid": False, "depth": None, "sets": [], "winner": None, "record": record,
                "misfit": [], "errors": errors}
    record, fit = _fit(board, record)
    report = scoring.validate(record)
    errors = list(report["errors"])
    if not any(e["code"] == "bad_format" for e in errors) and conceded_side is not None:
        # Too few sets is what an abandoned match has; the rest is checked here.
        errors = [e for e in errors if e["code"] not in {"match_shape", "result_mismatch"}]
        errors += _abandoned(report, record, conceded_side, board.sets_to_win)
    seen = {(e["path"], e["code"]) for e in errors}
    errors += [e for e in fit if (e["path"], e["code"]) not in seen]
    out = dict(report)  # not {**report, ...}: the phone's MicroPython has no such display
    out.update(valid=not errors, errors=errors, record=record, misfit=fit)
    return out
