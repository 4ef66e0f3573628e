"""Rounds: pair the next one, look at a draft, change it by hand, publish, close, reopen,
delete; the byes and absences of coming rounds."""

import json

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from scoring.starters import sets_alternate

from ..actions import ActionError, attendance, rounds
from ..models import Entrant, Job, Round
from ..reads import history
from ..web.tasks import runs_in_background
from .access import director_view, show_refusal
from .forms import ReasonForm, SetBoardForm, SwapForm
from .forms_rounds import AttendanceForm
from .lineup import Lineup
from .views_jobs import start_job

CLOCK_SECONDS = 4  # how often the round page asks its clock (static/js/clock.js)


@require_POST
@director_view
def pair(request, event):
    # The dashboard's box: whoever is not checked in is absent from the round (not withdrawn).
    only = request.POST.get("only_checked_in") == "on"
    if runs_in_background(event):  # a big event: the task worker pairs it (views_jobs)
        return start_job(request, Job.Kind.PAIR_ROUND, event,
                         json.dumps({"only_checked_in": True}) if only else "")
    try:
        round_ = rounds.pair_round(event, request.user, only_checked_in=only)
    except ActionError as exc:
        # A refusal (boards still open, a draft waiting) names what blocks it.
        show_refusal(request, None, exc)
        return redirect("director:event", event.slug)
    messages.success(request, f"{round_.title} {'are' if round_.title.endswith('s') else 'is'}"
                     " paired as a draft: check it, then publish it.")
    return redirect("director:round", event.slug, round_.number)


def render_round(request, event, round_, **forms):
    lineup = Lineup.of(round_)
    players = Entrant.objects.filter(pk__in=lineup.player_ids())
    forms.setdefault("swap_form", SwapForm(players))
    forms.setdefault("board_form", SetBoardForm(players, len(lineup.boards)))
    forms.setdefault("delete_form", ReasonForm())
    forms.setdefault("close_form", ReasonForm())
    forms.setdefault("reopen_form", ReasonForm())
    latest = event.rounds.order_by("-number").values_list("number", flat=True).first()
    away = history.not_paired_in(event, round_.number, public=False)
    drawn = not sets_alternate(event.ruleset)
    return render(request, "director/round.html", {
        "event": event, "round": round_,
        "boards": lineup.rows(drawn=drawn, points=history.points_before(event, round_.number)),
        "drawn": drawn,
        "is_draft": round_.status == Round.Status.DRAFT, "is_latest": latest == round_.number,
        "changed": lineup.changed_by_hand(), "colour_warnings": lineup.colour_warnings(),
        "not_paired": [(history.KIND_WORDS[kind], kind, people, event.points_for(kind)
                        if kind != "withdrawn" else None)
                       for kind, people in away.items()],
        "close_plan": (rounds.open_board_plan(round_)
                       if round_.status == Round.Status.PUBLISHED else []),
        # The round's clock and its buttons (they post to arbiter:clock, which any official
        # of the event may use), asked again every few seconds (clock.js).
        **({"clock": round_.clock(),
            "clock_url": reverse("public:round_clock", args=[event.slug, round_.number]),
            "clock_action_url": reverse("arbiter:clock", args=[event.slug, round_.number]),
            "clock_next": request.path, "clock_seconds": CLOCK_SECONDS,
            "clock_minutes": round_.clock_duration_s // 60 or None}
           if round_.is_public else {}),
        **forms,
    }, status=400 if request.method == "POST" else 200)


def get_round(event, number):
    return get_object_or_404(event.rounds, number=number)


@director_view
def round_view(request, event, number):
    return render_round(request, event, get_round(event, number))


@require_POST
@director_view
def swap(request, event, number):
    round_ = get_round(event, number)
    lineup = Lineup.of(round_)
    form = SwapForm(Entrant.objects.filter(pk__in=lineup.player_ids()), request.POST)
    if form.is_valid():
        lineup.swap(form.cleaned_data["first"], form.cleaned_data["second"])
        done = (f"{form.cleaned_data['first'].name} and {form.cleaned_data['second'].name} "
                "are swapped.")
        if change(request, round_, lineup, form, done):
            return redirect("director:round", event.slug, number)
    return render_round(request, event, round_, swap_form=form)


@require_POST
@director_view
def set_board(request, event, number):
    round_ = get_round(event, number)
    lineup = Lineup.of(round_)
    form = SetBoardForm(Entrant.objects.filter(pk__in=lineup.player_ids()),
                        len(lineup.boards), request.POST)
    if form.is_valid():
        data = form.cleaned_data
        lineup.set_board(data["board"], data["side0"], data["side1"])
        done = f"Board {data['board']} is now {data['side0'].name} – {data['side1'].name}."
        if change(request, round_, lineup, form, done):
            return redirect("director:round", event.slug, number)
    return render_round(request, event, round_, board_form=form)


def change(request, round_, lineup, form, done) -> bool:
    """Store a hand-made pairing; on a refusal the form shows the broken rules to override."""
    try:
        rounds.set_pairing(round_, request.user, lineup.pairs(), reason=form.cleaned_data["reason"],
                           override_reason=form.why_override())
    except ActionError as exc:
        show_refusal(request, form, exc)
        form.needs_override = "override_reason" in exc.errors
        return False
    messages.success(request, done)
    for warning in lineup.colour_warnings():  # the lineup just stored
        messages.warning(request, warning)
    return True


@require_POST
@director_view
def publish(request, event, number):
    round_ = get_round(event, number)
    try:
        rounds.publish_round(round_, request.user)
    except ActionError as exc:
        show_refusal(request, None, exc)
    else:
        messages.success(request, f"Round {number} is published: the boards are public and "
                         "open for results.")
    return redirect("director:round", event.slug, number)


def reasoned(request, event, round_, form_name, action, done, to=None):
    """The round changes that ask the director why (delete, close, reopen): run `action`
    with the reason given, then `done()` is the message and `to` the page to go to (the
    round's by default); a refusal shows the round page again with the form as typed."""
    form = ReasonForm(request.POST)
    if form.is_valid():
        try:
            action(round_, request.user, reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, done())
            return redirect(*(to or ("director:round", event.slug, round_.number)))
    return render_round(request, event, round_, **{form_name: form})


@require_POST
@director_view
def delete(request, event, number):
    return reasoned(request, event, get_round(event, number), "delete_form",
                    rounds.delete_round, lambda: f"Round {number} is deleted.",
                    to=("director:event", event.slug))


@require_POST
@director_view
def close(request, event, number):
    """Close a published round; its open boards are decided as the page lists them."""
    def done():
        event.refresh_from_db(fields=["status"])
        return f"Round {number} is closed." + (
            " Every planned round is played: the event is finished."
            if event.status == event.Status.FINISHED else "")

    return reasoned(request, event, get_round(event, number), "close_form",
                    rounds.close_round, done)


@require_POST
@director_view
def reopen(request, event, number):
    return reasoned(request, event, get_round(event, number), "reopen_form",
                    rounds.reopen_round,
                    lambda: f"Round {number} is open again: close it when it is settled.")


@director_view
def byes(request, event):
    """Requested byes and absences for the rounds not paired yet: the list and the form."""
    form = AttendanceForm(event, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            attendance.set_attendance(event, request.user, entrant=data["entrant"],
                                      round_number=data["round_number"], kind=data["kind"],
                                      reason=data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            what = dict(form.fields["kind"].choices)[data["kind"]].lower()
            messages.success(request, f"Round {data['round_number']}: "
                             f"{data['entrant'].name} — {what}.")
            return redirect("director:byes", event.slug)
    return render(request, "director/byes.html", {
        "event": event, "form": form, "coming": attendance.coming(event), "tab": "byes",
        "points": {kind: event.points_for(kind) for kind in
                   ("half_bye", "zero_bye", "absent", "late_entry")},
    }, status=400 if request.method == "POST" else 200)
