"""A team member's page (/me/) shows the round clock of the team's match night, the round
night_round picks as the match night page does, and asks it again every 5 s."""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from tournament.actions import player_keys, season
from tournament.actions.clock import start
from tournament.models import PlayerKey
from tournament.players import team_reads

from .test_season import make_division

pytestmark = pytest.mark.django_db


def test_a_members_page_shows_the_clock_of_the_match_nights_round(
        division, first_match, phone_of, director):
    phone = phone_of(first_match.side1, 2)
    page = phone.get("/me/").content.decode()
    assert 'class="round-clock state-idle' in page and "clock not started" in page
    assert 'data-url="/me/clock/1.json"' in page and 'data-every="5"' in page
    start(first_match.round, director, minutes=30)
    page = phone.get("/me/").content.decode()
    assert 'data-state="running"' in page and "Round 1" in page
    assert phone.get("/me/clock/1.json").json()["state"] == "running"


def test_the_clock_is_the_round_of_this_weeks_night(director):
    """A season published at once, weekly from a week ago: round 2, dated today, is the
    team's night, not round 1 nor the latest (round 6)."""
    event = make_division(director, slug="season-clock")
    today = timezone.localdate()
    season.pair_season(event, director, first_date=today - datetime.timedelta(days=7))
    season.publish_season(event, director)
    round2 = event.rounds.get(number=2)
    start(round2, director, minutes=20)
    team = event.entrants.get(name="Leek Lions")
    phone = Client()
    phone.post("/me/", {"code": player_keys.issue_key(event, None, number=team.number,
                                                       member=1)})
    key = PlayerKey.objects.select_related("tournament", "entrant").get(entrant=team,
                                                                        member=1)
    assert team_reads.night_round(key).number == 2
    assert team_reads.night_of(key).match.round.number == 2  # the same night
    page = phone.get("/me/").content.decode()
    assert 'data-url="/me/clock/2.json"' in page and 'data-state="running"' in page
