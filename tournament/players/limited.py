"""The players' form posts (check-in, result entry, accept and dispute) are limited as the
API's writes are (limits.write_limited): per address, shared with the API's writes, and
per card, whose key's API writes count with them. Over a limit the post is not carried
out: the page "Too many at once" says so, with Retry-After (status 429). A player's GETs
(their pages, and what those pages poll) are never limited."""

import functools

from django.shortcuts import render

from ..web import limits
from . import session


def limited(view_func):
    @functools.wraps(view_func)
    def wrapped(request, *args, **kwargs):
        if request.method == "POST":
            wait, what = limits.write_limited(request, session.card_of(request))
            if wait:
                return too_many(request, wait, what)
        return view_func(request, *args, **kwargs)
    return wrapped


def too_many(request, wait: int, what: str):
    response = render(request, "players/too_many.html",
                      {"wait": wait, "by_card": what == limits.BY_CARD}, status=429)
    response["Retry-After"] = str(wait)
    return response
