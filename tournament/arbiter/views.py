"""Result entry for an event's officials: boards of a round, a board's form, its history.

Every page checks on the server that the user is an official of THAT event; what they
may do to a board is `results.require_result`, the rule the actions enforce; every change
goes through one action in tournament.actions.results.
"""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from scoring.starters import sets_alternate

from ..actions import ActionError, tokens
from ..actions import results as result_actions
from ..actions.base import require_official, retrying
from ..actions.checkin import open_round
from ..entry import numbers
from ..entry import record as rec
from ..entry.starters import first_set_starter
from ..models import Match, ResultVersion, Round, Tournament
from ..models.rounds import live_round, status_counts
from ..web import idempotency
from . import stored_sheet
from .board_data import describe, load_match, stored_form_data, table_for
from .entry_post import store_typed
from .forms import EntryForm

POLL_SECONDS = 20  # how often the boards page asks for the boards' states
CLOCK_SECONDS = 4  # how often an official's page asks the round clock (clock.js)


def first_round_shown(rounds):
    """The round an arbiter sees first: the live one, else the latest shown, else a draft."""
    shown = [r for r in rounds if r.is_public]
    return live_round(rounds) or (shown or rounds or [None])[-1]


@login_required
@require_GET
def landing(request):
    """Where an arbiter lands after signing in: the boards of their event's live round
    when they officiate one event, else the list of their events."""
    events = list(Tournament.objects.run_by(request.user)[:2])
    if len(events) == 1:
        return redirect("arbiter:boards", events[0].slug)
    return redirect("arbiter:home")


@login_required
@require_GET
def home(request):
    events = (Tournament.objects.run_by(request.user)
              .prefetch_related(Prefetch("rounds", queryset=Round.objects.order_by("number"))))
    rows = []
    for t in events:
        rounds = list(t.rounds.all())
        rows.append({"event": t, "round": first_round_shown(rounds),
                     "checkin_round": open_round(t, paired=len(rounds))})
    return render(request, "arbiter/home.html", {"rows": rows})


def tile(match, require_confirmation: bool) -> dict:
    """A board's tile as the boards page shows it and its refresh reads it (JSON)."""
    counts = status_counts(match.status, require_confirmation)
    label = match.get_status_display()
    if match.status == Match.Status.ENTERED and counts:
        label = "Entered · counts"
    score = ""
    if match.status != Match.Status.PENDING:
        if match.outcome in (Match.Outcome.PLAYED, Match.Outcome.ABANDONED):
            score = ", ".join(str(s) for s in match.sets.all())  # "23–40 awarded" too
        if match.outcome != Match.Outcome.PLAYED:
            score = f"{score} {match.get_outcome_display()}".strip()
    words = ""
    if match.status == Match.Status.DISPUTED:
        # Both sides' words: what one entered (the score above) and why the other objects.
        words = f"{match.answered_by_player.name if match.answered_by_player else '?'}: " \
                f"“{match.dispute_reason}”"
    return {"id": match.pk, "board": match.board, "status": match.status, "label": label,
            "score": score, "who": who_did(match), "words": words, "version": match.version,
            "counts": counts}


def who_did(match) -> str:
    """Who stored the board's result and who answered it, in the order they did. Only
    what happened is said: under players_accept the other side's acceptance made the
    result count and no official confirmed it; a step done by no account (the command
    line, or an account deleted since) names nobody rather than "?"."""
    if match.status == Match.Status.PENDING:
        return ""
    by = entered_by(match)
    steps = [f"entered by {by}" if by else "entered"]
    if match.answer is not None:
        steps.append(f"{match.answer} by {match.answered_by_player.name} (player)")
    if match.confirmed_by is not None:
        steps.append(f"confirmed by {match.confirmed_by.username}")
    return ", ".join(steps)


def entered_by(match) -> str:
    """The name of who entered the stored result ("" when no account did)."""
    if match.entered_by_player_id is not None:
        return f"{match.entered_by_player.name} (player)"
    return match.entered_by.username if match.entered_by else ""


def disputed_first(matches, *, unfinished_first=False, require_confirmation=True):
    """Disputed boards first (an official settles them), then in board order. At time
    (`unfinished_first`: the round's clock has run out) the boards whose result does not
    count yet come before those done, disputed first among them; byes count as done.
    Nothing else happens at time: no board is closed, no result given."""
    if not unfinished_first:
        return sorted(matches, key=lambda m: (m.status != Match.Status.DISPUTED, m.board))

    def done(m):
        return m.is_bye or status_counts(m.status, require_confirmation)
    return sorted(matches, key=lambda m: (done(m), m.status != Match.Status.DISPUTED, m.board))


def at_time(round_) -> bool:
    """Has the round's clock run out (read as ended): the list puts unfinished boards first."""
    return round_ is not None and round_.is_public and round_.clock()["state"] == "ended"


def round_boards(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    require_official(tournament, request.user)
    rounds = list(tournament.rounds.select_related("stage").order_by("number"))
    if number is None:
        current = first_round_shown(rounds)
    else:
        current = next((r for r in rounds if r.number == number), None)
        if current is None:
            raise Http404(f"{tournament.name} has no round {number}.")
    matches = []
    if current is not None:
        matches = disputed_first(current.matches.for_listing().select_related(
            "entered_by", "confirmed_by", "entered_by_player__entrant",
            "answered_by_player__entrant"), unfinished_first=at_time(current),
            require_confirmation=tournament.require_confirmation)
    return tournament, rounds, current, matches


@login_required
@require_GET
def boards(request, slug, number=None):
    tournament, rounds, current, matches = round_boards(request, slug, number)
    rows = [{"m": m, "tile": None if m.is_bye else tile(m, tournament.require_confirmation)}
            for m in matches]
    clock = current.clock() if current is not None and current.is_public else None
    return render(request, "arbiter/boards.html", {
        "tournament": tournament, "rounds": rounds, "round": current, "rows": rows,
        "is_director": tournament.is_director(request.user), "poll_seconds": POLL_SECONDS,
        "clock": clock, "at_time": at_time(current),
        "clock_url": clock and reverse("public:round_clock", args=[slug, current.number]),
        "clock_action_url": clock and reverse("arbiter:clock", args=[slug, current.number]),
        "clock_next": request.get_full_path(), "clock_seconds": CLOCK_SECONDS,
        "clock_minutes": (current.clock_duration_s // 60 or None) if clock else None,
    })


@never_cache
@login_required
@require_GET
def board_states(request, slug, number):
    """The round's boards as tiles, for the boards page to refresh itself (cheap: two
    queries, no rendering)."""
    tournament, _, current, matches = round_boards(request, slug, number)
    # In the order the list shows them: at time, the unfinished boards first.
    return JsonResponse({"round": current.number, "at_time": at_time(current), "boards": [
        tile(m, tournament.require_confirmation) for m in matches if not m.is_bye]})


def starters_named(sets, seat_words) -> list:
    """The board's sets, each with `starter_words`: the member at the seat that started it
    (pairs), as the stored record seats them, so the stored result never names the pair."""
    sets = list(sets)
    for s in sets:
        s.starter_words = (seat_words[s.starter] if s.starter is not None
                           and s.starter < len(seat_words) else "")
    return sets


def board_context(request, match, *, form=None, version=None, conflict=None, problem=None,
                  starter_errors=None, starter_reason=""):
    tournament = match.round.tournament
    user = request.user
    perms = result_actions.permissions(match, user)
    correcting = result_actions.settled(match)
    table = table_for(match)
    if form is None:
        form = EntryForm(table, initial=stored_form_data(match, table),
                         correcting=correcting)
    is_director = tournament.is_director(user)
    seats = table.seat_labels() if table.pairs else ["A", "B"]
    seats_stored = table.seat_words(stored_form_data(match, table))
    return {
        "tournament": tournament, "match": match, "round": match.round,
        "names": list(table.names), "table": table,
        "is_director": is_director, "correcting": correcting,
        "can_enter": bool(perms & {result_actions.ENTER, result_actions.CORRECT}),
        "can_confirm": result_actions.CONFIRM in perms,
        "unaccepted": (result_actions.unaccepted_words(match)
                       if result_actions.awaits_acceptance(match) else ""),
        "entered_by_me": match.entered_by_id == user.pk,
        "counts": status_counts(match.status, tournament.require_confirmation),
        "sets": starters_named(match.sets.all(), seats_stored),
        "sheets": stored_sheet.sheets(match.record, table, seats_stored),
        "form": form, "version": match.version if version is None else version,
        "conflict": conflict, "problem": problem,
        "described": describe(match),
        "later_rounds": (result_actions.later_rounds(match)
                         if correcting and is_director else []),
        "can_set_starter": (is_director and not match.is_bye
                            and sets_alternate(tournament.ruleset)),
        "first_set_starter": first_set_starter(match),
        "starter_seats": [(n, f"{seats[n]}: {table.names[n % 2]}")
                          for n in range(table.seats)],
        "starter_errors": starter_errors or {}, "starter_reason": starter_reason,
        # A new key each time the page is drawn: the same form sent twice (a double tap, a
        # resend after a lost connection) is carried out once (tournament/web/idempotency.py).
        "idempotency_key": secrets.token_urlsafe(18),
    }


@login_required
@require_http_methods(["GET", "POST"])
def board(request, match_id):
    match = load_match(match_id)
    require_official(match.round.tournament, request.user)
    if request.method == "POST":
        return idempotency.form_post(request, idempotency.credential_of(request.user),
                                     lambda: posted(request, match))
    return render(request, "arbiter/match.html", board_context(request, match))


def posted(request, match):
    action = request.POST.get("action")
    if action == "confirm":
        return confirm(request, match)
    if action == "first_set_starter":
        return change_first_set_starter(request, match)
    return enter(request, match)


def after_change(match):
    return redirect(reverse("arbiter:round", args=[match.round.tournament.slug,
                                                   match.round.number]))


def enter(request, match):
    try:  # refused before reading the form: its checks would only hide why
        result_actions.require_result(match, request.user, result_actions.ENTER,
                                      result_actions.CORRECT)
    except ActionError as e:
        return render(request, "arbiter/match.html",
                      board_context(request, match, problem=e.message), status=e.status)
    table = table_for(match)
    form = EntryForm(table, request.POST, correcting=result_actions.settled(match))

    def again(status, *, problem=None, conflict=None, new_version=None, current=match):
        ctx = board_context(request, current, form=form, problem=problem, conflict=conflict,
                            version=new_version if new_version is not None
                            else request.POST.get("version", ""))
        return render(request, "arbiter/match.html", ctx, status=status)

    def store(built, version):
        return result_actions.submit_result(
            match.pk, request.user, version=version, outcome=built.outcome,
            record=built.record, conceded_by=built.conceded_by,
            reason=form.cleaned_data["reason"])

    def stale(e):
        # Show what is stored now; what was typed stays in the form, and the form now
        # carries the new version so that saving again is a deliberate choice.
        fresh = load_match(match.pk)
        return again(409, conflict=e.message, new_version=fresh.version, current=fresh)

    stored, refused = store_typed(form, again, store, stale=stale)
    if refused:
        return refused
    messages.success(request, f"Board {stored.board}: result stored "
                              f"({result_actions.describe(stored)}).")
    return after_change(stored)


def posted_version(request):
    return numbers.whole_or_none(request.POST.get("version"), low=0)


def confirm(request, match):
    version = posted_version(request)
    try:
        if version is None:
            raise ActionError("The form lost the board's version number: reload the board.")
        stored = retrying(result_actions.confirm_result)(match.pk, request.user,
                                                         version=version)
    except result_actions.StaleVersion as e:
        fresh = load_match(match.pk)
        return render(request, "arbiter/match.html",
                      board_context(request, fresh, conflict=e.message), status=409)
    except ActionError as e:
        return render(request, "arbiter/match.html",
                      board_context(request, match, problem=e.message), status=e.status)
    messages.success(request, f"Board {stored.board}: result confirmed.")
    return after_change(stored)


def change_first_set_starter(request, match):
    """A director's change of who starts set 1 on this board, with a reason."""
    reason = request.POST.get("reason", "")
    raw = str(request.POST.get("seat", "")).strip()
    try:
        stored = result_actions.set_first_set_starter(
            match.pk, request.user, seat=numbers.whole_or_none(raw, low=0) if raw else -1,
            reason=reason)
    except ActionError as e:
        return render(request, "arbiter/match.html", board_context(
            request, match, problem=e.message, starter_errors=e.errors,
            starter_reason=reason), status=e.status)
    messages.success(request, f"Board {stored.board}: "
                              f"{stored.players[first_set_starter(stored) % 2].name}"
                              " starts set 1.")
    return redirect("arbiter:match", stored.pk)


@login_required
@require_GET
def history(request, match_id):
    match = load_match(match_id)
    require_official(match.round.tournament, request.user)
    versions = list(ResultVersion.objects.filter(match=match)
                    .select_related("by", "by_player__entrant", "conceded_by")
                    .order_by("version"))
    rows = []
    table = table_for(match)
    for v in versions:
        scores = [s.get("score") for s in ((v.record or {}).get("sets") or [])
                  if isinstance(s, dict)]
        # Each version's own seating names the seats of its hand sheet.
        words = table.seat_words(rec.form_data(v.outcome, None, v.record, table))
        rows.append({"v": v, "scores": [sc for sc in scores if isinstance(sc, list)],
                     "sheets": stored_sheet.sheets(v.record, table, words)})
    return render(request, "arbiter/history.html", {
        "tournament": match.round.tournament, "match": match, "rows": rows})


@never_cache  # the key is a password: no browser or proxy keeps a copy of this page
@login_required
@require_http_methods(["GET", "POST"])
def token(request):
    # Only a digest of the key is stored, so the key is shown once, in the POST's answer.
    key = tokens.issue(request.user, request.user) if request.method == "POST" else None
    return render(request, "arbiter/token.html",
                  {"token": tokens.token_of(request.user), "key": key})
