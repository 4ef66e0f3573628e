"""The generated events hold only states the app can produce (issue #15): every played
match has the record the validator accepted, its sets match that record, and every
result has its version row."""

import pytest

import scoring
from tournament.models import Match, ResultVersion

from .factories import generate_event


@pytest.mark.django_db
def test_generated_results_are_what_result_entry_stores():
    event = generate_event(21, 5, last_live=True)  # odd: a bye each round
    played = list(Match.objects.filter(round__tournament=event, outcome="played")
                  .select_related("side0", "side1", "winner").prefetch_related("sets"))
    assert len(played) > 30
    for m in played:
        report = scoring.validate(m.record)
        assert report["valid"], report["errors"]
        assert m.players[report["winner"]] == m.winner
        assert [[s.score0, s.score1] for s in m.sets.all()] == [
            s["score"] for s in m.record["sets"]]
    results = Match.objects.filter(round__tournament=event).exclude(side1=None)
    assert not results.exclude(outcome="played").exclude(record=None).exists()
    assert ResultVersion.objects.filter(match__round__tournament=event).count() == \
        results.count()
    byes = Match.objects.filter(round__tournament=event, side1=None)
    assert list(byes.values_list("outcome", "status", "winner")) == [
        ("bye", "confirmed", m.side0_id) for m in byes]
