"""The project's settings, for bench/bench_public.py's site under test: with
BENCH_RENDER_LOG set, each rendered public answer appends "<pid> <path>" to that file (one
small O_APPEND write: whole lines from every worker), so the bench can count renders per
change. Only the bench does this: the site's code is untouched. The bench runs
`gunicorn tournament.wsgi` with DJANGO_SETTINGS_MODULE=counted_site and bench/ on the
PYTHONPATH.
"""

import os

from tournament.settings import *  # noqa: F403

ROOT_URLCONF = "counted_site"


def count_renders():
    log = os.environ.get("BENCH_RENDER_LOG")
    if not log:
        return
    from tournament.public import http_cache

    real = http_cache.Entry.of.__func__
    if getattr(real, "counted", False):
        return

    def of(cls, response, rev, took=0.0):
        line = f"{os.getpid()} {_path[0]}\n".encode()
        fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
        return real(cls, response, rev, took)

    of.counted = True
    http_cache.Entry.of = classmethod(of)


_path = ["?"]  # the path of the request being answered (sync workers: one at a time)


def tag_path(get_response):
    """Middleware: note the path being answered, for count_renders."""
    def middleware(request):
        _path[0] = request.path
        return get_response(request)
    return middleware


if os.environ.get("BENCH_RENDER_LOG"):
    MIDDLEWARE = [*MIDDLEWARE, "counted_site.tag_path"]  # noqa: F405


def __getattr__(name):
    # The URL list is built on first use, once the apps are loaded (a settings module is
    # imported before them).
    if name == "urlpatterns":
        from django.urls import include, path

        count_renders()
        return [path("", include("tournament.urls"))]
    raise AttributeError(name)
