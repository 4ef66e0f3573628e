"""Entries before the day, the director's screen (docs/directors.md, "Entries before the
day"): open, close and cap entries; the entries with their counts per status, accept and
decline buttons, waiting-list positions, a link to each entrant's card; the CSV download
with the contacts (the event's directors only). Each post calls ONE action of
tournament.actions.entries."""

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from ..actions import ActionError
from ..actions import entries as actions
from ..actions.base import sentence
from ..common.csv_download import csv_response
from ..models import Entry
from ..text.clean import MAX_REASON
from ..text.number_field import DateTimeField, WholeNumberField
from .access import director_view, show_refusal
from .views_cards import CardsForm


class EntriesForm(forms.Form):
    open = forms.BooleanField(required=False, label="Entries are open",
                              help_text="The public form and the entries API take entries.")
    closes_at = DateTimeField(required=False, label="Entries close at (optional)",
                              help_text="After this time the form is closed, open or not.")
    cap = WholeNumberField(required=False, min_value=1, max_value=actions.MAX_CAP,
                           label="Cap: the most entrants (optional)",
                           help_text="Accepted entries beyond it join the waiting list.")
    reason = forms.CharField(required=False, max_length=MAX_REASON, label="Reason (optional)")

    @staticmethod
    def initial_for(event) -> dict:
        return {"open": event.entries_open, "cap": event.entries_cap,
                "closes_at": timezone.localtime(event.entries_close_at)
                if event.entries_close_at else None}


class DecideForm(forms.Form):
    action = forms.ChoiceField(choices=[("accept", "accept"), ("decline", "decline"),
                                        ("withdraw", "withdraw")])
    reason = forms.CharField(required=False, max_length=MAX_REASON)


def counts(rows) -> list[tuple[str, str, int]]:
    """(status, its words, how many) for every status, in the statuses' order."""
    seen = {}
    for row in rows:
        seen[row.status] = seen.get(row.status, 0) + 1
    return [(value, label, seen.get(value, 0)) for value, label in Entry.Status.choices]


def render_entries(request, event, form=None, status=200):
    rows = event.entries.listing()
    wanted = request.GET.get("status", "")
    shown = [r for r in rows if r.status == wanted] if wanted in Entry.Status.values else rows
    return render(request, "director/entries.html", {
        "event": event, "tab": "entries", "rows": shown, "counts": counts(rows),
        "total": len(rows), "wanted": wanted if wanted in Entry.Status.values else "",
        "form": form or EntriesForm(initial=EntriesForm.initial_for(event)),
        "free": actions.places_free(event), "taken": actions.places_taken(event),
        "taking": event.taking_entries(timezone.now()), "paired": event.rounds.exists(),
        "kind": actions.kind_of(event), "cards_form": CardsForm(),
    }, status=status)


@never_cache
@director_view
def entry_list(request, event):
    if request.method != "POST":
        return render_entries(request, event)
    form = EntriesForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            moved = actions.set_entries(event, request.user, open=data["open"],
                                        closes_at=data["closes_at"], cap=data["cap"],
                                        reason=data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, "Entries are open." if data["open"]
                             else "Entries are closed.")
            for entry in moved:
                messages.info(request, f"{entry.name} moved up from the waiting list: "
                              f"number {entry.entrant.number}.")
            return redirect("director:entries", event.slug)
    return render_entries(request, event, form=form, status=400)


@require_POST
@director_view
def decide(request, event, pk):
    entry = get_object_or_404(event.entries, pk=pk)
    form = DecideForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose accept, decline or withdraw.")
        return redirect("director:entries", event.slug)
    what, reason = form.cleaned_data["action"], form.cleaned_data["reason"]
    try:
        if what == "accept":
            entry = actions.accept_entry(entry, request.user)
        elif what == "decline":
            entry = actions.decline_entry(entry, request.user, reason=reason)
        else:
            entry = actions.withdraw_entry(entry, request.user, reason=reason)
    except ActionError as exc:
        messages.error(request, sentence(exc.message))
        return redirect("director:entries", event.slug)
    if entry.status == Entry.Status.ACCEPTED:
        messages.success(request, f"{entry.name} is accepted: entrant number "
                         f"{entry.entrant.number}.")
    elif entry.status == Entry.Status.WAITING:
        messages.success(request, f"{entry.name} is accepted onto the waiting list, number "
                         f"{actions.position_of(entry)}: the cap is full.")
    else:
        messages.success(request, f"{entry.name}'s entry is {entry.status}.")
    return redirect("director:entries", event.slug)


@never_cache
@director_view
def entries_csv(request, event):
    """Every entry with its contact: the event's directors only (director_view)."""
    rows = [[timezone.localtime(e.made_at).strftime("%Y-%m-%d %H:%M:%S"), e.name, e.club,
             " & ".join(e.member_names), e.captain_name, e.contact, e.status,
             e.position or "", e.entrant.number if e.entrant_id else ""]
            for e in event.entries.listing()]
    response = csv_response(f"{event.slug}-entries.csv", [
        "made_at", "name", "club", "members", "captain", "contact", "status", "waiting_position",
        "entrant"], rows)
    response["Cache-Control"] = "private, no-store"
    return response
