"""`Authorization: Token <key>`: the API key of an arbiter or director (ApiToken), and
`Authorization: Player <key>`: a player's key (PlayerKey).

A key that is not current is counted where it is checked, by its own kind (limits.failed:
per address, per key prefix, per board): over a limit a wrong key is answered 429, while a
right one, of either kind, still works."""

from ninja.security import APIKeyHeader

from ..models import ApiToken
from ..web import limits


def user_for(request):
    """The active user whose token the request carries, or None (no, unknown, expired or bad
    header)."""
    kind, key = limits.credential_of(request)
    return ApiToken.user_for(key) if kind == limits.TOKEN else None


def wrong(request, board=None) -> None:
    """Count the request's credential, found not current, as wrong (limits.failed), if it
    names one: raises limits.TooMany over a limit."""
    kind, key = limits.credential_of(request)
    if kind is not None:
        limits.failed(request, kind, key, board)


class TokenAuth(APIKeyHeader):
    """Ninja's header scheme; a failed check is answered 401 by ninja itself (429 over a
    failure limit)."""

    param_name = "Authorization"

    def authenticate(self, request, key):
        user = user_for(request)
        if user is None and limits.credential_of(request)[0] == limits.TOKEN:
            wrong(request)
        return user


def player_for(request):
    """The current player key the request carries as `Authorization: Player <key>`
    (models.PlayerKey, with its entrant and event), or None."""
    from ..models import PlayerKey

    kind, key = limits.credential_of(request)
    return PlayerKey.objects.holding(key) if kind == limits.PLAYER else None


class PlayerAuth(APIKeyHeader):
    """A player's key (shared/spec/table-entry.md); unknown or renewed: 401. Wrong keys are
    counted as the players' pages count typed codes (players/session.py), those sent at a
    board also against that board: over a limit they are 429, while a right key works."""

    param_name = "Authorization"

    def authenticate(self, request, key):
        player = player_for(request)
        if player is None and limits.credential_of(request)[0] == limits.PLAYER:
            board = (request.resolver_match.kwargs.get("match_id")
                     if request.resolver_match else None)
            wrong(request, board)
        return player
