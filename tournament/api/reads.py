"""Public reads: published events, rounds, boards and standings."""

from django.core.validators import slug_re
from django.db.models import Count, Exists, OuterRef, Q
from ninja import Query, Router
from ninja.errors import HttpError
from pydantic import Field

from ..common.credentials import user_for
from ..models import Match, Round, Tournament
from ..models.event import DEFAULT_POINTS
from ..models.rounds import PUBLIC_ROUND_STATUSES
from ..reads import history, league
from ..text.collation import a_to_z
from . import schemas, serialize

router = Router(tags=["read"])


def visible_tournaments(user=None):
    """An event is public once a round of it is published, or while it takes entries
    (a club website reads whether they are open). Its status alone does not say so:
    pairing round 1 as a draft already marks it running, before anything is shown. The list
    holds the listed events; one event is read by whoever it is not hidden from (`user`:
    the official whose token the request carries, else None, the public)."""
    published = Round.objects.published().filter(tournament=OuterRef("pk"))
    events = Tournament.objects.listed() if user is None else Tournament.objects.public_to(user)
    return events.filter(Exists(published) | Q(entries_open=True))


def tournament_or_404(request, slug) -> Tournament:
    # Only a slug's characters reach the query: PostgreSQL refuses a NUL (a 500 otherwise).
    t = (visible_tournaments(user_for(request)).filter(slug=slug).first()
         if slug_re.match(slug) else None)
    if t is None:  # a hidden event is answered as one that does not exist
        raise HttpError(404, f"There is no published tournament {slug!r}.")
    return t


@router.get("/tournaments/", response={200: list[schemas.TournamentSummary], **schemas.READ})
def tournaments(request):
    rows = a_to_z(visible_tournaments().annotate(
        paired=Count("rounds", filter=Q(rounds__status__in=PUBLIC_ROUND_STATUSES))),
        name=lambda t: t.name)
    return [{"slug": t.slug, "name": t.name, "status": t.status,
             "rounds_planned": t.rounds_planned, "rounds_paired": t.paired} for t in rows]


@router.get("/tournaments/{slug}/",
            response={200: schemas.TournamentOut, 404: schemas.Detail, **schemas.READ},
            exclude_unset=True)
def tournament(request, slug: str):
    t = tournament_or_404(request, slug)
    rounds = list(t.rounds.published().select_related("stage").annotate(
        boards=Count("matches", filter=Q(matches__team_match__isnull=True)))
        .order_by("number"))
    numbers = dict(t.entrants.values_list("id", "number"))
    stages = list(t.stages.order_by("number"))
    for s in stages:
        s.tournament = t
    return {
        "slug": t.slug, "name": t.name, "status": t.status, "ruleset": t.ruleset,
        "entrants": t.entrants_kind,
        "rounds_planned": t.rounds_planned, "rounds_paired": len(rounds),
        # Every kind of result the event scores (an older event's missing keys: defaults).
        "points": {k: t.points_for(k) for k in DEFAULT_POINTS},
        "tiebreaks": list(t.tiebreaks), "require_confirmation": t.require_confirmation,
        "entry_policy": t.entry_policy,
        # A team event's format and points (shared/spec/competitions.md); absent otherwise.
        **({"team_match": t.team_match, "team_points": t.team_points} if t.is_teams else {}),
        "revision": t.change_id,
        "players": [serialize.entrant(e, t) for e in t.entrants.order_by("number")],
        "rounds": [{"number": r.number, "status": r.status, "boards": r.boards,
                    "stage": r.stage.number, "number_in_stage": r.number_in_stage,
                    "title": r.title} for r in rounds],
        "stages": [serialize.stage(s, numbers) for s in stages],
        "entries": t.entries_settings,
        "clock": {**rounds[-1].clock(), "round": rounds[-1].number} if rounds else None,
    }


@router.get("/tournaments/{slug}/rounds/{number}/", response={
    200: list[schemas.Pairing], 400: schemas.Detail, 404: schemas.Detail, **schemas.READ},
    exclude_unset=True)
def round_pairings(request, slug: str, number: int):
    t = tournament_or_404(request, slug)
    round_ = t.rounds.published().filter(number=number).first()
    if round_ is None:
        raise HttpError(404, f"Round {number} of {t.name} is not published.")
    matches = round_.matches.pairings().for_listing()
    if t.is_teams:  # each team match with its boards, each a match with its own id
        matches = matches.prefetch_related(serialize.boards_prefetch())
    return [serialize.pairing(m, t) for m in matches]


class StandingsQuery(schemas.Schema):
    after_round: int | None = Field(None, ge=0, description="The table after this round.")
    stage: int | None = Field(None, ge=1, description="The standings of this stage (a Swiss "
                              "or round robin; default: the last such stage).")


@router.get("/tournaments/{slug}/standings/", response={
    200: list[schemas.StandingRow], 400: schemas.Detail, 404: schemas.Detail, **schemas.READ},
    exclude_unset=True)
def standings(request, slug: str, query: Query[StandingsQuery]):
    t = tournament_or_404(request, slug)
    after = query.after_round
    if after is not None:
        last = max(t.rounds.published().values_list("number", flat=True), default=0)
        if after > last:
            raise HttpError(400, f"after_round must be between 0 and {last} (the rounds "
                                 f"published so far), not {after}.")
    try:
        stage = history.ranking_stage(t, query.stage)
    except ValueError as exc:
        raise HttpError(400, f"{exc}.") from None
    if t.is_teams:  # the league table (reads.league), with its rows' team keys
        return league.rows_json(league.league_table(t, after_round=after, stage=stage))
    return [row.as_json() for row in history.compute(t, after_round=after, stage=stage).rows]


@router.get("/tournaments/{slug}/stages/{number}/bracket/", response={
    200: schemas.BracketOut, 400: schemas.Detail, 404: schemas.Detail, **schemas.READ},
    exclude_unset=True)  # a match's `decided_by` only where a team match was level
def bracket(request, slug: str, number: int):
    """A knock-out stage's bracket and placings, as `manage.py bracket --json`."""
    t = tournament_or_404(request, slug)
    stage = t.stages.filter(number=number).first()
    if stage is None:
        raise HttpError(404, f"{t.name} has no stage {number}.")
    if not stage.is_knockout:
        raise HttpError(400, f"Stage {number} of {t.name} is a "
                             f"{stage.get_kind_display().lower()}: it has standings, not a "
                             "bracket.")
    doc = history.bracket_json(stage)
    if doc is None:
        raise HttpError(404, f"Stage {number} of {t.name} is not drawn yet.")
    return doc


@router.get("/matches/{match_id}/", response={
    200: schemas.MatchOut, 400: schemas.Detail, 404: schemas.Detail, **schemas.READ},
    exclude_unset=True)
def match(request, match_id: int):
    user = user_for(request)
    # Boards of events hidden from the reader are not there: 404, as for no board at all.
    m = (Match.objects.public(user).select_related("round__tournament", "side0", "side1")
         .prefetch_related("sets", serialize.boards_prefetch()).filter(pk=match_id).first())
    if m is None:
        raise HttpError(404, f"There is no published board with id {match_id}.")
    t = m.round.tournament
    return serialize.match_detail(m, t, official=user is not None and t.is_official(user))
