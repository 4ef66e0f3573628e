"""A write that lost a PostgreSQL deadlock or serialisation race runs again (three tries in
all), outside any transaction; one that still loses answers 503 with Retry-After: 1 and
stores nothing. The race is simulated here (the error PostgreSQL raises, with its SQLSTATE);
tests/api/test_races_pg.py makes real ones."""

import pytest

from tournament.actions import results
from tournament.models import Match, ResultVersion

from .test_faults import deadlocked

# Retrying needs to run outside any transaction, as a request does.
pytestmark = pytest.mark.django_db(transaction=True)


def losing(monkeypatch, name, times):
    """Make results.<name> lose a race `times` times, then run for real; returns the calls."""
    real, calls = getattr(results, name), []

    def action(*args, **kwargs):
        calls.append(1)
        if len(calls) <= times:
            deadlocked()
        return real(*args, **kwargs)
    monkeypatch.setattr(results, name, action)
    return calls


def test_a_result_that_lost_two_races_is_stored_once_on_the_third_try(
        published_board, arbiter_api, monkeypatch):
    calls = losing(monkeypatch, "submit_result", 2)
    response = arbiter_api.submit(published_board, version=0)
    assert response.status_code == 200 and response.json()["version"] == 1
    assert len(calls) == 3
    assert ResultVersion.objects.filter(match=published_board).count() == 1


def test_a_result_that_lost_three_races_is_503_retry_after_1_and_stores_nothing(
        published_board, arbiter_api, monkeypatch):
    calls = losing(monkeypatch, "submit_result", 3)
    response = arbiter_api.submit(published_board, version=0)
    assert response.status_code == 503 and response["Retry-After"] == "1"
    assert "Send it again" in response.json()["detail"]
    assert len(calls) == 3
    assert Match.objects.get(pk=published_board.pk).version == 0
    assert not ResultVersion.objects.filter(match=published_board).exists()


def test_a_confirmation_is_retried_too(published_board, arbiter_api, arbiter2, monkeypatch):
    assert arbiter_api.submit(published_board, version=0).status_code == 200
    calls = losing(monkeypatch, "confirm_result", 2)
    response = arbiter2.confirm(published_board, version=1)
    assert response.status_code == 200 and response.json() == {"version": 2,
                                                                "status": "confirmed"}
    assert len(calls) == 3
    calls = losing(monkeypatch, "confirm_result", 3)
    response = arbiter2.confirm(published_board, version=2)
    assert response.status_code == 503 and response["Retry-After"] == "1"
