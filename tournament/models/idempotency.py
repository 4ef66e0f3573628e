"""The answers given to writes that carried an `Idempotency-Key` (tournament/web/idempotency.py).

One row per key and credential: the request it answered (a digest of its method, path and
body) and the answer itself, so that a device resending the write after a lost connection
is told what it was told the first time, and nothing happens twice.
"""

from django.db import models
from django.utils import timezone


class StoredAnswer(models.Model):
    # Whose key it is ("user:12", a player key's id, ...): two devices cannot see or spoil
    # each other's answers by choosing the same key.
    credential = models.CharField(max_length=100)
    key = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of method, path and body.")
    status = models.PositiveSmallIntegerField()
    # How the answer is given again, as JSON text (PostgreSQL's jsonb would reorder the keys,
    # and the answer must come back the same): {"data": ...} for the API (rendered by its
    # schema), {"content", "content_type", "location"} for a page or a redirect.
    answer = models.TextField(blank=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            # The lock two identical requests at once queue on: the second one's insert waits
            # for the first one's commit, then finds its answer.
            models.UniqueConstraint(fields=["credential", "key"], name="one_answer_per_key"),
        ]

    def __str__(self):
        return f"{self.credential} {self.key}: {self.status}"
