"""The result form after a lost PostgreSQL race: retried, then a 503 that keeps the typing.

The race is simulated (the error PostgreSQL raises, with its SQLSTATE); the API's side and
the real races are in tests/api/test_retries.py and tests/api/test_races_pg.py."""

import pytest
from django.urls import reverse

from tournament.models import Match, ResultVersion

from ..api.test_retries import losing
from .conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)  # retrying runs outside transactions

TYPED = {"action": "enter", "version": 0, "outcome": "played",
         "s1_a": "61", "s1_b": "33", "s2_a": "61", "s2_b": "44"}


def test_the_form_is_stored_after_two_lost_races(client, round1, people, monkeypatch):
    m = round1["match"]
    calls = losing(monkeypatch, "submit_result", 2)
    client_for(client, people["arb"])
    response = client.post(reverse("arbiter:match", args=[m.pk]), TYPED)
    assert response.status_code == 302 and len(calls) == 3
    assert ResultVersion.objects.filter(match=m).count() == 1


def test_three_lost_races_answer_503_keep_the_typing_and_store_nothing(
        client, round1, people, monkeypatch):
    m = round1["match"]
    calls = losing(monkeypatch, "submit_result", 3)
    client_for(client, people["arb"])
    response = client.post(reverse("arbiter:match", args=[m.pk]), TYPED)
    assert response.status_code == 503 and response["Retry-After"] == "1"
    assert len(calls) == 3
    page = response.content.decode()
    assert "won a race for the database. Nothing was stored: save again." in page
    assert 'name="s1_b" value="33"' in page and 'name="s2_b" value="44"' in page
    assert Match.objects.get(pk=m.pk).version == 0
    assert not ResultVersion.objects.exists()


def test_a_confirmation_is_retried(client, round1, people, monkeypatch):
    m = round1["match"]
    client_for(client, people["arb"])
    assert client.post(reverse("arbiter:match", args=[m.pk]), TYPED).status_code == 302
    calls = losing(monkeypatch, "confirm_result", 2)
    client.force_login(people["arb2"])
    response = client.post(reverse("arbiter:match", args=[m.pk]),
                           {"action": "confirm", "version": 1})
    assert response.status_code == 302 and len(calls) == 3
    assert Match.objects.get(pk=m.pk).status == "confirmed"
