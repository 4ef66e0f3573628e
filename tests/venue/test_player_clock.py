"""The round clock on a player's own pages (/me/, /me/board/<id>/) asks its own read,
/me/clock/<n>.json, which the card's cookie opens: listed or hidden, a clock change
reaches the player's pages within 5 s (shared/spec/venue.md, "Round clock")."""

import pytest
from django.test import Client

from tournament.actions import player_keys
from tournament.actions.clock import pause, start
from tournament.models import Match, Tournament

pytestmark = pytest.mark.django_db


def card(event, director, number=1):
    c = Client()
    c.post("/me/", {"code": player_keys.issue_key(event, director, number=number)})
    return c


def board_of(round_, number):
    return (Match.objects.filter(round=round_, side0__number=number).first()
            or Match.objects.filter(round=round_, side1__number=number).first())


def test_a_hidden_events_board_and_page_ask_the_players_own_clock(
        venue_event, venue_round, plain_director):
    Tournament.objects.filter(pk=venue_event.pk).update(hidden=True)
    c = card(venue_event, plain_director)
    board = c.get(f"/me/board/{board_of(venue_round, 1).pk}/").content.decode()
    assert 'data-url="/me/clock/1.json"' in board and 'data-every="5"' in board
    assert "js/clock.js" in board  # which counts it down and asks it again
    me = c.get("/me/").content.decode()
    assert 'data-url="/me/clock/1.json"' in me and 'data-every="5"' in me
    # The public read stays shut to the card (a hidden event: its officials only) ...
    assert c.get(f"/{venue_event.slug}/round/1/clock.json").status_code == 404
    # ... the player's own follows every change.
    assert c.get("/me/clock/1.json").json()["state"] == "idle"
    start(venue_round, plain_director, minutes=25)
    running = c.get("/me/clock/1.json")
    assert running.json()["state"] == "running"
    assert 1490 <= running.json()["remaining_s"] <= 1500 and running.json()["ends_at"]
    assert "no-store" in running["Cache-Control"] and "private" in running["Cache-Control"]
    venue_round.refresh_from_db()
    pause(venue_round, plain_director)
    assert c.get("/me/clock/1.json").json()["state"] == "paused"


def test_the_players_clock_read_needs_the_card_and_a_published_round(
        venue_event, venue_round, plain_director, django_assert_num_queries):
    assert Client().get("/me/clock/1.json").status_code == 401
    c = card(venue_event, plain_director)
    assert c.get("/me/clock/2.json").status_code == 404  # no round 2 yet
    # The card, the round; and the card again by offline.user's middleware, which tags
    # every /me/ answer with whose it is.
    with django_assert_num_queries(3):
        assert c.get("/me/clock/1.json").status_code == 200


def test_a_listed_events_board_asks_the_players_clock_too(venue_event, venue_round,
                                                          plain_director):
    c = card(venue_event, plain_director)
    board = c.get(f"/me/board/{board_of(venue_round, 1).pk}/").content.decode()
    assert 'data-url="/me/clock/1.json"' in board
