"""The pub league demo: Division 1 half-way through its season, built through the actions
(load_demo): six teams of eight, five nights published, every counted card valid, a
postponed match outstanding, a disputed card, players' entries waiting for the away
captain, and a league table whose played, won and points add up."""

import io

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

import scoring
from tournament.actions.base import one_change
from tournament.models import AuditEntry, Match, Round, Tournament
from tournament.models.rounds import live_round
from tournament.reads import league


@pytest.fixture(scope="module")
def demo_league(django_db_setup, django_db_blocker):
    """The demo loaded once for the module's tests, rolled back after them."""
    with django_db_blocker.unblock(), one_change():
        call_command("load_demo", stdout=io.StringIO())
        yield Tournament.objects.get(slug="demo-league")
        transaction.set_rollback(True)


@pytest.fixture(autouse=True)
def _in_the_demo(demo_league, db):
    """Each test in its own savepoint inside the module's transaction."""


def test_the_division_is_half_way_through_its_season(demo_league):
    t = demo_league
    assert (t.ruleset, t.entrants_kind, t.entry_policy) == ("bndcc", "teams",
                                                            "players_accept")
    assert t.team_points["close_loss"] == {"margin": 1, "points": 1}
    assert [len(e.members) for e in t.entrants.all()] == [8] * 6
    stage = t.stages.get()
    assert (stage.kind, stage.cycles, stage.rounds_planned()) == ("round_robin", 2, 10)
    assert t.rounds.filter(status=Round.Status.PUBLISHED).exists()
    # the whole season paired and published at once, weekly, night 5 this week's
    assert stage.paired_ahead and t.rounds.count() == 10
    assert not t.rounds.filter(status=Round.Status.DRAFT).exists()
    dates = list(t.rounds.order_by("number").values_list("date", flat=True))
    assert all((b - a).days == 7 for a, b in zip(dates, dates[1:], strict=False))
    assert dates[4].weekday() == 0 and 0 <= (timezone.localdate() - dates[4]).days < 7
    assert live_round(list(t.rounds.order_by("number"))).number == 5


def test_every_counted_board_is_valid_and_the_cards_add_up(demo_league):
    boards = Match.objects.team_boards().filter(round__tournament=demo_league,
                                                status="confirmed")
    assert boards.count() >= 4 * 2 * 9
    assert all(scoring.validate(b.record)["valid"] for b in boards)
    table = league.league_table(demo_league)
    assert sum(r.played for r in table.rows) == 2 * 11  # 11 cards count
    assert sum(r.boards_for for r in table.rows) == 11 * 9


def test_a_postponed_match_a_disputed_card_and_players_entries(demo_league):
    pairings = Match.objects.pairings().filter(round__tournament=demo_league)
    postponed = pairings.get(postponed_to__isnull=False)
    assert postponed.round.number == 3 and postponed.status == "pending"
    assert AuditEntry.objects.filter(action="postpone_match").count() == 1
    live = pairings.filter(round__number=5).exclude(side1=None).order_by("board")
    disputed, waiting, lined_up = live
    assert set(disputed.boards.values_list("status", flat=True)) == {"disputed"}
    statuses = list(waiting.boards.order_by("board").values_list("status", flat=True))
    assert statuses == ["entered"] * 6 + ["pending"] * 3
    assert all(b.entered_by_player.member - 1 == b.lineup[0][0]
               for b in waiting.boards.filter(status="entered"))
    assert not lined_up.boards.exclude(status="pending").exists()
    assert not lined_up.boards.filter(lineup__isnull=True).exists()


def test_the_public_pages_of_the_division(demo_league, client):
    for url in (f"/{demo_league.slug}/", f"/{demo_league.slug}/table/",
                f"/{demo_league.slug}/fixtures/", f"/{demo_league.slug}/team/1/"):
        assert client.get(url).status_code == 200
