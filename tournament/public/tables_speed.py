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
"""

import types

from django_tables2 import utils

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
