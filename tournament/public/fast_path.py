"""The spectators' fast path: a public page this process holds ready is answered right
after SecurityMiddleware, without the rest of the stack.

A cached public page (public/http_cache.py) needs none of what the middleware below does
for it: no session, user, CSRF token, messages, sign-in lock-out, offline tag, private
marking or CSP nonce. `FastPath` answers an anonymous GET or HEAD of a page wrapped by
`public_cache` straight from this process's memory when the entry there is current (or,
while another process renders the current one, the previous one: `http_cache.usable`),
with the headers the full stack would add to it (`Vary`, `X-Frame-Options`,
`Content-Length`, the Content-Security-Policy), so the bytes and headers are the same
either way (tests/public/test_fast_path.py compares them for every kind of page). The
headers of each entry are made once per process and reused while it is the same entry.
Everything else falls through to the full stack, which renders, fetches from the shared
cache and stores:

- another method than GET or HEAD;
- a path that is no cached public page or API read (the officials', the players', the
  API's writes);
- an API read carrying an Authorization header (an official's token or a player's key
  may see more, and a wrong one is refused), or from an address near or over the API's
  per-address read limit: the fast path counts the reads it answers against that limit
  (`limits.reads`, in batches), and leaves the rest to the full stack's ApiLimits, which
  counts them one by one and answers 429 over it;
- a session cookie (a signed-in official may see more: hidden events, entered records,
  the sign-out button), or a messages cookie (a page may show the visitor's own
  messages);
- a query parameter too long to be kept (`http_cache.kept_params`), a host not allowed,
  a user agent refused;
- no current answer in this process's memory (after a change, a first request, an
  eviction) nor in the shared cache, unless another process is rendering it (then the
  previous answer: `http_cache.from_shared`), or no revision stored.

The middleware it answers for (`SKIPPED`) are the settings' from its place down; a test
fails when MIDDLEWARE changes, so that a new one is weighed here first.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.exceptions import DisallowedHost
from django.core.signals import setting_changed
from django.http import HttpResponse
from django.urls import Resolver404, resolve
from django.utils.cache import patch_vary_headers

from ..web import limits, revision
from . import http_cache

# What the stack below this middleware does, all of it: nothing for an anonymous cached
# page but the headers `as_the_stack_would` adds, and for an API read ApiLimits' count of
# it (`limits.reads`).
SKIPPED = (
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tournament.web.limits.ApiLimits",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournament.offline.user.OfflineUser",
    "tournament.web.private_pages.PrivatePages",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
)
MAX_PATHS = 4096  # paths remembered per process (junk ones too, so a bound)

_pages: dict = {}  # path -> (Kind, the view's arguments), or None: not a cached page
_headers: dict = {}  # entry key -> ((token, ETag), the answer's headers as made once)
_policies: dict = {}  # report_only -> the Content-Security-Policy header's value


def page_of(path: str):
    """(how `public_cache` keeps it, the view's arguments) for a cached public page's
    path, else None; resolved once per path and process."""
    try:
        return _pages[path]
    except KeyError:
        pass
    try:
        match = resolve(path)
    except Resolver404:
        found = None
    else:
        kind = getattr(match.func, "public_cache", None)
        found = (kind, match.kwargs) if isinstance(kind, http_cache.Kind) else None
    if len(_pages) >= MAX_PATHS:
        _pages.clear()
    _pages[path] = found
    return found


def policy(report_only: bool) -> str:
    """The site's Content-Security-Policy (or its report-only twin) as CSPMiddleware
    writes it for a page with no per-view policy and no nonce: built once per process."""
    try:
        return _policies[report_only]
    except KeyError:
        from csp.utils import build_policy

        built = _policies[report_only] = build_policy(report_only=report_only)
        return built


def _forget(**kwargs):
    limits.reads.clear()  # a test's limits: counted afresh
    _pages.clear()
    _headers.clear()
    _policies.clear()


setting_changed.connect(_forget)  # tests change the URL conf and the policy


def answer(request):
    """The fast path's answer, or None: the full stack answers."""
    if request.method not in ("GET", "HEAD"):
        return None
    if "HTTP_COOKIE" in request.META and (
            settings.SESSION_COOKIE_NAME in request.COOKIES
            or CookieStorage.cookie_name in request.COOKIES):
        return None
    found = page_of(request.path_info)
    if found is None or settings.DISALLOWED_USER_AGENTS:
        return None
    kind, kwargs = found
    if kind.api and "HTTP_AUTHORIZATION" in request.META:
        return None  # a token's reads are its own (http_cache.public_cache)
    try:
        request.get_host()  # CommonMiddleware's check: a refused host is the stack's 400
    except DisallowedHost:
        return None
    query = http_cache.kept_params(request.GET, kind.params)
    if query is None:
        return None
    key = http_cache.entry_key(request, query)
    slug = kwargs.get(kind.slug_kwarg) or revision.ALL
    entry = (http_cache.in_memory(key, slug, kind.single_render)
             or http_cache.from_shared(key, slug, kind.single_render))
    if entry is None:
        return None
    if kind.api and not limits.reads.take(request):
        return None  # near the per-address limit: ApiLimits counts it and may refuse it
    if (entry.stamped or "HTTP_IF_NONE_MATCH" in request.META
            or "HTTP_IF_MODIFIED_SINCE" in request.META):
        return built(request, entry, kind)  # each answer its own: a time, or a 304
    made = _headers.get(key)
    if made is None or made[0] != (entry.token, entry.etag):
        response = built(request, entry, kind)
        if len(_headers) >= MAX_PATHS:
            _headers.clear()
        _headers[key] = ((entry.token, entry.etag), response.headers._store.copy())
        return response
    # The same headers as `built` gives (those made for this entry), without checking and
    # encoding each of them again: a sixth of a fast answer's time.
    response = HttpResponse(entry.content)
    response.headers._store = made[1].copy()
    return response


def built(request, entry, kind):
    """The answer from an entry as the full stack makes it (http_cache.public_cache)."""
    response = http_cache.mark_public(entry.answer(request))
    patch_vary_headers(response, kind.vary)
    return as_the_stack_would(request, response)


def as_the_stack_would(request, response):
    """The headers SKIPPED add to a cached public answer, in the order they add them."""
    # XFrameOptionsMiddleware
    if response.get("X-Frame-Options") is None:
        response.headers["X-Frame-Options"] = getattr(settings, "X_FRAME_OPTIONS",
                                                      "DENY").upper()
    # CommonMiddleware
    if not response.has_header("Content-Length"):
        response.headers["Content-Length"] = str(len(response.content))
    # CSPMiddleware (DEBUG's exemption is for error pages; these are 200 and 304)
    for report_only, header, setting in (
            (False, "Content-Security-Policy", "CONTENT_SECURITY_POLICY"),
            (True, "Content-Security-Policy-Report-Only", "CONTENT_SECURITY_POLICY_REPORT_ONLY")):
        value = policy(report_only)
        excluded = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
        if value and header not in response and not request.path_info.startswith(
                tuple(excluded)):
            response[header] = value
    return response


class FastPath:
    """Middleware, right after SecurityMiddleware: a cached public page this process
    holds ready, without the rest of the stack (module docstring)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = answer(request)
        return self.get_response(request) if response is None else response
