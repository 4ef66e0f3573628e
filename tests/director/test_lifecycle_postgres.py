"""The last two boards of a round confirmed at the same moment still close the round."""

from django.contrib.auth.models import User

from tournament.actions import entrants, events, results, rounds
from tournament.models import AuditEntry, Match, ResultVersion, Round, Tournament

from ..races import at_once, needs_postgres, raised


def confirm_together(boards, users):
    assert raised(at_once(*[lambda m=m, u=u: results.confirm_result(m.pk, u, version=m.version)
                            for m, u in zip(boards, users, strict=True)])) == []


@needs_postgres
def test_last_boards_confirmed_at_once_close_the_round_postgresql():
    director = User.objects.create_user("dora", password="pw-123456")
    arbiters = [User.objects.create_user(n, password="pw-123456") for n in ("ann", "bob")]
    event = events.create_tournament(director, name="Race Open", rounds_planned=1)
    for a in arbiters:
        events.add_official(event, director, username=a.username)
    entrants.import_entrants(event, director, "name\nAnn\nBo\nCy\nDi")
    r1 = rounds.pair_round(event, director)
    rounds.publish_round(r1, director)
    for attempt in range(5):
        boards = list(r1.matches.order_by("board"))
        for m in boards:
            results.submit_result(m.pk, director, version=m.version, outcome="forfeit",
                                  conceded_by=1, reason="again" if attempt else "")
        boards = list(r1.matches.order_by("board"))
        assert all(m.status == "entered" for m in boards)
        confirm_together(boards, arbiters)
        r1.refresh_from_db()
        event.refresh_from_db()
        assert r1.status == Round.Status.CLOSED, f"attempt {attempt}"
        assert event.status == Tournament.Status.FINISHED
        assert AuditEntry.objects.filter(action="close_round").count() == attempt + 1
        # Back to two entered results waiting, in a live round, for the next attempt.
        Round.objects.filter(pk=r1.pk).update(status=Round.Status.PUBLISHED)
        Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.RUNNING)
        Match.objects.filter(round=r1).update(status="pending", version=0, outcome="",
                                              winner=None, conceded_by=None)
        ResultVersion.objects.filter(match__round=r1).delete()
