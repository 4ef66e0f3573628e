"""An event's stored history as the plain data the pure cores take.

The pairing adapter (tournament.pairing) reads a TRF(x) event; the standings
(tournament.standings) read players and matches. Both are built here from a fixed
number of queries, whatever the size of the event.
"""

import secrets
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, OuterRef, Subquery, Sum

from .. import standings
from ..models import Attendance, AuditEntry, Match, Round, SetResult, Stage
from ..models.rounds import status_counts
from ..pairing import knockout
from ..pairing.systems import SYSTEMS, Played, StageInput
from ..pairing.trf import TrfEvent, TrfPlayer, TrfResult, xxc_word
from ..standings import teams as team_standings
from ..standings.plain import NOT_PAIRED_KINDS


def _matches(tournament, *, public: bool, after_round: int | None = None):
    qs = Match.objects.pairings().filter(round__tournament=tournament).select_related("round")
    if public:
        qs = qs.published()
    if after_round is not None:
        qs = qs.filter(round__number__lte=after_round)
    return qs.only("round__number", "round__status", "side0_id", "side1_id", "status",
                   "outcome", "winner_id", "conceded_by_id").order_by("round__number", "board")


def counts(tournament, match) -> bool:
    """Whether a match's result counts (models.rounds.status_counts, for a row read)."""
    return status_counts(match.status, tournament.require_confirmation)


# ------------------------------------------------------------------------ standings


def ranked_rounds(tournament, stage=None) -> dict:
    """The filter (on boards) of the rounds that standings count: those of `stage`, by
    default of the event's last Swiss or round-robin stage that has begun (a subquery:
    no query of its own). A knock-out's rounds are never in standings."""
    if stage is not None:
        return {"round__stage": stage}
    last = Stage.objects.filter(tournament=tournament, kind__in=Stage.RANKING,
                                rounds__isnull=False).order_by("-number").values("pk")[:1]
    return {"round__stage": Subquery(last)}


def standings_input(tournament, *, after_round: int | None = None, public: bool = True,
                    stage=None):
    """(players, matches, points) for tournament.standings: the rounds of `stage`
    (`ranked_rounds`), in four queries.

    Rows are read as plain tuples: building thousands of model instances would cost
    more than the standings themselves. Rounds spent without a board (requested byes,
    absences, rounds a late entry missed: `board_less`) come as matches of those kinds.

    Only the last round counted (the live one, while results come in) is read and
    converted each time: the boards of the rounds before it are kept between changes
    (`_kept_boards`, under `earlier_rounds_revision`), since a result in the last round
    leaves them as they were.
    """
    # The entrants with their attendance rows (a LEFT JOIN: one row per attendance row, or
    # one row with None), so that rounds without a board cost no query of their own.
    entrants, attendance, withdrawn = {}, {}, {}
    for pk, n, name, out, rnd, kind in tournament.entrants.order_by("number", "pk").values_list(
            "id", "number", "name", "withdrawn_after_round", "attendance__round_number",
            "attendance__kind"):
        entrants[pk] = (n, name)
        withdrawn[pk] = out
        if rnd is not None:
            attendance[(pk, rnd)] = kind
    number = {pk: n for pk, (n, _) in entrants.items()}
    players = [standings.Player(n, name, withdrawn[pk]) for pk, (n, name) in entrants.items()]
    ranked = ranked_rounds(tournament, stage)
    qs = Match.objects.pairings().filter(round__tournament=tournament, **ranked)
    if public:
        qs = qs.published()
    if after_round is not None:
        qs = qs.filter(round__number__lte=after_round)
    last, key = _earlier_boards_key(tournament, qs, public=public, stage=stage)
    earlier = _kept_boards(key, number) if last and last > 1 else None
    if earlier is None:  # every round read, the earlier ones kept for the next time
        matches, on_board, rounds = _read_boards(tournament, qs, number, ranked)
        earlier = _keep_boards(key, number, last, matches, on_board, rounds)
    else:  # the last round only
        matches, on_board, rounds = _read_boards(tournament, qs.filter(round__number=last),
                                                 number, ranked, round__number=last)
    matches = [*earlier.matches, *(m for m in matches if m.round >= (last or 0))]
    gaps = board_less(withdrawn, earlier.on_board | on_board, attendance,
                      sorted(earlier.rounds | rounds))
    matches += [standings.BoardResult(rnd, (number[eid], None), kind)
                for (eid, rnd), kind in sorted(gaps.items(), key=lambda g: (g[0][1], g[0][0]))]
    return players, matches, standings.Points(**tournament.points)


def _read_boards(tournament, qs, number, ranked, **rounds):
    """The boards of `qs` (some of the ranked boards standings_input reads: `rounds` is
    their filter on round__number, if any) as (standings.BoardResult by round and board,
    {(entrant id, round) on a board}, {round}), their set scores read in one query when
    one was played: two queries at most."""
    rows = list(qs.order_by("round__number", "board").values_list(
        "id", "round__number", "side0_id", "side1_id", "status", "outcome", "winner_id"))
    sets = defaultdict(list)
    if any(outcome in (Match.Outcome.PLAYED, Match.Outcome.ABANDONED) for *_, outcome, _ in rows):
        set_rows = SetResult.objects.filter(
            match__round__tournament=tournament, match__team_match__isnull=True,
            match__round__number__lte=max(row[1] for row in rows),
            **{"match__" + key: value for key, value in {**ranked, **rounds}.items()})
        for match_id, score0, score1, awarded in set_rows.order_by(
                "match_id", "number").values_list("match_id", "score0", "score1", "awarded_to"):
            sets[match_id].append(((score0, score1), awarded))
    matches = [plain_match(row, number, sets, tournament.require_confirmation) for row in rows]
    on_board = {(eid, row[1]) for row in rows for eid in (row[2], row[3]) if eid is not None}
    return matches, on_board, {row[1] for row in rows}


@dataclass(frozen=True)
class EarlierBoards:
    """The boards of the rounds before the last one counted, as standings_input gives them:
    `matches` (standings.BoardResult, by round and board), `on_board` ((entrant id, round)
    of each side of a board) and the `rounds` they are in. `number`: the pairing numbers
    (entrant id -> number) they were converted with."""

    number: dict
    matches: tuple
    on_board: frozenset
    rounds: frozenset


NO_EARLIER_BOARDS = EarlierBoards({}, (), frozenset(), frozenset())
_kept: dict = {}  # key -> (token, EarlierBoards): this process's latest (see _kept_boards)
KEPT_ENTRIES = 8


def _earlier_boards_key(tournament, qs, *, public, stage) -> tuple:
    """(the last round of `qs`, the key its earlier rounds' boards are kept under), in one
    query: `earlier_rounds_revision` before that round, so that a result in the last round
    leaves the key as it was, and a correction to an earlier round, a withdrawal, a
    published or deleted round, a changed setting (anything but a board's result) moves it
    on. The key also names the event, the round, public or not, the stage asked for and
    whether a result needs confirming to count."""
    last = Subquery(qs.order_by("-round__number").values("round__number")[:1])
    number, revision = _revision_row(tournament, last, last)
    return number, (f"earlier_boards:{tournament.pk}:{number}:{int(public)}:"
                    f"{stage.pk if stage is not None else 'last'}:"
                    f"{int(tournament.require_confirmation)}:{revision}")


def _kept_boards(key, number) -> EarlierBoards | None:
    """The earlier rounds' boards kept under `key` (`_earlier_boards_key`) for today's
    pairing numbers, or None.

    The shared cache holds, under the key, a token naming the boards kept (under
    key:token): one worker reads them for all after a change. Each process keeps its
    latest copy in memory with its token, and uses it while the shared cache still names
    that token (a short read, where unpickling thousands of boards costs more than reading
    them): so clearing the shared cache forgets every process's copy too."""
    token = cache.get(key)
    if token is None:
        return None
    kept_token, here = _kept.get(key, (None, None))
    if kept_token != token:
        here = cache.get(f"{key}:{token}")
        if here is None:
            return None
        _remember(key, token, here)
    return here if here.number == number else None


def _keep_boards(key, number, last, matches, on_board, rounds) -> EarlierBoards:
    """Keep the boards of rounds before `last` (of those standings_input read) under key."""
    if not last or last <= 1:
        return NO_EARLIER_BOARDS
    earlier = EarlierBoards(number, tuple(m for m in matches if m.round < last),
                            frozenset(b for b in on_board if b[1] < last),
                            frozenset(r for r in rounds if r < last))
    token = secrets.token_hex(8)
    cache.set_many({f"{key}:{token}": earlier, key: token}, POINTS_TIMEOUT)
    _remember(key, token, earlier)
    return earlier


def _remember(key, token, earlier) -> None:
    """Keep (token, earlier) in this process's memory, the oldest entry given up beyond
    KEPT_ENTRIES (a 1,000-player event's boards are about a megabyte)."""
    while len(_kept) >= KEPT_ENTRIES:
        _kept.pop(next(iter(_kept), None), None)  # another thread may have taken it
    _kept[key] = (token, earlier)


# Actions that change one board's result and nothing else a pairing list's points read:
# their audit rows leave `points_before`'s key as it was unless the board is in an earlier
# round (then its version, in the key, has moved on).
RESULT_ACTIONS = frozenset({
    AuditEntry.Action.ENTER_RESULT, AuditEntry.Action.CORRECT_RESULT,
    AuditEntry.Action.CONFIRM_RESULT, AuditEntry.Action.SET_FIRST_STARTER,
    AuditEntry.Action.PLAYER_ENTER_RESULT, AuditEntry.Action.PLAYER_ACCEPT_RESULT,
    AuditEntry.Action.PLAYER_DISPUTE_RESULT})
POINTS_TIMEOUT = 6 * 60 * 60


def _changes_but_results():
    """The id of the event's latest change that is not a board's result (a pairing, a
    withdrawal, an attendance row, a setting, an import...): a subquery on the event."""
    return (AuditEntry.objects.filter(tournament=OuterRef("pk"))
            .exclude(action__in=RESULT_ACTIONS).order_by("-id").values("id")[:1])


def earlier_rounds_revision(tournament, number: int) -> str:
    """What `points_before(tournament, number)` depends on, in one query: the event's
    latest change that is not a board's result (`_changes_but_results`), and the count
    and the summed versions of the boards of rounds before `number` (every change to a
    board's result gives it a new version, so a correction to an earlier round moves the
    sum on; a result in round `number` or later leaves it as it was)."""
    return _revision_row(tournament, number)[0]


def _revision_row(tournament, number, *first) -> tuple:
    """(the values of the expressions `first`..., `earlier_rounds_revision`'s string) in
    one query; `number` may be an expression (a subquery), as `first` may."""
    Tournament = type(tournament)
    changes = _changes_but_results()
    boards = Match.objects.filter(round__tournament=OuterRef("pk"), round__number__lt=number)
    summed = boards.order_by().values("round__tournament")

    def one(expression):
        return Subquery(summed.annotate(x=expression).values("x")[:1])

    row = Tournament.objects.filter(pk=tournament.pk).values_list(
        *first, Subquery(changes), one(Count("id")), one(Sum("version"))).first()
    return (*row[:len(first)], ":".join(str(part or 0) for part in row[len(first):]))


def points_before(tournament, number: int) -> dict:
    """Pairing number -> match points after round number - 1 (counted results only):
    the points a pairing list shows beside each name, the public's and the director's.
    Nothing to read before round 1.

    Cached under `earlier_rounds_revision`: a result entered in round `number` (the live
    round, every few seconds on a busy day) leaves it as it was; anything else recomputes."""
    if number <= 1:
        return {}
    key = (f"points_before:{tournament.pk}:{number}:"
           f"{earlier_rounds_revision(tournament, number)}")
    points = cache.get(key)
    if points is None:
        points = _points_before(tournament, number)
        cache.set(key, points, POINTS_TIMEOUT)
    return points


def _points_before(tournament, number: int) -> dict:
    if tournament.is_teams:  # a team's points are its league table's
        table = league_table(tournament, after_round=number - 1)
        return {table.entrants[row.team][0]: row.points for row in table.rows}
    # Points only: the tie-breaks of a whole standings table cost several times more.
    players, matches, points = standings_input(tournament, after_round=number - 1,
                                               public=True)
    return standings.match_points(players, matches, points, after_round=number - 1)


# ------------------------------------------------------------------------ teams
# A team event's league table (shared/spec/competitions.md, "Teams"): the stage's team
# matches whose result counts, as the plain input of `tournament.standings.teams`, in two
# queries whatever the size of the division. A bye in a team round robin is no match:
# neither played nor scored. A team match both teams forfeited on every board (a double
# forfeit) is left out too: nobody played it. reads/league.py gives its rows as JSON.


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



# ------------------------------------------------------------ rounds without a board


def board_less(withdrawn: dict, on_board: set, attendance: dict, rounds) -> dict:
    """{(entrant id, round): kind} for each of `rounds` an entrant spends without a board,
    where the round scores something of its own (standings.NOT_PAIRED_KINDS):

    - the director's attendance row for that round (half_bye, zero_bye, absent);
    - else `late_entry` for a round before the entrant's first board: he was entered late.

    `withdrawn` maps every entrant id to their withdrawn_after_round (None: still in), so a
    round after the withdrawal scores nothing; `on_board` holds (entrant id, round) pairs
    with a board, which wins over any attendance row. A round without a board after the
    first one and without a row (left out by an override) is not listed: it scores 0.
    """
    rounds = sorted(rounds)
    first_board = {}
    for eid, rnd in on_board:
        if rnd < first_board.get(eid, rnd + 1):
            first_board[eid] = rnd
    gaps = {}
    for eid, out in withdrawn.items():
        first = first_board.get(eid)
        for rnd in rounds:
            if (eid, rnd) in on_board or (out is not None and rnd > out):
                continue
            kind = attendance.get((eid, rnd))
            if kind is None and (first is None or rnd < first):
                kind = "late_entry"
            if kind is not None:
                gaps[(eid, rnd)] = kind
    return gaps


KIND_WORDS = {Attendance.Kind.HALF_BYE: "half-point bye",
              Attendance.Kind.ZERO_BYE: "zero-point bye", Attendance.Kind.ABSENT: "absent",
              "late_entry": "late entry", "withdrawn": "withdrawn"}


def not_paired_in(tournament, number: int, *, public: bool = True) -> dict[str, list]:
    """Who has no board in round `number`, and why: {kind: [Entrant, ...]} with kinds
    half_bye, zero_bye, absent, late_entry (standings.NOT_PAIRED_KINDS) and withdrawn,
    each list in pairing-number order; kinds with nobody are left out. For the round
    pages (director's and public), the cross-table and the API.

    Read from who is paired, the attendance rows and the entrants, never from results: it
    is cached under the event's latest change that is not a board's result (one query),
    so the results of a live round leave it as it was (four more queries when it is
    not cached)."""
    Tournament = type(tournament)
    latest = Tournament.objects.filter(pk=tournament.pk).values_list(
        Subquery(_changes_but_results()), flat=True).first()
    key = f"not_paired_in:{tournament.pk}:{number}:{int(public)}:{latest or 0}"
    out = cache.get(key)
    if out is None:
        out = _not_paired_in(tournament, number, public=public)
        cache.set(key, out, POINTS_TIMEOUT)
    return out


def _not_paired_in(tournament, number: int, *, public: bool) -> dict[str, list]:
    entrants = list(tournament.entrants.order_by("number"))
    boards = Match.objects.pairings().filter(round__tournament=tournament,
                                           round__number__lte=number)
    if public:
        boards = boards.published()
    on_board = {(eid, rnd) for rnd, a, b in boards.values_list("round__number", "side0_id",
                                                             "side1_id")
                for eid in (a, b) if eid is not None}
    if not any(rnd == number for _, rnd in on_board):
        return {}  # the round is not paired (or not public): nobody is "not paired" yet
    attendance = dict(((eid, rnd), kind) for eid, rnd, kind in Attendance.objects.filter(
        entrant__tournament=tournament, round_number=number).values_list(
        "entrant_id", "round_number", "kind"))
    gaps = board_less({e.pk: e.withdrawn_after_round for e in entrants}, on_board, attendance,
                      [number])
    out = defaultdict(list)
    for e in entrants:
        if (e.pk, number) in gaps:
            out[gaps[(e.pk, number)]].append(e)
        elif (e.pk, number) not in on_board and e.withdrawn_after_round is not None \
                and e.withdrawn_after_round < number:
            out["withdrawn"].append(e)
    return dict(out)


def late_entries(tournament) -> dict[int, int]:
    """{entrant id: the first round he could play} for each entrant entered late (a round
    paired before him: `board_less`'s late_entry), for the director's list. Three
    queries."""
    entrants = dict(tournament.entrants.values_list("pk", "withdrawn_after_round"))
    rounds = list(tournament.rounds.values_list("number", flat=True))
    on_board = {(eid, rnd) for rnd, a, b in Match.objects.pairings().filter(
        round__tournament=tournament).values_list("round__number", "side0_id", "side1_id")
        for eid in (a, b) if eid is not None}
    attendance = {(eid, rnd): kind for eid, rnd, kind in Attendance.objects.filter(
        entrant__tournament=tournament).values_list("entrant_id", "round_number", "kind")}
    late: dict[int, int] = {}
    for (eid, rnd), kind in board_less(entrants, on_board, attendance, rounds).items():
        if kind == "late_entry":
            late[eid] = max(late.get(eid, 0), rnd + 1)
    return late


def not_paired_numbers(tournament, number: int, *, public: bool = True) -> dict[str, list]:
    """`not_paired_in` as pairing numbers: {kind: [number, ...]} (the archive's and the
    API's shape)."""
    return {kind: [e.number for e in people]
            for kind, people in not_paired_in(tournament, number, public=public).items()}


def plain_match(row, number, sets, require_confirmation: bool):
    match_id, round_number, side0_id, side1_id, status, outcome, winner_id = row
    pair = (number[side0_id], number[side1_id] if side1_id else None)
    if side1_id is None:
        return standings.BoardResult(round_number, pair, "bye", winner=pair[0])
    if not status_counts(status, require_confirmation):
        return standings.BoardResult(round_number, pair, "unplayed")
    winner = number[winner_id] if winner_id else None
    if outcome in (Match.Outcome.PLAYED, Match.Outcome.ABANDONED):
        # `sets`: match id -> [((score0, score1), awarded_to), ...]
        played = sets.get(match_id, ())
        awarded = tuple(side for _, side in played)
        return standings.BoardResult(round_number, pair, "played", winner=winner,
                               sets=tuple(score for score, _ in played),
                               awarded_to=awarded if any(a is not None for a in awarded) else ())
    if outcome == Match.Outcome.FORFEIT:
        return standings.BoardResult(round_number, pair, "forfeit", winner=winner)
    return standings.BoardResult(round_number, pair, "double_forfeit")


def entrant_word(tournament) -> str:
    """What the standings' explanations call an entrant: "pair" in a pairs event."""
    return "pair" if tournament.is_pairs else "player"


def compute(tournament, *, after_round: int | None = None, public: bool = True, stage=None):
    """The event's standings (tournament.standings.Standings) after `after_round`, of
    `stage` (by default the last Swiss or round-robin stage: `ranked_rounds`)."""
    players, matches, points = standings_input(tournament, after_round=after_round,
                                               public=public, stage=stage)
    return standings.build_standings(players, matches, points, tournament.tiebreaks,
                                     after_round=after_round,
                                     entrant_word=entrant_word(tournament))


# ------------------------------------------------------------------------ pairing


def trf_result(m, entrant_id, number) -> TrfResult:
    """One player's TRF entry for a match of a finished round."""
    if m.side1_id is None:
        return TrfResult(None, "-", "U")
    side0 = entrant_id == m.side0_id
    opponent = number[m.side1_id if side0 else m.side0_id]
    colour = "w" if side0 else "b"
    if m.outcome == Match.Outcome.DOUBLE_FORFEIT:
        return TrfResult(opponent, colour, "-")
    if m.outcome == Match.Outcome.FORFEIT:
        return TrfResult(opponent, colour, "+" if m.winner_id == entrant_id else "-")
    if m.outcome in (Match.Outcome.PLAYED, Match.Outcome.ABANDONED):
        if m.winner_id is None:  # a team match drawn on boards: a draw for the Swiss
            return TrfResult(opponent, colour, "=")
        return TrfResult(opponent, colour, "1" if m.winner_id == entrant_id else "0")
    raise ValueError(f"board {m.board} of round {m.round.number} has no result")


def bye_code(tournament, kind: str) -> str:
    """The TRF code of a round without a board, chosen by what it scores in the standings
    (the event's points for `kind`, against a win), so that the pairing's score groups
    agree with the standings: nothing is `Z` (zero-point bye), half a win `H` (half-point
    bye), a win `F` (full-point bye); values in between go to the nearest."""
    win = tournament.points_for("win")
    value = tournament.points_for(kind)
    ratio = value / win if win > 0 else 0
    return "Z" if ratio < 0.25 else "H" if ratio < 0.75 else "F"


def trf_event(tournament, *, through_round: int | None = None) -> TrfEvent:
    """The event as TRF(x) after `through_round` (default: every round paired so far).

    Rounds up to `through_round` must be complete. A round without a board is a bye of
    the code its points call for (`bye_code`: a requested bye, an absence, a round a late
    entry missed; `0000 - Z` otherwise). For the next round, the director's requested
    byes and absences are entered in advance (`H`/`F` in the results, `Z` as absent), so
    the engine leaves those players out as FIDE does; so is anyone withdrawn before it.
    """
    entrants = list(tournament.entrants.all())
    number = {e.id: e.number for e in entrants}
    rounds = through_round if through_round is not None else (
        tournament.rounds.count())
    by_entrant = defaultdict(dict)
    for m in _matches(tournament, public=False, after_round=rounds):
        for eid in (m.side0_id, m.side1_id):
            if eid is not None:
                by_entrant[eid][m.round.number] = m
    attendance = {(eid, rnd): kind for eid, rnd, kind in Attendance.objects.filter(
        entrant__tournament=tournament, round_number__lte=rounds + 1).values_list(
        "entrant_id", "round_number", "kind")}
    on_board = {(eid, rnd) for eid, ms in by_entrant.items() for rnd in ms}
    gaps = board_less({e.id: e.withdrawn_after_round for e in entrants}, on_board,
                      attendance, range(1, rounds + 1))
    codes = {kind: bye_code(tournament, kind) for kind in NOT_PAIRED_KINDS}
    players, absent = [], set()
    # Absences are written for the round to be paired; once every planned round is, no
    # column is written for a round that does not exist (import_trf would refuse it).
    to_pair = rounds < tournament.rounds_planned
    for e in entrants:
        results = []
        for r in range(1, rounds + 1):
            m = by_entrant[e.id].get(r)
            code = codes.get(gaps.get((e.id, r)), "Z")
            results.append(trf_result(m, e.id, number) if m else TrfResult(None, "-", code))
        coming = attendance.get((e.id, rounds + 1))
        withdrawn = e.withdrawn_after_round is not None and e.withdrawn_after_round <= rounds
        if to_pair and withdrawn:
            absent.add(e.number)
        elif to_pair and coming is not None:
            if codes[coming] == "Z":
                absent.add(e.number)  # written as the trailing `0000 - Z` TRF(x) uses
            else:
                results.append(TrfResult(None, "-", codes[coming]))
        players.append(TrfPlayer(number=e.number, name=e.name, rating=e.rating,
                                 results=tuple(results)))
    forbidden = tuple(
        (number[a], number[b])
        for a, b in tournament.forbidden_pairs.values_list("first_id", "second_id")
    )
    return TrfEvent(name=tournament.name, players=tuple(players),
                    rounds_planned=tournament.rounds_planned,
                    first_colour=xxc_word(tournament.top_seed_starts),
                    forbidden=forbidden, absent=frozenset(absent))


# ------------------------------------------------------------------------ stages


def ranking_stage(tournament, number: int | None = None):
    """The stage whose standings are asked for: stage `number` (a Swiss or round robin;
    ValueError otherwise), by default the last such stage that has begun (else the first
    such); None in an event of knock-outs only."""
    stages = list(tournament.stages.order_by("number"))
    if number is not None:
        found = next((s for s in stages if s.number == number), None)
        if found is None:
            raise ValueError(f"{tournament.name} has no stage {number} (it has "
                             f"{len(stages)})")
        if not found.ranks:
            raise ValueError(f"stage {number} is a knock-out: it has a bracket and "
                             "placings, not standings")
        return found
    ranking = [s for s in stages if s.ranks]
    begun = set(Round.objects.filter(stage__in=ranking).values_list("stage_id", flat=True))
    started = [s for s in ranking if s.pk in begun]
    return (started or ranking or [None])[-1]


def stage_played(stage, *, public: bool = False) -> tuple:
    """The stage's boards so far as the pairing systems read them (`pairing.systems.Played`):
    a bye, and a result that counts, are decided. One query."""
    qs = Match.objects.pairings().filter(round__stage=stage)
    if public:
        qs = qs.published()
    rows = qs.order_by("round__number_in_stage", "board").values_list(
        "round__number_in_stage", "board", "side0_id", "side1_id", "status", "winner_id",
        "plate")
    require = stage.tournament.require_confirmation
    return tuple(Played(rnd, board, (a, b), winner if b is not None else a,
                        b is None or status_counts(status, require), plate)
                 for rnd, board, a, b, status, winner, plate in rows)


def stage_input(stage, *, public: bool = False, through_round: int | None = None):
    """The plain input of the stage's pairing system (`pairing.systems.StageInput`): for a
    Swiss the event as TRF(x) after `through_round` (event-wide numbering), else its seeds
    and its boards so far."""
    tournament = stage.tournament
    if stage.kind == "swiss":
        ids = dict(tournament.entrants.values_list("number", "id"))
        return StageInput(stage.kind, trf=trf_event(tournament, through_round=through_round),
                          ids=ids)
    return StageInput(stage.kind, tuple(stage.seeds), stage.cycles, stage.third_place,
                      stage_played(stage, public=public), stage.plate)


def bracket(stage, *, public: bool = True, plate: bool = False):
    """A knock-out stage's bracket (`pairing.knockout.Bracket`) as its counted results
    decide it, or None before it is seeded; with `plate`, (bracket, its plate's bracket
    or None)."""
    if len(stage.seeds) < 2:
        return (None, None) if plate else None
    system, given = SYSTEMS["knockout"], stage_input(stage, public=public)
    main = system.bracket(given)
    return (main, system.plate_bracket(given, main)) if plate else main


def bracket_json(stage, *, public: bool = True) -> dict | None:
    """A knock-out stage as `manage.py bracket --json` and the API give it
    (shared/spec/competitions.md): entrants by pairing number, rounds as far as the
    counted results decide them (a third-place match is the final round's board 2), and
    the places decided so far. None before the stage is seeded."""
    drawn, plate = bracket(stage, public=public, plate=True)
    if drawn is None:
        return None
    number = dict(stage.tournament.entrants.values_list("id", "number"))
    # A team match level on boards: how it was decided (team_rules.knockout_decider).
    ties = {(r, board): how for r, board, how in Match.objects.pairings().filter(
        round__stage=stage, record__has_key="decided_by").values_list(
        "round__number_in_stage", "board", "record__decided_by") if how}

    def entrant(i):
        return None if i is None else number[i]

    def match(m, offset=0, later=0):
        out = {"board": m.board, "players": [entrant(p) for p in m.players],
               "winner": entrant(m.winner) if m.decided else None, "bye": m.bye}
        at = m.round + later
        how = ties.get((at, m.board + (offset(at) if offset else 0))) \
            if m.decided and not m.bye else None
        if how:
            out["decided_by"] = how
        return out

    def one(tree, offset=0, later=0):
        rounds = [{"number": r, "matches": [match(m, offset, later) for m in ms]}
                  for r, ms in enumerate(tree.rounds, start=1)]
        if tree.third_place is not None:
            rounds[-1]["matches"].append(match(tree.third_place, offset, later))
        return {"size": len(tree.seeds), "seeds": [number[i] for i in tree.seeds],
                "rounds": rounds, "placings": [{"place": place, "entrant": number[i]}
                                               for place, i in knockout.placings(tree)]}

    doc = one(drawn)
    return {"stage": stage.number, "size": doc["size"], "seeds": doc["seeds"],
            "rounds": doc["rounds"],
            "plate": one(plate, lambda r: SYSTEMS["knockout"].plate_offset(stage, r), 1)
            if plate is not None else None,
            "placings": doc["placings"]}


def final_places(tournament, *, public: bool = True) -> list[tuple[int, int]]:
    """The event's final order as (place, pairing number), best first: where its last
    stage is a knock-out, the places it has decided (competitions.md, "Placings"), then
    everyone it did not seed in the standings of the stage before; else the standings
    (places shared as they share them)."""
    stages = list(tournament.stages.order_by("number"))
    last = stages[-1] if stages else None
    if last is None or not last.is_knockout or len(last.seeds) < 2:
        return [(row.rank, row.player) for row in compute(tournament, public=public).rows]
    last.tournament = tournament
    number = dict(tournament.entrants.values_list("id", "number"))
    placed = [(place, number[i]) for place, i in
              knockout.placings(bracket(last, public=public))]
    before = ranking_stage(tournament)
    if before is None:
        return placed
    seeded = {number[i] for i in last.seeds}
    rest = [row for row in compute(tournament, public=public, stage=before).rows
            if row.player not in seeded]
    out, previous, place = list(placed), None, len(last.seeds)
    for k, row in enumerate(rest):
        if row.rank != previous:
            place, previous = len(last.seeds) + k + 1, row.rank
        out.append((place, row.player))
    return out
