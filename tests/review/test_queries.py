"""Pages and forms cost a fixed number of queries, whatever the number of players."""

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournament.actions import entrants, events, rounds


def draft_round_one(director, players: int):
    """An event of `players` entrants, every tenth pair kept apart, round 1 a draft."""
    event = events.create_tournament(director, name=f"Open of {players}")
    entrants.import_entrants(event, director, "name,club,rating\n" + "\n".join(
        f"Player {i},Club {i % 5},{2000 - i}" for i in range(1, players + 1)))
    people = list(event.entrants.order_by("number"))
    for i in range(0, players // 2, 5):
        entrants.add_forbidden_pair(event, director, first=people[i], second=people[-1 - i])
    rounds.pair_round(event, director)
    return event, people


def post_queries(client, url, data):
    with CaptureQueriesContext(connection) as ctx:
        response = client.post(url, data)
    assert response.status_code == 302, response.content[:500]
    return len(ctx)


def hand_changes(players: int) -> tuple[int, int]:
    """Queries of a swap and of a board set by hand in a draft round of `players`."""
    director = User.objects.create_user(f"dora{players}")
    event, people = draft_round_one(director, players)
    client = Client()
    client.force_login(director)
    base = f"/manage/{event.slug}/rounds/1/"
    swap = post_queries(client, base + "swap/",
                        {"first": people[0].pk, "second": people[1].pk, "reason": "clubmates"})
    board = post_queries(client, base + "board/",
                         {"board": 1, "side0": people[2].pk, "side1": people[3].pk,
                          "reason": "a table by the door"})
    return swap, board


@pytest.mark.django_db
def test_changing_a_draft_by_hand_does_not_query_per_board():
    # The rules check once asked the database about forbidden pairs board by board: a
    # fixed number of queries means the same count for 20 players as for 60.
    small = hand_changes(20)
    big = hand_changes(60)
    assert small == big
    # The event lock, attendance and the colour check included; a redrawn board also deletes
    # its team-match boards and lineups (two cascades, whatever the event).
    assert max(big) <= 27
