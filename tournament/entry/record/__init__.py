"""The arbiter's entry form as a match record, and back (no Django, no database).

Callers use this package's face (`from tournament.entry import record as rec`); it
gathers what its modules hold, one responsibility each:

* `form`: the form's keys and outcomes, `Table` (the board: format, names, seats)
  and `Built` (what `build()` gives back);
* `plays`: the play-by-play text of a hand (deal lines, plays, penalties), read and
  written;
* `build`: `build()`, the record plus the form's own errors (what is too garbled
  for the validator);
* `errors`: `field_for_path()` maps a validator error's JSON pointer back to the
  form field it concerns, and `map_errors()` words the message for that place;
* `limits`: `score_limit()`, a score box's range and the words of its refusals (the
  server's form and the phone's check share them);
* `read`: `form_data()`, a stored record as form values, and what the form shows
  beside them (`void_choices()`, `shown_starters()`).
"""

from __future__ import annotations

from ..fit import MAX_HANDS
from .build import build, row_count
from .errors import field_for_path, in_form_words, locate, map_errors
from .form import (
    FORMAT,
    GENERAL,
    HAND_ROWS,
    MAX_TEXT,
    OUTCOMES,
    SEATING,
    SIDE_LETTER,
    Built,
    Table,
    awarded_key,
    chosen_seat,
    hand_key,
    part_key,
    play_key,
    seated_first,
    set_key,
    starter_key,
)
from .limits import ScoreLimit, score_limit
from .plays import hand_text, parse_hand_text, parse_penalty, play_text, void_in_plays
from .read import form_data, shown_starters, void_choices

__all__ = [
    "FORMAT",
    "GENERAL",
    "HAND_ROWS",
    "MAX_HANDS",
    "MAX_TEXT",
    "OUTCOMES",
    "SEATING",
    "SIDE_LETTER",
    "ScoreLimit",
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
    "part_key",
    "play_key",
    "play_text",
    "row_count",
    "score_limit",
    "seated_first",
    "set_key",
    "shown_starters",
    "starter_key",
    "void_choices",
    "void_in_plays",
]
