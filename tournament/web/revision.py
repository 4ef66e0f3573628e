"""Each event's revision, kept in a cache every process shares, so that a public page can
tell whether its cached copy is current without asking the database.

A revision is an opaque token that is never reused, plus the time it was made. `bump`
gives the event a new one; every action does so through `actions.base.audit`. A page
cached under a token is served only while that token is current, so any change (or a
lost or evicted revision: `current` then makes a new token) makes the next request render
afresh. Tokens are never compared for order, so two bumps racing, or a bump racing a
reader that found no revision, can only cause extra misses, never a stale page.

The store is the cache alias "revisions" when settings define it (Redis, or a file cache
shared by the web and task-worker processes of one machine; see docs/deploy.md), else
"default". It must be shared by every process that serves or changes events: a process-
local cache would never see a bump made by another process.
"""

from __future__ import annotations

import io
import logging
import os
import pickle
import secrets
import threading
import time
import zlib
from dataclasses import dataclass

from django.core.cache import caches
from django.core.cache.backends.filebased import FileBasedCache
from django.core.signals import setting_changed
from django.db import transaction

log = logging.getLogger("tournament")

ALL = "*"  # the revision of everything: pages that list every event
TIMEOUT = 24 * 60 * 60  # a revision lost in a crash between commit and bump heals in a day


@dataclass(frozen=True)
class Revision:
    token: str
    at: float  # when it was made: no earlier than the last change it stands for
    # Made by a change that took (or kept) the event from the public: hidden or deleted.
    # No page is then answered from an earlier revision's copy while the new one renders
    # (public/http_cache.py `usable`): that copy showed what is no longer public.
    withdrawn: bool = False


class Files(FileBasedCache):
    """Django's file cache, for the revisions (settings: the "revisions" alias on one
    machine), where every public request reads one: a read costs one fstat while the
    file is unchanged. Django writes a value into a new file and renames it over the old
    one, so a file's bytes never change: each file read is kept open with its value, and
    it stays current while it still has a name (`st_nlink`). Once replaced or deleted it
    is read anew. Each key's file name is worked out once (Django validates and hashes
    the key on every call). The value is shared between reads: for immutable values only
    (a revision is a tuple of a str and a float). Only `get` is changed; the cache must be
    on a local file system (docs/deploy.md)."""

    KEEP = 64  # files kept open per process (more: all are closed and read anew)

    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._names = {}
        self._open = {}  # file name -> (descriptor, expiry, value)

    def _key_to_file(self, key, version=None):
        name = self._names.get((key, version))
        if name is None:
            if len(self._names) >= 10_000:  # a bound, for made-up slugs
                self._names.clear()
            name = self._names[(key, version)] = super()._key_to_file(key, version)
        return name

    def get(self, key, default=None, version=None):
        fname = self._key_to_file(key, version)
        held = self._open.get(fname)
        if held is not None:
            try:
                current = os.fstat(held[0]).st_nlink > 0
            except OSError:
                current = False
            if current and (held[1] is None or held[1] >= time.time()):
                return held[2]
            self._forget(fname)
        try:
            fd = os.open(fname, os.O_RDONLY)
        except FileNotFoundError:
            return default
        try:
            stream = io.BytesIO(b"".join(iter(lambda: os.read(fd, 65536), b"")))
            try:
                expiry = pickle.load(stream)  # noqa: S301  (our own cache's files)
            except EOFError:
                expiry = 0  # an empty file is expired, as Django reads it
            if expiry is not None and expiry < time.time():
                os.close(fd)
                self._delete(fname)
                return default
            value = pickle.loads(zlib.decompress(stream.read()))  # noqa: S301
        except BaseException:
            os.close(fd)
            raise
        if len(self._open) >= self.KEEP:
            self._close_all()
        self._open[fname] = (fd, expiry, value)
        return value

    def _forget(self, fname):
        held = self._open.pop(fname, None)
        if held is not None:
            os.close(held[0])

    def _close_all(self):
        for fname in list(getattr(self, "_open", ())):
            self._forget(fname)

    def __del__(self):  # a thread's cache (runserver's) goes with its thread
        self._close_all()


_held = threading.local()  # this thread's store, and the settings' generation it is of
_generation = [0]


def store():
    """The cache the revisions are kept in (looked up once per thread: every public
    request reads one; a change of settings, in tests, looks it up again)."""
    held = getattr(_held, "store", None)
    if held is None or held[0] != _generation[0]:
        from django.conf import settings

        held = _held.store = (_generation[0], caches["revisions" if "revisions" in
                                                   settings.CACHES else "default"])
    return held[1]


def _settings_changed(setting, **kwargs):
    if setting == "CACHES":
        _generation[0] += 1


setting_changed.connect(_settings_changed)


def key(slug: str) -> str:
    return f"revision:{slug}"


def new() -> Revision:
    return Revision(f"{time.time_ns():x}{secrets.token_hex(4)}", time.time())


def stored(slug: str = ALL) -> Revision | None:
    """The event's revision if one is stored (no query, nothing written): a request for a
    slug nobody made must not leave an entry behind (see `adopt`)."""
    found = store().get(key(slug))
    return None if found is None else Revision(*found)


def adopt(slug: str, made: Revision) -> Revision | None:
    """Store `made`, taken (with `new`) before reading the data of a page that turned out
    to exist, as the revision of `slug`, unless one was stored meanwhile: then None, for
    a bump since may stand for a change the page missed, and the page must not be kept
    under either token."""
    if store().add(key(slug), (made.token, made.at), TIMEOUT):
        return made
    return None


def current(slug: str = ALL) -> Revision:
    """The event's revision (`ALL`: the site's), read from the cache: no query. When none
    is stored (never bumped since the cache started, or evicted) a new one is stored.
    Only for slugs known to exist: the public cache uses `stored` and `adopt`."""
    found = stored(slug)
    if found is None:
        made = new()
        if adopt(slug, made):
            return made
        # Another process stored one between our get and add: use theirs.
        found = stored(slug)
        if found is None:
            return made
    return found


def bump(slug: str, withdrawn: bool = False) -> None:
    """Give the event (and the site) a new revision (`withdrawn`: the event is hidden or
    deleted, see Revision). Never raises: the change it follows is already stored, and a
    revision that could not be bumped expires (TIMEOUT)."""
    made = new()
    # Plain values: a cache outlives code changes (the flag only where it is set).
    stored = (made.token, made.at, True) if withdrawn else (made.token, made.at)
    try:
        store().set_many({key(slug): stored, key(ALL): stored}, TIMEOUT)
    except Exception:  # the cache server away: the change must still succeed
        log.exception("Could not bump the revision of %s", slug)


def bump_on_commit(slug: str, withdrawn: bool = False) -> None:
    """Bump once the transaction commits: that bump makes the change visible, and pages
    rendered from the data before it are keyed by an older token.

    Where transactions never commit (a test's: settings.REVISION_BUMP_IN_TRANSACTION) it
    bumps now as well. Nowhere else: a page asked for between that bump and the commit
    would be rendered from the data before the change under a token of its own, and then
    again after it, two renders of every page per change (bench/bench_public.py)."""
    from django.conf import settings

    if getattr(settings, "REVISION_BUMP_IN_TRANSACTION", False):
        bump(slug, withdrawn)
    transaction.on_commit(lambda: bump(slug, withdrawn))
