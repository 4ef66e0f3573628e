"""The rules of a team event (shared/spec/competitions.md, "Teams"), in one pure home:
the team match format and the team points an event may have, the boards a team match
has, a side's lineup, and who starts set 1 on each board. Plain data in, plain data out
(no Django): the actions, the forms and the archive check call these and show their
`ValueError`'s words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.formats import MatchFormatError, match_format
from scoring.rulesets import RULESETS

from ..standings.teams import PRESETS, TeamPoints

SINGLES, PAIRS = "singles", "pairs"
KINDS = (SINGLES, PAIRS)
#: Members a side puts on one board of each kind.
PLAYERS_ON = {SINGLES: 1, PAIRS: 2}
#: Boards of a team match, and members of a roster, at most.
MAX_BOARDS = 30
MAX_MEMBERS = 40
#: The format of a new team event where the director chose none: six singles to 61 and
#: three pairs to 121 under bndcc (the league of the issue), six singles under mso.
DEFAULT_TEAM_MATCH = {
    "bndcc": {"boards": [
        {"kind": SINGLES, "count": 6, "match": {"target": 61, "sets_to_win": 1}},
        {"kind": PAIRS, "count": 3, "match": {"target": 121, "sets_to_win": 1}}]},
    "mso": {"boards": [
        {"kind": SINGLES, "count": 6, "match": {"target": 61, "sets_to_win": 2}}]},
}


@dataclass(frozen=True)
class BoardPlan:
    """One board of every team match: its number (from 1), kind and match format."""

    number: int
    kind: str
    match: dict

    @property
    def seats(self) -> int:
        return 4 if self.kind == PAIRS else 2

    @property
    def players(self) -> int:
        return PLAYERS_ON[self.kind]


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_team_match(doc, ruleset: str) -> dict:
    """The team match format `doc` as stored, if `ruleset` allows every board; else
    ValueError naming what is wrong ("boards[1].match: ...")."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}")
    if not isinstance(doc, Mapping) or set(doc) != {"boards"}:
        raise ValueError('the team match format is {"boards": [...]}')
    boards = doc["boards"]
    if not isinstance(boards, list) or not boards:
        raise ValueError("a team match has at least one board: the boards list is empty")
    rules = RULESETS[ruleset]
    out, total = [], 0
    for i, board in enumerate(boards):
        where = f"boards[{i}]"
        if not isinstance(board, Mapping) or not set(board) <= {"kind", "count", "match"} \
                or "kind" not in board or "count" not in board:
            raise ValueError(f'{where}: a board group is {{"kind": "singles" or "pairs", '
                             f'"count": n, "match": {{"target": t, "sets_to_win": w}}}}')
        kind, count = board["kind"], board["count"]
        if kind not in KINDS:
            raise ValueError(f'{where}.kind: "singles" or "pairs", not {kind!r}'[:200])
        if not _whole(count) or not 1 <= count <= MAX_BOARDS:
            raise ValueError(f"{where}.count: a whole number of boards from 1 to {MAX_BOARDS}")
        if kind == PAIRS and 4 not in rules.seat_counts:
            raise ValueError(f"{where}: the {ruleset} ruleset has no pairs boards "
                             f"(pairs boards need bndcc)")
        try:
            fmt = match_format(rules, board.get("match"))
        except MatchFormatError as e:
            key, message = e.problems[0]
            key = key.removeprefix("/match").replace("/", ".")
            raise ValueError(f"{where}.match{key}: {message}") from None
        total += count
        out.append({"kind": kind, "count": count,
                    "match": {"target": fmt.target, "sets_to_win": fmt.sets_to_win}})
    if total > MAX_BOARDS:
        raise ValueError(f"a team match has at most {MAX_BOARDS} boards, not {total}")
    return {"boards": out}


def board_count(team_match: Mapping) -> int:
    return sum(group["count"] for group in team_match["boards"])


def board_plan(team_match: Mapping) -> list[BoardPlan]:
    """Every board of a team match of this format, in order, numbered from 1."""
    plan: list[BoardPlan] = []
    for group in team_match["boards"]:
        for _ in range(group["count"]):
            plan.append(BoardPlan(len(plan) + 1, group["kind"], dict(group["match"])))
    return plan


def check_team_points(doc, team_match: Mapping | None = None) -> dict:
    """The team points `doc` as stored (a preset's name stands for its values); else
    ValueError naming the key. A close-loss margin must be smaller than the boards of
    the team match (a loss by every board is no close loss)."""
    if isinstance(doc, str):
        if doc not in PRESETS:
            raise ValueError(f"unknown team points preset {doc[:40]!r}: "
                             f"{', '.join(sorted(PRESETS))}")
        points = PRESETS[doc]
    else:
        if doc is not None and not isinstance(doc, Mapping):
            raise ValueError('team points are {"win", "draw", "loss", "per_board", '
                             '"close_loss"}')
        for key, value in (doc or {}).items():
            if key in ("win", "draw", "loss", "per_board") and \
                    isinstance(value, int | float) and not isinstance(value, bool) \
                    and value < 0:
                raise ValueError(f"{key}: points cannot be negative ({value:g})")
        close = (doc or {}).get("close_loss")
        if isinstance(close, Mapping) and isinstance(close.get("points"), int | float) \
                and not isinstance(close.get("points"), bool) and close["points"] < 0:
            raise ValueError(f"close_loss.points: points cannot be negative "
                             f"({close['points']:g})")
        points = TeamPoints.from_json(doc)
    if points.close_loss is not None and team_match is not None:
        boards = board_count(team_match)
        if points.close_loss.margin >= boards:
            raise ValueError(f"close_loss.margin: {points.close_loss.margin} boards is not "
                             f"a close loss in a team match of {boards} boards (at most "
                             f"{boards - 1})")
    return points.as_json()


def check_lineup(plan: Sequence[BoardPlan], roster: int, lineup) -> list[list[int]]:
    """One side's lineup for a team match of boards `plan`, its team having `roster`
    members: a list of member indices for every board (one for singles, two for pairs),
    a member on at most one singles and one pairs board. Returns it as stored; else
    ValueError naming the board."""
    if not isinstance(lineup, list):
        raise ValueError("a lineup lists the players of every board")
    if len(lineup) != len(plan):
        raise ValueError(f"the lineup names {len(lineup)} boards; the team match has "
                         f"{len(plan)}")
    seen: dict[str, dict[int, int]] = {SINGLES: {}, PAIRS: {}}
    out = []
    for board, names in zip(plan, lineup, strict=True):
        where = f"board {board.number} ({board.kind})"
        if names is None or names == []:
            raise ValueError(f"{where} is left empty: name its "
                             f"{'player' if board.players == 1 else 'two players'}")
        if not isinstance(names, list) or not all(_whole(n) for n in names):
            raise ValueError(f"{where}: players are named by their member numbers")
        if len(names) != board.players:
            raise ValueError(f"{where} needs {board.players} "
                             f"{'player' if board.players == 1 else 'players'}, "
                             f"not {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError(f"{where}: the same player is named twice")
        for n in names:
            if not 0 <= n < roster:
                raise ValueError(f"{where}: member {n + 1 if n >= 0 else n} is not on the "
                                 f"team's roster of {roster}")
            if n in seen[board.kind]:
                raise ValueError(f"{where}: member {n + 1} already plays {board.kind} "
                                 f"board {seen[board.kind][n]}; a member plays at most one "
                                 f"singles and one pairs board")
            seen[board.kind][n] = board.number
        out.append(list(names))
    return out


def first_set_starter(ruleset: str, board: BoardPlan) -> int:
    """The seat that starts set 1 on a board of a team match, where sets alternate (mso):
    the home team's player (seat 0) on odd boards, the away team's (seat 1) on even
    boards. Where the draw at the table decides (bndcc) it is recorded in the record and
    not checked: 0, as on any board."""
    from scoring.starters import sets_alternate

    if not sets_alternate(ruleset) or board.kind != SINGLES:
        return 0
    return 0 if board.number % 2 else 1


def team_score(board_winners: Sequence[int | None]) -> tuple[int, int]:
    """Boards won by each side, from each board's winning side (None: neither)."""
    return (sum(1 for w in board_winners if w == 0), sum(1 for w in board_winners if w == 1))


#: How a knock-out's team match was decided (`knockout_decider`), as `manage.py bracket`
#: and the director's page say it.
DECIDED_WORDS = {"boards": "on boards", "sets": "on sets won (boards level)",
                 "points": "on points scored (boards and sets level)",
                 "director": "named by the director (boards, sets and points level)"}


def knockout_decider(boards: Sequence[int], sets: Sequence[int], points: Sequence[int],
                     named: int | None = None) -> tuple[int | None, str | None]:
    """The winning side (0 or 1) of a played team match in a knock-out, and how it was
    decided: the team with more boards; level, more sets won on its boards; level again,
    more points (every game's score summed over its boards); level again, the side the
    director named (`named`), else (None, None): the director names it."""
    for how, pair in (("boards", boards), ("sets", sets), ("points", points)):
        if pair[0] != pair[1]:
            return (0 if pair[0] > pair[1] else 1), how
    if named in (0, 1):
        return named, "director"
    return None, None
