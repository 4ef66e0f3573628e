import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from ..standings import set_winner
from .entrants import Entrant
from .event import Tournament
from .stages import Stage


class RoundQuerySet(models.QuerySet):
    def published(self):
        """Rounds the public sees: published or closed; a draft is the director's alone."""
        return self.filter(status__in=PUBLIC_ROUND_STATUSES)

    def live(self):
        """Rounds whose results are being entered: published and not yet closed."""
        return self.filter(status=Round.Status.PUBLISHED)


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"  # paired, seen only by the event's officials
        PUBLISHED = "published", "Published"  # public; results being entered
        CLOSED = "closed", "Closed"  # every board has a result; no more entry

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    # Counts across the event: the round's address (/<event>/round/<number>/).
    number = models.PositiveSmallIntegerField()
    # The stage it belongs to, and its number there (from 1 in each stage). Left out when
    # creating, they are the event's latest stage and the next number in it.
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number_in_stage = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    paired_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    # The format of this round's boards (the record's `match`) where it is not the
    # event's: a stage's own, or a knock-out final's (set when the round is paired).
    match = models.JSONField(null=True, blank=True)
    # Why each board is as it is (scores, starter history, floats), for the director.
    explanation = models.JSONField(default=list, blank=True)
    # The day a league round is played (a round robin of teams); None elsewhere.
    date = models.DateField(null=True, blank=True)
    # The round's clock (rules/round_clock.py says what these read as; actions/clock.py
    # changes them): its stored state, the seconds it was given, the seconds left when
    # paused, and while running the moment it reaches 0.
    clock_state = models.CharField(max_length=8, default="idle", choices=[
        (s, s.capitalize()) for s in ("idle", "running", "paused", "ended")])
    clock_duration_s = models.PositiveIntegerField(default=0)
    clock_left_s = models.PositiveIntegerField(default=0)
    clock_ends_at = models.DateTimeField(null=True, blank=True)

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number"),
        ]

    def __str__(self):
        return f"{self.tournament} round {self.number}"

    def save(self, *args, **kwargs):
        if self.stage_id is None:
            self.stage = self.tournament.stages.order_by("-number").first() or \
                Stage.objects.create(tournament=self.tournament, number=1)
        if self.number_in_stage is None:
            earlier = Round.objects.filter(tournament_id=self.tournament_id,
                                           stage__number__lt=self.stage.number).count()
            self.number_in_stage = self.number - earlier
        super().save(*args, **kwargs)

    @property
    def title(self) -> str:
        """What the round is called on the pages: "Round 3"; in a knock-out, "Final",
        "Semi-finals" and so on."""
        return self.stage.round_title(self.number_in_stage)

    @property
    def match_format(self) -> dict:
        """The `match` every record of this round's boards must have: the round's own
        (a stage's format, a knock-out final's), else the event's."""
        return dict(self.match) if self.match else self.tournament.match_format

    @property
    def clock_stored(self):
        from ..rules.round_clock import Stored

        return Stored(self.clock_state, self.clock_duration_s, self.clock_left_s,
                      self.clock_ends_at)

    def clock(self, now=None) -> dict:
        """The clock as the API and the pages read it at `now` (default: this moment)."""
        from django.utils import timezone

        from ..rules.round_clock import read

        return read(self.clock_stored, now or timezone.now())

    @property
    def is_public(self) -> bool:
        return self.status in PUBLIC_ROUND_STATUSES

    @property
    def is_live(self) -> bool:
        return self.status == Round.Status.PUBLISHED


PUBLIC_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.CLOSED)


def live_round(rounds, today=None):
    """Of an event's rounds (in order, already read): the live one, or None. The one rule
    behind "the live round" on every page: of the rounds whose results are being entered,
    this week's by date (a league's season, paired and published at once, has every round
    live: `next_dated` says which is this week's), else the latest."""
    live = [r for r in rounds if r.is_live]
    return next_dated(live, lambda r: r.date, today=today) or (live[-1] if live else None)


# A fixture dated up to this many days ago is still this week's (its card may come in a
# few days late); an older one without a result is overdue, not the current one.
RECENT_DAYS = 6


def next_dated(items, date_of, *, done=lambda item: False, today=None):
    """Of `items`: the one dated `today`, else the earliest without a result (`done`
    false) dated from RECENT_DAYS ago on; None when none is (undated items are passed
    over). The one rule behind "this week's fixture" of a league (its live round, a
    team's match night, a player's board)."""
    today = today or timezone.localdate()
    dated = sorted(((date_of(i), n, i) for n, i in enumerate(items)
                    if date_of(i) is not None), key=lambda d: (d[0], d[1]))
    for day, _, item in dated:
        if day == today:
            return item
    since = today - datetime.timedelta(days=RECENT_DAYS)
    return next((item for day, _, item in dated if day >= since and not done(item)), None)


# A result counts once confirmed, or once entered where the event asks no confirmation:
# COUNTED for queries, status_counts() for rows already read. The one home of this rule.
COUNTED = Q(status="confirmed") | Q(status="entered", round__tournament__require_confirmation=False)


def status_counts(status: str, require_confirmation: bool) -> bool:
    return status == "confirmed" or (status == "entered" and not require_confirmation)


class MatchQuerySet(models.QuerySet):
    def pairings(self):
        """The round's pairings: every match but the boards of a team match (in a team
        event the team matches, elsewhere every board). What standings, the pairing's
        history, cross-tables, round pages, exports and ratings of entrants read."""
        return self.filter(team_match__isnull=True)

    def team_boards(self):
        """The boards of team matches (each an ordinary match between players)."""
        return self.filter(team_match__isnull=False)

    def for_listing(self):
        """A round's boards with both players and their set scores, in two queries."""
        return self.select_related("side0", "side1", "conceded_by").prefetch_related(
            "sets"
        ).order_by("board")

    def published(self):
        """Boards of published rounds: the same rule as Round.objects.published(), for a
        reader that already knows the event may be seen (its standings, a player's own
        boards, its archive)."""
        return self.filter(round__status__in=PUBLIC_ROUND_STATUSES)

    def public(self, user=None):
        """Boards `user` may see (None: the public): of published rounds, in events not
        hidden from them (Tournament.objects.public_to, Tournament.hidden_from)."""
        published = self.published()
        if user is None or not user.is_authenticated:
            return published.filter(round__tournament__hidden=False)
        return published.filter(round__tournament__in=Tournament.objects.public_to(user))

    def awaiting_result(self):
        """Boards (not byes) whose result does not count yet: missing or unconfirmed."""
        return self.exclude(side1=None).exclude(COUNTED)


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        ENTERED = "entered", "Entered"
        # A side of the board entered it and the other side agreed (players_then_official:
        # an official confirms next) or disagreed, with a reason (officials settle it).
        ACCEPTED = "accepted", "Accepted"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"

    class Outcome(models.TextChoices):
        NONE = "", "No result yet"
        PLAYED = "played", "Played"
        FORFEIT = "forfeit", "Forfeit"
        DOUBLE_FORFEIT = "double_forfeit", "Double forfeit"
        ABANDONED = "abandoned", "Abandoned"
        BYE = "bye", "Bye"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    board = models.PositiveSmallIntegerField()
    # side0 is players[0] (side 0; the Swiss "white"): where the pairing decides, it starts set 1.
    side0 = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="+")
    side1 = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # A match of its knock-out stage's plate (the second bracket, of round 1's losers),
    # played in the same round as the main bracket's next round: its board numbers follow
    # the main bracket's there (pairing.systems.KnockOut.plate_offset).
    plate = models.BooleanField(default=False)
    # The first-set starter: the seat that starts set 1 on this board, where sets
    # alternate. 0, the pairing's side 0, unless a director chose another seat (an audited
    # choice: the SET_FIRST_STARTER audit row says who chose it, when and why).
    first_set_starter = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    outcome = models.CharField(max_length=16, choices=Outcome.choices, blank=True)
    # The player who forfeited or abandoned.
    conceded_by = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    winner = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    record = models.JSONField(null=True, blank=True)
    # Optimistic lock: bumped on every stored change, so stale writers get a 409.
    version = models.PositiveIntegerField(default=0)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    entered_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Entry at the table (actions/table.py): the player who entered the stored version,
    # the other side's player who accepted or disputed it, and the dispute's reason.
    entered_by_player = models.ForeignKey(
        "tournament.PlayerKey", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+")
    answered_by_player = models.ForeignKey(
        "tournament.PlayerKey", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+")
    dispute_reason = models.TextField(blank=True)
    # Teams (shared/spec/competitions.md): a board of a team match points to it (the
    # team match is the round's pairing, side0 the home team, side1 the away team; its
    # boards have the same round and sides, and `board` numbers them within it). A
    # board's `lineup` names the members who play it, [[home indices], [away indices]]
    # (one a side for singles, two for pairs; a side not yet named is []); None until
    # the lineups are open. A postponed team match's new date (it stays in its round).
    team_match = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="boards")
    lineup = models.JSONField(null=True, blank=True)
    postponed_to = models.DateField(null=True, blank=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["round", "board"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "board"],
                                    condition=Q(team_match__isnull=True), name="unique_board"),
            models.UniqueConstraint(fields=["team_match", "board"],
                                    condition=Q(team_match__isnull=False),
                                    name="unique_team_board"),
        ]

    def __str__(self):
        other = self.side1.name if self.side1_id else "bye"
        return f"R{self.round.number} B{self.board}: {self.side0.name} – {other}"

    @property
    def is_bye(self) -> bool:
        return self.side1_id is None

    def plan_in(self, tournament):
        """A team match's board: its `rules.team_rules.BoardPlan` (number, kind, format)
        in its event `tournament`; None for any other match."""
        if self.team_match_id is None or not tournament.team_match:
            return None
        from ..rules.team_rules import board_plan

        plan = board_plan(tournament.team_match)
        return plan[self.board - 1] if self.board <= len(plan) else None

    @property
    def plan(self):
        """`plan_in` the board's own event."""
        return None if self.team_match_id is None else self.plan_in(self.round.tournament)

    def seats_in(self, tournament) -> int:
        """Seats at this board's table in its event `tournament`: a team match's board by
        its kind (2 singles, 4 pairs), else the event's."""
        plan = self.plan_in(tournament)
        return plan.seats if plan is not None else tournament.seats

    @property
    def match_format(self) -> dict:
        """The `match` this board's record must have: its round's (`Round.match_format`);
        a plate's match is in its stage's format, even in the round of the final; a team
        match's board is in its board's format (the event's `team_match`)."""
        plan = self.plan
        if plan is not None:
            return dict(plan.match)
        if self.plate:
            return self.round.stage.match_format()
        return self.round.match_format

    @property
    def max_sets(self) -> int:
        """The most sets this board can have (2W - 1)."""
        from scoring.formats import MatchFormat

        fmt = self.match_format
        return MatchFormat(fmt["target"], fmt["sets_to_win"]).max_sets

    @property
    def answer(self) -> str | None:
        """What the other side said of the entered result, "accepted" or "disputed" (a
        dispute stays said once an official confirmed the score after it); None when no
        player answered."""
        if self.answered_by_player_id is None:
            return None
        disputed = self.status == self.Status.DISPUTED or bool(self.dispute_reason)
        return "disputed" if disputed else "accepted"

    @property
    def players(self):
        return [self.side0, self.side1]

    def side_of(self, entrant_id: int) -> int:
        """The side (0 or 1) the entrant plays on this board."""
        return 0 if entrant_id == self.side0_id else 1


# A stored result that waits for someone: another official, the other side, a settling.
AWAITING = (Match.Status.ENTERED, Match.Status.ACCEPTED, Match.Status.DISPUTED)


class SetResult(models.Model):
    """One set of a match as the validator accepted it: seat 0 is the match's side0."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sets")
    number = models.PositiveSmallIntegerField()
    starter = models.PositiveSmallIntegerField(null=True, blank=True)
    score0 = models.PositiveSmallIntegerField()
    score1 = models.PositiveSmallIntegerField()
    # The side (0 or 1) the set was awarded to whatever its score (bndcc's held_after_knock:
    # the score is the running total at the award); None: the score says who won it.
    awarded_to = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="unique_set_number"),
        ]

    def __str__(self):
        return f"{self.score0}–{self.score1}" + (" awarded" if self.awarded_to is not None
                                                  else "")

    @property
    def winner_side(self) -> int | None:
        """The side (0 or 1) that won the set: the award's, else the higher score's."""
        return set_winner((self.score0, self.score1), self.awarded_to)


class ResultVersion(models.Model):
    """Every stored state of a board's result, never overwritten: the board's history."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Match.Status.choices)
    outcome = models.CharField(max_length=16, choices=Match.Outcome.choices, blank=True)
    conceded_by = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    record = models.JSONField(null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    # A player at the table (entered, accepted or disputed this version), where not `by`.
    by_player = models.ForeignKey(
        "tournament.PlayerKey", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="unique_result_version"),
        ]

    def __str__(self):
        return f"{self.match} v{self.version} ({self.status})"
