"""The task worker that outlives the database: `manage.py task_worker` (docs/deploy.md).

django-tasks-db's worker (`db_worker`) ends on the first database error: a 3 s outage, a
fail-over or a killed connection stopped it for good, and the jobs queued behind it
(tournament/web/tasks.py) waited forever. `TaskWorker` runs the same loop and rides such
errors out: it closes the broken connection, waits (0.5 s, doubling to 10 s), logs, and
carries on. A task that an outage stopped half-way is run again, at most MAX_RUNS times in
all (its action is one change, so nothing of the stopped run was kept); then its job fails
with INTERRUPTED.

`supervise` runs the worker as a child process and starts another whenever it stops
(killed, out of memory, a bug): `make run`, `make venue` and the process list in
docs/deploy.md run `task_worker --supervise`. A task the dead child was running is queued
again (same limit of runs).

While a worker runs it beats every BEAT_SECONDS in the cache every process of the machine
shares (`revision.store()`); the job's page (director/views_jobs.py) says so when no worker
is running (`running()`), instead of leaving the director to wait.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

from django.db import connections, transaction
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from ..middleware import is_outage
from ..models import Job
from . import revision

log = logging.getLogger("tournament")

MAX_RUNS = 3  # runs of one task, the first included, before an interrupted job fails
FIRST_WAIT = 0.5  # seconds before the first retry after a database error; doubles
LONGEST_WAIT = 10.0
BEAT_SECONDS = 5
BEAT_KEY = "task-worker:beat"
STOP_SECONDS = 60  # a stopping supervisor lets its worker finish its task this long
INTERRUPTED = (f"It was interrupted {MAX_RUNS} times (the database went away or the task "
               "worker stopped), and nothing was changed. Try again; if it keeps "
               "happening, tell the site's administrators.")


def again_words(runs: int) -> str:
    return (f"Run {runs} of {MAX_RUNS} was interrupted (the database went away or the task "
            "worker stopped), and nothing was changed: it runs again as soon as a worker "
            "is free.")


pause = time.sleep  # the worker's wait after a database error (tests record it instead)


def wait_after(failures: int) -> float:
    """Seconds to wait after the n-th database error in a row."""
    return min(LONGEST_WAIT, FIRST_WAIT * 2 ** (failures - 1))


def close_connections() -> None:
    """Drop every connection (a broken one cannot be used again); the next query opens a
    new one."""
    for conn in connections.all(initialized_only=True):
        try:
            conn.close()
        except Exception:  # already gone with the database
            pass


def reach(alias: str) -> None:
    """One trivial query: the database's error while it is still away."""
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT 1")


# ------------------------------------------------------------- interrupted tasks


def run_again(task_ids) -> int:
    """Queue again the tasks of `task_ids` that a stopped run left running, and their jobs;
    one run out of MAX_RUNS fails instead, its job with INTERRUPTED. Tasks that ended in
    the meantime are left alone. Returns how many run again."""
    again = 0
    for task_id in task_ids:
        with transaction.atomic():
            task = (DBTaskResult.objects.select_for_update()
                    .filter(pk=task_id, status=TaskResultStatus.RUNNING).first())
            if task is None:
                continue
            runs = len(task.worker_ids)
            jobs = Job.objects.filter(task_id=str(task.pk), status__in=Job.LIVE)
            if runs >= MAX_RUNS:
                task.status = TaskResultStatus.FAILED
                task.finished_at = timezone.now()
                task.exception_class_path = "tournament.web.worker.Interrupted"
                task.traceback = INTERRUPTED
                task.save(update_fields=["status", "finished_at", "exception_class_path",
                                         "traceback"])
                jobs.update(status=Job.Status.FAILED, message=INTERRUPTED, payload="",
                            finished_at=timezone.now())
                log.error("Task %s (%s) was interrupted %s times: given up", task.pk,
                          task.task_path, runs)
                continue
            task.status = TaskResultStatus.READY
            task.save(update_fields=["status"])
            jobs.update(status=Job.Status.QUEUED, message=again_words(runs))
            again += 1
            log.warning("Task %s (%s) was interrupted (run %s of %s): queued again",
                        task.pk, task.task_path, runs, MAX_RUNS)
    return again


def left_by(worker_id: str) -> list:
    """The tasks a worker (by its id) was running when it stopped."""
    return [pk for pk, ids in DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING)
            .values_list("pk", "worker_ids") if ids and ids[-1] == worker_id]


# ------------------------------------------------------------------ the heartbeat


def beat() -> None:
    try:
        revision.store().set(BEAT_KEY, time.time(), timeout=BEAT_SECONDS * 6)
    except Exception:  # the cache away: the worker works on
        log.warning("The task worker could not write its heartbeat", exc_info=True)


def running() -> bool:
    """Has a task worker beaten lately (any worker, on this machine or, with a shared
    cache, any machine)?"""
    try:
        return revision.store().get(BEAT_KEY) is not None
    except Exception:
        return True  # cannot tell: say nothing rather than a false alarm


class Heartbeat(threading.Thread):
    """Beats from its own thread, so a long task (a pairing of 1,000) does not look dead."""

    def __init__(self):
        super().__init__(name="task-worker-beat", daemon=True)
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.is_set():
            beat()
            self.stopped.wait(BEAT_SECONDS)


# --------------------------------------------------------------------- the worker


class TaskWorker(Worker):
    """django-tasks-db's worker, riding out database errors (see the module's words)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.current = None  # the task being run, while it runs
        self.stopped_tasks: list = []  # interrupted, to queue again once the database is back

    def run(self) -> None:
        heart = Heartbeat()
        heart.start()
        try:
            self.ride_out_outages()
        finally:
            heart.stopped.set()

    def ride_out_outages(self) -> None:
        failures = 0
        while self.running:
            try:
                if failures:
                    reach(DBTaskResult.objects.db)
                    log.warning("The task worker reaches the database again")
                    failures = 0
                if self.stopped_tasks:
                    run_again(self.stopped_tasks)
                    self.stopped_tasks = []
                super().run()
                return  # --batch or --max-tasks ended it
            except Exception as exc:
                if not is_outage(exc):
                    raise
                failures += 1
                if self.current is not None:
                    self.stopped_tasks.append(self.current)
                    self.current = None
                self.running_task = False
                self.startup_delay = False
                close_connections()
                wait = wait_after(failures)
                log.warning("The task worker lost the database (%s); trying again in %s s",
                            str(exc).strip() or type(exc).__name__, wait)
                pause(wait)

    def run_task(self, db_task_result) -> None:
        self.current = db_task_result.pk
        record_failure = db_task_result.set_failed

        def set_failed(exc):
            # Stopped by the database, not by the task: not a failure to record but a run
            # to make again (ride_out_outages).
            if is_outage(exc):
                raise exc
            record_failure(exc)

        db_task_result.set_failed = set_failed
        super().run_task(db_task_result)
        self.current = None


# --------------------------------------------------------------------- supervising


def supervise(command: Callable[[str], list[str]], *, prefix: str = "",
              restarts: int | None = None, sleep=time.sleep) -> int:
    """Run `command(worker_id)` as a child process and start it again whenever it stops,
    until this process is told to stop (SIGTERM, SIGINT): then the child is asked to stop
    (it finishes its task; after STOP_SECONDS it is killed). Waits 1 s before a restart,
    longer (doubling to 30 s) while children die young; queues again what a dead child was
    running. `restarts` limits the restarts (tests). Returns how many children were
    started."""
    prefix = prefix or f"{os.uname().nodename}-{os.getpid()}"
    state = {"child": None, "stopping": False}

    def stop(signum, frame):
        state["stopping"] = True
        child = state["child"]
        if child is None or child.poll() is not None:
            raise SystemExit(0)  # between children: nothing to wait for
        child.send_signal(signal.SIGTERM)  # once: a second one would cut its task short

    old = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    started = 0
    young_deaths = 0
    left: list[str] = []  # ids of dead children whose tasks are not yet queued again
    try:
        while not state["stopping"]:
            started += 1
            worker_id = f"{prefix}-{started}"[-64:]
            left.append(worker_id)
            began = time.monotonic()
            # Its own session: a Ctrl-C in the terminal reaches the supervisor alone, which
            # passes one SIGTERM on.
            state["child"] = child = subprocess.Popen(command(worker_id),
                                                      start_new_session=True)
            code = wait_for(child)
            left = queue_again_left_by(left)
            if state["stopping"]:
                break
            young_deaths = young_deaths + 1 if time.monotonic() - began < 10 else 0
            wait = min(30.0, 2.0 ** young_deaths) if young_deaths else 1.0
            log.error("The task worker %s stopped (exit code %s); starting another in %s s",
                      worker_id, code, wait)
            if restarts is not None and started > restarts:
                break
            sleep(wait)
    finally:
        child = state["child"]
        if child is not None and child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if left:
            queue_again_left_by(left)
        for sig, handler in old.items():
            signal.signal(sig, handler)
    return started


def wait_for(child) -> int:
    while True:
        try:
            return child.wait()
        except InterruptedError:  # pragma: no cover (PEP 475 retries for us)
            continue


def queue_again_left_by(worker_ids: list[str]) -> list[str]:
    """Queue again what the dead workers were running; the ids still to do (the database
    away: the next restart tries again)."""
    try:
        for worker_id in worker_ids:
            run_again(left_by(worker_id))
    except Exception as exc:
        if not is_outage(exc):
            raise
        close_connections()
        return worker_ids
    return []


def worker_command(worker_id: str, options: list[str]) -> list[str]:
    """The child a supervisor runs: this project's task_worker, without code reloading
    (the supervisor restarts it), under the given id."""
    manage = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "manage.py")
    return [sys.executable, manage, "task_worker", "--no-reload", *options,
            "--worker-id", worker_id]
