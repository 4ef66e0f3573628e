"""A series' standings: points by place in each event, summed per player (no Django).

Each event gives its ranked rows; a row's place earns `scale[place - 1]` points (nothing
beyond the scale). Players who share a place each earn that place's points (two sharing
2nd both take 2nd's). A pair's place counts for each of its members. Who is one player
across events is the caller's to say (a person's id, or one entrant of one event when
never linked): nothing here matches names.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field


@dataclass
class Placing:
    """One player's place in one event of the series."""

    event: Hashable
    place: int
    points: int


@dataclass
class SeriesRow:
    player: Hashable
    name: str
    points: int = 0
    placings: list[Placing] = field(default_factory=list)
    rank: int = 0
    shared: bool = False

    @property
    def best(self) -> int:
        return min((p.place for p in self.placings), default=0)


def points_for(place: int, scale: list[int]) -> int:
    return scale[place - 1] if 1 <= place <= len(scale) else 0


def series_standings(events, scale: list[int]) -> list[SeriesRow]:
    """`events`: [(event, [(place, [(player, name), ...]), ...]), ...] in the series'
    order. Rows by points, then by the best place, then by name; equal on both share a
    rank (1, 2, 2, 4)."""
    rows: dict[Hashable, SeriesRow] = {}
    for event, placings in events:
        for place, players in placings:
            for player, name in players:
                row = rows.setdefault(player, SeriesRow(player, name))
                got = points_for(place, scale)
                row.points += got
                row.placings.append(Placing(event, place, got))
    ordered = sorted(rows.values(), key=lambda r: (-r.points, r.best, r.name.casefold()))
    for i, row in enumerate(ordered):
        before = ordered[i - 1] if i else None
        if before is not None and (before.points, before.best) == (row.points, row.best):
            row.rank, row.shared, before.shared = before.rank, True, True
        else:
            row.rank = i + 1
    return ordered
