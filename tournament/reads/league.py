"""A team event's league table as the public pages, the API and `manage.py standings
--json` show it (shared/spec/competitions.md, "Teams"). The table itself is read by
`history.league_table` (beside the standings it stands for: `history.points_before`
reads it too); here its rows as JSON and a pairing list's points.
"""

from .history import LeagueTable, counted_team_matches, league_table

__all__ = ["LeagueTable", "counted_team_matches", "league_table", "points_by_number",
           "rows_json"]


def placed_words(row) -> str:
    """How a team was placed, in a sentence, as the standings' explanations say it."""
    if row.decided_by:
        return row.decided_by[:1].upper() + row.decided_by[1:] + "."
    return "Placed by points, board difference and boards won."


def rows_json(table: LeagueTable) -> list[dict]:
    """The rows as `manage.py standings --json` and the API give them: the standings'
    keys (rank, shared, player: the team's pairing number, name, points, tiebreaks: the
    league's board difference and boards won, withdrawn_after_round, explanation) and for
    teams played, won, drawn, lost, boards_for, boards_against."""
    out = []
    for row in table.rows:
        number, name = table.entrants[row.team]
        tied = bool(row.decided_by)  # placed among teams level before the head-to-head
        out.append({"rank": row.rank, "shared": row.shared, "player": number, "name": name,
                    "points": row.points,
                    "tiebreaks": {"board_difference": row.board_difference,
                                  "boards_for": row.boards_for},
                    "withdrawn_after_round": None,
                    "explanation": {"placed": placed_words(row),
                                    "group": row.rank if tied else None,
                                    "steps": [], "group_steps": []},
                    "played": row.played, "won": row.won, "drawn": row.drawn,
                    "lost": row.lost, "boards_for": row.boards_for,
                    "boards_against": row.boards_against})
    return out


def points_by_number(tournament, *, after_round: int | None = None) -> dict:
    """Pairing number -> team points after `after_round` (counted results only): what a
    pairing list shows beside each team."""
    table = league_table(tournament, after_round=after_round)
    return {table.entrants[row.team][0]: row.points for row in table.rows}
