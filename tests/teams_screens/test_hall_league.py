"""The hall display of a team event: its league table screen, the standings left out."""

from django.test import Client

from .conftest import play_night


def test_a_team_events_hall_shows_its_league_table(division, first_match):
    play_night(first_match)
    page = Client().get(f"/{division.slug}/hall/?screens=league,standings")
    assert page.status_code == 200
    html = page.content.decode()
    assert "League table" in html and 'kind-league' in html
    assert "Leek Lions" in html and "Burslem Bulls" in html
    assert 'kind-standings' not in html  # a team event is ranked by its league table
