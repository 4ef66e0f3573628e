"""Entrants (`Entrant`): what is paired and ranked, a player or a pair of partners, and
the pairs a director forbids (`ForbiddenPair`)."""

from django.db import models
from django.db.models.functions import Lower

from ..rules.entrant_rules import MAX_CLUB, MAX_NAME, entrant_key
from ..text.clean import MAX_REASON
from ..text.folding import fold
from .event import Tournament


class EntrantQuerySet(models.QuerySet):
    def active_for_round(self, number: int):
        """Entrants to be paired in round `number`: not withdrawn before it."""
        return self.filter(
            models.Q(withdrawn_after_round__isnull=True)
            | models.Q(withdrawn_after_round__gte=number)
        )

    def named(self, name: str, club: str | None = None) -> list:
        """The entrants of this name (and club, unless None), in number order: those whose
        `rules.entrant_rules.entrant_key` is the one asked for (its name part alone when the club
        is None). Compared here in Python, over at most an event's entrants: SQLite's
        lower() and LIKE fold only A-Z."""
        wanted = entrant_key(name, club or "")
        part = slice(None) if club is not None else slice(0, 1)
        return [e for e in self.only("number", "name", "club").order_by("number")
                if entrant_key(e.name, e.club)[part] == wanted[part]]


    def namesakes(self, name: str) -> list:
        """The entrants whose names fold alike (folding.fold, as find-my-board compares
        them: "Zoe Angstrom" is "Zoë Ångström"), in number order: perhaps one player
        entered twice, for a director to check."""
        name = fold(name)
        return [e for e in self.only("number", "name", "club").order_by("number")
                if fold(e.name) == name]


class Entrant(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    # The pairing number (starting rank): FIDE orders by rating, then name, at the start.
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=MAX_NAME)
    club = models.CharField(max_length=MAX_CLUB, blank=True)
    rating = models.PositiveIntegerField(null=True, blank=True)
    # In a pairs event: the two partners, [{"name": ..., "club": ...}, {...}] (club optional);
    # the pair is the entrant, paired and ranked as one. In a team event: the roster, each
    # member stored as a pair's member is. Empty in a singles event.
    members = models.JSONField(default=list, blank=True)
    # A team's captain (an index into `members`) and home venue (a league's fixtures are
    # played there); None and "" for anything but a team.
    captain = models.PositiveSmallIntegerField(null=True, blank=True)
    venue = models.CharField(max_length=MAX_CLUB, blank=True)
    # Plays no round after this one; None while still in the event.
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)

    objects = EntrantQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_pairing_number"),
            # Two entrants may share a name when their clubs tell them apart; an exact
            # double (a CSV posted twice at once) is impossible, whatever the race. The
            # actions' own rule, rules.entrant_rules.entrant_key, is wider than lower().
            models.UniqueConstraint("tournament", Lower("name"), Lower("club"),
                                    name="unique_entrant_name_club"),
        ]

    def __str__(self):
        return f"{self.number}. {self.name}"

    @property
    def member_names(self) -> list[str]:
        return [m.get("name", "") for m in self.members or []]

    @property
    def is_pair(self) -> bool:
        return bool(self.members)

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None


class ForbiddenPair(models.Model):
    """Two entrants the director does not want paired (same family or club)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs"
    )
    first = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=MAX_REASON, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="unique_forbidden_pair"),
        ]

    def __str__(self):
        return f"{self.first.name} / {self.second.name}"
