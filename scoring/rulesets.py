"""Every rule that differs between leagues, as data, in one place.

A league variant is one new ``Ruleset`` entry in ``RULESETS``; the engine reads only these
fields and has no branch on a ruleset's name.
"""

from __future__ import annotations

from dataclasses import dataclass

# How the first hand of each set (leg) gets its starter.
SET_STARTER_ALTERNATES = "alternate"  # set i is started by first_set_starter + i (mod seats)
SET_STARTER_DRAWN = "drawn"  # decided by a draw before each set: recorded, never derived


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    # Seat counts a record may use.  Seats sit in play order 0, 1, 2, 3; seats s and
    # s + 2 are partners, so seat s plays for side s % 2.  Every [a, b] pair in a record
    # (score, points, sets_won) is per side.
    seat_counts: tuple[int, ...] = (2,)
    tiles_per_seat: int = 7
    # Set (leg) won by reaching exactly this many points; a score that would pass it
    # scores nothing, and the set ends the moment a side reaches it.
    target: int = 61
    # May the down (the first tile of a hand) score the points that reach the target?
    down_may_win: bool = True
    # Extra points for laying one's last tile (0: none; the tile still scores by its ends).
    last_tile_bonus: int = 0
    # Points to the side holding the fewest pips when a hand is blocked (0: none).
    blocked_lowest_hand_bonus: int = 0
    # A hand is over when every seat of one side has laid all its tiles.
    # (For singles that is "when a player lays the last tile".)
    # Penalty entries {"penalty": {"seat": S, "reason": "..."}} in plays: None = not allowed;
    # N = the offender's side goes back N, or the opponents go up N when the offender's
    # side has fewer than N.
    penalty_holes: int | None = None
    # First hand of each set: alternate across sets, or drawn (recorded, not checked).
    set_starter: str = SET_STARTER_ALTERNATES
    # Within a set the down passes to the next seat in play order (with two seats: it
    # alternates), the first hand started by the set's starter.
    # Match: first side to win sets_to_win sets; at most max_sets sets.
    sets_to_win: int = 2
    max_sets: int = 3


MSO = Ruleset(
    name="mso",
    title="Mind Sports Olympiad",
)

BNDCC = Ruleset(
    name="bndcc",
    title="British National Domino and Crib Championships",
    seat_counts=(2, 4),
    tiles_per_seat=6,
    down_may_win=False,
    penalty_holes=8,
    set_starter=SET_STARTER_DRAWN,
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (MSO, BNDCC)}
