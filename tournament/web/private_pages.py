"""`Cache-Control: private, no-store` on every answer that is one person's: the officials'
(`/arbiter/`), the directors' (`/manage/`), the players' (`/me/`), the accounts' and the
admin's pages, and any answer to a signed-in request (a session, or an API token).

No browser's disk, proxy or CDN then keeps an official's screen (an event's entrants, a
hidden event, entry links) or a player's board. The public pages keep their own caching
(public/http_cache.py, which already answers a signed-in request privately); what is the
same for everyone and named by its hash (the offline engine's zip, `immutable`) is left
alone. The phone's own offline copy of a page is the service worker's (docs/offline.md):
an answer that said nothing against keeping it is marked `X-Offline-Keep`, so the worker
still keeps it for its one visitor (one that was already no-store, such as the API key's
page, stays unkept).
"""

from django.conf import settings

PRIVATE_PATHS = ("/arbiter/", "/manage/", "/me/", "/accounts/", "/admin/")
PRIVATE = "private, no-store"
# A page that must never be stored by a browser or proxy (no-store) but may be kept by
# the service worker for its one visitor says so with this header (`keep_private`).
KEEP_HEADER = "X-Offline-Keep"


def is_private(request, api: bool) -> bool:
    """Might this request see more than the public? Asked without a query for the crowd:
    only a request carrying a session cookie costs the session's lookup (a token's is
    checked first, by public/http_cache.py `bad_token`)."""
    if api and "HTTP_AUTHORIZATION" in request.META:
        return True
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    return request.user.is_authenticated


def keep_private(response):
    """Let the worker keep this no-store answer for its one visitor."""
    response[KEEP_HEADER] = "1"
    return response


def keeps_private(response) -> bool:
    directives = {d.strip().split("=")[0] for d in
                  response.headers.get("Cache-Control", "").lower().split(",")}
    return {"private", "no-store"} <= directives


class PrivatePages:
    """Middleware (after authentication): mark one person's answers private, no-store."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path.startswith(PRIVATE_PATHS):
            mark_private(response)
        elif "immutable" not in response.headers.get("Cache-Control", "") and is_private(
                request, api=request.path.startswith("/api/")):
            mark_private(response)
        return response


def mark_private(response):
    if not keeps_private(response):
        if "no-store" not in response.headers.get("Cache-Control", ""):
            keep_private(response)  # the worker kept it before: it still may
        response.headers["Cache-Control"] = PRIVATE
    for shared in ("CDN-Cache-Control", "X-Accel-Expires"):  # the public pages' own
        response.headers.pop(shared, None)
    return response
