"""The API for team events: the tournament read carries the entrants' kind, team_match
and team_points; a round's team match lists its boards, each a match with its own id,
entered and accepted through the match endpoints; standings rows for teams."""

import json

import pytest
from django.test import Client

from tournament.models import Match

from .conftest import board_record, lineup_all, play_card


@pytest.fixture
def api():
    return Client()


def test_the_tournament_read_carries_the_team_format(league, api):
    doc = api.get(f"/api/v1/tournaments/{league.slug}/").json()
    assert doc["entrants"] == "teams"
    assert doc["team_match"] == league.team_match
    assert doc["team_points"]["per_board"] == 1
    team = doc["players"][0]
    assert team["captain"] == 0 and len(team["members"]) == 6 and team["venue"]
    assert [r["boards"] for r in doc["rounds"]] == [3]  # team matches, not their boards


def test_a_round_lists_each_team_match_with_its_boards(league, api, plain_director):
    tm = Match.objects.pairings().filter(round__tournament=league).order_by("board").first()
    lineup_all(tm, plain_director)
    play_card(tm, plain_director, (0, 1, 1))
    rows = api.get(f"/api/v1/tournaments/{league.slug}/rounds/1/").json()
    assert len(rows) == 3
    first = rows[0]
    assert first["id"] == tm.pk and first["team_score"] == [1, 2]
    assert first["result"]["winner"] == tm.side1.number
    assert [b["board"] for b in first["boards"]] == [1, 2, 3]
    assert [b["kind"] for b in first["boards"]] == ["singles", "singles", "pairs"]
    assert first["boards"][2]["lineup"] == [[2, 3], [2, 3]]
    board_ids = {b["id"] for b in first["boards"]}
    assert board_ids == set(tm.boards.values_list("pk", flat=True))
    one = api.get(f"/api/v1/matches/{first['boards'][0]['id']}/").json()
    assert one["team_match"] == tm.pk and one["kind"] == "singles"
    assert one["record"]["seats"] == 2


def test_a_board_is_entered_through_the_match_endpoint(league, plain_director):
    from tests.api.conftest import token_for

    tm = Match.objects.pairings().filter(round__tournament=league).order_by("board").first()
    lineup_all(tm, plain_director)
    board = Match.objects.select_related("round__tournament").get(team_match=tm, board=3)
    token = token_for(plain_director.username, league.slug)
    client = Client()
    answer = client.put(f"/api/v1/matches/{board.pk}/result/",
                        json.dumps({"version": board.version,
                                    "record": board_record(board, 1)}),
                        content_type="application/json",
                        headers={"Authorization": f"Token {token}"})
    assert answer.status_code == 200, answer.content
    tm.refresh_from_db()
    assert tm.record == {"boards": [0, 1]}
    refused = client.put(f"/api/v1/matches/{tm.pk}/result/",
                         json.dumps({"version": tm.version, "record": board_record(board, 1)}),
                         content_type="application/json",
                         headers={"Authorization": f"Token {token}"})
    assert refused.status_code == 409
    assert "team match" in refused.json()["detail"]


def test_standings_rows_for_teams(league, api, plain_director):
    tm = Match.objects.pairings().filter(round__tournament=league).order_by("board").first()
    lineup_all(tm, plain_director)
    play_card(tm, plain_director, (0, 0, 1))
    rows = api.get(f"/api/v1/tournaments/{league.slug}/standings/").json()
    top = rows[0]
    assert top["player"] == tm.side0.number
    assert {k: top[k] for k in ("played", "won", "drawn", "lost", "boards_for",
                                "boards_against", "points")} == {
        "played": 1, "won": 1, "drawn": 0, "lost": 0, "boards_for": 2, "boards_against": 1,
        "points": 4}
