"""Rendered public fragments, cached until the event changes.

Every action bumps Tournament.revision, so a key that contains the revision can never
serve stale results; old keys simply expire.
"""

from django.core.cache import cache

TIMEOUT = 6 * 60 * 60


def fragment_key(kind: str, tournament, **params) -> str:
    parts = [f"{k}={params[k]}" for k in sorted(params)]
    return ":".join(["public", kind, str(tournament.pk), str(tournament.revision), *parts])


def cached_fragment(key: str, build):
    """The cached HTML under key, or build() stored there."""
    html = cache.get(key)
    if html is None:
        html = build()
        cache.set(key, html, TIMEOUT)
    return html
