"""A write queued on the phone, sent twice as static/js/offline.js sends it (the form's
fields, a fresh CSRF token from /offline/token/ each time, the item's Idempotency-Key in
the header and the hidden field): one version is stored, and both sendings are answered
"stored" (the same redirect), so the phone never shows it as failed or sends it again."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import Match, ResultVersion

pytestmark = pytest.mark.django_db

FIELDS = [("action", "enter"), ("version", "0"), ("outcome", "played"), ("s1_a", "61"),
          ("s1_b", "40"), ("s2_a", "55"), ("s2_b", "61"), ("s3_a", "61"), ("s3_b", "12")]


def send(client, match, key):
    """One sending of the queued item: a fresh token, then the post."""
    token = json.loads(client.get(reverse("offline:token")).content)["csrf"]
    body = dict(FIELDS) | {"csrfmiddlewaretoken": token, "idempotency_key": key}
    return client.post(reverse("arbiter:match", args=[match.pk]), body,
                       headers={"Idempotency-Key": key, "X-CSRFToken": token})


def test_one_queued_write_sent_twice_is_stored_once(round1, people):
    client = Client(enforce_csrf_checks=True)  # as a browser: the token must be right
    client.force_login(people["arb"])
    m = round1["match"]
    key = "3f1c9a0e5b7d4c2a8e6f0b1d3c5a7e9f"
    first = send(client, m, key)
    assert first.status_code == 302
    # The answer was lost on the way (the wifi dropped): the phone sends it again.
    again = send(client, m, key)
    assert again.status_code == 302 and again["Location"] == first["Location"]
    assert ResultVersion.objects.filter(match=m).count() == 1
    m.refresh_from_db()
    assert (m.version, m.status) == (1, Match.Status.ENTERED)


def test_a_queued_write_without_a_valid_token_is_refused_and_stores_nothing(round1, people):
    client = Client(enforce_csrf_checks=True)
    client.force_login(people["arb"])
    m = round1["match"]
    body = dict(FIELDS) | {"csrfmiddlewaretoken": "stale", "idempotency_key": "k"}
    assert client.post(reverse("arbiter:match", args=[m.pk]), body).status_code == 403
    assert not ResultVersion.objects.filter(match=m).exists()
