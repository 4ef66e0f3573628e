"""Precomputed tables for the double-six set: tiles, plays, fits and points."""

from __future__ import annotations

# Tile ids 0..27; a tile is the unordered pair (low, high).
TILES: list[tuple[int, int]] = [(a, b) for a in range(7) for b in range(a, 7)]
TILE_ID: dict[tuple[int, int], int] = {}
for _i, (_a, _b) in enumerate(TILES):
    TILE_ID[(_a, _b)] = _i
    TILE_ID[(_b, _a)] = _i
TILE_NAME: list[str] = [f"{a}-{b}" for a, b in TILES]
PIPS: list[int] = [a + b for a, b in TILES]
BIT: list[int] = [1 << i for i in range(len(TILES))]
# A single tile's bit -> its id (the lowest tile of a mask m is BIT_ID[m & -m]).
BIT_ID: dict[int, int] = {bit: i for i, bit in enumerate(BIT)}
# FIT[v]: bit mask of the tiles that have a half v.
FIT: list[int] = [sum(BIT[i] for i, t in enumerate(TILES) if v in t) for v in range(7)]
ALL_TILES = (1 << len(TILES)) - 1

# Kinds of turn.
DOWN, LEFT, RIGHT, KNOCK = 0, 1, 2, 3
SIDE_NAME = {LEFT: "left", RIGHT: "right"}

# "A-B" -> tile id (either order).
TILE_STR: dict[str, int] = {}
# Every well-formed turn string -> (kind, tile id, a, b) with a, b as written.
PLAYS: dict[str, tuple[int, int, int, int]] = {"knock": (KNOCK, -1, 0, 0)}
for _a in range(7):
    for _b in range(7):
        _t = TILE_ID[(_a, _b)]
        TILE_STR[f"{_a}-{_b}"] = _t
        PLAYS[f"{_a}-{_b}"] = (DOWN, _t, _a, _b)
        PLAYS[f"{_a}-{_b} left"] = (LEFT, _t, _a, _b)
        PLAYS[f"{_a}-{_b} right"] = (RIGHT, _t, _a, _b)
# "A-B" -> the tile's bit (either order): a deal read in one step a tile.
TILE_BIT: dict[str, int] = {text: BIT[t] for text, t in TILE_STR.items()}
# A tile laid where it does not fit, which stands (bndcc rule 5): "A-B left stands".
STANDS: dict[str, tuple[int, int, int, int]] = {
    f"{text} stands": play for text, play in PLAYS.items() if play[0] in (LEFT, RIGHT)
}


def points_for(total: int) -> int:
    """Fives and threes: T/5 if 5 divides T, plus T/3 if 3 divides T; nothing for T <= 0."""
    if total <= 0:
        return 0
    p = 0
    if total % 5 == 0:
        p += total // 5
    if total % 3 == 0:
        p += total // 3
    return p


# The open ends never add up to more than 6 + 6 doubled at both ends.
SCORE: list[int] = [points_for(t) for t in range(49)]
