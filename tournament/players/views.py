"""A player's own pages, opened from the card's QR code with no account: their page
(`/me/`) and their board's (`/me/board/<id>/`), where either side enters the result on
the arbiters' own entry form and the other side accepts or disputes it.

Every answer is private and never stored (never_cache) and sends no referrer; every
write is one plain HTML form posting to these URLs and calling ONE action of
tournament.actions.table (docs/players.md). The posts are limited as the API's writes
are (players/limited.py).
"""

import functools
import json
import secrets

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..actions import ActionError
from ..actions import results as result_actions
from ..actions import table as actions
from ..actions.base import allowed, refusal, retrying
from ..actions.board import NO_SUCH_BOARD
from ..actions.checkin import set_checkin
from ..arbiter.board_data import describe, load_match, stored_form_data, table_for
from ..arbiter.entry_post import store_typed
from ..arbiter.forms import EntryForm
from ..entry import numbers
from ..models import Match, Tournament
from ..models.rounds import status_counts
from ..public import data as public_data
from ..web import idempotency
from ..web.limits import client_ip
from ..web.private_pages import keep_private
from . import reads, session, team_reads
from .limited import limited

# How often a player's page asks whether the event changed (live.js, as the public pages
# do every 3 s): a private answer of a few small queries, never cached.
LIVE_SECONDS = 10
# How often the round clock on a player's page asks again (own_clock): the spec's "a
# change reaches open pages within 5 s".
CLOCK_SECONDS = 5


def private(view_func):
    """No cache keeps these pages, and no link from them tells another site where it came
    from. `same-origin`, not `no-referrer`: under no-referrer browsers send `Origin: null`
    with a form's POST, which the CSRF check rightly refuses. No URL of ours carries the
    key (the card's is in the fragment, which no Referer ever holds)."""
    @functools.wraps(view_func)
    def wrapped(request, *args, **kwargs):
        response = view_func(request, *args, **kwargs)
        response["Referrer-Policy"] = "same-origin"
        # No browser cache or proxy stores it; the phone's offline copy, kept for this one
        # player and dropped when another signs in, may (docs/offline.md).
        return keep_private(response)
    return never_cache(wrapped)


def sign_in_page(request, *, problem="", status=200, next_url="", player=None):
    """The code form; `player`: the card this phone holds (a link back to its page)."""
    return render(request, "players/sign_in.html",
                  {"problem": problem, "next": next_url, "player": player}, status=status)


def signed_in(request, player, next_url=""):
    response = redirect(next_url if next_url.startswith("/me/board/") else "players:me")
    return session.remember(response, player)


def with_code(request, board=None):
    """(player, refusal page): the player whose code was typed (or posted by the card's
    script), else the page saying why not."""
    try:
        player = session.typed(request, request.POST.get("code", ""), board)
    except session.Throttled as exc:
        page = sign_in_page(request, problem=str(exc), status=429)
        page["Retry-After"] = str(exc.wait)
        return None, page
    if player is None:
        return None, sign_in_page(request, problem=actions.WrongKey().message, status=401,
                                  next_url=request.POST.get("next", ""))
    return player, None


@private
@limited
@require_http_methods(["GET", "POST"])
def me(request):
    """The player's page; without the cookie, the code form (and the card's script)."""
    if request.method == "POST":
        player, refused = with_code(request)
        return refused or signed_in(request, player, request.POST.get("next", ""))
    player = session.from_cookie(request)
    if player is None:
        return sign_in_page(request)
    boards = list(reads.boards_of(player).prefetch_related(
        "versions__by", "versions__by_player__entrant"))
    tournament = player.tournament
    if tournament.is_teams:  # their own boards: those their lineups name them on
        boards = [m for m in boards if team_reads.plays(m, player)]
    current = None if tournament.is_teams else reads.current(player, boards)
    # The clock of the round being played: the player's board's, or, in a team event,
    # the round of the team's match night (team_reads.night_round).
    clock_round = (team_reads.night_round(player) if tournament.is_teams
                   else current.match.round if current is not None else None)
    return render(request, "players/me.html", {
        "player": player, "tournament": tournament,
        # The page follows the event (live.js): the revision it was drawn at.
        "watching": tournament.status != Tournament.Status.FINISHED,
        "revision": own_revision(tournament), "revision_url": reverse("players:revision"),
        "poll_seconds": LIVE_SECONDS,
        "board": current, "clock_round": clock_round,
        "place": (team_reads.league_place(player) if tournament.is_teams
                  else reads.place(player)),
        # The round's clock, drawn fresh (a private page): clock.js counts it down and
        # asks it again every few seconds (own_clock: a hidden event's card may too).
        "clock": clock_round.clock() if clock_round is not None else None,
        "clock_url": own_clock_url(clock_round), "clock_seconds": CLOCK_SECONDS,
        "results": [receipt(player, m) for m in reversed(boards)],
        "check_in": reads.check_in(player),
        "idempotency_key": secrets.token_urlsafe(18),
    })


def receipt(player, match) -> dict:
    side = actions.side_of(match, player)
    return {"m": match, "side": side, "opponent": match.players[1 - side],
            "counts": status_counts(match.status, player.tournament.require_confirmation),
            "described": describe(match),
            # The receipt: each stored version with its record as the server holds it.
            "versions": [(v, json.dumps(v.record, indent=1, ensure_ascii=False)
                          if v.record else "") for v in match.versions.all()]}


@never_cache
@require_GET
def revision(request):
    """What the player's page polls (live.js): its event's revision, as the public pages'
    revision.json says it (`public.data.revision_state`); the page fetches itself again
    only when it changed. Never kept on the phone (no-store, not `keep_private`)."""
    player = session.from_cookie(request)
    if player is None:
        return JsonResponse({"error": "Open your page with your card's code first."},
                            status=401)
    tournament = player.tournament
    return JsonResponse(public_data.revision_state(
        tournament, public_data.published_rounds(tournament), own_revision(tournament)))


@never_cache
@require_GET
def own_clock(request, number):
    """The clock of round `number` of the card's own event, as the API reads it: what
    clock.js asks every CLOCK_SECONDS on the player's pages, so that a change reaches them
    within 5 s in a hidden event too (the public clock.json answers its officials only).
    Private and never kept (no-store); two queries (and offline.user's tag)."""
    player = session.from_cookie(request)
    if player is None:
        return JsonResponse({"error": "Open your page with your card's code first."},
                            status=401)
    round_ = player.tournament.rounds.filter(number=number).first()
    if round_ is None or not round_.is_public:
        return JsonResponse({"error": f"Round {number} is not published."}, status=404)
    return JsonResponse(round_.clock(), encoder=DjangoJSONEncoder)


def own_clock_url(round_) -> str | None:
    return None if round_ is None else reverse("players:clock", args=[round_.number])


def own_revision(tournament) -> str:
    """The revision a player's page follows: the event's latest change of any kind, a
    check-in too (the public pages' revision leaves check-ins out, since no public page
    shows them: models.AuditEntry.UNSEEN_BY_PUBLIC; the player's page does)."""
    latest = tournament.audit_entries.order_by("-id").values_list("id", flat=True).first()
    return str(latest or 0)


@private
@limited
@require_POST
def check_in(request):
    """The player checks in (or out) for the next round to be paired."""
    player = session.from_cookie(request)
    if player is None:
        return sign_in_page(request, problem="Open your page with your card's code first.",
                            status=401)
    return idempotency.form_post(request, idempotency.credential_of(player),
                                 lambda: checked_in(request, player))


def checked_in(request, player):
    wanted = request.POST.get("checked_in") == "yes"
    number = numbers.whole_or_none(request.POST.get("round"), low=0)
    number = -1 if number is None else number
    try:
        retrying(set_checkin)(player.tournament, None, entrant=player.entrant,
                              round_number=number, checked_in=wanted, player=player,
                              address=client_ip(request))
    except ActionError as exc:
        messages.error(request, exc.message)
        return redirect("players:me")
    messages.success(request, f"You are checked in for round {number}." if wanted
                     else f"You are no longer checked in for round {number}.")
    return redirect("players:me")


@require_POST
def sign_out(request):
    response = redirect("players:me")
    return session.forget(response)


# ----------------------------------------------------------------- the board


def board_context(request, player, match, *, form=None, problem="", conflict="",
                  dispute_errors=None, reason=""):
    table = table_for(match)
    if form is None:
        form = EntryForm(table, initial=stored_form_data(match, table))
    side = actions.side_of(match, player)
    can = {w: allowed(actions.require_player, match, player, w)
           for w in (actions.ENTER, actions.ACCEPT, actions.DISPUTE)}
    # Who answers an entered result here: this phone's player ("mine"), or the other
    # side, typing their own code, when the side that entered hands the phone across.
    answer_mode = None
    if can[actions.ACCEPT]:
        answer_mode = "mine"
    elif (match.status == Match.Status.ENTERED and match.entered_by_player_id is not None
          and side is not None and actions.entering_side(match) == side
          and refusal(actions.require_player, match, player, actions.ENTER) is None):
        answer_mode = "hand_across"
    return {
        "player": player, "tournament": match.round.tournament, "match": match,
        "round": match.round, "names": list(table.names), "table": table, "form": form,
        "version": match.version, "side": side, "allowed": can,
        "problem": problem, "conflict": conflict, "sets": list(match.sets.all()),
        "described": describe(match), "answer_mode": answer_mode,
        "refusal": refusal(actions.require_player, match, player, actions.ENTER),
        "counts": status_counts(match.status, match.round.tournament.require_confirmation),
        "has_first_set_starter": None if side is None else reads.has_first_set_starter(
            match.round.tournament, match, side),
        "dispute_errors": dispute_errors or {}, "reason": reason,
        "correcting": False, "is_director": False,
        "clock": match.round.clock() if match.round.is_live else None,
        # Asked again every few seconds, with the card's cookie (own_clock): listed or
        # hidden, a change reaches the board within 5 s.
        "clock_url": own_clock_url(match.round), "clock_seconds": CLOCK_SECONDS,
        # A new key each time the page is drawn: a form sent twice (a double tap, a resend
        # after a lost connection) is carried out once (tournament/web/idempotency.py).
        "idempotency_key": secrets.token_urlsafe(18),
    }


def render_board(request, player, match, status=200, **kwargs):
    return render(request, "players/board.html",
                  board_context(request, player, match, **kwargs), status=status)


@private
@limited
@require_http_methods(["GET", "POST"])
def board(request, match_id):
    try:
        match = load_match(match_id)
    except Http404:
        raise Http404(NO_SUCH_BOARD) from None
    if not match.round.is_public:
        raise Http404(NO_SUCH_BOARD)
    player = session.from_cookie(request)
    tournament = match.round.tournament
    if tournament.hidden_from(player) and not tournament.is_official(request.user):
        raise Http404(NO_SUCH_BOARD)  # a hidden event's board: not there without its card
    action = request.POST.get("action", "") if request.method == "POST" else ""
    if action == "code" or (player is None and request.method == "POST"):
        # The board's QR on a slip opened on a phone not yet signed in: the code signs in.
        found, refused = with_code(request, match.pk)
        if refused:
            return refused
        return signed_in(request, found, request.path)
    if player is None or actions.side_of(match, player) is None:
        if tournament.is_official(request.user):  # an arbiter scanned the slip
            return redirect("arbiter:match", match.pk)
        if player is None:
            return sign_in_page(request, next_url=request.path)
        # A card reads only its own boards (another's unconfirmed sets, who entered them,
        # a dispute's words are its players' and the officials'): its own players' codes
        # open it here.
        refused = refusal(actions.require_player, match, player, actions.ENTER)
        return sign_in_page(request, problem=refused.message, status=403,
                            next_url=request.path, player=player)
    if action in ("enter", "accept", "dispute"):
        return idempotency.form_post(request, idempotency.credential_of(player),
                                     lambda: posted(request, player, match, action))
    return render_board(request, player, match)


def posted(request, player, match, action):
    if action == "enter":
        return enter(request, player, match)
    return answer(request, player, match, action)


def enter(request, player, match):
    problem = refusal(actions.require_player, match, player, actions.ENTER)
    if problem is not None:  # refused before reading the form: its checks would hide why
        return render_board(request, player, match, problem=problem.message,
                            status=problem.status)
    form = EntryForm(table_for(match), request.POST)

    def again(status, current=match, **kwargs):
        return render_board(request, player, current, form=form, status=status, **kwargs)

    def store(built, version):
        return actions.enter_result(
            match.pk, player, version=version, outcome=built.outcome, record=built.record,
            conceded_by=built.conceded_by, address=client_ip(request))

    stored, refused = store_typed(
        form, again, store,
        stale=lambda e: again(409, current=load_match(match.pk), conflict=e.message))
    if refused:
        return refused
    if stored.team_match_id is not None:
        # A board of a team match: the card is accepted whole, by the other captain.
        messages.success(request, f"Board {stored.board}: result stored "
                                  f"({result_actions.describe(stored)}).")
        if request.GET.get("card") == "1":  # entering the card board by board
            return redirect("players:team_match", stored.team_match_id)
        return redirect("players:board", stored.pk)
    messages.success(request, f"Board {stored.board}: result stored "
                              f"({result_actions.describe(stored)}). Hand the phone to "
                              f"{stored.players[1 - actions.side_of(stored, player)].name} "
                              "to accept it, or they accept it on their own phone.")
    return redirect("players:board", stored.pk)


def answer(request, player, match, action):
    """Accept or dispute: by the cookie's player, or by the code typed on this phone."""
    code = request.POST.get("code", "").strip()
    if code:  # the phone handed across: the other side's own code
        try:
            typed = session.typed(request, code, match.pk)
        except session.Throttled as exc:
            page = render_board(request, player, match, status=429, problem=str(exc))
            page["Retry-After"] = str(exc.wait)
            return page
        if typed is None:
            return render_board(request, player, match, status=401,
                                problem=actions.WrongKey().message + " Nothing was stored.")
        player = typed
    reason = request.POST.get("reason", "")
    version = numbers.whole_or_none(request.POST.get("version"), low=0)
    if version is None:
        return render_board(request, player, match, status=400,
                            problem="The form lost the board's version: reload the page.")
    try:
        if action == "accept":
            stored = retrying(actions.accept_result)(match.pk, player, version=version,
                                                     address=client_ip(request))
        else:
            stored = retrying(actions.dispute_result)(
                match.pk, player, version=version, reason=reason, address=client_ip(request))
    except result_actions.StaleVersion as e:
        return render_board(request, player, load_match(match.pk), status=409,
                            conflict=e.message)
    except ActionError as e:
        return render_board(request, player, match, status=e.status, problem=e.message,
                            dispute_errors=e.errors, reason=reason)
    if action == "accept":
        messages.success(request, f"Board {stored.board}: {player.name} accepted the result"
                         + (", which now counts." if stored.status == Match.Status.CONFIRMED
                            else "; an official confirms it."))
    else:
        messages.success(request, f"Board {stored.board}: {player.name} disputed the result; "
                                  "an arbiter will settle it.")
    return redirect("players:board", stored.pk)

