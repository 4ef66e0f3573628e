"""Settings, all read from the environment so one code base serves a laptop and a server.

SECRET_KEY, DEBUG, ALLOWED_HOSTS, DATABASE_URL, CACHE_URL (or REDIS_URL): see docs/deploy.md.
"""

import os
import warnings
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG")
# A laptop or a test run: `make run` sets LOCAL_DEV=1, and pytest (8.2+) sets PYTEST_VERSION.
# It allows plain-HTTP cookies and local host names; production never sets it.
LOCAL_DEV = env_bool("LOCAL_DEV") or "PYTEST_VERSION" in os.environ

# Without SECRET_KEY a throwaway key is used, so management commands work on a laptop;
# `check --deploy` flags it (security.W009) and tournament/wsgi.py refuses to serve with it.
SECRET_KEY = os.environ.get("SECRET_KEY") or (
    "django-insecure-local-development-only-set-SECRET_KEY-in-production"
)

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
if DEBUG or LOCAL_DEV:
    ALLOWED_HOSTS += ["127.0.0.1", "localhost", "testserver", "[::1]"]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",  # sign-in attempts: lock-outs per account and per address (docs/deploy.md)
    "ninja",  # serves the API docs page's Swagger UI from our own static files
    "django_tasks",
    "django_tasks_db",
    "scoring",
    "tournament",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A cached public page this process holds ready, answered without the rest, with the
    # same bytes and headers (tournament/public/fast_path.py, docs/deploy.md).
    "tournament.public.fast_path.FastPath",
    "csp.middleware.CSPMiddleware",  # the Content-Security-Policy section below
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tournament.web.limits.ApiLimits",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournament.offline.user.OfflineUser",  # whose pages a phone may keep (docs/offline.md)
    "tournament.web.private_pages.PrivatePages",  # one person's pages: private, no-store
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as axes asks: turns a lock-out into its page
]

ROOT_URLCONF = "tournament.urls"
WSGI_APPLICATION = "tournament.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # The offline package's tags live beside it (tournament/offline/tags.py).
            "libraries": {"offline": "tournament.offline.tags"},
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
# A pooled connection the database dropped (a restart, a fail-over) is replaced before the
# next request uses it, instead of failing that request.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # WAL lets the public pages read while an arbiter writes; IMMEDIATE transactions and
    # the timeout make a second writer wait for the first instead of failing at once.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif "PYTEST_VERSION" in os.environ and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A test run only: its databases are thrown away, so a commit need not wait for the disk
    # (making each worker's test database commits every migration; README, "Testing").
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"

# REDIS_URL is read too, as many hosts name their Redis so; CACHE_URL wins.
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": CACHE_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                          "LOCATION": "fives-and-threes"}}

# Each event's revision (tournament/web/revision.py) must be seen by every process that serves
# or changes events (gunicorn's workers, the task worker). By default a file cache on this
# machine: reading it is a file read, no round trip, on every public request. With several
# machines, REVISION_CACHE=shared keeps them in the Redis of CACHE_URL. A test run is one
# process and keeps them in memory (the default cache). See docs/deploy.md.
if "PYTEST_VERSION" not in os.environ:
    if os.environ.get("REVISION_CACHE") == "shared" and "redis" in CACHES["default"]["BACKEND"]:
        CACHES["revisions"] = dict(CACHES["default"], KEY_PREFIX="revisions")
    else:
        CACHES["revisions"] = {
            "BACKEND": "tournament.web.revision.Files",  # Django's, reading faster
            "LOCATION": os.environ.get("REVISION_CACHE_DIR",
                                       str(BASE_DIR / "var" / "cache" / "revisions")),
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }

# Rendered public pages shared by the workers of a machine, so that a change is rendered
# once for all of them (public/http_cache.py): Redis when CACHE_URL names one (the default
# cache), else a file cache on this machine. A test run is one process: its own memory.
if "PYTEST_VERSION" not in os.environ and "redis" not in CACHES["default"]["BACKEND"]:
    CACHES["pages"] = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ.get("PAGE_CACHE_DIR", str(BASE_DIR / "var" / "cache" / "pages")),
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    }

# A test's transaction never commits: there the revision is bumped as an action writes,
# not only on commit (tournament/web/revision.py).
REVISION_BUMP_IN_TRANSACTION = "PYTEST_VERSION" in os.environ

# Long work (pairing a big round, imports, the archive download) runs as a task
# (tournament/web/tasks.py) in a worker process, `manage.py task_worker`, which `make run` starts
# beside the server; the queue is a table in the same database. TASKS_BACKEND=immediate runs
# tasks inside the request instead (no worker needed). See docs/deploy.md.
TASKS = {"default": {"BACKEND": {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}[os.environ.get("TASKS_BACKEND", "database")]}}

# The most of a request body the server reads (a play-by-play match record is about
# 30 KB); more answers 413 on the API, 400 elsewhere. Uploaded files are not counted.
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("MAX_REQUEST_BYTES", 1024 * 1024))
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000  # the arbiter's form at play depth has ~600

# An API key made now stops working after this many days (0: only when renewed, revoked by a
# password change, or its user stops being an official). An event runs over a weekend.
API_TOKEN_LIFETIME_DAYS = int(os.environ.get("API_TOKEN_LIFETIME_DAYS", "30"))

# ---- Limits (docs/deploy.md). Behind TRUSTED_PROXY_COUNT proxies the client's address is
# read from X-Forwarded-For; with none, REMOTE_ADDR (the proxy's own address, if there is one).
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# ---- Sign-in lock-out (django-axes; tournament/web/signin_lock.py, docs/deploy.md): an account
# is paused from one address after AXES_FAILURE_LIMIT wrong passwords; an address for every
# account after SIGNIN_ADDRESS_FAILURE_LIMIT wrong passwords for accounts that exist.
# Tests sign in with client.login(), which passes axes no request: axes is off under
# pytest except in the tests of the lock-out itself (tests/security/test_limits.py).
AXES_ENABLED = env_bool("AXES_ENABLED", default="PYTEST_VERSION" not in os.environ)
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "8"))
SIGNIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("SIGNIN_ADDRESS_FAILURE_LIMIT", "40"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "tournament.web.signin_lock.TwoTierHandler"
AXES_LOCKOUT_CALLABLE = "tournament.web.signin_lock.locked_out"
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "1"))
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tournament.web.limits.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# ---- end of the sign-in lock-out

# ---- Content-Security-Policy (django-csp; docs/deploy.md). Scripts, styles, images and
# connections from this site only: no inline script, handler or style attribute anywhere
# (tournament/static/js/ holds every script; QR codes are inline SVG, no style). Allowed
# ahead of time for the offline work planned: a service worker and web workers from 'self'
# (the phone's rules engine, MicroPython, runs in a worker, and compiling its WebAssembly
# needs 'wasm-unsafe-eval', not 'unsafe-eval'), and a web manifest from 'self'. data:
# images are the browsers' own form controls in the admin's stylesheet.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# ---- end of the Content-Security-Policy
# The limits of the API and the players' form posts per window ("count/period", period in
# s, m, h or d; tournament/web/limits.py); API_RATE_LIMITS=off turns them off
# (bench/bench_results.py sends every request from one address), as does a test run, except
# the tests of the limits themselves.
API_RATE_LIMITS_DEFAULT = {
    "read_per_address": os.environ.get("API_READS_PER_ADDRESS", "1200/m"),
    # Writes: the API's and the players' form posts (check-in, result, accept, dispute).
    "write_per_address": os.environ.get("API_WRITES_PER_ADDRESS", "600/m"),
    "write_per_token": os.environ.get("API_WRITES_PER_TOKEN", "60/m"),
    "write_per_card": os.environ.get("WRITES_PER_CARD", "60/m"),
    # Wrong keys: over these a wrong one is 429, a right one still works.
    "token_failures_per_address": os.environ.get("API_TOKEN_FAILURES_PER_ADDRESS", "20/10m"),
    "player_codes_per_address": os.environ.get("PLAYER_CODES_PER_ADDRESS", "30/10m"),
    "player_codes_per_board": os.environ.get("PLAYER_CODES_PER_BOARD", "10/10m"),
    "key_failures_per_prefix": os.environ.get("KEY_FAILURES_PER_PREFIX", "10/10m"),
    # Entries before the day (docs/directors.md): entries made from one address, on the
    # public form and through the API together; wrong entry codes from one address.
    "entries_per_address": os.environ.get("ENTRIES_PER_ADDRESS", "10/h"),
    "entry_codes_per_address": os.environ.get("ENTRY_CODES_PER_ADDRESS", "30/10m"),
}
API_RATE_LIMITS = {} if os.environ.get("API_RATE_LIMITS", "off" if "PYTEST_VERSION" in os.environ
                                     else "on") == "off" else API_RATE_LIMITS_DEFAULT

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director:home"
LOGOUT_REDIRECT_URL = "public:events"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "tournament" / "static"]
# MicroPython's WebAssembly port from npm (package.json; `make install` runs `npm ci`): the
# interpreter of the phone's rules engine (docs/offline.md).
MICROPYTHON_DIR = BASE_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
if MICROPYTHON_DIR.is_dir():
    STATICFILES_DIRS.append(("micropython", MICROPYTHON_DIR))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or LOCAL_DEV
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Serve static files straight from the source folders under runserver and tests, where
# no collectstatic has run (so WhiteNoise's "No directory at STATIC_ROOT" is expected).
WHITENOISE_USE_FINDERS = DEBUG or LOCAL_DEV
if WHITENOISE_USE_FINDERS:
    warnings.filterwarnings("ignore", message="No directory at: ")
DJANGO_TABLES2_TEMPLATE = "tables/table.html"

# Production hardening; `manage.py check --deploy` is clean with DEBUG off and SECRET_KEY set.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# SECURE_COOKIES=0: the venue server on the hall's network over plain HTTP (docs/deploy.md).
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=not (DEBUG or LOCAL_DEV))
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=SESSION_COOKIE_SECURE)
SECURE_HSTS_SECONDS = int(
    os.environ.get("SECURE_HSTS_SECONDS", "31536000" if SESSION_COOKIE_SECURE else "0")
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=SECURE_HSTS_SECONDS > 0)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
