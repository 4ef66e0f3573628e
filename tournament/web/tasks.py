"""Long work off the request: each task runs one action for a Job row (models/jobs.py).

A view calls `start(kind, user, event, payload)`, which stores the Job and enqueues its
task on django-tasks (settings.TASKS: the database backend, whose worker, `manage.py
task_worker` (tournament/web/worker.py), `make run` starts; the immediate backend runs it at
once). The worker runs the task: the Job goes
queued -> running -> done (a message, and where the result is) or failed (the action's
refusal in its own words). The action and the Job's "done" are one change, so a failure
leaves nothing half-made; a failure is written on the Job outside it. A run the database
stopped half-way leaves the Job running, for the worker to run again.

Small jobs stay in the request: pairing or exporting an event of at most
INLINE_MAX_ENTRANTS entrants, importing at most INLINE_MAX_CSV_LINES lines of entrants
(each well under a second).
"""

from __future__ import annotations

import json
import logging
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django_tasks import task

from ..actions import ActionError, entrants, rounds
from ..actions.archive import import_tournament
from ..actions.base import one_change, require_director
from ..actions.trf_import import NO_SET_SCORES, import_trf_event
from ..interchange.archive import archive_json
from ..middleware import is_outage
from ..models import Job
from ..rules.entrant_rules import counted

log = logging.getLogger("tournament")

INLINE_MAX_ENTRANTS = 50
INLINE_MAX_CSV_LINES = 200
# A job still live after this long lost its worker (a crash, a restart): it no longer
# blocks a new one of its kind.
STALE_AFTER = timedelta(hours=1)
UNEXPECTED = ("It stopped on an unexpected error, and nothing was changed. The server's log "
              "has the details; try again, or tell the site's administrators.")


class AlreadyRunning(ActionError):
    def __init__(self, job):
        of = f" of {job.tournament.name}" if job.tournament else ""
        super().__init__(f"{job.get_kind_display()}{of} is already under way: wait for it "
                         "to finish.", status=409)
        self.job = job


def runs_in_background(event) -> bool:
    return event.entrants.count() > INLINE_MAX_ENTRANTS


def csv_runs_in_background(text: str) -> bool:
    return text.count("\n") > INLINE_MAX_CSV_LINES


def start(kind: str, user, event=None, payload: str = "") -> Job:
    """Store the job and enqueue its task; AlreadyRunning when the event has one of this
    kind queued or running."""
    live = Job.objects.filter(tournament=event, kind=kind, status__in=Job.LIVE)
    live.filter(created_at__lt=timezone.now() - STALE_AFTER).update(
        status=Job.Status.FAILED, finished_at=timezone.now(),
        message="Its worker stopped before it finished; nothing was changed.")
    try:
        with transaction.atomic():
            job = Job.objects.create(tournament=event, kind=kind, requested_by=user,
                                     payload=payload)
    except IntegrityError:
        other = live.first()
        if other is None:  # it finished in between
            return start(kind, user, event, payload)
        raise AlreadyRunning(other) from None
    result = TASKS[kind].enqueue(str(job.pk))
    Job.objects.filter(pk=job.pk).update(task_id=str(result.id))
    job.refresh_from_db()
    return job


def describe(exc: ActionError) -> str:
    """The refusal and, one a line, the problems it lists (a CSV's bad lines)."""
    lines = [exc.message]
    for problems in exc.errors.values():
        lines += [str(p) for p in (problems if isinstance(problems, list) else [problems])
                  if str(p) != exc.message]
    return "\n".join(lines)


def finish(job_id, status, message, result_url="", output=""):
    Job.objects.filter(pk=job_id).update(status=status, message=message, payload="",
                                         result_url=result_url, output=output,
                                         finished_at=timezone.now())


def run(job_id: str, work) -> dict:
    """Run `work(job)` -> (message, result_url, output) for a queued job, recording what
    happened on the job."""
    claimed = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING, started_at=timezone.now())
    if not claimed:  # already run, or given up as stale
        return {"status": "skipped"}
    job = Job.objects.select_related("tournament", "requested_by").get(pk=job_id)
    try:
        if job.requested_by is None:
            raise ActionError("The account that asked for this no longer exists.")
        # The work and its job's "done" are one change: a run stopped by the database
        # (below) kept nothing, so running it again (tournament/web/worker.py) repeats nothing.
        with one_change():
            message, result_url, output = work(job)
            finish(job_id, Job.Status.DONE, message, result_url, output)
    except ActionError as exc:
        # A refusal is an answer, not a crash: the director reads why on the job's page.
        finish(job_id, Job.Status.FAILED, describe(exc))
        return {"status": "failed", "message": exc.message}
    except BaseException as exc:
        if is_outage(exc):
            raise  # the job stays running; the worker runs it again (tournament/web/worker.py)
        finish(job_id, Job.Status.FAILED, UNEXPECTED)
        log.exception("Job %s (%s) failed", job_id, job.kind)
        raise
    return {"status": "done", "message": message}


# ---------------------------------------------------------------------- the work


def pair(job):
    given = options(job) if job.payload else {}
    round_ = rounds.pair_round(job.tournament, job.requested_by,
                               only_checked_in=bool(given.get("only_checked_in")))
    return (f"Round {round_.number} is paired as a draft: check it, then publish it.",
            reverse("director:round", args=[job.tournament.slug, round_.number]), "")


def add_entrants(job):
    created = entrants.import_entrants(job.tournament, job.requested_by, job.payload)
    return (f"{counted(len(created))} imported.",
            reverse("director:entrants", args=[job.tournament.slug]), "")


def options(job) -> dict:
    return json.loads(job.payload)


def hidden_words(event) -> str:
    return ", hidden from the public until you show it (Settings)" if event.hidden else ""


def from_trf(job):
    given = options(job)
    event = import_trf_event(given["text"], job.requested_by, slug=given.get("slug", ""),
                             hidden=bool(given.get("hidden")))
    return (f"{event.name} is imported from the TRF file{hidden_words(event)}. "
            f"{NO_SET_SCORES}", reverse("director:event", args=[event.slug]), "")


def from_archive(job):
    given = options(job)
    try:
        doc = json.loads(given["text"])
    except ValueError as exc:
        raise ActionError(f"The archive is not JSON: {exc}.") from None
    except RecursionError:
        raise ActionError("The archive is nested too deeply to be one of ours.") from None
    event = import_tournament(doc, job.requested_by, slug=given.get("slug", ""),
                              hidden=bool(given.get("hidden")))
    return (f"{event.name} is imported from the archive{hidden_words(event)}.",
            reverse("director:event", args=[event.slug]), "")


def export(job):
    require_director(job.tournament, job.requested_by)
    body = archive_json(job.tournament)
    return ("The archive is ready.", reverse("director:job_download", args=[job.pk]), body)


@task()
def pair_round_task(job_id: str) -> dict:
    return run(job_id, pair)


@task()
def import_entrants_task(job_id: str) -> dict:
    return run(job_id, add_entrants)


@task()
def import_trf_task(job_id: str) -> dict:
    return run(job_id, from_trf)


@task()
def import_archive_task(job_id: str) -> dict:
    return run(job_id, from_archive)


@task()
def export_archive_task(job_id: str) -> dict:
    return run(job_id, export)


TASKS = {
    Job.Kind.PAIR_ROUND: pair_round_task,
    Job.Kind.IMPORT_ENTRANTS: import_entrants_task,
    Job.Kind.IMPORT_TRF: import_trf_task,
    Job.Kind.IMPORT_ARCHIVE: import_archive_task,
    Job.Kind.EXPORT_ARCHIVE: export_archive_task,
}
