"""Two identical writes with one Idempotency-Key at the same instant, each on its own
PostgreSQL connection: stored once, and both told the same answer (the second waits on
the first one's key row, then is given its answer). Skipped on SQLite."""

import json

from django.test import Client

from tournament.models import AuditEntry, Match, ResultVersion, StoredAnswer

from ..races import POSTGRES_MARKS, at_once, raised
from .conftest import score_record

pytestmark = POSTGRES_MARKS


def sender(key, token, url, body, method="put"):
    def send():
        client = Client(raise_request_exception=False)
        return getattr(client, method)(url, json.dumps(body), content_type="application/json",
                                       headers={"Authorization": f"Token {token}",
                                                "Idempotency-Key": key})
    return send


def test_two_identical_results_at_once_are_stored_once(published_board, arbiter_api):
    url = f"/api/v1/matches/{published_board.pk}/result/"
    body = {"version": 0, "record": score_record([61, 40], [61, 30])}
    for attempt in range(3):
        key = f"race-{attempt}"
        answers = at_once(*[sender(key, arbiter_api.key, url, body) for _ in range(4)])
        assert raised(answers) == []
        codes = [a.status_code for a in answers]
        if attempt == 0:
            assert codes == [200] * 4, [a.content for a in answers]
        assert len({a.content for a in answers}) == 1  # one answer, given four times
        body = {"version": Match.objects.get(pk=published_board.pk).version,
                "record": score_record([61, 40], [61, 30 + attempt])}
    assert ResultVersion.objects.filter(match=published_board).count() == 3
    assert StoredAnswer.objects.count() == 3


def test_two_identical_confirmations_at_once_confirm_once(published_board, arbiter_api, arbiter2):
    assert arbiter_api.submit(published_board, version=0).status_code == 200
    url = f"/api/v1/matches/{published_board.pk}/confirm/"
    answers = at_once(*[sender("confirm-1", arbiter2.key, url, {"version": 1}, "post")
                        for _ in range(3)])
    assert [a.status_code for a in answers] == [200] * 3
    assert {a.content for a in answers} == {b'{"version": 2, "status": "confirmed"}'}
    assert AuditEntry.objects.filter(action="confirm_result").count() == 1
