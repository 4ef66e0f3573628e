"""`api/v1/`: the JSON API of shared/spec/api.md (docs/api.md), with django-ninja."""

from django.urls import path

from ..public.http_cache import public_cache
from . import checkins, clocks, entries_api, errors, people, players, reads, writes
from .openapi import Api

api = Api(
    title="Fives and Threes tournaments",
    version="1",
    description="Published events, pairings, standings; result entry for arbiters.",
    urls_namespace="api",
)
errors.install(api)
api.add_router("", reads.router)
api.add_router("", people.router)
api.add_router("", writes.router)
api.add_router("", players.router)
api.add_router("", checkins.router)
api.add_router("", entries_api.router)
api.add_router("", clocks.router)

# The public reads, cached whole by the event's revision (tournament/public/http_cache.py);
# a request with a token is never served from, nor stored in, the shared entries.
CACHED_READS = {"tournaments": (), "tournament": (), "round_pairings": (),
                "standings": ("after_round", "stage"), "match": (), "bracket": ()}
# They check an Authorization header sent to them, so they count a wrong key (the document
# says so: openapi.py).
api.checks_keys = frozenset(f"{reads.__name__.replace('.', '_')}_{name}" for name in CACHED_READS)


def cached_reads(urls):
    patterns, app_name, namespace = urls
    for pattern in patterns:
        if pattern.name in CACHED_READS:
            pattern.callback = public_cache(pattern.callback, api=True,
                                            params=CACHED_READS[pattern.name])
    return patterns, app_name, namespace


urlpatterns = [path("", cached_reads(api.urls))]
