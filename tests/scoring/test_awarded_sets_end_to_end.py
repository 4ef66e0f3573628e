"""Awarded sets (bndcc's held_after_knock) through storage, standings, pages, API and the
archive: the set counts for the side it was awarded to, though that side has fewer points
in it; the spread stays points for minus against."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from tournament import standings
from tournament.actions import events, results
from tournament.actions.archive import import_tournament
from tournament.interchange.archive import export_tournament
from tournament.models import Entrant, Match, Official, Round, SetResult
from tournament.reads import history

# Side 0 wins set 1 at the board and set 2 by the award, behind 23 to 40: 2-0 in sets,
# 84-88 in points.
AWARDED = {"format": "fives-and-threes-match/1", "ruleset": "bndcc",
           "players": ["Ann Lee", "Bo Park"], "first_set_starter": 0,
           "sets": [{"starter": 0, "score": [61, 48]},
                    {"starter": 1, "score": [23, 40], "awarded_to": 0}],
           "result": {"winner": 0, "sets_won": [2, 0]}}


@pytest.fixture(autouse=True)
def _clear_awarded_sets_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def played(db):
    """A bndcc event, no confirmation asked: round 1 Ann beat Bo on an awarded set, Cy bye."""
    director = User.objects.create(username="dir")
    t = events.create_tournament(director, name="Crewe Pairs Cup", ruleset="bndcc",
                                 require_confirmation=False,
                                 tiebreaks=["set_difference", "game_points_difference"])
    ann = Entrant.objects.create(tournament=t, number=1, name="Ann Lee")
    bo = Entrant.objects.create(tournament=t, number=2, name="Bo Park")
    cy = Entrant.objects.create(tournament=t, number=3, name="Cy Hale")
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    board = Match.objects.create(round=r1, board=1, side0=ann, side1=bo)
    Match.objects.create(round=r1, board=2, side0=cy, outcome="bye", winner=cy,
                         status="confirmed")
    Official.objects.get_or_create(tournament=t, user=director,
                                   defaults={"role": Official.Role.DIRECTOR})
    results.submit_result(board.pk, director, version=0, record=AWARDED)
    board.refresh_from_db()
    return t, board


def test_the_award_is_stored_with_its_set(played):
    _, board = played
    assert list(board.sets.values_list("score0", "score1", "awarded_to")) == [
        (61, 48, None), (23, 40, 0)]
    assert [s.winner_side for s in board.sets.all()] == [0, 0]
    assert [str(s) for s in board.sets.all()] == ["61–48", "23–40 awarded"]
    assert results.describe(board) == "Ann Lee wins (61–48, 23–40 awarded)"


def test_standings_count_the_awarded_set_for_its_winner(played):
    t, _ = played
    _, matches, _ = history.standings_input(t)
    assert [m for m in matches if m.kind == "played"] == [standings.BoardResult(
        1, (1, 2), "played", winner=1, sets=((61, 48), (23, 40)), awarded_to=(None, 0))]
    rows = {row.player: row for row in history.compute(t).rows}
    # 2 sets won, none lost; the points spread is 84 - 88 = -4 all the same.
    assert rows[1].tiebreaks == {"set_difference": 2, "game_points_difference": -4}
    assert rows[2].tiebreaks == {"set_difference": -2, "game_points_difference": 4}


def test_pages_say_which_set_was_awarded(played, client):
    t, _ = played
    page = client.get(f"/{t.slug}/round/1/").content.decode()
    assert "2–0 (61–48, 23–40 awarded)" in page
    page = client.get(f"/{t.slug}/player/2/").content.decode()
    assert "0–2 (48–61, 40–23 awarded)" in page


def test_the_api_gives_each_sets_award(played, client):
    t, board = played
    body = client.get(f"/api/v1/tournaments/{t.slug}/rounds/1/").json()
    result = next(row["result"] for row in body if row["id"] == board.pk)
    assert result == {"outcome": "played", "winner": 1, "conceded_by": None,
                      "sets": [[61, 48], [23, 40]], "awarded_to": [None, 0]}


def test_an_archive_keeps_the_award(played):
    t, _ = played
    doc = export_tournament(t)
    again = import_tournament(doc, None, slug="again")
    stored = SetResult.objects.filter(match__round__tournament=again).order_by("number")
    assert list(stored.values_list("score0", "score1", "awarded_to")) == [
        (61, 48, None), (23, 40, 0)]
    assert export_tournament(again) == doc
    rows = {row.player: row for row in history.compute(again).rows}
    assert rows[1].tiebreaks["set_difference"] == 2


def test_under_mso_an_awarded_to_key_means_nothing(db):
    director = User.objects.create(username="dir")
    t = events.create_tournament(director, name="Leek Open", require_confirmation=False)
    a = Entrant.objects.create(tournament=t, number=1, name="Ann Lee")
    b = Entrant.objects.create(tournament=t, number=2, name="Bo Park")
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    board = Match.objects.create(round=r1, board=1, side0=a, side1=b)
    record = {"format": "fives-and-threes-match/1", "ruleset": "mso",
              "sets": [{"score": [61, 40], "awarded_to": 1}, {"score": [61, 50]}]}
    results.submit_result(board.pk, director, version=0, record=record)
    assert list(board.sets.values_list("awarded_to", flat=True)) == [None, None]


def test_a_set_awarded_on_the_turnover_is_stored_for_the_other_side(db):
    # Bo's side reached 61 in set 2, and on the turnover his held knock was found: the set
    # is Ann's though Bo is on 61 (rule 5, "on the turnover or during the course of play").
    director = User.objects.create(username="dir")
    t = events.create_tournament(director, name="Crewe Singles", ruleset="bndcc",
                                 require_confirmation=False, tiebreaks=["set_difference"])
    ann = Entrant.objects.create(tournament=t, number=1, name="Ann Lee")
    bo = Entrant.objects.create(tournament=t, number=2, name="Bo Park")
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    board = Match.objects.create(round=r1, board=1, side0=ann, side1=bo)
    Official.objects.get_or_create(tournament=t, user=director,
                                   defaults={"role": Official.Role.DIRECTOR})
    record = {**AWARDED, "sets": [{"starter": 0, "score": [61, 48]},
                                  {"starter": 1, "score": [40, 61], "awarded_to": 0}]}
    _, report = results.submit_result(board.pk, director, version=0, record=record)
    assert report["valid"], report["errors"]
    assert list(board.sets.values_list("score0", "score1", "awarded_to")) == [
        (61, 48, None), (40, 61, 0)]
    rows = {row.player: row for row in history.compute(t).rows}
    assert rows[1].tiebreaks == {"set_difference": 2}
