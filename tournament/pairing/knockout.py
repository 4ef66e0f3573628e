"""Knock-out brackets (`shared/spec/competitions.md`, "Knock-out").

Plain seeds and winners in, the bracket out; imports nothing from Django.

- Lots: entrants ordered by `sha256(lot_seed + ":" + str(id))` as hexadecimal, lowest
  first (`lot_order`), so anyone can check a draw from the published seed.
- The bracket has `B` places, the least power of two at least the number of seeds; its
  seed positions are `order(B)` (`order(2m)` replaces each `x` of `order(m)` by `x,
  2m + 1 − x`). Round 1's matches are consecutive pairs of it; a seed above the number
  of seeds is a bye and the other goes through without a match.
- The winner of match `2i − 1` meets the winner of match `2i` as the next round's match
  `i`; the better seed (lower number) is first-named.
- A match has a winner, or none after a double forfeit: then its place in the next
  match is empty and the other side goes through by walkover.
- A third-place match (semi-final losers) is the final round's board 2; a plate is a
  second bracket of round 1's losers (of played matches), seeded in their main order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field


class BracketError(ValueError):
    """A bracket that cannot be made or advanced: said to the director as it is."""


def lot_key(lot_seed: str, entrant_id: int) -> str:
    return hashlib.sha256(f"{lot_seed}:{entrant_id}".encode()).hexdigest()


def lot_order(lot_seed: str, entrant_ids: Iterable[int]) -> list[int]:
    """Entrant ids in the order of the lot drawn from `lot_seed`."""
    return sorted(entrant_ids, key=lambda i: (lot_key(lot_seed, i), i))


def seed_positions(size: int) -> list[int]:
    """`order(size)`: the seeds of a bracket of `size` (a power of two) in bracket order."""
    if size < 1 or size & (size - 1):
        raise BracketError(f"a bracket's size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        m = len(order)
        order = [y for x in order for y in (x, 2 * m + 1 - x)]
    return order


def bracket_size(seeds: int) -> int:
    if seeds < 2:
        raise BracketError("a knock-out needs at least 2 entrants")
    return 1 << (seeds - 1).bit_length()


def rounds_in(seeds: int) -> int:
    """How many rounds a knock-out of `seeds` entrants has (the final included)."""
    return bracket_size(seeds).bit_length() - 1


def round_name(round_number: int, rounds: int) -> str:
    """Final, Semi-finals, Quarter-finals, then "Round of 16" and so on."""
    left = rounds - round_number
    if left == 0:
        return "Final"
    if left == 1:
        return "Semi-finals"
    if left == 2:
        return "Quarter-finals"
    if left < 0:
        raise BracketError(f"round {round_number} is beyond the final (round {rounds})")
    return f"Round of {2 ** (left + 1)}"


def seed_by_ranking(ranked: Sequence[Sequence[int]], size: int, lot_seed: str,
                    passed_over: Iterable[int] = ()) -> list[int]:
    """The first `size` entrants of a ranking given as groups that share a place (best
    first), each group ordered by lot, `passed_over` (withdrawn) entrants left out."""
    skip = set(passed_over)
    out: list[int] = []
    for group in ranked:
        out.extend(lot_order(lot_seed, [i for i in group if i not in skip]))
        if len(out) >= size:
            break
    if len(out) < size:
        raise BracketError(f"a top cut of {size} needs {size} entrants still playing; "
                           f"only {len(out)} are")
    return out[:size]


@dataclass(frozen=True)
class Match:
    """One match of a bracket. `players` are entrant ids, the better seed first; None is
    an empty place (a bye in round 1, a walkover after a double forfeit). `bye` marks a
    match that is no match: one side, or none, goes through without playing."""

    round: int
    board: int
    players: tuple[int | None, int | None]
    winner: int | None = None
    decided: bool = False
    bye: bool = False

    @property
    def loser(self) -> int | None:
        if not self.decided or self.bye or self.winner is None:
            return None
        a, b = self.players
        return b if self.winner == a else a


@dataclass
class Bracket:
    seeds: list[int]
    rounds: list[list[Match]] = field(default_factory=list)
    third_place: Match | None = None

    @property
    def final(self) -> Match | None:
        if len(self.rounds) == rounds_in(len(self.seeds)) and self.rounds[-1]:
            return self.rounds[-1][0]
        return None

    def seed_of(self, entrant: int) -> int:
        return self.seeds.index(entrant) + 1


def _ordered(a: int | None, b: int | None, seed: Mapping[int, int]):
    if a is None:
        return (b, None)
    if b is None:
        return (a, None)
    return (a, b) if seed[a] < seed[b] else (b, a)


def _make(round_number: int, board: int, a: int | None, b: int | None,
          seed: Mapping[int, int], winners: Mapping[tuple[int, int], int | None]) -> Match:
    players = _ordered(a, b, seed)
    if players[1] is None:
        # A bye or a walkover: no match is played, the one side (if any) goes through.
        return Match(round_number, board, players, players[0], True, True)
    key = (round_number, board)
    if key not in winners:
        return Match(round_number, board, players)
    winner = winners[key]
    if winner is not None and winner not in players:
        raise BracketError(f"round {round_number} board {board}: {winner} did not play in it")
    return Match(round_number, board, players, winner, True)


def build(seeds: Sequence[int], winners: Mapping[tuple[int, int], int | None] | None = None,
          *, third_place: bool = False) -> Bracket:
    """The bracket of `seeds` (entrant ids, best seed first) as far as `winners` decide
    it: `winners[(round, board)]` is the winner's id, or None after a double forfeit.
    Rounds appear as soon as every place of them is known."""
    winners = dict(winners or {})
    seeds = list(seeds)
    if len(set(seeds)) != len(seeds):
        raise BracketError("an entrant is seeded twice")
    size = bracket_size(len(seeds))
    seed = {entrant: i for i, entrant in enumerate(seeds, 1)}
    total = rounds_in(len(seeds))
    at = [seeds[p - 1] if p <= len(seeds) else None for p in seed_positions(size)]
    bracket = Bracket(seeds)
    first = [_make(1, i + 1, at[2 * i], at[2 * i + 1], seed, winners) for i in range(size // 2)]
    bracket.rounds.append(first)
    for r in range(2, total + 1):
        previous = bracket.rounds[-1]
        if not all(m.decided for m in previous):
            break
        bracket.rounds.append([
            _make(r, i + 1, previous[2 * i].winner, previous[2 * i + 1].winner, seed, winners)
            for i in range(len(previous) // 2)])
    if third_place and total >= 2 and len(bracket.rounds) == total:
        semis = bracket.rounds[-2]
        losers = [m.loser for m in semis]
        bracket.third_place = _make(total, 2, losers[0], losers[1], seed, winners)
    return bracket


def plate_seeds(bracket: Bracket) -> list[int]:
    """The plate's entrants: losers of round 1's played matches, in their main seeds'
    order."""
    losers = [m.loser for m in bracket.rounds[0] if not m.bye and m.decided]
    if not all(m.decided for m in bracket.rounds[0]):
        raise BracketError("the plate is drawn once every round 1 match is decided")
    return sorted((x for x in losers if x is not None), key=bracket.seed_of)


def placings(bracket: Bracket) -> list[tuple[int, int]]:
    """(place, entrant) for the places decided so far, best first: the final's winner 1
    and loser 2; 3 and 4 by the third-place match, else both semi-final losers share 3;
    the losers of each earlier round share the next place."""
    total = rounds_in(len(bracket.seeds))
    out: list[tuple[int, int]] = []
    final = bracket.final
    if final is not None and final.decided:
        if final.winner is not None:
            out.append((1, final.winner))
        if final.loser is not None:
            out.append((2, final.loser))
    # Entrants that went further than round r: 2 ** (total - r). Round r's losers share
    # the next place.
    for r in range(total - 1, 0, -1):
        if r > len(bracket.rounds):
            continue
        losers = [m.loser for m in bracket.rounds[r - 1] if m.loser is not None]
        if r == total - 1 and bracket.third_place is not None:
            third = bracket.third_place
            if third.decided:
                if third.winner is not None:
                    out.append((3, third.winner))
                if third.loser is not None:
                    out.append((4, third.loser))
            continue
        place = 2 ** (total - r) + 1
        out.extend((place, x) for x in sorted(losers, key=bracket.seed_of))
    return out
