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
    """A player's key (shared/spec/table-entry.md); unknown or renewed: 401. Wrong keys
    sent at one board are also counted against that board (players/session.py): over its
    limit they are 429, while a right key still works."""

    param_name = "Authorization"

    def authenticate(self, request, key):
        player = player_for(request)
        board = (request.resolver_match.kwargs.get("match_id")
                 if request.resolver_match else None)
        if player is None and board is not None and key:
            from .. import limits
            wait = limits.over("player_codes_per_board", str(board))
            if wait:
                raise limits.TooMany(wait, "wrong player keys at this board")
        return player
