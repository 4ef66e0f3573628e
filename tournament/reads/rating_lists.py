"""The stored rating lists: the database read as the rating core's plain matches, and the
core's answer written back (shared/spec/ratings.md; docs/ratings.md).

`rebuild(ruleset)` recomputes a list from the start. `result_changed(match)`, called by
the result actions inside their transaction, keeps the list what the rule gives: a newly
counted match that is the last in the list's order is one update (a few queries); anything
else that touches rated matches (a correction, a result older than the latest rated one,
a late import, a changed link) rebuilds the list, in the request while the list is small,
else as a background task (`rebuild_ratings_task`, run by the task worker) once the
change commits.
"""

from __future__ import annotations

from datetime import date

from django.db import connection, transaction
from django.db.models import F, Q
from django_tasks import task

from scoring.rulesets import RULESETS

from .. import ratings
from ..models import EntrantPerson, Match, Person, Rating, RatingList, RatingStep, Tournament
from ..models.rounds import COUNTED, status_counts
from ..rules.entrant_rules import is_person_id

# Above this many rated matches a rebuild leaves the request for the task worker
# (a rebuild costs about 0.2 ms a match: bench/bench_ratings.py).
INLINE_MAX_MATCHES = 1000

# Every ruleset has its list, in RULESETS' order.
RULESETS_RATED = tuple(RULESETS)

# The list's order: events by date (undated last), then as stored; rounds; boards.
ORDER = (F("round__tournament__date").asc(nulls_last=True), "round__tournament_id",
         "round__number", "board")


def order_key(event_date, event_id, round_number, board) -> tuple:
    return (event_date is None, event_date or date.min, event_id, round_number, board)


def rated_matches(ruleset: str):
    """Counted played matches of the ruleset's public events (an event hidden by its
    director is rated once shown), in the list's order, as tuples
    (match id, event id, date, round, board, side0, side1, winner, lineup). In a team
    event the boards are rated, each between the players its `lineup` names, never the
    team match itself."""
    return (Match.objects.filter(COUNTED, outcome=Match.Outcome.PLAYED,
                                 round__tournament__ruleset=ruleset,
                                 round__tournament__hidden=False)
            .exclude(side1=None).exclude(winner=None)
            .exclude(round__tournament__entrants_kind=Tournament.Entrants.TEAMS,
                     team_match__isnull=True)
            .order_by(*ORDER, "team_match_id")
            .values_list("id", "round__tournament_id", "round__tournament__date",
                         "round__number", "board", "side0_id", "side1_id", "winner_id",
                         "lineup"))


def sides_people(entrant_ids=None, ruleset: str | None = None) -> dict[int, tuple]:
    """Entrant id -> its people in member order, for entrants whose every player is
    linked (one in singles, two in pairs); others are left out: they are not rated. A
    team's entry is {member index: person} of its linked members (a board is rated when
    the members its lineup names are linked: `as_rated`)."""
    links = EntrantPerson.objects.all()
    if ruleset is not None:
        links = links.filter(entrant__tournament__ruleset=ruleset)
    if entrant_ids is not None:
        links = links.filter(entrant_id__in=entrant_ids)
    found: dict[int, dict] = {}
    pairs: dict[int, bool] = {}
    out = {}
    for entrant, member, person, kind in links.values_list(
            "entrant_id", "member", "person_id", "entrant__tournament__entrants_kind"):
        found.setdefault(entrant, {})[member] = person
        pairs[entrant] = kind == Tournament.Entrants.PAIRS
        if kind == Tournament.Entrants.TEAMS:
            out[entrant] = found[entrant]
    for entrant, members in found.items():
        if entrant in out:
            continue
        wanted = (0, 1) if pairs[entrant] else (0,)
        if all(m in members for m in wanted):
            out[entrant] = tuple(members[m] for m in wanted)
    return out


def as_rated(row, people) -> ratings.RatedMatch | None:
    match_id, event, _date, _round, _board, side0, side1, winner, *rest = row
    if side0 not in people or side1 not in people:
        return None
    lineup = rest[0] if rest else None
    if isinstance(people[side0], dict):  # a board of a team match: its lineup's players
        named = []
        for side, team in ((0, side0), (1, side1)):
            members = lineup[side] if lineup and len(lineup) == 2 else []
            if not members or any(i not in people[team] for i in members):
                return None
            named.append(tuple(people[team][i] for i in members))
        by_team = {side0: named[0], side1: named[1]}
        loser = side1 if winner == side0 else side0
        return ratings.RatedMatch(match_id, event, by_team[winner], by_team[loser])
    loser = side1 if winner == side0 else side0
    return ratings.RatedMatch(match_id, event, people[winner], people[loser])


def lock_list(ruleset: str) -> RatingList:
    """The list's lock row, made the first time (one query once it exists)."""
    row = RatingList.objects.select_for_update().filter(ruleset=ruleset).first()
    if row is None:
        RatingList.objects.get_or_create(ruleset=ruleset)
        row = RatingList.objects.select_for_update().get(ruleset=ruleset)
    return row


def _rating_row(ruleset, person, s: ratings.Standing) -> Rating:
    return Rating(person_id=person, ruleset=ruleset, mu=s.mu, sigma=s.sigma, rating=s.rating,
                  matches=s.matches, trend=s.trend, last_event_id=s.last_event)


STEP_COLUMNS = ("ruleset", "seq", "match_id", "person_id", "mu", "sigma", "rating", "won")


def insert_steps(ruleset, steps, winners, first_seq=0) -> None:
    """The steps as rows: PostgreSQL's COPY, else one executemany. Model instances, or
    even multi-row INSERTs through the driver, cost a rebuild of 30,000 matches several
    seconds more than the rating itself (bench/bench_ratings.py)."""
    rows = [(ruleset, first_seq + st.index, st.key, st.person, st.mu, st.sigma,
             st.rating, st.person in winners[st.key]) for st in steps]
    table = connection.ops.quote_name(RatingStep._meta.db_table)
    columns = ", ".join(STEP_COLUMNS)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES "
                               f"({', '.join(['%s'] * len(STEP_COLUMNS))})", rows)


@transaction.atomic
def rebuild(ruleset: str) -> int:
    """Recompute the ruleset's list from every stored result; the number of rated matches."""
    lock_list(ruleset)
    people = sides_people(ruleset=ruleset)
    matches = [m for m in (as_rated(row, people) for row in rated_matches(ruleset)) if m]
    standings, steps = ratings.rate_all(matches)
    winners = {m.key: set(m.winner) for m in matches}
    RatingStep.objects.filter(ruleset=ruleset).delete()
    Rating.objects.filter(ruleset=ruleset).delete()
    Rating.objects.bulk_create([_rating_row(ruleset, p, s) for p, s in standings.items()],
                               batch_size=2000)
    insert_steps(ruleset, steps, winners)
    return len(matches)


@task()
def rebuild_ratings_task(ruleset: str) -> dict:
    """A list rebuilt off the request, by the task worker (django-tasks, as the jobs of
    tournament/web/tasks.py; no Job row, as nobody waits on it). Two queued at once rebuild
    twice, one after the other (each takes the list's lock); the later reads every
    committed result."""
    return {"ruleset": ruleset, "matches": rebuild(ruleset)}


def rebuild_all() -> dict[str, int]:
    return {ruleset: rebuild(ruleset) for ruleset in RULESETS_RATED}


def request_rebuild(ruleset: str) -> None:
    """Rebuild now when the list is small, else once the caller's transaction commits, by
    the task worker (so a director's correction never waits on thousands of matches)."""
    if ruleset not in RULESETS_RATED:
        return
    if RatingStep.objects.filter(ruleset=ruleset).values("match").distinct().count() \
            <= INLINE_MAX_MATCHES:
        rebuild(ruleset)
        return
    transaction.on_commit(lambda: rebuild_ratings_task.enqueue(ruleset))


def result_changed(match) -> str:
    """Keep the match's list true after its result changed (in the caller's transaction).
    Returns what was done: "none", "update" or "rebuild" (said in tests and logs)."""
    tournament = match.round.tournament
    ruleset = tournament.ruleset
    if ruleset not in RULESETS_RATED or tournament.hidden:
        return "none"  # a hidden event's results are not public, so not rated (yet)
    steps = RatingStep.objects.filter(match=match).values_list("person_id", "won")
    before = list(steps)
    new = None
    counted = status_counts(match.status, tournament.require_confirmation)
    if counted and match.outcome == Match.Outcome.PLAYED and match.side1_id and match.winner_id:
        people = sides_people([match.side0_id, match.side1_id])
        if not (tournament.is_teams and match.team_match_id is None):
            new = as_rated((match.pk, tournament.pk, None, None, None, match.side0_id,
                            match.side1_id, match.winner_id, match.lineup), people)
    if not before and new is None:
        return "none"  # no list to touch: no lock, so unlinked events never queue on it
    lock_list(ruleset)
    before = list(steps.all())  # again, under the lock: a rebuild may have committed since
    if before:
        if new is not None and ({p for p, won in before if won} == set(new.winner)
                                and {p for p, _ in before} == {*new.winner, *new.loser}):
            return "none"  # confirmed, or re-entered with the same winner: nothing changes
        request_rebuild(ruleset)
        return "rebuild"
    if new is None:
        return "none"
    last = (RatingStep.objects.filter(ruleset=ruleset).order_by("-seq")
            .values_list("seq", "match__round__tournament__date", "match__round__tournament_id",
                         "match__round__number", "match__board").first())
    key = order_key(tournament.date, tournament.pk, match.round.number, match.board)
    if last is not None and order_key(*last[1:]) > key:
        request_rebuild(ruleset)
        return "rebuild"
    apply_one(ruleset, new, 0 if last is None else last[0] + 1)
    return "update"


def results_changed(tournament, matches) -> None:
    """Several results of one event changed at once (a round closed with boards open):
    one match is result_changed; more rebuild the list once, if any could be rated."""
    matches = list(matches)
    if len(matches) == 1:
        result_changed(matches[0])
    elif matches and tournament.ruleset in RULESETS_RATED:
        request_rebuild(tournament.ruleset)


def apply_one(ruleset: str, match: ratings.RatedMatch, seq: int) -> None:
    """One update of the stored list: the match is the last in its order."""
    people = (*match.winner, *match.loser)
    rows = {r.person_id: r for r in Rating.objects.filter(ruleset=ruleset, person__in=people)}
    standings = {p: ratings.Standing(r.mu, r.sigma, r.matches, r.trend, r.last_event_id)
                 for p, r in rows.items()}
    steps = ratings.rate_match(standings, match)
    fresh = [_rating_row(ruleset, p, standings[p]) for p in people if p not in rows]
    for person, row in rows.items():
        s = standings[person]
        row.mu, row.sigma, row.rating = s.mu, s.sigma, s.rating
        row.matches, row.trend, row.last_event_id = s.matches, s.trend, s.last_event
    if rows:
        Rating.objects.bulk_update(rows.values(), ["mu", "sigma", "rating", "matches", "trend",
                                                  "last_event"])
    if fresh:
        Rating.objects.bulk_create(fresh)
    insert_steps(ruleset, steps, {match.key: set(match.winner)}, seq)


def people_changed(person_ids) -> None:
    """These people were merged or unmerged: rebuild each list they have rated matches in
    (one with none changes no list: its entries were not rated)."""
    rulesets = set(RatingStep.objects.filter(person__in=person_ids)
                   .values_list("ruleset", flat=True).distinct())
    for ruleset in sorted(rulesets):
        request_rebuild(ruleset)


def entrant_changed(entrant) -> None:
    """An entrant's link to a person changed: its list is rebuilt only if it has a
    counted played match (linking a field before round 1 costs nothing)."""
    ruleset = entrant.tournament.ruleset
    if ruleset in RULESETS_RATED and Match.objects.filter(
            COUNTED, outcome=Match.Outcome.PLAYED).filter(
            Q(side0=entrant) | Q(side1=entrant)).exists():
        request_rebuild(ruleset)


def event_changed(tournament) -> None:
    """A whole event arrived (an import) or its date changed: rebuild its list if it has
    any rated match (an import of the newest event is rare enough not to special-case)."""
    if tournament.ruleset in RULESETS_RATED and EntrantPerson.objects.filter(
            entrant__tournament=tournament).exists():
        request_rebuild(tournament.ruleset)


# ------------------------------------------------------------------ reads


def rating_list(ruleset: str):
    """The list as the API gives it: best rating first, one query."""
    return (Rating.objects.filter(ruleset=ruleset).select_related("person")
            .order_by("-rating", "person__name", "person__key"))


def current_person(key: str) -> Person | None:
    """The person with this id, following merges to the one they became."""
    if not is_person_id(key):
        return None  # never a query with text no id can hold (a NUL is a 500 on PostgreSQL)
    person = Person.objects.filter(key=key).first()
    seen = set()
    while person is not None and person.merged_into_id and person.pk not in seen:
        seen.add(person.pk)
        person = person.merged_into
    return person


def list_json(ruleset: str) -> list[dict]:
    """The list as `GET /api/v1/ratings/` and `ratings --json` give it (shared/spec)."""
    return [{"person": r.person.key, "name": r.person.name, "club": r.person.club,
             "mu": r.mu, "sigma": r.sigma, "rating": r.rating, "matches": r.matches}
            for r in rating_list(ruleset)]
