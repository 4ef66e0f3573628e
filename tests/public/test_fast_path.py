"""The spectators' fast path (tournament/public/fast_path.py): a cached public page this
process holds ready is answered right after SecurityMiddleware, with the very bytes and
headers the full stack would send; anything that may differ goes through the full stack."""

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from tournament.actions import entrants, events
from tournament.public import fast_path, http_cache, printed

from .test_http_cache import boards, crewe_open, forfeit  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def served(monkeypatch):
    """Whether the fast path answered each request, in order (True) or left it (False)."""
    http_cache.local.clear()
    http_cache.waiting.clear()
    monkeypatch.setattr(printed, "now_text", lambda: "3 Dec 2026, 10:00")  # print views
    seen = []
    real = fast_path.answer

    def spy(request):
        response = real(request)
        seen.append(response is not None)
        return response

    monkeypatch.setattr(fast_path, "answer", spy)
    yield seen
    http_cache.local.clear()
    http_cache.waiting.clear()


def full_stack_only(monkeypatch):
    monkeypatch.setattr(fast_path, "answer", lambda request: None)


def whole(response):
    return response.status_code, list(response.headers.items()), response.content


PAGES = [
    ("events", [], {}),
    ("event", ["crewe"], {}),
    ("revision", ["crewe"], {}),
    ("round", ["crewe", 1], {}),
    ("round", ["crewe", 1], {"print": "1"}),
    ("round_csv", ["crewe", 1], {}),
    ("standings", ["crewe"], {}),
    ("standings", ["crewe"], {"after_round": "1", "sort": "-name"}),
    ("standings", ["crewe"], {"print": "1"}),
    ("standings_csv", ["crewe"], {}),
    ("crosstable", ["crewe"], {}),
    ("crosstable_csv", ["crewe"], {}),
    ("entrants_csv", ["crewe"], {}),
    ("player", ["crewe", 1], {}),
]


@pytest.mark.parametrize("name, args, query", PAGES)
def test_every_kind_of_page_is_the_same_bytes_and_headers_either_way(
        client, crewe_open, served, monkeypatch, name, args, query,  # noqa: F811
        django_assert_num_queries):
    url = reverse(f"public:{name}", args=args)
    rendered = client.get(url, query)  # the full stack renders and keeps it
    assert rendered.status_code == 200
    with django_assert_num_queries(0):
        fast = client.get(url, query)  # headers made for this entry ...
        again = client.get(url, query)  # ... and reused
        fast_head = client.head(url, query)
        fast_304 = client.get(url, query, HTTP_IF_NONE_MATCH=rendered.get("ETag", '"x"'))
    assert served == [False, True, True, True, True]
    full_stack_only(monkeypatch)
    slow, slow_head = client.get(url, query), client.head(url, query)
    slow_304 = client.get(url, query, HTTP_IF_NONE_MATCH=rendered.get("ETag", '"x"'))
    assert whole(fast) == whole(again) == whole(slow) == whole(rendered)
    assert whole(fast_head) == whole(slow_head)
    assert whole(fast_304) == whole(slow_304)
    if "print" not in query:  # a print view has no validators: its time is each answer's
        assert fast_304.status_code == 304
    # Every header the stack adds is there: the security headers, the policy, the length.
    for header in ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options",
                   "Referrer-Policy", "Content-Length", "Vary", "Cache-Control"):
        assert fast.has_header(header), header


def test_a_spectator_gets_no_session_no_user_no_token_no_messages(client, crewe_open,  # noqa: F811
                                                                  served):
    url = reverse("public:standings", args=["crewe"])
    client.get(url)
    responses = [client.get(url, {"live": str(n)}) for n in range(5)]  # live.js's ?live=
    assert served == [False] + [True] * 5
    for response in responses:
        request = response.wsgi_request
        for made_by_the_stack in ("session", "user", "_messages", "csp_nonce", "axes_locked_out"):
            assert not hasattr(request, made_by_the_stack), made_by_the_stack
        assert not response.cookies
    assert Session.objects.count() == 0


@pytest.mark.parametrize("why", ["signed in", "stale session", "messages", "post",
                                 "long parameter", "host", "api token", "official page",
                                 "player page", "not a page"])
def test_what_the_full_stack_answers(client, client_for, crewe_open, dora, served,  # noqa: F811
                                     why):
    url = reverse("public:standings", args=["crewe"])
    client.get(url)
    client.get(url)
    assert served == [False, True]
    visitor, path, kwargs = client, url, {}
    if why == "signed in":
        visitor = client_for(dora)
    elif why == "stale session":
        visitor = Client()
        visitor.cookies[settings.SESSION_COOKIE_NAME] = "no-such-session"
    elif why == "messages":
        visitor = Client()
        visitor.cookies["messages"] = "x"
    elif why == "long parameter":
        kwargs = {"data": {"sort": "x" * 41}}
    elif why == "host":
        kwargs = {"HTTP_HOST": "evil.example"}
    elif why == "api token":  # an API read with a token: its own (test_fast_path_api.py)
        path = f"/api/v1/tournaments/{crewe_open.slug}/standings/"
        client.get(path)
        client.get(path)  # the public's read is ready in memory ...
        served.clear()
        served.extend([False, True])
        kwargs = {"HTTP_AUTHORIZATION": "Token not-a-token"}  # ... but not for a token
    elif why == "official page":
        path = reverse("director:home")
    elif why == "player page":
        path = "/me/"
    elif why == "not a page":
        path = url.rstrip("/")  # APPEND_SLASH's redirect
    if why == "post":
        response = client.post(url)  # rendered by the view, never from a cache
        assert "public" not in response.get("Cache-Control", "")
    else:
        response = visitor.get(path, **kwargs)
    assert served[2:] and not any(served[2:]), why
    if why == "signed in":
        assert "Sign out dora" in response.content.decode()
        assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]
    elif why == "host":
        assert response.status_code == 400
    elif why == "api token":
        assert response.status_code == 401
    elif why == "not a page":
        assert response.status_code == 301


def test_a_change_shows_at_once_then_is_fast_again(client, crewe_open, dora, served):  # noqa: F811
    url = reverse("public:round", args=["crewe", 1])
    before = client.get(url)
    assert client.get(url).content == before.content
    forfeit(boards(crewe_open)[0], dora)
    after = client.get(url)  # the revision moved: the full stack renders the new page
    again = client.get(url)
    assert served == [False, True, False, True]
    assert after.content != before.content and after["ETag"] != before["ETag"]
    assert whole(again) == whole(after)


def test_the_previous_page_while_another_worker_renders_then_the_new_one(
        client, crewe_open, dora, served, settings):  # noqa: F811
    settings.CACHES = {**settings.CACHES, "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "fast-pages"}}
    url = reverse("public:round", args=["crewe", 1])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    shared = http_cache.shared_cache()
    key = http_cache.entry_key(type("R", (), {"path": url})(), http_cache.QueryDict())
    token = http_cache.revision.stored("crewe").token
    assert shared.add(http_cache.render_lock(key, token), 1, 10)  # another worker renders
    meanwhile = [client.get(url) for _ in range(3)]
    # The fast path sees the lock in the shared cache and notes it: no full stack at all.
    assert served == [False, True, True, True]
    assert all(m.content == before.content for m in meanwhile)
    shared.delete(http_cache.render_lock(key, token))
    http_cache.waiting.clear()  # RECHECK_SECONDS later
    after = client.get(url)  # nobody renders: the full stack takes the lock and renders
    assert after.content != before.content and served[-1] is False
    assert client.get(url).content == after.content and served[-1] is True


def test_another_worker_s_new_render_is_taken_by_the_fast_path(
        client, crewe_open, dora, served, settings, monkeypatch,  # noqa: F811
        django_assert_num_queries):
    settings.CACHES = {**settings.CACHES, "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "fast-new"}}
    url = reverse("public:standings", args=["crewe"])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    key = http_cache.entry_key(type("R", (), {"path": url})(), http_cache.QueryDict())
    # Another worker renders the new page and stores it; this one still holds the old.
    kept = http_cache.local.get(key)
    http_cache.local.clear()
    rendered = client.get(url)
    assert served == [False, False] and rendered.content != before.content
    current = http_cache.revision.stored("crewe").token
    assert http_cache.shared_cache().get(key).token == current != kept.token
    http_cache.local.put(key, kept)
    with django_assert_num_queries(0):
        after = client.get(url)
    assert served[-1] is True  # from the shared cache, without the rest of the stack
    assert http_cache.local.get(key).token == current
    full_stack_only(monkeypatch)
    http_cache.local.put(key, kept)
    assert whole(after) == whole(client.get(url))  # the bytes and headers either way


def test_the_fast_path_leaves_a_hidden_event_s_stale_copy_to_the_full_stack(
        client, crewe_open, dora, served, settings):  # noqa: F811
    settings.CACHES = {**settings.CACHES, "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "fast-gone"}}
    url = reverse("public:round", args=["crewe", 1])
    assert client.get(url).status_code == 200
    key = http_cache.entry_key(type("R", (), {"path": url})(), http_cache.QueryDict())
    http_cache.revision.bump("crewe", withdrawn=True)  # as hiding the event does
    token = http_cache.revision.stored("crewe").token
    shared = http_cache.shared_cache()
    assert shared.add(http_cache.render_lock(key, token), 1, 10)  # even while one renders
    assert http_cache.from_shared(key, "crewe") is None
    http_cache.local.clear()
    assert http_cache.from_shared(key, "crewe") is None and http_cache.local.get(key) is None


def test_a_hidden_event_is_never_served_from_the_shared_copy(client, client_for, dora,
                                                             served):
    quiet = events.create_tournament(dora, name="Quietwater Cup", slug="quiet")
    entrants.import_entrants(quiet, dora, "name,club,rating\nHushby One,,1500\n"
                             "Hushby Two,,1400")
    pages = [reverse("public:event", args=["quiet"]), reverse("public:entrants_csv",
                                                              args=["quiet"])]
    for url in pages:
        assert client.get(url).status_code == 200
        assert client.get(url).status_code == 200
    assert served == [False, True] * 2
    events.set_hidden(quiet, dora, hidden=True, reason="not ready")
    director = client_for(dora)
    for url in pages:
        assert client.get(url).status_code == 404  # at once, from every path
        assert client.get(url).status_code == 404
        seen = director.get(url)  # the director still sees it, privately
        assert seen.status_code == 200 and "private" in seen["Cache-Control"]
        for _ in range(2):
            response = client.get(url)
            assert response.status_code == 404 and b"Hushby" not in response.content
    assert not any(served[4:])


def test_a_page_showing_the_visitor_s_messages_is_not_kept(client, crewe_open, served):  # noqa: F811
    from django.contrib.messages.storage.cookie import CookieStorage

    url = reverse("public:event", args=["crewe"])
    mine = Client()
    storage = CookieStorage(type("R", (), {"COOKIES": {}})())
    storage.add(20, "You are checked in for round 1.")
    mine.cookies["messages"] = storage._encode(list(storage._queued_messages))
    shown = mine.get(url)
    assert "You are checked in" in shown.content.decode()
    assert "no-cache" in shown["Cache-Control"] and "public" not in shown["Cache-Control"]
    html = client.get(url).content.decode()  # the crowd's copy: not the visitor's
    assert "You are checked in" not in html


def test_the_fast_path_knows_every_middleware_it_answers_for():
    """A new middleware below the fast path may add a header or a check a cached page
    needs: weigh it in fast_path.SKIPPED (and as_the_stack_would) first."""
    chain = list(settings.MIDDLEWARE)
    at = chain.index("tournament.public.fast_path.FastPath")
    assert chain[:at] == ["django.middleware.security.SecurityMiddleware"]
    assert tuple(chain[at + 1:]) == fast_path.SKIPPED
