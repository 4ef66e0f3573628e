"""The archive carries what the last gaps of a team event added (docs/leagues.md,
"Archive"): a stage's `paired_ahead` (a season paired at once) and a knock-out team
match's `named_winner`; export after import gives the same document."""

import copy

import pytest

from tournament.actions import rounds, season, team_matches
from tournament.actions.archive import import_tournament
from tournament.actions.base import ActionError
from tournament.interchange.archive import ArchiveError, check_archive, export_tournament
from tournament.models import Match

from .conftest import lineup_all, make_league, play_card
from .test_knockout_ties import AWAY_2_0, HOME_2_0, enter, team_cup  # noqa: F401


def pairing_refusal(t, director):
    with pytest.raises(ActionError) as caught:
        rounds.pair_round(t, director)
    return caught.value.message


def test_a_season_paired_at_once_is_imported_paired_at_once(db, plain_director):
    t = make_league(plain_director, teams=4)
    season.pair_season(t, plain_director, first_date="2026-09-14")
    season.publish_season(t, plain_director)
    tm = Match.objects.pairings().filter(round__tournament=t).order_by("round__number",
                                                                     "board").first()
    lineup_all(tm, plain_director)
    play_card(tm, plain_director)
    doc = export_tournament(t)
    assert doc["stages"][0]["paired_ahead"] is True
    again = import_tournament(copy.deepcopy(doc), plain_director, slug="season-again")
    assert again.stages.get().paired_ahead
    assert export_tournament(again) == doc
    # It behaves as the original: the whole season is paired, nothing more to pair.
    assert pairing_refusal(again, plain_director) == pairing_refusal(t, plain_director)


def test_a_league_paired_week_by_week_carries_no_paired_ahead(league):
    doc = export_tournament(league)
    assert "paired_ahead" not in doc["stages"][0]


@pytest.mark.parametrize("value", [False, 1, "yes"])
def test_a_bad_paired_ahead_is_refused_with_its_path(league, value):
    doc = export_tournament(league)
    doc["stages"][0]["paired_ahead"] = value
    with pytest.raises(ArchiveError, match="/stages/0/paired_ahead"):
        check_archive(doc)


def test_a_named_winner_goes_through_the_archive(team_cup, plain_director):  # noqa: F811
    t, (first, second) = team_cup
    enter(first, plain_director, [HOME_2_0, AWAY_2_0])
    enter(second, plain_director, [HOME_2_0, AWAY_2_0])
    for tm in (first, second):
        team_matches.name_team_winner(tm.pk, plain_director, side=1, reason="play-off")
    doc = export_tournament(t)
    named = [m.get("named_winner") for m in doc["stages"][0]["rounds"][0]["matches"]]
    assert named == [first.side1.number, second.side1.number]
    again = import_tournament(copy.deepcopy(doc), plain_director, slug="cup-again")
    assert export_tournament(again) == doc
    imported = Match.objects.pairings().filter(round__tournament=again).order_by("board")
    assert [(m.status, m.record["decided_by"]) for m in imported] == \
        [("confirmed", "director")] * 2
    assert all(m.winner_id == m.side1_id for m in imported)
    doc["stages"][0]["rounds"][0]["matches"][0]["named_winner"] = 99
    with pytest.raises(ArchiveError, match="/stages/0/rounds/0/matches/0/named_winner"):
        check_archive(doc)
