from django.db import models

from .entrants import Entrant


class AttendanceQuerySet(models.QuerySet):
    def of_event(self, tournament):
        return self.filter(entrant__tournament=tournament)


class Attendance(models.Model):
    """An entrant the pairing must leave out of one round, decided by the director before
    the round is paired: a requested bye (half-point or zero-point) or an absence.

    A board-less result: it scores the event's points for its kind (`Tournament.points`,
    keys of the same names) and reaches the pairing engine as the TRF code FIDE uses for it.
    Rounds a late entry missed are not stored here: they are the rounds before their first
    board (see `history.not_paired`).
    """

    class Kind(models.TextChoices):
        HALF_BYE = "half_bye", "Half-point bye"
        ZERO_BYE = "zero_bye", "Zero-point bye"
        ABSENT = "absent", "Absent"

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="attendance")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)

    objects = AttendanceQuerySet.as_manager()

    class Meta:
        ordering = ["round_number", "entrant__number"]
        verbose_name_plural = "attendance"
        constraints = [
            models.UniqueConstraint(fields=["entrant", "round_number"],
                                    name="one_attendance_per_round"),
        ]

    def __str__(self):
        return f"R{self.round_number} {self.entrant.name}: {self.get_kind_display()}"
