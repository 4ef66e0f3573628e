"""Result entry for an event's officials: boards of a round, a board's form, its history.

Every page checks on the server that the user is an official of THAT event; every
change goes through one action in tournament.actions.results.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from ..actions import ActionError, tokens
from ..actions import results as result_actions
from ..models import Match, ResultVersion, Round, Tournament
from ..models.rounds import live_round as models_live_round
from ..rules import pairing_starts_set_one
from . import record as rec
from .forms import EntryForm, parse_version


def require_official(tournament, user):
    if not tournament.is_official(user):
        raise PermissionDenied(f"You are not an arbiter or director of {tournament.name}.")


def live_round(tournament, rounds):
    """The round an arbiter sees first: the live one, else the latest shown, else a draft."""
    shown = [r for r in rounds if r.is_public]
    return models_live_round(rounds) or (shown or rounds or [None])[-1]


@login_required
@require_GET
def home(request):
    events = (Tournament.objects.run_by(request.user)
              .prefetch_related(Prefetch("rounds", queryset=Round.objects.order_by("number"))))
    rows = []
    for t in events:
        rounds = list(t.rounds.all())
        rows.append({"event": t, "round": live_round(t, rounds)})
    return render(request, "arbiter/home.html", {"rows": rows})


@login_required
@require_GET
def boards(request, slug, number=None):
    tournament = get_object_or_404(Tournament, slug=slug)
    require_official(tournament, request.user)
    rounds = list(tournament.rounds.order_by("number"))
    if number is None:
        current = live_round(tournament, rounds)
    else:
        current = next((r for r in rounds if r.number == number), None)
        if current is None:
            raise Http404(f"{tournament.name} has no round {number}.")
    matches = []
    if current is not None:
        matches = list(current.matches.for_listing().select_related("entered_by",
                                                                    "confirmed_by"))
    return render(request, "arbiter/boards.html", {
        "tournament": tournament, "rounds": rounds, "round": current, "matches": matches,
        "is_director": tournament.is_director(request.user),
    })


def load_match(match_id) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round__tournament", "side0", "side1", "conceded_by",
                                     "winner", "entered_by", "confirmed_by"),
        pk=match_id)


def stored_form_data(match) -> dict:
    if match.status == Match.Status.PENDING:
        return {}
    seat = None if match.conceded_by_id is None else match.seat_of(match.conceded_by_id)
    return rec.form_data(match.outcome, seat, match.record)


def board_names(match) -> list[str]:
    """The names of seats 0 and 1, as the form and the record's `players` show them."""
    return [match.side0.name, match.side1.name if match.side1_id else "bye"]


def board_context(request, match, *, form=None, version=None, conflict=None, problem=None):
    tournament = match.round.tournament
    user = request.user
    is_director = tournament.is_director(user)
    closed = match.round.status == Round.Status.CLOSED
    correcting = match.status == Match.Status.CONFIRMED or closed
    names = board_names(match)
    open_round = match.round.status != Round.Status.DRAFT and not match.is_bye
    if form is None:
        form = EntryForm(names, stored_form_data(match),
                         drawn=not pairing_starts_set_one(tournament.ruleset))
    return {
        "tournament": tournament, "match": match, "round": match.round, "names": names,
        "is_director": is_director, "correcting": correcting,
        "can_enter": open_round and (is_director or not correcting),
        "can_confirm": (open_round and match.status == Match.Status.ENTERED
                        and match.entered_by_id != user.pk),
        "entered_by_me": match.entered_by_id == user.pk,
        "sets": list(match.sets.all()),
        "form": form, "version": match.version if version is None else version,
        "conflict": conflict, "problem": problem,
        "described": describe(match),
    }


def describe(match) -> str:
    if match.status == Match.Status.PENDING:
        return ""
    try:
        return result_actions.describe(match)
    except AttributeError:  # a stored state without a winner (e.g. an unfinished record)
        return match.get_outcome_display()


@login_required
@require_http_methods(["GET", "POST"])
def board(request, match_id):
    match = load_match(match_id)
    require_official(match.round.tournament, request.user)
    if request.method == "POST":
        if request.POST.get("action") == "confirm":
            return confirm(request, match)
        return enter(request, match)
    return render(request, "arbiter/match.html", board_context(request, match))


def after_change(match):
    return redirect(reverse("arbiter:round", args=[match.round.tournament.slug,
                                                   match.round.number]))


def enter(request, match):
    names = board_names(match)
    tournament = match.round.tournament
    built = rec.build(request.POST, ruleset=tournament.ruleset, players=names)
    version = parse_version(request.POST)
    reason = request.POST.get("reason", "")
    if version is None:
        built.add(rec.GENERAL, "The form lost the board's version number: reload the board "
                               "and enter the result again.")

    def again(errors, status, *, problem=None, conflict=None, new_version=None):
        form = EntryForm(names, request.POST, errors, reason=reason, drawn=built.drawn)
        ctx = board_context(request, match, form=form, problem=problem, conflict=conflict,
                            version=version if new_version is None else new_version)
        return render(request, "arbiter/match.html", ctx, status=status)

    if built.errors:
        return again(built.errors, 400, problem="Some of what was typed cannot be read: "
                                                "see the marked fields. Nothing was stored.")
    try:
        stored, _ = result_actions.submit_result(
            match.pk, request.user, version=version, outcome=built.outcome,
            record=built.record, conceded_by=built.conceded_by, reason=reason)
    except result_actions.RecordRefused as e:
        return again(rec.map_errors(e.report["errors"], built), e.status,
                     problem=f"{e.message} Nothing was stored: correct the marked fields.")
    except result_actions.StaleVersion as e:
        # Show what is stored now; what was typed stays in the form, and the form now
        # carries the new version so that saving again is a deliberate choice.
        fresh = load_match(match.pk)
        match = fresh
        return again({}, 409, conflict=e.message, new_version=fresh.version)
    except ActionError as e:
        return again(e.errors, e.status, problem=f"{e.message} Nothing was stored.")
    messages.success(request, f"Board {stored.board}: result stored "
                              f"({result_actions.describe(stored)}).")
    return after_change(stored)


def confirm(request, match):
    version = parse_version(request.POST)
    try:
        if version is None:
            raise ActionError("The form lost the board's version number: reload the board.")
        stored = result_actions.confirm_result(match.pk, request.user, version=version)
    except result_actions.StaleVersion as e:
        fresh = load_match(match.pk)
        return render(request, "arbiter/match.html",
                      board_context(request, fresh, conflict=e.message), status=409)
    except ActionError as e:
        return render(request, "arbiter/match.html",
                      board_context(request, match, problem=e.message), status=e.status)
    messages.success(request, f"Board {stored.board}: result confirmed.")
    return after_change(stored)


@login_required
@require_GET
def history(request, match_id):
    match = load_match(match_id)
    require_official(match.round.tournament, request.user)
    versions = list(ResultVersion.objects.filter(match=match)
                    .select_related("by", "conceded_by").order_by("version"))
    rows = []
    for v in versions:
        scores = [s.get("score") for s in ((v.record or {}).get("sets") or [])
                  if isinstance(s, dict)]
        rows.append({"v": v, "scores": [sc for sc in scores if isinstance(sc, list)]})
    return render(request, "arbiter/history.html", {
        "tournament": match.round.tournament, "match": match, "rows": rows})


@never_cache  # the key is a password: no browser or proxy keeps a copy of this page
@login_required
@require_http_methods(["GET", "POST"])
def token(request):
    # Only a digest of the key is stored, so the key is shown once, in the POST's answer.
    key = tokens.issue(request.user) if request.method == "POST" else None
    return render(request, "arbiter/token.html",
                  {"token": tokens.token_of(request.user), "key": key})
