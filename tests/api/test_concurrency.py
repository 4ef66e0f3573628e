"""Two arbiters' devices send the same board at the same moment: one wins, one gets 409."""

import threading

import pytest
from django.db import connection

from tournament.models import Match, ResultVersion

from .conftest import Api, score_record, token_for

RECORDS = [score_record([61, 40], [61, 30]), score_record([10, 61], [20, 61]),
           score_record([61, 59], [58, 61], [61, 0]), score_record([3, 61], [61, 4], [5, 61])]


def race(match, keys):
    """Each key submits its own record for `match` at version 0, all released at once."""
    barrier = threading.Barrier(len(keys))
    answers = [None] * len(keys)

    def device(i, key):
        try:
            api = Api(key)
            barrier.wait(timeout=10)
            answers[i] = api.submit(match, version=0, record=RECORDS[i])
        finally:
            connection.close()  # each thread has its own database connection

    threads = [threading.Thread(target=device, args=(i, k)) for i, k in enumerate(keys)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return answers


def check_one_winner(match, answers):
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * (len(answers) - 1)
    winner = answers[[a.status_code for a in answers].index(200)]
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 1 and winner.json()["version"] == 1
    assert ResultVersion.objects.filter(match=stored).count() == 1
    assert stored.sets.count() == len(stored.record["sets"])
    for loser in (a for a in answers if a.status_code == 409):
        # The loser is shown what was stored, not its own record.
        body = loser.json()
        assert body["version"] == 1 and body["record"] == stored.record


def setup_race(event, n):
    match = Match.objects.filter(round__tournament=event).exclude(black=None).first()
    keys = [token_for(f"device{i}", event.slug) for i in range(n)]
    return match, keys


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("devices", [2, 4])
def test_same_board_same_version_postgresql(event, devices):
    if connection.vendor != "postgresql":
        pytest.skip("needs DATABASE_URL=postgres://...")
    match, keys = setup_race(event, devices)
    for _ in range(3):  # a few rounds of racing, each on a fresh board state
        answers = race(match, keys)
        check_one_winner(match, answers)
        Match.objects.filter(pk=match.pk).update(version=0, status="pending", record=None)
        ResultVersion.objects.filter(match=match).delete()


@pytest.mark.django_db(transaction=True)
def test_same_board_same_version_sqlite(event, tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite variant")
    if connection.settings_dict["NAME"].startswith("file:memorydb") or \
            connection.is_in_memory_db():
        # Shared-cache in-memory SQLite locks whole tables without waiting: not the
        # file database the app runs on, where IMMEDIATE transactions queue writers.
        pytest.skip("needs a file database")
    match, keys = setup_race(event, 2)
    check_one_winner(match, race(match, keys))
