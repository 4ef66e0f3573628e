"""The pairing systems, one registry (`SYSTEMS`), as the tie-breaks have theirs.

Each system pairs the next round of a stage from plain data (`StageInput`) and says how
many rounds the stage plays; the database side (`tournament/reads/history.py` `stage_input`,
`tournament/actions/rounds.py` `pair_round`) reads the stage and stores the boards. Adding
a system is one class here and its kind in `models.Stage.Kind`. Imports nothing from
Django; `py4swiss_seam.py` stays the only module that imports py4swiss.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from . import knockout, round_robin
from .engine import PairingError, Unpairable, pair_next_round
from .explain import explain
from .trf import TrfEvent


@dataclass(frozen=True)
class Played:
    """One board of the stage so far: its round (numbered in the stage), board, the
    entrant ids of its sides (None: a bye), and its winner once its result counts
    (`decided`; winner None then is a double forfeit)."""

    round: int
    board: int
    players: tuple[int, int | None]
    winner: int | None = None
    decided: bool = False
    plate: bool = False


@dataclass(frozen=True)
class StageInput:
    """What a system needs: the seeds (entrant ids, best first) of a round robin or a
    knock-out, its options, the boards so far; for a Swiss the event as TRF(x) and
    `ids`, pairing number -> entrant id."""

    kind: str
    seeds: tuple[int, ...] = ()
    cycles: int = 1
    third_place: bool = False
    played: tuple[Played, ...] = ()
    plate: bool = False
    trf: TrfEvent | None = None
    ids: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Drawn:
    """A round as paired: (board, side 0's entrant id, side 1's or None for a bye or a
    walkover) in board order, and the Swiss's explanation of each board (else empty)."""

    boards: list[tuple[int, int, int | None]]
    explanation: list = field(default_factory=list)
    #: The numbers of those boards that are a knock-out's plate matches.
    plate: frozenset[int] = frozenset()


class System:
    kind: ClassVar[str]
    title: ClassVar[str]
    #: Seeded before its first round (the stage stores the seeds).
    seeded: ClassVar[bool] = True

    def rounds(self, stage: StageInput, planned: int | None = None) -> int | None:
        raise NotImplementedError

    def pair(self, stage: StageInput, number: int) -> Drawn:
        """Round `number` (1-based in the stage); the rounds before it are complete."""
        raise NotImplementedError


class Swiss(System):
    kind = "swiss"
    title = "Swiss (FIDE Dutch)"
    seeded = False

    def rounds(self, stage, planned=None):
        return planned

    def pair(self, stage, number):
        if stage.trf is None:
            raise PairingError("a Swiss round is paired from the event's TRF")
        pairing = pair_next_round(stage.trf)
        boards = [(i, stage.ids[b.white], stage.ids.get(b.black))
                  for i, b in enumerate(pairing.boards, start=1)]
        return Drawn(boards, explain(stage.trf, pairing))


class RoundRobin(System):
    kind = "round_robin"
    title = "Round robin (Berger tables)"

    def rounds(self, stage, planned=None):
        if len(stage.seeds) < 2:
            return None
        return round_robin.rounds_needed(len(stage.seeds), stage.cycles)

    def pair(self, stage, number):
        if len(stage.seeds) < 2:
            raise Unpairable("a round robin needs at least 2 entrants")
        seed = stage.seeds
        return Drawn([(f.board, seed[f.home - 1], seed[f.away - 1] if f.away else None)
                      for f in round_robin.berger_round(len(seed), number, stage.cycles)])


class KnockOut(System):
    kind = "knockout"
    title = "Knock-out"

    def rounds(self, stage, planned=None):
        if len(stage.seeds) < 2:
            return None
        return knockout.rounds_in(len(stage.seeds))

    def bracket(self, stage) -> knockout.Bracket:
        winners = {(p.round, p.board): p.winner for p in stage.played
                   if p.decided and not p.plate}
        return knockout.build(stage.seeds, winners, third_place=stage.third_place)

    def plate_offset(self, stage, number: int) -> int:
        """Plate boards in the stage's round `number` are numbered after the main
        bracket's matches of that round (its third-place match included)."""
        size = knockout.bracket_size(len(stage.seeds))
        rounds = knockout.rounds_in(len(stage.seeds))
        return size // 2 ** number + (1 if stage.third_place and number == rounds else 0)

    def plate_bracket(self, stage, main: knockout.Bracket | None = None):
        """The plate's bracket (round 1's losers of played matches, in their main seeds'
        order), its rounds numbered from 1, as its counted results decide it; None
        without a plate, before round 1 is decided, or for fewer than 2 losers."""
        if not stage.plate:
            return None
        main = main or self.bracket(stage)
        if not main.rounds or not all(m.decided for m in main.rounds[0]):
            return None
        seeds = knockout.plate_seeds(main)
        if len(seeds) < 2:
            return None
        winners = {(p.round - 1, p.board - self.plate_offset(stage, p.round)): p.winner
                   for p in stage.played if p.decided and p.plate}
        return knockout.build(seeds, winners)

    def pair(self, stage, number):
        if len(stage.seeds) < 2:
            raise Unpairable("a knock-out needs at least 2 entrants")
        bracket = self.bracket(stage)
        if number > len(bracket.rounds):
            raise Unpairable(f"round {number - 1} of the knock-out has a match without a "
                             "winner yet")
        # Both places empty (two double forfeits before it): no board, the number kept.
        boards = [(m.board, m.players[0], m.players[1])
                  for m in bracket.rounds[number - 1] if m.players[0] is not None]
        third = bracket.third_place
        if third is not None and number == len(bracket.rounds) and third.players[0] is not None:
            boards.append((2, third.players[0], third.players[1]))
        plate = self.plate_bracket(stage, bracket) if number > 1 else None
        shown = set()
        if plate is not None and number - 1 <= len(plate.rounds):
            offset = self.plate_offset(stage, number)
            for m in plate.rounds[number - 2]:
                if m.players[0] is not None:
                    boards.append((offset + m.board, m.players[0], m.players[1]))
                    shown.add(offset + m.board)
        return Drawn(boards, plate=frozenset(shown))


SYSTEMS: dict[str, System] = {s.kind: s for s in (Swiss(), RoundRobin(), KnockOut())}
