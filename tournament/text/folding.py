"""What "find my board" compares: a name folded so that people find it as they type it.

`fold` transliterates to ASCII (anyascii: "Ł" has no Unicode decomposition, so stripping
accents alone leaves "łukasz" unfound by "lukasz"), lower-cases, and drops every character
that is not a letter, digit or space, so that "O’Brien", "O'Brien" and "obrien" agree.
Digits other than 0-9 ("²", "٣") are dropped before transliterating, as tournament/entry/numbers.py
refuses them: "²" is no way to type pairing number 2.
The public round page ships each name's folded key in a `data-find` attribute, and
static/js/find.js folds only what was typed, in the simple way that gives the same result
for ASCII and accented Latin letters; a query still holding other letters goes to the
server, which folds it here (docs/standings.md).
"""

import re

from anyascii import anyascii

_NOT_WORD = re.compile(r"[^a-z0-9\s]")


def fold(text: str) -> str:
    """'Naomi O’Brien' -> 'naomi obrien'; 'Łukasz Nowak' -> 'lukasz nowak'."""
    text = "".join(c for c in (text or "") if c.isascii() or not c.isdigit())
    return " ".join(_NOT_WORD.sub("", anyascii(text).casefold()).split())


def web_address(text: str) -> str:
    """An event's address made from its name: 'Łódź Fives' -> 'lodz-fives', 'Кубок
    Москвы' -> 'kubok-moskvy'. Django's slugify alone drops every letter without an ASCII
    decomposition ('odz-fives'), and a name in another script left nothing at all."""
    from django.utils.text import slugify  # here: fold() stays free of Django (the CSV)

    return slugify(anyascii(text or ""))
