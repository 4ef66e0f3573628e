"""Round robins by the Berger tables (`shared/spec/competitions.md`, "Round robin").

Plain seeds in, fixtures out; imports nothing from Django. Seeds are numbered 1..n in the
stage's seed order; an odd field gains a bye seed `n + 1`, and meeting it is a bye. In
round `r` (1..n−1) let `a = ((r − 1)·n/2) mod (n − 1) + 1`; board 1 is `a` against `n`
(`a` first-named when `r` is odd, `n` when even), then for `k = 1 .. n/2 − 1` board
`k + 1` is `a + k` (first-named) against `a − k`, each taken into 1..n−1. A second cycle
repeats the first, rounds n..2n−2, with the sides swapped.
"""

from __future__ import annotations

from typing import NamedTuple


class Fixture(NamedTuple):
    """One board of a round robin round: seeds (1-based) of the first-named side and the
    other, `away` None for a bye."""

    board: int
    home: int
    away: int | None


def _wrap(x: int, n: int) -> int:
    return ((x - 1) % (n - 1)) + 1


def rounds_needed(entrants: int, cycles: int = 1) -> int:
    """How many rounds a round robin of `entrants` plays (byes included)."""
    if entrants < 2:
        raise ValueError("a round robin needs at least 2 entrants")
    if cycles not in (1, 2):
        raise ValueError("a round robin has 1 or 2 cycles")
    n = entrants + entrants % 2
    return (n - 1) * cycles


def berger_round(entrants: int, round_number: int, cycles: int = 1) -> list[Fixture]:
    """The fixtures of round `round_number` (1-based, across cycles) in board order. A
    fixture against the bye seed is a bye (`away` None), listed last so that every
    played board keeps a board number in the table's order before it."""
    total = rounds_needed(entrants, cycles)
    if not 1 <= round_number <= total:
        raise ValueError(f"round {round_number} is not in 1..{total}")
    n = entrants + entrants % 2
    swapped = round_number > n - 1
    r = round_number - (n - 1) if swapped else round_number
    a = ((r - 1) * (n // 2)) % (n - 1) + 1
    pairs = [(a, n) if r % 2 else (n, a)]
    pairs += [(_wrap(a + k, n), _wrap(a - k, n)) for k in range(1, n // 2)]
    if swapped:
        pairs = [(away, home) for home, away in pairs]
    played, byes = [], []
    for home, away in pairs:
        if entrants % 2 and n in (home, away):
            byes.append(away if home == n else home)
        else:
            played.append((home, away))
    fixtures = [Fixture(i, home, away) for i, (home, away) in enumerate(played, 1)]
    fixtures += [Fixture(len(played) + 1 + i, seed, None) for i, seed in enumerate(byes)]
    return fixtures


def schedule(entrants: int, cycles: int = 1) -> list[list[Fixture]]:
    """Every round of the round robin, in order."""
    return [berger_round(entrants, r, cycles)
            for r in range(1, rounds_needed(entrants, cycles) + 1)]
