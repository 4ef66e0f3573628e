"""Entries before the day, the pages of those who enter (shared/spec/venue.md, "Entries before the
day"; docs/players.md): the form at `/{slug}/enter/` (a phone's first), the confirmation
that shows the entry's code once, and `/{slug}/enter/status/`, where the code shows how
the entry stands and withdraws it.

Each post calls ONE action of tournament.actions.entries. None of these pages is cached
(each carries a form's CSRF token, or one person's entry); the code never travels in an
address, only in a form's body, as a player's key does. A hidden event's pages are not
found but by its officials. Entries from one address are limited (`entries_per_address`,
the API's too), wrong codes as a player's keys are (`entry_codes_per_address`): over a
limit the page "Too many at once" answers 429 with Retry-After."""

import secrets

from django import forms
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from ..actions import ActionError
from ..actions import entries as actions
from ..actions.base import retrying
from ..models import Entry
from ..public import data
from ..rules.entry_rules import MAX_CONTACT, PAIRS, TEAMS
from ..web import idempotency, limits

SESSION_KEY = "entry_code"  # the code, kept until the confirmation page shows it once
LONG = 400  # the form's own bound on a box; the action's rules say what a name may be


class EntryForm(forms.Form):
    """What an entry names: the action checks every field (rules/entry_rules.py)."""

    name = forms.CharField(max_length=LONG, required=False, label="Your name")
    club = forms.CharField(max_length=LONG, required=False, label="Club (if any)")
    contact = forms.CharField(max_length=MAX_CONTACT * 2, required=False,
                              label="Email or phone",
                              help_text="For the director only: nobody else sees it.")

    def __init__(self, *args, kind="singles", **kwargs):
        super().__init__(*args, **kwargs)
        self.kind = kind
        if kind == PAIRS:
            self.fields["name"].label = "The pair's name (if left empty: both names)"
            for i in (1, 2):
                self.fields[f"member{i}"] = forms.CharField(
                    max_length=LONG, required=False,
                    label="Your name" if i == 1 else "Your partner's name")
            self.order_fields(["member1", "member2", "name", "club", "contact"])
        elif kind == TEAMS:
            self.fields["name"].label = "The team's name"
            self.fields["captain"] = forms.CharField(max_length=LONG, required=False,
                                                     label="Captain")
            self.fields["members"] = forms.CharField(
                max_length=LONG * 10, required=False, widget=forms.Textarea(attrs={"rows": 5}),
                label="The team's players, one a line",
                help_text="The captain is one of them (added first if not listed).")
            self.order_fields(["name", "captain", "members", "club", "contact"])
        for name, field in self.fields.items():
            field.widget.attrs.setdefault("autocomplete", {
                "name": "name" if kind == "singles" else "off", "member1": "name",
                "contact": "email", "club": "organization"}.get(name, "off"))

    def entry(self) -> dict:
        """The action's keyword arguments."""
        data = self.cleaned_data
        sent = {"name": data["name"], "club": data["club"], "contact": data["contact"]}
        if self.kind == PAIRS:
            sent["members"] = [data["member1"], data["member2"]]
        elif self.kind == TEAMS:
            sent["members"] = [line for line in data["members"].splitlines() if line.strip()]
            sent["captain"] = data["captain"]
        return sent


def too_many(request, event, wait: int, what: str):
    response = render(request, "players/enter_too_many.html",
                      {"event": event, "wait": wait, "what": what}, status=429)
    response["Retry-After"] = str(wait)
    return response


def page(request, event, template, status=200, **context):
    now = timezone.now()
    return render(request, f"players/{template}", {
        "event": event, "taking": event.taking_entries(now),
        "closes_at": timezone.localtime(event.entries_close_at)
        if event.entries_close_at else None,
        "free": actions.places_free(event), **context}, status=status)


def form_page(request, event, form, status=200, problem=""):
    return page(request, event, "enter.html", status, form=form, problem=problem,
                idempotency_key=request.POST.get(idempotency.FIELD) or secrets.token_urlsafe(18))


@never_cache
@require_http_methods(["GET", "POST"])
def enter(request, slug):
    event = data.get_event(slug, request.user)
    kind = actions.kind_of(event)
    if request.method == "GET":
        return form_page(request, event, EntryForm(kind=kind))
    wait = limits.entry_limited(request)
    if wait:
        return too_many(request, event, wait, "entries")
    address = limits.client_ip(request) or "unknown"
    return idempotency.form_post(request, f"address:{address}",
                                 lambda: make(request, event, kind))


def make(request, event, kind):
    form = EntryForm(request.POST, kind=kind)
    if not form.is_valid():
        return form_page(request, event, form, status=422)
    try:
        entry, code = retrying(actions.make_entry)(event, request.user, **form.entry())
    except ActionError as exc:
        for field, problems in exc.errors.items():
            for problem in problems:
                form.add_error(field if field in form.fields else None, problem)
        return form_page(request, event, form, status=exc.status, problem=exc.message)
    request.session[SESSION_KEY] = {"entry": entry.pk, "code": code}
    return redirect("entering:done", event.slug)


@never_cache
def entered(request, slug):
    """The confirmation: the entry's code, shown once (then forgotten by the session)."""
    event = data.get_event(slug, request.user)
    kept = request.session.pop(SESSION_KEY, None)
    entry = (event.entries.filter(pk=kept["entry"]).first()
             if isinstance(kept, dict) else None)
    if entry is None:
        return redirect("entering:status", event.slug)
    return page(request, event, "enter_done.html", entry=entry, code=kept["code"],
                position=actions.position_of(entry))


@never_cache
@require_http_methods(["GET", "POST"])
def status(request, slug):
    """The code typed (never in the address): the entry's status and position, and a
    button that withdraws it."""
    event = data.get_event(slug, request.user)
    if request.method == "GET":
        return page(request, event, "enter_status.html")
    code = request.POST.get("code", "")[:64]
    entry = Entry.objects.by_code(code)
    if entry is None or entry.tournament_id != event.pk:
        try:
            limits.failed(request, limits.ENTRY, code)
        except limits.TooMany as exc:
            return too_many(request, event, exc.wait, "codes")
        return page(request, event, "enter_status.html", status=404,
                    problem="No entry to this event has this code: check it against the "
                            "confirmation page (letters and digits, in any case).")
    done = ""
    if request.POST.get("withdraw"):
        try:
            entry = retrying(actions.withdraw_entry)(entry, request.user, code=code)
        except ActionError as exc:
            return page(request, event, "enter_status.html", status=exc.status, entry=entry,
                        code=code, problem=exc.message,
                        position=actions.position_of(entry))
        done = "Your entry is withdrawn."
    return page(request, event, "enter_status.html", entry=entry, code=code, done=done,
                position=actions.position_of(entry),
                withdrawable=entry.status in Entry.LIVE and not (
                    entry.status == Entry.Status.ACCEPTED and event.rounds.exists()))
