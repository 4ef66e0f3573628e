"""The arbiter's entry form: its keys, the board it describes, what `build()` gives back.

The form is flat. `outcome`; in pairs `seat0`/`seat1` (which member of each side sits
first: seat 0, resp. seat 1; the partner sits two seats on); per set `s1_a`/`s1_b` (the
score of side A and side B), `s1_starter` where the ruleset draws set starters (the seat
that won the draw for the down), `s1_awarded` where it has penalties (a set awarded to a
side); per hand `s1_h3_a`/`s1_h3_b` (points), `s1_h3_void`/`s1_h3_void_seat` (a void
hand: the rule and the offender) and `s1_h3_play` (the play-by-play text).

Side 0 (A) is the board's `side0`. Seats are 0..seats-1 in play order; seats 0 and 2 are
side A's, 1 and 3 side B's. Who starts a set or a hand comes from `scoring.starters`
(the validator's own rules), never from here. No Django, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scoring.formats import MatchFormat
from scoring.rulesets import RULESETS
from scoring.starters import set_starter, sets_alternate

from .. import numbers

FORMAT = "fives-and-threes-match/1"
HAND_ROWS = 12  # rows a set shows without JavaScript; the script can add more
MAX_TEXT = 5000  # characters of play-by-play in one hand

# The form's result types: (outcome for the action, side that conceded or None).
OUTCOMES = {
    "played": ("played", None),
    "forfeit_0": ("forfeit", 0),
    "forfeit_1": ("forfeit", 1),
    "double_forfeit": ("double_forfeit", None),
    "abandoned_0": ("abandoned", 0),
    "abandoned_1": ("abandoned", 1),
}
SIDE_LETTER = "AB"
GENERAL = "__all__"
SEATING = "seating"


@dataclass(frozen=True)
class Table:
    """What the form needs to know about one board: the event's format and the names.

    `names` are the two sides' names; `members` in pairs each side's two member names (in
    the entrant's order). `first_set_starter` is the seat that starts set 1 where sets
    alternate (the pairing's side 0, unless a director set another on this board).
    """

    ruleset: str = "mso"
    names: tuple[str, str] = ("A", "B")
    seats: int = 2
    target: int = 61
    sets_to_win: int = 2
    first_set_starter: int = 0
    members: tuple[tuple[str, str], tuple[str, str]] | None = None

    @property
    def max_sets(self) -> int:
        return MatchFormat(self.target, self.sets_to_win).max_sets

    @property
    def pairs(self) -> bool:
        return self.seats == 4

    @property
    def drawn(self) -> bool:
        """The ruleset draws who starts each set (bndcc): the form asks for it."""
        return not sets_alternate(self.ruleset)

    @property
    def penalties(self) -> bool:
        return RULESETS[self.ruleset].penalty_holes is not None

    @property
    def match_format(self) -> dict:
        return {"target": self.target, "sets_to_win": self.sets_to_win}

    def set_starter(self, index: int, drawn: int | None) -> int | None:
        """The seat starting set `index` (0-based): the drawn one where sets are drawn
        (None while unknown), else alternating from `first_set_starter`."""
        return set_starter(self.ruleset, self.seats, index, drawn=drawn,
                           first_set_starter=None if self.drawn else self.first_set_starter)

    def seat_labels(self) -> list[str]:
        """A, B in singles; A1, B1, A2, B2 (play order) in pairs."""
        if not self.pairs:
            return list(SIDE_LETTER)
        return ["A1", "B1", "A2", "B2"]

    def seat_names(self, data: Mapping | None = None) -> list[str]:
        """The name at each seat: the sides' names in singles; in pairs the members as
        seated by `seat0`/`seat1` (member 1 first where nothing is chosen)."""
        if not self.pairs:
            return list(self.names)
        members = self.members or ((self.names[0], ""), (self.names[1], ""))
        first = [seated_first(data or {}, side) or 0 for side in (0, 1)]
        return [members[0][first[0]], members[1][first[1]],
                members[0][1 - first[0]], members[1][1 - first[1]]]

    def seat_words(self, data: Mapping | None = None) -> list[str]:
        """"Ann Lee (A1)": a seat as the form names it."""
        names, labels = self.seat_names(data), self.seat_labels()
        assert len(names) == len(labels)  # (zip's strict= is not in the phone's MicroPython)
        return [f"{name} ({label})" for name, label in zip(names, labels)]  # noqa: B905


def part_key(key: str, part: str) -> str:
    """The form key of one part of a set's or hand's row: `s1_a`, `s1_h3_void_seat`."""
    return f"{key}_{part}"


def set_key(s: int) -> str:
    """Form key of set `s` (1-based): where its score and awarded errors are shown."""
    return f"s{s}"


def starter_key(s: int) -> str:
    return part_key(set_key(s), "starter")


def awarded_key(s: int) -> str:
    return part_key(set_key(s), "awarded")


def hand_key(s: int, h: int) -> str:
    return f"{set_key(s)}_h{h}"


def play_key(s: int, h: int) -> str:
    return part_key(hand_key(s, h), "play")


def seated_first(data: Mapping, side: int) -> int | None:
    """Which member (0 or 1) of `side` sits at seat `side`, or None if not chosen."""
    raw = str(data.get(f"seat{side}", "") or "").strip()
    return int(raw) if raw in ("0", "1") else None


def chosen_seat(data: Mapping, key: str, seats: int) -> int | None:
    raw = str(data.get(key, "") or "").strip()
    return numbers.whole_or_none(raw, low=0, high=seats - 1)


@dataclass
class Built:
    outcome: str = "played"
    conceded_by: int | None = None
    record: dict | None = None
    # form key -> messages, for problems found before the validator sees the record
    errors: dict[str, list[str]] = field(default_factory=dict)
    # (record set index, record hand index) -> form hand number, since blank rows are skipped
    hand_rows: dict[tuple[int, int], int] = field(default_factory=dict)
    table: Table = field(default_factory=Table)

    @property
    def drawn(self) -> bool:
        return self.table.drawn

    def add(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)
