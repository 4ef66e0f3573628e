"""Whose pages a phone keeps. Every answer of a kept page names who it was drawn for by a
tag (a keyed hash of the identity, so the page does not show an account's id), and the
service worker serves a kept page only to the identity it was kept for, dropping them all
when another one, or nobody, signs in.

Who a request is: the first of IDENTITIES that answers. The officials' pages are Django
accounts; a page whose visitors sign in another way (a player's key) adds its own.
"""

from collections.abc import Callable

from django.utils.crypto import salted_hmac

HEADER = "X-Offline-User"
# A page that must never be stored by a browser or proxy (no-store) but may be kept by
# the worker for its one visitor says so with this header (`keep_private`).
KEEP_HEADER = "X-Offline-Keep"


def account(request) -> str | None:
    user = getattr(request, "user", None)
    return f"user:{user.pk}" if user is not None and user.is_authenticated else None


IDENTITIES: list[Callable] = [account]


def tag_of(identity: str | None) -> str:
    if not identity:
        return ""
    return salted_hmac("tournament.offline.user", identity).hexdigest()[:20]


def request_tag(request) -> str:
    for find in IDENTITIES:
        identity = find(request)
        if identity:
            return tag_of(identity)
    return ""


def user_tag(user) -> str:
    """An account's tag (what `request_tag` gives for its signed-in requests)."""
    return tag_of(f"user:{user.pk}" if user is not None and user.is_authenticated else None)


def keep_private(response):
    """Let the worker keep this no-store answer for its one visitor."""
    response[KEEP_HEADER] = "1"
    return response


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
