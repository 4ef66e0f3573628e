"""The A-Z order of names: the Unicode Collation Algorithm (pyuca, with the DUCET table it
ships), so that "Łukasz" sorts beside "Lukas" and "Zoë" at the end, where code points put
every accented capital after "Z". Every list of names in A-Z order sorts with `name_key`.
"""

from functools import lru_cache

from pyuca import Collator

_collator = Collator()


# pyuca is pure Python (about 30 µs a name): the same names come back on every page of an
# event, so each process keeps the keys of the names it has seen.
@lru_cache(maxsize=50_000)
def name_key(name: str) -> tuple:
    """A sort key for `name`: accents and case weigh only where the letters are equal."""
    return _collator.sort_key(" ".join((name or "").split()))


def a_to_z(items, name=lambda item: item):
    """`items` sorted A-Z by `name(item)`."""
    return sorted(items, key=lambda item: name_key(name(item)))
