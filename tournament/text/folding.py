"""What "find my board" compares: a name folded so that people find it as they type it.

`fold` transliterates to ASCII (anyascii: "Ł" has no Unicode decomposition, so stripping
accents alone leaves "łukasz" unfound by "lukasz"), lower-cases, and drops every character
that is not a letter, digit or space, so that "O’Brien", "O'Brien" and "obrien" agree.
Digits other than 0-9 ("²", "٣") are dropped before transliterating, as tournament/entry/numbers.py
refuses them: "²" is no way to type pairing number 2.
The public round page ships each name's folded key in a `data-find` attribute, and with
it `fold_table()` of its names: what `fold` makes of each character beyond ASCII in them
(in either case). static/js/find.js folds only what was typed, with that table and the
ASCII rule below (lower-case, keep a-z, 0-9 and spaces), which is this module's own rule
character by character; a query holding a character the table lacks goes to the server,
which folds it here (docs/standings.md).
"""

import re

from anyascii import anyascii

_NOT_WORD = re.compile(r"[^a-z0-9\s]")


def fold(text: str) -> str:
    """'Naomi O’Brien' -> 'naomi obrien'; 'Łukasz Nowak' -> 'lukasz nowak'."""
    text = "".join(c for c in (text or "") if c.isascii() or not c.isdigit())
    return " ".join(_NOT_WORD.sub("", anyascii(text).casefold()).split())


def fold_char(c: str) -> str:
    """What `fold` makes of one character before lower-casing and dropping non-words:
    nothing for a digit other than 0-9, else its transliteration ("Ł" -> "L")."""
    return "" if not c.isascii() and c.isdigit() else anyascii(c)


def fold_table(texts) -> dict[str, str]:
    """{character: fold_char(character)} for every character beyond ASCII in `texts`, in
    the case it has there and in the other (someone types "ł" for "Łukasz"): with it a
    script folds what is typed as `fold` does (`fold(t)` is the lower-cased, filtered
    join of `fold_char` over t), with no table of letters of its own."""
    table = {}
    for text in texts:
        if not text or text.isascii():  # nothing beyond ASCII, in either case
            continue
        for c in set(text):
            for v in (c, c.lower(), c.upper()):
                if len(v) == 1 and not v.isascii():
                    table[v] = fold_char(v)
    return dict(sorted(table.items()))


def web_address(text: str) -> str:
    """An event's address made from its name: 'Łódź Fives' -> 'lodz-fives', 'Кубок
    Москвы' -> 'kubok-moskvy'. Django's slugify alone drops every letter without an ASCII
    decomposition ('odz-fives'), and a name in another script left nothing at all."""
    from django.utils.text import slugify  # here: fold() stays free of Django (the CSV)

    return slugify(anyascii(text or ""))
