"""The arbiter's entry and confirm forms sent twice (a double tap, a resend after a lost
connection): with the page's hidden `idempotency_key`, or an Idempotency-Key header, the
write is carried out once and the resend gets the same redirect."""

import re

import pytest
from django.urls import reverse

from tournament.models import AuditEntry, Match, ResultVersion, StoredAnswer

from .conftest import client_for
from .test_confirm import entered_by

pytestmark = pytest.mark.django_db

SCORES = {"s1_a": "61", "s1_b": "40", "s2_a": "61", "s2_b": "30"}


def page_key(client, match) -> str:
    page = client.get(reverse("arbiter:match", args=[match.pk])).content.decode()
    keys = re.findall(r'name="idempotency_key" value="([^"]+)"', page)
    assert keys, "the form carries no key"
    return keys[0]


def enter(client, match, key=None, headers=None, **data):
    data = {"action": "enter", "version": 0, "outcome": "played", **SCORES, **data}
    if key is not None:
        data["idempotency_key"] = key
    return client.post(reverse("arbiter:match", args=[match.pk]), data, headers=headers or {})


def test_the_entry_form_sent_twice_is_stored_once(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    key = page_key(client, m)
    first = enter(client, m, key, csrfmiddlewaretoken="one")
    assert first.status_code == 302
    again = enter(client, m, key, csrfmiddlewaretoken="two")  # a new CSRF mask: same write
    assert again.status_code == 302 and again["Location"] == first["Location"]
    assert ResultVersion.objects.filter(match=m).count() == 1
    assert Match.objects.get(pk=m.pk).version == 1


def test_each_drawing_of_the_page_has_a_new_key(client, round1, people):
    client_for(client, people["arb"])
    assert page_key(client, round1["match"]) != page_key(client, round1["match"])


def test_another_form_with_the_same_key_is_refused_422(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    enter(client, m, "k-1")
    other = enter(client, m, "k-1", version=1, s2_b="50")
    assert other.status_code == 422 and "was used for another request" in other.content.decode()
    assert Match.objects.get(pk=m.pk).version == 1


def test_a_refused_form_is_not_kept_so_the_corrected_one_is_stored(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    refused = enter(client, m, "k-2", s2_b="62")  # 61-62 cannot be a set score
    assert refused.status_code in (400, 422) and not StoredAnswer.objects.exists()
    assert enter(client, m, "k-2").status_code == 302
    assert Match.objects.get(pk=m.pk).version == 1


def test_confirm_with_the_header_is_carried_out_once(client, round1, people):
    m = entered_by(round1, people["arb"])
    client_for(client, people["arb2"])
    url = reverse("arbiter:match", args=[m.pk])
    answers = [client.post(url, {"action": "confirm", "version": 1},
                           headers={"Idempotency-Key": "confirm-7"}) for _ in range(2)]
    assert [a.status_code for a in answers] == [302, 302]
    assert AuditEntry.objects.filter(action="confirm_result").count() == 1
    assert Match.objects.get(pk=m.pk).version == 2


def test_a_bad_key_is_400_and_stores_nothing(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = enter(client, m, "x" * 65)
    assert response.status_code == 400 and "1 to 64 visible ASCII" in response.content.decode()
    assert Match.objects.get(pk=m.pk).version == 0


def test_keys_belong_to_the_signed_in_user(client, round1, people):
    m = entered_by(round1, people["arb"])
    client_for(client, people["arb"])
    mine = client.post(reverse("arbiter:match", args=[m.pk]),
                       {"action": "confirm", "version": 1, "idempotency_key": "same"})
    assert mine.status_code == 403  # his own entry: refused, and not kept
    client_for(client, people["arb2"])
    theirs = client.post(reverse("arbiter:match", args=[m.pk]),
                         {"action": "confirm", "version": 1, "idempotency_key": "same"})
    assert theirs.status_code == 302
    assert Match.objects.get(pk=m.pk).status == "confirmed"
