"""Public pages of people across events: the rating lists, a person's page, a series."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render

from ..entry import numbers
from ..ratings.chart import history_chart
from ..reads.rating_lists import RULESETS_RATED
from ..rules.names import ruleset_titles
from . import people_data

PER_PAGE = 100


def trend_words(value: float) -> tuple[str, str]:
    """(arrow, words) for the list's trend column: the arrow is for the eye, the words
    (visually hidden) for a screen reader."""
    if abs(value) < 0.05:
        return "→", "level over the latest event"
    sign = "up" if value > 0 else "down"
    return ("↑" if value > 0 else "↓"), f"{sign} {abs(value):.1f} over the latest event"


def ratings(request, ruleset: str = "mso"):
    if ruleset not in RULESETS_RATED:
        raise Http404(f"There is no {ruleset!r} rating list.")
    rows = people_data.list_rows(ruleset)
    page = Paginator(rows, PER_PAGE).get_page(
        numbers.whole_or_none(request.GET.get("page", ""), low=1))
    for row in page:
        row["arrow"], row["trend_words"] = trend_words(row["trend"])
    return render(request, "public/people/ratings.html", {
        "ruleset": ruleset, "ruleset_name": ruleset_titles()[ruleset],
        "rulesets": [(r, ruleset_titles()[r]) for r in RULESETS_RATED],
        "page": page, "count": len(rows)})


def person(request, key: str):
    page = people_data.person_page(key)
    if page is None:
        raise Http404(f"Nobody has the id {key!r}.")
    if page.person.key != key:  # merged: one person, one address
        return redirect("public:person", key=page.person.key, permanent=True)
    charts = []
    for h in page.ratings:
        chart = history_chart([s["rating"] for s in h.steps])
        charts.append({"history": h, "chart": chart,
                       "name": ruleset_titles().get(h.ruleset, h.ruleset),
                       "first": h.steps[0]["rating"] if h.steps else 0,
                       "best": max((s["rating"] for s in h.steps), default=0)})
    return render(request, "public/people/person.html", {
        "person": page.person, "charts": charts, "events": page.events})


def about(request):
    return render(request, "public/people/about.html", {
        "rulesets": [ruleset_titles()[r] for r in RULESETS_RATED]})


def series(request, slug: str):
    from ..models import Series
    from .series_data import standings_of

    found = Series.objects.filter(slug=slug).first()
    if found is None:
        raise Http404(f"There is no series {slug!r}.")
    events, rows = standings_of(found)
    names = {e.pk: e for e in events}
    for row in rows:
        by_event = {p.event: p for p in row.placings}
        row.cells = [by_event.get(e.pk) for e in events]
        row.key = row.player[1] if row.player[0] == "person" else None
    return render(request, "public/people/series.html", {
        "series": found, "events": events, "rows": rows, "names": names,
        "scale": "-".join(map(str, found.scale)),
        "unfinished": [e for e in events if e.status != e.Status.FINISHED]})


def festival(request, slug: str):
    """A series as one festival page: its events with their state and round clock, and one
    A-Z list of everyone playing across them, with "find my board" by name or number
    (folded as the round page's: data.search). Not cached: `?find=` is one person's."""
    from django.urls import reverse
    from django.utils.cache import add_never_cache_headers

    from ..models import Series
    from ..text.collation import name_key
    from . import data
    from .series_data import festival as festival_of

    found = Series.objects.filter(slug=slug).first()
    if found is None:
        raise Http404(f"There is no series {slug!r}.")
    events = festival_of(found)
    for e in events:
        if e["round"] is not None:
            e["clock_url"] = reverse("public:round_clock",
                                     args=[e["event"].slug, e["round"].number])
    entries = sorted((x for e in events for x in e["entries"]),
                     key=lambda x: (name_key(x["name"]), x["event"].name, x["number"]))
    query = request.GET.get("find", "")[:60]
    found_entries = data.search_across(entries, query) if query.strip() else None
    response = render(request, "public/people/festival.html", {
        "series": found, "events": events, "entries": entries, "find": query,
        "found": found_entries})
    add_never_cache_headers(response)
    return response
