"""Long work run by the task worker: start it, watch its progress, fetch what it made.

The progress page polls `status.json` (tiny, one query) and goes on to the result when
the job is done; without JavaScript it refreshes itself. While the job waits it says when
no task worker is running (tournament/web/worker.py), and when a run was interrupted and
runs again. A job is seen only by the user
who asked for it and by the directors of its event.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache

from ..models import Job
from ..web import tasks, worker

POLL_SECONDS = 2


def start_job(request, kind, event=None, payload=""):
    """Enqueue the job and show its progress page; a second one of its kind for the same
    event is refused, and the director sees the one already under way."""
    try:
        job = tasks.start(kind, request.user, event, payload)
    except tasks.AlreadyRunning as exc:
        messages.info(request, exc.message)
        job = exc.job
    return redirect("director:job", job.pk)


def job_or_404(request, pk) -> Job:
    job = get_object_or_404(Job.objects.select_related("tournament"), pk=pk)
    user = request.user
    if job.requested_by_id != user.pk and not (
            job.tournament is not None and job.tournament.is_director(user)):
        raise Http404("No job of yours has this web address.")
    return job


def state(job) -> dict:
    waited = ((job.finished_at or timezone.now()) - (job.started_at or job.created_at))
    return {"status": job.status, "label": job.get_status_display(),
            "message": job.message, "result_url": job.result_url,
            "finished": job.finished, "seconds": int(waited.total_seconds()),
            # A download is offered, not opened: other results are pages to go on to.
            "go_on": job.status == Job.Status.DONE and job.kind != Job.Kind.EXPORT_ARCHIVE,
            # No task worker beat lately: the page says so rather than wait in silence.
            "worker": job.finished or worker.running()}


@never_cache
@login_required
def job_page(request, pk):
    job = job_or_404(request, pk)
    return render(request, "director/job.html", {
        "job": job, "event": job.tournament, "state": state(job), "poll": POLL_SECONDS,
        "lines": job.message.splitlines()[1:]})


@never_cache
@login_required
def job_status(request, pk):
    return JsonResponse(state(job_or_404(request, pk)))


@never_cache
@login_required
def job_download(request, pk):
    job = job_or_404(request, pk)
    if job.kind != Job.Kind.EXPORT_ARCHIVE or job.status != Job.Status.DONE:
        raise Http404("This job made nothing to download.")
    response = HttpResponse(job.output, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{job.tournament.slug}.json"'
    return response
