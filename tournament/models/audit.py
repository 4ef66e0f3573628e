from django.conf import settings
from django.db import models


class AuditEntry(models.Model):
    """Who did what, when and why. Written by every action, inside its transaction."""

    # Kept when the event is deleted (SET_NULL): its name and slug are then in `detail`,
    # for staff to read in the admin.
    tournament = models.ForeignKey(
        "tournament.Tournament", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="audit_entries",
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    action = models.CharField(max_length=60)
    summary = models.CharField(max_length=300)
    reason = models.TextField(blank=True)
    detail = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["tournament", "-id"], name="audit_latest_per_event")]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor or 'system'}: {self.summary}"
