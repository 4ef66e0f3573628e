"""One rule for text typed by people, at every door: forms, CSV cells, the API, imports.

PostgreSQL refuses NUL in text, a lone surrogate cannot be written as UTF-8 at all, and
other control characters are invisible on every page: each would be a 500 or a name
nobody can read, so they are refused with a message that names where they were found.

Direction controls (the bidi embeddings, overrides and isolates) are refused too: they
make a name read otherwise than it is stored (after U+202E its letters show reversed) and
spill onto whatever follows them on a page. And a name must show: one made only of
invisible characters (zero-width spaces, joiners, fillers) is refused by `visible_name`.
"""

import re
import unicodedata

# One limit for every reason a change is given (kept in the audit log): forms and actions.
MAX_REASON = 2000

# C0 and C1 controls (tab, line feed and carriage return are typed by people: allowed)
# and the surrogate halves, which only ever arrive alone (a str holds whole characters).
# Then the direction controls: U+202A-U+202E (embeddings, overrides and their end) and
# U+2066-U+2069 (isolates and their end). The plain marks (U+200E, U+200F, U+061C) that
# right-to-left text needs stay allowed.
DIRECTION = "\u202a-\u202e\u2066-\u2069"
FORBIDDEN = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff{DIRECTION}]")
# What shows nothing on a page: format characters (zero-width space and joiners, marks,
# the BOM), spaces and separators, and the letters that are drawn blank (Hangul fillers,
# the blank Braille pattern, Khmer's inherent vowels) or only modify another (the
# combining grapheme joiner, variation selectors).
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Zs", "Zl", "Zp"})
BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0"
                  "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07"
                  "\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d\ufe0e\ufe0f")


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
    if re.fullmatch(f"[{DIRECTION}]", char):
        return (f"the direction control U+{ord(char):04X} "
                f"({unicodedata.name(char).lower()}), which makes text read otherwise "
                "than it is written")
    return f"the control character U+{ord(char):04X}"


def invisible(char: str) -> bool:
    """Whether `char` shows nothing by itself on a page."""
    return (char in BLANK or unicodedata.category(char) in INVISIBLE_CATEGORIES
            or 0xE0100 <= ord(char) <= 0xE01EF)  # the supplementary variation selectors


def only_invisible(value: str) -> bool:
    """Whether `value` holds characters and every one of them is invisible."""
    return bool(value) and all(invisible(c) for c in value)


def visible_name(value: str, field: str) -> str:
    """`value` (already clean_text) unless it is made only of invisible characters and is
    not empty: TextError naming `field` and the characters. An empty name is the caller's
    to refuse or accept (some names are optional)."""
    if only_invisible(value):
        shown = ", ".join(dict.fromkeys(f"U+{ord(c):04X}" for c in value if not c.isspace()))
        raise TextError(field, "shows nothing: it holds only invisible characters"
                        + (f" ({shown})" if shown else ""))
    return value


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
