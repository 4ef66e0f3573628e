"""`Authorization: Token <key>`: the API key of an arbiter or director (ApiToken), and
`Authorization: Player <key>`: a player's key (PlayerKey).

A key that is not current is counted where it is checked, by its own kind (limits.failed:
per address, per key prefix, per board): over a limit a wrong key is answered 429, while a
right one, of either kind, still works. Who a header names is read in
common/credentials.py, which the public cache reads too."""

from ninja.security import APIKeyHeader

from ..common.credentials import player_for, user_for, wrong
from ..web import limits


class TokenAuth(APIKeyHeader):
    """Ninja's header scheme; a failed check is answered 401 by ninja itself (429 over a
    failure limit)."""

    param_name = "Authorization"

    def authenticate(self, request, key):
        user = user_for(request)
        if user is None and limits.credential_of(request)[0] == limits.TOKEN:
            wrong(request)
        return user


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
