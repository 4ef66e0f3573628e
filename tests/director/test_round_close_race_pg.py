"""Results saved at once in a round with many boards: most take no round lock (they hold
an idle open board instead, board.holds_an_idle_board), and the round still closes exactly
once with its last result (PostgreSQL, real concurrent transactions)."""

import pytest
from django.contrib.auth.models import User

from tournament.actions import board, entrants, events, results, rounds
from tournament.models import AuditEntry, Match, ResultVersion, Round, Tournament

from ..races import at_once, needs_postgres, raised


def enter_together(boards, users):
    assert raised(at_once(*[
        lambda m=m, u=u: results.submit_result(m.pk, u, version=m.version, outcome="forfeit",
                                               conceded_by=1)
        for m, u in zip(boards, users, strict=True)])) == []


@needs_postgres
def test_every_board_entered_at_once_closes_the_round_once_postgresql():
    director = User.objects.create_user("dora")
    event = events.create_tournament(director, name="Race Open", rounds_planned=1,
                                     require_confirmation=False)
    arbiters = [User.objects.create_user(f"arb{i}") for i in range(6)]
    for a in arbiters:
        events.add_official(event, director, username=a.username)
    entrants.import_entrants(event, director, "name\n" + "\n".join(
        f"Player {i}" for i in range(12)))
    r1 = rounds.pair_round(event, director)
    rounds.publish_round(r1, director)
    for attempt in range(4):
        boards = list(r1.matches.exclude(side1=None).order_by("board"))
        assert len(boards) == 6
        enter_together(boards, arbiters)
        r1.refresh_from_db()
        assert r1.status == Round.Status.CLOSED, f"attempt {attempt}"
        assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.FINISHED
        assert AuditEntry.objects.filter(action="close_round").count() == attempt + 1
        assert r1.matches.awaiting_result().count() == 0
        Round.objects.filter(pk=r1.pk).update(status=Round.Status.PUBLISHED)
        Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.RUNNING)
        Match.objects.filter(round=r1).exclude(side1=None).update(
            status="pending", version=0, outcome="", winner=None, conceded_by=None)
        ResultVersion.objects.filter(match__round=r1).delete()


@pytest.mark.django_db
def test_a_result_with_another_open_board_idle_takes_no_round_lock():
    director = User.objects.create_user("dora")
    event = events.create_tournament(director, name="Quiet Open", require_confirmation=False)
    entrants.import_entrants(event, director, "name\nAnn\nBo\nCy\nDi")
    r1 = rounds.pair_round(event, director)
    rounds.publish_round(r1, director)
    first, second = r1.matches.order_by("board")
    assert board.holds_an_idle_board(r1, first) is True
    results.submit_result(second.pk, director, version=0, outcome="forfeit", conceded_by=1)
    assert board.holds_an_idle_board(r1, first) is False  # the last open board: lock
