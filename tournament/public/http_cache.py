"""Whole public responses cached by the event's revision, with HTTP validators.

`public_cache` wraps a public view (a page, a CSV, an API read). For an anonymous GET it
looks up the response stored under the event's current revision (tournament/web/revision.py,
read from the cache: no query), the path and the query parameters the view understands;
a hit costs no query and no rendering, and a request whose If-None-Match (or
If-Modified-Since) still holds gets 304. Every answer is `Cache-Control: public, no-cache`
for browsers (they revalidate: a change shows at once) and carries a short max-age with
stale-while-revalidate for the caches in front (`CDN-Cache-Control`, and `X-Accel-Expires`
for nginx), so a CDN or nginx serves the crowd (docs/deploy.md).

A signed-in user (a session) or an API request with a token may see more than the public
(hidden events, entered records, the sign-out button): such requests never read or fill
the shared entries, and their answers are `private, no-store`. `Vary: Cookie` (and
`Authorization` on the API) tells any cache in between the same. An API read whose
Authorization header holds no valid token is answered 401 at once (one indexed query, no
rendering): it must not skip the cache for nothing, which made a junk header an easy
amplifier (2 ms became 67-182 ms).

A print view's time of printing is written into each answer as it leaves (printed.py):
such an entry has no validators, so it is never answered 304.

Only 200 answers are stored; anything else (a 400 for a bad parameter, a 404) is rendered
each time and marked not to be cached.

Entries are kept in two places: this process's memory (a bounded LRU of ready answers: a
hit costs one small read of the revision and no copy of the page), and the default cache
when it is shared (Redis), so that one worker's rendering serves the others. Each entry
carries the revision token it was rendered under and is used only while that token is
current, so one key per page is overwritten in place as the event changes. After a change,
a process that answers with the previous page while another renders (`may_render`) asks
the shared cache again only every RECHECK_SECONDS (`waiting`), so the crowd's requests in
that moment cost no fetch of the page from the shared cache. The process that renders a
slow page answers with the previous page as well and renders once that answer is sent
(`render_later`), so no request waits for a render; a hidden or deleted event
(`Revision.withdrawn`) is never answered from an earlier copy.
"""

from __future__ import annotations

import hashlib
import logging
import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import caches
from django.http import Http404, HttpResponse, JsonResponse, QueryDict
from django.utils.cache import (
    add_never_cache_headers,
    get_conditional_response,
    patch_vary_headers,
)
from django.utils.http import http_date

from ..web import revision
from ..web.private_pages import is_private
from . import printed

log = logging.getLogger("tournament")

TIMEOUT = 6 * 60 * 60  # an entry outlives its revision only until this expires
MAX_VALUE = 40  # longer parameter values are junk: rendered, never stored
LOCAL_BYTES = 64 * 1024 * 1024  # the most page bytes each process keeps in memory


def max_age() -> int:
    return getattr(settings, "PUBLIC_MAX_AGE", 5)


def stale_while_revalidate() -> int:
    return getattr(settings, "PUBLIC_STALE_WHILE_REVALIDATE", 30)


@dataclass(frozen=True)
class Entry:
    """A stored answer: what the view said, with the validators worked out once."""

    token: str  # the revision it was rendered under
    content: bytes
    headers: tuple  # (name, value) pairs to answer with: the view's, and the validators
    etag: str
    modified: int  # Last-Modified as a Unix time
    stamped: bool = False  # a print view: the time printed is written into each answer
    took: float = 0.0  # seconds its render took: the next one is done after an answer
    # when it is slow (`LATER_SECONDS`)

    @classmethod
    def of(cls, response, rev: revision.Revision, took: float = 0.0) -> Entry:
        content = response.content
        etag = '"' + hashlib.blake2b(content, digest_size=12).hexdigest() + '"'
        modified = math.ceil(rev.at)
        if printed.MARK_BYTES in content:
            # Each answer differs by its time: no validators, so never a 304 of an old one.
            return cls(rev.token, content, tuple(response.headers.items()), "", modified,
                       stamped=True, took=took)
        headers = (*response.headers.items(), ("ETag", etag),
                   ("Last-Modified", http_date(modified)))
        return cls(rev.token, content, headers, etag, modified, took=took)

    def answer(self, request) -> HttpResponse:
        response = HttpResponse(printed.stamp(self.content) if self.stamped else self.content)
        for name, value in self.headers:
            response.headers[name] = value
        if self.stamped:
            return response
        if "HTTP_IF_NONE_MATCH" in request.META or "HTTP_IF_MODIFIED_SINCE" in request.META:
            return get_conditional_response(request, etag=self.etag,
                                            last_modified=self.modified, response=response)
        return response


def bad_token(request):
    """The 401 for an API read whose Authorization header holds no valid token (an
    official's, or a player's key: docs/players.md), or None."""
    from ..common.credentials import player_for, user_for, wrong  # as the API reads it
    from ..web import limits

    if user_for(request) is not None or player_for(request) is not None:
        return None
    try:
        wrong(request)  # counted as the API's other doors count a wrong key
    except limits.TooMany as exc:
        response = limits.too_many(exc.wait, exc.what)
        add_never_cache_headers(response)
        return response
    response = JsonResponse({"detail": "The Authorization header holds no valid API token: "
                                       "send 'Token <key>' (a player: 'Player <key>'), or no "
                                       "Authorization header for the public reads."},
                            status=401)
    response["WWW-Authenticate"] = "Token"
    add_never_cache_headers(response)
    return response


def kept_params(query: QueryDict, names) -> QueryDict | None:
    """Only the parameters of `query` a view understands (one value each, in a fixed
    order); None when one is junk."""
    if not query:  # most requests: nothing to sort out
        return query
    kept = QueryDict(mutable=True)
    for name in sorted(names):
        if name in query:
            value = query[name]
            if len(value) > MAX_VALUE:
                return None
            kept[name] = value
    return kept


def keep_params(request, names) -> QueryDict | None:
    """`kept_params`, put back on the request so the view cannot depend on others."""
    kept = kept_params(request.GET, names)
    if kept is not None:
        request.GET = kept
    return kept


def entry_key(request, query: QueryDict) -> str:
    where = f"{request.path}?{query.urlencode()}".encode()
    # The prefix names the Entry's layout: change it with the fields.
    return f"page3:{hashlib.blake2b(where, digest_size=16).hexdigest()}"


class Local:
    """This process's ready answers, least recently used first, at most LOCAL_BYTES."""

    def __init__(self):
        self.entries = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()  # runserver serves from threads

    def get(self, key):
        with self.lock:
            entry = self.entries.get(key)
            if entry is not None:
                self.entries.move_to_end(key)
            return entry

    def put(self, key, entry):
        with self.lock:
            old = self.entries.pop(key, None)
            if old is not None:
                self.size -= len(old.content)
            self.entries[key] = entry
            self.size += len(entry.content)
            while self.size > LOCAL_BYTES and self.entries:
                _, dropped = self.entries.popitem(last=False)
                self.size -= len(dropped.content)

    def drop(self, key):
        with self.lock:
            old = self.entries.pop(key, None)
            if old is not None:
                self.size -= len(old.content)

    def clear(self):
        with self.lock:
            self.entries.clear()
            self.size = 0


local = Local()


def shared_cache():
    """The cache the processes of a machine (or several) share rendered answers in: the
    "pages" alias when settings define one (a file cache where there is no Redis), else
    the default cache when other processes read it too; None when it is this process's
    own memory (then `local` alone does its work, without pickling)."""
    from django.core.cache.backends.locmem import LocMemCache

    if "pages" in settings.CACHES:
        return caches["pages"]
    return None if isinstance(caches["default"], LocMemCache) else caches["default"]


RENDER_LOCK_SECONDS = 10  # the most another process serves the previous answer meanwhile
# While another process renders a page, this one answers with the previous page and asks
# the shared cache again only this often: a spectator's request in that moment costs a
# look in this process's memory, not a fetch of the whole page from the shared cache.
RECHECK_SECONDS = 0.25


class Waiting:
    """The pages this process answers with an older render while another process makes
    the current one: key -> (the revision awaited, when to ask the shared cache again)."""

    def __init__(self):
        self.until = {}
        self.lock = threading.Lock()

    def previous_still(self, key: str, token: str) -> bool:
        with self.lock:
            noted = self.until.get(key)
        return noted is not None and noted[0] == token and time.monotonic() < noted[1]

    def note(self, key: str, token: str):
        with self.lock:
            if len(self.until) > 10_000:  # a bound, for junk keys: they all expire fast
                self.until.clear()
            self.until[key] = (token, time.monotonic() + RECHECK_SECONDS)

    def clear(self):
        with self.lock:
            self.until.clear()


waiting = Waiting()


def usable(entry: Entry, key: str, rev: revision.Revision, single_render: bool) -> bool:
    """Whether this process may answer with `entry` at revision `rev`: rendered under it,
    or the previous answer while another process renders the current one (`waiting`),
    unless the event was hidden or deleted (`rev.withdrawn`)."""
    return entry.token == rev.token or (single_render and not rev.withdrawn
                                        and waiting.previous_still(key, rev.token))


def in_memory(key: str, slug: str, single_render: bool = True) -> Entry | None:
    """The entry this process holds ready to answer an anonymous request with
    (public/fast_path.py), without the shared cache, a query or a render; None when the
    request must look further."""
    try:
        rev = revision.stored(slug)
    except Exception:  # the cache server away: the full path says so and renders
        return None
    entry = local.get(key) if rev is not None else None
    if entry is None or not usable(entry, key, rev, single_render):
        return None
    return entry


def from_shared(key: str, slug: str, single_render: bool = True) -> Entry | None:
    """After `in_memory` found nothing to answer with (after a change, mostly): what
    `cached` would answer from the shared cache without rendering, for the fast path, so
    that the crowd's requests in the moments after a change skip the rest of the stack
    too. The current answer when another process stored it (kept in this process's
    memory); the previous one while another process holds the render lock of the current
    revision (noted in `waiting`, as `cached` notes it). None where the request must go
    the full way: no shared cache, no revision stored, nothing stored under `key`, a
    hidden or deleted event, an answer never given from an earlier revision
    (`single_render` off), or no render under way (this request may render), or the
    cache cannot be reached (the full stack says so)."""
    try:
        shared = shared_cache()
        rev = revision.stored(slug) if shared is not None else None
        entry = shared.get(key) if rev is not None else None
        if entry is None:
            return None
        if entry.token == rev.token:
            local.put(key, entry)
            return entry
        if not single_render or rev.withdrawn or not rendering_elsewhere(shared, key,
                                                                          rev.token):
            return None
    except Exception:
        return None
    local.put(key, entry)  # the previous answer, as `cached` keeps it meanwhile
    waiting.note(key, rev.token)
    return entry


def render_lock(key: str, token: str) -> str:
    return f"render:{key}:{token}"


def rendering_elsewhere(shared, key: str, token: str) -> bool:
    """Whether a process holds the render lock of revision `token` under `key`
    (`may_render`), without taking it."""
    return shared.get(render_lock(key, token)) is not None


def may_render(shared, key: str, token: str) -> bool:
    """Whether this process renders the answer of revision `token` under `key`: the first
    to ask after a change does; the others answer with the previous revision's answer for
    the moment it takes (one render per change for all workers, and no worker waits). A
    cache that cannot be reached lets everyone render."""
    try:
        return bool(shared.add(render_lock(key, token), 1, RENDER_LOCK_SECONDS))
    except Exception:
        log.exception("Public cache unreachable")
        return True


def forget(shared, key: str) -> None:
    """Drop the answers kept under `key` (the page now answers no 200: a hidden or
    deleted event), so that no later change can answer with them as the previous page."""
    local.drop(key)
    try:
        if shared is not None:
            shared.delete(key)
    except Exception:
        log.exception("Public cache unreachable")


def release(shared, key: str, token: str) -> None:
    """Give up the render lock when the answer is not kept (a 404: the event was hidden
    or deleted, an error): the other processes then stop answering the previous page and
    ask for themselves, instead of for the rest of RENDER_LOCK_SECONDS."""
    try:
        shared.delete(render_lock(key, token))
    except Exception:
        log.exception("Public cache unreachable")


def storable(response) -> bool:
    return (response.status_code == 200 and not response.streaming and not response.cookies
            and "Cache-Control" not in response.headers)


def shows_messages(request) -> bool:
    """Whether the page showed the visitor's own messages (django.contrib.messages: "You
    are checked in"): theirs alone, never kept for the crowd."""
    storage = getattr(request, "_messages", None)
    return bool(storage is not None and storage.used)


def mark_public(response):
    """Shared caches keep the page a few seconds and revalidate behind it; a browser asks
    every time (a 304 costs no query), so whoever reloads after a result sees it at once.
    A browser given max-age and stale-while-revalidate showed a page 35 s old."""
    shared = f"public, max-age={max_age()}, stale-while-revalidate={stale_while_revalidate()}"
    response.headers["Cache-Control"] = "public, no-cache"
    response.headers["CDN-Cache-Control"] = shared  # RFC 9213: CDNs read this instead
    response.headers["X-Accel-Expires"] = str(max_age())  # nginx's cache; never sent on
    return response


@dataclass(frozen=True)
class Kind:
    """How `public_cache` keeps a view's answers (the wrapper's `public_cache` attribute):
    what public/fast_path.py needs to find them without the view."""

    params: tuple
    api: bool
    slug_kwarg: str
    single_render: bool
    vary: tuple


def public_cache(view=None, *, params=(), api=False, slug_kwarg="slug", single_render=True):
    """Cache `view`'s anonymous GET answers under the revision of the event named by its
    `slug_kwarg` argument (the whole site's when it has none); `params` are the query
    parameters it reads. `single_render`: after a change one process renders the page
    while the others answer with the previous one (`may_render`); off for an answer as
    cheap as the lock (revision.json), which must never lag."""

    def decorate(view):
        vary = ("Cookie", "Authorization") if api else ("Cookie",)
        kind = Kind(tuple(params), api, slug_kwarg, single_render, vary)

        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            if api and "HTTP_AUTHORIZATION" in request.META and (
                    refused := bad_token(request)) is not None:
                patch_vary_headers(refused, vary)
                return refused
            if is_private(request, api):
                response = printed.stamp_response(view(request, *args, **kwargs))
                add_never_cache_headers(response)
                patch_vary_headers(response, vary)
                return response
            query = keep_params(request, params)
            response = None
            if query is not None:
                response = cached(request, query, kwargs.get(slug_kwarg) or revision.ALL,
                                  lambda: view(request, *args, **kwargs),
                                  single_render=single_render)
            if response is None:  # not storable: the view's own answer, never kept
                response = printed.stamp_response(view(request, *args, **kwargs))
                add_never_cache_headers(response)
            patch_vary_headers(response, vary)
            return response

        wrapper.public_cache = kind
        return wrapper

    return decorate(view) if view is not None else decorate


def cached(request, query, slug, render, *, single_render=True):
    """The stored answer, or the view's answer (stored when it may be); None when the cache
    cannot be reached (the caller then renders without it).

    Without a stored revision (a slug never seen, or evicted) the token is made before the
    view reads anything and stored only once the view answered 200: a made-up slug (a 404)
    leaves no revision behind, so requests for any number of them add no cache entry.

    After a change, a page that has an answer of an earlier revision is rendered by one
    process only (`may_render`); the others give that earlier answer meanwhile, which the
    live pages' script asks again for (static/js/live.js). When that page's last render
    took LATER_SECONDS or more, the process that renders it answers with the earlier page
    too, at once, and renders once its answer is sent (`render_later`): no spectator waits
    for a slow render. A hidden or deleted event's (`rev.withdrawn`) is never answered
    from an earlier copy."""
    key = entry_key(request, query)
    previous = None
    try:
        rev = revision.stored(slug)
        shared = shared_cache()
        entry = None
        if rev is not None:
            entry = local.get(key)
            if entry is not None and usable(entry, key, rev, single_render):
                return mark_public(entry.answer(request))
            if entry is None or entry.token != rev.token:
                previous = entry
                entry = shared.get(key) if shared is not None else None
                if entry is not None and entry.token == rev.token:
                    local.put(key, entry)
                elif entry is not None:
                    previous = entry  # another process's, likely newer than ours
    except Exception:  # the cache server away: serve from the database, uncached
        log.exception("Public cache unreachable")
        return None
    locked = False
    if (single_render and shared is not None and previous is not None and rev is not None
            and not rev.withdrawn and (entry is None or entry.token != rev.token)):
        if not may_render(shared, key, rev.token):
            local.put(key, previous)  # so that the next requests find it here (`waiting`)
            waiting.note(key, rev.token)
            return mark_public(previous.answer(request))
        locked = True
        if may_render_later(request, previous):
            local.put(key, previous)
            waiting.note(key, rev.token)
            response = mark_public(previous.answer(request))
            response._resource_closers.append(
                lambda: render_later(request, render, key, rev, shared))
            return response
    if entry is None or rev is None or entry.token != rev.token:
        made = rev or revision.new()
        started = time.perf_counter()
        try:
            response = render()
        except Exception:  # a 404 (hidden or deleted since), an error: nothing kept
            if locked:
                release(shared, key, rev.token)
            forget(shared, key)
            raise
        if not storable(response) or shows_messages(request):
            if locked:  # nothing to wait for: the others ask for themselves (a page
                release(shared, key, rev.token)  # hidden since gets its 404 at once)
            if response.status_code != 200:
                forget(shared, key)
            add_never_cache_headers(response)
            return printed.stamp_response(response)
        entry = Entry.of(response, made, took=time.perf_counter() - started)
        if rev is None:
            try:
                rev = revision.adopt(slug, made)
            except Exception:
                log.exception("Public cache unreachable")
            if rev is None:  # changed while rendering, or the cache away: answer, keep nothing
                return mark_public(entry.answer(request))
        if request.method == "GET":
            keep(request, entry, shared)
    return mark_public(entry.answer(request))


# A page whose last render took this long or more is rendered after the answer (the
# previous page) is sent, by the process that took the render lock; a quicker one is
# rendered at once, so that whoever reloads after a change sees it.
LATER_SECONDS = 0.05


def may_render_later(request, previous: Entry) -> bool:
    """Whether this request may be answered with the previous page while its process
    renders the new one after the answer: a slow page, a GET (the render is kept), and no
    messages cookie (a page may show the visitor's messages, which must be theirs)."""
    from django.contrib.messages.storage.cookie import CookieStorage

    return (previous.took >= LATER_SECONDS and request.method == "GET"
            and CookieStorage.cookie_name not in request.COOKIES)


def keep(request, entry: Entry, shared) -> None:
    """Keep a rendered answer in this process and in the shared cache, under the query as
    the view left it (a page as its plain number, no unknown sort): junk spellings are
    answered but never stored under a key of their own."""
    key = entry_key(request, request.GET)
    local.put(key, entry)
    try:
        if shared is not None:
            shared.set(key, entry, TIMEOUT)
    except Exception:
        log.exception("Public cache unreachable")


def render_later(request, render, key: str, rev: revision.Revision, shared) -> None:
    """The render of revision `rev` under the render lock, once the previous page was
    sent (the response's close: the WSGI server calls it after the last byte): kept as
    `cached` keeps it, or, if the page answers no 200 now, the lock released and the
    page's earlier answers forgotten."""
    started = time.perf_counter()
    try:
        response = render()
    except Http404:  # hidden or deleted since: the next asker gets the 404
        response = HttpResponse(status=404)
    except Exception:
        log.exception("Rendering %s after its answer failed", request.path)
        release(shared, key, rev.token)
        forget(shared, key)
        return
    if not storable(response) or shows_messages(request):
        release(shared, key, rev.token)
        if response.status_code != 200:
            forget(shared, key)
        return
    keep(request, Entry.of(response, rev, took=time.perf_counter() - started), shared)
