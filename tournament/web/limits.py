"""Request limits on the API and the players' form posts, kept in the cache.

A fixed window per limit: the first request of a window creates its counter, each one
adds one, and a request over the limit answers 429 with Retry-After (the seconds until
the window ends). With CACHE_URL set (Redis) the counts are shared by every process;
without it each gunicorn worker counts alone, so the real limit is the worker count
times the setting (docs/deploy.md).

Two sorts of limit:
- **Rates** (`read_per_address`, `write_per_address`, `write_per_token`, `write_per_card`):
  every request counts, right credentials or none.
- **Failures**: a wrong credential (an official's API token, a player's key sent to the
  API or typed on the players' pages) is counted per kind and address, per key prefix and,
  at a board, per board (`failed`). Over any of them a *wrong* credential is answered 429;
  a right one is looked up first and never refused, so one venue's shared address, or a
  guesser at one board, never locks out the people whose keys are right.

Sign-in to the site is limited by django-axes (per account and per address, with a
lock-out staff lift); these limits cover the API and the players' pages, which axes does
not see.
"""

import ipaddress
import threading
import time

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.redis import RedisCache
from django.http import JsonResponse

from ..models import player_keys
from ..models.tokens import digest_of

SAFE = {"GET", "HEAD", "OPTIONS"}

# What each limit of settings.API_RATE_LIMITS counts (the OpenAPI document says so too:
# api/openapi.py). The failure limits refuse a wrong key only; a right one always works.
COUNTS = {
    "read_per_address": "API reads from one address",
    "write_per_address": "writes from one address: the API's and the players' form posts",
    "write_per_token": "API writes with one official's token",
    "write_per_card": "writes with one player's card: its key's API writes and its form "
                      "posts",
    "token_failures_per_address": "wrong API tokens from one address (only a wrong token "
                                  "is refused)",
    "player_codes_per_address": "wrong player keys from one address, sent to the API or "
                                "typed on the players' pages (only a wrong key is refused)",
    "key_failures_per_prefix": "wrong keys of one kind sharing their first 4 characters, "
                               "from any address (only a wrong key is refused)",
    "player_codes_per_board": "wrong player keys sent or typed at one board, from any "
                              "address (only a wrong key is refused)",
    "entries_per_address": "entries made from one address: the public entry form's and "
                           "the API's together",
    "entry_codes_per_address": "wrong entry codes from one address, sent to the API or "
                               "typed on the entry's status page (only a wrong code is "
                               "refused)",
}


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


def over(name: str, ident: str) -> int:
    """Seconds to wait if ident is over limit `name` (else 0), counting this request."""
    rate = settings.API_RATE_LIMITS.get(name) if settings.API_RATE_LIMITS else None
    if not rate:
        return 0
    limit, span = parse_rate(rate)
    now = time.time()
    window = int(now // span)
    used = add_to_count(name, ident, window, span, 1)
    if used > limit:
        return max(1, int((window + 1) * span - now + 0.999))
    return 0


def count_key(name: str, ident: str, window: int) -> str:
    return f"limit:{name}:{ident}:{window}"


def add_to_count(name: str, ident: str, window: int, span: int, count: int) -> int:
    """Add `count` requests to the shared count of limit `name` for `ident` in `window`;
    the count after it. On Redis one round trip (SET NX EX and INCRBY in a pipeline: the
    same key and value as Django's add and incr, which cost three), else the cache's own
    add and incr."""
    key = count_key(name, ident, window)
    backend = caches[DEFAULT_CACHE_ALIAS]
    if isinstance(backend, RedisCache):
        full = backend.make_and_validate_key(key)
        client = backend._cache.get_client(full, write=True)
        _, used = client.pipeline().set(full, 0, ex=span + 1, nx=True).incrby(
            full, count).execute()
        return int(used)
    cache.add(key, 0, span + 1)
    try:
        return cache.incr(key, count)
    except ValueError:  # expired between add and incr: these are the first of a window
        cache.set(key, count, span + 1)
        return count


class Reads:
    """The API's public reads answered by the spectators' fast path
    (public/fast_path.py), counted against `read_per_address` without a round trip to
    the shared cache for most of them.

    Each process adds the reads it answers to the shared count (the one ApiLimits adds
    to, one at a time) in batches of `batch` reads of an address, learning the address's
    total each time (and reading it when it first sees the address in a window): a
    spectator's phone reading every few seconds costs a round trip a minute, not three a
    read. It answers a read only while that total and its
    own reads not yet added stay within the limit; a read that finds the total over it,
    and every read from there on, goes to the full stack (ApiLimits: counted one by one,
    429 over the limit). So an address is never refused within the limit, and in a window
    it gets at most `batch` - 1 reads per process beyond it (`batch` is a hundredth of the
    limit: 12 of 1200/m; 1, exact, under 200) before its 429s start (docs/api.md)."""

    MAX_ADDRESSES = 10_000  # addresses tracked per process (more: forgotten, a bound)

    def __init__(self):
        self.counts = {}  # address -> [window, reads not yet added, total known]
        self.lock = threading.Lock()

    @staticmethod
    def batch(limit: int) -> int:
        return max(1, limit // 100)

    def take(self, request) -> bool:
        """Count this read (True), or False when the full stack must answer it (at or over
        the limit): it then counts it itself."""
        rate = settings.API_RATE_LIMITS.get(NAME_READS) if settings.API_RATE_LIMITS else None
        if not rate:
            return True
        limit, span = parse_rate(rate)
        ident = client_ip(request) or "unknown"
        now = time.time()
        window = int(now // span)
        with self.lock:
            held = self.counts.get(ident)
            if held is None or held[0] != window:  # a new window: the last one's are moot
                if len(self.counts) >= self.MAX_ADDRESSES:
                    self.counts.clear()
                known = cache.get(count_key(NAME_READS, ident, window)) or 0
                held = self.counts[ident] = [window, 0, known]
            if held[2] + held[1] >= limit:  # at the limit: counted one by one, exactly
                self._add(ident, held, span)
                return False
            held[1] += 1
            if held[1] >= self.batch(limit):
                self._add(ident, held, span)
                if held[2] > limit:  # others' reads took the rest: this one is over
                    return False
            return True

    def _add(self, ident, held, span):
        pending, held[1] = held[1], 0
        if pending:
            held[2] = add_to_count(NAME_READS, ident, held[0], span, pending)

    def clear(self):
        with self.lock:
            self.counts.clear()


NAME_READS = "read_per_address"
reads = Reads()


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


# The kinds of credential, each with its own failure limit per address.
TOKEN, PLAYER, ENTRY = "token", "player", "entry"
FAILURES = {TOKEN: ("token_failures_per_address", "wrong API tokens"),
            PLAYER: ("player_codes_per_address", "wrong player keys"),
            ENTRY: ("entry_codes_per_address", "wrong entry codes")}
PREFIX = 4  # characters of a wrong key that make its prefix (key_failures_per_prefix)


def prefix_of(kind: str, key: str) -> str:
    """The first characters of `key` as it would be stored (a player key typed by hand, in
    lower case with dashes, has the prefix of the same key printed), in hex: a cache key
    holds no spaces or control characters, whatever was sent."""
    text = player_keys.normalised(key) if kind in (PLAYER, ENTRY) else None
    return (text or key.strip().upper())[:PREFIX].encode("utf-8", "surrogatepass").hex()


def failed(request, kind: str, key: str, board=None) -> None:
    """Count the wrong credential `key` of `kind` (TOKEN or PLAYER) against the address
    for that kind, the key's prefix and, sent at a board, that board; raise TooMany when
    one of them is over its limit. Called only once the key was looked up and found wrong,
    so a right key is never refused for others' failures."""
    name, what = FAILURES[kind]
    counted = [(name, client_ip(request) or "unknown", f"{what} from your address"),
               ("key_failures_per_prefix", f"{kind}:{prefix_of(kind, key)}",
                f"{what} like this one")]
    if board is not None:
        counted.append(("player_codes_per_board", str(board), f"{what} at this board"))
    waits = [(over(limit, ident), words) for limit, ident, words in counted]
    wait, words = max(waits)
    if wait:
        raise TooMany(wait, words)


def credential_of(request) -> tuple[str | None, str]:
    """(TOKEN or PLAYER, the key) from `Authorization: Token <key>` or `Player <key>` (the
    scheme in any case); (None, "") without either. The one reading of the header: the
    API's checks (api/auth.py) and these limits."""
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    kind = {"token": TOKEN, "player": PLAYER}.get(scheme.lower())
    key = key.strip()
    return (kind, key) if kind and key else (None, "")


BY_ADDRESS, BY_TOKEN, BY_CARD = ("writes from your address", "writes with this token",
                                 "writes with this player's card")


def write_limited(request, card_digest: str | None = None):
    """(seconds to wait, what) for a write over a rate limit, else (0, ""): per address
    (the API's writes and the players' form posts together), per official's token, per
    player's card (its key's digest: the API's `Player` writes and the form posts)."""
    ip = client_ip(request) or "unknown"
    wait = over("write_per_address", ip)
    if wait:
        return wait, BY_ADDRESS
    kind, key = credential_of(request)
    if kind == TOKEN:
        wait = over("write_per_token", digest_of(key))
        if wait:
            return wait, BY_TOKEN
    if kind == PLAYER:
        card_digest = card_digest or player_keys.digest_of(key)
    if card_digest:
        wait = over("write_per_card", card_digest)
        if wait:
            return wait, BY_CARD
    return 0, ""


ENTRIES = "entries_per_address"


def entry_limited(request) -> int:
    """Seconds to wait when this address has made too many entries (the public form's
    and the API's together), else 0; counts this one."""
    return over(ENTRIES, client_ip(request) or "unknown")


class ApiLimits:
    """Middleware: the rates on /api/, by address (reads, writes) and by credential
    (writes). Wrong credentials are counted where they are checked (api/auth.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path.startswith("/api/") or not settings.API_RATE_LIMITS:
            return self.get_response(request)
        ip = client_ip(request) or "unknown"
        if request.method in SAFE:
            wait = over(NAME_READS, ip)
            if wait:
                return too_many(wait, "reads from your address")
        else:
            wait, what = write_limited(request)
            if wait:
                return too_many(wait, what)
        return self.get_response(request)
