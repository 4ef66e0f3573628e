"""The verdict test: the phone's rules engine (MicroPython's WebAssembly port running the
engine's files, through the very `startEngine` of tournament/static/js/engine.mjs, in
node) gives the server's reports, whole, for every record the suite checks the phone with
and 2,000 random play-by-play records of both rulebooks with penalties, and the server's
form messages for typed forms. No database, no browser: about half a minute in node."""

import json
import os
import random
import shutil
import subprocess

import pytest

from scoring import simulate as sim
from scoring import validate
from tests.offline_records import records
from tests.scoring.records import example_match
from tests.scoring.test_properties import CORRUPTIONS
from tournament.entry.record.check import check, table_json
from tournament.entry.record.form import Table
from tournament.entry.record.read import form_data
from tournament.offline.bundle import ROOT, engine_bundle

NODE = shutil.which("node")
PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
HARNESS = ROOT / "tests" / "offline" / "phone_engine.mjs"

if not (NODE and PACKAGE.is_dir()) and not os.environ.get("CI"):
    pytest.skip("needs node and `npm ci` (MicroPython's WebAssembly port)",
                allow_module_level=True)


def on_the_phone(tmp_path, jobs):
    """Each job's answer from the phone's engine, and its timings."""
    bundle, todo, out = tmp_path / "engine.json", tmp_path / "jobs.json", tmp_path / "out.json"
    bundle.write_bytes(engine_bundle()[0])
    todo.write_text(json.dumps(jobs))
    done = subprocess.run([NODE, str(HARNESS), str(ROOT), str(bundle), str(todo), str(out)],
                          capture_output=True, text=True, timeout=170)
    assert done.returncode == 0, done.stderr[-2000:]
    answer = json.loads(out.read_text())
    assert len(answer["answers"]) == len(jobs)
    return answer


def as_json(report):
    return json.loads(json.dumps(report))


def odd_records():
    """Records the scoring tests meet: the spec's example, every corruption of the property
    tests, and values no JavaScript number holds, letters beyond ASCII, the wrong types."""
    out = [("example", example_match())]
    for i, corrupt in enumerate(CORRUPTIONS):
        for seed in range(3):
            rec = sim.play_match(100 + seed, sim.BNDCC_SINGLES if i % 2 else sim.MSO)
            try:
                corrupt(rec, random.Random(seed))
            except Exception:  # noqa: BLE001 - a corruption that does not fit this match
                continue
            out.append((f"{corrupt.__name__} {seed}", rec))
    base = example_match()
    for label, change in [
        ("huge starter", {"first_set_starter": 10**100}),
        ("float score", {"sets": [{"starter": 0, "score": [61.0, 40]}]}),
        ("names beyond ASCII", {"players": ["Zoë Ångström", "Łukasz Ñúñez"]}),
        ("ruleset beyond ASCII", {"ruleset": "mśo"}),
        ("tile with an en dash", {"sets": [{"starter": 0, "score": [61, 0], "hands": [
            {"starter": 0, "plays": ["3–6", "6-0 right"]}]}]}),
        ("play in quotes", {"sets": [{"starter": 0, "score": [61, 0], "hands": [
            {"starter": 0, "plays": ['3-6 "left"', "\u00e9-6"]}]}]}),
        ("bool seat", {"first_set_starter": True}),
        ("void by no rule", {"ruleset": "bndcc", "sets": [{"starter": 0, "score": [61, 0],
                                                           "hands": [{"starter": 0, "void": {
                                                               "seat": 0, "rule": "nope"}}]}]}),
        ("nested junk", {"sets": [[[[]]], {"score": {"a": 1}}, "x", None]}),
    ]:
        rec = json.loads(json.dumps(base))
        rec.update(change)
        out.append((label, rec))
    out += [(f"not a record {v!r}", v) for v in (None, 42, 3.5, "text", [], [1, 2], True)]
    return out


def random_records(n=2000):
    """n random play-by-play matches of one set (the engine's whole path, hand after hand),
    both rulebooks, singles and pairs, with penalties of every kind; a third corrupted."""
    rulebooks = [(sim.MSO, {}),
                 (sim.BNDCC_SINGLES, {"penalty_rate": 0.05, "penalty_kinds": sim.ALL_KINDS}),
                 (sim.BNDCC_PAIRS, {"penalty_rate": 0.05, "penalty_kinds": sim.ALL_KINDS})]
    rng = random.Random(31)
    out = []
    for i in range(n):
        rules, kw = rulebooks[i % 3]
        rec = sim.play_match(5000 + i, rules, match={"target": 61, "sets_to_win": 1}, **kw)
        if i % 3 == 2:
            try:
                rng.choice(CORRUPTIONS)(rec, rng)
            except Exception:  # noqa: BLE001 - a corruption that does not fit this match
                pass
        out.append((f"random {i}", rec))
    return out


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")
def test_the_phone_gives_the_servers_report_for_every_record(tmp_path):
    cases = records() + odd_records() + random_records()
    assert len(cases) > 2200
    # As JSON text: 10**100 reaches the engine whole, as a phone's record would.
    jobs = [{"op": "validate", "text": json.dumps(rec)} for _, rec in cases]
    answer = on_the_phone(tmp_path, jobs)
    legal = 0
    for (label, rec), got in zip(cases, answer["answers"], strict=True):
        want = as_json(validate(rec))
        assert got == want, label
        legal += want["valid"]
    assert 500 < legal < len(cases) - 500  # plenty of both
    print(f"\nthe phone's engine: started in {answer['start_ms']:.0f} ms, "
          f"{len(cases)} records in {answer['run_ms'] / 1000:.1f} s")


def typed_forms():
    """Forms typed from records, and typing slips, with words beyond ASCII."""
    out = []
    for label, record in records(per_ruleset=2):
        seats = len(record["players"])
        table = Table(ruleset=record["ruleset"], seats=seats, names=("Ann", "Zoë"),
                      first_set_starter=record["first_set_starter"],
                      members=(("Ann Lee", "Cy Dee"), ("Zoë Ng", "Di Fox")) if seats == 4
                      else None)
        fields = form_data("played", None, record, table)
        out.append((label, fields, table))
        out.append((label + " drawn set", {**fields, "s1_a": "61", "s1_b": "61"}, table))
        play = next((k for k in fields if k.endswith("_play") and fields[k]), None)
        if play:
            for slip in (", 6-6 left", ", é-3 – 3–6 LEFT", "\n B: 1-1, 2-2 r stands",
                         ", penalty A nope"):
                out.append((f"{label} {slip!r}", {**fields, play: fields[play] + slip}, table))
    for typed in ({"s1_a": "62", "s1_b": "40"}, {"s1_a": "-1", "s1_b": "61"},
                  {"s1_a": "٣", "s1_b": "61"}, {"s1_a": "6 1", "s1_b": "x"},
                  {"seat0": "2", "s1_a": "61", "s1_b": "0", "s1_h1_a": "61", "s1_h1_b": "0"}):
        out.append((repr(typed), {"outcome": "played", **typed}, Table()))
    return out


def test_the_phone_gives_the_servers_form_messages(tmp_path):
    cases = typed_forms()
    jobs = [{"op": "check", "fields": fields, "table": table_json(table)}
            for _, fields, table in cases]
    answer = on_the_phone(tmp_path, jobs)
    refused = 0
    for (label, fields, table), got in zip(cases, answer["answers"], strict=True):
        want = as_json(check(fields, table_json(table)))
        assert got == want, label
        refused += want["valid"] is False
    assert refused >= len(cases) // 3


TABLE_MEMO = """
const {memoTableGet} = await import(process.argv[1]);
const T = WebAssembly.Table, original = T.prototype.get;
const first = memoTableGet(T), again = memoTableGet(T);
const t = new T({initial: 2, element: "externref"}, null);
const a = {}, b = {}, c = {};
const seen = [t.get(0) === null];
t.set(0, a);
seen.push(t.get(0) === a, t.get(0) === a);
t.set(0, b);
seen.push(t.get(0) === b);
t.grow(1, c);
seen.push(t.get(2) === c, t.get(1) === null);
console.log(JSON.stringify({first, again, patched: T.prototype.get !== original, seen}));
"""


def test_the_wasm_tables_lookups_are_memoised_and_follow_changes():
    """engine.mjs answers `WebAssembly.Table.prototype.get` from a memo (the port's
    assertions look every call's target up twice, docs/offline.md): installed once, and a
    table's `set` and `grow` are seen (the verdict tests above run the engine with it)."""
    engine = ROOT / "tournament" / "static" / "js" / "engine.mjs"
    done = subprocess.run([NODE, "--input-type=module", "-e", TABLE_MEMO, engine.as_uri()],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {"first": True, "again": False, "patched": True,
                                       "seen": [True] * 6}


INTERNED = """
const [micropython, wasm, bundle] = process.argv.slice(1);
const fs = await import("fs");
const {loadMicroPython} = await import(micropython);
const mp = await loadMicroPython({url: wasm, heapsize: 8 << 20, pystack: 65536});
const files = JSON.parse(fs.readFileSync(bundle)).files;
for (const p of Object.keys(files)) {
  mp.FS.mkdirTree("/engine/" + p.slice(0, p.lastIndexOf("/")));
  mp.FS.writeFile("/engine/" + p, p.endsWith(".mpy") ? Buffer.from(files[p], "base64") : files[p]);
}
mp.runPython(`
import sys
sys.path.insert(0, '/engine')
sys.path.insert(0, '/engine/phone')
import json
def same(word):
    text = json.dumps(word)
    return json.loads(text) is json.loads(text)
# Made as the program runs: a literal of this source would be interned by the compiler.
words = ["-".join(w.split("+")) for w in ("6+0 left", "2+5 right stands", "not a+turn")]
before = [same(w) for w in words]
import boot
after = [same(w) for w in words]
import gc
found = json.dumps({"before": before, "after": after,
                    "all": all(same(w) for w in list(boot.PLAYS) + list(boot.STANDS)),
                    "threshold": gc.threshold()})
`);
console.log(mp.globals.get("found"));
"""


def test_the_phone_interns_every_turn_and_collects_less_often(tmp_path):
    """boot.py interns every tile and turn (scoring.tiles' PLAYS and STANDS), so that the
    phone's json.loads makes no new string for them (one object for each, read twice), and
    asks for a garbage collection after every megabyte allocated, not the port's 16 KB
    (which made every check end with a whole collection)."""
    bundle = tmp_path / "engine.json"
    bundle.write_bytes(engine_bundle()[0])
    done = subprocess.run([NODE, "--input-type=module", "-e", INTERNED,
                           (PACKAGE / "micropython.mjs").as_uri(),
                           str(PACKAGE / "micropython.wasm"), str(bundle)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {"before": [False, False, False],
                                       "after": [True, True, False], "all": True,
                                       "threshold": 1 << 20}
