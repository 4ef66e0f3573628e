"""Creating an event, its settings, hiding or deleting it, and deciding who runs it."""

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from ..models import AuditEntry, Official, Tournament
from ..models.event import DEFAULT_POINTS
from ..rules import team_rules
from ..rules.names import known_rulesets, known_tiebreaks
from ..text.clean import TextError, visible_name
from ..text.folding import web_address
from .base import (
    Action,
    ActionError,
    PermissionDenied,
    atomic_action,
    audit,
    checked_reason,
    checked_text,
    lock_event,
    require_director,
    sentence,
)
from .progress import update_status

User = get_user_model()

# The one list of web addresses an event may not take: event pages live at /<slug>/
# beside the site's own top-level paths, the director's at /manage/<slug>/ beside
# /manage/new/, and the arbiter's screens also use /arbiter/match/ and /arbiter/token/.
RESERVED_SLUGS = frozenset({"accounts", "admin", "api", "arbiter", "manage", "static", "media",
                            "match", "token", "new", "favicon-ico", "robots-txt",
                            "ratings", "people", "series", "me"})

# The settings compared (and audited, old and new) when a director changes them.
SETTINGS = ("name", "ruleset", "rounds_planned", "points", "tiebreaks",
            "require_confirmation", "entrants_kind", "match_target", "sets_to_win",
            "entry_policy", "team_match", "team_points")
# Fixed once round 1 is paired: the boards' records depend on them.
FIXED_ONCE_PAIRED = {"ruleset": "the ruleset", "entrants_kind": "singles, pairs or teams",
                     "match_target": "the set's target", "sets_to_win": "the sets to win",
                     "team_match": "the team match's boards"}


def match_format_choices(ruleset: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(targets, sets_to_win values) the ruleset allows, as its Ruleset entry lists them."""
    from scoring.rulesets import RULESETS

    rules = RULESETS[ruleset]
    return rules.allowed_targets, rules.allowed_sets_to_win


def clean_teams(ruleset, entrants_kind, team_match, team_points, errors) -> tuple:
    """(team_match, team_points) as stored: a team event's, checked by rules.team_rules
    (the ruleset's default format and the first preset where none is given); None for
    any other event, which may not have them. Problems go into `errors`."""
    if entrants_kind != Tournament.Entrants.TEAMS:
        if team_match is not None or team_points is not None:
            errors["team_match"] = ["Only a team event has a team match format and team "
                                    "points."]
        return None, None
    if ruleset not in known_rulesets():
        return None, None
    try:
        team_match = team_rules.check_team_match(
            team_rules.DEFAULT_TEAM_MATCH.get(ruleset) if team_match is None else team_match,
            ruleset)
    except ValueError as exc:
        errors["team_match"] = [sentence(str(exc))]
        return None, None
    try:
        team_points = team_rules.check_team_points(
            "two_and_one_a_game" if team_points is None else team_points, team_match)
    except ValueError as exc:
        errors["team_points"] = [sentence(str(exc))]
    return team_match, team_points


def clean_settings(*, ruleset, rounds_planned, points, tiebreaks, entrants_kind="singles",
                   match_target=None, sets_to_win=None, team_match=None,
                   team_points=None) -> dict:
    errors = {}
    if ruleset not in known_rulesets():
        errors["ruleset"] = [f"Unknown ruleset {ruleset!r}; choose one of "
                             f"{', '.join(sorted(known_rulesets()))}."]
    else:
        from scoring.rulesets import RULESETS

        targets, sets = match_format_choices(ruleset)
        match_target = RULESETS[ruleset].target if match_target is None else match_target
        sets_to_win = RULESETS[ruleset].sets_to_win if sets_to_win is None else sets_to_win
        if match_target not in targets or isinstance(match_target, bool):
            errors["match_target"] = [f"The {ruleset} rules allow a target of "
                                      f"{' or '.join(map(str, targets))}."]
        if sets_to_win not in sets or isinstance(sets_to_win, bool):
            errors["sets_to_win"] = [f"The {ruleset} rules allow "
                                     f"{' or '.join(map(str, sets))} sets to win."]
    if entrants_kind not in Tournament.Entrants.values:
        errors["entrants_kind"] = ["Choose singles, pairs or teams."]
    team_match, team_points = clean_teams(ruleset, entrants_kind, team_match, team_points,
                                          errors)
    if not isinstance(rounds_planned, int) or not 1 <= rounds_planned <= 30:
        errors["rounds_planned"] = ["Rounds planned must be a whole number from 1 to 30."]
    points = {**DEFAULT_POINTS, **(points or {})}
    for key, value in points.items():
        if key not in DEFAULT_POINTS:
            errors.setdefault("points", []).append(f"Unknown point value {key!r}.")
        elif isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10:
            errors.setdefault("points", []).append(f"{key} must be a number from 0 to 10.")
    unknown = [name for name in tiebreaks if name not in known_tiebreaks()]
    if unknown:
        errors["tiebreaks"] = [f"Unknown tie-break {', '.join(map(repr, unknown))}."]
    if len(set(tiebreaks)) != len(tiebreaks):
        errors.setdefault("tiebreaks", []).append("A tie-break is listed twice.")
    if errors:
        raise ActionError("The event's settings are not valid.", errors)
    return {"ruleset": ruleset, "rounds_planned": rounds_planned, "points": points,
            "tiebreaks": list(tiebreaks), "entrants_kind": entrants_kind,
            "match_target": match_target, "sets_to_win": sets_to_win,
            "team_match": team_match, "team_points": team_points}


def checked_event_name(value) -> str:
    """An event's name as stored: clean text, trimmed, that shows (text.visible_name)."""
    name = checked_text(value, "name", Tournament._meta.get_field("name").max_length)
    try:
        return visible_name(name, "name")
    except TextError as exc:
        raise ActionError(sentence(str(exc)), {"name": [sentence(str(exc))]}) from None


def address_from(name: str, typed: str = "") -> str:
    """The web address of a new event or series: the one typed, else made from the name,
    as `folding.web_address` makes it ('Łódź Fives' -> 'lodz-fives'), at most 60
    characters; ActionError (on the field `slug`) when nothing usable comes of it or the
    site uses it. Whether it is free is the caller's to check (events and series each have
    their own)."""
    typed = checked_text(typed, "slug")
    slug = web_address(typed or name)[:60].strip("-")
    if not slug and typed:
        raise ActionError("The web address needs letters or digits.",
                          {"slug": ["Use letters, digits and hyphens."]})
    if not slug:
        raise ActionError("No web address can be made from this name: type one.",
                          {"slug": ["Nothing in the name gives letters or digits for an "
                                    "address: type one, such as leek-open."]})
    if slug in RESERVED_SLUGS:
        raise ActionError(f"/{slug}/ is one of the site's own addresses.",
                          {"slug": [f"{slug!r} is reserved; choose another web address."]})
    return slug


@atomic_action
def create_tournament(actor, *, name: str, slug: str = "", ruleset: str = "mso",
                      rounds_planned: int = 5, points: dict | None = None,
                      tiebreaks: list[str] | None = None, require_confirmation: bool = True,
                      entrants_kind: str = "singles", match_target: int | None = None,
                      sets_to_win: int | None = None, hidden: bool = False,
                      entry_policy: str = "officials", team_match: dict | None = None,
                      team_points: dict | str | None = None) -> Tournament:
    """A new event, its creator its director. Who may create events is the caller's to
    check (the screens: `require_creator`); the command line may always."""
    from ..standings import MSO_ORDER

    name = checked_event_name(name)
    if not name:
        raise ActionError("The event needs a name.", {"name": ["Give the event a name."]})
    slug = address_from(name, slug)
    if Tournament.objects.filter(slug=slug).exists():
        raise ActionError(f"An event at /{slug}/ already exists.",
                          {"slug": [f"{slug!r} is taken; choose another web address."]})
    cleaned = clean_settings(ruleset=ruleset, rounds_planned=rounds_planned, points=points,
                             tiebreaks=list(MSO_ORDER) if tiebreaks is None else tiebreaks,
                             entrants_kind=entrants_kind, match_target=match_target,
                             sets_to_win=sets_to_win, team_match=team_match,
                             team_points=team_points)
    entry_policy = checked_policy(entry_policy, bool(require_confirmation))
    tournament = Tournament.objects.create(
        name=name, slug=slug, require_confirmation=require_confirmation, hidden=bool(hidden),
        entry_policy=entry_policy,
        created_by=actor if actor is not None and actor.is_authenticated else None, **cleaned,
    )
    if actor is not None and actor.is_authenticated:
        Official.objects.create(tournament=tournament, user=actor, role=Official.Role.DIRECTOR)
    audit(tournament, actor, Action.CREATE_TOURNAMENT, f"Created {name}", slug=slug,
          settings={key: getattr(tournament, key) for key in SETTINGS}, hidden=bool(hidden))
    return tournament


def require_creator(user, message: str = "Only directors may create events."):
    """Who may create events (and series): staff give the right (the admin, or `manage.py
    grant_director`); a superuser has it; the command line (None) always."""
    if user is not None and not (user.is_authenticated
                                 and user.has_perm("tournament.direct_events")):
        raise PermissionDenied(message)


def shown(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return ", ".join(map(str, value)) or "none" if isinstance(value, list) else str(value)


def describe_change(key: str, old, new) -> str:
    """One setting's change in words for the audit summary; of points, only those that
    changed ("points bye 1 → 0.5"); who enters results in the settings form's words, not
    its stored code ("players_accept")."""
    label = key.replace("_", " ")
    if key == "entry_policy":
        policy = Tournament.EntryPolicy
        return (f"who enters results: “{policy(old).label}” → “{policy(new).label}”"
                if old in policy.values and new in policy.values else f"{label} changed")
    if isinstance(old, dict) and isinstance(new, dict):
        return ", ".join(f"{label} {k.replace('_', ' ')} {old.get(k)} → {new.get(k)}"
                         for k in new if old.get(k) != new.get(k))
    return f"{label} {shown(old)} → {shown(new)}"


def checked_policy(policy, require_confirmation: bool) -> str:
    """The entry policy, if it is one and fits: a player's entry counts once the other
    side accepts it or an official confirms it, never at once, so an event whose players
    enter asks for confirmation (models.rounds.COUNTED stays the one rule)."""
    if policy not in Tournament.EntryPolicy.values:
        raise ActionError(f"Unknown entry policy {policy!r}.", {"entry_policy": [
            f"Choose one of {', '.join(Tournament.EntryPolicy.values)}."]})
    if policy != Tournament.EntryPolicy.OFFICIALS and not require_confirmation:
        raise ActionError("Where the players enter results, results need confirming.", {
            "require_confirmation": ["Keep this on: a player's entry counts once the "
                                     "other side accepts it or an official confirms it."]})
    return policy


@atomic_action
def update_settings(tournament, actor, *, reason: str = "", **changes) -> dict:
    """Change the event's settings; returns {setting: [old, new]} of those that changed.

    Once a round is paired, a change needs a reason, and some settings are fixed.
    """
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    reason = checked_reason(reason)
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise ActionError(f"Unknown setting {', '.join(sorted(unknown))}.")
    current = {key: getattr(tournament, key) for key in SETTINGS}
    wanted = {**current, **changes}
    if wanted["entrants_kind"] != Tournament.Entrants.TEAMS:
        wanted["team_match"] = wanted["team_points"] = None  # no longer a team event
    cleaned = clean_settings(**{key: wanted[key] for key in (
        "ruleset", "rounds_planned", "points", "tiebreaks", "entrants_kind", "match_target",
        "sets_to_win", "team_match", "team_points")})
    cleaned["name"] = checked_event_name(wanted["name"])
    if not cleaned["name"]:
        raise ActionError("The event needs a name.", {"name": ["Give the event a name."]})
    cleaned["require_confirmation"] = bool(wanted["require_confirmation"])
    cleaned["entry_policy"] = checked_policy(wanted["entry_policy"],
                                             cleaned["require_confirmation"])
    changed = {key: [current[key], cleaned[key]] for key in SETTINGS
               if cleaned[key] != current[key]}
    if not changed:
        return changed
    paired = tournament.rounds.count()
    if paired:
        fixed = [label for key, label in FIXED_ONCE_PAIRED.items() if key in changed]
        if fixed:
            raise ActionError(f"Round 1 is paired: {', '.join(fixed)} can no longer change.",
                              {key: ["Fixed once round 1 is paired: the boards' results "
                                     "follow it."] for key in FIXED_ONCE_PAIRED
                               if key in changed})
    if "entry_policy" in changed and not reason:
        raise ActionError("Say why who enters the results changes.",
                          {"reason": ["Give a reason: a change of the entry policy is "
                                      "audited with it."]})
    if paired:
        if not reason:
            raise ActionError("A round is paired: say why the settings change.",
                              {"reason": ["Give a reason: rounds are paired, so this "
                                          "change is audited with it."]})
    if cleaned["rounds_planned"] < paired:
        raise ActionError("Fewer rounds planned than already paired.",
                          {"rounds_planned": [f"{paired} rounds are already paired."]})
    for key, (_, new) in changed.items():
        setattr(tournament, key, new)
    tournament.save(update_fields=list(changed))
    summary = "; ".join(describe_change(key, old, new) for key, (old, new) in changed.items())
    if "rounds_planned" in changed:
        # More rounds put a finished event back in play; fewer finish a running one whose
        # last planned round is now closed. No round is closed here (settle=False).
        before = tournament.status
        update_status(tournament, settle=False)
        if tournament.status != before:
            summary += (f"; the event is {tournament.get_status_display().lower()} "
                        f"(was {Tournament.Status(before).label.lower()})")
    if "require_confirmation" in changed:  # which results count, so which are rated
        from ..reads import rating_lists
        rating_lists.event_changed(tournament)
    audit(tournament, actor, Action.UPDATE_SETTINGS,
          f"Changed the settings of {tournament.name}: {summary}", reason, changes=changed)
    return changed


@atomic_action
def set_hidden(tournament, actor, *, hidden: bool, reason: str = "") -> Tournament:
    """Hide an unstarted event from the public (its officials still see it), or show it."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    reason = checked_reason(reason)
    hidden = bool(hidden)
    if hidden == tournament.hidden:
        raise ActionError(f"{tournament.name} is already "
                          f"{'hidden from' if hidden else 'shown to'} the public.")
    if hidden and tournament.rounds.exists():
        raise ActionError("Only an event whose round 1 is not yet paired can be hidden.")
    tournament.hidden = hidden
    tournament.save(update_fields=["hidden"])
    if not hidden:  # its results are public now, so rated
        from ..reads import rating_lists
        rating_lists.event_changed(tournament)
    audit(tournament, actor, Action.HIDE_TOURNAMENT if hidden else Action.SHOW_TOURNAMENT,
          f"{'Hid' if hidden else 'Showed'} {tournament.name} "
          f"{'from' if hidden else 'to'} the public", reason, hidden=hidden)
    return tournament


@atomic_action
def delete_tournament(tournament, actor, *, reason: str) -> dict:
    """Delete an event no round of which is paired. Its audit rows stay for staff, the
    event's name and slug written into each; returns that {"id", "name", "slug"}."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    reason = checked_reason(reason)
    if not reason:
        raise ActionError("Say why the event is deleted.",
                          {"reason": ["Give a reason: it stays in the audit log."]})
    if tournament.rounds.exists():
        raise ActionError(f"{tournament.name} has paired rounds: only an event whose round "
                          "1 is not yet paired can be deleted.")
    event = {"id": tournament.pk, "name": tournament.name, "slug": tournament.slug}
    entries = list(tournament.audit_entries.all())
    for entry in entries:
        entry.detail = {**entry.detail, "event": event}
    AuditEntry.objects.bulk_update(entries, ["detail"])
    audit(tournament, actor, Action.DELETE_TOURNAMENT,
          f"Deleted {tournament.name} (/{event['slug']}/)",
          reason, event=event, entrants=tournament.entrants.count())
    tournament.delete()
    return event


@atomic_action
def add_official(tournament, actor, *, username: str, role: str = Official.Role.ARBITER,
                 password: str = "", create: bool = False) -> Official | None:
    """Make an existing user, or a new account (an invitation), an official of the event.

    None when there is no such account and `create` is not asked: nothing changes, and the
    director's form answers as it does for an account that exists, so the form cannot be
    used to learn which usernames exist."""
    require_director(tournament, actor)
    username = checked_text(username, "username", 150)
    if role not in Official.Role.values:
        raise ActionError(f"Unknown role {role!r}.", {"role": ["Choose arbiter or director."]})
    user = User.objects.filter(username=username).first()
    if user is None:
        if not create:
            return None
        if not username:
            raise ActionError("A username is needed.", {"username": ["Give a username."]})
        try:
            User.username_validator(username)
        except ValidationError as exc:
            raise ActionError("The username is not valid.", {"username": exc.messages}) from exc
        if len(password) < 8:
            raise ActionError("The password is too short.",
                              {"password": ["Give the new account a password of 8 or more "
                                            "characters."]})
        try:
            # The site's AUTH_PASSWORD_VALIDATORS, as for any password: no '12345678'.
            validate_password(password, User(username=username))
        except ValidationError as exc:
            raise ActionError("The password is too weak.", {"password": exc.messages}) from exc
        user = User.objects.create_user(username=username, password=password)
    official, _ = Official.objects.update_or_create(
        tournament=tournament, user=user, defaults={"role": role})
    tournament.forget_role(user)
    audit(tournament, actor, Action.ADD_OFFICIAL, f"{username} is now {role} of {tournament.name}",
          username=username, role=role, created=create)
    return official


@atomic_action
def remove_official(tournament, actor, *, user) -> None:
    require_director(tournament, actor)
    if user == actor:
        raise ActionError("You cannot remove yourself from the event.")
    Official.objects.filter(tournament=tournament, user=user).delete()
    tournament.forget_role(user)
    audit(tournament, actor, Action.REMOVE_OFFICIAL, f"{user.username} no longer runs "
          f"{tournament.name}", username=user.username)
