"""The players' pages: the card's code into a cookie, the board's form, accept and
dispute (on the same phone or their own), and the refusals, nothing stored."""

import re

import pytest
from django.test import Client

from tournament.actions import events, rounds
from tournament.models import AuditEntry, Match

from .conftest import key_for, score_record  # noqa: F401

pytestmark = pytest.mark.django_db


def phone(key=None, ip="10.9.0.1"):
    """A player's phone; with `key`, signed in as the card's QR would."""
    c = Client(REMOTE_ADDR=ip)
    if key:
        response = c.post("/me/", {"code": key})
        assert response.status_code == 302 and response["Location"] == "/me/"
    return c


def entry(version=0, sets=((61, 40), (61, 30))):
    data = {"action": "enter", "version": str(version), "outcome": "played"}
    for i, (a, b) in enumerate(sets, start=1):
        data[f"s{i}_a"], data[f"s{i}_b"] = str(a), str(b)
    return data


def text(response):
    return response.content.decode()


def test_code_becomes_a_cookie_and_the_page_is_private(accepting_event, board):
    key = key_for(accepting_event, board.side0.number)
    c = phone()
    first = c.get("/me/")
    assert first.status_code == 200 and 'id="code-form"' in text(first)
    assert "js/card_key.js" in text(first)  # the card's #key is posted by the script
    response = c.post("/me/", {"code": key.lower().replace("-", " ")})  # as typed by hand
    assert response.status_code == 302 and key not in response["Location"]
    cookie = response.cookies["player"]
    assert cookie["httponly"] and key not in cookie.value
    page = c.get("/me/")
    assert page.status_code == 200
    assert "no-store" in page["Cache-Control"] and "private" in page["Cache-Control"]
    assert page["Referrer-Policy"] == "same-origin"
    body = text(page)
    assert board.side0.name in body and board.side1.name in body
    assert f"board {board.board}" in body and "you start" in body


def test_wrong_code_is_a_clear_401(accepting_event):
    response = phone().post("/me/", {"code": "ABCD-EFGH-JKMN-PQRS"})
    assert response.status_code == 401 and "not a current player key" in text(response)
    assert "player" not in response.cookies


def test_renewed_key_signs_the_phone_out(accepting_event, board):
    key = key_for(accepting_event, board.side0.number)
    c = phone(key)
    key_for(accepting_event, board.side0.number)  # the director renews it
    assert 'id="code-form"' in text(c.get("/me/"))


def test_enter_then_accept_on_the_other_phone(accepting_event, board):
    a = phone(key_for(accepting_event, board.side0.number))
    b = phone(key_for(accepting_event, board.side1.number), ip="10.9.0.2")
    url = f"/me/board/{board.pk}/"
    form = a.get(url)
    assert 'name="s1_a"' in text(form)  # the arbiters' entry form
    stored = a.post(url, entry())
    assert stored.status_code == 302
    board.refresh_from_db()
    assert board.status == "entered" and board.entered_by_player.entrant_id == board.side0_id
    assert "Hand the phone to" in text(a.get(url))
    page = b.get(url)
    assert "Is this the result on your score sheet?" in text(page)
    assert b.post(url, {"action": "accept", "version": "1"}).status_code == 302
    board.refresh_from_db()
    assert board.status == "confirmed"
    receipt = text(b.get("/me/"))
    assert "counts" in receipt and "&quot;score&quot;: [" in receipt.replace("\n", "")


def test_accept_on_the_same_phone_with_the_opponents_code(accepting_event, board):
    a = phone(key_for(accepting_event, board.side0.number))
    other = key_for(accepting_event, board.side1.number)
    url = f"/me/board/{board.pk}/"
    a.post(url, entry())
    wrong = a.post(url, {"action": "accept", "version": "1", "code": "ABCD-EFGH-JKMN-PQRS"})
    assert wrong.status_code == 401
    assert Match.objects.get(pk=board.pk).status == "entered"
    own = a.post(url, {"action": "accept", "version": "1"})
    assert own.status_code == 403 and "other side accepts" in text(own)
    assert a.post(url, {"action": "accept", "version": "1", "code": other}).status_code == 302
    m = Match.objects.get(pk=board.pk)
    assert m.status == "confirmed" and m.answered_by_player.entrant_id == board.side1_id


def test_dispute_with_a_reason_then_arbiters_see_it_first(accepting_event, board, plain_director,
                                                          client):
    a = phone(key_for(accepting_event, board.side0.number))
    b = phone(key_for(accepting_event, board.side1.number), ip="10.9.0.2")
    url = f"/me/board/{board.pk}/"
    a.post(url, entry())
    empty = b.post(url, {"action": "dispute", "version": "1", "reason": " "})
    assert empty.status_code == 400 and "reason" in text(empty)
    assert b.post(url, {"action": "dispute", "version": "1",
                        "reason": "Set 2 was <b>61-50</b>"}).status_code == 302
    assert Match.objects.get(pk=board.pk).status == "disputed"
    client.force_login(plain_director)
    boards = text(client.get(f"/arbiter/{accepting_event.slug}/"))
    assert "Set 2 was &lt;b&gt;61-50&lt;/b&gt;" in boards  # escaped
    assert "(player)" in boards
    tiles = re.findall(r'data-id="(\d+)"', boards)
    assert tiles and tiles[0] == str(board.pk)  # the disputed board first
    entry_ = AuditEntry.objects.get(action="player_dispute_result")
    assert entry_.detail["address"] == "10.9.0.2"


def test_stale_version_409_on_the_page(accepting_event, board):
    a = phone(key_for(accepting_event, board.side0.number))
    b = phone(key_for(accepting_event, board.side1.number), ip="10.9.0.2")
    url = f"/me/board/{board.pk}/"
    a.post(url, entry())
    response = b.post(url, entry(version=0, sets=((40, 61), (30, 61))))
    assert response.status_code == 409 and "was changed since version 0" in text(response)
    assert Match.objects.get(pk=board.pk).winner_id == board.side0_id


def test_validator_errors_on_the_same_form(accepting_event, board):
    a = phone(key_for(accepting_event, board.side0.number))
    response = a.post(f"/me/board/{board.pk}/", entry(sets=((61, 40), (55, 30))))
    assert response.status_code == 422 and "Nothing was stored" in text(response)
    assert Match.objects.get(pk=board.pk).status == "pending"


def test_another_boards_key_and_policy_officials_refused(accepting_event, board, plain_director):
    other = Match.objects.filter(round=board.round).exclude(side1=None).exclude(
        pk=board.pk).first()
    c = phone(key_for(accepting_event, other.side0.number))
    response = c.post(f"/me/board/{board.pk}/", entry())
    assert response.status_code == 403
    assert (f"Your key is not for board {board.board} of round 1 of "
            f"{accepting_event.name}") in text(response)
    events.update_settings(accepting_event, plain_director, entry_policy="officials",
                           reason="back to paper")
    mine = c.post(f"/me/board/{other.pk}/", entry())
    assert mine.status_code == 403 and "arbiters enter" in text(mine)
    assert not Match.objects.filter(round=board.round).exclude(side1=None).exclude(
        status="pending").exists()


def test_a_key_for_another_event_is_told_which_event_the_board_is_in(accepting_event,
                                                                     board, plain_director):
    from .conftest import players_event

    other = players_event(plain_director, name="Leek Club Night")
    c = phone(key_for(other, 1))
    url = f"/me/board/{board.pk}/"
    said = (f"Board {board.board} of round 1 is in {accepting_event.name}, and your key is "
            f"for {other.name}")
    page = c.get(url)  # a card reads only its own boards: the page says why, and nothing else
    assert page.status_code == 403 and said in text(page)
    assert "Store the result" not in text(page) and 'id="code-form"' in text(page)
    response = c.post(url, entry())
    assert response.status_code == 403 and said in text(response)
    assert Match.objects.get(pk=board.pk).status == "pending"


def test_closed_round_refused(accepting_event, board, plain_director):
    c = phone(key_for(accepting_event, board.side0.number))
    rounds.close_round(board.round, plain_director, reason="time")
    response = c.post(f"/me/board/{board.pk}/", entry())
    assert response.status_code in (403, 409)
    assert "closed" in text(response) or "counts already" in text(response)


def test_the_slips_qr_opens_the_board_and_signs_in(accepting_event, board):
    c = phone()
    url = f"/me/board/{board.pk}/"
    assert 'id="code-form"' in text(c.get(url))
    response = c.post(url, {"action": "code", "code": key_for(accepting_event, board.side1.number)})
    assert response.status_code == 302 and response["Location"] == url
    assert "Enter the result" in text(c.get(url))


def test_wrong_codes_throttled_per_address_and_per_board(accepting_event, board, settings):
    settings.API_RATE_LIMITS = {"player_codes_per_address": "3/10m",
                                "player_codes_per_board": "2/10m"}
    url = f"/me/board/{board.pk}/"
    guesser = phone(ip="10.9.9.9")
    codes = [guesser.post(url, {"action": "code", "code": f"ABCD-EFGH-JKMN-PQR{i}"})
             .status_code for i in range(4)]
    assert codes[:2] == [401, 401] and codes[2] == 429
    assert int(guesser.post(url, {"action": "code", "code": "X"})["Retry-After"]) > 0
    # Another address's wrong code at that board is throttled too; a right one works.
    other = phone(ip="10.9.9.8")
    assert other.post(url, {"action": "code", "code": "ABCD-EFGH-JKMN-PQRZ"}
                      ).status_code == 429
    code = key_for(accepting_event, board.side0.number)
    right = other.post(url, {"action": "code", "code": code})
    assert right.status_code == 302


def test_an_official_scanning_the_slip_goes_to_the_arbiters_page(board, plain_director, client):
    client.force_login(plain_director)
    response = client.get(f"/me/board/{board.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/arbiter/match/{board.pk}/"


def test_the_players_page_costs_the_same_queries_after_more_rounds(accepting_event, board,
                                                                   plain_director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.table.conftest import PlayerApi

    def play_round(number):
        for m in Match.objects.filter(round__number=number).exclude(side1=None):
            PlayerApi(key_for(accepting_event, m.side0.number)).enter(m)
            PlayerApi(key_for(accepting_event, m.side1.number)).accept(m, 1)

    def cost(c):
        with CaptureQueriesContext(connection) as queries:
            assert c.get("/me/").status_code == 200
        return len(queries)

    play_round(1)
    c = phone(key_for(accepting_event, board.side0.number))
    api = PlayerApi(key_for(accepting_event, board.side0.number))
    once = cost(c)
    with CaptureQueriesContext(connection) as api_once:
        api.get("/api/v1/me/")
    rounds.publish_round(rounds.pair_round(accepting_event, plain_director), plain_director)
    play_round(2)
    c = phone(key_for(accepting_event, board.side0.number))
    api = PlayerApi(key_for(accepting_event, board.side0.number))
    assert cost(c) == once
    with CaptureQueriesContext(connection) as api_twice:
        api.get("/api/v1/me/")
    assert len(api_twice) == len(api_once)


def test_a_pairs_board_entered_by_one_member_accepted_by_a_member_opposite(plain_director):
    from tournament.actions import entrants

    t = events.create_tournament(plain_director, name="Pairs Night", ruleset="bndcc",
                                 entrants_kind="pairs", entry_policy="players_accept")
    entrants.import_entrants(t, plain_director, "name,member1,member2\n" + "\n".join(
        f"Pair {i},Ann {i},Bob {i}" for i in range(4)))
    rounds.publish_round(rounds.pair_round(t, plain_director), plain_director)
    board = Match.objects.filter(round__tournament=t).select_related("side0", "side1").first()
    bob = phone(key_for(t, board.side0.number, member=2))
    url = f"/me/board/{board.pk}/"
    assert 'name="seat0"' in text(bob.get(url))  # the pairs form: who sat where
    stored = bob.post(url, {"action": "enter", "version": "0", "outcome": "played",
                            "seat0": "0", "seat1": "0", "s1_starter": "0", "s1_a": "61",
                            "s1_b": "3", "s2_starter": "1", "s2_a": "61", "s2_b": "4"})
    assert stored.status_code == 302, text(stored)[:2000]
    partner = phone(key_for(t, board.side0.number, member=1), ip="10.9.0.3")
    assert partner.post(url, {"action": "accept", "version": "1"}).status_code == 403
    ann = phone(key_for(t, board.side1.number, member=1), ip="10.9.0.4")
    assert ann.post(url, {"action": "accept", "version": "1"}).status_code == 302
    board.refresh_from_db()
    assert board.status == "confirmed" and board.answered_by_player.member == 1
    assert AuditEntry.objects.get(action="player_enter_result").detail["member"] == 2


def test_the_audit_log_names_the_player_and_the_address(accepting_event, board, plain_director,
                                                        client):
    a = phone(key_for(accepting_event, board.side0.number), ip="10.9.7.7")
    a.post(f"/me/board/{board.pk}/", entry())
    client.force_login(plain_director)
    log = text(client.get(f"/manage/{accepting_event.slug}/audit/"))
    assert f"{board.side0.name} (player {board.side0.number}) from 10.9.7.7" in log
