"""Stages: the parts of an event played in order (shared/spec/competitions.md).

An event is its entrants and one or more stages. Each stage has a kind (how it pairs:
`tournament.pairing.systems`), its own rounds, numbered from 1 within the stage
(`Round.number_in_stage`; `Round.number` counts across the event and is the round's
address), and optionally its own match format. Today's events are one Swiss stage.
"""

from django.db import models

from ..pairing import knockout
from ..pairing.systems import SYSTEMS, StageInput
from .event import Tournament


class Stage(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        KNOCKOUT = "knockout", "Knock-out"

    class Seeding(models.TextChoices):
        STANDINGS = "standings", "Final standings of the stage before"
        RATING = "rating", "Rating"
        ENTRY = "entry", "Entry order (pairing numbers)"
        DRAW = "draw", "Drawn by lot"

    # The kinds with standings of their own (a knock-out has a bracket and placings).
    RANKING = (Kind.SWISS, Kind.ROUND_ROBIN)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.SWISS)
    # Round robin: 1 cycle, or 2 (the second with the sides swapped).
    cycles = models.PositiveSmallIntegerField(default=1)
    # Round robin: every round paired at once, each with its date (a league's season,
    # actions.season): results are entered in any published round, in any order.
    paired_ahead = models.BooleanField(default=False)
    # Knock-out: how many enter (None: every entrant still playing), how they are seeded,
    # the published lot seed, the options, and the seeds once drawn (entrant ids, best
    # first).
    size = models.PositiveSmallIntegerField(null=True, blank=True)
    seeding = models.CharField(max_length=10, choices=Seeding.choices, blank=True)
    lot_seed = models.CharField(max_length=100, blank=True)
    third_place = models.BooleanField(default=False)
    plate = models.BooleanField(default=False)
    # The stage's own match format (the record's `match`), and the final's (knock-out);
    # None: the event's.
    match = models.JSONField(null=True, blank=True)
    final_match = models.JSONField(null=True, blank=True)
    seeds = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_stage_number"),
        ]

    def __str__(self):
        return f"{self.tournament} stage {self.number} ({self.get_kind_display()})"

    @property
    def is_knockout(self) -> bool:
        return self.kind == self.Kind.KNOCKOUT

    @property
    def is_round_robin(self) -> bool:
        return self.kind == self.Kind.ROUND_ROBIN

    @property
    def ranks(self) -> bool:
        """Has standings of its own (a Swiss or a round robin); a knock-out has placings."""
        return self.kind in self.RANKING

    @property
    def description(self) -> str:
        """"a knock-out of 8 (seeded by standings, third-place match)": for the pages and
        the audit lines."""
        if self.kind == self.Kind.KNOCKOUT:
            words = "a knock-out" + (f" of {self.size}" if self.size else "")
        elif self.kind == self.Kind.ROUND_ROBIN:
            words = "a round robin" + (" (two cycles, home and away)" if self.cycles == 2
                                       else "")
        else:
            words = "a Swiss"
        extra = []
        if self.seeding:
            extra.append(f"seeded by {self.Seeding(self.seeding).label.lower()}")
        if self.third_place:
            extra.append("third-place match")
        if self.plate:
            extra.append("a plate for the first round's losers")
        if self.final_match:
            extra.append(f"final first to {self.final_match['sets_to_win']} sets")
        return words + (f" ({', '.join(extra)})" if extra else "")

    def rounds_planned(self) -> int | None:
        """How many rounds the stage plays, by its pairing system: the event's planned
        rounds for its Swiss; for a round robin and a knock-out, what its seeds make
        (None before they are drawn)."""
        if self.kind == self.Kind.SWISS:
            return self.tournament.rounds_planned
        return SYSTEMS[self.kind].rounds(
            StageInput(self.kind, tuple(self.seeds), self.cycles, self.third_place,
                       plate=self.plate))

    def match_format(self, *, final: bool = False) -> dict:
        """The `match` of this stage's boards (of its final, with `final`)."""
        if final and self.final_match:
            return dict(self.final_match)
        return dict(self.match) if self.match else self.tournament.match_format

    def round_title(self, number_in_stage: int) -> str:
        """What a round of this stage is called, unique in the event: "Round 3" in the
        first stage, "Stage 2, round 1" in a later round robin, and in a knock-out
        "Quarter-finals", "Semi-finals", "Final"."""
        if self.is_knockout and self.seeds:
            return knockout.round_name(number_in_stage, knockout.rounds_in(len(self.seeds)))
        if self.number > 1:
            return f"Stage {self.number}, round {number_in_stage}"
        return f"Round {number_in_stage}"
