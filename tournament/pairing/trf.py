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

This module imports nothing from Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "BYE_CODES",
    "FORFEIT_CODES",
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

_BIRTH_DATE_RE = re.compile(r"^\d{4}(/\d{2}/\d{2})?$")
_POINTS_RE = re.compile(r"^\d{1,3}\.\d$")


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


def _field(line: str, name: str) -> str:
    start, end = PLAYER_COLUMNS[name]
    return line[start:end].strip()


def _int_field(line: str, name: str, line_number: int, required: bool = False) -> int | None:
    raw = _field(line, name)
    if not raw:
        if required:
            raise TrfError(line_number, f"001 line: missing {name.replace('_', ' ')}")
        return None
    if not raw.isdigit():
        start, end = PLAYER_COLUMNS[name]
        raise TrfError(
            line_number,
            f"001 line: {name.replace('_', ' ')} {raw!r} in columns {start + 1}-{end} "
            "is not a number",
        )
    return int(raw)


def _parse_result(chunk: str, line_number: int, column: int, owner: int) -> TrfResult:
    chunk = chunk.ljust(RESULT_WIDTH)
    where = f"player {owner}, result at column {column}"
    if chunk[4] != " " or chunk[6] != " ":
        raise TrfError(line_number, f"{where}: malformed entry {chunk!r} (expected 'NNNN c r')")
    opp_raw = chunk[0:4].strip()
    if opp_raw and not opp_raw.isdigit():
        raise TrfError(line_number, f"{where}: opponent {opp_raw!r} is not a number")
    opponent = int(opp_raw) if opp_raw else 0
    colour = chunk[5] if chunk[5] != " " else "-"
    code = chunk[7]
    if code != " ":
        code = code.upper()
    try:
        return TrfResult(opponent or None, colour, code)
    except ValueError as exc:
        raise TrfError(line_number, f"{where}: {exc} in {chunk!r}") from None


def _parse_player(line: str, line_number: int) -> tuple[TrfPlayer, int]:
    """Return the player and the points (times ten) stated in its points column."""
    if len(line) < PLAYER_COLUMNS["rank"][1]:
        raise TrfError(
            line_number,
            f"001 line is {len(line)} characters long; it must reach the rank column (89)",
        )
    number = _int_field(line, "number", line_number, required=True)
    assert number is not None
    if number == 0:
        raise TrfError(line_number, "001 line: starting number 0")
    sex = _field(line, "sex") or None
    if sex is not None and sex.lower() not in SEXES:
        raise TrfError(line_number, f"player {number}: invalid sex {sex!r} in column 10")
    title = _field(line, "title") or None
    if title is not None and title.lower() not in TITLES:
        raise TrfError(line_number, f"player {number}: invalid title {title!r} in columns 11-13")
    birth_date = _field(line, "birth_date") or None
    if birth_date is not None and not _BIRTH_DATE_RE.match(birth_date):
        raise TrfError(
            line_number, f"player {number}: invalid birth date {birth_date!r} (YYYY/MM/DD)"
        )
    points_raw = _field(line, "points")
    if not _POINTS_RE.match(points_raw):
        raise TrfError(
            line_number, f"player {number}: invalid points {points_raw!r} in columns 81-84"
        )
    rank = _int_field(line, "rank", line_number)
    tail = line[PLAYER_COLUMNS["rank"][1] :]
    if tail[:2].strip():
        raise TrfError(line_number, f"player {number}: columns 90-91 must be blank")
    results = []
    body = line[RESULTS_START:]
    chunks = [body[i : i + RESULT_STEP] for i in range(0, len(body), RESULT_STEP)]
    while chunks and not chunks[-1].strip():
        chunks.pop()  # trailing blanks are not entries
    for i, chunk in enumerate(chunks):
        column = RESULTS_START + i * RESULT_STEP + 1
        if chunk[RESULT_WIDTH:].strip():
            raise TrfError(
                line_number,
                f"player {number}: unexpected text {chunk[RESULT_WIDTH:]!r} after the result "
                f"at column {column} (entries are 8 characters, 2 blanks apart)",
            )
        results.append(_parse_result(chunk[:RESULT_WIDTH], line_number, column, number))
    player = TrfPlayer(
        number=number,
        name=_field(line, "name"),
        rating=_int_field(line, "rating", line_number),
        results=tuple(results),
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
    parts = content.split()
    if not all(p.isdigit() for p in parts):
        raise TrfError(line_number, f"{code}: expected starting numbers, got {content.strip()!r}")
    return [int(p) for p in parts]


def parse_trf(text: str) -> TrfEvent:
    """Parse TRF(x) text; raise :class:`TrfError` (with the line number) if malformed."""
    name = ""
    players: list[TrfPlayer] = []
    stated_points: dict[int, tuple[int, int]] = {}
    line_of: dict[int, int] = {}
    rounds_planned: int | None = None
    first_colour: str | None = None
    forbidden: list[tuple[int, ...]] = []
    xxz: set[int] = set()
    other: list[str] = []
    seen_once: dict[str, int] = {}

    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[:1].isspace():
            raise TrfError(line_number, "line starts with blanks; the code must be in columns 1-3")
        code = line[:3]
        if len(line) > 3 and line[3] != " ":
            raise TrfError(line_number, f"code {line[:4]!r} must be 3 characters then a blank")
        content = line[4:]
        if code in ("012", "XXR", "XXC"):
            if code in seen_once:
                raise TrfError(line_number, f"{code} given twice (first on line {seen_once[code]})")
            seen_once[code] = line_number
        if code == "001":
            player, points = _parse_player(line, line_number)
            if player.number in line_of:
                raise TrfError(
                    line_number,
                    f"player {player.number} already defined on line {line_of[player.number]}",
                )
            line_of[player.number] = line_number
            stated_points[player.number] = (points, line_number)
            players.append(player)
        elif code == "012":
            name = content.strip()
        elif code == "XXR":
            value = content.strip()
            if not value.isdigit() or int(value) == 0:
                raise TrfError(line_number, f"XXR: number of rounds {value!r} is not a number")
            rounds_planned = int(value)
        elif code == "XXC":
            for word in content.split():
                if word in ("white1", "black1"):
                    first_colour = word
                else:
                    raise TrfError(
                        line_number,
                        f"XXC: unsupported configuration {word!r} (only white1/black1)",
                    )
        elif code == "XXP":
            ids = _numbers(content, line_number, code)
            if len(ids) < 2:
                raise TrfError(line_number, "XXP: a forbidden pair needs at least two numbers")
            forbidden.append(tuple(ids))
        elif code == "XXZ":
            xxz.update(_numbers(content, line_number, code))
        elif code == "XXS":
            raise TrfError(
                line_number,
                "XXS (custom point system) is not supported; scoring is win 1, draw 0.5, loss 0",
            )
        elif re.fullmatch(r"\d{3}|XX[A-Z]", code):
            other.append(line.rstrip())
        else:
            raise TrfError(line_number, f"unknown line code {code!r}")

    if not players:
        raise TrfError(0, "no 001 player lines")
    numbers = {p.number for p in players}
    for number, (points, line_number) in stated_points.items():
        player = players[[p.number for p in players].index(number)]
        if player.points_times_ten != points:
            raise TrfError(
                line_number,
                f"player {number}: points column says {points / 10:.1f} but the results "
                f"add up to {player.points_times_ten / 10:.1f}",
            )
        for i, r in enumerate(player.results):
            if r.opponent is not None and r.opponent not in numbers:
                raise TrfError(
                    line_number, f"player {number}: round {i + 1} opponent {r.opponent} unknown"
                )
    for pair in forbidden:
        for n in pair:
            if n not in numbers:
                raise TrfError(0, f"XXP names unknown player {n}")
    for n in xxz:
        if n not in numbers:
            raise TrfError(0, f"XXZ names unknown player {n}")
    if rounds_planned is not None:
        for p in players:
            if len(p.results) > rounds_planned:
                raise TrfError(
                    line_of[p.number],
                    f"player {p.number} has {len(p.results)} results but XXR is {rounds_planned}",
                )

    # A trailing "0000 - Z" for the round being paired marks an absent player.
    done = min(len(p.results) for p in players)
    absent = set(xxz)
    unmarked: list[TrfPlayer] = []
    for p in players:
        if len(p.results) == done + 1 and p.results[-1] == TrfResult(None, "-", "Z"):
            absent.add(p.number)
            p = TrfPlayer(
                p.number,
                p.name,
                p.rating,
                p.results[:-1],
                p.sex,
                p.title,
                p.federation,
                p.fide_id,
                p.birth_date,
                p.rank,
            )
        unmarked.append(p)

    return TrfEvent(
        name=name,
        players=tuple(unmarked),
        rounds_planned=rounds_planned,
        first_colour=first_colour,
        forbidden=tuple(forbidden),
        absent=frozenset(absent),
        other_lines=tuple(other),
    )


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
