"""The A-Z order of names: the Unicode Collation Algorithm (pyuca, with the DUCET table it
ships), so that "Łukasz" sorts beside "Lukas" and "Zoë" at the end, where code points put
every accented capital after "Z". Every list of names in A-Z order sorts with `name_key`.
"""

from pyuca import Collator

_collator = Collator()


def name_key(name: str) -> tuple:
    """A sort key for `name`: accents and case weigh only where the letters are equal."""
    return _collator.sort_key(" ".join((name or "").split()))


def a_to_z(items, name=lambda item: item):
    """`items` sorted A-Z by `name(item)`."""
    return sorted(items, key=lambda item: name_key(name(item)))
