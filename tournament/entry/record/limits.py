"""The limits of a typed score, and their words: one home for the server's form
(`tournament/arbiter/forms.py` makes its fields from them) and the phone's check
(`check.py`, run in MicroPython), so the phone refuses what the server refuses, in the same
words. A set's score is 0 to the target; a hand's points 0 to the target, or down to
minus the target where the ruleset has penalties (8 holes against a side). No Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import numbers
from ..fit import MAX_HANDS
from .form import SIDE_LETTER, Table, hand_key, set_key

_SCORE = re.compile(r"^s([0-9]+)(?:_h([0-9]+))?_([ab])$")


@dataclass(frozen=True)
class ScoreLimit:
    """One score box of the form: what it is called, where its errors show, its range."""

    label: str  # "Set 1, side A", "Set 1, hand 3, side B"
    place: str  # the form key its errors are shown under: "s1", "s1_h3"
    low: int
    high: int
    high_says: str  # "a score cannot pass 61"

    @property
    def messages(self) -> dict[str, str]:
        """Each refusal's words, keyed as Django's IntegerField names them."""
        return {"invalid": f"{self.label}: enter a whole number (digits 0-9).",
                "min_value": (f"{self.label}: a score cannot be negative." if self.low == 0
                              else f"{self.label}: at least {self.low}."),
                "max_value": f"{self.label}: {self.high_says}."}

    def refusal(self, raw) -> str | None:
        """Why `raw` (as typed; blank is no score) is refused, or None."""
        text = "" if raw is None else str(raw).strip()
        if text == "":
            return None
        if not numbers.is_whole(text):
            return self.messages["invalid"]
        value = int(text)
        if value < self.low:
            return self.messages["min_value"]
        if value > self.high:
            return self.messages["max_value"]
        return None


def score_limit(key: str, table: Table) -> ScoreLimit | None:
    """The limit of the score box `key` (`s1_a`, `s1_h3_b`), or None for any other key
    and for a box the form does not have (a set past the match's most sets, a hand past
    the most hands a set may have)."""
    m = _SCORE.match(key)
    if m is None:
        return None
    s, h, side = int(m.group(1)), m.group(2), SIDE_LETTER[m.group(3) == "b"]
    if not 1 <= s <= table.max_sets or (h is not None and not 1 <= int(h) <= MAX_HANDS):
        return None
    t = table.target
    if h is None:
        return ScoreLimit(f"Set {s}, side {side}", set_key(s), 0, t,
                          f"a score cannot pass {t}")
    return ScoreLimit(f"Set {s}, hand {h}, side {side}", hand_key(s, int(h)),
                      -t if table.penalties else 0, t, f"a hand cannot score more than {t}")
