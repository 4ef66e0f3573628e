"""A user's API token: shown on first view, renewed on request (the old key stops working)."""

from django.db import transaction

from ..actions.base import audit
from ..models import ApiToken
from ..models.tokens import new_key


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
