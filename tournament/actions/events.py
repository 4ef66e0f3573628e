"""Creating an event and deciding who runs it."""

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify

from ..models import Official, Tournament
from ..models.event import DEFAULT_POINTS
from ..rules import known_rulesets, known_tiebreaks
from .base import ActionError, audit, require_director

User = get_user_model()

# Event pages live at /<slug>/, beside the site's own top-level paths; the arbiter's
# screens also use /arbiter/match/ and /arbiter/token/.
RESERVED_SLUGS = frozenset({"accounts", "admin", "api", "arbiter", "manage", "static", "media",
                            "match", "token", "new", "favicon-ico", "robots-txt"})


def clean_settings(*, ruleset, rounds_planned, points, tiebreaks) -> dict:
    errors = {}
    if ruleset not in known_rulesets():
        errors["ruleset"] = [f"Unknown ruleset {ruleset!r}; choose one of "
                             f"{', '.join(sorted(known_rulesets()))}."]
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
            "tiebreaks": list(tiebreaks)}


@transaction.atomic
def create_tournament(actor, *, name: str, slug: str = "", ruleset: str = "mso",
                      rounds_planned: int = 5, points: dict | None = None,
                      tiebreaks: list[str] | None = None, require_confirmation: bool = True,
                      ) -> Tournament:
    from ..standings import MSO_ORDER

    name = (name or "").strip()
    if not name:
        raise ActionError("The event needs a name.", {"name": ["Give the event a name."]})
    slug = slugify(slug or name)[:60]
    if not slug:
        raise ActionError("The web address needs letters or digits.",
                          {"slug": ["Use letters, digits and hyphens."]})
    if slug in RESERVED_SLUGS:
        raise ActionError(f"/{slug}/ is one of the site's own addresses.",
                          {"slug": [f"{slug!r} is reserved; choose another web address."]})
    if Tournament.objects.filter(slug=slug).exists():
        raise ActionError(f"An event at /{slug}/ already exists.",
                          {"slug": [f"{slug!r} is taken; choose another web address."]})
    cleaned = clean_settings(ruleset=ruleset, rounds_planned=rounds_planned, points=points,
                             tiebreaks=list(MSO_ORDER) if tiebreaks is None else tiebreaks)
    tournament = Tournament.objects.create(
        name=name, slug=slug, require_confirmation=require_confirmation,
        created_by=actor if actor is not None and actor.is_authenticated else None, **cleaned,
    )
    if actor is not None and actor.is_authenticated:
        Official.objects.create(tournament=tournament, user=actor, role=Official.Role.DIRECTOR)
    audit(tournament, actor, "create_tournament", f"Created {name}", slug=slug)
    return tournament


@transaction.atomic
def update_settings(tournament, actor, *, reason: str = "", **changes) -> Tournament:
    require_director(tournament, actor)
    cleaned = clean_settings(
        ruleset=changes.get("ruleset", tournament.ruleset),
        rounds_planned=changes.get("rounds_planned", tournament.rounds_planned),
        points=changes.get("points", tournament.points),
        tiebreaks=changes.get("tiebreaks", tournament.tiebreaks),
    )
    if cleaned["ruleset"] != tournament.ruleset and tournament.rounds.exists():
        raise ActionError("The ruleset cannot change once a round is paired.",
                          {"ruleset": ["Rounds are paired: results were checked by the old "
                                       "ruleset."]})
    played = tournament.rounds.count()
    if cleaned["rounds_planned"] < played:
        raise ActionError("Fewer rounds planned than already paired.",
                          {"rounds_planned": [f"{played} rounds are already paired."]})
    for key in ("name",):
        if key in changes:
            value = (changes[key] or "").strip()
            if not value:
                raise ActionError("The event needs a name.", {"name": ["Give the event a name."]})
            setattr(tournament, key, value)
    if "require_confirmation" in changes:
        tournament.require_confirmation = bool(changes["require_confirmation"])
    for key, value in cleaned.items():
        setattr(tournament, key, value)
    tournament.save()
    audit(tournament, actor, "update_settings", f"Changed the settings of {tournament.name}",
          reason, changes={k: v for k, v in changes.items()})
    return tournament


@transaction.atomic
def add_official(tournament, actor, *, username: str, role: str = Official.Role.ARBITER,
                 password: str = "", create: bool = False) -> Official:
    """Make an existing user, or a new account (an invitation), an official of the event."""
    require_director(tournament, actor)
    username = (username or "").strip()
    if role not in Official.Role.values:
        raise ActionError(f"Unknown role {role!r}.", {"role": ["Choose arbiter or director."]})
    user = User.objects.filter(username=username).first()
    if user is None:
        if not create:
            raise ActionError(f"There is no user {username!r}.",
                              {"username": [f"No account is called {username!r}; tick "
                                            "'create the account' to invite them."]})
        if not username:
            raise ActionError("A username is needed.", {"username": ["Give a username."]})
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
    audit(tournament, actor, "add_official", f"{username} is now {role} of {tournament.name}",
          username=username, role=role, created=create)
    return official


@transaction.atomic
def remove_official(tournament, actor, *, user) -> None:
    require_director(tournament, actor)
    if user == actor:
        raise ActionError("You cannot remove yourself from the event.")
    Official.objects.filter(tournament=tournament, user=user).delete()
    tournament.forget_role(user)
    audit(tournament, actor, "remove_official", f"{user.username} no longer runs "
          f"{tournament.name}", username=user.username)
