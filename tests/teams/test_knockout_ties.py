"""A knock-out's team match level on boards (docs/leagues.md, "A drawn team match in a
knock-out"): decided by sets won, then points, then the director names the winner; the
bracket waits for it and goes on. Swiss and round robin draws stay draws."""

import io
import json

import pytest
from django.core.management import call_command

from tournament.actions import ActionError, rounds, stages, team_matches
from tournament.models import AuditEntry, Match
from tournament.public.data import match_result
from tournament.reads import history
from tournament.rules.team_rules import knockout_decider

from .test_team_swiss import line_up, mso_teams


def test_the_decider_goes_boards_then_sets_then_points_then_the_director():
    assert knockout_decider((2, 1), (4, 5), (300, 400)) == (0, "boards")
    assert knockout_decider((1, 1), (3, 2), (200, 300)) == (0, "sets")
    assert knockout_decider((1, 1), (2, 2), (200, 210)) == (1, "points")
    assert knockout_decider((1, 1), (2, 2), (200, 200)) == (None, None)
    assert knockout_decider((1, 1), (2, 2), (200, 200), named=1) == (1, "director")
    # A name counts only when everything else is level.
    assert knockout_decider((1, 1), (3, 2), (200, 200), named=1) == (0, "sets")


def record(board, sets):
    t = board.round.tournament
    return {"format": "fives-and-threes-match/1", "ruleset": t.ruleset,
            "seats": board.seats_in(t), "match": board.match_format,
            "sets": [{"score": list(s)} for s in sets]}


def enter(tm, director, per_board):
    from tournament.actions import results

    for b, sets in zip(tm.boards.order_by("board"), per_board, strict=True):
        b = Match.objects.select_related("round__tournament").get(pk=b.pk)
        results.submit_result(b.pk, director, version=b.version, record=record(b, sets))
    return Match.objects.get(pk=tm.pk)


HOME_2_0 = [(61, 40), (61, 40)]
AWAY_2_0 = [(40, 61), (40, 61)]
AWAY_2_1 = [(40, 61), (61, 50), (50, 61)]
AWAY_2_0_HIGH = [(55, 61), (55, 61)]


@pytest.fixture
def team_cup(db, plain_director):
    t = mso_teams(plain_director, name="Teams Cup")
    stages.change_stage(t.stages.get(), plain_director, kind="knockout", seeding="entry")
    t.refresh_from_db()
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    matches = list(Match.objects.pairings().filter(round=r1).order_by("board"))
    for tm in matches:
        line_up(tm, plain_director)
    return t, matches


def bracket_doc(t):
    out = io.StringIO()
    call_command("bracket", t.slug, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_level_on_boards_goes_to_sets_then_points(team_cup, plain_director):
    t, (first, second) = team_cup
    first = enter(first, plain_director, [HOME_2_0, AWAY_2_1])
    assert first.record == {"boards": [1, 1], "sets": [3, 2], "points": [273, 252],
                            "decided_by": "sets"}
    assert (first.status, first.winner_id) == ("confirmed", first.side0_id)
    second = enter(second, plain_director, [HOME_2_0, AWAY_2_0_HIGH])
    assert second.record["decided_by"] == "points"
    assert second.record["points"] == [232, 202]
    assert second.winner_id == second.side0_id
    text = match_result(t, Match.objects.prefetch_related("sets").get(pk=second.pk))["text"]
    assert text == (f"1–1 on boards; {second.side0.name} win on points scored, 232–202 "
                    "(sets level)")
    final = Match.objects.pairings().get(round=rounds.pair_round(t, plain_director))
    assert {final.side0_id, final.side1_id} == {first.side0_id, second.side0_id}
    doc = bracket_doc(t)
    assert [m.get("decided_by") for m in doc["rounds"][0]["matches"]] == ["sets", "points"]
    out = io.StringIO()
    call_command("bracket", t.slug, stdout=out)
    assert "wins on sets won (boards level)" in out.getvalue()
    assert "wins on points scored (boards and sets level)" in out.getvalue()


def test_level_on_everything_waits_for_the_director_then_the_bracket_goes_on(
        team_cup, plain_director):
    t, (first, second) = team_cup
    enter(first, plain_director, [HOME_2_0, AWAY_2_1])
    second = enter(second, plain_director, [HOME_2_0, AWAY_2_0])
    assert second.record == {"boards": [1, 1], "sets": [2, 2], "points": [202, 202],
                             "decided_by": None}
    # Not counted: no walkover, no round 2, the round stays open.
    assert (second.status, second.winner_id) == ("accepted", None)
    assert "director names the winner" in match_result(t, second)["text"]
    with pytest.raises(ActionError, match="board 2 .* still open|still open: board 2"):
        rounds.pair_round(t, plain_director)
    with pytest.raises(ActionError, match="reason"):
        team_matches.name_team_winner(second.pk, plain_director, side=1, reason=" ")
    with pytest.raises(ActionError, match="sets won"):
        team_matches.name_team_winner(first.pk, plain_director, side=1, reason="toss")
    second = team_matches.name_team_winner(second.pk, plain_director, side=1,
                                           reason="won the play-off board")
    assert (second.status, second.winner_id) == ("confirmed", second.side1_id)
    assert second.record["named_winner"] == 1 and second.record["decided_by"] == "director"
    row = AuditEntry.objects.get(action="name_team_winner")
    assert row.reason == "won the play-off board" and row.detail["side"] == 1
    final = Match.objects.pairings().get(round=rounds.pair_round(t, plain_director))
    assert second.side1_id in {final.side0_id, final.side1_id}
    assert bracket_doc(t)["rounds"][0]["matches"][1]["decided_by"] == "director"
    # A correction that breaks the tie drops the name: the boards decide again.
    from tournament.actions import results

    b = second.boards.order_by("board").last()
    results.submit_result(b.pk, plain_director, version=b.version,
                          record=record(b, AWAY_2_0_HIGH), reason="sheet misread")
    second.refresh_from_db()
    assert second.record["decided_by"] == "points" and "named_winner" not in second.record
    assert second.winner_id == second.side0_id


def test_a_swiss_draw_stays_a_draw_and_is_not_named(db, plain_director):
    t = mso_teams(plain_director)
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    tm = Match.objects.pairings().filter(round=r1).first()
    line_up(tm, plain_director)
    tm = enter(tm, plain_director, [HOME_2_0, AWAY_2_1])
    assert tm.record == {"boards": [1, 1]}
    assert (tm.status, tm.winner_id) == ("confirmed", None)
    with pytest.raises(ActionError, match="Swiss or a round robin"):
        team_matches.name_team_winner(tm.pk, plain_director, side=0, reason="toss")


def test_the_director_names_the_winner_on_the_team_match_page(team_cup, plain_director, client):
    t, (first, second) = team_cup
    second = enter(second, plain_director, [HOME_2_0, AWAY_2_0])
    client.force_login(plain_director)
    url = f"/manage/{t.slug}/league/{second.pk}/"
    page = client.get(url).content.decode()
    assert "Name the winner" in page and "still level" in page
    bad = client.post(url + "winner/", {"side": "0", "reason": ""})
    assert bad.status_code == 400
    done = client.post(url + "winner/", {"side": "0", "reason": "toss of a coin"})
    assert done.status_code == 302
    second.refresh_from_db()
    assert second.winner_id == second.side0_id
    assert history.bracket_json(t.stages.get())["rounds"][0]["matches"][1]["winner"] == \
        second.side0.number


def test_a_stranger_does_not_name_the_winner(team_cup, plain_director, client,
                                             django_user_model):
    t, (first, second) = team_cup
    second = enter(second, plain_director, [HOME_2_0, AWAY_2_0])
    other = django_user_model.objects.create_user("nobody", password="x")
    with pytest.raises(ActionError):
        team_matches.name_team_winner(second.pk, other, side=0, reason="mine")
    client.force_login(other)
    answer = client.post(f"/manage/{t.slug}/league/{second.pk}/winner/",
                         {"side": "0", "reason": "mine"})
    assert answer.status_code in (403, 404)
    second.refresh_from_db()
    assert second.winner_id is None


def test_the_api_bracket_says_why_as_the_command_does(team_cup, plain_director):
    from django.test import Client

    t, (first, second) = team_cup
    enter(first, plain_director, [HOME_2_0, AWAY_2_1])
    enter(second, plain_director, [HOME_2_0, [(61, 40), (61, 40)]])
    doc = Client().get(f"/api/v1/tournaments/{t.slug}/stages/1/bracket/").json()
    assert doc == bracket_doc(t)
    assert doc["rounds"][0]["matches"][0]["decided_by"] == "sets"
    assert "decided_by" not in doc["rounds"][0]["matches"][1]  # won on boards
