"""The team match: its boards made with it, its result its boards' (competitions.md,
"Teams")."""

import pytest

from tournament.actions import results
from tournament.actions.base import ActionError
from tournament.models import Match

from .conftest import board_record, lineup_all, play_card


def team_matches(t, number=1):
    return list(Match.objects.pairings().filter(round__tournament=t, round__number=number)
                .select_related("side0", "side1").order_by("board"))


def test_each_team_match_has_its_boards_in_the_format(league):
    tms = team_matches(league)
    assert len(tms) == 3  # six teams: 1-6, 2-5, 3-4 (Berger)
    for tm in tms:
        boards = list(tm.boards.order_by("board"))
        assert [b.board for b in boards] == [1, 2, 3]
        assert all((b.side0_id, b.side1_id, b.round_id) == (tm.side0_id, tm.side1_id,
                                                            tm.round_id) for b in boards)
        assert [b.match_format for b in boards] == [
            {"target": 61, "sets_to_win": 1}, {"target": 61, "sets_to_win": 1},
            {"target": 121, "sets_to_win": 1}]
        assert [b.seats_in(league) for b in boards] == [2, 2, 4]


def test_the_team_match_follows_its_boards(league, plain_director):
    tm = team_matches(league)[0]
    lineup_all(tm, plain_director)
    play_card(tm, plain_director, winners=(0, 1, 0))
    tm.refresh_from_db()
    assert tm.status == Match.Status.CONFIRMED  # no confirmation asked: entered counts
    assert tm.outcome == Match.Outcome.PLAYED
    assert tm.winner_id == tm.side0_id
    assert tm.record == {"boards": [2, 1]}


def test_a_team_match_result_is_not_entered_directly(league, plain_director):
    tm = team_matches(league)[0]
    with pytest.raises(ActionError, match="team match"):
        results.submit_result(tm.pk, plain_director, version=tm.version,
                              record=board_record(tm.boards.first(), 0))


def standings_json(t, *args):
    import io
    import json

    from django.core.management import call_command

    out = io.StringIO()
    call_command("standings", t.slug, "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def test_league_table_follows_the_cards_and_a_correction(league, plain_director):
    tms = team_matches(league)
    for tm, winners in zip(tms, [(0, 0, 0), (0, 1, 1), (1, 1, 0)], strict=True):
        lineup_all(tm, plain_director)
        play_card(tm, plain_director, winners)
    rows = standings_json(league)
    by_name = {r["name"]: r for r in rows}
    home = [tm.side0.name for tm in tms]
    # 2 for the match, 1 a board won (the default preset)
    assert {k: by_name[home[0]][k] for k in ("played", "won", "drawn", "lost", "boards_for",
                                             "boards_against", "points")} == {
        "played": 1, "won": 1, "drawn": 0, "lost": 0, "boards_for": 3, "boards_against": 0,
        "points": 5}
    assert rows[0]["name"] == home[0]
    # A board corrected by a director: the team match and the table follow.
    board = Match.objects.get(team_match=tms[0], board=1)
    board = Match.objects.select_related("round__tournament").get(pk=board.pk)
    results.submit_result(board.pk, plain_director, version=board.version,
                          record=board_record(board, 1), reason="score sheet misread")
    tms[0].refresh_from_db()
    assert tms[0].record == {"boards": [2, 1]}
    after = {r["name"]: r for r in standings_json(league)}
    assert (after[home[0]]["boards_for"], after[home[0]]["points"]) == (2, 4)
    away = tms[0].side1.name
    assert (after[away]["boards_for"], after[away]["points"]) == (1, 1)
