"""The hall display (shared/spec/venue.md, "Hall display"): a page for a television, with no
scrolling and no controls, cycling through screens of the current round, each cut into
pages that fit a 1920x1080 screen in large type; the round's clock and a QR code of the
event's page always in view. `/{slug}/hall/` for one event, `/series/{slug}/hall/` for a
festival, which cycles through its events.

`?screens=pairings,standings` picks the screens (SCREENS, in the order asked), `?seconds=N`
the time each page stays (MIN_SECONDS to MAX_SECONDS). Screens that do not apply to an
event (a bracket without a knock-out) are left out for it. Reads a fixed number of queries
per event, whatever its size."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from .. import standings
from ..common import qr
from ..entry import numbers
from ..models import Series, Stage
from ..models.rounds import live_round
from ..reads import history
from . import bracket as bracket_data
from . import data, league_data
from .series_data import series_events

ROWS = 11  # rows of a list page at the hall's type size (hall.css says how they fit)
ALPHA_COLUMNS = 3  # the A-Z list: three columns of ROWS names
BRACKET_ROWS = 6  # a bracket page: matches of one round, two lines each
DEFAULT_SECONDS = 15
MIN_SECONDS, MAX_SECONDS = 5, 300


@dataclass(frozen=True)
class Screen:
    name: str
    title: str
    pages: Callable  # (Context) -> list of pages (each a dict the template draws)


@dataclass
class Context:
    """What the screens of one event read, each once."""

    tournament: object
    rounds: list
    current: object  # the live round, else the latest published; None before any

    def __post_init__(self):
        self._cache = {}

    def once(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def points(self):
        return self.once("points", lambda: history.points_before(
            self.tournament, self.current.number))

    def boards(self):
        return self.once("boards", lambda: data.boards(self.tournament, self.current,
                                                       self.points()))

    def kinds(self):
        return data.stage_kinds(self.tournament)


def chunks(rows, size) -> list[list]:
    return [rows[i:i + size] for i in range(0, len(rows), size)] or [[]]


def titled(title, parts, **extra) -> list[dict]:
    total = len(parts)
    return [{"title": title + (f" ({n} of {total})" if total > 1 else ""), "rows": rows,
             **extra} for n, rows in enumerate(parts, start=1)]


def pairings(ctx: Context) -> list[dict]:
    if ctx.current is None:
        return []
    return titled(f"{ctx.current.title}: boards", chunks(ctx.boards(), ROWS), kind="pairings")


def alpha(ctx: Context) -> list[dict]:
    if ctx.current is None:
        return []
    t = ctx.tournament
    entries = data.find_entries(t, ctx.boards(), data.not_paired(t, ctx.current.number),
                                ctx.points())
    per_page = ROWS * ALPHA_COLUMNS
    return titled(f"{ctx.current.title}: find your board, A–Z",
                  [chunks(page, ROWS) for page in chunks(entries, per_page)], kind="alpha")


def results(ctx: Context) -> list[dict]:
    if ctx.current is None:
        return []
    done = [b for b in ctx.boards() if b["state"] == "counted" and b["side1"] is not None]
    if not done:
        return [{"title": f"{ctx.current.title}: results", "rows": [], "kind": "results",
                 "empty": "No results yet: they appear here as they are confirmed."}]
    return titled(f"{ctx.current.title}: results", chunks(done, ROWS), kind="results")


def standings_pages(ctx: Context) -> list[dict]:
    if ctx.tournament.is_teams or not ctx.kinds() & set(Stage.RANKING) or not ctx.rounds:
        # a team event is ranked by its league table (the "league" screen)
        return []
    table = data.load(ctx.tournament).table
    rows = [{"rank": f"={row.rank}" if row.shared else str(row.rank), "name": row.name,
             "number": row.player, "points": standings.format_value(row.points)}
            for row in table.rows]
    return titled("Standings", chunks(rows, ROWS), kind="standings")


def bracket_pages(ctx: Context) -> list[dict]:
    if Stage.Kind.KNOCKOUT not in ctx.kinds():
        return []
    stages = bracket_data.knockout_stages(ctx.tournament)
    whole = bracket_data.page(ctx.tournament, stages[-1])
    pages = []
    for r in whole["bracket_rounds"]:
        matches = [m for m in r["matches"] if not m["bye"]]
        pages += titled(f"Bracket: {r['name']}", chunks(matches, BRACKET_ROWS), kind="bracket")
    if whole["third_place"]:
        pages += titled("Bracket: third place", [[whole["third_place"]]], kind="bracket")
    return pages


def league_table(ctx: Context) -> list[dict]:
    """The league table of an event played by teams (public/league_data.py's rows, the
    league page's own): place, played, won, drawn, lost, boards for and against, points."""
    if not ctx.tournament.is_teams or not ctx.rounds:
        return []
    rows = [{**row, "place": f"={row['rank']}" if row["shared"] else str(row["rank"])}
            for row in league_data.table_rows(ctx.tournament)]
    return titled("League table", chunks(rows, ROWS), kind="league")


SCREENS = {s.name: s for s in (
    Screen("pairings", "the round's boards, by board", pairings),
    Screen("alpha", "find your board: every name A–Z", alpha),
    Screen("results", "the round's results as they count", results),
    Screen("standings", "the standings", standings_pages),
    Screen("bracket", "the knock-out bracket", bracket_pages),
    Screen("league", "the league table (events played by teams)", league_table),
)}
DEFAULT_SCREENS = ("pairings", "alpha", "results", "standings", "bracket", "league")


class BadParams(ValueError):
    pass


def parse(params) -> tuple[list[str], int]:
    """(screens, seconds) from the query, or BadParams naming what is wrong."""
    screens = list(DEFAULT_SCREENS)
    if "screens" in params:
        asked = [s.strip() for s in params["screens"].split(",") if s.strip()]
        unknown = [s for s in asked if s not in SCREENS]
        if unknown or not asked:
            shown = ", ".join(repr(s[:30]) for s in unknown[:5]) or "none"
            raise BadParams(f"Unknown screens: {shown}. Choose from "
                            f"{', '.join(SCREENS)}, separated by commas.")
        screens = list(dict.fromkeys(asked))
    seconds = DEFAULT_SECONDS
    if "seconds" in params:
        seconds = numbers.whole_or_none(params["seconds"][:10], low=MIN_SECONDS,
                                        high=MAX_SECONDS)
        if seconds is None:
            raise BadParams(f"seconds must be a whole number from {MIN_SECONDS} to "
                            f"{MAX_SECONDS} (the time each page stays), not "
                            f"{params['seconds'][:20]!r}.")
    return screens, seconds


def event_block(request, tournament, screens) -> dict:
    """One event's header (name, round, clock, QR code) and its pages."""
    rounds = data.published_rounds(tournament)
    current = live_round(rounds) or (rounds[-1] if rounds else None)
    ctx = Context(tournament, rounds, current)
    pages = []
    for name in screens:
        pages += SCREENS[name].pages(ctx)
    if not pages:
        pages = [{"title": tournament.name, "rows": [], "kind": "note",
                  "empty": "The pairings appear here once a round is published."
                  if current is None else "Nothing to show on the screens chosen."}]
    url = request.build_absolute_uri(tournament.get_absolute_url())
    data.latest_change(tournament)  # gives change_id its value: what the page follows
    return {"event": tournament, "revision": str(tournament.change_id),
            "revision_url": reverse("public:revision", args=[tournament.slug]),
            "round": current, "pages": pages, "address": url,
            "qr": qr.svg(url, title=f"{tournament.name}: the event's page", scale=4),
            "clock": current.clock() if current is not None else None,
            "clock_url": reverse("public:round_clock", args=[tournament.slug, current.number])
            if current is not None else None,
            "drawn": data.drawn_starters(tournament)}


def bad(request, title, message):
    return render(request, "public/hall_error.html", {
        "title": title, "message": message, "screens": SCREENS.values(),
        "min_seconds": MIN_SECONDS, "max_seconds": MAX_SECONDS}, status=400)


def event_hall(request, slug):
    tournament = data.get_event(slug, request.user)
    try:
        screens, seconds = parse(request.GET)
    except BadParams as exc:
        return bad(request, tournament.name, str(exc))
    return render(request, "public/hall.html", {
        "title": tournament.name, "blocks": [event_block(request, tournament, screens)],
        "seconds": seconds})


def series_hall(request, slug):
    series = get_object_or_404(Series, slug=slug)
    try:
        screens, seconds = parse(request.GET)
    except BadParams as exc:
        return bad(request, series.name, str(exc))
    events = list(series_events(series))  # listed events only: hidden ones never appear
    if not events:
        raise Http404(f"{series.name} has no published event to show yet.")
    return render(request, "public/hall.html", {
        "title": series.name, "series": series, "seconds": seconds,
        "blocks": [event_block(request, t, screens) for t in events]})
