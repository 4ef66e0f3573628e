"""Linking entrants to people (suggested, never automatic), seeding the pairing from the
people's ratings; and the staff's page for merging two records of one person."""

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import PermissionDenied as Forbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ..actions import ActionError, PermissionDenied, merges, seeding
from ..actions import people as actions
from ..entry import numbers
from ..models import AuditEntry, EntrantPerson, Person, Rating
from ..rules.entrant_rules import is_person_id, pairing_rating
from ..text.clean import TextError, clean_text
from ..text.number_field import DateField
from .access import director_view

NEW, NONE = actions.NEW, actions.NONE


def slots(event, entrant, actor):
    """Each player of the entrant: name, club, linked person, their rating, suggestions
    (each with why the director may not link them, or None: actions.consent_refusals)."""
    links = {link.member: link.person for link in
             EntrantPerson.objects.filter(entrant=entrant).select_related("person")}
    namesakes = actions.Namesakes(actor)
    out = []
    for member in range(len(entrant.members) if entrant.is_pair else 1):
        name, club = actions.member_name(entrant, member), actions.member_club(entrant, member)
        suggested = [p for p in namesakes.of(name, club)
                     if p.pk != getattr(links.get(member), "pk", None)]
        refused = actions.consent_refusals(actor, suggested, event)
        people = [p for p in (links.get(member), *suggested) if p is not None]
        ratings = dict(Rating.objects.filter(ruleset=event.ruleset, person__in=people)
                       .values_list("person_id", "rating"))
        out.append({"member": member, "name": name, "club": club, "linked": links.get(member),
                    "rating": ratings.get(getattr(links.get(member), "pk", None)),
                    "suggested": [(p, ratings.get(p.pk), refused.get(p)) for p in suggested]})
    return out


@director_view
def entrant_people(request, event, pk):
    entrant = get_object_or_404(event.entrants, pk=pk)
    if request.method == "POST":
        member = numbers.whole_or_none(request.POST.get("member", ""), low=0, high=1)
        member = -1 if member is None else member  # the action refuses it, naming it
        choice = request.POST.get("person", "")
        try:
            if choice == NEW:
                person = actions.link_new_person(entrant, request.user, member=member)
                messages.success(request, f"{person.name} is a new person, {person.key}.")
            elif choice == NONE:
                actions.link_entrant(entrant, request.user, person=None, member=member)
                messages.success(request, "Unlinked.")
            else:
                # Only people the director may be told of: a key known only from
                # hidden events is "not listed", as on the page.
                person = (Person.objects.current().known_to(request.user)
                          .filter(key=choice).first() if is_person_id(choice) else None)
                if person is None:
                    raise ActionError("Choose one of the people listed, a new person, or "
                                      "none.")
                actions.link_entrant(entrant, request.user, person=person, member=member)
                messages.success(request, f"Linked to {person.name} ({person.key}).")
        except ActionError as exc:
            messages.error(request, exc.message)
        else:
            return redirect("director:entrant_people", event.slug, entrant.pk)
    players = slots(event, entrant, request.user)
    rated = [p["rating"] for p in players]
    seed = pairing_rating(rated) if rated and None not in rated else None
    return render(request, "director/people.html", {
        "event": event, "entrant": entrant, "players": players, "seed": seed,
        "NEW": NEW, "NONE": NONE, "tab": "entrants", "paired": event.rounds.exists(),
    }, status=400 if request.method == "POST" else 200)


@require_POST
@director_view
def seed(request, event):
    try:
        changed = seeding.seed_from_ratings(event, request.user)
    except ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{len(changed)} entrant{'s' if len(changed) != 1 else ''}"
                         " took the rating of their people; change any on its form.")
    return redirect("director:entrants", event.slug)


# ---------------------------------------------------------------- staff


class MergeForm(forms.Form):
    keep = forms.CharField(label="The person to keep (id)", max_length=60)
    gone = forms.CharField(label="The record that is the same person (id)", max_length=60)
    reason = forms.CharField(max_length=300)

    def clean(self):
        data = super().clean()
        for field in ("keep", "gone"):
            key = data.get(field, "")
            person = Person.objects.filter(key=key).first() if is_person_id(key) else None
            if person is None:
                self.add_error(field, f"Nobody has the id {key[:60]!r}.")
            data[field] = person
        return data


def staff_only(view):
    @staff_member_required
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except PermissionDenied as exc:
            raise Forbidden(exc.message) from exc
    return wrapper


@staff_only
def people_admin(request):
    try:
        query = clean_text(request.GET.get("q", ""), "q", 100).strip()
    except TextError:  # a NUL would reach PostgreSQL: no search, no 500
        query = ""
    found = (Person.objects.filter(name__icontains=query).order_by("name", "key")[:50]
             if query else [])
    form = MergeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            merges.merge_people(request.user, keep=form.cleaned_data["keep"],
                                 gone=form.cleaned_data["gone"],
                                 reason=form.cleaned_data["reason"])
        except ActionError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, "Merged: every link of the second record now names "
                             "the first. Undo it below if it was wrong.")
            return redirect("director:people")
    merge_names = (AuditEntry.Action.MERGE_PEOPLE, AuditEntry.Action.UNMERGE_PEOPLE)
    log = AuditEntry.objects.filter(action__in=merge_names).select_related("actor")[:30]
    undone = set(AuditEntry.objects.filter(action=AuditEntry.Action.UNMERGE_PEOPLE)
                 .values_list("detail__merge", flat=True))
    return render(request, "director/people_admin.html", {
        "form": form, "query": query, "found": found, "merges": log, "undone": undone,
    }, status=400 if request.method == "POST" else 200)


@require_POST
@staff_only
def unmerge(request, entry_id):
    try:
        merges.unmerge_people(request.user, entry_id=entry_id,
                               reason=request.POST.get("reason", ""))
    except ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "The merge is undone: the two records are two people again.")
    return redirect("director:people")


@require_POST
@director_view
def event_date(request, event):
    field = DateField(required=False)
    try:
        day = field.clean(request.POST.get("date", ""))
    except forms.ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("director:event", event.slug)
    try:
        actions.set_event_date(event, request.user, date=day)
    except ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "The date is saved.")
    return redirect("director:event", event.slug)
