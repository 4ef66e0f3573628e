"""Bare Django, bench/bench_public.py's yardstick: a site of its own, with nothing of ours.

`/bench/bare/<name>` answers the bytes of the file <name> in the folder BENCH_BARE_DIR (a
page as the server rendered it) with its content type, through Django's SecurityMiddleware
and CommonMiddleware only, with no cache, no query and one URL pattern: what the framework
itself costs to send those bytes (as ../shared/bench/spectator_load.sh measures it). The
bench runs it as a second gunicorn beside the site's, `gunicorn bare_site:application`,
with as many workers and bench/ on the PYTHONPATH.
"""

import os

from django.conf import settings
from django.http import HttpResponse
from django.urls import path

settings.configure(
    DEBUG=False, ROOT_URLCONF=__name__, ALLOWED_HOSTS=["127.0.0.1"], SECRET_KEY="x" * 50,
    MIDDLEWARE=["django.middleware.security.SecurityMiddleware",
                "django.middleware.common.CommonMiddleware"])

_bodies = {}


def bare(request, name):
    if name not in _bodies:  # read once per worker, before the timed runs
        folder = os.environ["BENCH_BARE_DIR"]
        with open(os.path.join(folder, name), "rb") as f:
            body = f.read()
        with open(os.path.join(folder, name + ".type")) as f:
            _bodies[name] = (body, f.read())
    body, content_type = _bodies[name]
    return HttpResponse(body, content_type=content_type)


urlpatterns = [path("bench/bare/<slug:name>", bare)]

from django.core.wsgi import get_wsgi_application  # noqa: E402  (after settings.configure)

application = get_wsgi_application()
