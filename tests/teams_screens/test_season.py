"""A league's season paired at once (actions.season, docs/leagues.md "Set up the season in
advance"): every round by the Berger tables, dated, published at once; results entered in
any round in any order; the table counts what is played; the stage ends when every
fixture is played; bad input refused with nothing stored; the director only."""

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournament.actions import ActionError, PermissionDenied, entrants, events, rounds, stages
from tournament.actions import season as season_actions
from tournament.models import AuditEntry, Match, Round, Tournament
from tournament.models.rounds import live_round, next_dated
from tournament.pairing.round_robin import berger_round
from tournament.reads import league

from .conftest import FORMAT, TEAMS, play_night

pytestmark = pytest.mark.django_db

FIRST = datetime.date(2026, 9, 14)


def make_division(director, teams=4, slug="season-1"):
    event = events.create_tournament(
        director, name="Potteries League Division 2", slug=slug, entrants_kind="teams",
        team_match=FORMAT, team_points="three_or_one_at_five_four",
        entry_policy="players_accept")
    names = [*TEAMS, ("Tunstall Terriers", "", "The Plough")]
    for name, club, venue in names[:teams]:
        entrants.add_entrant(event, director, name=name, club=club, venue=venue, captain=1,
                             members=[{"name": f"{name.split()[0]} {n}"}
                                      for n in ("Ann", "Bob", "Cy", "Di")])
    stages.change_stage(event.stages.get(), director, kind="round_robin", cycles=2)
    event.refresh_from_db()
    return event


@pytest.fixture
def unpaired_division(director):
    """Four teams, a round robin of two cycles, no round paired yet."""
    return make_division(director)


@pytest.fixture
def published_season(unpaired_division, director):
    """The whole season (six rounds) paired weekly from FIRST and published."""
    season_actions.pair_season(unpaired_division, director, first_date=FIRST)
    season_actions.publish_season(unpaired_division, director)
    unpaired_division.refresh_from_db()
    return unpaired_division


def pairings(event, number):
    return list(Match.objects.pairings().filter(round__tournament=event, round__number=number)
                .select_related("side0", "side1").order_by("board"))


def test_the_whole_season_is_paired_dated_in_berger_order(unpaired_division, director):
    made = season_actions.pair_season(unpaired_division, director, first_date="2026-09-14",
                                      every_days=14)
    assert [r.number for r in made] == [1, 2, 3, 4, 5, 6]
    assert [r.date for r in made] == [FIRST + datetime.timedelta(days=14 * k)
                                      for k in range(6)]
    assert all(r.status == Round.Status.DRAFT for r in made)
    stage = unpaired_division.stages.get()
    assert stage.paired_ahead
    number = {e.pk: i for i, e in enumerate(
        unpaired_division.entrants.filter(pk__in=stage.seeds), start=1)}
    seed = {eid: i for i, eid in enumerate(stage.seeds, start=1)}
    assert number == seed  # entry order
    for r in range(1, 7):
        got = [(seed[m.side0_id], seed[m.side1_id]) for m in pairings(unpaired_division, r)]
        assert got == [(f.home, f.away) for f in berger_round(4, r, 2)]
    # the second cycle is the first with home and away swapped
    first = {frozenset((m.side0_id, m.side1_id)): m.side0_id
             for r in (1, 2, 3) for m in pairings(unpaired_division, r)}
    for r in (4, 5, 6):
        for m in pairings(unpaired_division, r):
            assert first[frozenset((m.side0_id, m.side1_id))] == m.side1_id
    # each team match has its boards
    assert Match.objects.team_boards().filter(round__tournament=unpaired_division).count() \
        == 6 * 2 * 3
    row = AuditEntry.objects.get(tournament=unpaired_division, action="pair_season")
    assert row.detail["every_days"] == 14 and row.detail["last_round"] == 6
    assert row.detail["rounds"][3]["date"] == "2026-10-26"
    assert "rounds 1–6, 12 matches" in row.summary


def test_an_odd_number_of_teams_has_a_bye_and_no_match(director):
    event = make_division(director, teams=5, slug="season-odd")
    made = season_actions.pair_season(event, director, first_date=FIRST)
    assert len(made) == 10
    for r in made:
        ms = pairings(event, r.number)
        byes = [m for m in ms if m.side1_id is None]
        assert len(ms) == 3 and len(byes) == 1
        assert not Match.objects.filter(team_match=byes[0]).exists()  # no boards: no match
    sat_out = [m.side0_id for r in made for m in pairings(event, r.number) if m.side1 is None]
    assert sorted(sat_out) == sorted(2 * list(event.entrants.values_list("pk", flat=True)))


@pytest.mark.parametrize(("options", "words"), [
    ({"first_date": None}, "Give the date of the season's first round"),
    ({"first_date": ""}, "Give the date of the season's first round"),
    ({"first_date": "2026-13-40"}, "is not a date"),
    ({"first_date": FIRST, "every_days": 0}, "from 1 to 31"),
    ({"first_date": FIRST, "every_days": 32}, "from 1 to 31"),
    ({"first_date": FIRST, "every_days": "weekly"}, "from 1 to 31"),
    ({"first_date": FIRST, "every_days": True}, "from 1 to 31"),
])
def test_bad_input_is_refused_and_nothing_stored(unpaired_division, director, options, words):
    with pytest.raises(ActionError) as exc:
        season_actions.pair_season(unpaired_division, director, **options)
    assert words in exc.value.message
    assert not unpaired_division.rounds.exists()
    assert not unpaired_division.stages.get().paired_ahead
    assert not AuditEntry.objects.filter(action="pair_season").exists()


def test_a_swiss_or_a_begun_stage_is_not_paired_at_once(unpaired_division, director):
    swiss = events.create_tournament(director, name="Spring Open")
    for name in ("Ann", "Bob", "Cy", "Di"):
        entrants.add_entrant(swiss, director, name=name)
    with pytest.raises(ActionError, match="only a round robin's rounds are fixed in advance"):
        season_actions.pair_season(swiss, director, first_date=FIRST)
    assert not swiss.rounds.exists()
    rounds.pair_round(unpaired_division, director)
    with pytest.raises(ActionError, match="Stage 1 has 1 round paired already"):
        season_actions.pair_season(unpaired_division, director, first_date=FIRST)
    assert unpaired_division.rounds.count() == 1
    with pytest.raises(ActionError, match="nothing to publish"):
        season_actions.publish_season(unpaired_division, director)


def test_pair_round_after_the_season_has_nothing_to_do(published_season, director):
    with pytest.raises(ActionError, match="the season was paired at once, to round 6"):
        rounds.pair_round(published_season, director)
    with pytest.raises(CommandError, match="nothing to pair"):
        call_command("pair_round", published_season.slug, stdout=io.StringIO())
    assert published_season.rounds.count() == 6
    with pytest.raises(ActionError, match="Every stage is paired"):
        season_actions.pair_season(published_season, director, first_date=FIRST)


def test_only_the_events_director_pairs_and_publishes(unpaired_division, rival_director,
                                                      client_for):
    with pytest.raises(PermissionDenied):
        season_actions.pair_season(unpaired_division, rival_director, first_date=FIRST)
    rival = client_for(rival_director)
    r = rival.post(reverse("director:pair_season", args=[unpaired_division.slug]),
                   {"first_date": "2026-09-14", "every_days": "7"})
    assert r.status_code in (403, 404)
    assert rival.post(reverse("director:publish_season", args=[unpaired_division.slug])
                      ).status_code in (403, 404)
    assert not unpaired_division.rounds.exists()


def test_the_secretary_pairs_and_publishes_from_the_league_tab(unpaired_division, secretary):
    url = reverse("director:league", args=[unpaired_division.slug])
    page = secretary.get(url).content.decode()
    assert "Pair the whole season now" in page
    bad = secretary.post(reverse("director:pair_season", args=[unpaired_division.slug]),
                         {"first_date": "", "every_days": "7"})
    assert bad.status_code == 400 and not unpaired_division.rounds.exists()
    r = secretary.post(reverse("director:pair_season", args=[unpaired_division.slug]),
                       {"first_date": "2026-09-14", "every_days": "7"}, follow=True)
    page = r.content.decode()
    assert "Rounds 1–6 are paired" in page and "Publish the season" in page
    assert "Pair the whole season now" not in page
    dashboard = secretary.get(reverse("director:event", args=[unpaired_division.slug]))
    assert "The season is paired (rounds 1–6)" in dashboard.content.decode()
    r = secretary.post(reverse("director:publish_season", args=[unpaired_division.slug]),
                       follow=True)
    assert "The season is published: rounds 1–6" in r.content.decode()
    assert not unpaired_division.rounds.exclude(status=Round.Status.PUBLISHED).exists()
    assert AuditEntry.objects.filter(action="publish_season").count() == 1


def test_a_later_week_is_played_before_an_earlier_one(published_season):
    event = published_season
    late = pairings(event, 3)[0]
    play_night(late, winners=(0, 0, 1))
    table = league.league_table(event)
    assert sum(r.played for r in table.rows) == 2
    assert sum(r.boards_for for r in table.rows) == 3
    # round 3's other match is still to play: round 3 stays open, as does round 1
    assert Round.objects.get(tournament=event, number=3).status == Round.Status.PUBLISHED
    play_night(pairings(event, 3)[1], winners=(1, 1, 1))
    assert Round.objects.get(tournament=event, number=3).status == Round.Status.CLOSED
    assert Round.objects.get(tournament=event, number=1).status == Round.Status.PUBLISHED
    event.refresh_from_db()
    assert event.status == Tournament.Status.RUNNING
    table = league.league_table(event)
    assert sum(r.played for r in table.rows) == 4
    # every other fixture played, the last round first: the season ends with the last
    for number in (6, 5, 4, 2, 1):
        for m in pairings(event, number):
            event.refresh_from_db()
            assert event.status == Tournament.Status.RUNNING
            play_night(m)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    assert sum(r.played for r in league.league_table(event).rows) == 24


def test_an_earlier_closed_round_reopens_while_later_ones_exist(published_season, director):
    first, second = pairings(published_season, 2)
    play_night(first)
    play_night(second)
    round_2 = Round.objects.get(tournament=published_season, number=2)
    assert round_2.status == Round.Status.CLOSED
    rounds.reopen_round(round_2, director, reason="a card was misread")
    round_2.refresh_from_db()
    assert round_2.status == Round.Status.PUBLISHED


def test_the_public_fixture_list_has_every_date_ahead(published_season, client):
    page = client.get(f"/{published_season.slug}/fixtures/").content.decode()
    for k in range(6):
        day = FIRST + datetime.timedelta(weeks=k)
        assert day.strftime("%-d %B %Y") in page
    first = pairings(published_season, 6)[0]
    mine = client.get(f"/{published_season.slug}/fixtures/?team={first.side0.number}"
                      ).content.decode()
    listed = mine.split('<ul class="fixtures">')[1]
    assert listed.count("<time") == 6  # home and away with each of three, every date
    assert (FIRST + datetime.timedelta(weeks=5)).isoformat() in listed


def test_a_hidden_season_is_not_shown(published_season, client):
    Tournament.objects.filter(pk=published_season.pk).update(hidden=True)
    assert client.get(f"/{published_season.slug}/fixtures/").status_code == 404


def test_the_live_round_and_a_captains_night_follow_the_dates(published_season, director,
                                                               client):
    from tournament.actions import player_keys, team_matches

    event = published_season
    today = datetime.date.today()
    for r in event.rounds.order_by("number"):
        team_matches.set_round_date(r, director,
                                    day=today + datetime.timedelta(weeks=r.number - 3))
    assert live_round(list(event.rounds.order_by("number"))).number == 3
    tm = pairings(event, 3)[0]
    key = player_keys.issue_key(event, None, number=tm.side0.number, member=2)
    client.post("/me/", {"code": key})
    page = client.get("/me/team/").content.decode()
    assert f"{tm.side0.name} v {tm.side1.name}" in page or (
        tm.side0.name in page and tm.side1.name in page)
    assert reverse("director:team_match", args=[event.slug, tm.pk]) not in page  # no leak
    # the match of round 3 is today's, not round 6's (the latest round)
    from tournament.models import PlayerKey
    from tournament.players import team_reads

    player = PlayerKey.objects.select_related("entrant", "tournament").get(
        entrant=tm.side0, member=2)
    assert team_reads.night_of(player).match.pk == tm.pk

def test_next_dated_picks_today_else_this_weeks_open_fixture():
    today = datetime.date(2026, 12, 3)
    items = [("old", today - datetime.timedelta(days=14), False),
             ("recent", today - datetime.timedelta(days=3), True),
             ("next", today + datetime.timedelta(days=4), False),
             ("undated", None, False)]

    def pick(xs):
        got = next_dated(xs, lambda i: i[1], done=lambda i: i[2], today=today)
        return got and got[0]

    assert pick(items) == "next"  # the recent one has its result; the old one is overdue
    assert pick([*items, ("today", today, True)]) == "today"
    assert pick([("recent", today - datetime.timedelta(days=3), False), *items]) == "recent"
    assert pick(items[:2]) is None


def test_a_season_deleted_round_by_round_is_paired_again(unpaired_division, director):
    made = season_actions.pair_season(unpaired_division, director, first_date=FIRST)
    with pytest.raises(ActionError, match="Only the latest round"):
        rounds.delete_round(made[0], director)
    for r in reversed(made):
        rounds.delete_round(r, director)
    assert not unpaired_division.stages.get().paired_ahead
    again = season_actions.pair_season(unpaired_division, director,
                                       first_date=FIRST + datetime.timedelta(days=1))
    assert again[-1].date == FIRST + datetime.timedelta(days=36)
