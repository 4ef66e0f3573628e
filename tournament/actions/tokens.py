"""API tokens: a user's own key (shown on first view, renewed on request, the old key then
stops working), and the command line's grant of an arbiter's key for a device."""

from django.contrib.auth import get_user_model
from django.db import transaction

from ..models import ApiToken, Official
from ..models.tokens import new_key
from .base import audit


@transaction.atomic
def token_for(user) -> ApiToken:
    token, created = ApiToken.objects.get_or_create(user=user)
    if created:
        audit(None, user, "create_token", f"API token created for {user.username}")
    return token


@transaction.atomic
def renew(user) -> ApiToken:
    token, _ = ApiToken.objects.select_for_update().get_or_create(user=user)
    token.key = new_key()
    token.save(update_fields=["key", "created_at"])
    audit(None, user, "renew_token", f"API token renewed for {user.username}")
    return token


@transaction.atomic
def grant(event, username) -> tuple[str, str]:
    """(token key, a note for the operator). Run from the server's shell: the actor is None."""
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        # Signs in with the token only, until a director sets a password.
        user.set_unusable_password()
        user.save(update_fields=["password"])
    official = Official.objects.filter(tournament=event, user=user).first()
    note = ""
    if official is None:
        Official.objects.create(tournament=event, user=user, role=Official.Role.ARBITER)
        event.forget_role(user)
        audit(event, None, "add_official", f"{username} is now arbiter of {event.name} "
              "(arbiter_token command)", username=username, role="arbiter", created=created)
    elif official.role != Official.Role.ARBITER:
        # Never demote a director: their role already allows entering results.
        note = f"{username} stays {official.role} of {event.name}."
    token, _ = ApiToken.objects.get_or_create(user=user)
    return token.key, note
