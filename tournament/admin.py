"""The Django admin: a safety net for staff, read-mostly for the audit trail."""

from django.contrib import admin

from .models import (
    ApiToken,
    AuditEntry,
    Entrant,
    ForbiddenPair,
    Match,
    Official,
    ResultVersion,
    Round,
    SetResult,
    Tournament,
)


class OfficialInline(admin.TabularInline):
    model = Official
    extra = 0
    autocomplete_fields = ["user"]


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ["number", "name", "club", "rating", "withdrawn_after_round"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "status", "ruleset", "rounds_planned", "created_at"]
    list_filter = ["status", "ruleset"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [OfficialInline, EntrantInline]


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ["name", "number", "tournament", "club", "rating", "withdrawn_after_round"]
    list_filter = ["tournament"]
    search_fields = ["name", "club"]


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(admin.ModelAdmin):
    list_display = ["first", "second", "tournament", "reason"]
    list_filter = ["tournament"]


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    fields = ["board", "white", "black", "status", "outcome", "winner", "version"]
    readonly_fields = fields
    show_change_link = True
    can_delete = False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "paired_at", "published_at"]
    list_filter = ["status", "tournament"]
    inlines = [MatchInline]


class SetInline(admin.TabularInline):
    model = SetResult
    extra = 0
    readonly_fields = ["number", "starter", "score0", "score1"]
    can_delete = False


class VersionInline(admin.TabularInline):
    model = ResultVersion
    extra = 0
    readonly_fields = ["version", "status", "outcome", "conceded_by", "by", "at", "reason"]
    fields = readonly_fields
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Results change only through the result-entry screens, which validate and audit them."""

    list_display = ["__str__", "status", "outcome", "winner", "version"]
    list_filter = ["status", "outcome", "round__tournament"]
    readonly_fields = ["round", "board", "white", "black", "status", "outcome", "conceded_by",
                       "winner", "record", "version", "entered_by", "entered_at",
                       "confirmed_by", "confirmed_at"]
    inlines = [SetInline, VersionInline]

    def has_add_permission(self, request):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "tournament", "actor", "action", "summary"]
    list_filter = ["action", "tournament"]
    search_fields = ["summary", "reason"]
    readonly_fields = ["tournament", "actor", "at", "action", "summary", "reason", "detail"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        # The audit trail is append-only: nobody erases what was done, not even staff.
        return False


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """A key is shown only to its owner (on /arbiter/token/); staff see whose it is."""

    list_display = ["user", "created_at"]
    fields = ["user", "created_at"]
    readonly_fields = ["user", "created_at"]

    def has_add_permission(self, request):
        return False
