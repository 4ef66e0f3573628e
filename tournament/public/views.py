"""Public pages: no sign-in, only published rounds and results that count."""

from django.core.serializers.json import DjangoJSONEncoder
from django.http import JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.views.decorators.cache import never_cache
from django_tables2 import RequestConfig

from .. import standings
from ..common import qr
from ..common.links import entry_path
from ..models import Round, Stage, Tournament
from ..models.rounds import live_round
from ..reads import history
from ..text.collation import name_key
from ..text.folding import fold, fold_table
from . import bracket as bracket_data
from . import crosstab, data, exports, league_data, people_data, printed
from .cache import cached_fragment, fragment_key, sortable, table_params
from .tables import (
    AlphaTable,
    CrossTable,
    EventTable,
    PairingTable,
    standings_table_class,
)

PER_PAGE = 100
EVENTS_PER_PAGE = 50
BOARDS_PER_PAGE = 100  # a round page of 500 boards is five pages of about 40 KB
# How often a live page asks whether the event changed: a change reaches every watcher
# within this and a render (revision.json is cached: a poll while nothing changed costs
# no query and answers 304; bench/bench_public.py measures it under load).
POLL_SECONDS = 3
REFRESH_SECONDS = 60  # the same without scripts: the whole page, less often


def event_context(tournament, rounds, tab="", *, watch=False, printing=False, **extra):
    """What every event page needs. `watch`: the page keeps itself current (a small script
    polls the event's revision; without scripts a <noscript> refresh) while the event
    has rounds and is not finished; printouts never do."""
    finished = tournament.status == Tournament.Status.FINISHED
    # A bracket tab once the event has a knock-out stage (its lot seed is shown before
    # its draw); standings and cross-table tabs while it has a Swiss or round robin.
    kinds = data.stage_kinds(tournament)
    brackets = Stage.Kind.KNOCKOUT in kinds
    # A team event has a league table, fixtures and teams' pages instead.
    teams = tournament.is_teams
    ranked = bool(kinds & set(Stage.RANKING)) and not teams
    watching = watch and not printing and not finished and bool(rounds)
    changed = data.latest_change(tournament) if watching else None
    return {"event": tournament, "rounds": rounds, "live": data.is_live(rounds), "tab": tab,
            "brackets": brackets, "ranked": ranked, "teams": teams,
            "finished": finished, "watching": watching, "printing": printing,
            "revision": str(tournament.change_id) if watching else "",
            "updated": timezone.localtime(changed) if changed else None,
            "revision_url": reverse("public:revision", args=[tournament.slug]),
            "poll_seconds": POLL_SECONDS, "refresh_seconds": REFRESH_SECONDS,
            "printed_at": printed.placeholder if printing else None, **extra}


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
            "name_key": name_key(t.name),
            "url": t.get_absolute_url(),
            "status": t.get_status_display(),
            "rounds": f"{published} / {t.rounds_planned}",
        })
    params = only_params(request, "page", "sort")
    table_params(params, rows=len(rows), per_page=EVENTS_PER_PAGE, sorts=sortable(EventTable))
    table = EventTable(rows)
    RequestConfig(request, paginate={"per_page": EVENTS_PER_PAGE}).configure(table)
    return render(request, "public/events.html", {"table": table})


def revision(request, slug):
    """The event's revision, for the live pages' script: a page re-fetches itself only
    when this changed. Cached whole like the pages (public/urls.py): while nothing
    changes, a poll costs no query."""
    tournament = data.get_event(slug, request.user)
    return JsonResponse(data.revision_state(tournament, data.published_rounds(tournament)))


def event(request, slug):
    tournament = data.get_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    live = live_round(rounds)
    summary = None
    if live is not None and not tournament.is_teams:  # a league's: its fixtures page
        boards = data.boards(tournament, live)
        summary = {
            "round": live,
            "boards": sum(1 for b in boards if b["state"] != "bye"),
            "done": sum(1 for b in boards if b["state"] == "counted"),
            "awaiting": sum(1 for b in boards if b["state"] == "awaiting"),
        }
    players = list(tournament.entrants.only("number", "name", "club", "members", "venue",
                                             "withdrawn_after_round", "tournament_id"))
    for p in players:
        p.members_line = data.members_text(p.members) if tournament.is_pairs else ""
    stages = list(tournament.stages.order_by("number"))
    for s in stages:
        s.tournament = tournament
        s.published = sum(1 for r in rounds if r.stage_id == s.pk)
        s.planned = s.rounds_planned()
    ctx = event_context(tournament, rounds, "event", watch=True, summary=summary,
                        players=players, entrants=len(players), stages=stages,
                        planned=sum(s.planned or 0 for s in stages),
                        order=standings.describe_order(tournament.tiebreaks),
                        team_boards=league_data.format_words(tournament),
                        # Drawn as at this moment; a kept copy past closing time is put
                        # right by static/js/entries_closing.js.
                        taking_entries=tournament.taking_entries(timezone.now()))
    if ctx["finished"] and not tournament.is_teams:  # a league's final table is its own
        ctx["podium"] = (knockout_podium(tournament, stages[-1])
                         if stages and stages[-1].is_knockout
                         else podium_rows(data.load(tournament).table))
    return render(request, "public/event.html", ctx)


def knockout_podium(tournament, stage) -> list[dict]:
    """A finished event ending in a knock-out: its podium is the knock-out's places."""
    names = dict(tournament.entrants.values_list("number", "name"))
    return [{"place": str(place), "player": number, "name": names[number], "points": None,
             "rank": place}
            for place, number in history.final_places(tournament) if place <= 3]


def podium_rows(table) -> list[dict]:
    return [{"place": tables_rank(row), "player": row.player, "name": row.name,
             "points": standings.format_value(row.points), "rank": row.rank}
            for row in data.podium(table)]


def tables_rank(row) -> str:
    return f"={row.rank}" if row.shared else str(row.rank)


# ---------------------------------------------------------------------- a round


def round_view(request, slug, number):
    """The round's boards, BOARDS_PER_PAGE to a page (the printable list has them all),
    who has no board and why, and "find my board" over every board of the round. The A-Z
    list is a page of its own (`?print=alpha`): beside 500 boards it doubled the page."""
    tournament = data.get_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    round_ = data.get_round(tournament, number)
    points = history.points_before(tournament, round_.number)
    boards = data.boards(tournament, round_, points)
    mode = request.GET.get("print", "")
    printing = mode in ("1", "alpha", "slips")
    ctx = event_context(tournament, rounds, "round", watch=True, printing=printing,
                        round=round_, boards=boards, drawn=data.drawn_starters(tournament),
                        # The clock of a round in play, or one that was used.
                        clock=round_.clock() if round_.is_live or round_.clock_state != "idle"
                        else None,
                        clock_url=reverse("public:round_clock", args=[slug, number]))
    if mode == "slips":
        for b in boards:
            url = request.build_absolute_uri(entry_path(tournament, b["id"]))
            b["entry_url"] = url
            b["qr"] = qr.svg(url, title=f"Board {b['board']}: enter the result")
            b["set_rows"] = data.set_rows(tournament, b)
        return render(request, "public/slips.html", ctx)
    not_paired = data.not_paired(tournament, round_.number)
    if mode == "alpha":
        entries = data.find_entries(tournament, boards, not_paired, points)
        alpha = AlphaTable(entries, slug=tournament.slug)
        RequestConfig(request, paginate=False).configure(alpha)
        return render(request, "public/round_alpha.html", {**ctx, "alpha": alpha})
    for group in not_paired:  # what find.js answers for them, read from the list
        for e in group["entrants"]:
            e.away = data.away_words(group["kind"], e)
            e.find = fold(" ".join([e.name, *(e.member_names if tournament.is_pairs else [])]))
    per_page = None if printing else BOARDS_PER_PAGE
    params = request.GET.copy()
    table_params(params, rows=len(boards), per_page=per_page,
                 sorts=sortable(PairingTable, slug=""))
    request.GET = params
    table = PairingTable(boards, slug=tournament.slug, pairs=tournament.is_pairs,
                         drawn=ctx["drawn"])
    RequestConfig(request, paginate=False if printing else {"per_page": per_page}).configure(
        table)
    query = request.GET.get("find", "")[:60]
    found = None
    if query.strip():
        found = data.search(data.find_entries(tournament, boards, not_paired, points), query)
        pages = board_pages(boards, per_page)
        for e in found:
            e["page"] = pages.get(e["board"])
    ctx.update(table=table, find=query, found=found, not_paired=not_paired,
               paged=not printing and len(boards) > BOARDS_PER_PAGE,
               fold_table=fold_table(page_names(boards, not_paired)))
    response = render(request, "public/round.html", ctx)
    if query:
        # One person's answer: not worth a shared cache entry per name typed.
        add_never_cache_headers(response)
    return response


def page_names(boards, not_paired):
    """Every name the round page shows (sides, partners, those not paired), for the
    folding table find.js folds what is typed with."""
    for b in boards:
        for side in (b["side0"], b["side1"]):
            if side is not None:
                yield side.name
                yield from side.member_names
    for group in not_paired:
        for e in group["entrants"]:
            yield e.name
            yield from e.member_names


def board_pages(boards, per_page) -> dict:
    """Board number -> the page of the pairing list it is on, in board order."""
    if per_page is None:
        return {b["board"]: 1 for b in boards}
    ordered = sorted(b["board"] for b in boards)
    return {board: i // per_page + 1 for i, board in enumerate(ordered)}


@never_cache
def round_clock(request, slug, number):
    """The round's clock as the API reads it (GET .../rounds/{n}/clock/), for the pages'
    clock.js: the signed-in officials of a hidden event see it here too. Two queries."""
    tournament = data.get_event(slug, request.user)
    round_ = data.get_round(tournament, number)
    return JsonResponse(round_.clock(), encoder=DjangoJSONEncoder)


def round_csv(request, slug, number):
    tournament = data.get_event(slug, request.user)
    round_ = data.get_round(tournament, number)
    return exports.pairings_csv(tournament, round_, data.boards(tournament, round_))


# ---------------------------------------------------------------------- standings


def knockout_only(tournament):
    """A cup (knock-out stages only) has placings, not standings: its standings and
    cross-table addresses lead to its bracket."""
    if not data.stage_kinds(tournament) & set(Stage.RANKING):
        return redirect("public:bracket", tournament.slug)
    return None


def standings_view(request, slug):
    tournament = data.get_event(slug, request.user)
    if (cup := knockout_only(tournament)) is not None:
        return cup
    rounds = data.published_rounds(tournament)
    params = only_params(request, "after_round", "page", "sort", "per_page", "print")
    if params.get("print") not in (None, "1"):
        params.pop("print")
    # Only pages and columns that exist reach the cache key: junk gets no entry of its own.
    table_params(params, rows=tournament.entrants.count(),
                 per_page=None if params.get("per_page") == "all" else PER_PAGE,
                 sorts=sortable(standings_table_class(tournament.tiebreaks,
                                                      pairs=tournament.is_pairs), slug=""),
                 show_all=True)
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

    printing = request.GET.get("print") == "1"
    ctx = event_context(tournament, rounds, "standings", watch=after is None,
                        printing=printing, after_round=after, show_all=show_all,
                        order=standings.describe_order(tournament.tiebreaks),
                        tiebreak_help=standings.explain_order(tournament.tiebreaks),
                        ranking_changes=data.ranking_changes(tournament),
                        body=cached_fragment(key, build))
    return render(request, "public/standings.html", ctx)


def without_set_scores(tournament, matches):
    """(results counted with no set scores, the tie-breaks in use that read them), or
    None: a TRF file records only who won, and the standings page says what that means."""
    count = sum(1 for m in matches if m.kind == "played" and not m.sets)
    labels = standings.set_score_labels(tournament.tiebreaks)
    if not (count and labels):
        return None
    named = labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"
    return count, named


def standings_context(request, tournament, after, show_all):
    event_data = data.load(tournament, after)
    table = event_data.table
    people = data.people(tournament)
    # What the table's columns read of each row (not `as_json`'s explanation of each
    # step, which the page says by group: building it for 1,000 rows cost a render 3 ms).
    rows = [{"rank": row.rank, "shared": row.shared, "player": row.player, "name": row.name,
             "points": row.points, "withdrawn_after_round": row.withdrawn_after_round,
             "name_key": name_key(row.name),
             "club": people.get(row.player, {}).get("club", ""),
             "members": data.members_text(people.get(row.player, {}).get("members", [])),
             "decided_by": row.decided_by or "",
             **{f"tb_{k}": v for k, v in row.tiebreaks.items()}}
            for row in table.rows]
    html_table = standings_table_class(table.order, pairs=tournament.is_pairs)(
        rows, slug=tournament.slug)
    RequestConfig(request, paginate=False if show_all else {"per_page": PER_PAGE}).configure(
        html_table)
    names = {p.id: p.name for p in event_data.players}
    # The tied groups of the rows shown: each group's lines name all its members, so a
    # page of 100 rows says no more than its own groups (all of them on one page).
    shown = {row.record["player"] for row in html_table.paginated_rows}
    groups = [{"points": standings.format_value(g.points), "rank": g.rank,
               "players": [names[p] for p in g.players], "explanation": g.explanation,
               "steps": g.steps}
              for g in table.groups if shown.intersection(g.players)]
    finished = tournament.status == Tournament.Status.FINISHED and after is None
    return {"event": tournament, "table": html_table, "groups": groups,
            "show_all": show_all, "count": len(rows),
            "without_scores": without_set_scores(tournament, event_data.matches),
            "podium": podium_rows(table) if finished else None}


def standings_csv(request, slug):
    tournament = data.get_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    try:
        after = data.parse_after_round(request.GET.get("after_round"), rounds)
    except data.BadRound as e:
        return bad_request(request, tournament, rounds, str(e))
    event_data = data.load(tournament, after)
    return exports.standings_csv(tournament, event_data, data.people(tournament))


def entrants_csv(request, slug):
    tournament = data.get_event(slug, request.user)
    return exports.entrants_csv(tournament, tournament.entrants.order_by("number").only(
        "number", "name", "club", "rating", "members", "withdrawn_after_round"))


# ---------------------------------------------------------------------- cross-table, player


def crosstable(request, slug):
    tournament = data.get_event(slug, request.user)
    if (cup := knockout_only(tournament)) is not None:
        return cup
    rounds = data.published_rounds(tournament)
    event_data = data.load(tournament)
    numbers = data.ranked_numbers(rounds)
    params = only_params(request, "page", "sort")
    table_params(params, rows=len(event_data.players), per_page=PER_PAGE,
                 sorts=sortable(CrossTable, slug="", rounds=numbers))
    table = CrossTable(crosstab.rows(event_data, numbers), slug=tournament.slug,
                       rounds=numbers, pairs=tournament.is_pairs)
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(request, "public/crosstable.html",
                  event_context(tournament, rounds, "crosstable", table=table))


def crosstable_csv(request, slug):
    tournament = data.get_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    return exports.crosstable_csv(tournament, data.load(tournament),
                                  data.ranked_numbers(rounds))


def player(request, slug, number):
    tournament = data.get_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    event_data = data.load(tournament)
    who = data.player_or_404(event_data, number)
    entrant = data.entrant_or_404(tournament, number)
    row = next(r for r in event_data.table.rows if r.player == number)
    spread_in_force = "mso_spread" in event_data.table.order
    lines = crosstab.player_lines(event_data, number, mark_dropped=spread_in_force)
    tiebreaks = [{"label": standings.label(k),
                  "value": standings.format_value(
                      v, signed=getattr(standings.get_tiebreak(k), "signed", False))}
                 for k, v in row.tiebreaks.items()]
    group = next((g for g in event_data.table.groups if number in g.players), None)
    ctx = event_context(tournament, rounds, player=who, entrant=entrant, row=row,
                        lines=lines, tiebreaks=tiebreaks, group=group,
                        group_names=[data_name(event_data, p) for p in group.players
                                     if p != number] if group else [],
                        members=entrant.members if tournament.is_pairs else [],
                        people=people_data.entrant_links(entrant),
                        spread_in_force=spread_in_force,
                        points=standings.format_value(row.points),
                        knockouts=bracket_data.path_of(tournament, entrant))
    return render(request, "public/player.html", ctx)


def data_name(event_data, number) -> str:
    return next(p.name for p in event_data.players if p.id == number)


# ---------------------------------------------------------------------- a knock-out


def bracket(request, slug):
    """A knock-out stage's bracket: rounds side by side (one under the other on a phone),
    the third-place match, the places decided, and the lot seed the draw used. `?stage=N`
    for another knock-out of the event than its last; `?print=1` for one A4 landscape
    page."""
    tournament = data.get_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    cups = bracket_data.knockout_stages(tournament)
    params = only_params(request, "stage", "print")
    wanted = params.get("stage")
    stage = next((s for s in cups if str(s.number) == wanted), None) if wanted else (
        cups[-1] if cups else None)
    if stage is None:
        message = (f"{tournament.name} has no knock-out stage {wanted}." if wanted
                   else f"{tournament.name} has no knock-out stage.")
        return bad_request(request, tournament, rounds, message)
    printing = params.get("print") == "1"
    ctx = event_context(tournament, rounds, "bracket", watch=True, printing=printing,
                        cups=cups, **bracket_data.page(tournament, stage))
    return render(request, "public/bracket.html", ctx)
