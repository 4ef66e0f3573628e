"""A match night on the captains' phones: the lineup from the roster (hidden from the other
side until both are in), the card entered board by board on the boards' own entry page,
accepted or disputed whole by the away captain; every identity: a captain, the other
team's captain, a member, a member of a team not playing, an arbiter, a hidden event."""

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import AuditEntry, Match, TeamLineup

from .conftest import key_of, play_night

pytestmark = pytest.mark.django_db

LINEUP = {"action": "lineup", "b1_0": "0", "b2_0": "1", "b3_0": "2"}


def enter_board(phone, board, a=(61, 61), b=(40, 30), key="e"):
    return phone.post(f"/me/board/{board.pk}/?card=1", {
        "action": "enter", "version": str(board.version), "idempotency_key": f"{key}-{board.pk}",
        "outcome": "played", "s1_a": str(a[0]), "s1_b": str(b[0]), "s2_a": str(a[1]),
        "s2_b": str(b[1])})


def test_the_lineup_is_hidden_from_the_other_side_until_both_are_in(first_match, phone_of):
    home, away = phone_of(first_match.side0, 1), phone_of(first_match.side1, 1)
    r = home.post("/me/team/", {**LINEUP, "idempotency_key": "h-1", "b3_0": "3"})
    assert r.status_code == 302
    mine = home.get("/me/team/").content.decode()
    assert "Your lineup is in" in mine and "not in yet" in mine
    theirs = away.get("/me/team/").content.decode()
    assert first_match.side0.members[3]["name"] not in theirs
    assert "Send the lineup" in theirs
    away.post("/me/team/", {**LINEUP, "idempotency_key": "a-1"})
    theirs = away.get("/me/team/").content.decode()
    assert first_match.side0.members[3]["name"] in theirs  # home's board 3, now shown
    assert "Both lineups are in" in theirs


@pytest.mark.parametrize(("posted", "words"), [
    ({"b2_0": "0"}, "already plays singles board 1"),
    ({"b3_0": ""}, "board 3 (singles) is left empty"),
    ({"b3_0": "9"}, "member 10 is not on the team&#x27;s roster of 4"),
])
def test_bad_lineups_are_named_and_nothing_is_stored(first_match, phone_of, posted, words):
    home = phone_of(first_match.side0, 1)
    r = home.post("/me/team/", {**LINEUP, **posted, "idempotency_key": "bad"})
    assert r.status_code == 400
    assert words in r.content.decode() and "Nothing was stored" in r.content.decode()
    assert not TeamLineup.objects.exists()


def test_only_the_captain_names_the_lineup(first_match, phone_of):
    member = phone_of(first_match.side0, 0)
    page = member.get("/me/team/").content.decode()
    assert "Your captain names the lineup" in page and "Send the lineup" not in page
    r = member.post("/me/team/", {**LINEUP, "idempotency_key": "m-1"})
    assert r.status_code == 403 and "captain names its lineup" in r.content.decode()
    assert not TeamLineup.objects.exists()


def test_a_resent_lineup_is_stored_once(first_match, phone_of):
    home = phone_of(first_match.side0, 1)
    for _ in range(2):
        assert home.post("/me/team/", {**LINEUP, "idempotency_key": "same"}).status_code == 302
    assert AuditEntry.objects.filter(action="set_lineup").count() == 1


def test_the_home_captain_enters_the_card_and_the_away_captain_accepts_it(
        division, first_match, phone_of):
    home, away = phone_of(first_match.side0, 1), phone_of(first_match.side1, 1)
    home.post("/me/team/", {**LINEUP, "idempotency_key": "h"})
    away.post("/me/team/", {**LINEUP, "idempotency_key": "a"})
    boards = list(first_match.boards.order_by("board"))
    card = home.get("/me/team/").content.decode()
    assert card.count("?card=1") == 3 and "0 of 3 boards entered" in card
    # The away captain enters nothing: the home captain (or a board's player) does.
    refused = enter_board(away, boards[0], key="away")
    assert refused.status_code == 403 and "away captain" in refused.content.decode()
    for b in boards:
        r = enter_board(home, b)
        assert r.status_code == 302 and r["Location"] == f"/me/team/{first_match.pk}/"
    # A captain cannot accept the card their side entered.
    first_match.refresh_from_db()
    own = home.post("/me/team/", {"action": "accept", "version": str(first_match.version),
                                  "idempotency_key": "own"})
    assert own.status_code == 403 and "other captain" in own.content.decode()
    page = away.get("/me/team/").content.decode()
    assert "Accept the card" in page and "3 of 3 boards entered" in page
    stale = away.post("/me/team/", {"action": "accept", "version": "0",
                                    "idempotency_key": "stale"})
    assert stale.status_code == 409 and "changed since" in stale.content.decode()
    r = away.post("/me/team/", {"action": "accept", "version": str(first_match.version),
                                "idempotency_key": "ok"})
    assert r.status_code == 302
    assert set(first_match.boards.values_list("status", flat=True)) == {"confirmed"}
    first_match.refresh_from_db()
    assert first_match.status == Match.Status.CONFIRMED


def test_the_away_captain_disputes_the_card_with_a_reason(first_match, phone_of):
    play_night(first_match, accept=False)
    away = phone_of(first_match.side1, 1)
    first_match.refresh_from_db()
    empty = away.post("/me/team/", {"action": "dispute", "reason": " ",
                                    "version": str(first_match.version),
                                    "idempotency_key": "d-0"})
    assert empty.status_code == 400
    r = away.post("/me/team/", {"action": "dispute", "reason": "board 2 was 61-58 to us",
                                "version": str(first_match.version), "idempotency_key": "d"})
    assert r.status_code == 302
    assert set(first_match.boards.values_list("status", flat=True)) == {"disputed"}


def test_a_player_enters_their_own_board(first_match, phone_of):
    play = phone_of(first_match.side1, 2)  # away member 2: board 3 in play_night's lineup
    from tournament.actions import lineups

    lineups.set_lineup(first_match.pk, key_of(first_match.side0, 1), lineup=[[0], [1], [2]])
    lineups.set_lineup(first_match.pk, key_of(first_match.side1, 1), lineup=[[0], [1], [2]])
    boards = list(first_match.boards.order_by("board"))
    page = play.get("/me/team/").content.decode()
    assert 'class="mine"' in page
    assert enter_board(play, boards[2]).status_code == 302
    assert enter_board(play, boards[0], key="x").status_code == 403  # not theirs


def test_a_team_not_playing_it_and_other_events_see_no_card(division, first_match,
                                                            phone_of, director):
    other = next(t for t in division.entrants.all()
                 if t.pk not in (first_match.side0_id, first_match.side1_id))
    phone = phone_of(other, 1)
    assert phone.get(f"/me/team/{first_match.pk}/").status_code == 404
    r = phone.post(f"/me/team/{first_match.pk}/", {**LINEUP, "idempotency_key": "o"})
    assert r.status_code == 404 and not TeamLineup.objects.exists()
    assert Client().get("/me/team/").status_code == 200  # the code form: no card held
    assert "code" in Client().get("/me/team/").content.decode()


def test_a_singles_card_has_no_team_page(director):
    from tournament.actions import entrants, events, player_keys

    event = events.create_tournament(director, name="Spring Open")
    entrants.add_entrant(event, director, name="Ann Lee")
    key = player_keys.issue_key(event, None, number=1)
    phone = Client()
    phone.post("/me/", {"code": key})
    assert phone.get("/me/team/").status_code == 404


def test_the_players_page_links_the_match_night(first_match, phone_of):
    page = phone_of(first_match.side0, 0).get("/me/").content.decode()
    assert reverse("players:team") in page
