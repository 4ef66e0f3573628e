from dataclasses import asdict

from django.conf import settings
from django.db import models
from django.urls import reverse

from ..standings.metrics import MSO_ORDER
from ..standings.plain import Points

# The standings' Points are the one home of the defaults (bye is the pairing-allocated
# bye; the rest are rounds without a board: models.Attendance, and each round a late
# entry missed).
DEFAULT_POINTS = asdict(Points())


def default_points():
    return dict(DEFAULT_POINTS)


def default_tiebreaks():
    return list(MSO_ORDER)


class TournamentQuerySet(models.QuerySet):
    def run_by(self, user):
        if user.is_superuser:
            return self.all()
        return self.filter(officials__user=user).distinct()

    def listed(self):
        """Events the public may see: every event its director has not hidden."""
        return self.filter(hidden=False)

    def public_to(self, user):
        """What `user` may open on the public pages: the listed events, and a hidden
        one only for its officials (to look at it before showing it)."""
        if user is None or not user.is_authenticated:
            return self.listed()
        if user.is_superuser:
            return self.all()
        runs_it = Official.objects.filter(tournament=models.OuterRef("pk"), user=user)
        return self.filter(models.Q(hidden=False) | models.Exists(runs_it))


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Registration"
        RUNNING = "running", "In play"
        FINISHED = "finished", "Finished"

    class Entrants(models.TextChoices):
        # What one entrant is: a player, or a pair of partners paired and ranked as one.
        SINGLES = "singles", "Singles"
        PAIRS = "pairs", "Pairs"
        # Teams: a roster of members and a captain; a team match is boards of singles and
        # pairs between the two teams' players (shared/spec/competitions.md, "Teams").
        TEAMS = "teams", "Teams"

    class EntryPolicy(models.TextChoices):
        # Who enters results and when they count (shared/spec/table-entry.md).
        OFFICIALS = "officials", "Officials enter and confirm results"
        PLAYERS_ACCEPT = "players_accept", "Players enter; the opponent's acceptance makes it count"
        PLAYERS_THEN_OFFICIAL = ("players_then_official",
                                 "Players enter and accept; an official confirms")


    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    ruleset = models.CharField(max_length=20, default="mso")
    rounds_planned = models.PositiveSmallIntegerField(default=5)
    # Fixed once round 1 is paired: the boards' records have 2 seats (singles) or 4 (pairs).
    entrants_kind = models.CharField(
        max_length=7, choices=Entrants.choices, default=Entrants.SINGLES
    )
    # The match format (shared/spec/bndcc.md `match`): a set is won by reaching exactly
    # match_target, a match by the first side to win sets_to_win sets. The ruleset says
    # which values are allowed (mso: only 61 and 2).
    match_target = models.PositiveSmallIntegerField(default=61)
    sets_to_win = models.PositiveSmallIntegerField(default=2)
    points = models.JSONField(default=default_points)
    # A team event's team match format, {"boards": [{"kind": "singles"|"pairs", "count":
    # n, "match": {"target": t, "sets_to_win": w}}, ...]}, and its team points ({"win",
    # "draw", "loss", "per_board", "close_loss"}: standings.teams.TeamPoints); None
    # unless the entrants are teams. Checked by rules.team_rules.
    team_match = models.JSONField(null=True, blank=True)
    team_points = models.JSONField(null=True, blank=True)
    tiebreaks = models.JSONField(default=default_tiebreaks)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    require_confirmation = models.BooleanField(default=True)
    entry_policy = models.CharField(max_length=24, choices=EntryPolicy.choices,
                                    default=EntryPolicy.OFFICIALS)
    # Kept off the public list and pages (officials still see it); set while unstarted.
    hidden = models.BooleanField(default=False)
    # Entries before the day (shared/spec/venue.md; actions/entries.py): the public form
    # and the entries API take entries while open and before entries_close_at; the cap
    # counts the event's entrants still in (None: no cap), beyond it accepted entries wait.
    entries_open = models.BooleanField(default=False)
    entries_close_at = models.DateTimeField(null=True, blank=True)
    entries_cap = models.PositiveIntegerField(null=True, blank=True)
    # Round 1's lot (a Swiss's), drawn when round 1 is paired: whether pairing number 1
    # starts set 1 on board 1 (None: not drawn yet). An event-wide fact the pairing reads,
    # not a board's first-set starter (Match.first_set_starter): from it the pairing gives
    # each board its side 0, alternating down round 1's boards, and later rounds follow
    # the Dutch colour rules (the pairing's XXC word: pairing.trf.xxc_word).
    top_seed_starts = models.BooleanField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The day it was played (the archive's `date`): orders events in the rating lists.
    date = models.DateField(null=True, blank=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "name"]
        # Given by staff (the admin, or `manage.py grant_director`): may create events.
        permissions = [("direct_events", "Can create and direct events")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        new = self._state.adding
        super().save(*args, **kwargs)
        if new:
            # Every event has its first stage from the start: a Swiss unless the director
            # makes it another kind before round 1 (actions.stages).
            self.stages.create(number=1)

    def get_absolute_url(self):
        return reverse("public:event", args=[self.slug])


    @property
    def change_id(self) -> int:
        """Changes with every change to the event the public may see: the id of its latest
        audit entry but a check-in's (AuditEntry.UNSEEN_BY_PUBLIC); not the cache token of
        tournament/web/revision.py; the live pages' poll and the API show it under the key
        "revision", kept for their readers.

        Every action writes an audit row in its transaction, so cached public tables keyed
        on this can never outlive the data. A counter on the event's row would do the same,
        but every board's result would then queue on that one row lock until commit.
        """
        if "_change_id" not in self.__dict__:
            latest = (self.audit_entries.seen_by_public().order_by("-id")
                      .values_list("id", flat=True).first())
            self.__dict__["_change_id"] = latest or 0
        return self.__dict__["_change_id"]

    def round_list(self):
        """The event's rounds in order with their stages (what a round's title reads)."""
        return self.rounds.select_related("stage").order_by("number")

    @property
    def entries_settings(self) -> dict:
        """The entries settings as the API's read and the archive write them."""
        return {"open": self.entries_open,
                "closes_at": self.entries_close_at.isoformat() if self.entries_close_at
                else None,
                "cap": self.entries_cap}

    def taking_entries(self, now) -> bool:
        """Does the public form (and the entries API) take an entry at `now`?"""
        return self.entries_open and (self.entries_close_at is None
                                      or now < self.entries_close_at)

    @property
    def players_enter(self) -> bool:
        """The players of a board may enter and accept its result (table-entry.md)."""
        return self.entry_policy != self.EntryPolicy.OFFICIALS

    @property
    def officials_status(self) -> str:
        """The status as the officials' pages show it: "Registration" while round 1 is
        only a draft said nothing of the draft the director had just paired (the public
        still sees registration: a draft is not news)."""
        if self.status == self.Status.DRAFT:
            draft = (self.rounds.filter(status=self.rounds.model.Status.DRAFT)
                     .order_by("number").values_list("number", flat=True).first())
            if draft is not None:
                return f"Round {draft} paired as a draft"
        return self.get_status_display()

    @property
    def counts_when(self) -> str:
        """When a stored result counts, in the public pages' words ("" when at once):
        under the players' entry policies the opponent's acceptance is what counts, not
        an arbiter's confirmation (table-entry.md; models.rounds.COUNTED)."""
        if not self.require_confirmation:
            return ""
        return {
            self.EntryPolicy.PLAYERS_ACCEPT:
                "once the opponent accepts it, or an official confirms it",
            self.EntryPolicy.PLAYERS_THEN_OFFICIAL:
                "once the opponent accepts it and an official confirms it",
        }.get(self.entry_policy, "once an official confirms it")

    @property
    def is_pairs(self) -> bool:
        return self.entrants_kind == self.Entrants.PAIRS

    @property
    def is_teams(self) -> bool:
        return self.entrants_kind == self.Entrants.TEAMS

    @property
    def seats(self) -> int:
        """Seats at each board's table: 4 in a pairs event, else 2."""
        return 4 if self.is_pairs else 2

    @property
    def match_format(self) -> dict:
        """The archive's and the record's `match` object."""
        return {"target": self.match_target, "sets_to_win": self.sets_to_win}

    @property
    def max_sets(self) -> int:
        """The most sets a match can have (2W - 1), as the rules engine counts them."""
        from scoring.formats import MatchFormat

        return MatchFormat(self.match_target, self.sets_to_win).max_sets

    def points_for(self, outcome: str):
        return self.points.get(outcome, DEFAULT_POINTS[outcome])

    def role_of(self, user) -> str | None:
        """The user's role in this event ("director", "arbiter" or None), read once per
        instance; a query that already fetched it may prime it with `know_role`."""
        roles = self.__dict__.setdefault("_roles", {})
        if user.pk not in roles:
            roles[user.pk] = (self.officials.filter(user=user)
                              .values_list("role", flat=True).first())
        return roles[user.pk]

    def know_role(self, user, role: str | None) -> None:
        self.__dict__.setdefault("_roles", {})[user.pk] = role

    def forget_role(self, user) -> None:
        self.__dict__.get("_roles", {}).pop(user.pk, None)

    def is_director(self, user) -> bool:
        return user.is_authenticated and (
            user.is_superuser or self.role_of(user) == Official.Role.DIRECTOR
        )

    def is_official(self, user) -> bool:
        """A director or an arbiter: may enter and confirm results."""
        return user.is_authenticated and (user.is_superuser or self.role_of(user) is not None)

    def hidden_from(self, who) -> bool:
        """May `who` not see this event at all? The one rule, for an identity already in
        hand (`public_to` is the same rule as a query): an event its director hid is seen
        only by its officials, staff, and the holders of its own players' keys. `who` is a
        user (signed in or anonymous), None (the public) or a player's key (`PlayerKey`).
        Whoever it is hidden from is answered 404 everywhere: no page names it."""
        if not self.hidden:
            return False
        if who is None:
            return True
        if not hasattr(who, "is_authenticated"):  # a player's key: its own event only
            return who.tournament_id != self.pk
        return not self.is_official(who)


class Official(models.Model):
    """A user's role in one event. Powers never reach across events."""

    class Role(models.TextChoices):
        DIRECTOR = "director", "Director"
        ARBITER = "arbiter", "Arbiter"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="officials")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="officiating"
    )
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_event")
        ]

    def __str__(self):
        return f"{self.user} ({self.get_role_display()}, {self.tournament})"
