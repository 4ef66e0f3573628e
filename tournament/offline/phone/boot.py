"""The phone's engine, started by static/js/engine.mjs in MicroPython: the shims beside
it stand in for the standard library's missing pieces, then the server's own
`scoring` and `tournament.entry.record.check` are imported, and `validate` and `check`
take and give JSON text (the worker passes strings, never proxies)."""

import builtins
import gc
import sys

import shim_dataclasses
import shim_json
import shim_re
import shim_small

for _name, _module in (("__future__", shim_small), ("typing", shim_small),
                       ("collections.abc", shim_small), ("dataclasses", shim_dataclasses),
                       ("re", shim_re), ("json", shim_json)):
    sys.modules[_name] = _module
# MicroPython raises RuntimeError("maximum recursion depth exceeded") where CPython raises
# RecursionError (a RuntimeError): the engine's `except RecursionError` catches it so.
if not hasattr(builtins, "RecursionError"):
    builtins.RecursionError = RuntimeError

import json  # noqa: E402

import scoring  # noqa: E402
from scoring.tiles import PLAYS, STANDS  # noqa: E402
from tournament.entry.record import check as record_check  # noqa: E402

# MicroPython's json.loads gives a string it already knows as an interned word (a qstr)
# without making a new one: every tile and turn a record can hold ("3-6", "6-0 left",
# "knock", "2-5 right stands") is interned here once (getattr interns the name it is
# asked for), so reading a record makes none of its few hundred tile strings: json.loads
# about twice as quick in node (docs/offline.md). Nothing else changes: equal strings.
for _word in PLAYS:
    getattr(builtins, _word, None)
for _word in STANDS:
    getattr(builtins, _word, None)

# The WebAssembly port collects garbage only when JavaScript's call returns, and asks for a
# collection after every 16 KB allocated: every check (a match allocates about 25 KB) ended
# with a whole collection of the engine's heap, about a third of a match's time in node.
# After every megabyte instead: one collection in about forty matches, the heap (8 MB to
# start with) no bigger for it (docs/offline.md).
GC_THRESHOLD = 1 << 20
gc.threshold(GC_THRESHOLD)


def validate(record):
    return json.dumps(scoring.validate(json.loads(record)))


def check(fields, table):
    return json.dumps(record_check.check(json.loads(fields), json.loads(table)))
