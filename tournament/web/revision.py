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

import logging
import secrets
import time
from dataclasses import dataclass

from django.core.cache import caches
from django.db import transaction

log = logging.getLogger("tournament")

ALL = "*"  # the revision of everything: pages that list every event
TIMEOUT = 24 * 60 * 60  # a revision lost in a crash between commit and bump heals in a day


@dataclass(frozen=True)
class Revision:
    token: str
    at: float  # when it was made: no earlier than the last change it stands for


def store():
    from django.conf import settings

    return caches["revisions" if "revisions" in settings.CACHES else "default"]


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


def bump(slug: str) -> None:
    """Give the event (and the site) a new revision. Never raises: the change it follows
    is already stored, and a revision that could not be bumped expires (TIMEOUT)."""
    made = new()
    stored = (made.token, made.at)  # plain values: a cache outlives code changes
    try:
        store().set_many({key(slug): stored, key(ALL): stored}, TIMEOUT)
    except Exception:  # the cache server away: the change must still succeed
        log.exception("Could not bump the revision of %s", slug)


def bump_on_commit(slug: str) -> None:
    """Bump once the transaction commits: that bump makes the change visible, and pages
    rendered from the data before it are keyed by an older token.

    Where transactions never commit (a test's: settings.REVISION_BUMP_IN_TRANSACTION) it
    bumps now as well. Nowhere else: a page asked for between that bump and the commit
    would be rendered from the data before the change under a token of its own, and then
    again after it, two renders of every page per change (bench/bench_public.py)."""
    from django.conf import settings

    if getattr(settings, "REVISION_BUMP_IN_TRANSACTION", False):
        bump(slug)
    transaction.on_commit(lambda: bump(slug))
