"""Cross-table cells and a player's round-by-round lines, from the standings input.

Side 0 (players[0]) started set 1 of the match: "w" in the cross-table, as FIDE's
cross-tables mark the first colour ("b": the opponent started).
"""

from .. import standings
from ..text.collation import name_key
from .data import EventData, scores_text

# Cross-table marks: over the board 1/0, forfeits +/−, like FIDE cross-tables.
MARKS = {"win": "1", "loss": "0", "forfeit_win": "+", "forfeit_loss": "−",
         "double_forfeit": "−", "unplayed": "…"}

WORDS = {"win": "won", "loss": "lost", "bye": "bye", "forfeit_win": "won by forfeit",
         "forfeit_loss": "lost by forfeit", "double_forfeit": "double forfeit",
         "unplayed": "awaiting result", "not_paired": "not paired",
         "half_bye": "half-point bye (requested)", "zero_bye": "zero-point bye (requested)",
         "absent": "absent", "late_entry": "late entry: entered after this round was paired"}

# Rounds without a board that score something of their own (standings.NOT_PAIRED_KINDS).
BOARDLESS = {"half_bye": "H", "zero_bye": "Z", "absent": "abs", "late_entry": "late"}


def outcome_for(match, player) -> str:
    """One player's result in a standings.BoardResult, in RoundLine's words."""
    if match.kind in ("bye", "double_forfeit", "unplayed"):
        return match.kind
    won = match.winner == player
    if match.kind == "forfeit":
        return "forfeit_win" if won else "forfeit_loss"
    return "win" if won else "loss"


def seats(event: EventData) -> dict:
    """(player, round) -> (opponent, started_set_1, match)."""
    found = {}
    for m in event.matches:
        a, b = m.players
        found[(a, m.round)] = (b, True, m)
        if b is not None:
            found[(b, m.round)] = (a, False, m)
    return found


def cell(entry, player) -> str:
    if entry is None:
        return "–"
    opponent, started, match = entry
    if match.kind in BOARDLESS:
        return BOARDLESS[match.kind]
    if opponent is None:
        return "bye"
    return f"{opponent}{'w' if started else 'b'}{MARKS[outcome_for(match, player)]}"


def rows(event: EventData, rounds) -> list[dict]:
    found = seats(event)
    out = []
    for row in event.table.rows:
        line = {"rank": row.rank, "shared": row.shared, "player": row.player,
                "number": row.player, "name": row.name, "name_key": name_key(row.name),
                "points": row.points}
        for n in rounds:
            line[f"r{n}"] = cell(found.get((row.player, n)), row.player)
        out.append(line)
    return out


def player_lines(event: EventData, number: int, *, mark_dropped: bool = False) -> list[dict]:
    """A player's rounds for their page. `mark_dropped`: say which round's spread the
    points spread leaves out (when that tie-break is in force)."""
    found = seats(event)
    lines = []
    for line in standings.player_rounds(event.players, event.matches, event.points, number,
                                        after_round=event.after_round):
        entry = found.get((number, line.round))
        played = line.result in ("win", "loss")
        won = (line.sets_won, line.sets_lost)
        lines.append({
            "round": line.round,
            "opponent": line.opponent,
            "opponent_name": line.opponent_name,
            "started": entry[1] if entry and line.opponent is not None else None,
            "result": WORDS.get(line.result, line.result),
            "sets": (f"{won[0]}–{won[1]} ({scores_text(line.sets, line.awarded_to)})"
                     if line.sets else ""),
            "spread": standings.format_value(line.spread, signed=True) if played else "",
            "round_spread": standings.format_value(line.spread, signed=True),
            "dropped": mark_dropped and line.dropped,
            "points": standings.format_value(line.points),
            "total": standings.format_value(line.total),
            "counted": line.result not in ("unplayed", "not_paired"),
        })
    return lines
