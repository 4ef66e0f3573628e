"""Who the `Authorization` header names: `Token <key>`, the API key of an arbiter or
director (ApiToken), or `Player <key>`, a player's key (PlayerKey). Read by the API's
schemes (api/auth.py) and by the public cache, which answers a junk header 401 at once
(public/http_cache.py `bad_token`).

A key that is not current is counted where it is checked, by its own kind (limits.failed:
per address, per key prefix, per board): over a limit a wrong key is answered 429, while a
right one, of either kind, still works."""

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


def player_for(request):
    """The current player key the request carries as `Authorization: Player <key>`
    (models.PlayerKey, with its entrant and event), or None."""
    from ..models import PlayerKey

    kind, key = limits.credential_of(request)
    return PlayerKey.objects.holding(key) if kind == limits.PLAYER else None
