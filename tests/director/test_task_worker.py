"""The task worker outlives the database (tournament/web/worker.py, `manage.py task_worker`):
it rides out an outage, runs again a task the database stopped half-way (at most
worker.MAX_RUNS times), a supervisor starts it again when it dies, and the job's page
says when no worker is running instead of waiting forever."""

import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import OperationalError, connection, connections
from django.urls import reverse
from django_tasks_db.models import DBTaskResult, DBTaskResultQuerySet

from tournament.models import Job
from tournament.web import revision, tasks, worker

pytestmark = pytest.mark.django_db

LOST = "server closed the connection unexpectedly"


@pytest.fixture
def pairing_to_worker(monkeypatch):
    """Every event counts as big: its pairing goes to the task worker."""
    monkeypatch.setattr(tasks, "INLINE_MAX_ENTRANTS", 2)


@pytest.fixture
def waits(monkeypatch):
    """The worker's waits after a database error, recorded instead of slept."""
    slept = []
    monkeypatch.setattr(worker, "pause", slept.append)
    return slept


def task_worker(**given):
    """A worker that runs what is queued, then stops (`--batch`), as the command makes it."""
    options = dict(queue_names=["default"], interval=0, batch=True, backend_name="default",
                   startup_delay=False, max_tasks=None, worker_id="w1",
                   excluded_queue_names=[])
    return worker.TaskWorker(**(options | given))


def fails_first(monkeypatch, owner, name, times, error=None):
    """Make `owner.name` raise the database's error its first `times` calls."""
    real = getattr(owner, name)
    calls = []

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) <= times:
            if error is not None:
                error()
            else:
                raise OperationalError(LOST)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, flaky)
    return calls


def job_page(client, job):
    return client.get(reverse("director:job", args=[job.pk])).content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_worker_rides_out_an_outage_then_runs_the_job(seeded, director, pairing_to_worker,
                                                          waits, monkeypatch, caplog):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    # The database goes away as the worker looks for a task, and stays away while it
    # tries three times.
    lost = fails_first(monkeypatch, DBTaskResultQuerySet, "get_locked", 1)
    tries = fails_first(monkeypatch, worker, "reach", 3)
    with caplog.at_level(logging.WARNING, logger="tournament"):
        task_worker().run()
    assert waits == [0.5, 1.0, 2.0, 4.0]  # backing off, doubling
    assert len(lost) >= 2 and len(tries) == 4
    job.refresh_from_db()
    assert job.status == "done" and seeded.rounds.get().matches.count() == 4
    said = caplog.text
    assert said.count("The task worker lost the database (server closed the connection "
                      "unexpectedly); trying again in") == 4
    assert "The task worker reaches the database again" in said


def test_the_waits_double_up_to_ten_seconds():
    assert [worker.wait_after(n) for n in range(1, 8)] == [0.5, 1, 2, 4, 8, 10, 10]


@pytest.mark.django_db(transaction=True)
def test_a_task_the_database_stopped_runs_again(seeded, director, pairing_to_worker, waits,
                                                monkeypatch, caplog):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    fails_first(monkeypatch, tasks, "pair", 1)
    with caplog.at_level(logging.WARNING, logger="tournament"):
        task_worker().run()
    job.refresh_from_db()
    assert job.status == "done", job.message
    assert seeded.rounds.count() == 1 and seeded.rounds.get().matches.count() == 4
    task = DBTaskResult.objects.get(pk=job.task_id)
    assert task.status == "SUCCESSFUL" and task.worker_ids == ["w1", "w1"]  # two runs
    assert "was interrupted (run 1 of 3): queued again" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_a_task_stopped_after_its_action_is_not_made_twice(seeded, director, pairing_to_worker,
                                                           waits, monkeypatch):
    """The action and its job's "done" are one change: the database lost between them
    keeps neither, and the second run pairs round 1 once."""
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    fails_first(monkeypatch, tasks, "finish", 1)
    task_worker().run()
    job.refresh_from_db()
    assert job.status == "done", job.message
    assert [r.number for r in seeded.rounds.all()] == [1]


@pytest.mark.django_db(transaction=True)
def test_a_task_stopped_every_time_fails_its_job_after_three_runs(seeded, director,
                                                                  pairing_to_worker, waits,
                                                                  monkeypatch, dc):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    calls = fails_first(monkeypatch, tasks, "pair", 100)
    task_worker().run()  # stops: nothing left to run
    assert len(calls) == worker.MAX_RUNS == 3
    job.refresh_from_db()
    assert job.status == "failed" and job.message == worker.INTERRUPTED
    assert DBTaskResult.objects.get(pk=job.task_id).status == "FAILED"
    assert not seeded.rounds.exists()
    page = job_page(dc, job)
    assert "It failed, and nothing was changed:</strong> It was interrupted 3 times" in page
    # ...and it blocks nothing: the director presses Pair again.
    assert tasks.start(Job.Kind.PAIR_ROUND, director, seeded).status == "queued"


def claimed(job, *worker_ids):
    """The job's task as a worker (or several, one after another) left it: running."""
    task = DBTaskResult.objects.get(pk=job.task_id)
    for worker_id in worker_ids:
        task.claim(worker_id)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)
    return task


def test_a_run_again_is_said_on_the_jobs_page(seeded, director, pairing_to_worker, dc):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    claimed(job, "w1")
    assert worker.run_again([job.task_id]) == 1
    job.refresh_from_db()
    assert job.status == "queued" and job.message == worker.again_words(1)
    assert DBTaskResult.objects.get(pk=job.task_id).status == "READY"
    page = job_page(dc, job)
    assert ("Run 1 of 3 was interrupted (the database went away or the task worker "
            "stopped), and nothing was changed: it runs again as soon as a worker is free.") \
        in page
    state = dc.get(reverse("director:job_status", args=[job.pk])).json()
    assert state["message"] == worker.again_words(1) and not state["finished"]


def test_only_tasks_still_running_run_again(seeded, director, pairing_to_worker):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    assert worker.run_again([job.task_id]) == 0  # queued, never started: left alone
    assert DBTaskResult.objects.get(pk=job.task_id).worker_ids == []


def test_the_jobs_page_says_when_no_worker_is_running(seeded, director, pairing_to_worker, dc):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    status_url = reverse("director:job_status", args=[job.pk])
    assert not worker.running()
    page = job_page(dc, job)
    waiting = page.split('id="job-waiting"')[1].split(">")[0]
    assert "hidden" not in waiting
    assert "No task worker is running, so this waits until one starts" in page
    assert "manage.py task_worker --supervise" in page
    assert dc.get(status_url).json()["worker"] is False
    worker.beat()  # a worker's heartbeat
    assert worker.running()
    assert " hidden" in job_page(dc, job).split('id="job-waiting"')[1].split(">")[0]
    assert dc.get(status_url).json()["worker"] is True


def test_the_heartbeat_outlives_a_long_task(monkeypatch):
    """It beats from its own thread, while the worker's is busy with a task."""
    monkeypatch.setattr(worker, "BEAT_SECONDS", 0.01)
    heart = worker.Heartbeat()
    heart.start()
    try:
        for _ in range(200):
            if worker.running():
                break
            heart.stopped.wait(0.01)
        revision.store().delete(worker.BEAT_KEY)
        # Beaten again: within ten beats on a quiet machine, within seconds on a busy one.
        for _ in range(1000):
            if worker.running():
                break
            heart.stopped.wait(0.01)
        assert worker.running()
    finally:
        heart.stopped.set()
        heart.join()


# ---------------------------------------------------------------- the supervisor


def exits(code: int, log: Path):
    """A child that notes its worker id and stops at once."""
    return lambda worker_id: [sys.executable, "-c",
                              f"open({str(log)!r}, 'a').write({worker_id!r} + '\\n'); "
                              f"raise SystemExit({code})"]


def test_the_supervisor_starts_a_worker_again_when_it_stops(tmp_path, caplog):
    slept = []
    log = tmp_path / "started"
    with caplog.at_level(logging.ERROR, logger="tournament"):
        started = worker.supervise(exits(1, log), prefix="t", restarts=2, sleep=slept.append)
    assert started == 3
    assert log.read_text().split() == ["t-1", "t-2", "t-3"]
    assert slept == [2.0, 4.0]  # children dying young: a longer wait each time
    assert "The task worker t-1 stopped (exit code 1); starting another in 2.0 s" in caplog.text


def test_a_stopped_supervisor_lets_its_worker_finish_and_stops_with_it(tmp_path):
    """SIGTERM (or Ctrl-C) to the supervisor: its worker, in a session of its own so a
    terminal's Ctrl-C does not reach it twice, gets one SIGTERM, finishes and stops; the
    supervisor starts no other."""
    log = tmp_path / "child"
    child = ("import os, signal, sys, time\n"
             f"log = open({str(log)!r}, 'a')\n"
             "log.write(f'{os.getsid(0)}\\n'); log.flush()\n"
             "def done(signum, frame):\n"
             "    log.write(f'stopped by {signal.Signals(signum).name}\\n'); sys.exit(0)\n"
             "signal.signal(signal.SIGTERM, done)\n"
             "time.sleep(60)\n")
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGTERM))
    timer.start()
    began = time.monotonic()
    started = worker.supervise(lambda worker_id: [sys.executable, "-c", child], prefix="t")
    timer.join()
    assert started == 1 and time.monotonic() - began < 30
    session, said = log.read_text().split("\n")[:2]
    assert int(session) != os.getsid(0)
    assert said == "stopped by SIGTERM"


def test_the_supervisor_runs_again_what_a_killed_worker_was_running(seeded, director,
                                                                    pairing_to_worker, tmp_path):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    claimed(job, "t-1")  # the worker t-1 took it, then was killed (below)
    other = tasks.start(Job.Kind.IMPORT_ENTRANTS, director, seeded, "Zed Moss,Leek\n")
    claimed(other, "elsewhere")  # another machine's worker, alive: not touched
    kill = "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"
    worker.supervise(lambda worker_id: [sys.executable, "-c", kill], prefix="t",
                     restarts=0)
    job.refresh_from_db()
    assert job.status == "queued" and job.message == worker.again_words(1)
    assert DBTaskResult.objects.get(pk=job.task_id).status == "READY"
    other.refresh_from_db()
    assert other.status == "running"
    assert DBTaskResult.objects.get(pk=other.task_id).status == "RUNNING"


def test_the_command_supervises_a_task_worker(monkeypatch):
    seen = {}

    def supervise(command, **kwargs):
        seen["command"] = command("host-1")

    monkeypatch.setattr(worker, "supervise", supervise)
    call_command("task_worker", "--supervise", "--interval", "0.5", verbosity=0)
    command = seen["command"]
    assert command[0] == sys.executable and command[1].endswith("manage.py")
    assert command[2:4] == ["task_worker", "--no-reload"]
    assert "--supervise" not in command
    assert command[command.index("--interval") + 1] == "0.5"
    assert command[-2:] == ["--worker-id", "host-1"]
    with pytest.raises(CommandError, match="does not go with --batch"):
        call_command("task_worker", "--supervise", "--batch")


@pytest.mark.django_db(transaction=True)
def test_the_command_runs_the_queue(seeded, director, pairing_to_worker):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    call_command("task_worker", "--batch", "--no-startup-delay", "--interval", "0",
                 verbosity=0)
    job.refresh_from_db()
    assert job.status == "done"


def test_make_run_and_make_venue_supervise_the_worker(monkeypatch, settings):
    from tournament.management.commands import venue

    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    assert "manage.py task_worker --supervise" in makefile
    assert "db_worker" not in makefile
    started = []

    class Child:
        def __init__(self, args, **kwargs):
            started.append(args)

        def wait(self, timeout=None):
            return 0

        def poll(self):
            return 0

    monkeypatch.setattr(venue.subprocess, "run", lambda *a, **k: None)
    monkeypatch.setattr(venue.subprocess, "Popen", Child)
    monkeypatch.setattr(venue.network, "environment", lambda env, **k: env)
    monkeypatch.setattr(venue.signal, "signal", lambda *a: None)
    call_command("venue", "--port", "8123", stdout=open("/dev/null", "w"))
    task_worker_args = [a for a in started if "task_worker" in a]
    assert len(task_worker_args) == 1
    assert task_worker_args[0][2:4] == ["task_worker", "--supervise"]


# -------------------------------------------------------- a real connection killed


def kill_own_connection():
    """Terminate this process's PostgreSQL connection from another one, as a database
    restart or a fail-over does."""
    pid = connection.connection.info.backend_pid
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_killed_connection_idle_and_mid_task_on_postgresql(seeded, director, pairing_to_worker,
                                                              waits, monkeypatch):
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    connection.ensure_connection()
    fails_first(monkeypatch, DBTaskResultQuerySet, "get_locked", 1, kill_own_connection)
    fails_first(monkeypatch, tasks, "pair", 1, kill_own_connection)
    task_worker().run()
    assert len(waits) == 2  # the idle kill and the mid-task kill, each ridden out
    job.refresh_from_db()
    assert job.status == "done", job.message
    assert [r.number for r in seeded.rounds.all()] == [1]
    assert seeded.rounds.get().matches.count() == 4
    assert len(DBTaskResult.objects.get(pk=job.task_id).worker_ids) == 2
