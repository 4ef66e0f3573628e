"""Public pages: no sign-in, only published rounds and results that count."""

from django.http import QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django_tables2 import RequestConfig

from .. import standings
from ..models import Round
from ..models.rounds import live_round
from . import crosstab, data, exports
from .cache import cached_fragment, fragment_key, sortable, table_params
from .tables import CrossTable, EventTable, PairingTable, standings_table_class

PER_PAGE = 100


def event_context(tournament, rounds, tab="", **extra):
    return {"event": tournament, "rounds": rounds, "live": data.is_live(rounds), "tab": tab,
            **extra}


def bad_request(request, tournament, rounds, message):
    ctx = event_context(tournament, rounds, message=message)
    return render(request, "public/error.html", ctx, status=400)


def only_params(request, *names):
    """Keep only the query parameters a page understands, so cached links stay clean."""
    kept = QueryDict(mutable=True)
    for name in names:
        if name in request.GET:
            kept[name] = request.GET[name]
    request.GET = kept
    return kept


# ---------------------------------------------------------------------- events


def events(request):
    rows = []
    paired = {}
    for r in Round.objects.values("tournament_id", "status"):
        paired.setdefault(r["tournament_id"], []).append(r["status"])
    for t in data.visible_events():
        statuses = paired.get(t.pk, [])
        published = sum(1 for s in statuses if s != Round.Status.DRAFT)
        rows.append({
            "name": t.name,
            "url": t.get_absolute_url(),
            "status": t.get_status_display(),
            "rounds": f"{published} / {t.rounds_planned}",
        })
    table = EventTable(rows)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "public/events.html", {"table": table})


def event(request, slug):
    tournament = data.get_event(slug)
    rounds = data.published_rounds(tournament)
    live = live_round(rounds)
    summary = None
    if live is not None:
        boards = data.boards(tournament, live)
        summary = {
            "round": live,
            "boards": sum(1 for b in boards if b["state"] != "bye"),
            "done": sum(1 for b in boards if b["state"] == "counted"),
            "awaiting": sum(1 for b in boards if b["state"] == "awaiting"),
        }
    players = list(tournament.entrants.only("number", "name", "club", "withdrawn_after_round",
                                             "tournament_id"))
    ctx = event_context(tournament, rounds, "event", summary=summary, players=players,
                        entrants=len(players),
                        order=standings.describe_order(tournament.tiebreaks))
    return render(request, "public/event.html", ctx)


# ---------------------------------------------------------------------- a round


def round_view(request, slug, number):
    tournament = data.get_event(slug)
    rounds = data.published_rounds(tournament)
    round_ = data.get_round(tournament, number)
    boards = data.boards(tournament, round_)
    mode = request.GET.get("print", "")
    ctx = event_context(tournament, rounds, "round", round=round_, boards=boards)
    if mode == "slips":
        return render(request, "public/slips.html", ctx)
    table = PairingTable(boards, slug=tournament.slug)
    RequestConfig(request, paginate=False).configure(table)
    ctx.update(table=table, printing=bool(mode))
    return render(request, "public/round.html", ctx)


def round_csv(request, slug, number):
    tournament = data.get_event(slug)
    round_ = data.get_round(tournament, number)
    return exports.pairings_csv(tournament, round_, data.boards(tournament, round_))


# ---------------------------------------------------------------------- standings


def standings_view(request, slug):
    tournament = data.get_event(slug)
    rounds = data.published_rounds(tournament)
    params = only_params(request, "after_round", "page", "sort", "per_page")
    # Only pages and columns that exist reach the cache key: junk gets no entry of its own.
    table_params(params, rows=tournament.entrants.count(),
                 per_page=None if params.get("per_page") == "all" else PER_PAGE,
                 sorts=sortable(standings_table_class(tournament.tiebreaks)))
    try:
        after = data.parse_after_round(params.get("after_round"), rounds)
    except data.BadRound as e:
        return bad_request(request, tournament, rounds, str(e))
    show_all = params.get("per_page") == "all"
    key = fragment_key("standings", tournament, after=after, page=params.get("page", "1"),
                       sort=params.get("sort", ""), all=show_all)

    def build():
        return render_to_string("public/_standings_body.html",
                                standings_context(request, tournament, after, show_all),
                                request=request)

    ctx = event_context(tournament, rounds, "standings", after_round=after, show_all=show_all,
                        order=standings.describe_order(tournament.tiebreaks),
                        body=cached_fragment(key, build))
    return render(request, "public/standings.html", ctx)


def standings_context(request, tournament, after, show_all):
    event_data = data.load(tournament, after)
    table = event_data.table
    clubs = data.clubs(tournament)
    rows = [{**row.as_json(), "club": clubs.get(row.player, ""),
             "decided_by": row.decided_by or "",
             **{f"tb_{k}": v for k, v in row.tiebreaks.items()}}
            for row in table.rows]
    html_table = standings_table_class(table.order)(rows, slug=tournament.slug)
    RequestConfig(request, paginate=False if show_all else {"per_page": PER_PAGE}).configure(
        html_table)
    names = {p.id: p.name for p in event_data.players}
    groups = [{"points": standings.format_value(g.points), "rank": g.rank,
               "players": [names[p] for p in g.players], "explanation": g.explanation}
              for g in table.groups]
    return {"event": tournament, "table": html_table, "groups": groups,
            "show_all": show_all, "count": len(rows)}


def standings_csv(request, slug):
    tournament = data.get_event(slug)
    rounds = data.published_rounds(tournament)
    try:
        after = data.parse_after_round(request.GET.get("after_round"), rounds)
    except data.BadRound as e:
        return bad_request(request, tournament, rounds, str(e))
    event_data = data.load(tournament, after)
    return exports.standings_csv(tournament, event_data, data.clubs(tournament))


# ---------------------------------------------------------------------- cross-table, player


def crosstable(request, slug):
    tournament = data.get_event(slug)
    rounds = data.published_rounds(tournament)
    event_data = data.load(tournament)
    numbers = [r.number for r in rounds]
    table = CrossTable(crosstab.rows(event_data, numbers), slug=tournament.slug,
                       rounds=numbers)
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(request, "public/crosstable.html",
                  event_context(tournament, rounds, "crosstable", table=table))


def player(request, slug, number):
    tournament = data.get_event(slug)
    rounds = data.published_rounds(tournament)
    event_data = data.load(tournament)
    who = data.player_or_404(event_data, number)
    entrant = data.entrant_or_404(tournament, number)
    row = next(r for r in event_data.table.rows if r.player == number)
    lines = crosstab.player_lines(event_data, number)
    tiebreaks = [{"label": standings.label(k),
                  "value": standings.format_value(
                      v, signed=getattr(standings.get_tiebreak(k), "signed", False))}
                 for k, v in row.tiebreaks.items()]
    ctx = event_context(tournament, rounds, player=who, entrant=entrant, row=row,
                        lines=lines, tiebreaks=tiebreaks,
                        points=standings.format_value(row.points))
    return render(request, "public/player.html", ctx)

