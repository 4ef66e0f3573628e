"""One render per change for all the workers of a machine (issue 22, points 11 and 12).

The workers share rendered answers in the "pages" cache (Redis, or a file cache on one
machine); a test run is one process, so a second worker is played by emptying this
process's own memory of answers (`http_cache.local`) between requests.
"""

import pytest
from django.urls import reverse

from tournament.public import http_cache, views
from tournament.web import revision

from .test_http_cache import boards, crewe_open, forfeit  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def shared_pages(settings):
    settings.CACHES = {**settings.CACHES, "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pages"}}
    http_cache.local.clear()
    http_cache.waiting.clear()
    yield
    http_cache.local.clear()
    http_cache.waiting.clear()


def as_another_worker():
    http_cache.local.clear()


def test_a_second_worker_takes_the_first_one_s_render(client, crewe_open, dora,  # noqa: F811
                                                      django_assert_num_queries):
    url = reverse("public:standings", args=[crewe_open.slug])
    first = client.get(url)
    as_another_worker()
    with django_assert_num_queries(0):  # read from the shared cache, not rendered
        again = client.get(url)
    assert again.content == first.content and again["ETag"] == first["ETag"]


def test_after_a_change_one_worker_renders_and_the_others_answer_the_last_page(
        client, crewe_open, dora, django_assert_num_queries):  # noqa: F811
    url = reverse("public:round", args=[crewe_open.slug, 1])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)  # a change: a new revision
    # Another worker got there first: it holds this revision's render.
    token = revision.stored(crewe_open.slug).token
    request = type("R", (), {"path": url})()
    key = http_cache.entry_key(request, http_cache.QueryDict())
    assert http_cache.shared_cache().add(f"render:{key}:{token}", 1, 10)
    with django_assert_num_queries(0):  # not rendered here: the last page, at once
        meanwhile = client.get(url)
    assert meanwhile.status_code == 200 and meanwhile.content == before.content
    # ... until its render is stored: then everyone has the new page, rendered once.
    http_cache.shared_cache().delete(f"render:{key}:{token}")
    http_cache.waiting.clear()  # RECHECK_SECONDS later
    after = client.get(url)
    assert after.content != before.content and after["ETag"] != before["ETag"]
    as_another_worker()
    with django_assert_num_queries(0):
        assert client.get(url).content == after.content


def test_the_first_request_after_a_change_renders_at_once(client, crewe_open, dora):  # noqa: F811
    url = reverse("public:round", args=[crewe_open.slug, 1])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    after = client.get(url)  # nobody else is rendering: this request does
    assert after.content != before.content


def test_revision_json_is_never_answered_from_an_older_revision(client, crewe_open, dora):  # noqa: F811
    url = reverse("public:revision", args=[crewe_open.slug])
    before = client.get(url).json()["revision"]
    forfeit(boards(crewe_open)[0], dora)
    token = revision.stored(crewe_open.slug).token
    request = type("R", (), {"path": url})()
    key = http_cache.entry_key(request, http_cache.QueryDict())
    http_cache.shared_cache().add(f"render:{key}:{token}", 1, 10)  # would block a page
    assert client.get(url).json()["revision"] != before


def test_live_pages_poll_every_few_seconds_and_ask_past_caches(client, crewe_open):  # noqa: F811
    html = client.get(reverse("public:round", args=[crewe_open.slug, 1])).content.decode()
    assert f'data-poll="{views.POLL_SECONDS}"' in html and views.POLL_SECONDS <= 3
    from django.contrib.staticfiles import finders

    script = open(finders.find("js/live.js")).read()
    assert 'searchParams.set("live", wanted)' in script  # past a CDN's older copy
    # The server ignores that parameter: the same cached answer.
    page = client.get(reverse("public:round", args=[crewe_open.slug, 1]), {"live": "abc"})
    assert page.content.decode() == html


def test_while_another_renders_the_crowd_is_answered_from_memory(client, crewe_open, dora,  # noqa: F811
                                                                 monkeypatch):
    url = reverse("public:round", args=[crewe_open.slug, 1])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    token = revision.stored(crewe_open.slug).token
    request = type("R", (), {"path": url})()
    key = http_cache.entry_key(request, http_cache.QueryDict())
    shared = http_cache.shared_cache()
    assert shared.add(f"render:{key}:{token}", 1, 10)  # another worker renders
    fetched = []
    real_get = type(shared).get
    monkeypatch.setattr(type(shared), "get", lambda self, k, *a, **kw: (
        fetched.append(k), real_get(self, k, *a, **kw))[1])
    answers = [client.get(url) for _ in range(5)]
    assert all(a.content == before.content for a in answers)
    assert fetched.count(key) == 1  # the first asked the shared cache; the rest did not
    # Once RECHECK_SECONDS have passed it asks again, and takes the new render when stored.
    monkeypatch.setattr(http_cache, "RECHECK_SECONDS", 0)
    shared.delete(f"render:{key}:{token}")
    http_cache.waiting.clear()
    assert client.get(url).content != before.content
