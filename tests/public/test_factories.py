"""The generated events hold only states the app can produce (issues #15, #23): they are
built through the actions, so every played match has the record the validator accepted,
its sets match that record, and every result has its audit rows and version history."""

import pytest

import scoring
from tournament.demo.generate import generate_event
from tournament.models import AuditEntry, Match, ResultVersion, Round, Tournament


@pytest.fixture
def generated_event(db):
    return generate_event(21, 5, last_live=True)  # odd: a bye each round


def test_generated_results_are_what_result_entry_stores(generated_event):
    played = list(Match.objects.filter(round__tournament=generated_event, outcome="played")
                  .select_related("side0", "side1", "winner").prefetch_related("sets"))
    assert len(played) > 30
    for m in played:
        report = scoring.validate(m.record)
        assert report["valid"], report["errors"]
        assert m.players[report["winner"]] == m.winner
        assert [[s.score0, s.score1] for s in m.sets.all()] == [
            s["score"] for s in m.record["sets"]]
    results = Match.objects.filter(round__tournament=generated_event).exclude(side1=None)
    assert not results.exclude(outcome="played").exclude(record=None).exists()
    byes = Match.objects.filter(round__tournament=generated_event, side1=None)
    assert list(byes.values_list("outcome", "status", "winner")) == [
        ("bye", "confirmed", m.side0_id) for m in byes]


def test_every_result_has_its_audit_rows_and_versions(generated_event):
    """Drift from the actions fails here: a result written straight into the table has
    no entry audit row, and no version row for each change."""
    results = list(Match.objects.filter(round__tournament=generated_event).exclude(side1=None))
    audit = AuditEntry.objects.filter(tournament=generated_event)
    entered = [a.detail["match"] for a in audit.filter(action=AuditEntry.Action.ENTER_RESULT)]
    confirmed = [a.detail["match"] for a in
                 audit.filter(action=AuditEntry.Action.CONFIRM_RESULT)]
    assert sorted(entered) == sorted(m.pk for m in results)  # one entry row per result
    assert sorted(confirmed) == sorted(m.pk for m in results
                                       if m.status == Match.Status.CONFIRMED)
    for m in results:
        versions = list(ResultVersion.objects.filter(match=m).order_by("version")
                        .values_list("version", "status"))
        assert versions[-1] == (m.version, m.status)
        assert [v for v, _ in versions] == list(range(1, m.version + 1))
    assert audit.filter(action=AuditEntry.Action.CREATE_TOURNAMENT).count() == 1
    assert audit.filter(action=AuditEntry.Action.PUBLISH_ROUND).count() == 5


def test_rounds_close_themselves_and_the_live_round_stays_open(generated_event):
    rounds = list(Round.objects.filter(tournament=generated_event).order_by("number")
                  .values_list("status", flat=True))
    assert rounds == [Round.Status.CLOSED] * 4 + [Round.Status.PUBLISHED]
    assert generated_event.status == Tournament.Status.RUNNING
    live = Match.objects.filter(round__tournament=generated_event,
                                round__number=5).exclude(side1=None)
    assert live.filter(status=Match.Status.ENTERED).exists()
    assert live.filter(status=Match.Status.CONFIRMED).exists()
    finished = generate_event(8, 2, slug="eight")
    assert finished.status == Tournament.Status.FINISHED
