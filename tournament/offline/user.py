"""Whose pages a phone keeps: every answer names its signed-in user by a tag (a keyed
hash of the account's id, so the page does not show the id), and the service worker
serves a kept page only to the user it was kept for, dropping them all when another
user, or nobody, signs in."""

from django.utils.crypto import salted_hmac

HEADER = "X-Offline-User"


def user_tag(user) -> str:
    if user is None or not user.is_authenticated:
        return ""
    return salted_hmac("tournament.offline.user", str(user.pk)).hexdigest()[:20]


class OfflineUser:
    """Middleware: the answer's user tag, which the service worker reads, on the pages it
    keeps and on signing in and out (only there: reading the user makes an answer vary by
    cookie, which the public pages' caches must not)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path.startswith(watched()):
            response[HEADER] = user_tag(getattr(request, "user", None))
        return response


def watched() -> tuple[str, ...]:
    from .config import PAGES

    return (*PAGES, "/accounts/", "/offline/")
