"""FIDE Dutch pairing of the next round, by py4swiss (bbpPairings' matching code), in-process.

Plain data in (:class:`~tournament.pairing.trf.TrfEvent`), plain data out (:class:`Pairing`).
No Django, no subprocess, no temporary files: py4swiss's players are built from the data
as py4swiss would read them from the event's TRF(x)
(:func:`.py4swiss_seam.player_infos_from_event`; for what only py4swiss reads, such as
accelerations, the event is written with :func:`~tournament.pairing.trf.write_trf` and
read and checked by py4swiss's own parsers) and paired by its Dutch engine, with the 2026
rules it lacks added by :mod:`tournament.pairing.dutch2026`.  py4swiss is reached only through
:mod:`tournament.pairing.py4swiss_seam`.  Why each board is as it is: :mod:`.explain`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from tournament.pairing.byes import may_get_bye
from tournament.pairing.trf import (
    POINTS_TIMES_TEN,
    TrfEvent,
    TrfResult,
    completed_rounds,
    write_trf,
)

__all__ = [
    "Board",
    "InconsistentEvent",
    "Pairing",
    "PairingError",
    "Unpairable",
    "format_pairs",
    "pair_next_round",
]


class PairingError(Exception):
    """The next round cannot be paired; ``str()`` says why. Raised as one of the two below."""


class Unpairable(PairingError):
    """A director's problem: the event as it stands has no legal next round (no pairing
    meets the absolute criteria, every planned round is played, nobody to pair)."""


class InconsistentEvent(PairingError):
    """Cannot happen with a history the site built: the event contradicts itself (gaps
    in the numbers, one-sided meetings, entries ahead) or py4swiss refuses it. A fault to
    log and fix, not something a director can change."""


class Board(NamedTuple):
    """One board: starting numbers; ``black`` is None for the pairing-allocated bye."""

    white: int
    black: int | None

    @property
    def sides(self) -> tuple[int, int | None]:
        """(side 0, side 1), as the rest of the site names them: white is side 0."""
        return self.white, self.black


@dataclass(frozen=True, slots=True)
class Pairing:
    """The pairing of ``round_number``: boards in bbpPairings/py4swiss publication order."""

    round_number: int
    boards: tuple[Board, ...]

    @property
    def bye(self) -> int | None:
        """Starting number of the player given the pairing-allocated bye, if any."""
        for board in self.boards:
            if board.black is None:
                return board.white
        return None

    @property
    def games(self) -> tuple[Board, ...]:
        return tuple(b for b in self.boards if b.black is not None)


# --------------------------------------------------------------------------- py4swiss glue


def _engine_event(event: TrfEvent) -> TrfEvent:
    """The event as py4swiss must see it.

    * blank entries become ``0000 - Z`` (FIDE: blank = Z; py4swiss rejects blanks);
    * an absent player gets ``0000 - Z`` for the round paired (as :func:`write_trf` writes
      it), so that py4swiss leaves him out;
    * a forfeit without opponent (``0000 - +`` / ``0000 - -``) becomes ``U`` / ``Z``, which
      py4swiss treats identically (not played, same points, ``+``/``U`` both count as a bye
      received) but without looking up opponent 0;
    * XXP lines naming more than two players are expanded to every pair among them;
    * other lines are dropped except XXA (accelerations);
    * a missing XXR is replaced by a number of rounds that never makes this the last round
      (so the last-round topscorer rules do not apply).
    """

    def fix(r: TrfResult) -> TrfResult:
        if r.opponent is None and r.code in " -":
            return TrfResult(None, "-", "Z")
        if r.opponent is None and r.code == "+":
            return TrfResult(None, "-", "U")
        return r

    done = completed_rounds(event)
    players = []
    for p in event.players:
        fixed = tuple(fix(r) for r in p.results)
        if p.number in event.absent and len(fixed) == done:
            fixed += (TrfResult(None, "-", "Z"),)
        players.append(p if fixed == p.results else replace(p, results=fixed))

    forbidden = []
    for group in event.forbidden:
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if a != b:
                    forbidden.append((a, b))

    # Of the lines py4swiss knows, only XXA (accelerations) matters for pairing.
    other = tuple(line for line in event.other_lines if line.startswith("XXA"))
    rounds = event.rounds_planned
    if rounds is None:
        rounds = max(len(p.results) for p in event.players) + 2
    return replace(
        event,
        players=tuple(players),
        forbidden=tuple(forbidden),
        rounds_planned=rounds,
        other_lines=other,
    )


def _check(event: TrfEvent) -> None:
    numbers = sorted(p.number for p in event.players)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, len(numbers) + 1)) - set(numbers))
        raise InconsistentEvent(
            f"starting numbers must run 1..{len(numbers)} without gaps; missing {missing}"
        )
    done = completed_rounds(event)
    longest = max(len(p.results) for p in event.players)
    ahead = [p for p in event.players if len(p.results) > done and p.results[done].opponent]
    if longest > done + 1 or ahead:
        short = sorted(p.number for p in event.players if len(p.results) == done)
        raise InconsistentEvent(
            f"round {done + 1} already has results for some players, but players {short} have "
            f"no entry for it; every player needs an entry for every completed round "
            f"(TrfResult(None, '-', 'Z') when they were not paired)"
        )
    by_number = {p.number: p for p in event.players}
    for p in event.players:
        for i, r in enumerate(p.results):
            if r.opponent is None:
                continue
            if r.opponent == p.number:
                raise InconsistentEvent(f"player {p.number} is their own opponent in round {i + 1}")
            other = by_number[r.opponent].results
            back = other[i] if i < len(other) else None
            if back is None or back.opponent != p.number:
                raise InconsistentEvent(
                    f"round {i + 1}: player {p.number} met {r.opponent}, "
                    f"but {r.opponent}'s entry does not name {p.number}"
                )


def pair_next_round(event: TrfEvent) -> Pairing:
    """Pair the next round of ``event`` with the FIDE Dutch system (py4swiss).

    The round paired is the one after the last round every player has an entry for.  Players
    in ``event.absent`` (and players who already have an entry for that round, e.g. a
    requested ``H`` bye) are not paired.  Raises :class:`Unpairable` when no pairing
    satisfying the absolute criteria (no rematch, at most one bye/forfeit win, XXP) exists
    or all planned rounds are played, and :class:`InconsistentEvent` when the event
    contradicts itself or py4swiss finds it inconsistent.
    """
    # Imported here, not at the top, so that importing tournament.pairing (the TRF
    # reader and writer, the explanations) does not load py4swiss and pydantic.
    from tournament.pairing import py4swiss_seam as seam
    from tournament.pairing.dutch2026 import generate_pairings

    if not event.players:
        raise Unpairable("the event has no players")
    _check(event)
    done = completed_rounds(event)
    if event.rounds_planned is not None and done >= event.rounds_planned:
        raise Unpairable(f"all {event.rounds_planned} planned rounds have been played")
    round_number = done + 1
    to_pair = [p for p in event.players if len(p.results) == done and p.number not in event.absent]
    if not to_pair:
        return Pairing(round_number, ())
    if len(to_pair) == 1:
        # py4swiss cannot pair a single player; they get the bye if they may have one.
        (p,) = to_pair
        if not may_get_bye(p):
            raise Unpairable(
                f"round {round_number} cannot be paired: only player {p.number} is present "
                "and they have already had a bye or a win without playing"
            )
        return Pairing(round_number, (Board(p.number, None),))

    engine_event = _engine_event(event)
    # py4swiss's players built from the data, or, for what only py4swiss reads (see
    # player_infos_from_event), from the event written as TRF and read back by py4swiss.
    players = seam.player_infos_from_event(engine_event, POINTS_TIMES_TEN)
    if players is not None:
        forbidden = set(engine_event.forbidden)
        first_white = engine_event.first_colour != "black1"
    else:
        try:
            trf = seam.parse_trf_text(write_trf(engine_event))
        except seam.REJECTED as exc:
            raise InconsistentEvent(f"py4swiss rejected the event: {exc}") from exc
        players = seam.plain_players(seam.player_infos(trf))
        forbidden, first_white = seam.forbidden_pairs(trf), seam.first_round_white(trf)
    try:
        boards = generate_pairings(players, forbidden, first_white, engine_event)
    except seam.Py4swissPairingError as exc:
        raise Unpairable(
            f"round {round_number} cannot be paired: no pairing satisfies the absolute "
            f"criteria (no rematches, at most one bye or forfeit win per player, forbidden "
            f"pairs) for the {len(to_pair)} players to pair ({exc})"
        ) from exc
    return Pairing(round_number, tuple(Board(white, black) for white, black in boards))


def format_pairs(pairing: Pairing) -> str:
    """bbpPairings/JaVaFo output: number of pairs, then ``WHITE BLACK`` lines, a bye as ``ID 0``."""
    lines = [str(len(pairing.boards))]
    lines.extend(f"{b.white} {b.black or 0}" for b in pairing.boards)
    return "\n".join(lines) + "\n"
