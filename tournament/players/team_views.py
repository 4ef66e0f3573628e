"""A team's match night on a captain's (or a member's) phone, with the card's key and no
account (docs/leagues.md): `/me/team/` is the team match of the latest round,
`/me/team/<id>/` another (a postponed one).

The captain enters their side's lineup from the roster; the boards' lineups show once both
are in (or the director opened the match). The card lists every board: the home captain,
or a board's own player, enters each on the board's own entry page (players/views.py
`board`, the arbiters' entry form, the same offline queue and idempotent writes), which
comes back here; the away captain then accepts or disputes the whole card at once. Every
write is one plain form posting here and calling ONE action; each is sent with an
Idempotency-Key, so a resend is carried out once.
"""

import secrets

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from ..actions import ActionError
from ..actions import cards as card_actions
from ..actions import lineups as lineup_actions
from ..actions.base import retrying
from ..entry import numbers
from ..web import idempotency
from ..web.limits import client_ip
from . import session, team_reads
from .limited import limited
from .views import private, sign_in_page

NO_MATCH = "Your team has no match here."


def lineup_posted(post, plan) -> list:
    """The lineup as posted: for each board the member indices chosen (None where left
    empty), for the action to check (rules.team_rules.check_lineup)."""
    boards = []
    for p in plan:
        chosen = [numbers.whole_or_none(post.get(f"b{p.number}_{k}"), low=0)
                  for k in range(p.players)]
        # A board with a slot left empty is left empty: the action says which.
        boards.append([] if any(c is None for c in chosen) else chosen)
    return boards


def lineup_rows(night, posted=None) -> list[dict]:
    """The lineup form's boards: each slot's field name and the member chosen (as posted,
    else as stored)."""
    if night is None:
        return []
    chosen = lineup_posted(posted, night.plan) if posted is not None else \
        (night.own_lineup or [[] for _ in night.plan])
    rows = []
    for p, had in zip(night.plan, chosen, strict=False):
        slots = []
        for k in range(p.players):
            label = "Player" if p.players == 1 else f"Partner {k + 1}"
            slots.append({"name": f"b{p.number}_{k}", "label": label,
                          "value": had[k] if k < len(had) else None})
        rows.append({"plan": p, "slots": slots})
    return rows


def render_night(request, player, night, *, status=200, problem="", posted=None,
                 reason=""):
    return render(request, "players/team.html", {
        "player": player, "tournament": player.tournament, "night": night,
        "lineup_rows": lineup_rows(night, posted),
        "problem": problem, "posted": posted, "reason": reason,
        "idempotency_key": secrets.token_urlsafe(18),
    }, status=status)


@private
@limited
@require_http_methods(["GET", "POST"])
def team(request, match_id=None):
    player = session.from_cookie(request)
    if player is None:
        return sign_in_page(request, next_url=request.path)
    if not player.tournament.is_teams:
        raise Http404("Your card is for an event of players, not of teams.")
    night = team_reads.night_of(player, match_id)
    if night is None:
        if match_id is not None:
            raise Http404(NO_MATCH)
        return render_night(request, player, None)
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action not in ("lineup", "accept", "dispute"):
            return render_night(request, player, night, status=400,
                                problem="The form asked for nothing this page does.")
        return idempotency.form_post(request, idempotency.credential_of(player),
                                     lambda: posted(request, player, night, action))
    return render_night(request, player, night)


def posted(request, player, night, action):
    here = request.path
    version = numbers.whole_or_none(request.POST.get("version"), low=0)
    try:
        if action != "lineup" and version is None:
            raise ActionError("The form lost the card's version: reload the page.")
        if action == "lineup":
            boards = lineup_posted(request.POST, night.plan)
            retrying(lineup_actions.set_lineup)(night.match.pk, player, lineup=boards)
            messages.success(request, "Your lineup is in." + (
                "" if night.other_in else " The other side's shows here once theirs is in."))
        elif action == "accept":
            retrying(card_actions.accept_card)(night.match.pk, player, version=version,
                                               address=client_ip(request))
            messages.success(request, "You accepted the card.")
        else:
            reason = request.POST.get("reason", "")
            retrying(card_actions.dispute_card)(night.match.pk, player, version=version,
                                                reason=reason, address=client_ip(request))
            messages.success(request, "You disputed the card: the league secretary "
                                      "settles it.")
    except ActionError as exc:
        fresh = team_reads.night_of(player, night.match.pk)
        return render_night(request, player, fresh, status=exc.status,
                            problem=f"{exc.message} Nothing was stored.",
                            posted=request.POST if action == "lineup" else None,
                            reason=request.POST.get("reason", ""))
    return redirect(here)
