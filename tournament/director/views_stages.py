"""Stages: add one (a knock-out top cut after the Swiss, a round robin), change one not
yet begun (the first stage too: a cup or a round robin from round 1), remove the last."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ..actions import ActionError, stages
from .access import director_view, show_refusal
from .forms_rounds import StageForm


@require_POST
@director_view
def add(request, event):
    form = StageForm(event, request.POST)
    if form.is_valid():
        try:
            stage = stages.add_stage(event, request.user, **form.options())
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"Stage {stage.number} added: {stage.description}.")
            return redirect("director:event", event.slug)
    return render(request, "director/stage.html", {"event": event, "form": form,
                                                   "stage": None}, status=400)


@director_view
def edit(request, event, number):
    stage = get_object_or_404(event.stages, number=number)
    form = StageForm(event, request.POST or None, initial=StageForm.initial_for(stage))
    if request.method == "POST" and form.is_valid():
        try:
            stage = stages.change_stage(stage, request.user, **form.options())
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"Stage {stage.number} is now {stage.description}.")
            return redirect("director:event", event.slug)
    return render(request, "director/stage.html", {
        "event": event, "form": form, "stage": stage, "begun": stage.rounds.exists(),
    }, status=400 if request.method == "POST" else 200)


@require_POST
@director_view
def delete(request, event, number):
    stage = get_object_or_404(event.stages, number=number)
    try:
        stages.delete_stage(stage, request.user)
    except ActionError as exc:
        show_refusal(request, None, exc)
    else:
        messages.success(request, f"Stage {number} is removed.")
    return redirect("director:event", event.slug)
