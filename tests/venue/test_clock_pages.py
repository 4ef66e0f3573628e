"""The clock on the pages: the public round page, the players' own page and a card's board
page, the officials' board lists with their buttons; at time the unfinished boards first."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tournament.actions import player_keys
from tournament.actions.clock import start, stop
from tournament.models import AuditEntry, Match, Round

pytestmark = pytest.mark.django_db


def test_the_public_round_page_shows_the_clock_and_where_to_ask_it(venue_event, venue_round,
                                                                   plain_director):
    page = Client().get(f"/{venue_event.slug}/round/1/").content.decode()
    assert 'class="round-clock state-idle' in page and "clock not started" in page
    assert f'data-url="/{venue_event.slug}/round/1/clock.json"' in page
    start(venue_round, plain_director, minutes=30)
    page = Client().get(f"/{venue_event.slug}/round/1/").content.decode()
    # Cached whole by revision: a running clock says when it ends, clock.js the time left.
    assert 'data-state="running"' in page and "until " in page
    assert "data-remaining" not in page.split('class="round-clock')[1].split(">")[0]
    got = Client().get(f"/{venue_event.slug}/round/1/clock.json").json()
    assert got["state"] == "running" and 1790 <= got["remaining_s"] <= 1800
    assert "server_time" in got and got["ends_at"]


def test_the_public_clock_read_hides_a_hidden_event(venue_event, plain_director, client_for):
    type(venue_event).objects.filter(pk=venue_event.pk).update(hidden=True)
    assert Client().get(f"/{venue_event.slug}/round/1/clock.json").status_code == 404
    assert client_for(plain_director).get(
        f"/{venue_event.slug}/round/1/clock.json").status_code == 200


def test_a_clock_action_changes_the_events_revision(venue_event, venue_round, plain_director):
    before = Client().get(f"/{venue_event.slug}/revision.json").json()["revision"]
    start(venue_round, plain_director, minutes=10)
    after = Client().get(f"/{venue_event.slug}/revision.json").json()["revision"]
    assert before != after  # the live pages fetch themselves again within their poll


def test_the_players_page_and_board_show_the_clock(venue_event, venue_round, plain_director):
    start(venue_round, plain_director, minutes=40)
    code = player_keys.issue_key(venue_event, plain_director, number=1)
    c = Client()
    c.post("/me/", {"code": code})
    page = c.get("/me/").content.decode()
    assert 'data-state="running"' in page and "left" in page
    assert "js/clock.js" in page
    m = Match.objects.filter(round=venue_round, side0__number=1).first() or \
        Match.objects.filter(round=venue_round, side1__number=1).first()
    assert m.side1_id is not None  # number 1 plays: the bye is the last's
    board = c.get(f"/me/board/{m.pk}/").content.decode()
    assert 'data-state="running"' in board and "Time left" in board


def test_officials_pages_have_the_buttons_the_state_allows(venue_event, venue_round,
                                                          plain_director, venue_arbiter,
                                                          client_for):
    arbiter = client_for(venue_arbiter)
    page = arbiter.get(f"/arbiter/{venue_event.slug}/round/1/").content.decode()
    assert "Start the clock" in page and 'data-clock-action="pause"' not in page
    r = arbiter.post(f"/arbiter/{venue_event.slug}/round/1/clock/",
                     {"action": "start", "minutes": "25", "idempotency_key": "k-start-1"})
    assert r.status_code == 302
    page = arbiter.get(f"/arbiter/{venue_event.slug}/round/1/").content.decode()
    for action in ("pause", "add1", "add5", "add-1", "stop"):
        assert f'data-clock-action="{action}"' in page
    assert "Start the clock" not in page and ("25:00" in page or "24:5" in page)
    director = client_for(plain_director)
    page = director.get(f"/manage/{venue_event.slug}/rounds/1/").content.decode()
    assert 'data-clock-action="pause"' in page and "Hall display" in page
    # Sent twice with its key (a double tap): done once.
    for _ in range(2):
        director.post(f"/arbiter/{venue_event.slug}/round/1/clock/",
                      {"action": "add", "minutes": "5", "idempotency_key": "k-add-1",
                       "next": f"/manage/{venue_event.slug}/rounds/1/"})
    assert AuditEntry.objects.filter(action="clock_add").count() == 1
    # Out of turn: the page says why, nothing stored.
    r = director.post(f"/arbiter/{venue_event.slug}/round/1/clock/", {"action": "resume"},
                      follow=True)
    assert "only a paused clock can be resumed" in r.content.decode()
    r = director.post(f"/arbiter/{venue_event.slug}/round/1/clock/",
                      {"action": "add", "minutes": "five"}, follow=True)
    assert "whole number" in r.content.decode()
    # A redirect back only within the site.
    r = director.post(f"/arbiter/{venue_event.slug}/round/1/clock/",
                      {"action": "pause", "next": "https://evil.example/"})
    assert r["Location"] == f"/arbiter/{venue_event.slug}/round/1/"


def test_the_public_may_not_use_the_buttons(venue_event, venue_stranger, client_for):
    r = Client().post(f"/arbiter/{venue_event.slug}/round/1/clock/", {"action": "stop"})
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    r = client_for(venue_stranger).post(f"/arbiter/{venue_event.slug}/round/1/clock/",
                                        {"action": "start", "minutes": "5"})
    assert r.status_code == 403
    assert not AuditEntry.objects.filter(action__startswith="clock_").exists()


def test_at_time_the_officials_list_puts_unfinished_boards_first(
        venue_event, venue_round, plain_director, venue_arbiter, client_for):
    boards = list(venue_round.matches.exclude(side1=None).order_by("board"))
    done = boards[0]
    Match.objects.filter(pk=done.pk).update(status=Match.Status.CONFIRMED)
    arbiter = client_for(venue_arbiter)
    url = f"/arbiter/{venue_event.slug}/round/1/boards.json"
    before = arbiter.get(url).json()
    assert [b["board"] for b in before["boards"]][0] == done.board and not before["at_time"]
    start(venue_round, plain_director, minutes=5)
    # Time up: nothing else happens (no result, no closing), the list reorders.
    Round.objects.filter(pk=venue_round.pk).update(
        clock_ends_at=timezone.now() - timedelta(seconds=1))
    after = arbiter.get(url).json()
    assert after["at_time"]
    order = [b["board"] for b in after["boards"]]
    assert order[-1] == done.board and order[:-1] == sorted(order[:-1])
    page = arbiter.get(f"/arbiter/{venue_event.slug}/round/1/").content.decode()
    assert 'data-at-time="1"' in page and "clock-time" in page
    assert page.index(f"Board {boards[1].board}<") < page.index(f"Board {done.board}<")
    venue_round.refresh_from_db()
    assert venue_round.status == Round.Status.PUBLISHED
    assert Match.objects.filter(round=venue_round, status=Match.Status.PENDING).count() == \
        len(boards) - 1
    # A stopped clock is time too.
    Round.objects.filter(pk=venue_round.pk).update(
        clock_ends_at=timezone.now() + timedelta(minutes=5))
    assert not arbiter.get(url).json()["at_time"]
    venue_round.refresh_from_db()
    stop(venue_round, plain_director)
    assert arbiter.get(url).json()["at_time"]
