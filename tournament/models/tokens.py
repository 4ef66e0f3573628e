"""API keys, kept as SHA-256 digests: the key itself is shown once, when it is made.

A key is 160 random bits, so a plain hash (no salt, no stretching) is enough: nobody can
guess one from its digest, and the lookup stays one indexed query per request. A key
stops working when its user's password changes, when the user stops being an official
of every event, or at `expires_at` (settings.API_TOKEN_LIFETIME_DAYS after it was made).
"""

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone


def new_key() -> str:
    return secrets.token_hex(20)


def digest_of(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def default_expiry():
    days = getattr(settings, "API_TOKEN_LIFETIME_DAYS", 0)
    return timezone.now() + timedelta(days=days) if days else None


class ApiToken(models.Model):
    """The API key of a user; the API accepts `Authorization: Token <key>`."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_token"
    )
    digest = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=8, blank=True,
                            help_text="The key's first characters, to tell keys apart.")
    created_at = models.DateTimeField(auto_now=True)
    expires_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"token of {self.user}"

    @classmethod
    def made_for(cls, user) -> tuple["ApiToken", str]:
        """(the user's token, its key): a new key replaces any older one, which stops working."""
        key = new_key()
        token, _ = cls.objects.update_or_create(user=user, defaults={
            "digest": digest_of(key), "hint": key[:6], "expires_at": default_expiry()})
        return token, key

    @classmethod
    def user_for(cls, key: str):
        """The active user whose unexpired key this is, or None."""
        token = cls.objects.select_related("user").filter(digest=digest_of(key)).first()
        if token is None or not token.user.is_active or token.expired:
            return None
        return token.user

    @property
    def expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()
