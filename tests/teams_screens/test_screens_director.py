"""The division secretary's screens: a team event created with its team match format and
team points (presets and typed values, each bad value named), teams by form and by CSV,
the cards with captains' keys, the season's dates, a postponement, a lineup by the
director, the lineups opened; each refused to other directors and to the public."""

import datetime

import pytest
from django.urls import reverse

from tournament.models import AuditEntry, Match, TeamLineup, Tournament
from tournament.models.event import DEFAULT_POINTS

from .conftest import FIRST_NIGHT

pytestmark = pytest.mark.django_db


def team_event_form(**overrides):
    data = {"name": "Leek League", "slug": "", "ruleset": "bndcc", "rounds_planned": "5",
            "entrants_kind": "teams", "match_target": "61", "sets_to_win": "1",
            **{f"points_{key}": str(value) for key, value in DEFAULT_POINTS.items()},
            "tiebreak_1": "mso_head_to_head", "require_confirmation": "on",
            "entry_policy": "players_accept",
            "singles_count": "6", "singles_target": "61", "singles_sets": "1",
            "pairs_count": "3", "pairs_target": "121", "pairs_sets": "1",
            "team_points_preset": "three_or_one_at_five_four"}
    data.update(overrides)
    return data


def test_create_a_team_event_with_a_preset(secretary):
    r = secretary.post(reverse("director:create"), team_event_form())
    assert r.status_code == 302, r.content.decode()[:3000]
    t = Tournament.objects.get(slug="leek-league")
    assert t.entrants_kind == "teams"
    assert t.team_match == {"boards": [
        {"kind": "singles", "count": 6, "match": {"target": 61, "sets_to_win": 1}},
        {"kind": "pairs", "count": 3, "match": {"target": 121, "sets_to_win": 1}}]}
    assert t.team_points == {"win": 3, "draw": 0, "loss": 0, "per_board": 0,
                             "close_loss": {"margin": 1, "points": 1}}
    page = secretary.get(reverse("director:settings", args=[t.slug])).content.decode()
    assert 'value="three_or_one_at_five_four"' in page and "checked" in page


def test_create_a_team_event_with_typed_points(secretary):
    r = secretary.post(reverse("director:create"), team_event_form(
        team_points_preset="custom", team_win="2", team_draw="1", team_loss="0",
        team_per_board="1", team_close_margin="", team_close_points=""))
    assert r.status_code == 302
    t = Tournament.objects.get(slug="leek-league")
    assert t.team_points == {"win": 2, "draw": 1, "loss": 0, "per_board": 1,
                             "close_loss": None}


@pytest.mark.parametrize(("overrides", "words"), [
    ({"team_points_preset": "custom", "team_win": "-3"}, "cannot be negative"),
    ({"team_points_preset": "custom", "team_win": "3", "team_close_margin": "9",
      "team_close_points": "1"}, "is not a close loss in a team match of 9 boards"),
    ({"ruleset": "mso", "match_target": "61", "sets_to_win": "2", "singles_sets": "2"},
     "has no pairs boards"),
    ({"singles_count": "0", "pairs_count": "0"}, "at least one board"),
    ({"singles_target": "70"}, "plays sets to 61 or 121 points, not 70"),
])
def test_bad_team_settings_are_named_and_nothing_is_stored(secretary, overrides, words):
    r = secretary.post(reverse("director:create"), team_event_form(**overrides))
    assert r.status_code == 400
    assert words in r.content.decode()
    assert not Tournament.objects.exists()


def test_add_and_change_a_team_by_form(secretary, director):
    secretary.post(reverse("director:create"), team_event_form())
    t = Tournament.objects.get()
    r = secretary.post(reverse("director:add_entrant", args=[t.slug]), {
        "name": "Red Lion", "club": "Leek DC", "venue": "The Red Lion",
        "roster": "Ann Lee\nBob Roe, Stoke DC\n\nCy Dee\n", "captain": "2"})
    assert r.status_code == 302, r.content.decode()[:3000]
    team = t.entrants.get()
    assert team.members == [{"name": "Ann Lee"}, {"name": "Bob Roe", "club": "Stoke DC"},
                            {"name": "Cy Dee"}]
    assert (team.captain, team.venue) == (1, "The Red Lion")
    page = secretary.get(reverse("director:entrants", args=[t.slug])).content.decode()
    assert "captain Bob Roe" in page and "at The Red Lion" in page
    edit = secretary.get(reverse("director:entrant", args=[t.slug, team.pk])).content.decode()
    assert "Bob Roe, Stoke DC" in edit
    r = secretary.post(reverse("director:entrant", args=[t.slug, team.pk]), {
        "name": "Red Lion", "club": "Leek DC", "venue": "The Swan",
        "roster": "Ann Lee\nBob Roe, Stoke DC\nCy Dee\nDi Eve", "captain": "4",
        "reason": ""})
    assert r.status_code == 302
    team.refresh_from_db()
    assert (team.captain, team.venue, len(team.members)) == (3, "The Swan", 4)


def test_a_captain_outside_the_roster_is_refused(secretary):
    secretary.post(reverse("director:create"), team_event_form())
    t = Tournament.objects.get()
    r = secretary.post(reverse("director:add_entrant", args=[t.slug]), {
        "name": "Red Lion", "roster": "Ann Lee\nBob Roe", "captain": "5"})
    assert r.status_code == 400
    assert "captain" in r.content.decode().lower()
    assert not t.entrants.exists()


def test_teams_by_csv_one_line_a_member(secretary):
    secretary.post(reverse("director:create"), team_event_form())
    t = Tournament.objects.get()
    page = secretary.get(reverse("director:entrants", args=[t.slug])).content.decode()
    assert "team,club,member,member_club,captain,venue" in page
    csv = ("team,club,member,captain,venue\nRed Lion,Leek DC,Ann Lee,,The Red Lion\n"
           "Red Lion,Leek DC,Bob Roe,yes,\nCrown,,Cy Dee,,The Crown\nCrown,,Di Eve,,\n")
    preview = secretary.post(reverse("director:import_entrants", args=[t.slug]), {"text": csv})
    assert preview.status_code == 200 and "Red Lion" in preview.content.decode()
    r = secretary.post(reverse("director:confirm_import", args=[t.slug]), {"csv": csv})
    assert r.status_code == 302
    lion = t.entrants.get(name="Red Lion")
    assert lion.captain == 1 and len(lion.members) == 2


def test_cards_mark_the_captain(division, secretary):
    team = division.entrants.order_by("number").first()
    r = secretary.post(reverse("director:cards", args=[division.slug]),
                {"number": str(team.number), "member": "2"})
    page = r.content.decode()
    assert r.status_code == 200 and "captain" in page and team.members[1]["name"] in page
    r = secretary.post(reverse("director:cards", args=[division.slug]),
                       {"number": str(team.number)})
    assert r.content.decode().count('class="slip player-card"') == 4


def test_season_dates_set_and_shifted(division, secretary, director):
    page = secretary.get(reverse("director:league", args=[division.slug]))
    assert page.status_code == 200
    r = secretary.post(reverse("director:round_date", args=[division.slug]),
                       {"number": "1", "date": "2026-09-21"})
    assert r.status_code == 302
    r = secretary.post(reverse("director:shift_dates", args=[division.slug]),
                       {"start": "1", "days": "-7"})
    assert r.status_code == 302
    dates = list(division.rounds.order_by("number").values_list("date", flat=True))
    assert dates == [FIRST_NIGHT]
    assert AuditEntry.objects.filter(action="set_round_date").count() == 3
    nothing = secretary.post(reverse("director:shift_dates", args=[division.slug]),
                             {"start": "2", "days": "7"})
    assert nothing.status_code == 400 and "No round from round 2 on" in \
        nothing.content.decode()
    bad = secretary.post(reverse("director:round_date", args=[division.slug]),
                  {"number": "1", "date": "2026-13-01"}, follow=True)
    assert "not a date" in bad.content.decode()


def test_postpone_a_match_and_rearrange_it(division, first_match, secretary, client):
    url = reverse("director:postpone", args=[division.slug, first_match.pk])
    refused = secretary.post(url, {"to": "2026-10-01", "reason": ""})
    assert refused.status_code == 400 and "required" in refused.content.decode()
    r = secretary.post(url, {"to": "2026-10-01", "reason": "the Swan is shut for a wedding"})
    assert r.status_code == 302
    first_match.refresh_from_db()
    assert first_match.postponed_to == datetime.date(2026, 10, 1)
    fixtures = client.get(f"/{division.slug}/fixtures/").content.decode()
    assert "postponed to Thu 1 Oct 2026" in fixtures
    r = secretary.post(url, {"to": "2026-10-08", "reason": "rearranged with both captains"})
    first_match.refresh_from_db()
    assert first_match.postponed_to == datetime.date(2026, 10, 8)


def test_director_enters_a_lineup_with_a_reason_and_opens_the_match(division, first_match,
                                                                    secretary):
    url = reverse("director:team_lineup", args=[division.slug, first_match.pk, 0])
    data = {"side0-b1_0": "0", "side0-b2_0": "1", "side0-b3_0": "2", "side0-reason": ""}
    refused = secretary.post(url, data)
    assert refused.status_code == 400 and not TeamLineup.objects.exists()
    twice = secretary.post(url, {**data, "side0-b2_0": "0", "side0-reason": "from the sheet"})
    assert twice.status_code == 400 and "already plays singles board 1" in \
        twice.content.decode()
    empty = secretary.post(url, {**data, "side0-b3_0": "", "side0-reason": "from the sheet"})
    assert empty.status_code == 400 and "left empty" in empty.content.decode()
    r = secretary.post(url, {**data, "side0-reason": "the captain phoned it in"})
    assert r.status_code == 302
    assert TeamLineup.objects.get().boards == [[0], [1], [2]]
    page = secretary.get(reverse("director:team_match", args=[division.slug, first_match.pk]))
    assert "1 of 2 in" in page.content.decode()
    r = secretary.post(reverse("director:open_match", args=[division.slug, first_match.pk]),
                {"reason": "the away captain is late"})
    assert r.status_code == 302
    assert all(b.lineup == [[0], []] for b in Match.objects.filter(team_match=first_match)
               .order_by("board")[:1])


def test_other_directors_and_the_public_get_nothing(division, first_match, client_for,
                                                    other_director, client):
    pages = [reverse("director:league", args=[division.slug]),
             reverse("director:team_match", args=[division.slug, first_match.pk])]
    posts = [reverse("director:postpone", args=[division.slug, first_match.pk]),
             reverse("director:open_match", args=[division.slug, first_match.pk]),
             reverse("director:round_date", args=[division.slug])]
    other = client_for(other_director)
    for url in pages:
        assert other.get(url).status_code == 404
        assert client.get(url).status_code == 302  # to the sign-in page
    for url in posts:
        assert other.post(url, {"to": "2026-10-01", "reason": "x"}).status_code == 404
    first_match.refresh_from_db()
    assert first_match.postponed_to is None


def test_an_arbiter_of_the_league_may_not_use_the_secretarys_screens(division, first_match,
                                                                     director, client_for):
    from django.contrib.auth.models import User

    from tournament.actions import events

    arbiter = User.objects.create_user("arnie", password="pw-123456")
    events.add_official(division, director, username="arnie")
    assert client_for(arbiter).get(
        reverse("director:team_match", args=[division.slug, first_match.pk])).status_code == 403


def test_the_secretary_settles_a_disputed_card_board_by_board(division, first_match,
                                                              secretary, client):
    from tournament.actions import cards

    from .conftest import key_of, play_night

    play_night(first_match, accept=False)
    first_match.refresh_from_db()
    cards.dispute_card(first_match.pk, key_of(first_match.side1, 1),
                       version=first_match.version, reason="board 1 was ours")
    page = secretary.get(reverse("director:team_match", args=[division.slug,
                                                              first_match.pk])).content.decode()
    assert page.count("Settle") == 3 and "board 1 was ours" in page
    for b in first_match.boards.order_by("board"):
        entry = secretary.get(reverse("arbiter:match", args=[b.pk])).content.decode()
        assert first_match.side0.members[b.board - 1]["name"] in entry  # its lineup's
        r = secretary.post(reverse("arbiter:match", args=[b.pk]), {
            "action": "confirm", "version": str(b.version), "idempotency_key": f"s-{b.pk}"})
        assert r.status_code == 302, r.content.decode()[:2000]
    first_match.refresh_from_db()
    assert first_match.status == Match.Status.CONFIRMED
    table = client.get(f"/{division.slug}/table/").content.decode()
    assert first_match.side0.name in table.split("<tbody>")[1].split("</tr>")[0]


def test_a_paired_divisions_points_change_with_a_reason_its_boards_do_not(division,
                                                                           secretary):
    url = reverse("director:settings", args=[division.slug])
    page = secretary.get(url).content.decode()
    assert 'name="singles_count"' in page and "disabled" in page
    from tournament.director.forms import EditSettingsForm

    data = {k: ("on" if v is True else "" if v is None or v is False else str(v))
            for k, v in EditSettingsForm.initial_for(division).items()}
    data.update(team_points_preset="two_and_one_a_game", reason="the AGM voted for it",
                singles_count="9")
    r = secretary.post(url, {k: v for k, v in data.items() if v != ""})
    assert r.status_code == 302
    division.refresh_from_db()
    assert division.team_points["per_board"] == 1
    assert division.team_match == FORMAT_OF_DIVISION  # the disabled fields kept


FORMAT_OF_DIVISION = {"boards": [{"kind": "singles", "count": 3,
                                  "match": {"target": 61, "sets_to_win": 2}}]}
