"""Two arbiters' devices send the same board at the same moment: one wins, one gets 409."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tournament.models import Match, ResultVersion

from ..races import at_once, needs_postgres, raised
from .conftest import Api, score_record, token_for

ROOT = Path(__file__).resolve().parents[2]
RECORDS = [score_record([61, 40], [61, 30]), score_record([10, 61], [20, 61]),
           score_record([61, 59], [58, 61], [61, 0]), score_record([3, 61], [61, 4], [5, 61])]


def race(match, keys):
    """Each key submits its own record for `match` at version 0, all released at once."""
    devices = [Api(key) for key in keys]
    answers = at_once(*[lambda d=d, r=r: d.submit(match, version=0, record=r)
                        for d, r in zip(devices, RECORDS, strict=False)])
    assert raised(answers) == []
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


def setup_race(published_event, n):
    match = Match.objects.filter(round__tournament=published_event).exclude(side1=None).first()
    keys = [token_for(f"device{i}", published_event.slug) for i in range(n)]
    return match, keys


@needs_postgres
@pytest.mark.parametrize("devices", [2, 4])
def test_same_board_same_version_postgresql(published_event, devices):
    match, keys = setup_race(published_event, devices)
    for _ in range(3):  # a few rounds of racing, each on a fresh board state
        answers = race(match, keys)
        check_one_winner(match, answers)
        Match.objects.filter(pk=match.pk).update(version=0, status="pending", record=None)
        ResultVersion.objects.filter(match=match).delete()


def test_same_board_same_version_sqlite_file(tmp_path):
    """The SQLite variant, on a database file in a process of its own (see sqlite_race)."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run([sys.executable, "-m", "tests.api.sqlite_race",
                           str(tmp_path / "race.sqlite3")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")
