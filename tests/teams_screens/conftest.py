"""A small division for the screens' tests: four teams of four members (MSO, three singles
boards to 61, first to 2 sets; 3 for a win, 1 for a loss by one board), a round robin
of two cycles with round 1 published and dated, the players entering at the table."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournament.actions import entrants, events, player_keys, rounds, stages
from tournament.models import Match, PlayerKey

TEAMS = [("Leek Lions", "Leek DC", "The Swan"), ("Stoke Stags", "Stoke DC", "The Crown"),
         ("Hanley Hawks", "", "The Bell"), ("Burslem Bulls", "", "The Leopard")]
FORMAT = {"boards": [{"kind": "singles", "count": 3,
                      "match": {"target": 61, "sets_to_win": 2}}]}
WON = {"format": "fives-and-threes-match/1", "ruleset": "mso",
       "sets": [{"score": [61, 40]}, {"score": [61, 30]}]}
LOST = {"format": "fives-and-threes-match/1", "ruleset": "mso",
        "sets": [{"score": [40, 61]}, {"score": [30, 61]}]}
FIRST_NIGHT = datetime.date(2026, 9, 14)


@pytest.fixture
def division(director):
    """Four teams (captains their second members), round 1 of 6 paired and published."""
    event = events.create_tournament(
        director, name="Potteries League Division 1", slug="div-1", entrants_kind="teams",
        team_match=FORMAT, team_points="three_or_one_at_five_four",
        entry_policy="players_accept")
    for name, club, venue in TEAMS:
        entrants.add_entrant(event, director, name=name, club=club, venue=venue, captain=1,
                             members=[{"name": f"{name.split()[0]} {n}"}
                                      for n in ("Ann", "Bob", "Cy", "Di")])
    stages.change_stage(event.stages.get(), director, kind="round_robin", cycles=2)
    round_ = rounds.pair_round(event, director)
    rounds.publish_round(round_, director)
    from tournament.actions import team_matches

    team_matches.set_round_date(round_, director, day=FIRST_NIGHT)
    event.refresh_from_db()
    return event


@pytest.fixture
def first_match(division):
    """Round 1's first team match (home side0, away side1)."""
    return (Match.objects.filter(round__tournament=division, round__number=1,
                                 team_match__isnull=True).exclude(side1=None)
            .select_related("side0", "side1").order_by("board").first())


@pytest.fixture
def phone_of(division):
    """phone_of(team, member): a test client holding that member's card (member from 0)."""
    def make(team, member):
        key = player_keys.issue_key(division, None, number=team.number, member=member + 1)
        c = Client()
        c.post("/me/", {"code": key})
        c.key = PlayerKey.objects.get(entrant=team, member=member + 1)
        return c
    return make


@pytest.fixture
def other_director(db):
    return User.objects.create_user("otto", password="pw-123456")


@pytest.fixture
def secretary(director, client_for):
    """The division secretary's browser: the director signed in."""
    return client_for(director)


def key_of(team, member):
    """The PlayerKey row of a team's member (from 0), made if need be."""
    existing = PlayerKey.objects.filter(entrant=team, member=member + 1).select_related(
        "entrant", "tournament").first()
    if existing is None:
        player_keys.issue_key(team.tournament, None, number=team.number, member=member + 1)
        existing = PlayerKey.objects.select_related("entrant", "tournament").get(
            entrant=team, member=member + 1)
    return existing


def play_night(tm, winners=(0, 0, 1), *, accept=True):
    """Both captains line up (members 0, 1, 2 on boards 1-3), the home captain enters
    every board (won by the side in `winners`), the away captain accepts the card."""
    from tournament.actions import cards, lineups, table

    home, away = key_of(tm.side0, 1), key_of(tm.side1, 1)
    lineups.set_lineup(tm.pk, home, lineup=[[0], [1], [2]])
    lineups.set_lineup(tm.pk, away, lineup=[[0], [1], [2]])
    for b, side in zip(tm.boards.order_by("board"), winners, strict=True):
        table.enter_result(b.pk, home, version=b.version, record=WON if side == 0 else LOST)
    if accept:
        tm.refresh_from_db()
        cards.accept_card(tm.pk, away, version=tm.version)
    tm.refresh_from_db()
    return tm
