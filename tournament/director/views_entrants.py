"""Entrants (players or pairs): list, add, edit, withdraw, reinstate, delete, CSV import
with a preview; forbidden pairs."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ..actions import ActionError, entrants
from ..actions.base import sentence
from ..interchange.entrants_csv import PAIRS_COLUMNS, SINGLES_COLUMNS, TEAM_COLUMNS
from ..models import Job
from ..reads import history
from ..rules.entrant_rules import counted, namesake_warning
from ..web.tasks import csv_runs_in_background
from .access import director_view, show_refusal
from .forms import (
    ConfirmImportForm,
    EditEntrantForm,
    EntrantForm,
    ForbiddenPairForm,
    ImportForm,
    ReasonForm,
)
from .views_cards import CardsForm
from .views_jobs import start_job


def with_late_marks(event) -> list:
    """The entrants, each with `late_from`: the first round a late entry could play."""
    late = history.late_entries(event)
    people = list(event.entrants.all())
    for e in people:
        e.late_from = late.get(e.pk)
    return people


def render_entrants(request, event, **forms):
    """The entrants page; a form refused by its action comes back bound, as typed."""
    forms.setdefault("entrant_form", EntrantForm(pairs=event.is_pairs, teams=event.is_teams))
    forms.setdefault("import_form", ImportForm(pairs=event.is_pairs))
    forms.setdefault("pair_form", ForbiddenPairForm(event))
    pairs = event.forbidden_pairs.select_related("first", "second").order_by("first__number")
    return render(request, "director/entrants.html", {
        "event": event, "entrants": with_late_marks(event), "pairs": pairs,
        "paired": event.rounds.exists(), "tab": "entrants",
        "columns": (TEAM_COLUMNS if event.is_teams else
                    PAIRS_COLUMNS if event.is_pairs else SINGLES_COLUMNS),
        "cards_form": CardsForm(), **forms,
    }, status=400 if request.method == "POST" else 200)


def warn_namesakes(request, entrant):
    """Two people may share a name when their clubs tell them apart, and one player may
    be typed twice with and without accents: say so, once (rules.entrant_rules.namesake_warning)."""
    others = entrant.tournament.entrants.exclude(pk=entrant.pk).namesakes(entrant.name)
    for other in others:
        messages.warning(request, sentence(namesake_warning(
            f"{other.number}. {other.name}", other.club, entrant.club)))


@director_view
def entrant_list(request, event):
    return render_entrants(request, event)


@require_POST
@director_view
def add(request, event):
    form = EntrantForm(request.POST, pairs=event.is_pairs, teams=event.is_teams)
    if form.is_valid():
        try:
            entrant = entrants.add_entrant(event, request.user, **form.entrant())
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{entrant.name} is entered as number {entrant.number}.")
            warn_namesakes(request, entrant)
            return redirect("director:entrants", event.slug)
    return render_entrants(request, event, entrant_form=form)


@require_POST
@director_view
def import_csv(request, event):
    """Step 1: read the list and show it, line by line, with what is wrong; store nothing."""
    form = ImportForm(request.POST, request.FILES, pairs=event.is_pairs)
    if not form.is_valid():
        return render_entrants(request, event, import_form=form)
    parsed = entrants.read_csv(event, form.cleaned_data["csv"])
    if parsed.file_errors:
        # Nothing to preview (an unreadable header, a character the list may not hold):
        # the problems go next to whichever box held the list, each a message of its own.
        box = "file" if form.cleaned_data.get("file") else "text"
        for problem in parsed.file_errors:
            form.add_error(box, sentence(problem))
        return render_entrants(request, event, import_form=form)
    return render(request, "director/import_preview.html", {
        "event": event, "tab": "entrants", "parsed": parsed,
        "confirm_form": ConfirmImportForm(initial={"csv": form.cleaned_data["csv"]}),
        "import_form": ImportForm(initial={"text": form.cleaned_data["csv"]},
                                  pairs=event.is_pairs),
    }, status=400 if parsed.errors else 200)


@require_POST
@director_view
def confirm_import(request, event):
    """Step 2: import the previewed list, read again from the text sent back."""
    form = ConfirmImportForm(request.POST)
    if not form.is_valid():
        messages.error(request, "The list to import was missing; paste or upload it again.")
        return redirect("director:entrants", event.slug)
    if csv_runs_in_background(form.cleaned_data["csv"]):  # a long list: the task worker
        return start_job(request, Job.Kind.IMPORT_ENTRANTS, event, form.cleaned_data["csv"])
    try:
        created = entrants.import_entrants(event, request.user, form.cleaned_data["csv"])
    except ActionError as exc:
        # The event changed since the preview (someone entered the same names): show it
        # again, as it now reads.
        messages.error(request, exc.message)
        parsed = entrants.read_csv(event, form.cleaned_data["csv"])
        return render(request, "director/import_preview.html", {
            "event": event, "tab": "entrants", "parsed": parsed,
            "confirm_form": form,
            "import_form": ImportForm(initial={"text": form.cleaned_data["csv"]},
                                      pairs=event.is_pairs),
        }, status=400)
    messages.success(request, f"{counted(len(created))} imported.")
    return redirect("director:entrants", event.slug)


@director_view
def edit(request, event, pk):
    entrant = get_object_or_404(event.entrants, pk=pk)
    form = EditEntrantForm(request.POST or None, initial=EntrantForm.initial_for(entrant),
                           pairs=event.is_pairs, teams=event.is_teams)
    if request.method == "POST" and form.is_valid():
        try:
            entrant = entrants.edit_entrant(entrant, request.user, **form.entrant(),
                                            reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
            entrant.refresh_from_db()
        else:
            messages.success(request, f"{entrant.name} is saved.")
            warn_namesakes(request, entrant)
            return redirect("director:entrants", event.slug)
    return entrant_page(request, event, entrant, form=form,
                        status=400 if request.method == "POST" else 200)


# The page's reason boxes are told apart by their ids; each posts as "reason".
REASON_IDS = {"status_form": "status_%s", "delete_form": "delete_%s"}


def entrant_page(request, event, entrant, *, form=None, status_form=None, delete_form=None,
                 status=200):
    """The entrant's page: details, withdraw (or reinstate) and delete, each with its own
    reason box, so a refused one comes back with its reason as typed and the others empty."""
    return render(request, "director/entrant.html", {
        "event": event, "entrant": entrant,
        "form": form or EditEntrantForm(initial=EntrantForm.initial_for(entrant),
                                        pairs=event.is_pairs, teams=event.is_teams),
        "status_form": status_form or ReasonForm(auto_id=REASON_IDS["status_form"]),
        "delete_form": delete_form or ReasonForm(auto_id=REASON_IDS["delete_form"]),
        "deletable": not entrants.has_played([entrant]), "tab": "entrants",
    }, status=status)


@require_POST
@director_view
def withdraw(request, event, pk):
    return change_status(request, event, pk, entrants.withdraw_entrant, "has withdrawn")


@require_POST
@director_view
def reinstate(request, event, pk):
    return change_status(request, event, pk, entrants.reinstate_entrant, "is back in play")


@require_POST
@director_view
def delete(request, event, pk):
    return change_status(request, event, pk, entrants.delete_entrant, "is deleted",
                         form_name="delete_form")


def change_status(request, event, pk, action, done, *, form_name="status_form"):
    entrant = get_object_or_404(event.entrants, pk=pk)
    form = ReasonForm(request.POST, auto_id=REASON_IDS[form_name])
    if form.is_valid():
        try:
            action(entrant, request.user, reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{entrant.name} {done}.")
            return redirect("director:entrants", event.slug)
    else:
        messages.error(request, "The reason: " + " ".join(form.errors["reason"]))
    # Refused: the entrant's page again, the reason as typed beside what was wrong with it.
    return entrant_page(request, event, entrant, status=400, **{form_name: form})


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
