"""Resending safely (shared/spec/table-entry.md): the officials' PUT .../result/ and POST
.../confirm/ with an Idempotency-Key. Each row of the spec's section has a test here; the
race of two identical requests at once is tests/api/test_idempotency_pg.py."""

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from tournament.models import AuditEntry, Match, ResultVersion, StoredAnswer
from tournament.web import idempotency

from .conftest import score_record
from .test_faults import deadlocked
from .test_writes import state

pytestmark = pytest.mark.django_db

KEY = "a1b2c3d4-resend"


def put(api, match, key, body=None, raw=None):
    body = body or {"version": match.version, "record": score_record([61, 40], [61, 30])}
    return api.client.put(f"/api/v1/matches/{match.pk}/result/",
                          raw if raw is not None else json.dumps(body),
                          content_type="application/json",
                          headers={**api.headers(), "Idempotency-Key": key})


def confirm(api, match, key, version):
    return api.client.post(f"/api/v1/matches/{match.pk}/confirm/",
                           json.dumps({"version": version}), content_type="application/json",
                           headers={**api.headers(), "Idempotency-Key": key})


def writes(match):
    return (ResultVersion.objects.filter(match=match).count(),
            AuditEntry.objects.filter(action__contains="result").count())


def test_a_repeat_is_given_the_first_answer_and_changes_nothing(published_board, arbiter_api):
    first = put(arbiter_api, published_board, KEY)
    assert first.status_code == 200 and first.json()["version"] == 1
    after, counted = state(published_board), writes(published_board)
    again = put(arbiter_api, published_board, KEY)  # the same body: version 0 would now be stale
    assert again.status_code == 200 and again.content == first.content
    assert state(published_board) == after and writes(published_board) == counted


def test_the_same_body_spelt_otherwise_is_the_same_request(published_board, arbiter_api):
    body = {"version": 0, "record": score_record([61, 40], [61, 30])}
    first = put(arbiter_api, published_board, KEY, body)
    spaced = json.dumps(dict(reversed(list(body.items()))), indent=3)
    again = put(arbiter_api, published_board, KEY, raw=spaced)
    assert again.status_code == 200 and again.content == first.content
    assert ResultVersion.objects.filter(match=published_board).count() == 1


def test_the_same_key_with_another_body_is_422_reused_and_changes_nothing(published_board,
                                                                          arbiter_api):
    put(arbiter_api, published_board, KEY)
    before, counted = state(published_board), writes(published_board)
    other = put(arbiter_api, published_board, KEY, {"version": 1,
                                      "record": score_record([10, 61], [10, 61])})
    assert other.status_code == 422
    assert other.json()["code"] == "idempotency_key_reused"
    assert "another request" in other.json()["detail"]
    assert state(published_board) == before and writes(published_board) == counted


def test_the_same_key_on_another_write_is_reused_too(published_board, arbiter_api, arbiter2):
    put(arbiter_api, published_board, KEY)
    refused = confirm(arbiter_api, published_board, KEY, 1)
    assert refused.status_code == 422 and refused.json()["code"] == "idempotency_key_reused"


def test_confirm_is_carried_out_once(published_board, arbiter_api, arbiter2):
    put(arbiter_api, published_board, KEY)
    first = confirm(arbiter2, published_board, KEY,
                    1)  # another credential: the same key is its own
    assert first.status_code == 200 and first.json() == {"version": 2, "status": "confirmed"}
    after = state(published_board)
    again = confirm(arbiter2, published_board, KEY, 1)
    assert again.status_code == 200 and again.content == first.content
    assert state(published_board) == after
    assert AuditEntry.objects.filter(action="confirm_result").count() == 1


def test_keys_belong_to_their_credential(published_board, arbiter_api, arbiter2):
    first = put(arbiter_api, published_board, KEY)
    # The other arbiter's same key with the same body is his own first request: carried out,
    # and refused as stale (version 0 is gone), not given the first arbiter's answer.
    theirs = put(arbiter2, published_board, KEY)
    assert theirs.status_code == 409 and theirs.content != first.content
    assert StoredAnswer.objects.filter(key=KEY).count() == 2


def test_a_refusal_is_kept_and_given_again(published_board, arbiter_api):
    bad = {"version": 0, "record": score_record([61, 40], [62, 30])}
    first = put(arbiter_api, published_board, KEY, bad)
    assert first.status_code == 422 and first.json()["report"]["valid"] is False
    again = put(arbiter_api, published_board, KEY, bad)
    assert again.status_code == 422 and again.content == first.content
    assert Match.objects.get(pk=published_board.pk).version == 0


@pytest.mark.django_db(transaction=True)
def test_a_failed_write_is_not_kept_so_the_resend_runs(published_board, arbiter_api, monkeypatch):
    from tournament.actions import results
    real = results.submit_result
    monkeypatch.setattr(results, "submit_result", lambda *a, **k: deadlocked())
    lost = put(arbiter_api, published_board, KEY)
    assert lost.status_code == 503 and lost["Retry-After"] == "1"
    assert not StoredAnswer.objects.filter(key=KEY).exists()
    monkeypatch.setattr(results, "submit_result", real)
    resent = put(arbiter_api, published_board, KEY)
    assert resent.status_code == 200 and resent.json()["version"] == 1


@pytest.mark.django_db(transaction=True)
def test_a_lost_race_inside_the_key_is_still_retried(published_board, arbiter_api, monkeypatch):
    from tournament.actions import results
    real, calls = results.submit_result, []

    def action(*args, **kwargs):
        calls.append(1)
        if len(calls) <= 2:
            deadlocked()
        return real(*args, **kwargs)
    monkeypatch.setattr(results, "submit_result", action)
    response = put(arbiter_api, published_board, KEY)
    assert response.status_code == 200 and len(calls) == 3
    assert ResultVersion.objects.filter(match=published_board).count() == 1
    assert put(arbiter_api, published_board, KEY).content == response.content and len(calls) == 3


@pytest.mark.parametrize("key", ["", " ", "has space", "x" * 65, "tab\there", "caf\u00e9"])
def test_a_key_that_is_not_1_to_64_visible_ascii_is_400(published_board, arbiter_api, key):
    before = state(published_board)
    response = put(arbiter_api, published_board, key)
    assert response.status_code == 400
    assert response.json()["code"] == "idempotency_key_invalid"
    assert "1 to 64 visible ASCII" in response.json()["detail"]
    assert state(published_board) == before and not StoredAnswer.objects.exists()


@pytest.mark.parametrize("key", ["x", "x" * 64, "!~{}[]\"'<>"])
def test_any_1_to_64_visible_ascii_is_a_key(published_board, arbiter_api, key):
    assert put(arbiter_api, published_board, key).status_code == 200
    assert StoredAnswer.objects.get().key == key


def test_without_a_key_nothing_is_kept(published_board, arbiter_api):
    assert arbiter_api.submit(published_board).status_code == 200
    assert not StoredAnswer.objects.exists()


def test_no_token_is_401_and_keeps_nothing(published_board, anon):
    response = put(anon, published_board, KEY)
    assert response.status_code == 401 and not StoredAnswer.objects.exists()


def test_keys_are_kept_24_hours_and_purged_after(published_board, arbiter_api):
    first = put(arbiter_api, published_board, KEY)
    StoredAnswer.objects.update(created=timezone.now() - timedelta(hours=24))
    assert put(arbiter_api, published_board, KEY).content == first.content  # still kept at 24 h
    out = io.StringIO()
    call_command("purge_idempotency_keys", stdout=out)
    assert out.getvalue().strip() == "0 idempotency keys purged."
    StoredAnswer.objects.update(created=timezone.now() - idempotency.KEEP - timedelta(minutes=1))
    call_command("purge_idempotency_keys", stdout=out)
    assert "1 idempotency key purged." in out.getvalue()
    assert not StoredAnswer.objects.exists()


def test_a_key_met_after_it_expired_counts_as_new(published_board, arbiter_api):
    put(arbiter_api, published_board, KEY)
    StoredAnswer.objects.update(created=timezone.now() - idempotency.KEEP - timedelta(minutes=1))
    fresh = put(arbiter_api, published_board, KEY, {"version": 1, "record": score_record([10, 61],
                                                                                         [10, 61])})
    assert fresh.status_code == 200 and fresh.json()["version"] == 2
    assert StoredAnswer.objects.count() == 1


def test_the_openapi_document_names_the_header_and_the_codes(anon):
    doc = anon.get("/api/v1/openapi.json").json()
    for path, method in (("/api/v1/matches/{match_id}/result/", "put"),
                         ("/api/v1/matches/{match_id}/confirm/", "post")):
        op = doc["paths"][path][method]
        assert any(p["name"] == "Idempotency-Key" and p["in"] == "header"
                   for p in op["parameters"])
        assert "422" in op["responses"] and "400" in op["responses"]
    codes = doc["components"]["schemas"]["KeyRefused"]["properties"]["code"]
    assert set(codes["enum"]) == {"idempotency_key_invalid", "idempotency_key_reused"}


def test_a_credential_names_its_kind(plain_director):
    class PlayerKey:
        pk = plain_director.pk  # the same id as an account: still another scope
    assert idempotency.credential_of(plain_director) == f"user:{plain_director.pk}"
    assert idempotency.credential_of(PlayerKey()) == f"playerkey:{plain_director.pk}"
