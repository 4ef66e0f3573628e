"""One rule for text typed by people, at every door: forms, CSV cells, the API, imports.

PostgreSQL refuses NUL in text, a lone surrogate cannot be written as UTF-8 at all, and
other control characters are invisible on every page: each would be a 500 or a name
nobody can read, so they are refused with a message that names where they were found.
"""

import re

# One limit for every reason a change is given (kept in the audit log): forms and actions.
MAX_REASON = 2000

# C0 and C1 controls (tab, line feed and carriage return are typed by people: allowed)
# and the surrogate halves, which only ever arrive alone (a str holds whole characters).
FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class TextError(ValueError):
    """Text refused by `clean_text`: str() names the field and says what is wrong;
    `problem` says it alone, for a form that shows it next to the field."""

    def __init__(self, field: str, problem: str | None = None):
        if problem is None:  # TextError("the whole message.")
            super().__init__(field)
            self.field, self.problem = "", field.rstrip(".")
            return
        super().__init__(f"{field}: {problem}.")
        self.field = field
        self.problem = problem


def describe(char: str) -> str:
    if char == "\x00":
        return "a NUL character (\\x00), which text may not hold"
    if "\ud800" <= char <= "\udfff":
        return (f"U+{ord(char):04X}, half of a character (a lone surrogate) that cannot be "
                "written as UTF-8")
    return f"the control character U+{ord(char):04X}"


def clean_text(value, field: str, max_length: int | None = None) -> str:
    """`value` once checked; raise TextError naming `field` when it is unusable text.

    Refused: anything that is not a str, NUL and other control characters (tab and
    newlines aside), lone surrogates, and more than `max_length` characters. Nothing is
    stripped or changed: the caller trims as it wishes. None reads as "".
    """
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TextError(field, f"expected text, not {type(value).__name__}")
    bad = FORBIDDEN.search(value)
    if bad:
        raise TextError(field, f"contains {describe(bad.group())}")
    if max_length is not None and len(value) > max_length:
        raise TextError(field, f"at most {max_length} characters (this has {len(value)})")
    return value
