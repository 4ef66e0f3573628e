"""A team event's league table read from the database (shared/spec/competitions.md,
"Teams"): the stage's team matches whose result counts, as the plain input of
`tournament.standings.teams`, in two queries whatever the size of the division.

A bye in a team round robin is no match: neither played nor scored. A team match
forfeited by both teams on every board (a double forfeit) is left out too: nobody
played it. The table is what the public pages, the API and `manage.py standings --json`
show.
"""

from dataclasses import dataclass

from ..models import Match
from ..models.rounds import status_counts
from ..standings import teams as team_standings
from .history import ranked_rounds


@dataclass(frozen=True)
class LeagueTable:
    rows: list  # standings.teams.TableRow, best first
    entrants: dict  # entrant id -> (pairing number, name)
    points: team_standings.TeamPoints


def counted_team_matches(tournament, *, stage=None, public: bool = True,
                         after_round: int | None = None):
    """The stage's team matches whose result counts, as `standings.teams.TeamMatch`
    (home team first, boards won by each). One query."""
    qs = Match.objects.pairings().filter(round__tournament=tournament,
                                         **ranked_rounds(tournament, stage))
    if public:
        qs = qs.published()
    if after_round is not None:
        qs = qs.filter(round__number__lte=after_round)
    out = []
    for side0, side1, status, outcome, record in qs.exclude(side1=None).order_by(
            "round__number", "board").values_list("side0_id", "side1_id", "status",
                                                  "outcome", "record"):
        if not status_counts(status, tournament.require_confirmation):
            continue
        if outcome in (Match.Outcome.DOUBLE_FORFEIT, Match.Outcome.NONE):
            continue
        boards = (record or {}).get("boards") or [0, 0]
        out.append(team_standings.TeamMatch((side0, side1), (boards[0], boards[1])))
    return out


def league_table(tournament, *, stage=None, public: bool = True,
                 after_round: int | None = None) -> LeagueTable:
    """The league table of the stage (default: the event's last Swiss or round robin that
    has begun, as the standings): played, won, drawn, lost, boards for and against,
    points, ordered and each tie explained by `standings.teams.league_table`."""
    entrants = {pk: (number, name) for pk, number, name in
                tournament.entrants.order_by("number").values_list("id", "number", "name")}
    points = team_standings.TeamPoints.from_json(tournament.team_points)
    matches = counted_team_matches(tournament, stage=stage, public=public,
                                   after_round=after_round)
    rows = team_standings.league_table(list(entrants), matches, points)
    return LeagueTable(rows, entrants, points)


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
        tied = row.shared or (row.decided_by and not row.shared)
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
