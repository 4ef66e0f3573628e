"""The phone's engine in node, by CPU time (less at the mercy of a busy machine than the
browser's wall clock, bench/bench_offline.py): its start (MicroPython, the engine's files,
their import), one play-by-play match checked (scoring.validate) and one entry form
(record.check: refused with a few hundred messages, and valid), for this tree's engine
files and, with `--beside PATH`, another checkout's (its tournament/offline/bundle.py
builds them), alternately in the same run. Each is run by its own tree's
static/js/engine.mjs (which starts MicroPython: part of the engine's speed is there) and
node_modules.

Run: .venv/bin/python bench/bench_engine_node.py [--beside /path/to/main] [--runs 5]
(needs node and `npm ci`)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HARNESS = ROOT / "bench" / "engine_node.mjs"


def bundle_of(tree: Path, out: Path) -> None:
    """The engine's JSON as `tree`'s bundle.py builds it."""
    code = ("import sys; from tournament.offline.bundle import engine_bundle;"
            "sys.stdout.buffer.write(engine_bundle()[0])")
    env = dict(os.environ, PYTHONPATH=str(tree), DJANGO_SETTINGS_MODULE="tournament.settings")
    data = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, check=True,
                          capture_output=True).stdout
    out.write_bytes(data)


def jobs(out: Path) -> None:
    from scoring import simulate as sim
    from tournament.entry.record.check import table_json
    from tournament.entry.record.form import Table
    from tournament.entry.record.read import form_data

    records = [sim.play_match(seed) for seed in range(40)]
    table = Table()
    # Forms typed on a board of the default format (refused: a few hundred messages each,
    # as in bench_offline.py), and each on its own board (valid, the common case).
    out.write_text(json.dumps({"records": records, "table": table_json(table),
                               "forms": [form_data("played", None, m, table)
                                         for m in records[:20]],
                               "valid": [[form_data("played", None, m, t), table_json(t)]
                                         for m in records[:20] for t in
                                         [Table(first_set_starter=m["first_set_starter"])]]}))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--beside", type=Path, help="another checkout, measured alternately")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    trees = {"this tree": ROOT}
    if args.beside:
        trees["beside (" + str(args.beside) + ")"] = args.beside.resolve()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        jobs(work / "jobs.json")
        for n, tree in enumerate(trees.values()):
            bundle_of(tree, work / f"engine{n}.json")
        got = {name: [] for name in trees}
        for _ in range(args.runs):
            for n, (name, tree) in enumerate(trees.items()):
                done = subprocess.run(["node", str(HARNESS), str(tree),
                                       str(work / f"engine{n}.json"), str(work / "jobs.json")],
                                      capture_output=True, text=True, check=True)
                got[name].append(json.loads(done.stdout))
    for name, runs in got.items():
        med = statistics.median
        print(f"{name}: engine started in {med(r['start']['cpu'] for r in runs):,.0f} ms CPU "
              f"(wall {med(r['start']['wall'] for r in runs):,.0f} ms); one play-by-play match "
              f"{med(med(r['validate']) for r in runs):.1f} ms CPU; one entry form "
              f"{med(med(r['check']) for r in runs):.1f} ms CPU refused, "
              f"{med(med(r['valid']) for r in runs):.1f} ms CPU valid "
              f"(medians of {len(runs)} runs)")


if __name__ == "__main__":
    main()
