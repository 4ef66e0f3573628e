"""The Django admin: a read-only window on the event data for staff.

Every change to an event goes through an action, which checks it and writes the audit
row; an edit here would do neither, so the admin shows and never changes. Staff who must
act on an event do it on the director's screens (a superuser directs every event); user
accounts stay editable here, under Django's own admin.
"""

from django.contrib import admin

from .models import (
    ApiToken,
    Attendance,
    AuditEntry,
    CheckIn,
    Entrant,
    EntrantPerson,
    ForbiddenPair,
    Match,
    Official,
    Person,
    ResultVersion,
    Round,
    Series,
    SetResult,
    Tournament,
)


class ReadOnly:
    """No add, change or delete: for model admins and inlines alike."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class OfficialInline(ReadOnly, admin.TabularInline):
    model = Official
    extra = 0


class EntrantInline(ReadOnly, admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ["number", "name", "club", "rating", "withdrawn_after_round"]


@admin.register(Tournament)
class TournamentAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "slug", "status", "ruleset", "rounds_planned", "created_at"]
    list_filter = ["status", "ruleset"]
    search_fields = ["name", "slug"]
    inlines = [OfficialInline, EntrantInline]


@admin.register(Entrant)
class EntrantAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "number", "tournament", "club", "rating", "withdrawn_after_round"]
    list_filter = ["tournament"]
    search_fields = ["name", "club"]


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["first", "second", "tournament", "reason"]
    list_filter = ["tournament"]


class MatchInline(ReadOnly, admin.TabularInline):
    model = Match
    extra = 0
    fields = ["board", "side0", "side1", "status", "outcome", "winner", "version"]
    readonly_fields = fields
    show_change_link = True


@admin.register(Round)
class RoundAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "paired_at", "published_at"]
    list_filter = ["status", "tournament"]
    inlines = [MatchInline]


class SetInline(ReadOnly, admin.TabularInline):
    model = SetResult
    extra = 0
    readonly_fields = ["number", "starter", "score0", "score1"]


class VersionInline(ReadOnly, admin.TabularInline):
    model = ResultVersion
    extra = 0
    readonly_fields = ["version", "status", "outcome", "conceded_by", "by", "at", "reason"]
    fields = readonly_fields


@admin.register(Match)
class MatchAdmin(ReadOnly, admin.ModelAdmin):
    """Results change only through the result-entry screens, which validate and audit them."""

    list_display = ["__str__", "status", "outcome", "winner", "version"]
    list_filter = ["status", "outcome", "round__tournament"]
    readonly_fields = ["round", "board", "side0", "side1", "status", "outcome", "conceded_by",
                       "winner", "record", "version", "entered_by", "entered_at",
                       "confirmed_by", "confirmed_at"]
    inlines = [SetInline, VersionInline]


@admin.register(Attendance)
class AttendanceAdmin(ReadOnly, admin.ModelAdmin):
    """Requested byes and absences change only on the director's byes page, which audits."""

    list_display = ["entrant", "round_number", "kind"]
    list_filter = ["kind", "entrant__tournament"]


@admin.register(CheckIn)
class CheckInAdmin(ReadOnly, admin.ModelAdmin):
    """Ticked on the roll call or from a player's phone (actions.checkin), which audit."""

    list_display = ["entrant", "round_number", "at"]
    list_filter = ["entrant__tournament"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["at", "tournament", "actor", "action", "summary"]
    list_filter = ["action", "tournament"]
    search_fields = ["summary", "reason"]
    readonly_fields = ["tournament", "actor", "at", "action", "summary", "reason", "detail"]


@admin.register(ApiToken)
class ApiTokenAdmin(ReadOnly, admin.ModelAdmin):
    """A key is shown only to its owner (on /arbiter/token/); staff see whose it is."""

    list_display = ["user", "hint", "created_at", "expires_at"]
    fields = ["user", "hint", "created_at", "expires_at"]
    readonly_fields = ["user", "hint", "created_at", "expires_at"]


class LinkInline(ReadOnly, admin.TabularInline):
    model = EntrantPerson
    extra = 0
    fields = ["entrant", "member"]
    readonly_fields = fields


@admin.register(Person)
class PersonAdmin(ReadOnly, admin.ModelAdmin):
    """People are made and merged on the site's screens (merging: /manage/people/), which
    audit it and rebuild the rating lists."""

    list_display = ["key", "name", "club", "merged_into", "created_at"]
    search_fields = ["key", "name", "club"]
    inlines = [LinkInline]


@admin.register(Series)
class SeriesAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "slug", "created_by", "created_at"]
