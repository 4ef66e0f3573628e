"""API tokens: a user's own key (shown once when made; renewing makes a new one and the
old key stops working), the command line's grant of an arbiter's key for a device, and
revocation when the password changes or the user stops being an official."""

from django.contrib.auth import get_user_model
from django.db import transaction

from ..models import ApiToken, Official, Tournament
from .base import Action, atomic_action, audit


def token_of(user) -> ApiToken | None:
    """The user's token (never its key: only its digest is stored), or None."""
    return ApiToken.objects.filter(user=user).first()


@atomic_action
def issue(user, actor) -> str:
    """A new key for user, returned once; any older key stops working. The actor is the
    user asking for their own key, or None (the command line's grant)."""
    had = ApiToken.objects.filter(user=user).exists()
    _, key = ApiToken.made_for(user)
    audit(None, actor, Action.RENEW_TOKEN if had else Action.CREATE_TOKEN,
          f"API token {'renewed' if had else 'created'} for {user.username}")
    return key


@atomic_action
def revoke(user, actor, *, why: str) -> bool:
    return revoked(user, actor, why=why)


def revoked(user, actor, *, why: str) -> bool:
    """revoke's work, in the transaction it is called in: the signal handlers below run
    inside the save or delete that set them off (Django's delete is its own atomic block),
    and the key must go with that write, or not at all."""
    with transaction.atomic():
        deleted, _ = ApiToken.objects.filter(user=user).delete()
        if deleted:
            audit(None, actor, Action.REVOKE_TOKEN,
                  f"API token of {user.username} revoked: {why}", username=user.username)
    return bool(deleted)


@atomic_action
def grant(event, actor, *, username: str) -> tuple[str, str]:
    """(a new token key, a note for the operator). Run from the server's shell: the actor
    is None. Keys are stored hashed, so an existing key cannot be shown again: the user
    gets a new one and their older key stops working (the note says so)."""
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        # Signs in with the token only, until a director sets a password.
        user.set_unusable_password()
        user.save(update_fields=["password"])
    official = Official.objects.filter(tournament=event, user=user).first()
    notes = []
    if official is None:
        Official.objects.create(tournament=event, user=user, role=Official.Role.ARBITER)
        event.forget_role(user)
        audit(event, actor, Action.ADD_OFFICIAL, f"{username} is now arbiter of {event.name} "
              "(arbiter_token command)", username=username, role="arbiter", created=created)
    elif official.role != Official.Role.ARBITER:
        # Never demote a director: their role already allows entering results.
        notes.append(f"{username} stays {official.role} of {event.name}.")
    if ApiToken.objects.filter(user=user).exists():
        notes.append(f"{username}'s previous API key no longer works.")
    return issue(user, actor), " ".join(notes)


# ------------------------------------------------------------------ revocation
# Connected in TournamentConfig.ready: the models never import an action.

def revoke_on_password_change(sender, instance, update_fields=None, raw=False, **kwargs):
    """A new password ends the old key: whoever knew the password may have copied it."""
    if raw or instance.pk is None or (update_fields is not None
                                      and "password" not in update_fields):
        return
    old = type(instance).objects.filter(pk=instance.pk).values_list("password", flat=True)
    if old and old[0] != instance.password:
        revoked(instance, None, why="the password changed")


def revoke_on_official_removed(sender, instance, **kwargs):
    """An official removed from their last event loses their key. The key is the user's,
    not the event's (the API checks the event's roles on every request, so it stops acting
    for this event at once): while the user is still an official elsewhere the key stays,
    or any director could end anyone's key by adding them to an event and removing them."""
    user = get_user_model().objects.filter(pk=instance.user_id).first()
    if user is None or Official.objects.filter(user=user).exists():
        return
    event = Tournament.objects.filter(pk=instance.tournament_id).first()  # gone if deleted
    revoked(user, None, why=f"no longer an official of "
                           f"{event.name if event else 'a deleted event'}")
