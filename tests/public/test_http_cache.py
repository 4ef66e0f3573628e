"""Whole public answers cached by the event's revision (tournament/public/http_cache.py)."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournament.actions import entrants, events, results, rounds
from tournament.models import Match
from tournament.public import http_cache
from tournament.web import revision

pytestmark = pytest.mark.django_db

PUBLIC = "public, no-cache"  # browsers revalidate; the caches in front keep it 5 s


@pytest.fixture
def crewe_open(dora):
    """Four players, round 1 published; results count once entered."""
    t = events.create_tournament(dora, name="Crewe Open", slug="crewe",
                                require_confirmation=False)
    entrants.import_entrants(t, dora, "name,club,rating\nAnn Lee,Leek,1500\n"
                             "Bo Park,Bath,1400\nCy Hale,,1300\nDi Fox,,1200")
    rounds.publish_round(rounds.pair_round(t, dora), dora)
    return t


def boards(event):
    return list(Match.objects.filter(round__tournament=event).order_by("board"))


def forfeit(match, user):
    return results.submit_result(match.pk, user, version=match.version, outcome="forfeit",
                                 conceded_by=1)


def test_a_hit_makes_no_query_and_carries_validators(client, crewe_open,
                                                     django_assert_num_queries):
    url = reverse("public:standings", args=["crewe"])
    first = client.get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = client.get(url)
    assert again.content == first.content
    assert again["ETag"] == first["ETag"] and again["ETag"].startswith('"')
    assert again["Last-Modified"] == first["Last-Modified"]
    assert again["Cache-Control"] == PUBLIC
    assert again["Vary"] == "Cookie"
    assert again["Content-Type"] == "text/html; charset=utf-8"


def test_caches_in_front_keep_a_page_seconds_while_browsers_revalidate(client, crewe_open):
    """A browser holding a page must not show it once a result changed it: it revalidates
    (a 304 costs nothing). A CDN (RFC 9213) and nginx keep it a few seconds."""
    response = client.get(reverse("public:round", args=["crewe", 1]))
    assert response["Cache-Control"] == "public, no-cache"
    assert response["CDN-Cache-Control"] == "public, max-age=5, stale-while-revalidate=30"
    assert response["X-Accel-Expires"] == "5"
    same = client.get(reverse("public:round", args=["crewe", 1]),
                      HTTP_IF_NONE_MATCH=response["ETag"])
    assert same.status_code == 304 and same["Cache-Control"] == "public, no-cache"


@pytest.mark.parametrize("name, args", [
    ("events", []), ("event", ["crewe"]), ("round", ["crewe", 1]),
    ("round_csv", ["crewe", 1]), ("standings_csv", ["crewe"]), ("crosstable", ["crewe"]),
    ("crosstable_csv", ["crewe"]), ("entrants_csv", ["crewe"]),
    ("player", ["crewe", 1]),
])
def test_every_public_page_is_cached(client, crewe_open, name, args, django_assert_num_queries):
    url = reverse(f"public:{name}", args=args)
    first = client.get(url)
    with django_assert_num_queries(0):
        again = client.get(url)
    assert (again.status_code, again.content) == (200, first.content)
    assert again["Cache-Control"] == PUBLIC
    if name.endswith("csv"):
        assert again["Content-Disposition"] == first["Content-Disposition"]


def test_a_change_is_visible_at_once(client, crewe_open, dora):
    url = reverse("public:round", args=["crewe", 1])
    table = "/api/v1/tournaments/crewe/standings/"
    before, points_before = client.get(url), client.get(table).json()
    assert "forfeit" not in before.content.decode().lower()
    assert [row["points"] for row in points_before] == [0, 0, 0, 0]
    forfeit(boards(crewe_open)[0], dora)  # counts at once: no confirmation asked
    after = client.get(url)
    assert after.content != before.content
    assert "forfeit" in after.content.decode().lower()
    assert after["ETag"] != before["ETag"]
    assert [row["points"] for row in client.get(table).json()] == [1, 0, 0, 0]


def test_conditional_requests_get_304(client, crewe_open, dora, django_assert_num_queries):
    url = reverse("public:standings", args=["crewe"])
    first = client.get(url)
    with django_assert_num_queries(0):
        unchanged = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == first["ETag"] and unchanged["Cache-Control"] == PUBLIC
    since = client.get(url, headers={"If-Modified-Since": first["Last-Modified"]})
    assert since.status_code == 304
    forfeit(boards(crewe_open)[0], dora)
    changed = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_a_304_also_when_the_entry_was_evicted(client, crewe_open):
    url = reverse("public:event", args=["crewe"])
    first = client.get(url)
    cache.clear()  # entries and revisions gone: the page is rendered again, same bytes
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert client.get(url).content == first.content


def test_correct_when_the_cache_is_empty_after_a_change(client, crewe_open, dora):
    url = reverse("public:round", args=["crewe", 1])
    client.get(url)
    forfeit(boards(crewe_open)[0], dora)
    cache.clear()
    assert "forfeit" in client.get(url).content.decode().lower()


def test_an_official_never_gets_the_shared_page(client, client_for, crewe_open, dora,
                                                django_assert_max_num_queries):
    url = reverse("public:standings", args=["crewe"])
    anonymous = client.get(url)
    assert "Sign out" not in anonymous.content.decode()
    signed_in = client_for(dora).get(url)
    assert "Sign out dora" in signed_in.content.decode()
    assert "private" in signed_in["Cache-Control"] and "no-store" in signed_in["Cache-Control"]
    assert "public" not in signed_in["Cache-Control"]
    assert "Cookie" in signed_in["Vary"]
    # ...and what the official saw is never served to anyone else.
    again = client.get(url)
    assert "Sign out" not in again.content.decode()
    assert again.content == anonymous.content


def test_the_officials_page_is_not_stored_for_the_public(client, client_for, crewe_open, dora):
    url = reverse("public:event", args=["crewe"])
    client_for(dora).get(url)  # rendered first for the official
    html = client.get(url).content.decode()
    assert "Sign out" not in html and "csrfmiddlewaretoken" not in html


def test_a_stale_session_cookie_is_served_as_the_public(client, crewe_open,
                                                        django_assert_max_num_queries):
    url = reverse("public:event", args=["crewe"])
    public = client.get(url)
    client.cookies["sessionid"] = "no-such-session"
    with django_assert_max_num_queries(1):  # the session's lookup only
        again = client.get(url)
    assert again.content == public.content and again["Cache-Control"] == PUBLIC


def test_only_the_parameters_a_page_reads_make_an_entry(client, crewe_open,
                                                        django_assert_num_queries):
    url = reverse("public:standings", args=["crewe"])
    first = client.get(url, {"after_round": "1"})
    with django_assert_num_queries(0):
        again = client.get(url, {"after_round": "1", "utm_source": "x", "junk": "y"})
    assert again.content == first.content
    junk = client.get(url, {"sort": "x" * 41})  # rendered, never stored
    assert junk.status_code == 200 and "no-store" in junk["Cache-Control"]


def test_errors_are_not_cached(client, crewe_open):
    url = reverse("public:standings", args=["crewe"])
    bad = client.get(url, {"after_round": "9"})
    assert bad.status_code == 400 and "no-cache" in bad["Cache-Control"]
    missing = client.get(reverse("public:event", args=["nowhere"]))
    assert missing.status_code == 404 and "public" not in missing.get("Cache-Control", "")


# ---------------------------------------------------------------------- the API


def token_for(username, slug):
    out = io.StringIO()
    call_command("arbiter_token", username, tournament=slug, stdout=out, stderr=io.StringIO())
    return out.getvalue().strip()


def test_api_reads_are_cached_and_change_at_once(client, crewe_open, dora,
                                                 django_assert_num_queries):
    url = "/api/v1/tournaments/crewe/standings/"
    first = client.get(url)
    with django_assert_num_queries(0):
        again = client.get(url)
    assert again.json() == first.json() and again["Cache-Control"] == PUBLIC
    assert again["Vary"] == "Cookie, Authorization"
    forfeit(boards(crewe_open)[0], dora)
    changed = client.get(url)
    assert changed.json() != first.json() and changed["ETag"] != first["ETag"]
    assert changed.json()[0]["points"] == 1


def test_a_token_sees_the_entered_record_and_the_public_never_does(client, dora):
    t = events.create_tournament(dora, name="Leek Open", slug="leek")  # confirms results
    entrants.import_entrants(t, dora, "name\nAnn Lee\nBo Park")
    rounds.publish_round(rounds.pair_round(t, dora), dora)
    key = token_for("arnie", "leek")
    match = boards(t)[0]
    record = {"format": "fives-and-threes-match/1", "ruleset": "mso",
              "sets": [{"score": [61, 40]}, {"score": [61, 30]}]}
    arnie = User.objects.get(username="arnie")
    results.submit_result(match.pk, arnie, version=0, record=record)  # entered, unconfirmed
    url = f"/api/v1/matches/{match.pk}/"
    public = client.get(url)
    assert public.json()["record"] is None and public["Cache-Control"] == PUBLIC
    official = Client().get(url, headers={"Authorization": f"Token {key}"})
    assert official.json()["record"]["sets"][0]["score"] == [61, 40]
    assert "private" in official["Cache-Control"]
    assert client.get(url).json()["record"] is None


# ---------------------------------------------------------------------- the revision


def test_revision_is_made_when_missing_and_bumped_by_every_action(crewe_open, dora):
    cache.clear()
    made = revision.current("crewe")
    assert revision.current("crewe") == made
    entrants.add_entrant(crewe_open, dora, name="Ed Moss", club="", rating=None)
    assert revision.current("crewe") != made
    assert revision.current(revision.ALL).token == revision.current("crewe").token


def test_made_up_slugs_add_no_cache_entries(client, crewe_open):
    """500 requests for events that do not exist (pages and API reads) store no revision
    and no page: 404s, and nothing left behind to fill the cache with."""
    cache.clear()
    client.get(reverse("public:event", args=["crewe"]))  # a real one: its revision stored
    before = set(cache._cache)  # the test settings' LocMemCache (revisions live there too)
    assert before == {":1:revision:crewe"}
    paths = [f"/nope-{i}/" if i % 3 == 0 else f"/nope-{i}/standings/" if i % 3 == 1 else
             f"/api/v1/tournaments/nope-{i}/standings/" for i in range(500)]
    assert {client.get(path).status_code for path in paths} == {404}
    assert set(cache._cache) == before
    assert revision.stored("nope-1") is None
    assert not [e for e in http_cache.local.entries.values() if b"nope-" in e.content]


def test_a_page_rendered_while_the_event_changed_is_not_kept(client, crewe_open, dora,
                                                             monkeypatch):
    """Without a stored revision, the token is made before the view reads the event: if a
    change bumps it meanwhile, the page answers but is kept under neither token."""
    cache.clear()
    http_cache.local.clear()
    url = reverse("public:event", args=["crewe"])
    real = revision.adopt

    def bumped_meanwhile(slug, made):
        revision.bump(slug)
        return real(slug, made)

    monkeypatch.setattr(revision, "adopt", bumped_meanwhile)
    first = client.get(url)
    assert first.status_code == 200 and first["Cache-Control"] == PUBLIC
    monkeypatch.setattr(revision, "adopt", real)
    assert not http_cache.local.entries
    token = revision.stored("crewe").token
    client.get(url)  # now kept, under the bump's token
    assert [e.token for e in http_cache.local.entries.values()] == [token]


def test_a_refused_action_leaves_pages_correct(client, crewe_open, dora):
    url = reverse("public:round", args=["crewe", 1])
    before = client.get(url).content
    with pytest.raises(results.ActionError):
        results.submit_result(boards(crewe_open)[0].pk, dora, version=99, outcome="forfeit",
                              conceded_by=1)
    assert client.get(url).content == before


def test_a_cache_that_fails_never_fails_the_change_or_the_page(client, crewe_open, dora,
                                                               monkeypatch):
    class Broken:
        def __getattr__(self, name):
            raise ConnectionError("cache away")

    monkeypatch.setattr(revision, "store", lambda: Broken())
    forfeit(boards(crewe_open)[0], dora)  # the bump fails, the result is stored
    assert Match.objects.filter(outcome="forfeit").count() == 1
    page = client.get(reverse("public:round", args=["crewe", 1]))
    assert page.status_code == 200 and "forfeit" in page.content.decode().lower()
    assert "no-store" in page["Cache-Control"]


def test_a_shared_cache_serves_what_another_process_rendered(client, crewe_open, dora, settings,
                                                             tmp_path,
                                                             django_assert_num_queries):
    from django.core.cache import caches

    from tournament.public import http_cache

    settings.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(tmp_path / "shared")}}
    url = reverse("public:standings", args=["crewe"])
    first = client.get(url)
    http_cache.local.clear()  # as another worker would start: nothing in its memory
    with django_assert_num_queries(0):
        again = client.get(url)
    assert again.content == first.content and again["ETag"] == first["ETag"]
    forfeit(boards(crewe_open)[0], dora)
    http_cache.local.clear()
    changed = client.get(url)
    assert changed["ETag"] != first["ETag"]
    caches["default"].clear()
