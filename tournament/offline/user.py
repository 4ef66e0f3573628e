"""Whose pages a phone keeps. Every answer of a kept page names who it was drawn for by a
tag (a keyed hash of the identity, so the page does not show an account's id), and the
service worker serves a kept page only to the identity it was kept for, dropping them all
when another one, or nobody, signs in.

Who a request is: every one of IDENTITIES that answers: a Django account (the officials),
a player's key held in the players' cookie (`/me/`).
"""

from collections.abc import Callable

from django.utils.crypto import salted_hmac

HEADER = "X-Offline-User"


def account(request) -> str | None:
    user = getattr(request, "user", None)
    return f"user:{user.pk}" if user is not None and user.is_authenticated else None


def player(request) -> str | None:
    """A player signed in on this phone with their card's key (tournament/players)."""
    from ..players import session

    if session.COOKIE not in request.COOKIES:
        return None
    found = session.from_cookie(request)
    return f"player:{found.pk}" if found is not None else None


IDENTITIES: list[Callable] = [account, player]


def tag_of(identity: str | None) -> str:
    if not identity:
        return ""
    return salted_hmac("tournament.offline.user", identity).hexdigest()[:20]


def request_tag(request) -> str:
    """Every identity the request holds (an official may hold a player's card too): a
    change of any of them is another visitor for the kept pages."""
    found = [identity for find in IDENTITIES if (identity := find(request))]
    return tag_of("|".join(found))


def user_tag(user) -> str:
    """An account's tag (what `request_tag` gives for its signed-in requests)."""
    return tag_of(f"user:{user.pk}" if user is not None and user.is_authenticated else None)


class OfflineUser:
    """Middleware: the answer's tag, which the service worker reads, on the pages it keeps
    and on signing in and out (only there: reading who asks makes an answer vary by
    cookie, which the public pages' caches must not)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path.startswith(watched()):
            response[HEADER] = request_tag(request)
        return response


def watched() -> tuple[str, ...]:
    from .config import PAGES

    return (*PAGES, "/accounts/", "/offline/")
