"""TRF(x) events as plain, immutable data: the result codes and their points, the fixed
columns of a ``001`` player line, :class:`TrfResult`, :class:`TrfPlayer`, :class:`TrfEvent`
and :class:`TrfError` (what the reader raises).  :mod:`tournament.pairing.trf` describes the
format as modelled.

This module imports nothing from Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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

    @property
    def top_seed_starts(self) -> bool:
        """Whether pairing number 1 takes the first colour ("white", who starts set 1) in
        round 1: XXC ``white1``, or no XXC line."""
        return self.first_colour != "black1"

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


def xxc_word(top_seed_starts: bool | None) -> str | None:
    """The XXC word for an event's round-1 lot (``top_seed_starts``); None: not drawn."""
    return None if top_seed_starts is None else ("white1" if top_seed_starts else "black1")


def completed_rounds(event: TrfEvent) -> int:
    """Number of rounds every player has an entry for (the engine pairs the round after)."""
    return min((len(p.results) for p in event.players), default=0)


def next_round_number(event: TrfEvent) -> int:
    return completed_rounds(event) + 1
