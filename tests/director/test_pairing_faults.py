"""A director's problem and a fault in the pairing's input are told apart
(pairing.Unpairable vs pairing.InconsistentEvent)."""

import logging

import pytest

from tournament.actions import ActionError, entrants, rounds
from tournament.models import Round
from tournament.pairing import TrfEvent, TrfPlayer

pytestmark = pytest.mark.django_db


def test_an_inconsistent_history_is_a_logged_fault_not_the_directors(
        seeded, director, monkeypatch, caplog):
    broken = TrfEvent("x", (TrfPlayer(1, "a", None), TrfPlayer(3, "c", None)))
    monkeypatch.setattr(rounds.history, "trf_event", lambda *a, **k: broken)
    with caplog.at_level(logging.ERROR, logger="tournament"), \
            pytest.raises(ActionError) as refused:
        rounds.pair_round(seeded, director)
    assert refused.value.status == 500
    assert "fault in the program" in refused.value.message
    assert "missing [2]" in refused.value.message
    assert any("inconsistent pairing input" in r.getMessage() for r in caplog.records)
    assert not Round.objects.filter(tournament=seeded).exists()


def test_an_unpairable_round_is_said_to_the_director(event, director):
    entrants.import_entrants(event, director, "name\nAnn Lee\nBo Park")
    ann, bo = event.entrants.order_by("number")
    entrants.add_forbidden_pair(event, director, first=ann, second=bo, reason="family")
    with pytest.raises(ActionError) as refused:
        rounds.pair_round(event, director)
    assert refused.value.status == 400
    assert "Round 1 cannot be paired: round 1 cannot be paired: no pairing satisfies" in \
        refused.value.message
    assert not Round.objects.filter(tournament=event).exists()
