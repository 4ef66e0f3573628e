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


def count_renders():
    """With BENCH_RENDER_LOG set, each rendered public answer appends "<pid> <path>" to
    that file (one small O_APPEND write: whole lines from every worker), so the bench can
    count renders per change. Only the bench does this: the site's code is untouched."""
    log = os.environ.get("BENCH_RENDER_LOG")
    if not log:
        return
    from tournament.public import http_cache

    real = http_cache.Entry.of.__func__
    if getattr(real, "counted", False):
        return

    def of(cls, response, rev):
        line = f"{os.getpid()} {_path[0]}\n".encode()
        fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
        return real(cls, response, rev)

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
    MIDDLEWARE = [*MIDDLEWARE, "bare_site.tag_path"]  # noqa: F405


def __getattr__(name):
    # The URL list is built on first use, once the apps are loaded (a settings module is
    # imported before them).
    if name == "urlpatterns":
        from django.urls import include, path

        count_renders()

        # Last, as a page of the site would be: URL resolution costs it what it costs them.
        return [path("", include("tournament.urls")), path("bench/bare/<slug:name>", bare)]
    raise AttributeError(name)
