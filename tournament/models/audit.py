from django.conf import settings
from django.db import models


class AuditQuerySet(models.QuerySet):
    def seen_by_public(self):
        """The changes a public page may show: all but AuditEntry.UNSEEN_BY_PUBLIC."""
        return self.exclude(action__in=AuditEntry.UNSEEN_BY_PUBLIC)


class AuditEntry(models.Model):
    """Who did what, when and why. Written by every action, inside its transaction."""

    class Action(models.TextChoices):
        # One name per kind of change: the audit page, the public "changed" notes and the
        # merge log filter on these, so a misspelt name would be silently never found.
        # The event and its officials
        CREATE_TOURNAMENT = "create_tournament", "Create tournament"
        UPDATE_SETTINGS = "update_settings", "Update settings"
        HIDE_TOURNAMENT = "hide_tournament", "Hide tournament"
        SHOW_TOURNAMENT = "show_tournament", "Show tournament"
        DELETE_TOURNAMENT = "delete_tournament", "Delete tournament"
        ADD_OFFICIAL = "add_official", "Add official"
        REMOVE_OFFICIAL = "remove_official", "Remove official"
        # Score-keepers' tokens
        CREATE_TOKEN = "create_token", "Create token"
        RENEW_TOKEN = "renew_token", "Renew token"
        REVOKE_TOKEN = "revoke_token", "Revoke token"
        # Players' keys and cards
        CREATE_PLAYER_KEY = "create_player_key", "Create player key"
        RENEW_PLAYER_KEY = "renew_player_key", "Renew player key"
        PRINT_PLAYER_CARDS = "print_player_cards", "Print player cards"
        # Entrants
        ADD_ENTRANT = "add_entrant", "Add entrant"
        IMPORT_ENTRANTS = "import_entrants", "Import entrants"
        EDIT_ENTRANT = "edit_entrant", "Edit entrant"
        DELETE_ENTRANT = "delete_entrant", "Delete entrant"
        WITHDRAW_ENTRANT = "withdraw_entrant", "Withdraw entrant"
        REINSTATE_ENTRANT = "reinstate_entrant", "Reinstate entrant"
        ADD_FORBIDDEN_PAIR = "add_forbidden_pair", "Add forbidden pair"
        REMOVE_FORBIDDEN_PAIR = "remove_forbidden_pair", "Remove forbidden pair"
        SEED_FROM_RATINGS = "seed_from_ratings", "Seed from ratings"
        # Entries before the day (actions/entries.py)
        SET_ENTRIES = "set_entries", "Open, close or limit entries"
        MAKE_ENTRY = "make_entry", "An entry was made"
        ACCEPT_ENTRY = "accept_entry", "Accept entry"
        DECLINE_ENTRY = "decline_entry", "Decline entry"
        WITHDRAW_ENTRY = "withdraw_entry", "Withdraw entry"
        ENTRY_MOVED_UP = "entry_moved_up", "An entry moved up from the waiting list"
        # Who plays a round
        SET_ATTENDANCE = "set_attendance", "Set attendance"
        SET_CHECKIN = "set_checkin", "Check in or out"
        # Stages
        ADD_STAGE = "add_stage", "Add stage"
        CHANGE_STAGE = "change_stage", "Change stage"
        DELETE_STAGE = "delete_stage", "Remove stage"
        # Rounds
        PAIR_ROUND = "pair_round", "Pair round"
        SET_PAIRING = "set_pairing", "Set pairing"
        PUBLISH_ROUND = "publish_round", "Publish round"
        DELETE_ROUND = "delete_round", "Delete round"
        CLOSE_ROUND = "close_round", "Close round"
        REOPEN_ROUND = "reopen_round", "Reopen round"
        # The round's clock
        CLOCK_START = "clock_start", "Start the round's clock"
        CLOCK_PAUSE = "clock_pause", "Pause the round's clock"
        CLOCK_RESUME = "clock_resume", "Resume the round's clock"
        CLOCK_ADD = "clock_add", "Add time to the round's clock"
        CLOCK_STOP = "clock_stop", "Stop the round's clock"
        # Results
        ENTER_RESULT = "enter_result", "Enter result"
        CORRECT_RESULT = "correct_result", "Correct result"
        CONFIRM_RESULT = "confirm_result", "Confirm result"
        SET_FIRST_STARTER = "set_first_starter", "Set who starts set 1"
        PLAYER_ENTER_RESULT = "player_enter_result", "A player entered a result"
        PLAYER_ACCEPT_RESULT = "player_accept_result", "A player accepted a result"
        PLAYER_DISPUTE_RESULT = "player_dispute_result", "A player disputed a result"
        # Teams and leagues
        SET_LINEUP = "set_lineup", "Set a team match's lineup"
        OPEN_LINEUPS = "open_lineups", "Open a team match's lineups"
        POSTPONE_MATCH = "postpone_match", "Postpone a team match"
        SET_ROUND_DATE = "set_round_date", "Set a round's date"
        PAIR_SEASON = "pair_season", "Pair a season's every round"
        PUBLISH_SEASON = "publish_season", "Publish a season's every round"
        PLAYER_ACCEPT_CARD = "player_accept_card", "A captain accepted a card"
        PLAYER_DISPUTE_CARD = "player_dispute_card", "A captain disputed a card"
        NAME_TEAM_WINNER = "name_team_winner", "Name a level knock-out team match's winner"
        # People across events
        CREATE_PERSON = "create_person", "Create person"
        LINK_PERSON = "link_person", "Link person"
        SET_EVENT_DATE = "set_event_date", "Set event date"
        MERGE_PEOPLE = "merge_people", "Merge people"
        UNMERGE_PEOPLE = "unmerge_people", "Unmerge people"
        # Series
        CREATE_SERIES = "create_series", "Create series"
        SERIES_SCALE = "series_scale", "Set a series' points scale"
        SERIES_ADD_EVENT = "series_add_event", "Add an event to a series"
        SERIES_REMOVE_EVENT = "series_remove_event", "Remove an event from a series"
        # Imports
        IMPORT_TOURNAMENT = "import_tournament", "Import an archive"
        IMPORT_TRF = "import_trf", "Import a TRF file"

    # Changes no public page shows: who is checked in for the next round (the player's own
    # page and the officials' pages show it; no public page nor the public API does). Their
    # rows bump no revision (actions.base.audit) and are never the event's latest change
    # (Tournament.change_id), so a check-in leaves the cached public pages as they were.
    # So are an entry made or declined: the public pages show entrants, not entries (an
    # entry accepted, withdrawn or moved up changes the entrants, and is seen).
    UNSEEN_BY_PUBLIC = frozenset({Action.SET_CHECKIN, Action.MAKE_ENTRY, Action.DECLINE_ENTRY})

    # Kept when the event is deleted (SET_NULL): its name and slug are then in `detail`,
    # for staff to read in the admin.
    tournament = models.ForeignKey(
        "tournament.Tournament", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="audit_entries",
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    action = models.CharField(max_length=60, choices=Action.choices)
    summary = models.CharField(max_length=300)
    reason = models.TextField(blank=True)
    detail = models.JSONField(default=dict, blank=True)

    objects = AuditQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["tournament", "-id"], name="audit_latest_per_event")]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor or 'system'}: {self.summary}"
