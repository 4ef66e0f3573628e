import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone


class Job(models.Model):
    """Long work a director asked for (pairing a big round, an import, the archive), run by
    the task worker (tournament/web/tasks.py); the progress page reads this row.

    django-tasks keeps its own result per backend (or none, for the immediate one); this
    row is what the director sees whichever backend runs the work: its state, the reason
    it failed in the action's own words, and where the result is.
    """

    class Kind(models.TextChoices):
        PAIR_ROUND = "pair_round", "Pairing the next round"
        IMPORT_ENTRANTS = "import_entrants", "Importing entrants"
        IMPORT_TRF = "import_trf", "Importing an event from a TRF file"
        IMPORT_ARCHIVE = "import_archive", "Importing an event from an archive"
        EXPORT_ARCHIVE = "export_archive", "Preparing the archive"

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a worker"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    LIVE = (Status.QUEUED, Status.RUNNING)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # None for an import, which makes its event.
    tournament = models.ForeignKey("tournament.Tournament", null=True, blank=True,
                                   on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                     on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    # The input (an uploaded file's text, options as JSON), emptied once the job ends.
    payload = models.TextField(blank=True)
    message = models.TextField(blank=True)  # what happened, or why it failed
    result_url = models.CharField(max_length=300, blank=True)
    output = models.TextField(blank=True)  # a download made by the job (the archive)
    task_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # One pairing (or import, or archive) of an event at a time, even when two
            # directors press the button together.
            models.UniqueConstraint(fields=["tournament", "kind"],
                                    condition=models.Q(status__in=["queued", "running"]),
                                    name="one_live_job_per_kind"),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.get_status_display().lower()})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
