"""Paths into a JSON value, for the tests that damage records and archives at random."""


def nodes(value, path=()):
    """Every path in `value` (a tuple of keys and indexes), the value's own () first."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from nodes(v, (*path, i))


def parent_of(value, path):
    """The dict or list that holds the node at `path` (not the root's ())."""
    for key in path[:-1]:
        value = value[key]
    return value
