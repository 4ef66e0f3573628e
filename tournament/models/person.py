"""People across events: a person, the entrants linked to them, and their stored ratings.

An entrant stays what it is (the event's pairing number, name, club, a pair's `members`
JSON); `EntrantPerson` adds the link, one row per linked player: member 0 is a singles
entrant's player, members 0 and 1 a pair's partners (`Entrant.members[i]`). An entrant
without rows is unlinked and plays exactly as before. The ratings are derived data
(tournament/reads/rating_lists.py rebuilds them from the results at any time).
"""

from django.db import models

from ..rules.entrant_rules import MAX_CLUB, MAX_NAME, MAX_PERSON_ID
from .entrants import Entrant
from .rounds import Match


class PersonQuerySet(models.QuerySet):
    def current(self):
        """People not merged into another: the ones lists, suggestions and links use."""
        return self.filter(merged_into=None)

    def known_to(self, user):
        """People `user` may be told of: those who played in an event the user may open
        (Tournament.objects.public_to), and those in no event yet; never someone known
        only from hidden events the user does not run."""
        from .event import Tournament

        links = EntrantPerson.objects.filter(person=models.OuterRef("pk"))
        return self.filter(models.Exists(links.filter(
            entrant__tournament__in=Tournament.objects.public_to(user))) | ~models.Exists(links))


class Person(models.Model):
    # The stable public id (shared/spec/ratings.md): a short slug such as "ann-lee-leek",
    # written to archives and URLs; never reused, never changed.
    key = models.SlugField(max_length=MAX_PERSON_ID, unique=True)
    name = models.CharField(max_length=MAX_NAME)
    club = models.CharField(max_length=MAX_CLUB, blank=True)
    # Set when staff merged this record into the one person it duplicates; the links
    # moved there, and the audit entry of the merge says which (to undo it).
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="merged")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PersonQuerySet.as_manager()

    class Meta:
        ordering = ["name", "key"]
        verbose_name_plural = "people"

    def __str__(self):
        return f"{self.name} ({self.key})"


class EntrantPerson(models.Model):
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="people")
    # 0 for a singles entrant; a pair's member index (Entrant.members[member]).
    member = models.PositiveSmallIntegerField()
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="entries")

    class Meta:
        ordering = ["entrant", "member"]
        constraints = [
            models.UniqueConstraint(fields=["entrant", "member"], name="one_person_per_member"),
        ]

    def __str__(self):
        return f"{self.entrant} #{self.member} = {self.person.key}"


class RatingList(models.Model):
    """One row per ruleset: the lock every rebuild and update of that list takes."""

    ruleset = models.CharField(max_length=20, unique=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.ruleset} rating list"


class Rating(models.Model):
    """A person's current rating in one ruleset's list (only after a rated match)."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="ratings")
    ruleset = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()  # the published ordinal, mu - 3 sigma
    matches = models.PositiveIntegerField()
    # The change over the person's latest rated event (the list's trend column).
    trend = models.FloatField(default=0)
    last_event = models.ForeignKey("tournament.Tournament", null=True,
                                   on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["ruleset", "-rating", "person"]
        constraints = [
            models.UniqueConstraint(fields=["person", "ruleset"], name="one_rating_per_list"),
        ]
        indexes = [models.Index(fields=["ruleset", "-rating"], name="rating_list_order")]

    def __str__(self):
        return f"{self.person.key} {self.ruleset} {self.rating:.2f}"


class RatingStep(models.Model):
    """A person's rating after one rated match: the person page's history and chart."""

    ruleset = models.CharField(max_length=20)
    seq = models.PositiveIntegerField()  # the match's place in the list's order
    # DO_NOTHING, not CASCADE: a rated match is never deleted (a round with results, an
    # event with rounds cannot be), and the database's own foreign key refuses it if one
    # ever were; CASCADE would cost every deletion of draft boards a query here.
    match = models.ForeignKey(Match, on_delete=models.DO_NOTHING, related_name="+")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="rating_steps")
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()
    won = models.BooleanField()  # on the winning side: a re-entered result that changes
    # nothing needs no rebuild

    class Meta:
        ordering = ["ruleset", "seq"]
        indexes = [models.Index(fields=["person", "ruleset", "seq"], name="rating_history"),
                   models.Index(fields=["ruleset", "-seq"], name="rating_latest_step"),
                   models.Index(fields=["match"], name="rating_step_match")]

    def __str__(self):
        return f"{self.ruleset} #{self.seq} {self.person_id}: {self.rating:.2f}"
