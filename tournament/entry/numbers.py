"""Whole numbers as people type them: the one parser for every typed number (query
parameters, form fields, seats in play text).

Only ASCII digits count. Python's own tests are wider than a person's intent: `"²".isdigit()`
is true but `int("²")` raises, and `int()` takes Arabic-Indic digits, underscores
("1_000") and surrounding spaces. Checking then converting in two steps is how `?find=²`
answered 500, so every caller asks here instead and gets a NumberError naming the field.
No Django here (the arbiter's record package reads seats with it); the form field that
applies the same rule is tournament/text/number_field.py.
"""

import re

from scoring.report import quoted

_WHOLE = re.compile(r"-?[0-9]+")
# Longer than any number this application stores; keeps int() away from huge texts.
MAX_DIGITS = 9


class NumberError(ValueError):
    """A typed number that is not one, or is out of range; `str()` says which and why."""


def is_whole(text) -> bool:
    """Whether `text` (a str) is a whole number written in ASCII digits, sign allowed."""
    return isinstance(text, str) and _WHOLE.fullmatch(text) is not None and (
        len(text.lstrip("-")) <= MAX_DIGITS)


def whole(text, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """`text` as an int, or NumberError naming `what` (leading and trailing spaces are
    ignored; anything else that is not an ASCII digit is refused)."""
    raw = str(text if text is not None else "").strip()
    if not is_whole(raw):
        shown = quoted(raw[:20])  # (outside the f-string, for the phone's MicroPython)
        raise NumberError(f"{what} must be a whole number written in the digits 0-9, "
                          f"not {shown}.")
    value = int(raw)
    if low is not None and value < low:
        raise NumberError(f"{what} must be at least {low}, not {value}.")
    if high is not None and value > high:
        raise NumberError(f"{what} must be at most {high}, not {value}.")
    return value


def whole_or_none(text, *, low: int | None = None, high: int | None = None) -> int | None:
    """`text` as an int if it is a whole number within the bounds, else None: for fields
    where anything else simply means "not chosen"."""
    try:
        return whole(text, "value", low=low, high=high)
    except NumberError:
        return None

