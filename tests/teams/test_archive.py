"""Team events in the archive (competitions.md, "Archive"): `"entrants": "teams"`,
`team_match`, `team_points`, teams with members and captain, team matches with their
boards; export after import gives the same document; bad paths refused with their path."""

import copy

import pytest

from tournament.actions import team_matches
from tournament.actions.archive import import_tournament
from tournament.actions.base import ActionError
from tournament.interchange.archive import ArchiveError, check_archive, export_tournament
from tournament.models import Match

from .conftest import lineup_all, play_card


@pytest.fixture
def played_league(league, plain_director):
    tms = list(Match.objects.pairings().filter(round__tournament=league)
               .order_by("board"))
    for tm, winners in zip(tms[:2], [(0, 1, 0), (1, 1, 1)], strict=True):
        lineup_all(tm, plain_director)
        play_card(tm, plain_director, winners)
    team_matches.postpone_match(tms[2].pk, plain_director, to="2027-02-03", reason="snow")
    return league


def test_a_team_event_exports_its_teams_and_boards(played_league):
    doc = export_tournament(played_league)
    assert doc["entrants"] == "teams"
    assert doc["team_match"]["boards"][1]["kind"] == "pairs"
    assert doc["team_points"] == {"win": 2, "draw": 1, "loss": 0, "per_board": 1,
                                  "close_loss": None}
    team = doc["players"][0]
    assert team["captain"] == 0 and len(team["members"]) == 6 and team["venue"]
    stage = doc["stages"][0]
    assert stage["kind"] == "round_robin"
    match = stage["rounds"][0]["matches"][0]
    assert [b["board"] for b in match["boards"]] == [1, 2, 3]
    assert [b["kind"] for b in match["boards"]] == ["singles", "singles", "pairs"]
    assert match["boards"][2]["lineup"] == [[2, 3], [2, 3]]
    assert match["boards"][0]["record"]["seats"] == 2
    assert "record" not in match and "winner" not in match
    assert stage["rounds"][0]["matches"][2]["postponed_to"] == "2027-02-03"


def test_export_after_import_is_the_same_document(played_league, plain_director):
    doc = export_tournament(played_league)
    again = import_tournament(copy.deepcopy(doc), plain_director, slug="league-again")
    out = export_tournament(again)
    assert out == doc
    tm = Match.objects.pairings().filter(round__tournament=again).order_by("board").first()
    assert tm.record == {"boards": [2, 1]} and tm.winner_id == tm.side0_id


@pytest.mark.parametrize("change, path", [
    (lambda d: d["team_match"]["boards"][1]["match"].update(target=99),
     "/team_match/boards/1/match/target"),
    (lambda d: d.update(team_points={"win": -2}), "/team_points/win"),
    (lambda d: d["players"][0].update(captain=9), "/players/0/captain"),
    (lambda d: d["stages"][0]["rounds"][0]["matches"][0]["boards"][0].update(kind="pairs"),
     "/stages/0/rounds/0/matches/0/boards/0/kind"),
    (lambda d: d["stages"][0]["rounds"][0]["matches"][0]["boards"][1]["lineup"][0]
     .__setitem__(0, 0), "/stages/0/rounds/0/matches/0/boards"),
    (lambda d: d["stages"][0]["rounds"][0]["matches"][0]["boards"].pop(),
     "/stages/0/rounds/0/matches/0/boards"),
    (lambda d: d["stages"][0]["rounds"][0]["matches"][0].update(winner=1),
     "/stages/0/rounds/0/matches/0/winner"),
    (lambda d: d["stages"][0]["rounds"][0]["matches"][0]["boards"][2]["lineup"][1]
     .__setitem__(0, 40), "/stages/0/rounds/0/matches/0/boards/2/lineup/1"),
])
def test_bad_team_archives_are_refused_at_their_path(played_league, change, path):
    doc = export_tournament(played_league)
    change(doc)
    with pytest.raises(ArchiveError) as refused:
        check_archive(doc)
    assert refused.value.path == path


def test_a_refused_archive_stores_nothing(played_league, plain_director):
    doc = export_tournament(played_league)
    doc["players"][1]["captain"] = -1
    with pytest.raises(ActionError, match="/players/1/captain"):
        import_tournament(doc, plain_director, slug="bad-league")
    assert not Match.objects.filter(round__tournament__slug="bad-league").exists()


def test_each_board_counts_for_its_players_people_and_ratings(played_league, plain_director):
    from tournament.models import Rating, RatingStep
    from tournament.public.people_data import person_page

    doc = export_tournament(played_league)
    match = doc["stages"][0]["rounds"][0]["matches"][0]
    home, away = match["players"]
    for team in (home, away):
        for k, member in enumerate(doc["players"][team - 1]["members"]):
            member["person"] = f"team-{team}-member-{k}"
    import_tournament(doc, plain_director, slug="league-people")
    # board 1 (singles): member 0 of each team; board 3 (pairs): members 2 and 3
    steps = set(RatingStep.objects.values_list("person__key", flat=True))
    assert steps == {f"team-{t}-member-{k}" for t in (home, away) for k in (0, 1, 2, 3)}
    assert Rating.objects.get(person__key=f"team-{home}-member-2").matches == 1
    page = person_page(f"team-{home}-member-0")
    step = page.ratings[0].steps[0]
    away_name = doc["players"][away - 1]["name"]
    assert step["opponent"] == f"{doc['players'][away - 1]['members'][0]['name']} ({away_name})"
    assert step["won"] is (match["boards"][0]["record"]["sets"][0]["score"][0] == 61)
