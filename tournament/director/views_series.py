"""A director's series: make one, set its points by place, add and take out events."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied as Forbidden
from django.core.validators import slug_re
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ..actions import ActionError, PermissionDenied
from ..actions import series as actions
from ..actions.base import allowed
from ..actions.events import require_creator
from ..models import Series, Tournament
from .access import show_refusal


class SeriesForm(forms.Form):
    name = forms.CharField(max_length=120)
    slug = forms.CharField(max_length=60, required=False, label="Web address",
                           help_text="/series/<this>/: letters, digits and hyphens; left "
                                     "empty, it is made from the name.")
    scale = forms.CharField(max_length=400, required=False, label="Points by place",
                            help_text="1st, 2nd, … separated by - or commas; left blank: "
                                      "10-8-6-5-4-3-2-1.")


class ScaleForm(forms.Form):
    scale = forms.CharField(max_length=400, label="Points by place")


def series_view(view):
    """Signed in and the series' maker (or a superuser): else 404, as for events."""
    @login_required
    def wrapper(request, slug, *args, **kwargs):
        found = Series.objects.filter(slug=slug).first()
        if found is None or not allowed(actions.require_manager, found, request.user):
            raise Http404("No series of yours has this web address.")
        try:
            return view(request, found, *args, **kwargs)
        except PermissionDenied as exc:
            raise Forbidden(exc.message) from exc
    return wrapper


@login_required
def series_list(request):
    if not allowed(require_creator, request.user):
        raise Forbidden("Only directors make series.")
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = actions.create_series(request.user, **form.cleaned_data)
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{made.name} is made: add its events.")
            return redirect("director:series", made.slug)
    mine = Series.objects.all() if request.user.is_superuser else Series.objects.filter(
        created_by=request.user)
    return render(request, "director/series_list.html", {"form": form, "mine": mine},
                  status=400 if request.method == "POST" else 200)


@series_view
def series_page(request, series):
    form = ScaleForm(request.POST or None, initial={"scale": "-".join(map(str, series.scale))})
    if request.method == "POST" and form.is_valid():
        try:
            actions.set_scale(series, request.user, scale=form.cleaned_data["scale"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, "The points by place are saved.")
            return redirect("director:series", series.slug)
    events = series.events.order_by("date", "pk")
    addable = Tournament.objects.run_by(request.user).exclude(pk__in=events.values("pk"))
    return render(request, "director/series.html", {
        "series": series, "form": form, "events": events,
        "addable": [t for t in addable.order_by("-created_at") if t.is_director(request.user)],
    }, status=400 if request.method == "POST" else 200)


@require_POST
@series_view
def series_event(request, series, action):
    # Added: an event the user runs (the action checks they direct it); taken out: any of
    # the series' events.
    pool = Tournament.objects.run_by(request.user) if action == "add" else series.events.all()
    slug = str(request.POST.get("event", ""))
    event = pool.filter(slug=slug).first() if slug_re.match(slug) else None
    if event is None:
        messages.error(request, "Choose one of the events listed.")
        return redirect("director:series", series.slug)
    try:
        if action == "add":
            actions.add_event(series, request.user, tournament=event)
        else:
            actions.remove_event(series, request.user, tournament=event)
    except ActionError as exc:
        messages.error(request, exc.message)
    return redirect("director:series", series.slug)
