"""Request limits on the API, per address and per token, kept in the cache.

A fixed window per limit: the first request of a window creates its counter, each one
adds one, and a request over the limit answers 429 with Retry-After (the seconds until
the window ends). With CACHE_URL set (Redis) the counts are shared by every process;
without it each gunicorn worker counts alone, so the real limit is the worker count
times the setting (docs/deploy.md).

Sign-in to the site is limited by django-axes (per account and per address, with a
lock-out staff lift); these limits cover the API, which axes does not see.
"""

import ipaddress
import time

from django.conf import settings
from django.core.cache import cache
from django.http import JsonResponse

from .models.tokens import digest_of

SAFE = {"GET", "HEAD", "OPTIONS"}


def client_ip(request) -> str | None:
    """The client's address: REMOTE_ADDR, or the address the trusted proxies saw.

    With TRUSTED_PROXY_COUNT = n (the proxies in front of gunicorn), the n-th address from
    the right of X-Forwarded-For is the client's; addresses further left are the client's
    own claim and could be anything. Also django-axes' AXES_CLIENT_IP_CALLABLE.
    """
    proxies = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                     if a.strip()]
        if len(forwarded) >= proxies and valid_ip(forwarded[-proxies]):
            return forwarded[-proxies]
    # None where there is no address (a test client's force_login, a unix socket without
    # a trusted proxy): django-axes stores it as such, and the limiter counts those together.
    remote = request.META.get("REMOTE_ADDR", "")
    return remote if valid_ip(remote) else None


def valid_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def parse_rate(rate: str) -> tuple[int, int]:
    """'60/m' -> (60, 60); '20/10m' -> (20, 600). Units s, m, h, d."""
    count, _, per = rate.partition("/")
    unit = per[-1]
    span = int(per[:-1] or 1) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[unit]
    return int(count), span


def over(name: str, ident: str, count_it: bool = True) -> int:
    """Seconds to wait if ident is over limit `name` (else 0); counts this request unless
    count_it is False (a check before the outcome is known)."""
    rate = settings.API_RATE_LIMITS.get(name) if settings.API_RATE_LIMITS else None
    if not rate:
        return 0
    limit, span = parse_rate(rate)
    now = time.time()
    window = int(now // span)
    key = f"limit:{name}:{ident}:{window}"
    if count_it:
        cache.add(key, 0, span + 1)
        try:
            used = cache.incr(key)
        except ValueError:  # expired between add and incr: this is the first of a window
            cache.set(key, 1, span + 1)
            used = 1
    else:
        used = cache.get(key, 0) + 1
    if used > limit:
        return max(1, int((window + 1) * span - now + 0.999))
    return 0


def count(name: str, ident: str):
    over(name, ident)


class TooMany(Exception):
    """Raised where a limit is met inside a view (the API answers too_many)."""

    def __init__(self, wait: int, what: str):
        super().__init__(what)
        self.wait, self.what = wait, what


def too_many(wait: int, what: str) -> JsonResponse:
    response = JsonResponse({"detail": f"Too many requests ({what}). Try again in {wait} s."},
                            status=429)
    response["Retry-After"] = str(wait)
    return response


def token_of(request) -> str | None:
    header = request.headers.get("Authorization", "")
    if header[:6].lower() == "token " and header[6:].strip():
        return header[6:].strip()
    return None


class ApiLimits:
    """Middleware: limits on /api/ by address (reads, writes, failed tokens) and by token."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path.startswith("/api/") or not settings.API_RATE_LIMITS:
            return self.get_response(request)
        ip = client_ip(request) or "unknown"
        if request.method in SAFE:
            wait = over("read_per_address", ip)
            if wait:
                return too_many(wait, "reads from your address")
        else:
            # Checked before the token is: a guesser is stopped without a database query.
            wait = over("token_failures_per_address", ip, count_it=False)
            if wait:
                return too_many(wait, "failed API tokens from your address")
            wait = over("write_per_address", ip)
            if wait:
                return too_many(wait, "writes from your address")
            key = token_of(request)
            if key:
                wait = over("write_per_token", digest_of(key))
                if wait:
                    return too_many(wait, "writes with this token")
        response = self.get_response(request)
        if response.status_code == 401:
            count("token_failures_per_address", ip)
        return response
