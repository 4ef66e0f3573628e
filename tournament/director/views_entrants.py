"""Entrants: list, add, edit, withdraw, reinstate, CSV import; forbidden pairs."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ..actions import ActionError, entrants
from .access import director_view, show_refusal
from .forms import EditEntrantForm, EntrantForm, ForbiddenPairForm, ImportForm, ReasonForm


def render_entrants(request, event, **forms):
    """The entrants page; a form refused by its action comes back bound, as typed."""
    forms.setdefault("entrant_form", EntrantForm())
    forms.setdefault("import_form", ImportForm())
    forms.setdefault("pair_form", ForbiddenPairForm(event))
    pairs = event.forbidden_pairs.select_related("first", "second").order_by("first__number")
    return render(request, "director/entrants.html", {
        "event": event, "entrants": event.entrants.all(), "pairs": pairs,
        "paired": event.rounds.exists(), "tab": "entrants", **forms,
    }, status=400 if request.method == "POST" else 200)


@director_view
def entrant_list(request, event):
    return render_entrants(request, event)


@require_POST
@director_view
def add(request, event):
    form = EntrantForm(request.POST)
    if form.is_valid():
        try:
            entrant = entrants.add_entrant(event, request.user, **form.cleaned_data)
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{entrant.name} is entered as number {entrant.number}.")
            return redirect("director:entrants", event.slug)
    return render_entrants(request, event, entrant_form=form)


@require_POST
@director_view
def import_csv(request, event):
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            created = entrants.import_entrants(event, request.user, form.cleaned_data["csv"])
        except ActionError as exc:
            # The line-numbered problems belong to whichever box held the list.
            if "file" in exc.errors and not form.cleaned_data.get("file"):
                exc.errors = {"text": exc.errors["file"]}
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{len(created)} entrants imported.")
            return redirect("director:entrants", event.slug)
    return render_entrants(request, event, import_form=form)


@director_view
def edit(request, event, pk):
    entrant = get_object_or_404(event.entrants, pk=pk)
    initial = {"name": entrant.name, "club": entrant.club, "rating": entrant.rating}
    form = EditEntrantForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            entrants.edit_entrant(entrant, request.user, **form.cleaned_data)
        except ActionError as exc:
            show_refusal(request, form, exc)
            entrant.refresh_from_db()
        else:
            messages.success(request, f"{entrant.name} is saved.")
            return redirect("director:entrants", event.slug)
    return render(request, "director/entrant.html", {
        "event": event, "entrant": entrant, "form": form, "status_form": ReasonForm(),
        "tab": "entrants",
    })


@require_POST
@director_view
def withdraw(request, event, pk):
    return change_status(request, event, pk, entrants.withdraw_entrant, "has withdrawn")


@require_POST
@director_view
def reinstate(request, event, pk):
    return change_status(request, event, pk, entrants.reinstate_entrant, "is back in play")


def change_status(request, event, pk, action, done):
    entrant = get_object_or_404(event.entrants, pk=pk)
    form = ReasonForm(request.POST)
    if form.is_valid():
        try:
            action(entrant, request.user, reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, None, exc)
        else:
            messages.success(request, f"{entrant.name} {done}.")
    else:
        messages.error(request, "The reason is too long: at most 300 characters.")
    return redirect("director:entrants", event.slug)


@require_POST
@director_view
def add_pair(request, event):
    form = ForbiddenPairForm(event, request.POST)
    if form.is_valid():
        try:
            pair = entrants.add_forbidden_pair(event, request.user, **form.cleaned_data)
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{pair.first.name} and {pair.second.name} will not "
                             "be paired.")
            return redirect("director:entrants", event.slug)
    return render_entrants(request, event, pair_form=form)


@require_POST
@director_view
def remove_pair(request, event, pk):
    pair = get_object_or_404(event.forbidden_pairs.select_related("first", "second"), pk=pk)
    entrants.remove_forbidden_pair(pair, request.user)
    messages.success(request, f"{pair.first.name} and {pair.second.name} may be paired again.")
    return redirect("director:entrants", event.slug)
