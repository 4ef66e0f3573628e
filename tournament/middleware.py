"""Answers for when the server itself fails: the database away (503), or a bug (500).

`server_error` is Django's handler500 (tournament/urls.py): Django calls it for any
exception no view or middleware answered, including one raised while a middleware
touched the database. API paths get JSON, people get a page in the site's layout,
rendered without the request (its user and session would need the database).
"""

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string

log = logging.getLogger("tournament")

RETRY_AFTER = 30  # seconds: a database restart or fail-over usually takes less


def is_outage(exc) -> bool:
    """The database cannot be reached (or went away mid-request): worth retrying later."""
    return isinstance(exc, OperationalError | InterfaceError)


def wants_json(request) -> bool:
    return request.path.startswith("/api/")


def unavailable(request, exc=None) -> HttpResponse:
    from .actions.base import lost_race
    raced = exc is not None and lost_race(exc)  # retried already (actions.base.retrying)
    if wants_json(request):
        detail = ("A simultaneous change won a race for the same rows; nothing of this request "
                  "was stored. Send it again." if raced else "The service is briefly "
                  "unavailable (its database cannot be reached). Try again shortly.")
        response = JsonResponse({"detail": detail}, status=503)
    else:
        response = HttpResponse(render_to_string("503.html", {}), status=503)
    response["Retry-After"] = "1" if raced else str(RETRY_AFTER)
    return response


def server_error(request, *args, **kwargs) -> HttpResponse:
    exc = sys.exc_info()[1]
    if exc is not None and is_outage(exc):
        return unavailable(request, exc)
    if wants_json(request):
        return JsonResponse({"detail": "Server error: the request could not be completed. "
                             "It has been logged."}, status=500)
    return HttpResponse(render_to_string("500.html", {}), status=500)
