"""Team matches and the league table (shared/spec/competitions.md, "Teams").

Plain data in, plain data out; imports nothing from Django.

- A team match's score is the boards each team won (a board won by neither, a double
  forfeit, counts for neither).
- Team points: `win`, `draw` or `loss` for the match, plus `per_board` for each board won;
  with `close_loss`, the loser by at most `margin` boards gets its `points` instead of
  `loss`.
- The league table: played, won, drawn, lost, boards for and against, points; ordered by
  points, then board difference, then boards won, then the points in the matches among
  the teams still tied; still level, they share the place. A bye is no match: neither
  played nor scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

Number = int | float


@dataclass(frozen=True)
class CloseLoss:
    margin: int
    points: Number


@dataclass(frozen=True)
class TeamPoints:
    win: Number = 2
    draw: Number = 1
    loss: Number = 0
    per_board: Number = 0
    close_loss: CloseLoss | None = None

    @classmethod
    def from_json(cls, doc: Mapping | None) -> TeamPoints:
        """The archive's `team_points` (missing keys: these defaults). ValueError names
        the key that is wrong."""
        doc = dict(doc or {})
        unknown = set(doc) - {"win", "draw", "loss", "per_board", "close_loss"}
        if unknown:
            raise ValueError(f"unknown team points {', '.join(sorted(unknown))}")
        values = {}
        for key in ("win", "draw", "loss", "per_board"):
            if key in doc:
                value = doc[key]
                if isinstance(value, bool) or not isinstance(value, int | float) or \
                        not 0 <= value <= 100:
                    raise ValueError(f"{key} must be a number from 0 to 100")
                values[key] = value
        close = doc.get("close_loss")
        if close is not None:
            if not isinstance(close, Mapping) or set(close) != {"margin", "points"}:
                raise ValueError('close_loss is {"margin": m, "points": p} or null')
            margin, points = close["margin"], close["points"]
            if isinstance(margin, bool) or not isinstance(margin, int) or margin < 1:
                raise ValueError("close_loss.margin must be a whole number of boards, 1 or more")
            if isinstance(points, bool) or not isinstance(points, int | float) or \
                    not 0 <= points <= 100:
                raise ValueError("close_loss.points must be a number from 0 to 100")
            values["close_loss"] = CloseLoss(margin, points)
        return cls(**values)

    def as_json(self) -> dict:
        return {"win": self.win, "draw": self.draw, "loss": self.loss,
                "per_board": self.per_board,
                "close_loss": None if self.close_loss is None else
                {"margin": self.close_loss.margin, "points": self.close_loss.points}}


# The examples of real leagues the spec gives, for the director's presets.
PRESETS = {
    "two_and_one_a_game": TeamPoints(win=2, draw=1, loss=0, per_board=1),
    "three_or_one_at_five_four": TeamPoints(win=3, draw=0, loss=0, per_board=0,
                                            close_loss=CloseLoss(1, 1)),
}


def match_points(boards: tuple[int, int], points: TeamPoints) -> tuple[Number, Number]:
    """The team points of each side of a team match that ended `boards` (boards won by
    each)."""
    a, b = boards
    per = (a * points.per_board, b * points.per_board)
    if a == b:
        return points.draw + per[0], points.draw + per[1]

    def loser_points(margin: int) -> Number:
        close = points.close_loss
        return close.points if close is not None and margin <= close.margin else points.loss

    if a > b:
        return points.win + per[0], loser_points(a - b) + per[1]
    return loser_points(b - a) + per[0], points.win + per[1]


@dataclass(frozen=True)
class TeamMatch:
    """A team match whose result counts: the teams (home first) and the boards each won."""

    teams: tuple[int, int]
    boards: tuple[int, int]


@dataclass
class TableRow:
    team: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    boards_for: int = 0
    boards_against: int = 0
    points: Number = 0
    rank: int = 0
    shared: bool = False
    decided_by: str = ""
    #: What each step of the order said of this team, for the page's explanation.
    notes: list[str] = field(default_factory=list)

    @property
    def board_difference(self) -> int:
        return self.boards_for - self.boards_against

    def as_json(self) -> dict:
        return {"rank": self.rank, "shared": self.shared, "team": self.team,
                "played": self.played, "won": self.won, "drawn": self.drawn,
                "lost": self.lost, "boards_for": self.boards_for,
                "boards_against": self.boards_against, "points": self.points}


def league_table(teams: Sequence[int], matches: Iterable[TeamMatch],
                 points: TeamPoints) -> list[TableRow]:
    """The league table of `teams` (ids, in their listed order) from the team matches
    that count, ordered as the spec says, each tie explained in `decided_by`."""
    matches = list(matches)
    rows = {t: TableRow(t) for t in teams}
    for m in matches:
        (home, away), (a, b) = m.teams, m.boards
        got = match_points((a, b), points)
        for team, mine, theirs, pts in ((home, a, b, got[0]), (away, b, a, got[1])):
            row = rows[team]
            row.played += 1
            row.boards_for += mine
            row.boards_against += theirs
            row.points += pts
            if mine > theirs:
                row.won += 1
            elif mine < theirs:
                row.lost += 1
            else:
                row.drawn += 1
    order = list(teams)
    # Points, board difference, boards won: then the matches among those still level.
    keyed = sorted(order, key=lambda t: (-rows[t].points, -rows[t].board_difference,
                                         -rows[t].boards_for, order.index(t)))
    ranked: list[TableRow] = []
    i = 0
    while i < len(keyed):
        j = i
        first = rows[keyed[i]]
        while j + 1 < len(keyed) and _level(rows[keyed[j + 1]], first):
            j += 1
        group = keyed[i:j + 1]
        for block, words in _head_to_head(group, matches, points, rows):
            rank = len(ranked) + 1
            for team in block:
                row = rows[team]
                row.rank, row.shared, row.decided_by = rank, len(block) > 1, words
                ranked.append(row)
        i = j + 1
    return ranked


def _level(a: TableRow, b: TableRow) -> bool:
    return (a.points, a.board_difference, a.boards_for) == \
        (b.points, b.board_difference, b.boards_for)


def _head_to_head(group, matches, points, rows):
    """Blocks of the tied `group`, best first, by the team points won in the matches
    among them; with the words that say how (or that they share the place)."""
    if len(group) == 1:
        return [(group, "")]
    among = set(group)
    won = {t: 0 for t in group}
    for m in matches:
        if set(m.teams) <= among:
            got = match_points(m.boards, points)
            won[m.teams[0]] += got[0]
            won[m.teams[1]] += got[1]
    values = sorted({won[t] for t in group}, reverse=True)
    if len(values) == 1:
        return [(group, "level on points, board difference, boards won and the matches "
                        "among them: they share the place")]
    blocks = [[t for t in group if won[t] == v] for v in values]
    out = []
    for block in blocks:
        if len(block) == 1:
            out.append((block, f"points in the matches among the tied teams "
                               f"({_fmt(won[block[0]])})"))
        else:
            out.append((block, "level on points, board difference, boards won and the "
                               "matches among them: they share the place"))
    return out


def _fmt(value: Number) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
