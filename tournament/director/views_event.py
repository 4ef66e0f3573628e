"""My events, creating one, its dashboard, settings, officials, audit log, archive and
TRF file."""

from types import SimpleNamespace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from scoring.starters import sets_alternate

from ..actions import ActionError, events
from ..actions.base import allowed
from ..actions.checkin import open_round
from ..entry import numbers
from ..interchange.archive import archive_json
from ..models import Job, Official, Round, Tournament
from ..models.checkin import counted, roll_call
from ..reads.trf_export import finished_rounds, has_swiss, later_stages_note, trf_text
from ..standings import label
from ..web import tasks
from ..web.tasks import runs_in_background
from .access import arbiter_only, director_view, show_refusal
from .forms import CreateEventForm, DeleteEventForm, EditSettingsForm, HideForm, OfficialForm
from .forms_import import ARCHIVE, ImportEventForm, kind_of, max_bytes
from .forms_rounds import SeasonForm, StageForm
from .progress import next_step, round_summaries, season_to_pair
from .views_jobs import start_job

AUDIT_PAGE = 25
# An import of at most this many bytes runs in the request (a TRF of a few hundred
# players, the archive of a small event: well under a second); a bigger one is a job.
INLINE_MAX_IMPORT_BYTES = 100_000


@login_required
def home(request):
    if arbiter_only(request.user):
        # An arbiter directs nothing: their page is result entry, not "My events".
        return redirect("arbiter:landing")
    mine = (Official.objects.filter(user=request.user).select_related("tournament")
            .order_by("-tournament__created_at"))
    rows = [(o.tournament, o.get_role_display(), o.role == Official.Role.DIRECTOR) for o in mine]
    if request.user.is_superuser:
        # A superuser directs every event, listed or not.
        listed = {t.pk for t, _, _ in rows}
        rows += [(t, "Director (site admin)", True)
                 for t in Tournament.objects.exclude(pk__in=listed)]
    return render(request, "director/home.html", {
        "rows": rows, "may_create": allowed(events.require_creator, request.user)})


@login_required
def create(request):
    if not allowed(events.require_creator, request.user):
        return refused_creating(request)
    form = CreateEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = events.create_tournament(
                request.user, name=form.cleaned_data["name"], slug=form.cleaned_data["slug"],
                hidden=form.cleaned_data["hidden"], **form.settings())
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{event.name} is created. Next: add the entrants.")
            return redirect("director:event", event.slug)
    return render(request, "director/create.html", {"form": form},
                  status=400 if request.method == "POST" else 200)


def refused_creating(request):
    return render(request, "director/refused.html", {
        "title": "You cannot create events",
        "message": "Creating an event needs a director's right, which the site's staff "
                   "give. Ask them for it; to help at an event, ask its director to add "
                   "you as an official."}, status=403)


@login_required
def import_event(request):
    """A new event from a TRF(x) file or an archive: at once for a small file, as a job
    (the progress page) for a big one; all or nothing either way, the importer's own
    words (naming the line or path) when it refuses."""
    if not allowed(events.require_creator, request.user):
        return refused_creating(request)
    form = ImportEventForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["file"]
        kind = kind_of(text)
        job_kind = Job.Kind.IMPORT_ARCHIVE if kind == ARCHIVE else Job.Kind.IMPORT_TRF
        if len(text.encode("utf-8", "surrogatepass")) > INLINE_MAX_IMPORT_BYTES:
            return start_job(request, job_kind, payload=form.payload())
        # The job's own work, run here: the same checks, messages and transaction.
        work = tasks.from_archive if kind == ARCHIVE else tasks.from_trf
        try:
            message, result_url, _ = work(SimpleNamespace(payload=form.payload(),
                                                          requested_by=request.user))
        except ActionError as exc:
            for where, problems in exc.errors.items():
                for problem in problems if isinstance(problems, list) else [problems]:
                    if str(problem) != exc.message:
                        form.add_error(None, f"{where}: {problem}" if where.startswith("/")
                                       else str(problem))
            form.add_error("file", f"{exc.message} Nothing was imported; choose the file "
                                   "again once it is corrected.")
        else:
            messages.success(request, message)
            return redirect(result_url)
    return render(request, "director/import_event.html", {
        "form": form, "limit": max_bytes(), "inline_limit": INLINE_MAX_IMPORT_BYTES},
        status=400 if request.method == "POST" else 200)


@director_view
def dashboard(request, event):
    return render_dashboard(request, event)


def checkin_count(event) -> dict | None:
    """The next round's check-in so far, for the pair form and the roll call's link."""
    number = open_round(event)
    if number is None:
        return None
    here, expected = counted(list(roll_call(event, number)))
    return {"round": number, "here": here, "expected": expected}


def render_dashboard(request, event, official_form=None):
    rounds = round_summaries(event)
    officials = event.officials.select_related("user").order_by("role", "user__username")
    recent = event.audit_entries.select_related("actor")[:5]
    stages = list(event.stages.order_by("number"))
    begun = {r.round.stage_id for r in rounds}
    for s in stages:
        s.tournament = event
        s.begun = s.pk in begun
        s.planned = s.rounds_planned()
    return render(request, "director/dashboard.html", {
        "event": event, "tab": "dashboard", "stages": stages,
        "trf_note": later_stages_note(event), "has_swiss": has_swiss(event),
        "stage_form": StageForm(event, initial={"kind": "knockout", "third_place": True}),
        "tiebreak_labels": [label(name) for name in event.tiebreaks],
        "rounds": rounds, "step": next_step(event, rounds),
        "season_stage": season_to_pair(event), "season_form": SeasonForm(),
        "season_drafts": [s.number for s in rounds if s.round.status == Round.Status.DRAFT
                          and s.round.stage.paired_ahead],
        "drawn": not sets_alternate(event.ruleset),
        "officials": officials, "recent": recent,
        "official_form": official_form or OfficialForm(),
        "checkin": checkin_count(event),
    }, status=400 if official_form is not None else 200)


@director_view
def settings(request, event):
    form = EditSettingsForm(request.POST or None, initial=EditSettingsForm.initial_for(event),
                            fixed=event.rounds.exists())
    if request.method == "POST" and form.is_valid():
        try:
            changed = events.update_settings(
                event, request.user, reason=form.cleaned_data["reason"],
                name=form.cleaned_data["name"], **form.settings())
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, "The settings are saved." if changed
                             else "Nothing was changed.")
            return redirect("director:event", event.slug)
    return render_settings(request, event, form=form)


def render_settings(request, event, form=None, delete_form=None):
    """The settings page; a refused form comes back bound, as typed, with a 400."""
    return render(request, "director/settings.html", {
        "event": event, "tab": "settings", "paired": event.rounds.exists(),
        "form": form or EditSettingsForm(initial=EditSettingsForm.initial_for(event),
                                         fixed=event.rounds.exists()),
        "hide_form": HideForm(initial={"hidden": not event.hidden}),
        "delete_form": delete_form or DeleteEventForm(event),
    }, status=400 if request.method == "POST" else 200)


@require_POST
@director_view
def hide(request, event):
    form = HideForm(request.POST)
    if form.is_valid():
        try:
            events.set_hidden(event, request.user, hidden=form.cleaned_data["hidden"],
                              reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, None, exc)
        else:
            messages.success(request, f"{event.name} is hidden from the public: only its "
                             "officials see it." if form.cleaned_data["hidden"] else
                             f"{event.name} is shown to the public.")
    else:
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    return redirect("director:settings", event.slug)


@require_POST
@director_view
def delete(request, event):
    form = DeleteEventForm(event, request.POST)
    if form.is_valid():
        try:
            gone = events.delete_tournament(event, request.user,
                                            reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{gone['name']} is deleted; its audit log stays "
                             "with the site's staff.")
            return redirect("director:home")
    return render_settings(request, event, delete_form=form)


@require_POST
@director_view
def add_official(request, event):
    form = OfficialForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            official = events.add_official(event, request.user, username=data["username"],
                                           role=data["role"], password=data["password"],
                                           create=data["create"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            role = Official.Role(data["role"]).label.lower()
            if data["create"]:
                messages.success(request, f"{official.user.username} is now {role} of "
                                          f"{event.name}.")
            else:  # the same words whether the account exists or not (no enumeration)
                messages.success(request, f"If there is an account called {data['username']}, "
                                          f"it is now {role} of {event.name}; to invite "
                                          "someone new, tick “create the account”.")
            return redirect("director:event", event.slug)
    return render_dashboard(request, event, official_form=form)


@require_POST
@director_view
def remove_official(request, event, pk):
    official = get_object_or_404(event.officials.select_related("user"), pk=pk)
    try:
        events.remove_official(event, request.user, user=official.user)
    except ActionError as exc:
        show_refusal(request, None, exc)
    else:
        messages.success(request, f"{official.user.username} no longer runs {event.name}.")
    return redirect("director:event", event.slug)


@director_view
def audit(request, event):
    entries = event.audit_entries.select_related("actor")
    typed = numbers.whole_or_none(request.GET.get("page"), low=1)
    page = Paginator(entries, AUDIT_PAGE).get_page(typed or 1)
    return render(request, "director/audit.html", {"event": event, "page": page,
                                                   "tab": "audit"})


@director_view
def archive(request, event):
    if runs_in_background(event):  # a big event: the task worker writes it (views_jobs)
        return start_job(request, Job.Kind.EXPORT_ARCHIVE, event)
    body = archive_json(event)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.json"'
    return response


@director_view
def trf(request, event):
    """The rounds played so far as a TRF(x) file (what `manage.py export_trf` writes; the
    site's numbers and ratings always fit a TRF's columns)."""
    try:
        text = trf_text(event)
    except ValueError as exc:  # no Swiss stage: nothing a TRF can hold
        messages.error(request, str(exc))
        return redirect("director:event", event.slug)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{event.slug}-after-round-{finished_rounds(event)}.trf"')
    return response
