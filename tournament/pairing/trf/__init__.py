"""TRF(x) events as plain, immutable data, with a parser and a writer.

Callers import from this package's face; the work is in three modules: ``data`` (the
data types, result codes and columns), ``read`` (:func:`parse_trf`) and ``write``
(:func:`write_trf`).

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

None of these modules imports anything from Django.
"""

from __future__ import annotations

from tournament.pairing.trf.data import (
    BYE_CODES,
    COLOURS,
    FORFEIT_CODES,
    PLAYED_CODES,
    PLAYER_COLUMNS,
    POINTS_TIMES_TEN,
    RESULT_STEP,
    RESULT_WIDTH,
    RESULTS_START,
    SEXES,
    TITLES,
    TrfError,
    TrfEvent,
    TrfPlayer,
    TrfResult,
    completed_rounds,
    next_round_number,
    result_points,
    xxc_word,
)
from tournament.pairing.trf.read import MAX_ROUNDS, parse_trf
from tournament.pairing.trf.write import write_trf

__all__ = [
    "BYE_CODES",
    "COLOURS",
    "FORFEIT_CODES",
    "MAX_ROUNDS",
    "PLAYED_CODES",
    "PLAYER_COLUMNS",
    "POINTS_TIMES_TEN",
    "RESULTS_START",
    "RESULT_STEP",
    "RESULT_WIDTH",
    "SEXES",
    "TITLES",
    "TrfError",
    "TrfEvent",
    "TrfPlayer",
    "TrfResult",
    "completed_rounds",
    "next_round_number",
    "parse_trf",
    "result_points",
    "write_trf",
    "xxc_word",
]
