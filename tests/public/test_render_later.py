"""A slow page is never waited for after a change (tournament/public/http_cache.py
`render_later`): the process that takes the render lock answers the previous page at
once and renders the new one once that answer is sent (the test client, like a WSGI
server, closes the response after reading it); the others answer the previous page
meanwhile. Never so for a hidden or deleted event (`revision.Revision.withdrawn`)."""

import pytest
from django.urls import reverse

from tournament.actions import entrants, events
from tournament.public import data, http_cache
from tournament.web import revision

from .test_http_cache import boards, crewe_open, forfeit  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def slow_pages(settings, monkeypatch):
    """Workers sharing their renders ("pages"), every page as slow as a big event's."""
    settings.CACHES = {**settings.CACHES, "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "later"}}
    monkeypatch.setattr(http_cache, "LATER_SECONDS", 0)
    http_cache.shared_cache().clear()  # a memory cache outlives its test: this one's only
    http_cache.local.clear()
    http_cache.waiting.clear()
    yield
    http_cache.local.clear()
    http_cache.waiting.clear()


@pytest.fixture
def renders(monkeypatch):
    """Each render of a round page, as (the revision current when it began)."""
    seen = []
    real = data.boards

    def counted(tournament, *args, **kwargs):
        seen.append(revision.stored(tournament.slug).token)
        return real(tournament, *args, **kwargs)

    monkeypatch.setattr(data, "boards", counted)
    return seen


def key_of(url):
    return http_cache.entry_key(type("R", (), {"path": url})(), http_cache.QueryDict())


def test_after_a_change_the_first_asker_gets_the_previous_page_at_once(
        client, crewe_open, dora, django_assert_num_queries):  # noqa: F811
    url = reverse("public:round", args=[crewe_open.slug, 1])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    token = revision.stored(crewe_open.slug).token
    first = client.get(url)  # answered the previous page, then rendered the new one
    assert first.status_code == 200 and first.content == before.content
    assert first["ETag"] == before["ETag"]
    kept = http_cache.shared_cache().get(key_of(url))
    assert kept.token == token and kept.content != before.content  # for every worker
    with django_assert_num_queries(0):
        after = client.get(url)
    assert after.content == kept.content and after["ETag"] != before["ETag"]
    assert b"forfeit" in after.content and b"forfeit" not in before.content


def test_one_render_a_change_and_the_others_answer_the_previous_page_meanwhile(
        client, crewe_open, dora, renders):  # noqa: F811
    url = reverse("public:round", args=[crewe_open.slug, 1])
    before = client.get(url)
    assert len(renders) == 1
    forfeit(boards(crewe_open)[0], dora)
    token = revision.stored(crewe_open.slug).token
    shared = http_cache.shared_cache()
    assert shared.add(http_cache.render_lock(key_of(url), token), 1, 10)  # another worker
    meanwhile = [client.get(url) for _ in range(3)]
    assert all(m.content == before.content for m in meanwhile) and len(renders) == 1
    shared.delete(http_cache.render_lock(key_of(url), token))
    http_cache.waiting.clear()  # RECHECK_SECONDS later: this worker takes the lock
    stale = client.get(url)
    assert stale.content == before.content and renders == [renders[0], token]
    http_cache.local.clear()  # another worker: takes the render from the shared cache
    assert client.get(url).content != before.content and len(renders) == 2


def test_a_quick_page_is_rendered_for_the_first_asker(client, crewe_open, dora,  # noqa: F811
                                                       monkeypatch):
    monkeypatch.setattr(http_cache, "LATER_SECONDS", 60)
    url = reverse("public:round", args=[crewe_open.slug, 1])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    assert client.get(url).content != before.content


def test_a_failed_render_after_the_answer_lets_the_others_render(client, crewe_open,  # noqa: F811
                                                                 dora, monkeypatch):
    url = reverse("public:round", args=[crewe_open.slug, 1])
    before = client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    token = revision.stored(crewe_open.slug).token

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(data, "boards", broken)
    assert client.get(url).content == before.content  # answered before the render failed
    assert http_cache.shared_cache().add(http_cache.render_lock(key_of(url), token), 1, 10)


def test_a_hidden_event_is_never_answered_from_an_earlier_copy(client, dora):
    quiet = events.create_tournament(dora, name="Quietwater Cup", slug="quiet")
    entrants.import_entrants(quiet, dora, "name,club,rating\nHushby One,,1500\n"
                             "Hushby Two,,1400")
    url = reverse("public:event", args=["quiet"])
    assert b"Quietwater" in client.get(url).content
    events.set_hidden(quiet, dora, hidden=True, reason="not ready")
    assert revision.stored("quiet").withdrawn and revision.stored().withdrawn
    token = revision.stored("quiet").token
    shared = http_cache.shared_cache()
    assert shared.add(http_cache.render_lock(key_of(url), token), 1, 10)  # another worker
    for _ in range(2):  # neither while another renders nor as the one that renders
        response = client.get(url)
        assert response.status_code == 404 and b"Hushby" not in response.content
    assert shared.get(key_of(url)) is None and http_cache.local.get(key_of(url)) is None
    # A change while it is hidden: still no earlier copy, from any worker.
    entrants.import_entrants(quiet, dora, "name,club,rating\nHushby Three,,1300")
    assert revision.stored("quiet").withdrawn
    assert shared.add(http_cache.render_lock(key_of(url), revision.stored("quiet").token), 1,
                      10)
    assert client.get(url).status_code == 404
    events.set_hidden(quiet, dora, hidden=False, reason="ready")
    assert not revision.stored("quiet").withdrawn
    shown = client.get(url)
    assert shown.status_code == 200 and b"Quietwater" in shown.content


def test_an_events_list_never_shows_a_hidden_event_from_an_earlier_copy(client, dora):
    quiet = events.create_tournament(dora, name="Quietwater Cup", slug="quiet")
    entrants.import_entrants(quiet, dora, "name,club,rating\nHushby One,,1500\n"
                             "Hushby Two,,1400")
    from tournament.actions import entries

    entries.set_entries(quiet, dora, open=True)  # listed while it takes entries
    url = reverse("public:events")
    assert b"Quietwater" in client.get(url).content
    events.set_hidden(quiet, dora, hidden=True, reason="not ready")
    shared = http_cache.shared_cache()
    assert shared.add(http_cache.render_lock(key_of(url), revision.stored().token), 1, 10)
    assert b"Quietwater" not in client.get(url).content
