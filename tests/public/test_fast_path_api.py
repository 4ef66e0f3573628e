"""The API's public reads on the spectators' fast path (tournament/public/fast_path.py):
the same bytes and headers as the full stack, still counted against the per-address read
limit (tournament/web/limits.py `Reads`), never for a request with a token, never for a
hidden event."""

import pytest
from django.core.cache import cache
from django.test import Client

from tournament.actions import events
from tournament.web import limits

from .test_fast_path import full_stack_only, served, whole  # noqa: F401
from .test_http_cache import boards, crewe_open, forfeit  # noqa: F401

pytestmark = pytest.mark.django_db

READS = [
    "/api/v1/tournaments/",
    "/api/v1/tournaments/crewe/",
    "/api/v1/tournaments/crewe/rounds/1/",
    "/api/v1/tournaments/crewe/standings/",
    "/api/v1/tournaments/crewe/standings/?after_round=1",
]


@pytest.mark.parametrize("url", READS)
def test_an_api_read_is_the_same_bytes_and_headers_either_way(
        client, crewe_open, served, monkeypatch, url, django_assert_num_queries):  # noqa: F811
    rendered = client.get(url)
    assert rendered.status_code == 200
    with django_assert_num_queries(0):
        fast, again = client.get(url), client.get(url)
        fast_head = client.head(url)
        fast_304 = client.get(url, HTTP_IF_NONE_MATCH=rendered["ETag"])
    assert served == [False, True, True, True, True]
    full_stack_only(monkeypatch)
    slow, slow_head = client.get(url), client.head(url)
    slow_304 = client.get(url, HTTP_IF_NONE_MATCH=rendered["ETag"])
    assert whole(fast) == whole(again) == whole(slow) == whole(rendered)
    assert whole(fast_head) == whole(slow_head)
    assert whole(fast_304) == whole(slow_304) and fast_304.status_code == 304
    assert fast["Vary"] == "Cookie, Authorization"
    assert fast["Content-Type"] == "application/json; charset=utf-8"


def test_a_read_with_a_token_is_never_answered_from_the_crowd_s_copy(
        client, crewe_open, served):  # noqa: F811
    url = "/api/v1/tournaments/crewe/standings/"
    client.get(url)
    client.get(url)
    refused = client.get(url, HTTP_AUTHORIZATION="Token wrong-key")
    player = client.get(url, HTTP_AUTHORIZATION="Player wrong-key")
    assert served == [False, True, False, False]
    assert refused.status_code == player.status_code == 401


def test_the_read_limit_still_refuses_over_it(settings, client, crewe_open, served):  # noqa: F811
    settings.API_RATE_LIMITS = {"read_per_address": "3/m"}
    url = "/api/v1/tournaments/crewe/standings/"
    mine, theirs = Client(REMOTE_ADDR="10.2.0.1"), Client(REMOTE_ADDR="10.2.0.2")
    codes = [mine.get(url).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert served == [False, True, True, False]  # the fast path answered two, counted
    refused = mine.get(url)
    assert refused.status_code == 429 and "reads from your address" in refused.json()["detail"]
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert served[-1] is False
    assert theirs.get(url).status_code == 200 and served[-1] is True  # another address


def test_batched_counts_reach_the_shared_count_and_stop_at_the_limit(settings):
    """Two processes answering one address's reads on the fast path: each adds its reads
    to the shared count a batch at a time; together they answer at most a batch each
    beyond the limit, and never refuse one below it."""
    settings.API_RATE_LIMITS = {"read_per_address": "400/m"}  # a batch of 4
    assert limits.Reads.batch(400) == 4
    cache.clear()
    request = type("R", (), {"META": {"REMOTE_ADDR": "10.3.0.1"}})()
    first, second = limits.Reads(), limits.Reads()
    answered = 0
    for i in range(1000):
        if (first if i % 2 else second).take(request):
            answered += 1
        else:
            break
    assert 400 <= answered <= 400 + 2 * (4 - 1)
    # What the full stack counts from here on goes on from the shared count: over it.
    assert limits.over("read_per_address", "10.3.0.1") > 0


def test_reads_without_a_limit_are_not_counted(settings):
    settings.API_RATE_LIMITS = {}
    request = type("R", (), {"META": {"REMOTE_ADDR": "10.3.0.2"}})()
    reads = limits.Reads()
    assert all(reads.take(request) for _ in range(50)) and not reads.counts


def test_a_hidden_event_s_api_reads_are_404_at_once(client, dora, served):  # noqa: F811
    from tournament.actions import entrants, entries

    quiet = events.create_tournament(dora, name="Quietwater Cup", slug="quiet")
    entrants.import_entrants(quiet, dora, "name,club,rating\nHushby One,,1500\n"
                             "Hushby Two,,1400")
    entries.set_entries(quiet, dora, open=True)  # public to the API while entries are open
    urls = ["/api/v1/tournaments/quiet/", "/api/v1/tournaments/"]
    for url in urls:
        client.get(url)
        assert client.get(url).status_code == 200 and b"Quietwater" in client.get(url).content
    assert served == [False, True, True] * 2
    events.set_hidden(quiet, dora, hidden=True, reason="not ready")
    for _ in range(2):
        response = client.get(urls[0])
        assert response.status_code == 404 and b"Hushby" not in response.content
        assert b"Quietwater" not in client.get(urls[1]).content
    assert not any(served[6:7])  # the first after hiding: rendered, not the copy


def redis_url():
    """A Redis to test against (TEST_REDIS_URL, else database 2 of the local one), or None."""
    import os
    import socket

    url = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/2")
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        return None
    return url


def test_on_redis_a_batch_is_one_round_trip_with_the_same_key_and_expiry(settings):
    url = redis_url()
    if url is None:
        pytest.skip("no Redis at 127.0.0.1:6379")
    settings.CACHES = {**settings.CACHES, "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
        "KEY_PREFIX": "test-limits"}}
    from django.core.cache import caches

    backend = caches["default"]
    key = limits.count_key("read_per_address", "10.4.0.1", 7)
    backend.delete(key)
    assert limits.add_to_count("read_per_address", "10.4.0.1", 7, 60, 12) == 12
    assert limits.add_to_count("read_per_address", "10.4.0.1", 7, 60, 1) == 13
    assert backend.get(key) == 13  # what ApiLimits' own add and incr read and write
    backend.incr(key)
    assert limits.add_to_count("read_per_address", "10.4.0.1", 7, 60, 1) == 15
    full = backend.make_and_validate_key(key)
    assert 0 < backend._cache.get_client(full).ttl(full) <= 61
    backend.delete(key)
