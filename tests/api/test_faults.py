"""The server's own failures still get a clear answer: JSON on /api/, a page for people."""

import json

import pytest
from django.db import OperationalError, connections
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def database_away(monkeypatch):
    """Every query from now on fails as it does when the server cannot be reached."""
    def refuse(*args, **kwargs):
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: '
                               "Connection refused")
    monkeypatch.setattr(connections["default"], "cursor", refuse)


def client():
    return Client(raise_request_exception=False)


def test_a_bug_in_an_api_view_answers_json_500(published_event, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr("tournament.api.reads.visible_tournaments", broken)
    response = client().get("/api/v1/tournaments/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response.json()["detail"].startswith("Server error")


def test_api_read_with_the_database_away_is_503_json_with_retry_after(published_event, monkeypatch):
    database_away(monkeypatch)
    response = client().get(f"/api/v1/tournaments/{published_event.slug}/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert "briefly unavailable" in response.json()["detail"]


def test_api_write_with_the_database_away_is_503_json(published_board, arbiter_api, monkeypatch):
    database_away(monkeypatch)
    response = arbiter_api.client.put(
        f"/api/v1/matches/{published_board.pk}/result/", json.dumps({"version": 0}),
        content_type="application/json", headers=arbiter_api.headers())
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.json()["detail"]


def test_pages_with_the_database_away_are_503_in_the_site_layout(published_event, monkeypatch):
    database_away(monkeypatch)
    c = client()
    for url in ("/", f"/{published_event.slug}/", f"/{published_event.slug}/standings/"):
        response = c.get(url)
        assert response.status_code == 503, url
        assert response["Retry-After"] == "30"
        text = response.content.decode()
        assert "<h1>Back shortly</h1>" in text and "Fives &amp; Threes" in text


def test_a_page_bug_is_the_site_500_page(monkeypatch, db):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr("tournament.public.views.render", broken)
    response = client().get("/")
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_limit_is_413_json_and_stores_nothing(published_board, arbiter_api):
    from .test_writes import state
    before = state(published_board)
    body = json.dumps({"version": 0, "reason": "x" * 2000})
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", body, raw=True)
    assert response.status_code == 413
    assert "1000 bytes" in response.json()["detail"]
    assert state(published_board) == before


def test_the_request_limit_is_set():
    from django.conf import settings
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 1024 * 1024
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


class LostRace(Exception):
    sqlstate = "40P01"


def deadlocked(calls=None):
    if calls is not None:
        calls.append(1)
    try:
        raise LostRace()
    except LostRace as cause:
        raise OperationalError("deadlock detected") from cause


@pytest.mark.django_db(transaction=True)  # a retry needs to be outside any transaction
def test_a_transaction_that_lost_a_deadlock_runs_again_up_to_three_times():
    from tournament.actions.base import retrying
    calls = []
    with pytest.raises(OperationalError):
        retrying(lambda: deadlocked(calls))()
    assert len(calls) == 3
    outcomes = iter([True, False])

    def flaky():
        if next(outcomes):
            deadlocked()
        return "stored"
    assert retrying(flaky)() == "stored"


def test_a_lost_race_is_503_with_retry_after_1(published_board, arbiter_api, monkeypatch):
    monkeypatch.setattr("tournament.api.writes.actions.submit_result",
                        lambda *a, **k: deadlocked())
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", {"version": 0})
    assert response.status_code == 503 and response["Retry-After"] == "1"
    assert "Send it again" in response.json()["detail"]
