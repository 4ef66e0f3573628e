"""What the public sees of a team event (a league division, a team Swiss): the fixtures
by date and by team, each team match with its boards, a team's roster and results.

Reads only, in a fixed number of queries whatever the size of the event: the published
rounds, their team matches, the boards of those, and the boards' sets. Only results that
count are shown as results (public/data.py `match_result`); a lineup only once the
captains' lineups are both in or the director opened the match (a board's `lineup` is
None until then: actions/lineups).
"""

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q
from django.http import Http404

from .. import standings
from ..models import Match
from ..reads import history
from ..rules import team_rules
from ..standings.teams import TeamPoints
from . import data


def board_kinds(tournament) -> list[str]:
    """The kind ("singles" or "pairs") of each board of the event's team match, board 1
    first (rules.team_rules.board_plan)."""
    if not tournament.team_match:
        return []
    return [b.kind for b in team_rules.board_plan(tournament.team_match)]


def member_names(team, indices) -> str:
    """"Ann Lee & Bo Park": the roster's members at `indices`."""
    roster = team.members or []
    return " & ".join(str(roster[i].get("name", "")) if 0 <= i < len(roster) else "?"
                      for i in indices)


@dataclass
class BoardRow:
    number: int
    kind: str
    home_players: str  # "" until the lineups are shown
    away_players: str
    result: str
    state: str  # pending / awaiting / counted (public/data.py match_result)
    winner: int | None  # 0 home, 1 away, None: no counted winner
    match: Match


@dataclass
class Fixture:
    match: Match
    round: object
    home: object
    away: object  # None: a bye (no match: neither played nor scored)
    date: object  # the day it is played: its new date when postponed, else its round's
    postponed: bool
    boards: list = field(default_factory=list)
    score: tuple[int, int] = (0, 0)  # boards won so far by each side (counted boards)
    counted: int = 0  # boards whose result counts
    counts: bool = False  # the team match's result counts (every board counts)

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def state(self) -> str:
        if self.is_bye:
            return "bye"
        if self.counts:
            return "counted"
        if self.postponed and not self.counted:
            return "postponed"
        return "in_play" if self.counted or any(b.state == "awaiting" for b in self.boards) \
            else "pending"

    @property
    def status_words(self) -> str:
        if self.is_bye:
            return "bye: no match"
        if self.counts:
            return "result"
        if self.postponed and not self.counted:
            return f"postponed to {self.date:%a %-d %b %Y}" if self.date else "postponed"
        if self.counted:
            return f"{self.counted} of {len(self.boards)} boards in"
        return "to play"


def team_matches(tournament, *, team=None):
    """The team matches of the published rounds (not their boards), with their boards and
    each board's sets, in three queries (the rounds' come with them)."""
    boards = Match.objects.order_by("board").prefetch_related("sets")
    found = (Match.objects.published().pairings()
             .filter(round__tournament=tournament)
             .select_related("round__stage", "side0", "side1")
             .prefetch_related(Prefetch("boards", queryset=boards))
             .order_by("round__number", "board"))
    if team is not None:
        found = found.filter(Q(side0=team) | Q(side1=team))
    return found


def fixture_of(tournament, match, kinds) -> Fixture:
    home, away = match.side0, match.side1
    match.round.tournament = tournament
    fixture = Fixture(match=match, round=match.round, home=home, away=away,
                      date=match.postponed_to or match.round.date,
                      postponed=match.postponed_to is not None)
    if away is None:
        return fixture
    won = [0, 0]
    for b in match.boards.all():
        b.round, b.side0, b.side1 = match.round, home, away  # read once, with the match
        result = data.match_result(tournament, b)
        winner = None
        if result["state"] == "counted":
            fixture.counted += 1
            if b.winner_id is not None:
                winner = 0 if b.winner_id == home.pk else 1
                won[winner] += 1
        lineup = b.lineup or [[], []]
        shown = bool(lineup[0]) and bool(lineup[1])
        fixture.boards.append(BoardRow(
            number=b.board, kind=kinds[b.board - 1] if b.board <= len(kinds) else "",
            home_players=member_names(home, lineup[0]) if shown else "",
            away_players=member_names(away, lineup[1]) if shown else "",
            result=result["text"], state=result["state"], winner=winner, match=b))
    fixture.score = (won[0], won[1])
    fixture.counts = bool(fixture.boards) and fixture.counted == len(fixture.boards)
    return fixture


def fixtures(tournament, *, team=None) -> list[Fixture]:
    """Every published team match (of `team` only, if given), in round and board order."""
    kinds = board_kinds(tournament)
    return [fixture_of(tournament, m, kinds) for m in team_matches(tournament, team=team)]


def by_date(fixtures_) -> list[tuple[object, list[Fixture]]]:
    """The fixtures grouped by the day they are played, earliest first (a day not set yet
    last), each day's in round and board order."""
    days: dict = {}
    for f in fixtures_:
        days.setdefault(f.date, []).append(f)
    dated = sorted(d for d in days if d is not None)
    return [(d, days[d]) for d in dated] + ([(None, days[None])] if None in days else [])


def one_fixture(tournament, match_id) -> Fixture:
    """One published team match of the event, with its boards, or 404."""
    match = team_matches(tournament).filter(pk=match_id).first()
    if match is None:
        raise Http404(f"{tournament.name} has no published team match {match_id}.")
    return fixture_of(tournament, match, board_kinds(tournament))


def team_or_404(tournament, number):
    return data.entrant_or_404(tournament, number)


def roster(team) -> list[dict]:
    """The team's members in roster order, the captain marked."""
    return [{"index": i, "name": m.get("name", ""), "club": m.get("club", ""),
             "person": m.get("person"), "captain": i == team.captain}
            for i, m in enumerate(team.members or [])]


# ------------------------------------------------------------------ the league table


def table_rows(tournament) -> list[dict]:
    """The league table's rows, best first: played, won, drawn, lost, boards for and
    against, points, and how each tie was decided (reads/history.py `league_table`, the
    one read the API and `manage.py standings --json` show too; two queries)."""
    table = history.league_table(tournament)
    out = []
    for row in table.rows:
        number, name = table.entrants[row.team]
        out.append({"rank": row.rank, "shared": row.shared, "number": number, "name": name,
                    "played": row.played, "won": row.won, "drawn": row.drawn,
                    "lost": row.lost, "boards_for": row.boards_for,
                    "boards_against": row.boards_against,
                    "board_difference": row.boards_for - row.boards_against,
                    "points": row.points, "decided_by": row.decided_by})
    return out


def ties(rows) -> list[dict]:
    """The places shared or decided by the matches among tied teams, in words: what the
    page says under the table, as the standings page says how tied players were
    separated."""
    groups: dict = {}
    for row in rows:
        if row["decided_by"]:
            key = (row["points"], row["board_difference"], row["boards_for"])
            groups.setdefault(key, []).append(row)
    return [{"points": standings.format_value(key[0]), "difference": key[1],
             "boards_for": key[2], "teams": group} for key, group in groups.items()]


def points_words(tournament) -> str:
    """"3 for a win, 0 for a loss, 1 for a loss by at most 1 board": the event's team
    points in words (standings/teams.py `TeamPoints`)."""
    points = TeamPoints.from_json(tournament.team_points)
    fmt = standings.format_value
    words = [f"{fmt(points.win)} for a win", f"{fmt(points.draw)} for a draw",
             f"{fmt(points.loss)} for a loss"]
    if points.per_board:
        words.append(f"{fmt(points.per_board)} for each board won")
    if points.close_loss is not None:
        close = points.close_loss
        words.append(f"{fmt(close.points)} instead for a loss by at most {close.margin} "
                     f"board{'s' if close.margin != 1 else ''}")
    return ", ".join(words)


def format_words(tournament) -> str:
    """"6 singles to 61 (1 set) and 3 pairs to 121 (1 set)": the team match format."""
    parts = []
    for group in (tournament.team_match or {}).get("boards", []):
        fmt, count = group["match"], group["count"]
        sets = fmt["sets_to_win"]
        parts.append(f"{count} {group['kind']} to {fmt['target']} "
                     + (f"({sets} set)" if sets == 1 else f"(first to {sets} sets)"))
    return " and ".join(", ".join(parts[:-1]).split(", ") + parts[-1:]) if len(parts) > 1 \
        else "".join(parts)
