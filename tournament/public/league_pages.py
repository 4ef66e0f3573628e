"""The public pages of a team event (docs/leagues.md): the fixtures by date and by team,
each team match with its boards, the league table, and each team's page. Every page is
live as the others are (live.js polls the event's revision) and cached whole by it
(public/urls.py); a hidden event is not found for those who may not see it
(`data.get_event`)."""

from django.http import Http404
from django.shortcuts import render
from django_tables2 import RequestConfig

from . import data, league_data
from .tables import LeagueTable
from .views import event_context, only_params


def team_event(slug, user):
    tournament = data.get_event(slug, user)
    if not tournament.is_teams:
        raise Http404(f"{tournament.name} is not an event of teams: it has no fixtures or "
                      "league table.")
    return tournament


def fixtures(request, slug):
    """Every published team match by date; `?team=N` only team N's, home and away."""
    tournament = team_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    params = only_params(request, "team")
    team = None
    if params.get("team"):
        from ..entry import numbers

        number = numbers.whole_or_none(params["team"], low=1)
        team = tournament.entrants.filter(number=number).first() if number else None
        if team is None:
            return render(request, "public/error.html", event_context(
                tournament, rounds, message=f"{tournament.name} has no team number "
                                            f"{params['team'][:20]}."), status=400)
    found = league_data.fixtures(tournament, team=team)
    teams = list(tournament.entrants.only("number", "name", "tournament_id"))
    ctx = event_context(tournament, rounds, "fixtures", watch=True, team=team, teams=teams,
                        days=league_data.by_date(found), fixtures=found)
    return render(request, "public/fixtures.html", ctx)


def team_match(request, slug, pk):
    """One team match: the teams, the score in boards, and every board with its lineup,
    set scores and status."""
    tournament = team_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    fixture = league_data.one_fixture(tournament, pk)
    ctx = event_context(tournament, rounds, "fixtures", watch=True, fixture=fixture,
                        round=fixture.round)
    return render(request, "public/team_match.html", ctx)


def table(request, slug):
    """The league table: played, won, drawn, lost, boards for and against, points; each
    tie explained."""
    tournament = team_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    only_params(request)
    rows = league_data.table_rows(tournament)
    league_rows = LeagueTable(rows, slug=tournament.slug)
    RequestConfig(request, paginate=False).configure(league_rows)
    ctx = event_context(tournament, rounds, "table", watch=True, table=league_rows,
                        ties=league_data.ties(rows), points=league_data.points_words(tournament))
    return render(request, "public/league_table.html", ctx)


def team(request, slug, number):
    """A team: club, venue, roster (the captain marked), its fixtures and results."""
    tournament = team_event(slug, request.user)
    rounds = data.published_rounds(tournament)
    entrant = league_data.team_or_404(tournament, number)
    found = league_data.fixtures(tournament, team=entrant)
    ctx = event_context(tournament, rounds, "table", watch=True, team=entrant,
                        roster=league_data.roster(entrant), fixtures=found)
    return render(request, "public/team.html", ctx)
