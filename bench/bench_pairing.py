"""Time FIDE Dutch pairing of round 5 for 50, 100, 300 and 1000 players.

Usage: .venv/bin/python bench/bench_pairing.py [--sizes 50,100,300,1000] [--engine-rounds]

Events are deterministic (seeded).  Rounds 1-4 are produced by a quick Swiss-like generator
(score groups, no rematches, colour alternation, one bye per player at most, results drawn
from the Elo expectation, 1-2 % forfeits); with ``--engine-rounds`` they are paired by the
real engine instead (slower to set up).  Round 5 is then paired with ``pair_next_round``:
median of several runs for the small sizes, a single run for 1000 players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.pairing.engine import Board, pair_next_round  # noqa: E402
from tournament.pairing.trf import TrfEvent, TrfPlayer, TrfResult  # noqa: E402

ROUNDS_DONE = 4


def _new_event(n: int, rng: random.Random) -> TrfEvent:
    ratings = sorted((rng.randint(1000, 2400) for _ in range(n)), reverse=True)
    players = tuple(
        TrfPlayer(number=i + 1, name=f"Player {i + 1:04d}", rating=r) for i, r in enumerate(ratings)
    )
    return TrfEvent(name=f"Bench {n}", players=players, rounds_planned=9, first_colour="white1")


def _quick_boards(event: TrfEvent, rng: random.Random) -> list[Board]:
    """Greedy Swiss pairing: by score then number, no rematch, alternate colours."""
    players = sorted(event.players, key=lambda p: (-p.points_times_ten, p.number))
    met = {p.number: {r.opponent for r in p.results if r.opponent} for p in players}
    boards: list[Board] = []
    if len(players) % 2:
        for p in reversed(players):
            if not any(r.code in "U+" for r in p.results):
                boards.append(Board(p.number, None))
                players.remove(p)
                break
    pool = players[:]
    while pool:
        a = pool.pop(0)
        idx = next((i for i, b in enumerate(pool) if b.number not in met[a.number]), 0)
        b = pool.pop(idx)
        a_col = [r.colour for r in a.results if r.played]
        balance = a_col.count("w") - a_col.count("b")
        a_white = balance < 0 or (balance == 0 and (not a_col or a_col[-1] == "b"))
        boards.append(Board(a.number, b.number) if a_white else Board(b.number, a.number))
    return boards


def _play(event: TrfEvent, boards: list[Board], rng: random.Random) -> TrfEvent:
    by_number = {p.number: p for p in event.players}
    new: dict[int, TrfResult] = {}
    for w, b in boards:
        if b is None:
            new[w] = TrfResult(None, "-", "U")
            continue
        rw, rb = by_number[w].rating or 0, by_number[b].rating or 0
        expected = 1 / (1 + 10 ** ((rb - rw) / 400))
        if rng.random() < 0.015:  # forfeit
            w_wins = rng.random() < 0.5
            new[w] = TrfResult(b, "w", "+" if w_wins else "-")
            new[b] = TrfResult(w, "b", "-" if w_wins else "+")
            continue
        w_wins = rng.random() < expected
        new[w] = TrfResult(b, "w", "1" if w_wins else "0")
        new[b] = TrfResult(w, "b", "0" if w_wins else "1")
    players = tuple(
        TrfPlayer(p.number, p.name, p.rating, p.results + (new[p.number],)) for p in event.players
    )
    return TrfEvent(event.name, players, event.rounds_planned, event.first_colour, event.forbidden)


def build_event(n: int, seed: int, engine_rounds: bool) -> TrfEvent:
    rng = random.Random(seed)
    event = _new_event(n, rng)
    for _ in range(ROUNDS_DONE):
        if engine_rounds:
            boards = list(pair_next_round(event).boards)
        else:
            boards = _quick_boards(event, rng)
        event = _play(event, boards, rng)
    return event


def time_round(event: TrfEvent, runs: int) -> tuple[float, list[float]]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pairing = pair_next_round(event)
        times.append(time.perf_counter() - start)
    assert pairing.round_number == ROUNDS_DONE + 1
    assert len(pairing.boards) == (len(event.players) + 1) // 2
    return statistics.median(times), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,300,1000")
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--engine-rounds", action="store_true")
    args = parser.parse_args()
    targets = {100: 0.5, 1000: 48.0}
    print(f"{'players':>7}  {'runs':>4}  {'median s':>9}  all runs (s)")
    for n in (int(s) for s in args.sizes.split(",")):
        event = build_event(n, args.seed + n, args.engine_rounds)
        runs = 1 if n >= 1000 else 5 if n >= 300 else 7
        median, times = time_round(event, runs)
        target = targets.get(n)
        verdict = (
            ""
            if target is None
            else f"  target <= {target} s: " + ("OK" if median <= target else "MISSED")
        )
        runs_txt = " ".join(f"{t:.3f}" for t in times)
        print(f"{n:>7}  {runs:>4}  {median:>9.3f}  {runs_txt}{verdict}", flush=True)


if __name__ == "__main__":
    main()
