"""`Authorization: Token <key>`: the API key of an arbiter or director (ApiToken)."""

from ninja.security import APIKeyHeader

from ..models import ApiToken

PREFIX = "token "


def user_for(request):
    """The active user whose token the request carries, or None (no, unknown, expired or bad
    header)."""
    header = request.headers.get("Authorization", "")
    if not header[: len(PREFIX)].lower() == PREFIX:
        return None
    key = header[len(PREFIX):].strip()
    if not key:
        return None
    return ApiToken.user_for(key)


class TokenAuth(APIKeyHeader):
    """Ninja's header scheme; a failed check is answered 401 by ninja itself."""

    param_name = "Authorization"

    def authenticate(self, request, key):
        return user_for(request)


PLAYER_PREFIX = "player "


def player_for(request):
    """The current player key the request carries as `Authorization: Player <key>`
    (models.PlayerKey, with its entrant and event), or None."""
    from ..models import PlayerKey

    header = request.headers.get("Authorization", "")
    if not header[: len(PLAYER_PREFIX)].lower() == PLAYER_PREFIX:
        return None
    return PlayerKey.objects.holding(header[len(PLAYER_PREFIX):].strip())


class PlayerAuth(APIKeyHeader):
    """A player's key (shared/spec/table-entry.md); unknown or renewed: 401."""

    param_name = "Authorization"

    def authenticate(self, request, key):
        return player_for(request)
