from django.db import models
from django.utils import timezone

from .people import Entrant


class CheckInQuerySet(models.QuerySet):
    def of_round(self, tournament, number: int):
        return self.filter(entrant__tournament=tournament, round_number=number)


class CheckIn(models.Model):
    """An entrant (a player, or a pair) who said at the desk or from a phone that he is
    here to play round `round_number`. No row: not checked in. Who ticked it and from
    where is in the audit (actions.checkin); when pairing, a director may leave everyone
    without a row out of the round as absent."""

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="checkins")
    round_number = models.PositiveSmallIntegerField()
    at = models.DateTimeField(default=timezone.now)

    objects = CheckInQuerySet.as_manager()

    class Meta:
        ordering = ["round_number", "entrant__number"]
        verbose_name = "check-in"
        constraints = [
            models.UniqueConstraint(fields=["entrant", "round_number"],
                                    name="one_checkin_per_round"),
        ]

    def __str__(self):
        return f"R{self.round_number} {self.entrant.name}: checked in"
