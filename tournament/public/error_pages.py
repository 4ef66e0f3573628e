"""The site's 403 and 404 (handler403 / handler404 in tournament/urls.py): pages in the
site's layout that say why, with a way back; the API keeps answering JSON.

handler500 is tournament.middleware.server_error (it also tells an outage, 503, apart).
"""

from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse

from ..middleware import wants_json


def reason(exception, default: str) -> str:
    """The message a view gave its PermissionDenied / Http404, else a plain default.
    Django's resolver's own 404 carries a dict, never meant for the public."""
    message = exception.args[0] if exception is not None and exception.args else ""
    if not isinstance(message, str) or not message or message.endswith("the given query."):
        return default  # get_object_or_404's words name a model, not what was asked for
    return message


def way_back(request) -> tuple[str, str]:
    """(url, words) of the page to go back to from the part of the site asked for."""
    path = request.path
    if path.startswith("/arbiter/"):
        return reverse("arbiter:home"), "Back to result entry"
    if path.startswith("/manage/"):
        return reverse("director:home"), "Back to my events"
    return reverse("public:events"), "Back to the events"


def permission_denied(request, exception=None):
    why = reason(exception, "You may not open this page.")
    if wants_json(request):
        return JsonResponse({"detail": why}, status=403)
    url, words = way_back(request)
    return render(request, "403.html", {"reason": why, "back_url": url, "back_words": words},
                  status=403)


def page_not_found(request, exception=None):
    why = reason(exception, "There is no page at this address.")
    if wants_json(request):
        return JsonResponse({"detail": why}, status=404)
    url, words = way_back(request)
    return render(request, "404.html", {"reason": why, "back_url": url, "back_words": words,
                                        "path": request.path}, status=404)
