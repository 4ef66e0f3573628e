"""Time the scoring rules engine on whole best-of-three matches at play depth.

Usage: .venv/bin/python bench/bench_scoring.py [--matches 300] [--repeat 5] [--seed 2024]
       [--ruleset mso|bndcc-singles|bndcc-pairs]

Matches are generated deterministically by the independent player in
scoring/simulate.py (every deal, play and knock recorded), serialised to JSON and parsed
back, then validated ``--repeat`` times each with ``scoring.validate``.  Prints records per
second, the median and 95th percentile time per match, and the time per play.
Target: median <= 0.5 ms per play-depth match.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import simulate as sim  # noqa: E402
from scoring import validate  # noqa: E402

RULES = {
    "mso": sim.MSO,
    "bndcc-singles": sim.BNDCC_SINGLES,
    "bndcc-pairs": sim.BNDCC_PAIRS,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--ruleset", choices=sorted(RULES), default="mso")
    args = ap.parse_args()

    rules = RULES[args.ruleset]
    kw = {"penalty_rate": 0.01} if rules.penalties else {}
    records = []
    for i in range(args.matches):
        rec = sim.play_match(args.seed * 100_003 + i, rules, **kw)
        if rules.seats == 4:
            rec["seats"] = 4
        records.append(json.loads(json.dumps(rec)))
    plays = sum(len(h["plays"]) for r in records for s in r["sets"] for h in s["hands"])
    hands = sum(len(s["hands"]) for r in records for s in r["sets"])

    for rec in records:  # warm up, and make sure the benchmark measures valid records
        report = validate(rec)
        if not report["valid"] or report["depth"] != "plays":
            print("generated record is not valid:", report["errors"][:3], file=sys.stderr)
            return 1

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
    p95 = times[int(0.95 * (n - 1))]
    print(f"ruleset {args.ruleset}: {args.matches} matches x {args.repeat} runs, seed {args.seed}")
    print(
        f"  per match: {plays / args.matches:.0f} plays, {hands / args.matches:.1f} hands, "
        f"{sum(len(r['sets']) for r in records) / args.matches:.2f} sets"
    )
    print(f"  records per second: {n / total:,.0f}")
    print(f"  median per match:   {median * 1e3:.3f} ms   (95th percentile {p95 * 1e3:.3f} ms)")
    print(f"  per play:           {total / (plays * args.repeat) * 1e6:.2f} us")
    print(f"  target <= 0.5 ms per match: {'met' if median <= 0.0005 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
