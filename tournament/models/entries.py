"""Entries before the day (`Entry`, shared/spec/venue.md "Entries before the day"): what a
player, a pair or a team sent on the event's public form (or through the API) to be
entered, and where it stands. An accepted entry becomes an `Entrant` through the entrants'
own action; the entry keeps its contact (seen only by the event's directors) and its code's
digest (the code itself is shown once, on the confirmation page).

The rules of the statuses and the waiting list live in tournament/actions/entries.py
(docs/directors.md, "Entries before the day")."""

import hashlib

from django.db import models

from ..rules.entrant_rules import MAX_CLUB, MAX_NAME
from ..rules.entry_rules import MAX_CONTACT
from .entrants import Entrant
from .event import Tournament
from .player_keys import normalised


def code_digest(code: str) -> str | None:
    """The stored digest of an entry code (written as a player key is: 16 characters of
    Crockford's base32, typed in any case, with or without dashes), or None if `code`
    cannot be one."""
    text = normalised(code)
    return None if text is None else hashlib.sha256(b"entry:" + text.encode()).hexdigest()


class EntryQuerySet(models.QuerySet):
    def in_line(self):
        """The entries still in the running (a name among them may not be entered again)."""
        return self.filter(status__in=Entry.LIVE)

    def waiting_list(self):
        """The waiting entries in the order they were made: the order they move up in."""
        return self.filter(status=Entry.Status.WAITING).order_by("made_at", "id")

    def by_code(self, code: str):
        """The entry (with its event) this code opens, or None."""
        digest = code_digest(code)
        if digest is None:
            return None
        return self.select_related("tournament", "entrant").filter(digest=digest).first()

    def listing(self):
        """An event's entries as its officials' list shows them: in the order made, each
        with `position` (its place on the waiting list, else None): two queries at most."""
        rows = list(self.select_related("entrant").order_by("made_at", "id"))
        place = 0
        for row in rows:
            if row.status == Entry.Status.WAITING:
                place += 1
                row.position = place
            else:
                row.position = None
        return rows


class Entry(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WAITING = "waiting", "Waiting list"
        WITHDRAWN = "withdrawn", "Withdrawn"

    LIVE = (Status.PENDING, Status.ACCEPTED, Status.WAITING)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    # As the entrant will be named: a player's name, a pair's (made from its members when
    # none is given) or a team's.
    name = models.CharField(max_length=MAX_NAME)
    club = models.CharField(max_length=MAX_CLUB, blank=True)
    # A pair's two members or a team's players, [{"name": ..., "club": ...}], as an
    # entrant's members are stored; empty in singles.
    members = models.JSONField(default=list, blank=True)
    # A team's captain: an index into `members`; None unless a team.
    captain = models.PositiveSmallIntegerField(null=True, blank=True)
    # How the director reaches the person who entered: only the event's directors see it.
    contact = models.CharField(max_length=MAX_CONTACT)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    made_at = models.DateTimeField(auto_now_add=True, db_index=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    # SHA-256 of the entry code (code_digest); the code is shown once and never stored.
    digest = models.CharField(max_length=64, unique=True)
    # The entrant it became once accepted (and a place was free).
    entrant = models.OneToOneField(Entrant, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="entry")

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["made_at", "id"]
        verbose_name_plural = "entries"

    def __str__(self):
        return f"{self.name} ({self.get_status_display()})"

    @property
    def member_names(self) -> list[str]:
        return [m.get("name", "") for m in self.members or []]

    @property
    def captain_name(self) -> str:
        names = self.member_names
        return names[self.captain] if self.captain is not None and self.captain < len(
            names) else ""
