"""The text rule (tournament/text/clean.py) applied to every string of a JSON document, keys too.

Records and archives are free-form JSON, so no form field names their strings: the
error names the JSON pointer instead, e.g. `/record/players/1: contains a NUL ...`.
The walk is iterative, so a hostile nesting depth cannot exhaust Python's stack.
"""

from .clean import TextError, clean_text

MAX_DEPTH = 32  # a match record nests about 6 deep, an archive about 10


def pointer(path: str, key) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def check_json_text(value, path: str = "", max_depth: int = MAX_DEPTH):
    """Raise TextError naming the pointer of the first unusable string or too deep a nesting."""
    stack = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            clean_text(item, where or "/")
        elif isinstance(item, dict | list):
            if depth >= max_depth:
                raise TextError(f"{where or '/'}: nested more than {max_depth} deep.")
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in reversed(list(pairs)):
                if isinstance(key, str):
                    clean_text(key, f"{where or '/'} (the key {ascii(key)})")
                stack.append((child, pointer(where, key), depth + 1))
