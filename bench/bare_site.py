"""The project's settings plus one bare view, for bench/bench_public.py's yardstick.

`/bench/bare/<name>` answers the bytes of the file <name> in the folder BENCH_BARE_DIR (a
page as the server rendered it) with its content type, through the same middleware as
every page, with no cache and no query: what plain Django costs to send those bytes. The
bench runs gunicorn with DJANGO_SETTINGS_MODULE=bare_site and bench/ on the PYTHONPATH.
"""

import os

from tournament.settings import *  # noqa: F403

ROOT_URLCONF = "bare_site"

_bodies = {}


def bare(request, name):
    from django.http import HttpResponse

    if name not in _bodies:  # read once per worker, before the timed runs
        folder = os.environ["BENCH_BARE_DIR"]
        with open(os.path.join(folder, name), "rb") as f:
            body = f.read()
        with open(os.path.join(folder, name + ".type")) as f:
            _bodies[name] = (body, f.read())
    body, content_type = _bodies[name]
    return HttpResponse(body, content_type=content_type)


def __getattr__(name):
    # The URL list is built on first use, once the apps are loaded (a settings module is
    # imported before them).
    if name == "urlpatterns":
        from django.urls import include, path

        # Last, as a page of the site would be: URL resolution costs it what it costs them.
        return [path("", include("tournament.urls")), path("bench/bare/<slug:name>", bare)]
    raise AttributeError(name)
