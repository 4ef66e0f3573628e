"""TRF(x) events as plain, immutable data, with a parser and a writer.

Only the parts of the FIDE Tournament Report File (TRF-16) and of the JaVaFo TRF(x)
extensions that matter for Swiss pairing are modelled:

* ``012`` tournament name;
* ``001`` player lines (fixed columns, see :data:`PLAYER_COLUMNS`);
* ``XXR`` number of rounds planned, ``XXC`` first-round colour (``white1``/``black1``),
  ``XXP`` forbidden pairs, ``XXZ`` players not to be paired in the next round.

Every other line (other ``0x2`` header lines, ``013`` team lines, ``XXA`` accelerations ...)
is kept verbatim in :attr:`TrfEvent.other_lines` and written back unchanged.  ``XXS``
(custom point systems) is rejected: scoring is fixed at win 1, draw 0.5, loss 0.

Absent players
    :attr:`TrfEvent.absent` holds the starting numbers that must not be paired in the next
    round.  :func:`write_trf` expresses them the JaVaFo/bbpPairings way, which py4swiss also
    follows: the player gets a ``0000 - Z`` (zero-point bye) entry in the column of the round
    being paired, so his results are one round longer than everybody else's.  :func:`parse_trf`
    reverses this: such a trailing ``0000 - Z`` entry is removed and the player put in
    ``absent``.  (``XXZ`` lines are also read into ``absent``.)  Any other pre-entered entry for
    the round being paired (for instance ``0000 - H``, a requested half-point bye) is kept in the
    results; the engine does not pair such a player either.

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

__all__ = [
    "BYE_CODES",
    "FORFEIT_CODES",
    "MAX_ROUNDS",
    "PLAYED_CODES",
    "POINTS_TIMES_TEN",
    "TrfError",
    "TrfEvent",
    "TrfPlayer",
    "TrfResult",
    "completed_rounds",
    "next_round_number",
    "parse_trf",
    "result_points",
    "write_trf",
]

# Points (times ten) of each result code, as FIDE TRF / JaVaFo default scoring.
POINTS_TIMES_TEN: dict[str, int] = {
    "1": 10,
    "=": 5,
    "0": 0,
    "+": 10,
    "-": 0,
    "W": 10,
    "D": 5,
    "L": 0,
    "H": 5,
    "F": 10,
    "U": 10,
    "Z": 0,
    " ": 0,
}
PLAYED_CODES = frozenset("1=0WDL")
FORFEIT_CODES = frozenset("+-")
BYE_CODES = frozenset("HFUZ ")
COLOURS = frozenset("wb-")
SEXES = frozenset({"m", "w"})
TITLES = frozenset({"gm", "im", "wgm", "fm", "wim", "cm", "wfm", "wcm"})

# 0-based [start, end) columns of the fixed-width fields of a 001 line.
PLAYER_COLUMNS: dict[str, tuple[int, int]] = {
    "code": (0, 3),
    "number": (4, 8),
    "sex": (9, 10),
    "title": (10, 13),
    "name": (14, 47),
    "rating": (48, 52),
    "federation": (53, 56),
    "fide_id": (57, 68),
    "birth_date": (69, 79),
    "points": (80, 84),
    "rank": (85, 89),
}
RESULTS_START = 91  # first result entry starts at column 92 (1-based)
RESULT_WIDTH = 8  # "OOOO c r"
RESULT_STEP = 10  # entries are separated by two blanks

_BIRTH_DATE_RE = re.compile(r"[0-9]{4}(/[0-9]{2}/[0-9]{2})?")
_POINTS_RE = re.compile(r"[0-9]{1,3}\.[0-9]")


class TrfError(ValueError):
    """A malformed TRF; ``line_number`` is 1-based (0 when not tied to a line)."""

    def __init__(self, line_number: int, message: str) -> None:
        self.line_number = line_number
        self.message = message
        super().__init__(f"line {line_number}: {message}" if line_number else message)


@dataclass(frozen=True, slots=True)
class TrfResult:
    """One round entry of a player.

    ``opponent`` is the opponent's starting number (None for ``0000``/blank), ``colour`` is
    ``"w"``, ``"b"`` or ``"-"`` and ``code`` one of ``1 0 = + - W D L H F U Z`` or ``" "``
    (blank, which FIDE defines as equivalent to ``Z``).  Forfeits are ``+``/``-`` against the
    scheduled opponent with the scheduled colour (``"  12 w +"`` / ``"  13 b -"``).
    """

    opponent: int | None
    colour: str
    code: str

    def __post_init__(self) -> None:
        if self.code not in POINTS_TIMES_TEN:
            raise ValueError(f"invalid result code {self.code!r}")
        if self.colour not in COLOURS:
            raise ValueError(f"invalid colour {self.colour!r} (expected 'w', 'b' or '-')")
        if self.opponent is not None and not 1 <= self.opponent <= 9999:
            raise ValueError(f"invalid opponent number {self.opponent!r}")
        if self.code in PLAYED_CODES and (self.opponent is None or self.colour == "-"):
            raise ValueError(f"result {self.code!r} needs an opponent and a colour")
        if self.code in BYE_CODES and (self.opponent is not None or self.colour != "-"):
            raise ValueError(f"bye {self.code!r} must have no opponent (0000) and colour '-'")

    @property
    def points_times_ten(self) -> int:
        return POINTS_TIMES_TEN[self.code]

    @property
    def played(self) -> bool:
        """A game actually played over the board (forfeits and byes are not)."""
        return self.code in PLAYED_CODES

    def to_trf(self) -> str:
        """The 8-character TRF entry, e.g. ``"  12 w 1"`` or ``"0000 - U"``."""
        if self.code == " " and self.opponent is None:
            return " " * RESULT_WIDTH
        opp = "0000" if self.opponent is None else str(self.opponent).rjust(4)
        return f"{opp} {self.colour} {self.code}"


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """A 001 line.  ``rank`` None means "compute it when writing" (by points, then number)."""

    number: int
    name: str
    rating: int | None
    results: tuple[TrfResult, ...] = ()
    sex: str | None = None
    title: str | None = None
    federation: str | None = None
    fide_id: int | None = None
    birth_date: str | None = None
    rank: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.number <= 9999:
            raise ValueError(f"player number {self.number} out of range 1..9999")
        if self.rating is not None and not 0 <= self.rating <= 9999:
            raise ValueError(f"rating {self.rating} of player {self.number} out of range")
        if not isinstance(self.results, tuple):
            object.__setattr__(self, "results", tuple(self.results))

    @property
    def points_times_ten(self) -> int:
        return sum(r.points_times_ten for r in self.results)

    @property
    def points(self) -> float:
        return self.points_times_ten / 10


@dataclass(frozen=True, slots=True)
class TrfEvent:
    """A tournament as far as pairing is concerned.

    ``first_colour`` is ``"white1"``/``"black1"`` (XXC; None = not stated = white1),
    ``forbidden`` the XXP lines (each a tuple of starting numbers none of whom may meet),
    ``absent`` the starting numbers not to pair in the next round, ``other_lines`` every
    other line kept verbatim.
    """

    name: str
    players: tuple[TrfPlayer, ...]
    rounds_planned: int | None = None
    first_colour: str | None = None
    forbidden: tuple[tuple[int, ...], ...] = ()
    absent: frozenset[int] = field(default_factory=frozenset)
    other_lines: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple):
            object.__setattr__(self, "players", tuple(self.players))
        if not isinstance(self.absent, frozenset):
            object.__setattr__(self, "absent", frozenset(self.absent))
        if not isinstance(self.forbidden, tuple):
            object.__setattr__(self, "forbidden", tuple(tuple(f) for f in self.forbidden))
        if self.first_colour not in (None, "white1", "black1"):
            raise ValueError(
                f"first_colour must be 'white1' or 'black1', not {self.first_colour!r}"
            )
        numbers = [p.number for p in self.players]
        if len(set(numbers)) != len(numbers):
            raise ValueError("duplicate player numbers")
        unknown = self.absent - set(numbers)
        if unknown:
            raise ValueError(f"absent players {sorted(unknown)} are not in the event")

    def player(self, number: int) -> TrfPlayer:
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)


def result_points(code: str) -> float:
    """Points scored for a result code (win 1, draw 0.5, loss 0; + F U 1; H 0.5; - Z 0)."""
    return POINTS_TIMES_TEN[code] / 10


def completed_rounds(event: TrfEvent) -> int:
    """Number of rounds every player has an entry for (the engine pairs the round after)."""
    return min((len(p.results) for p in event.players), default=0)


def next_round_number(event: TrfEvent) -> int:
    return completed_rounds(event) + 1


# --------------------------------------------------------------------------- parsing
#
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


# --------------------------------------------------------------------------- writing


def _points_str(points_times_ten: int) -> str:
    whole, tenth = divmod(points_times_ten, 10)
    return f"{whole}.{tenth}"


def _ranks(players: tuple[TrfPlayer, ...]) -> dict[int, int]:
    order = sorted(players, key=lambda p: (-p.points_times_ten, p.number))
    return {p.number: i for i, p in enumerate(order, start=1)}


def _player_line(player: TrfPlayer, rank: int, results: tuple[TrfResult, ...]) -> str:
    points = sum(r.points_times_ten for r in results)
    head = (
        "001"
        + " "
        + str(player.number).rjust(4)
        + " "
        + (player.sex or " ")[:1]
        + (player.title or "").rjust(3)[:3]
        + " "
        + player.name[:33].ljust(33)
        + " "
        + ("" if player.rating is None else str(player.rating)).rjust(4)
        + " "
        + (player.federation or "")[:3].ljust(3)
        + " "
        + ("" if player.fide_id is None else str(player.fide_id)).rjust(11)[:11]
        + " "
        + (player.birth_date or "")[:10].ljust(10)
        + " "
        + _points_str(points).rjust(4)
        + " "
        + str(rank).rjust(4)
    )
    assert len(head) == PLAYER_COLUMNS["rank"][1], head
    body = "".join("  " + r.to_trf() for r in results)
    return (head + body).rstrip() if body else head


def write_trf(event: TrfEvent) -> str:
    """Write the event as TRF(x) text (one trailing newline).

    Line order: 012, the 001 lines, ``other_lines`` (verbatim), XXR, XXC, XXP.

    The points column is computed from the results, the rank column too unless the player
    carries an explicit ``rank``.  Absent players get a ``0000 - Z`` entry for the round being
    paired.  Names longer than the 33-character field are truncated.
    """
    done = completed_rounds(event)
    computed_rank = _ranks(event.players)
    lines = []
    if event.name:
        lines.append(f"012 {event.name}")
    for p in event.players:
        results = p.results
        if p.number in event.absent and len(results) == done:
            results = results + (TrfResult(None, "-", "Z"),)
        rank = p.rank if p.rank is not None else computed_rank[p.number]
        lines.append(_player_line(p, rank, results))
    lines.extend(event.other_lines)
    if event.rounds_planned is not None:
        lines.append(f"XXR {event.rounds_planned}")
    if event.first_colour is not None:
        lines.append(f"XXC {event.first_colour}")
    for pair in event.forbidden:
        lines.append("XXP " + " ".join(str(n) for n in pair))
    return "\n".join(lines) + "\n"
