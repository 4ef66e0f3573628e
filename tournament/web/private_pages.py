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

from ..offline.user import keep_private
from ..public.http_cache import is_private

PRIVATE_PATHS = ("/arbiter/", "/manage/", "/me/", "/accounts/", "/admin/")
PRIVATE = "private, no-store"


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
