"""Time FIDE Dutch pairing of round 5 for 50, 100, 300 and 1000 players.

Usage: [BBP=/path/to/bbpPairings.exe] .venv/bin/python bench/bench_pairing.py
       [--sizes 50,100,300,1000] [--engine-rounds] [--runs N] [--no-bbp]

Events are deterministic (seeded).  Rounds 1-4 are produced by a quick Swiss-like generator
(score groups, no rematches, colour alternation, one bye per player at most, results drawn
from the Elo expectation, 1-2 % forfeits); with ``--engine-rounds`` they are paired by the
real engine instead (slower to set up).  Round 5 is then paired with ``pair_next_round``:
median of several runs for the small sizes, a single run for 1000 players.  Both the wall
time and the process's CPU time are printed: on a shared machine the CPU time is the
steadier figure.

When the environment variable ``BBP`` names a bbpPairings binary, or a ``bbpPairings`` (or
``bbpPairings.exe``) binary is on the PATH, the same events are written as TRF(x) and
paired by it too (``--dutch FILE -p OUT``: its whole run, process start included; its CPU
time is the child's), the runs of the two taken in turn so that both meet the same load,
and the two pairings compared; the ratio of their CPU times is printed (median and
minimum).  py4swiss is imported before any timing: a server imports it once, not per
round.  bbpPairings is not a dependency of the project: build it yourself, outside the
repository, to compare.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tournament.pairing.dutch2026  # noqa: E402, F401  (py4swiss: imported before timing)
from tournament.pairing.engine import Board, format_pairs, pair_next_round  # noqa: E402
from tournament.pairing.trf import TrfEvent, TrfPlayer, TrfResult, write_trf  # noqa: E402

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


def time_round(event: TrfEvent, runs: int) -> tuple[list[float], list[float], str]:
    """Wall and CPU seconds of each run of ``pair_next_round``, and its pairing."""
    walls, cpus = [], []
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        pairing = pair_next_round(event)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    assert pairing.round_number == ROUNDS_DONE + 1
    assert len(pairing.boards) == (len(event.players) + 1) // 2
    return walls, cpus, format_pairs(pairing)


def bbp_binary() -> str | None:
    """The bbpPairings binary: ``$BBP`` if set (it must exist), else one on the PATH."""
    named = os.environ.get("BBP")
    if named:
        if not shutil.which(named):
            sys.exit(f"BBP={named}: no such executable")
        return named
    return shutil.which("bbpPairings") or shutil.which("bbpPairings.exe")


class Bbp:
    """bbpPairings on one event, written once as TRF(x) in a temporary directory."""

    def __init__(self, binary: str, event: TrfEvent, tmp: str) -> None:
        self.binary = binary
        self.trf, self.out = Path(tmp) / "event.trf", Path(tmp) / "pairs.txt"
        self.trf.write_text(write_trf(event), encoding="utf-8")

    def run(self) -> tuple[float, float]:
        """Wall and CPU seconds of one whole run of the binary (its CPU: the child's)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [self.binary, "--dutch", str(self.trf), "-p", str(self.out)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime

    def pairs(self) -> str:
        return self.out.read_text(encoding="utf-8")


def time_both(binary: str, event: TrfEvent, runs: int):
    """The adapter and bbpPairings on the same event, their runs taken in turn (adapter,
    bbpPairings, adapter, ...) so that both meet the same load on a shared machine: the
    wall and CPU seconds of each, and their pairings."""
    ours_walls, ours_cpus, bbp_walls, bbp_cpus = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        bbp = Bbp(binary, event, tmp)
        for _ in range(runs):
            start, cpu = time.perf_counter(), time.process_time()
            pairing = pair_next_round(event)
            ours_walls.append(time.perf_counter() - start)
            ours_cpus.append(time.process_time() - cpu)
            wall, cpu = bbp.run()
            bbp_walls.append(wall)
            bbp_cpus.append(cpu)
        theirs = bbp.pairs()
    return (ours_walls, ours_cpus, format_pairs(pairing)), (bbp_walls, bbp_cpus, theirs)


def _row(who: str, n: int, walls: list[float], cpus: list[float], extra: str = "") -> str:
    runs = " ".join(f"{t:.3f}" for t in walls)
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    return (
        f"{who:<11} {n:>7}  {len(walls):>4}  {wall:>9.3f}  {cpu:>8.4f}  {min(cpus):>8.4f}"
        f"  {runs}{extra}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,300,1000")
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--engine-rounds", action="store_true")
    parser.add_argument("--runs", type=int, help="runs per size (default: 7, 5 at 300, 1 at 1000)")
    parser.add_argument("--no-bbp", action="store_true", help="do not run bbpPairings")
    args = parser.parse_args()
    targets = {100: 0.5}
    # At most bbpPairings' time for small fields (a club night is 10-50 players); half of
    # it at 1,000 players.
    bbp_targets = {50: 1.0, 100: 1.0, 1000: 0.5}
    binary = None if args.no_bbp else bbp_binary()
    print(f"machine: {os.cpu_count()} cores; bbpPairings: {binary or 'not found (BBP, PATH)'}")
    header = f"{'engine':<11} {'players':>7}  {'runs':>4}  {'median s':>9}  {'cpu s':>8}"
    print(f"{header}  {'cpu min':>8}  all runs, wall (s)")
    for n in (int(s) for s in args.sizes.split(",")):
        event = build_event(n, args.seed + n, args.engine_rounds)
        runs = args.runs or (1 if n >= 1000 else 5 if n >= 300 else 7)
        if binary:
            (walls, cpus, ours), (bbp_walls, bbp_cpus, theirs) = time_both(binary, event, runs)
        else:
            walls, cpus, ours = time_round(event, runs)
        target = targets.get(n)
        verdict = ""
        if target is not None:
            met = statistics.median(cpus) <= target
            verdict = f"  target <= {target} s (cpu): " + ("OK" if met else "MISSED")
        print(_row("adapter", n, walls, cpus, verdict), flush=True)
        if binary:
            ratio = statistics.median(cpus) / statistics.median(bbp_cpus)
            ratio_min = min(cpus) / min(bbp_cpus)
            same = "same pairing" if theirs == ours else "PAIRINGS DIFFER"
            extra = f"  ({same}; adapter/bbp cpu: median {ratio:.2f}, min {ratio_min:.2f})"
            most = bbp_targets.get(n)
            if most is not None:
                met = "OK" if ratio <= most else "MISSED"
                extra += f"  target adapter/bbp <= {most} (median): {met}"
            print(_row("bbpPairings", n, bbp_walls, bbp_cpus, extra), flush=True)


if __name__ == "__main__":
    main()
