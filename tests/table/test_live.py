"""A player's page follows the event (issue 33, point 18): /me/ carries the revision it
was drawn at and live.js polls /me/revision.json, the public pages' revision for the
player's own event; the page fetches itself again only when it changed."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.actions import rounds
from tournament.models import Match

from .conftest import PlayerApi, key_for
from .test_pages import phone, text

pytestmark = pytest.mark.django_db


def test_the_revision_follows_the_event(accepting_event, board, plain_director):
    mine = key_for(accepting_event, board.side0.number)
    c = phone(mine)
    page = text(c.get("/me/"))
    drawn = re.search(r'id="live-region" data-revision="(\d+)" '
                      r'data-revision-url="/me/revision.json"', page)
    assert drawn and "js/live.js" in page
    first = c.get("/me/revision.json")
    assert first.status_code == 200
    assert first.json()["revision"] == drawn.group(1)
    assert "no-store" in first["Cache-Control"]
    assert "X-Offline-Keep" not in first  # never kept on the phone, unlike the page

    for m in Match.objects.filter(round__number=1).exclude(side1=None):
        PlayerApi(mine if m == board else key_for(accepting_event, m.side0.number)).enter(m)
        PlayerApi(key_for(accepting_event, m.side1.number)).accept(m, 1)
    rounds.publish_round(rounds.pair_round(accepting_event, plain_director), plain_director)
    then = c.get("/me/revision.json").json()
    assert then["revision"] != drawn.group(1) and not then["finished"]
    assert f'data-revision="{then["revision"]}"' in text(c.get("/me/"))


def test_the_revision_needs_the_card_and_is_cheap(accepting_event, board):
    anonymous = phone()
    refused = anonymous.get("/me/revision.json")
    assert refused.status_code == 401 and "card" in refused.json()["error"]
    assert anonymous.post("/me/revision.json").status_code == 405
    c = phone(key_for(accepting_event, board.side1.number))
    with CaptureQueriesContext(connection) as queries:
        assert c.get("/me/revision.json").status_code == 200
    # the card, the event's rounds and its revision; the phone's tag (offline/user.py)
    assert len(queries) <= 4, [q["sql"] for q in queries]


def test_a_finished_event_stops_following(accepting_event, board):
    accepting_event.status = accepting_event.Status.FINISHED
    accepting_event.save(update_fields=["status"])
    c = phone(key_for(accepting_event, board.side0.number))
    page = text(c.get("/me/"))
    assert 'data-finished="1"' in page and "js/live.js" not in page


def test_a_check_in_at_the_desk_reaches_the_players_page(accepting_event, board, plain_director):
    """A check-in leaves the public pages' revision alone (no public page shows it), yet
    the player's own page shows it: its revision follows check-ins too."""
    from tournament.actions import checkin

    c = phone(key_for(accepting_event, board.side0.number))
    before = c.get("/me/revision.json").json()["revision"]
    public = c.get(f"/{accepting_event.slug}/revision.json").json()["revision"]
    checkin.set_checkin(accepting_event, plain_director, entrant=board.side0, round_number=2,
                        checked_in=True)
    assert c.get("/me/revision.json").json()["revision"] != before
    assert c.get(f"/{accepting_event.slug}/revision.json").json()["revision"] == public
