"""Time the scoring rules engine on whole matches at play depth.

Usage: .venv/bin/python bench/bench_scoring.py [--matches 300] [--repeat 5] [--seed 2024]
       [--ruleset mso|bndcc-singles|bndcc-pairs|bndcc-pairs-penalties ...]

By default it times two cases and prints both figures:
- ``mso``: best-of-three singles matches;
- ``bndcc-pairs-penalties``: best-of-three 4-seat bndcc matches with random penalties of
  every kind (void hands and re-deals, wont_go, false_knock, held_after_knock, plain
  8-hole penalties, and tiles that stand).

Matches are generated deterministically by the independent player in
scoring/simulate.py (every deal, play and knock recorded), serialised to JSON and parsed
back, then validated ``--repeat`` times each with ``scoring.validate``.  Prints records per
second, the median and 95th percentile time per match, and the time per play.
Target: median <= 0.5 ms per play-depth match, in each case.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import percentile  # noqa: E402

from scoring import simulate as sim  # noqa: E402
from scoring import validate  # noqa: E402

# name -> (simulated rules, keyword arguments of sim.play_match)
CASES = {
    "mso": (sim.MSO, {}),
    "bndcc-singles": (sim.BNDCC_SINGLES, {"penalty_rate": 0.01}),
    "bndcc-pairs": (sim.BNDCC_PAIRS, {"penalty_rate": 0.01}),
    "bndcc-pairs-penalties": (
        sim.BNDCC_PAIRS, {"penalty_rate": 0.03, "penalty_kinds": sim.ALL_KINDS}
    ),
}
DEFAULT = ["mso", "bndcc-pairs-penalties"]


def run_case(name: str, args: argparse.Namespace) -> bool:
    rules, kw = CASES[name]
    records = []
    for i in range(args.matches):
        rec = sim.play_match(args.seed * 100_003 + i, rules, **kw)
        if rules.seats == 4:
            rec["seats"] = 4
        records.append(json.loads(json.dumps(rec)))
    entries = [p for r in records for s in r["sets"] for h in s["hands"] for p in h["plays"]]
    plays = len(entries)
    penalties = sum(isinstance(p, dict) for p in entries)
    hands = sum(len(s["hands"]) for r in records for s in r["sets"])

    for rec in records:  # warm up, and make sure the benchmark measures valid records
        report = validate(rec)
        if not report["valid"] or report["depth"] != "plays":
            print("generated record is not valid:", report["errors"][:3], file=sys.stderr)
            return False

    times = []
    clock = time.perf_counter
    start_all = clock()
    for _ in range(args.repeat):
        for rec in records:
            t0 = clock()
            validate(rec)
            times.append(clock() - t0)
    total = clock() - start_all

    n = len(times)
    times.sort()
    median = statistics.median(times)
    p95 = percentile(times, 0.95)
    m = args.matches
    print(f"ruleset {name}: {m} matches x {args.repeat} runs, seed {args.seed}")
    print(
        f"  per match: {plays / m:.0f} plays ({penalties / m:.1f} penalties), "
        f"{hands / m:.1f} hands, {sum(len(r['sets']) for r in records) / m:.2f} sets"
    )
    print(f"  records per second: {n / total:,.0f}")
    print(f"  median per match:   {median * 1e3:.3f} ms   (95th percentile {p95 * 1e3:.3f} ms)")
    print(f"  per play:           {total / (plays * args.repeat) * 1e6:.2f} us")
    print(f"  target <= 0.5 ms per match: {'met' if median <= 0.0005 else 'NOT met'}")
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--ruleset", choices=sorted(CASES), action="append")
    args = ap.parse_args()
    ok = all([run_case(name, args) for name in args.ruleset or DEFAULT])
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
