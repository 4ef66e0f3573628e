from django.db import models
from django.utils import timezone

from .attendance import Attendance
from .entrants import Entrant


class CheckInQuerySet(models.QuerySet):
    def of_round(self, tournament, number: int):
        return self.filter(entrant__tournament=tournament, round_number=number)


def roll_call(tournament, number: int):
    """The entrants still to play round `number`, by pairing number, each with `checked_in_at`
    (None: not checked in) and `away` (a requested bye or absence recorded for that round,
    else None): one query, for the roll call and the API."""
    def of_round(model, field):
        return models.Subquery(model.objects.filter(
            entrant=models.OuterRef("pk"), round_number=number).values(field)[:1])
    return (Entrant.objects.filter(tournament=tournament).active_for_round(number)
            .annotate(checked_in_at=of_round(CheckIn, "at"), away=of_round(Attendance, "kind"))
            .order_by("number"))


def counted(rows) -> tuple[int, int]:
    """(checked in, expected) of roll_call's rows: expected are those with no requested bye
    or absence for the round; a bye or absence checked in anyway is not counted."""
    expected = [e for e in rows if e.away is None]
    return sum(e.checked_in_at is not None for e in expected), len(expected)


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
