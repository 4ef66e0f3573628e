"""The archive of a big event when the task worker is away, then back through a database
outage (issue 33 #8): the job's page says at once that no worker is running, says when a
run was interrupted and runs again, and offers the download once the worker, riding out
the outage, has made it; the page follows by its poll, without a reload."""

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError
from django_tasks_db.models import DBTaskResult, DBTaskResultQuerySet
from playwright.sync_api import expect

from tournament.actions import entrants, events
from tournament.models import Job
from tournament.web import revision, tasks, worker

from .test_walkthrough import PASSWORD, PHONE, new_page, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_archive_waits_for_the_worker_and_says_so(browser, live_server, a11y,
                                                      screenshots, monkeypatch):
    monkeypatch.setattr(tasks, "INLINE_MAX_ENTRANTS", 2)  # a big event: a job
    dora = User.objects.create_user("dora", password=PASSWORD)
    event = events.create_tournament(dora, name="Cut Open")
    entrants.import_entrants(event, dora, "name,club\nAnn Lee,Leek\nBo Park,Bath\nCy Hale,\n")
    revision.store().delete(worker.BEAT_KEY)  # no worker running

    page = new_page(browser, **PHONE)
    sign_in(page, live_server.url, "dora")
    page.goto(f"{live_server.url}/manage/{event.slug}/archive.json")
    job = Job.objects.get()
    waiting = page.locator("#job-waiting")
    expect(page.locator("#job-label")).to_have_text("Waiting for a worker")
    expect(waiting).to_be_visible()
    expect(waiting).to_contain_text("No task worker is running, so this waits until one "
                                    "starts; nothing is lost meanwhile.")
    screenshots(page, "job-no-worker")
    a11y.check(page, "job-no-worker")

    # A worker took the job, and the database went away under it: queued again.
    worker.beat()
    DBTaskResult.objects.get(pk=job.task_id).claim("w1")
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)
    worker.run_again([job.task_id])
    again = page.locator("#job-again")
    expect(again).to_have_text(worker.again_words(1), timeout=15_000)  # the poll saw it
    expect(waiting).to_be_hidden()
    screenshots(page, "job-run-again")

    # The worker comes back through one more database error, and makes the archive.
    real = DBTaskResultQuerySet.get_locked
    cuts = []

    def cut_once(self):
        cuts.append(1)
        if len(cuts) == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return real(self)

    monkeypatch.setattr(DBTaskResultQuerySet, "get_locked", cut_once)
    worker.TaskWorker(queue_names=["default"], interval=0, batch=True,
                      backend_name="default", startup_delay=False, max_tasks=None,
                      worker_id="w1", excluded_queue_names=[]).run()
    job.refresh_from_db()
    assert job.status == "done" and len(cuts) >= 2
    link = page.get_by_role("link", name="Download the archive")
    expect(link).to_be_visible(timeout=15_000)
    expect(page.locator("#job-label")).to_have_text("Done")
    expect(again).to_be_hidden()
    expect(page.locator("#job-message")).to_have_text("The archive is ready.")
    screenshots(page, "job-archive-ready")
    a11y.check(page, "job-archive-ready")
    a11y.assert_clean()
