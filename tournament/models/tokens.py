import secrets

from django.conf import settings
from django.db import models


def new_key() -> str:
    return secrets.token_hex(20)


class ApiToken(models.Model):
    """The API key of a user; the API accepts `Authorization: Token <key>`."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_token"
    )
    key = models.CharField(max_length=40, unique=True, default=new_key)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"token of {self.user}"
