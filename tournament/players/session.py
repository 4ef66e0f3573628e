"""Who the phone belongs to: the player key held in a signed cookie, and typed codes.

The card's QR code carries the key in the URL's fragment (`/me/#KEY`), which browsers
never send: a tiny script on the page posts it (as the typed-code form does without
scripts), and the answer sets the cookie. So the key is never in a URL the server, a
proxy or a referrer sees. The cookie holds the key row's id and digest, signed: renewing
the key changes the digest, and the cookie stops working with the old key.

Wrong codes are counted per address, per key prefix and per board (limits.failed): over
any of those limits a wrong code is answered 429, but a right one is always looked up and
works, so guessers at one board, or behind the venue's one address, never lock anyone out.
"""

from django.conf import settings

from ..models import PlayerKey
from ..web import limits

COOKIE = "player"
SALT = "tournament.player-key"
MAX_AGE = 7 * 24 * 3600  # an event's weekend, with room


class Throttled(Exception):
    def __init__(self, wait: int):
        super().__init__(f"Too many wrong codes: try again in {wait} s.")
        self.wait = wait


def held(request) -> tuple[str, str] | None:
    """(the key row's id, its digest) as the phone's signed cookie holds them, or None."""
    value = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    if not value or ":" not in value:
        return None
    pk, _, digest = value.partition(":")
    return pk, digest


def card_of(request) -> str | None:
    """The digest of the card's key the phone holds, without a query (the limits' count
    per card: players/limited.py), or None."""
    found = held(request)
    return found[1] if found else None


def from_cookie(request) -> PlayerKey | None:
    found = held(request)
    if found is None:
        return None
    pk, digest = found
    player = PlayerKey.objects.by_digest(digest)
    return player if player is not None and str(player.pk) == pk else None


def remember(response, player: PlayerKey):
    response.set_signed_cookie(
        COOKIE, f"{player.pk}:{player.digest}", salt=SALT, max_age=MAX_AGE, httponly=True,
        secure=settings.SESSION_COOKIE_SECURE, samesite="Lax")
    return response


def forget(response):
    response.delete_cookie(COOKIE, samesite="Lax")
    return response


def typed(request, code: str, board: int | None = None) -> PlayerKey | None:
    """The player whose key `code` is, or None (a wrong code, counted by limits.failed);
    raises Throttled where a wrong code is over a limit."""
    player = PlayerKey.objects.holding(code)
    if player is not None:
        return player
    try:
        limits.failed(request, limits.PLAYER, code, board)
    except limits.TooMany as exc:
        raise Throttled(exc.wait) from None
    return None
