"""The roll call: the desk's tablet ticks who is here for the next round to be paired.

For the director and the arbiters of the event. Plain form posts (a tap is one POST, then
back to the list at that name); with scripts on (static/js/rollcall.js) the tap is sent
without a reload and the page reads the others' ticks every few seconds. Every tick is
one call of actions.checkin.set_checkin, sent with the page's Idempotency-Key so a double
tap or a resend ticks once. An untick is undone by one more tap: right after it the name
shows an Undo (with scripts in place; without, the page comes back with `?undo=<number>`),
so a present player is not lost by one slip of a finger.
"""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from ..actions import ActionError
from ..actions.base import require_official, retrying
from ..actions.checkin import open_round, set_checkin
from ..entry import numbers
from ..models import Attendance, Tournament
from ..models.checkin import counted, roll_call
from ..text import collation
from ..text.folding import fold
from ..web import idempotency
from ..web.limits import client_ip

POLL_SECONDS = 5  # two desks ticking at once see each other's ticks this soon


def officials_event(request, slug) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    require_official(tournament, request.user)
    return tournament


def a_to_z(rows) -> list[tuple[str, list]]:
    """The rows in the A-Z order of names (collation), under their initial letters as
    folded ("Łukasz" under L); one group "#" last for names that start with no letter."""
    groups: dict[str, list] = {}
    for e in collation.a_to_z(rows, lambda e: e.name):
        first = fold(e.name)[:1].upper()
        groups.setdefault(first if "A" <= first <= "Z" else "#", []).append(e)
    return sorted(groups.items(), key=lambda g: (g[0] == "#", g[0]))


def state(tournament, number) -> dict:
    rows = list(roll_call(tournament, number)) if number else []
    for e in rows:
        e.away_label = Attendance.Kind(e.away).label if e.away else ""
    here, expected = counted(rows)
    return {"round": number, "here": here, "expected": expected, "rows": rows,
            "checked_in": [e.number for e in rows if e.checked_in_at is not None]}


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def page(request, slug):
    tournament = officials_event(request, slug)
    if request.method == "POST":
        return idempotency.form_post(request, idempotency.credential_of(request.user),
                                     lambda: tick(request, tournament))
    now = state(tournament, open_round(tournament))
    return render(request, "arbiter/rollcall.html", {
        "tournament": tournament, **now, "groups": a_to_z(now["rows"]),
        "undo": query_int(request, "undo"),
        "poll_seconds": POLL_SECONDS, "idempotency_key": secrets.token_urlsafe(18)})


def wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def whole(raw) -> int | None:
    raw = str(raw or "").strip()
    return int(raw) if numbers.is_whole(raw) else None


def posted_int(request, name) -> int | None:
    return whole(request.POST.get(name))


def query_int(request, name) -> int | None:
    return whole(request.GET.get(name))


def tick(request, tournament):
    number, player = posted_int(request, "round"), posted_int(request, "player")
    entrant = tournament.entrants.filter(number=player).first() if player else None
    back = reverse("arbiter:checkin", args=[tournament.slug])
    try:
        if entrant is None:
            raise ActionError("Choose a player from the list.")
        row = retrying(set_checkin)(
            tournament, request.user, entrant=entrant, round_number=number,
            checked_in=request.POST.get("checked_in") == "1", address=client_ip(request))
    except ActionError as exc:
        if wants_json(request):
            return JsonResponse({"detail": exc.message}, status=exc.status)
        messages.error(request, exc.message)
        return redirect(back)
    if wants_json(request):
        now = state(tournament, number)
        return JsonResponse({"player": entrant.number, "checked_in": row is not None,
                             "here": now["here"], "expected": now["expected"]})
    messages.success(request, f"{entrant.name}: "
                              f"{'checked in' if row else 'not checked in'} for round {number}.")
    undo = "" if row else f"?undo={entrant.number}"  # the page offers to tick him again
    return redirect(f"{back}{undo}#p-{entrant.number}")


@never_cache
@login_required
@require_GET
def states(request, slug):
    """Who is checked in now, for the page to follow the other desks (one small JSON)."""
    tournament = officials_event(request, slug)
    now = state(tournament, open_round(tournament))
    return JsonResponse({k: now[k] for k in ("round", "here", "expected", "checked_in")})
