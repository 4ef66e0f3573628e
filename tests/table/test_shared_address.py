"""One venue, one address: the innocent behind it are never refused for others' failures
(issue #33, point 4). Run with the production limits (settings.API_RATE_LIMITS_DEFAULT)."""

import json

import pytest
from django.test import Client

from tournament.models import Match

from .conftest import PlayerApi, key_for, score_record, token_for

pytestmark = pytest.mark.django_db

VENUE = "10.33.0.1"


@pytest.fixture(autouse=True)
def production_limits(settings):
    settings.API_RATE_LIMITS = dict(settings.API_RATE_LIMITS_DEFAULT)


def at_venue(key=None, scheme="Player"):
    api = PlayerApi(key, scheme)
    api.client = Client(REMOTE_ADDR=VENUE)
    return api


def boards(event):
    return list(Match.objects.filter(round__tournament=event).exclude(side1=None)
                .order_by("board").select_related("side0", "side1"))


def test_junk_player_keys_on_get_are_refused_and_an_arbiters_write_still_works(
        accepting_event, board, plain_director):
    junk = at_venue()
    seen = []
    for i in range(200):  # each its own prefix: only the address's count of player keys
        junk.key = f"{i:04d}-0000-0000-0000"
        seen.append(junk.get("/api/v1/me/").status_code)
    assert seen[:30] == [401] * 30 and set(seen[30:]) == {429}  # counted, then refused
    # The venue's arbiter, from the same address: the token is right, so it is never 429.
    arbiter = at_venue(token_for("dir", accepting_event.slug), scheme="Token")
    stored = arbiter.enter(board)
    assert stored.status_code == 200, stored.content
    # And a player's right key, there too, reads and writes.
    other = boards(accepting_event)[1]
    player = at_venue(key_for(accepting_event, other.side0.number))
    assert player.get("/api/v1/me/").status_code == 200
    assert player.enter(other).status_code == 200


def test_wrong_tokens_do_not_stop_a_players_key_nor_a_right_token(accepting_event, board):
    guesser = at_venue(scheme="Token")
    confirm = f"/api/v1/matches/{board.pk}/confirm/"
    for i in range(40):
        guesser.key = f"{i:040x}"
        guesser.send("post", confirm, {"version": 1})
    assert guesser.send("post", confirm, {"version": 1}).status_code == 429
    assert at_venue(key_for(accepting_event, board.side0.number)).enter(board).status_code == 200
    arbiter = at_venue(token_for("dir", accepting_event.slug), scheme="Token")
    assert arbiter.send("post", confirm, {"version": 1}).status_code == 200


def test_a_right_code_at_one_board_after_30_wrong_codes_at_another(accepting_event):
    a, b = boards(accepting_event)[:2]
    phone = Client(REMOTE_ADDR=VENUE)
    wrong = [phone.post(f"/me/board/{a.pk}/", {"action": "code",
                                               "code": f"{i:04d}-ABCD-EFGH-JKMN"})
             for i in range(31)]
    assert {r.status_code for r in wrong[:10]} == {401}
    assert wrong[-1].status_code == 429 and int(wrong[-1]["Retry-After"]) > 0
    # The guessing limit of board A stays; a right code, at B or at A, signs in.
    right = Client(REMOTE_ADDR=VENUE).post(f"/me/board/{b.pk}/", {
        "action": "code", "code": key_for(accepting_event, b.side1.number)})
    assert right.status_code == 302 and right["Location"] == f"/me/board/{b.pk}/"
    at_a = Client(REMOTE_ADDR=VENUE).post(f"/me/board/{a.pk}/", {
        "action": "code", "code": key_for(accepting_event, a.side0.number)})
    assert at_a.status_code == 302
    home = Client(REMOTE_ADDR=VENUE).post("/me/", {
        "code": key_for(accepting_event, b.side0.number)})
    assert home.status_code == 302 and home["Location"] == "/me/"


def test_a_wrong_key_at_a_board_is_refused_over_the_boards_limit_from_anywhere(
        accepting_event, board):
    seen = []
    for i in range(11):  # ten addresses, ten prefixes: only the board's count
        c = Client(REMOTE_ADDR=f"10.33.1.{i}")
        seen.append(c.post(f"/api/v1/matches/{board.pk}/accept/", json.dumps({"version": 0}),
                           content_type="application/json",
                           headers={"Authorization": f"Player {i:04d}-ABCD-EFGH-JKMN"}))
    assert [r.status_code for r in seen] == [401] * 10 + [429]
    assert "at this board" in seen[-1].json()["detail"]
    side0 = PlayerApi(key_for(accepting_event, board.side0.number))
    assert side0.enter(board, record=score_record([61, 10], [61, 20])).status_code == 200
