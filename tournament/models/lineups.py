"""A captain's lineup for a team match (`TeamLineup`): the members who play each board,
as one side named them, kept from the other side until both are in or a director opens
the match (shared/spec/competitions.md, "Teams"; actions/lineups.py)."""

from django.conf import settings
from django.db import models

from .rounds import Match


class TeamLineup(models.Model):
    # The team match (a `Match` with boards), and the side whose lineup this is (0 home,
    # 1 away).
    team_match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="lineups")
    side = models.PositiveSmallIntegerField()
    # One entry a board, in board order: the member indices of this side on that board
    # (one for singles, two for pairs).
    boards = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+")
    entered_by_player = models.ForeignKey(
        "tournament.PlayerKey", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+")
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["team_match", "side"]
        constraints = [
            models.UniqueConstraint(fields=["team_match", "side"], name="one_lineup_per_side"),
        ]

    def __str__(self):
        return f"{self.team_match} lineup of side {self.side}"
