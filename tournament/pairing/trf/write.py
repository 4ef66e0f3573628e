"""Writing a :class:`TrfEvent` as TRF(x) text: :func:`write_trf`.

This module imports nothing from Django.
"""

from __future__ import annotations

from tournament.pairing.trf.data import (
    PLAYER_COLUMNS,
    TrfEvent,
    TrfPlayer,
    TrfResult,
    completed_rounds,
)


def _points_str(points_times_ten: int) -> str:
    whole, tenth = divmod(points_times_ten, 10)
    return f"{whole}.{tenth}"


def _ranks(players: tuple[TrfPlayer, ...]) -> dict[int, int]:
    order = sorted(players, key=lambda p: (-p.points_times_ten, p.number))
    return {p.number: i for i, p in enumerate(order, start=1)}


def _player_line(player: TrfPlayer, rank: int, results: tuple[TrfResult, ...]) -> str:
    points = sum(r.points_times_ten for r in results)
    head = (
        "001"
        + " "
        + str(player.number).rjust(4)
        + " "
        + (player.sex or " ")[:1]
        + (player.title or "").rjust(3)[:3]
        + " "
        + player.name[:33].ljust(33)
        + " "
        + ("" if player.rating is None else str(player.rating)).rjust(4)
        + " "
        + (player.federation or "")[:3].ljust(3)
        + " "
        + ("" if player.fide_id is None else str(player.fide_id)).rjust(11)[:11]
        + " "
        + (player.birth_date or "")[:10].ljust(10)
        + " "
        + _points_str(points).rjust(4)
        + " "
        + str(rank).rjust(4)
    )
    assert len(head) == PLAYER_COLUMNS["rank"][1], head
    body = "".join("  " + r.to_trf() for r in results)
    return (head + body).rstrip() if body else head


def write_trf(event: TrfEvent) -> str:
    """Write the event as TRF(x) text (one trailing newline).

    Line order: 012, the 001 lines, ``other_lines`` (verbatim), XXR, XXC, XXP.

    The points column is computed from the results, the rank column too unless the player
    carries an explicit ``rank``.  Absent players get a ``0000 - Z`` entry for the round being
    paired, unless every planned round is done (no column for a round that does not exist).
    Names longer than the 33-character field are truncated.
    """
    done = completed_rounds(event)
    more = event.rounds_planned is None or done < event.rounds_planned
    computed_rank = _ranks(event.players)
    lines = []
    if event.name:
        lines.append(f"012 {event.name}")
    for p in event.players:
        results = p.results
        if more and p.number in event.absent and len(results) == done:
            results = results + (TrfResult(None, "-", "Z"),)
        rank = p.rank if p.rank is not None else computed_rank[p.number]
        lines.append(_player_line(p, rank, results))
    lines.extend(event.other_lines)
    if event.rounds_planned is not None:
        lines.append(f"XXR {event.rounds_planned}")
    if event.first_colour is not None:
        lines.append(f"XXC {event.first_colour}")
    for pair in event.forbidden:
        lines.append("XXP " + " ".join(str(n) for n in pair))
    return "\n".join(lines) + "\n"
