"""django-tables2 without its per-cell signature lookup.

For every cell django-tables2 asks `inspect.signature` which arguments the column's render
method takes (`django_tables2.utils.call_with_appropriate`): a page of 100 standings
rows spent more on that than on the standings themselves (bench/bench_standings.py).
A function's signature never changes, so it is looked up once per function here.

Only plain functions and methods bound to them are remembered, by their code (the names
of the arguments are all django-tables2 reads), so a method bound to each new table, or a
render function made anew for each table class (tables.value_renderer), shares one entry
and the store stays as small as the code. Anything else (a partial, a callable object, a
wrapper whose signature is another function's) is asked every time, as django-tables2
itself does.

This replaces a function of django-tables2's own (`utils.signature`, looked up by
`utils.call_with_appropriate` on every call), so it is pinned: PINNED_VERSION must be the
installed and required version, and RELIED_ON holds the sha256 of the source of each
function it relies on. tests/public/test_tables_speed.py fails when either changes; then
read the new code, check that answering from a store is still right, and update the pins.
"""

import types
from importlib.metadata import version

from django_tables2 import utils

PINNED_VERSION = "3.0.1"
INSTALLED_VERSION = version("django-tables2")
# What `signature` replaces, and the one caller that must keep asking it by its module name.
RELIED_ON = {
    "signature": "448d922c8dcc0c9e9e6660aaf7ead5fbe5e579fe5a6a9c0c83b5cb473236de8d",
    "call_with_appropriate":
        "bcb1f2a3c2418a70c265c255b3a3beafa304a0f45a659ba8da31ad574e93e715",
}

_signatures: dict = {}
_original = utils.signature


def signature(fn):
    bound = isinstance(fn, types.MethodType)
    func = fn.__func__ if bound else fn
    if not isinstance(func, types.FunctionType) or hasattr(func, "__wrapped__"):
        return _original(fn)
    key = (func.__code__, bound)
    found = _signatures.get(key)
    if found is None:
        found = _signatures[key] = _original(fn)
    return found


def install() -> None:
    """Called once, from TournamentConfig.ready."""
    utils.signature = signature
