"""The arbiter's entry form as a match record, and back (no Django, no database).

Callers use this module (`from tournament.arbiter import record as rec`); it gathers what
its siblings hold, one responsibility each:

* `record_form`: the form's keys and outcomes, `Table` (the board: format, names, seats)
  and `Built` (what `build()` gives back);
* `record_plays`: the play-by-play text of a hand (deal lines, plays, penalties), read and
  written;
* `record_build`: `build()`, the record plus the form's own errors (what is too garbled
  for the validator);
* `record_errors`: `field_for_path()` maps a validator error's JSON pointer back to the
  form field it concerns, and `map_errors()` words the message for that place;
* `record_read`: `form_data()`, a stored record as form values, and what the form shows
  beside them (`void_choices()`, `shown_starters()`).
"""

from __future__ import annotations

from .record_build import build, row_count
from .record_errors import field_for_path, in_form_words, locate, map_errors
from .record_form import (
    FORMAT,
    GENERAL,
    HAND_ROWS,
    MAX_HAND_ROWS,
    MAX_TEXT,
    OUTCOMES,
    SEATING,
    SIDE_LETTER,
    Built,
    Table,
    awarded_key,
    chosen_seat,
    hand_key,
    play_key,
    seated_first,
    set_key,
    starter_key,
)
from .record_plays import hand_text, parse_hand_text, parse_penalty, play_text, void_in_plays
from .record_read import form_data, shown_starters, void_choices

__all__ = [
    "FORMAT",
    "GENERAL",
    "HAND_ROWS",
    "MAX_HAND_ROWS",
    "MAX_TEXT",
    "OUTCOMES",
    "SEATING",
    "SIDE_LETTER",
    "Built",
    "Table",
    "awarded_key",
    "build",
    "chosen_seat",
    "field_for_path",
    "form_data",
    "hand_key",
    "hand_text",
    "in_form_words",
    "locate",
    "map_errors",
    "parse_hand_text",
    "parse_penalty",
    "play_key",
    "play_text",
    "row_count",
    "seated_first",
    "set_key",
    "shown_starters",
    "starter_key",
    "void_choices",
    "void_in_plays",
]
