"""The round clock's buttons, for an event's officials (the arbiters' boards page and the
director's round page post here): each post calls ONE action, actions.clock.change_clock,
and comes back to the page it was sent from. Refusals (out of turn: 409; minutes it cannot
take: 400) come back as the page's message, nothing stored."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from ..actions import ActionError
from ..actions.base import require_official, retrying
from ..actions.clock import change_clock
from ..entry import numbers
from ..models import Tournament
from ..rules.round_clock import shown
from ..web import idempotency


def back(request, tournament, number):
    wanted = request.POST.get("next", "")
    if wanted and url_has_allowed_host_and_scheme(wanted, {request.get_host()},
                                                  require_https=request.is_secure()):
        return wanted
    return reverse("arbiter:round", args=[tournament.slug, number])


@login_required
@require_POST
def clock(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    require_official(tournament, request.user)
    round_ = get_object_or_404(tournament.rounds, number=number)
    round_.tournament = tournament
    return idempotency.form_post(request, idempotency.credential_of(request.user),
                                 lambda: act(request, tournament, round_))


def act(request, tournament, round_):
    action = request.POST.get("action", "")
    minutes = None
    if "minutes" in request.POST:
        minutes = numbers.whole_or_none(request.POST["minutes"].replace("−", "-"))
        if minutes is None:
            messages.error(request, "Type the minutes as a whole number, such as 45.")
            return redirect(back(request, tournament, round_.number))
    try:
        read = retrying(change_clock)(round_, request.user, action=action, minutes=minutes)
    except ActionError as exc:
        messages.error(request, exc.message)
    else:
        left = "" if read["state"] == "ended" else f": {shown(read['remaining_s'])} left"
        messages.success(request, f"{round_.title}'s clock is {read['state']}{left}.")
    return redirect(back(request, tournament, round_.number))
