"""Reading TRF(x) text into a :class:`TrfEvent`: :func:`parse_trf`, a dispatch table of
line handlers (one per line code) and the checks that need the whole file.

A trailing ``0000 - Z`` entry for the round being paired marks an absent player (the way
:func:`write_trf` writes one): it is removed and the player put in ``absent``, as are the
players of ``XXZ`` lines.

Malformed text
    :func:`parse_trf` raises :class:`TrfError` naming the line (1-based; 0 when the fault is
    not one line's), and nothing else, whatever the text: numbers must be ASCII digits of
    the field's width, control characters (NUL, tabs, form feeds, Unicode line separators)
    are refused, and an event holds at most 9999 players (4-digit numbers) and
    :data:`MAX_ROUNDS` rounds.  ``tests/pairing/test_trf_fuzz.py`` mutates the golden files
    to keep it so.

This module imports nothing from Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from tournament.pairing.trf.data import (
    PLAYER_COLUMNS,
    RESULT_STEP,
    RESULT_WIDTH,
    RESULTS_START,
    SEXES,
    TITLES,
    TrfError,
    TrfEvent,
    TrfPlayer,
    TrfResult,
)

# parse_trf reads the text line by line; each line code has its handler in _HANDLERS, and
# the checks that need the whole file run after the last line (_finish).  Whatever the
# text, the only exception is TrfError naming the line (0 when the fault is not one line's):
# numbers are read only when they are ASCII digits of a bounded length (str.isdigit is
# also true of '²', which int() refuses), control characters are refused, and the counts
# of players and rounds are bounded by the format (4-digit numbers, MAX_ROUNDS).

MAX_ROUNDS = 99  # TRF(x) round numbers have two digits (bbpPairings' limit too)

_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
# C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
_CONTROL_RE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_OTHER_CODE_RE = re.compile(r"[0-9]{3}|XX[A-Z]")

_BIRTH_DATE_RE = re.compile(r"[0-9]{4}(/[0-9]{2}/[0-9]{2})?")
_POINTS_RE = re.compile(r"[0-9]{1,3}\.[0-9]")


def _ascii_int(raw: str, max_digits: int) -> int | None:
    """``raw`` as an int if it is 1 to ``max_digits`` ASCII digits, else None."""
    if 0 < len(raw) <= max_digits and raw.isascii() and raw.isdigit():
        return int(raw)
    return None


def _field(line: str, name: str) -> str:
    start, end = PLAYER_COLUMNS[name]
    return line[start:end].strip()


def _int_field(line: str, name: str, line_number: int, required: bool = False) -> int | None:
    raw = _field(line, name)
    if not raw:
        if required:
            raise TrfError(line_number, f"001 line: missing {name.replace('_', ' ')}")
        return None
    start, end = PLAYER_COLUMNS[name]
    value = _ascii_int(raw, end - start)
    if value is None:
        raise TrfError(
            line_number,
            f"001 line: {name.replace('_', ' ')} {raw!r} in columns {start + 1}-{end} "
            "is not a number",
        )
    return value


def _parse_result(chunk: str, line_number: int, column: int, owner: int) -> TrfResult:
    chunk = chunk.ljust(RESULT_WIDTH)
    where = f"player {owner}, result at column {column}"
    if chunk[4] != " " or chunk[6] != " ":
        raise TrfError(line_number, f"{where}: malformed entry {chunk!r} (expected 'NNNN c r')")
    opp_raw = chunk[0:4].strip()
    opponent = _ascii_int(opp_raw, 4) if opp_raw else 0
    if opponent is None:
        raise TrfError(line_number, f"{where}: opponent {opp_raw!r} is not a number")
    colour = chunk[5] if chunk[5] != " " else "-"
    code = chunk[7]
    if code.isascii():
        code = code.upper()
    try:
        return TrfResult(opponent or None, colour, code)
    except ValueError as exc:
        raise TrfError(line_number, f"{where}: {exc} in {chunk!r}") from None


def _parse_results(line: str, line_number: int, number: int) -> tuple[TrfResult, ...]:
    """The round entries of a 001 line (columns 92 on, 8 characters, 2 blanks apart)."""
    tail = line[PLAYER_COLUMNS["rank"][1] :]
    if tail[:2].strip():
        raise TrfError(line_number, f"player {number}: columns 90-91 must be blank")
    body = line[RESULTS_START:].rstrip()
    if len(body) > MAX_ROUNDS * RESULT_STEP:
        raise TrfError(line_number, f"player {number}: more than {MAX_ROUNDS} round entries")
    results = []
    for i in range(0, len(body), RESULT_STEP):
        chunk = body[i : i + RESULT_STEP]
        column = RESULTS_START + i + 1
        if chunk[RESULT_WIDTH:].strip():
            raise TrfError(
                line_number,
                f"player {number}: unexpected text {chunk[RESULT_WIDTH:]!r} after the result "
                f"at column {column} (entries are 8 characters, 2 blanks apart)",
            )
        results.append(_parse_result(chunk[:RESULT_WIDTH], line_number, column, number))
    return tuple(results)


def _checked_field(line: str, line_number: int, number: int, name: str, valid, what: str):
    """A text field of a 001 line, None when blank; TrfError when ``valid`` refuses it."""
    value = _field(line, name) or None
    if value is not None and not valid(value):
        start, end = PLAYER_COLUMNS[name]
        where = f"column {end}" if end - start == 1 else f"columns {start + 1}-{end}"
        raise TrfError(line_number, f"player {number}: invalid {what} {value!r} in {where}")
    return value


def _parse_player(line: str, line_number: int) -> tuple[TrfPlayer, int]:
    """Return the player and the points (times ten) stated in its points column."""
    if len(line) < PLAYER_COLUMNS["rank"][1]:
        raise TrfError(
            line_number,
            f"001 line is {len(line)} characters long; it must reach the rank column (89)",
        )
    number = _int_field(line, "number", line_number, required=True)
    if not number:
        raise TrfError(line_number, "001 line: starting number 0")
    sex = _checked_field(line, line_number, number, "sex", lambda v: v.lower() in SEXES, "sex")
    title = _checked_field(
        line, line_number, number, "title", lambda v: v.lower() in TITLES, "title"
    )
    birth_date = _checked_field(
        line, line_number, number, "birth_date", _BIRTH_DATE_RE.fullmatch, "birth date"
    )
    points_raw = _field(line, "points")
    if not _POINTS_RE.fullmatch(points_raw):
        raise TrfError(
            line_number, f"player {number}: invalid points {points_raw!r} in columns 81-84"
        )
    rank = _int_field(line, "rank", line_number)
    results = _parse_results(line, line_number, number)
    player = TrfPlayer(
        number=number,
        name=_field(line, "name"),
        rating=_int_field(line, "rating", line_number),
        results=results,
        sex=sex,
        title=title,
        federation=_field(line, "federation") or None,
        fide_id=_int_field(line, "fide_id", line_number),
        birth_date=birth_date,
        rank=rank,
    )
    whole, tenth = points_raw.split(".")
    return player, int(whole) * 10 + int(tenth)


def _numbers(content: str, line_number: int, code: str) -> list[int]:
    numbers = [_ascii_int(part, 4) for part in content.split()]
    if None in numbers:
        raise TrfError(line_number, f"{code}: expected starting numbers, got {content.strip()!r}")
    return numbers


@dataclass(slots=True)
class _Parsing:
    """What :func:`parse_trf` has read so far."""

    name: str = ""
    players: dict[int, TrfPlayer] = field(default_factory=dict)  # in file order
    line_of: dict[int, int] = field(default_factory=dict)  # player -> his 001 line
    stated_points: dict[int, int] = field(default_factory=dict)  # points column, times ten
    rounds_planned: int | None = None
    first_colour: str | None = None
    forbidden: list[tuple[tuple[int, ...], int]] = field(default_factory=list)  # (ids, line)
    xxz: list[tuple[int, int]] = field(default_factory=list)  # (player, line)
    other: list[str] = field(default_factory=list)
    seen_once: dict[str, int] = field(default_factory=dict)  # code -> line


def _read_player(state: _Parsing, line: str, line_number: int) -> None:
    player, points = _parse_player(line, line_number)
    if player.number in state.line_of:
        raise TrfError(
            line_number,
            f"player {player.number} already defined on line {state.line_of[player.number]}",
        )
    state.line_of[player.number] = line_number
    state.stated_points[player.number] = points
    state.players[player.number] = player


def _read_name(state: _Parsing, line: str, line_number: int) -> None:
    state.name = line[4:].strip()


def _read_rounds(state: _Parsing, line: str, line_number: int) -> None:
    value = line[4:].strip()
    rounds = _ascii_int(value, 2)
    if not rounds:
        raise TrfError(
            line_number, f"XXR: number of rounds {value!r} is not a number from 1 to {MAX_ROUNDS}"
        )
    state.rounds_planned = rounds


def _read_colour(state: _Parsing, line: str, line_number: int) -> None:
    for word in line[4:].split():
        if word not in ("white1", "black1"):
            raise TrfError(
                line_number, f"XXC: unsupported configuration {word!r} (only white1/black1)"
            )
        state.first_colour = word


def _read_forbidden(state: _Parsing, line: str, line_number: int) -> None:
    ids = _numbers(line[4:], line_number, "XXP")
    if len(ids) < 2:
        raise TrfError(line_number, "XXP: a forbidden pair needs at least two numbers")
    state.forbidden.append((tuple(ids), line_number))


def _read_absent(state: _Parsing, line: str, line_number: int) -> None:
    state.xxz.extend((n, line_number) for n in _numbers(line[4:], line_number, "XXZ"))


def _refuse_point_system(state: _Parsing, line: str, line_number: int) -> None:
    raise TrfError(
        line_number,
        "XXS (custom point system) is not supported; scoring is win 1, draw 0.5, loss 0",
    )


# One handler per line code; other codes of TRF's form are kept verbatim (other_lines).
_HANDLERS = {
    "001": _read_player,
    "012": _read_name,
    "XXR": _read_rounds,
    "XXC": _read_colour,
    "XXP": _read_forbidden,
    "XXZ": _read_absent,
    "XXS": _refuse_point_system,
}
_ONCE = frozenset({"012", "XXR", "XXC"})


def _read_line(state: _Parsing, line: str, line_number: int) -> None:
    if not line.strip() or line.lstrip().startswith("#"):
        return
    control = _CONTROL_RE.search(line)
    if control:
        raise TrfError(
            line_number,
            f"control character U+{ord(control.group()):04X} in column {control.start() + 1}",
        )
    if line[:1].isspace():
        raise TrfError(line_number, "line starts with blanks; the code must be in columns 1-3")
    code = line[:3]
    if len(line) > 3 and line[3] != " ":
        raise TrfError(line_number, f"code {line[:4]!r} must be 3 characters then a blank")
    if code in _ONCE:
        if code in state.seen_once:
            raise TrfError(
                line_number, f"{code} given twice (first on line {state.seen_once[code]})"
            )
        state.seen_once[code] = line_number
    handler = _HANDLERS.get(code)
    if handler is not None:
        handler(state, line, line_number)
    elif _OTHER_CODE_RE.fullmatch(code):
        state.other.append(line.rstrip())
    else:
        raise TrfError(line_number, f"unknown line code {code!r}")


def _check_players(state: _Parsing) -> None:
    """Points columns against the results, opponents known, no more results than XXR."""
    for number, player in state.players.items():
        line_number = state.line_of[number]
        points = state.stated_points[number]
        if player.points_times_ten != points:
            raise TrfError(
                line_number,
                f"player {number}: points column says {points / 10:.1f} but the results "
                f"add up to {player.points_times_ten / 10:.1f}",
            )
        for i, r in enumerate(player.results):
            if r.opponent is not None and r.opponent not in state.players:
                raise TrfError(
                    line_number, f"player {number}: round {i + 1} opponent {r.opponent} unknown"
                )
        if state.rounds_planned is not None and len(player.results) > state.rounds_planned:
            raise TrfError(
                line_number,
                f"player {number} has {len(player.results)} results "
                f"but XXR is {state.rounds_planned}",
            )


def _check_named_players(state: _Parsing) -> None:
    """XXP and XXZ name players of the event."""
    for ids, line_number in state.forbidden:
        for n in ids:
            if n not in state.players:
                raise TrfError(line_number, f"XXP names unknown player {n}")
    for n, line_number in state.xxz:
        if n not in state.players:
            raise TrfError(line_number, f"XXZ names unknown player {n}")


def _unmark_absent(players: list[TrfPlayer], absent: set[int]) -> list[TrfPlayer]:
    """A trailing ``0000 - Z`` for the round being paired marks an absent player: the entry
    is removed and the player added to ``absent``."""
    done = min(len(p.results) for p in players)
    marked = TrfResult(None, "-", "Z")
    unmarked = []
    for p in players:
        if len(p.results) == done + 1 and p.results[-1] == marked:
            absent.add(p.number)
            p = replace(p, results=p.results[:-1])
        unmarked.append(p)
    return unmarked


def _finish(state: _Parsing) -> TrfEvent:
    if not state.players:
        raise TrfError(0, "no 001 player lines")
    _check_players(state)
    _check_named_players(state)
    absent = {n for n, _ in state.xxz}
    players = _unmark_absent(list(state.players.values()), absent)
    try:
        return TrfEvent(
            name=state.name,
            players=tuple(players),
            rounds_planned=state.rounds_planned,
            first_colour=state.first_colour,
            forbidden=tuple(ids for ids, _ in state.forbidden),
            absent=frozenset(absent),
            other_lines=tuple(state.other),
        )
    except ValueError as exc:  # every case is checked above; this is a safety net
        raise TrfError(0, str(exc)) from None


def parse_trf(text: str) -> TrfEvent:
    """Parse TRF(x) text; raise :class:`TrfError` (with the line number) if malformed.

    :class:`TrfError` is the only exception it raises, whatever the text.
    """
    state = _Parsing()
    for line_number, line in enumerate(_LINE_BREAK_RE.split(text), start=1):
        _read_line(state, line, line_number)
    return _finish(state)
