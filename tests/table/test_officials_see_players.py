"""What the officials' pages say of results the players stored: the boards' tiles and the
board's history name the player who entered, accepted or disputed, and never "?"."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.actions import results
from tournament.models import Entrant, Match

from .conftest import PlayerApi, key_for, players_event

pytestmark = pytest.mark.django_db


def tile_of(client, match):
    url = reverse("arbiter:states", args=[match.round.tournament.slug, match.round.number])
    boards = json.loads(client.get(url).content)["boards"]
    return next(b for b in boards if b["id"] == match.pk)


def history_rows(client, match):
    page = client.get(reverse("arbiter:history", args=[match.pk])).content.decode()
    return page, page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]


def test_an_accepted_board_names_both_players_and_no_confirmer(
        client, plain_director, accepting_event, board, side0, side1):
    side0.enter(board)
    side1.accept(board, 1)
    a, b = board.side0.name, board.side1.name
    client.force_login(plain_director)
    tile = tile_of(client, board)
    assert tile["label"] == "Confirmed"
    # The acceptance made it count: no official confirmed it, so none is named, nor "?".
    assert tile["who"] == f"entered by {a} (player), accepted by {b} (player)"
    boards_page = client.get(reverse("arbiter:boards", args=[accepting_event.slug]))
    assert f"entered by {a} (player), accepted by {b} (player)" in boards_page.content.decode()
    # Each name with its pairing number: two entrants may share a name.
    assert (f"{board.side0.number}. {a} – {board.side1.number}. {b}"
            in boards_page.content.decode())
    page, rows = history_rows(client, board)
    assert len(rows) == 2
    assert f"<td>{a} (player)</td>" in rows[0] and "Entered" in rows[0]
    assert f"<td>{b} (player)</td>" in rows[1] and "confirmed" in rows[1]
    assert "<td>?</td>" not in page
    assert f"Accepted by <strong>{b}</strong> (player)" in page
    assert "Confirmed by" not in page


def test_a_disputed_board_then_confirmed_by_an_official(
        client, plain_director, accepting_event, board, side0, side1):
    side0.enter(board)
    side1.dispute(board, 1, reason="Set 2 was 61-58 to us")
    a, b = board.side0.name, board.side1.name
    client.force_login(plain_director)
    assert tile_of(client, board)["who"] == f"entered by {a} (player), disputed by {b} (player)"
    page, rows = history_rows(client, board)
    assert f"<td>{b} (player)</td>" in rows[1] and "Disputed" in rows[1]
    assert "Set 2 was 61-58 to us" in rows[1]
    # The arbiter checks the sheet and confirms the entered score: all three named.
    results.confirm_result(board.pk, plain_director, version=2)
    assert tile_of(client, board)["who"] == (
        f"entered by {a} (player), disputed by {b} (player), confirmed by dir")
    page, rows = history_rows(client, board)
    assert len(rows) == 3 and "<td>dir</td>" in rows[2]
    assert "Confirmed by <strong>dir</strong>" in page and "Accepted by" not in page


def test_the_board_page_says_the_dispute_and_the_confirmation_in_order(
        client, plain_director, accepting_event, board, side0, side1):
    side0.enter(board)
    side1.dispute(board, 1, reason="Set 2 was 61-58 to us")
    results.confirm_result(board.pk, plain_director, version=2)
    a, b = board.side0.name, board.side1.name
    client.force_login(plain_director)
    page = client.get(reverse("arbiter:match", args=[board.pk])).content.decode()
    line = page.split('<p class="muted">Entered')[1].split("</p>")[0]
    assert line.startswith(f" by {a} (player) at ")
    assert f"; disputed by {b} (player); confirmed by dir at " in line
    # A result no account entered (the command line) names nobody, not "?".
    Match.objects.filter(pk=board.pk).update(entered_by_player=None, entered_by=None)
    page = client.get(reverse("arbiter:match", args=[board.pk])).content.decode()
    assert '<p class="muted">Entered at ' in page and "by ?" not in page


def test_accepted_then_confirmed_under_players_then_official(client, plain_director):
    t = players_event(plain_director, policy="players_then_official", name="Then Open")
    board = Match.objects.filter(round__tournament=t).exclude(side1=None).order_by(
        "board").select_related("side0", "side1", "round__tournament").first()
    PlayerApi(key_for(t, board.side1.number)).enter(board)
    PlayerApi(key_for(t, board.side0.number)).accept(board, 1)
    a, b = board.side0.name, board.side1.name
    client.force_login(plain_director)
    assert tile_of(client, board)["who"] == f"entered by {b} (player), accepted by {a} (player)"
    results.confirm_result(board.pk, plain_director, version=2)
    assert tile_of(client, board)["who"] == (
        f"entered by {b} (player), accepted by {a} (player), confirmed by dir")


def test_players_names_are_escaped_on_the_officials_pages(
        client, plain_director, board, side0, side1):
    Entrant.objects.filter(pk=board.side0_id).update(name="Ann <b>Lee</b>")
    side0.enter(board)
    side1.dispute(board, 1, reason="no")
    client.force_login(plain_director)
    page, rows = history_rows(client, board)
    assert "<td>Ann &lt;b&gt;Lee&lt;/b&gt; (player)</td>" in rows[0]
    assert "<b>Lee</b>" not in page
    boards_page = client.get(reverse("arbiter:boards", args=[board.round.tournament.slug]))
    assert "entered by Ann &lt;b&gt;Lee&lt;/b&gt; (player)" in boards_page.content.decode()


def test_the_history_costs_the_same_queries_however_many_players_versions(
        client, plain_director, board, side0, side1):
    client.force_login(plain_director)
    url = reverse("arbiter:history", args=[board.pk])

    def cost():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    side0.enter(board)
    once = cost()
    side1.dispute(board, 1)
    assert cost() == once
    side0.enter(board, version=2, record=None)
    assert cost() == once
