"""Linking every unlinked player of an event at once: a preview of what would be linked
to whom (and who becomes a new person), each choice changeable, then one action."""

import re

from django.contrib import messages
from django.shortcuts import redirect, render

from ..actions import ActionError
from ..actions import people as actions
from ..models import Person, Rating
from ..rules.entrant_rules import is_person_id
from .access import director_view

FIELD = re.compile(r"p-(\d{1,10})-([01])\Z")  # one select a player: p-<entrant id>-<member>


def field_name(row) -> str:
    return f"p-{row.entrant.pk}-{row.member}"


def chosen(post, plan) -> dict:
    """{(entrant id, member): Person, NEW or NONE} for each listed player the form names;
    an id that is not one of the people offered for that player refuses the whole form."""
    offered = {(r.entrant.pk, r.member): r for r in plan}
    people = {p.key: p for p in Person.objects.current().filter(key__in=[
        v for v in post.values() if is_person_id(v)])}
    choices, problems = {}, []
    for name, value in post.items():
        match = FIELD.match(name)
        if not match:
            continue
        key = (int(match[1]), int(match[2]))
        row = offered.get(key)
        if row is None:
            problems.append("a player on the list is linked already, or no longer entered")
        elif value in (actions.NEW, actions.NONE):
            choices[key] = value
        elif people.get(value) in row.choices:
            choices[key] = people[value]
        else:
            problems.append(f"{row.name}: {value[:60]!r} is not one of the people offered")
    if problems:
        raise ActionError("Nothing was linked: look at the list again.", {"people": problems})
    return choices


@director_view
def link_everyone(request, event):
    plan = actions.link_plan(event, request.user)
    status = 200
    if request.method == "POST":
        try:
            done = actions.link_everyone(event, request.user, choices=chosen(request.POST, plan))
        except ActionError as exc:
            messages.error(request, exc.message)
            for problem in [p for problems in exc.errors.values() for p in problems]:
                messages.error(request, str(problem))
            plan, status = actions.link_plan(event, request.user), 400
        else:
            messages.success(request, f"Linked {done['linked']} to people on the site, made "
                             f"{done['made']} new {'person' if done['made'] == 1 else 'people'}"
                             f", left {done['left']} unlinked.")
            return redirect("director:entrants", event.slug)
    shown = {p for row in plan for p in (*row.choices, *row.barred)}
    ratings = dict(Rating.objects.filter(ruleset=event.ruleset, person__in=shown)
                   .values_list("person_id", "rating"))
    rows = [{"row": row, "field": field_name(row),
             "choices": [(p, ratings.get(p.pk)) for p in row.choices],
             "barred": [(p, why) for p, why in row.barred.items()]} for row in plan]
    counts = {"link": sum(isinstance(r.proposal, Person) for r in plan),
              "new": sum(r.proposal == actions.NEW for r in plan),
              "left": sum(r.proposal == actions.NONE for r in plan)}
    return render(request, "director/people_bulk.html", {
        "event": event, "rows": rows, "counts": counts, "NEW": actions.NEW,
        "NONE": actions.NONE, "tab": "entrants",
    }, status=status)
