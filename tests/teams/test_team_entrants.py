"""Team events and teams by action: the team match format and points checked when the
event is made or changed; teams with roster, captain and venue; the CSV of one line per
member, with the entrants' duplicate and hostile-input rules."""

import pytest

from tournament.actions import entrants, events, rounds
from tournament.actions.base import ActionError
from tournament.models import Entrant, Tournament

from .conftest import TEAM_MATCH, make_league


def test_a_team_event_gets_its_format_and_points(db, plain_director):
    t = events.create_tournament(plain_director, name="Cup", ruleset="bndcc",
                                 entrants_kind="teams", team_match=TEAM_MATCH,
                                 team_points="three_or_one_at_five_four")
    assert t.is_teams and t.team_match == TEAM_MATCH
    assert t.team_points["close_loss"] == {"margin": 1, "points": 1}


@pytest.mark.parametrize("given, field", [
    ({"ruleset": "mso", "team_match": TEAM_MATCH}, "team_match"),
    ({"ruleset": "bndcc", "team_match": TEAM_MATCH, "team_points": {"loss": -1}},
     "team_points"),
    ({"ruleset": "bndcc", "team_match": TEAM_MATCH,
      "team_points": {"close_loss": {"margin": 3, "points": 1}}}, "team_points"),
    ({"ruleset": "bndcc", "team_match": {"boards": []}}, "team_match"),
])
def test_a_team_event_that_makes_no_sense_is_refused(db, plain_director, given, field):
    with pytest.raises(ActionError) as refused:
        events.create_tournament(plain_director, name="Cup", entrants_kind="teams",
                                 **given)
    assert field in refused.value.errors
    assert not Tournament.objects.exists()


def test_singles_events_have_no_team_format(db, plain_director):
    with pytest.raises(ActionError):
        events.create_tournament(plain_director, name="Open", team_match=TEAM_MATCH)


def test_the_format_is_fixed_once_round_one_is_paired(db, plain_director):
    t = make_league(plain_director, teams=4, cycles=1)
    events.update_settings(t, plain_director, team_points={"win": 3, "loss": 0})
    rounds.pair_round(t, plain_director)
    with pytest.raises(ActionError, match="team match's boards"):
        events.update_settings(t, plain_director, reason="more boards", team_match={
            "boards": [{"kind": "singles", "count": 4}]})


def test_a_team_with_roster_captain_and_venue(db, plain_director):
    t = make_league(plain_director, teams=0)
    team = entrants.add_entrant(t, plain_director, name="Red Lion", club="Leek",
                                members=[{"name": "Ann Lee"}, {"name": "Bo Park",
                                                               "club": "Hanley"}],
                                captain=1, venue="Red Lion, Leek")
    assert (team.captain, team.venue) == (1, "Red Lion, Leek")
    assert team.members == [{"name": "Ann Lee"}, {"name": "Bo Park", "club": "Hanley"}]
    edited = entrants.edit_entrant(team, plain_director, name="Red Lion", club="Leek",
                                   members=team.members + [{"name": "Cy Dee"}], captain=2,
                                   venue="Red Lion, Leek")
    assert edited.captain == 2 and len(edited.members) == 3


@pytest.mark.parametrize("fields, field", [
    ({"members": []}, "members"),
    ({"members": [{"name": "Ann Lee"}, {"name": "ann lee"}]}, "member2"),
    ({"members": [{"name": "Ann Lee"}], "captain": 3}, "captain"),
    ({"members": [{"name": "\u200b\u200b"}]}, "member1"),
    ({"members": [{"name": "Ann Lee"}], "venue": "x" * 101}, "venue"),
    ({"members": [{"name": "A\x00nn"}]}, "member1"),
])
def test_bad_teams_are_refused_naming_the_field(db, plain_director, fields, field):
    t = make_league(plain_director, teams=0)
    with pytest.raises(ActionError) as refused:
        entrants.add_entrant(t, plain_director, name="Red Lion", **fields)
    assert field in refused.value.errors
    assert not Entrant.objects.exists()


def test_a_team_entered_twice_is_refused(db, plain_director):
    t = make_league(plain_director, teams=1)
    with pytest.raises(ActionError) as refused:
        entrants.add_entrant(t, plain_director, name="RED LION",
                             members=[{"name": "Zed"}])
    assert "already entered as number 1" in refused.value.errors["name"][0]


CSV = """team,club,member,member_club,captain,venue
Red Lion,Leek,Ann Lee,,,The Red Lion
Red Lion,,Bo Park,Hanley,yes,
Crown,,Cy Dee,,,
Red Lion,,Di Fox,,,
Crown,,Ed Orr,,y,The Crown
"""


def test_teams_from_a_csv_of_one_line_per_member(db, plain_director):
    t = make_league(plain_director, teams=0)
    made = entrants.import_entrants(t, plain_director, CSV)
    assert [e.name for e in made] == ["Red Lion", "Crown"]
    lion = Entrant.objects.get(tournament=t, name="Red Lion")
    assert [m["name"] for m in lion.members] == ["Ann Lee", "Bo Park", "Di Fox"]
    assert (lion.captain, lion.club, lion.venue) == (1, "Leek", "The Red Lion")
    crown = Entrant.objects.get(tournament=t, name="Crown")
    assert (crown.captain, crown.venue) == (1, "The Crown")


@pytest.mark.parametrize("text, words", [
    (CSV + "Red Lion,,Ann Lee,,,\n", "member 4 is member 1 again"),
    (CSV + "Red Lion,,Ed Roe,,yes,\n", "Red Lion has a captain already"),
    (CSV + "Red Lion,Hanley,Ed Roe,,,\n", "Red Lion's club is 'Leek'"),
    (CSV + ",,Ed Roe,,,\n", "the team is not named"),
    (CSV + "Swan,,\u202eEd,,,\n", "line"),
    (CSV + "Swan,,Ed,,maybe,\n", "write yes on the captain's line"),
])
def test_a_bad_team_csv_imports_nothing(db, plain_director, text, words):
    t = make_league(plain_director, teams=0)
    with pytest.raises(ActionError) as refused:
        entrants.import_entrants(t, plain_director, text)
    assert any(words in e for e in refused.value.errors["file"]), refused.value.errors
    assert not Entrant.objects.exists()


def test_a_team_already_entered_in_the_csv(db, plain_director):
    t = make_league(plain_director, teams=1)  # Red Lion
    with pytest.raises(ActionError) as refused:
        entrants.import_entrants(t, plain_director, "team,member\nred lion,Zed\n")
    assert any("red lion is already entered" in e for e in refused.value.errors["file"])
