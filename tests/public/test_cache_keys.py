"""Cache keys are made only from values that exist: junk query strings get no entries."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.built_once import built_once
from tournament.demo.generate import generate_event

FRAGMENTS = ":public:standings:"


def fragment_keys() -> set[str]:
    return {k for k in cache._cache if FRAGMENTS in k}  # the test settings' LocMemCache


@pytest.fixture(scope="module")
def onetwenty_generated(django_db_setup, django_db_blocker):
    """120 players (two pages of 100), generated once for the module's tests."""
    with built_once(django_db_blocker):
        generate_event(120, slug="onetwenty", seed=3)
        yield


@pytest.fixture
def big_standings(onetwenty_generated, db):
    return reverse("public:standings", args=["onetwenty"])


def junk_variants():
    pages = [f"{'0' * i}1" for i in range(1, 40)] + ["abc", "1.0", "-1", "", "١", "²", "1e1",
                                                    " 1", "0x1", "1" * 50]
    sorts = ([f"col{i}" for i in range(150)] + ["-" * 10, "name;drop", "x" * 100, "tb_nope",
             "--name", "Name", "points ", "-rank-"] + [f"-name{i}" for i in range(150)])
    return [{"page": p} for p in pages] + [{"sort": s} for s in sorts] + [
        {"page": p, "sort": s} for p, s in zip(pages, sorts, strict=False)]


def junk_kinds():
    """One spelling of each kind in junk_variants (padded, not a number, out of range, an
    unknown column, a mangled one, both at once): each renders the whole page, and
    test_junk_page_and_sort_values_add_no_cache_entries already sends all 400 of them."""
    pages = ["01", "0" * 39 + "1", "abc", "1.0", "-1", "", "١", "²", "1e1", " 1", "0x1",
             "1" * 50]
    sorts = ["col0", "col149", "-" * 10, "name;drop", "x" * 100, "tb_nope", "--name", "Name",
             "points ", "-rank-", "-name0", "-name149"]
    return [{"page": p} for p in pages] + [{"sort": s} for s in sorts] + [
        {"page": p, "sort": s} for p, s in zip(pages, sorts, strict=True)]


def test_junk_page_and_sort_values_add_no_cache_entries(client, big_standings):
    for query in ({}, {"page": "2"}, {"sort": "name"}, {"sort": "-points", "page": "2"}):
        assert client.get(big_standings, query).status_code == 200
    known = fragment_keys()
    assert len(known) == 4
    variants = junk_variants()
    assert len(variants) >= 400
    for query in variants:
        assert client.get(big_standings, query).status_code in (200, 404), query
        assert fragment_keys() <= known, query  # (LocMemCache may cull old entries)


def test_a_page_is_normalised_to_its_number(client, big_standings):
    plain = client.get(big_standings, {"page": "2"}).content.decode()
    keys = fragment_keys()
    padded = client.get(big_standings, {"page": "0002"}).content.decode()
    assert fragment_keys() == keys
    assert padded.count('<tr class="') == plain.count('<tr class="') == 20


@pytest.mark.parametrize("page", ["0", "3", "999999", "0003"])
def test_a_page_outside_the_table_is_404_and_cached_nowhere(client, big_standings, page):
    before = fragment_keys()
    assert client.get(big_standings, {"page": page}).status_code == 404
    assert fragment_keys() == before


def test_showing_everyone_ignores_the_page(client, big_standings):
    assert client.get(big_standings, {"per_page": "all", "page": "7"}).content.decode().count(
        '<tr class="') == 120
    assert client.get(big_standings, {"per_page": "all", "page": "8"}).status_code == 200
    assert len(fragment_keys()) == 1


@pytest.mark.parametrize("view", ["public:standings", "public:round"])
def test_junk_spellings_get_no_whole_page_entry_of_their_own(client, big_standings, view):
    from tournament.public.http_cache import local

    url = reverse(view, args=["onetwenty", 1] if view == "public:round" else ["onetwenty"])
    local.clear()
    assert client.get(url).status_code == 200
    assert client.get(url, {"page": "1"}).status_code == 200
    canonical = set(local.entries)
    assert len(canonical) == 2  # no query, and page 1 as its plain number
    for query in junk_kinds():
        client.get(url, query)
    assert set(local.entries) == canonical
    # A junk spelling is still answered, from the page as the view normalised it.
    assert client.get(url, {"page": "0001"}).content == client.get(url, {"page": "1"}).content


def junk_sizes():
    return ([str(n) for n in range(1, 60)] + ["0", "-1", "abc", "²", "١٠", "10_0", " 7",
                                              "ALL", "all ", "1e3", "999999999999"])


@pytest.mark.parametrize("view", ["public:events", "public:standings", "public:crosstable",
                                  "public:round"])
def test_eighty_junk_requests_make_a_bounded_number_of_entries(client, big_standings, view):
    """Issue 21 #13: every ?per_page= value, and junk ?page=01 and ?sort= on `/`, had an
    entry of its own (80 requests, 80 Redis entries)."""
    from tournament.public.http_cache import local

    args = {"public:events": [], "public:round": ["onetwenty", 1]}.get(view, ["onetwenty"])
    url = reverse(view, args=args)
    local.clear()
    cache.clear()
    assert client.get(url).status_code == 200
    queries = ([{"per_page": v} for v in junk_sizes()]
               + [{"page": f"{'0' * i}1"} for i in range(1, 8)]
               + [{"sort": f"nope{i}"} for i in range(8)])
    assert len(queries) >= 80
    for query in queries:
        assert client.get(url, query).status_code in (200, 404), query
    # The plain page, and at most the "everyone on one page" spelling.
    assert len(local.entries) <= 2, sorted(local.entries)
    assert len(fragment_keys()) <= 2


def test_a_typed_page_size_is_not_obeyed(client, big_standings):
    """?per_page=7 showed 7 rows, and its fragment could be kept under the plain key."""
    shown = client.get(reverse("public:standings", args=["onetwenty"]), {"per_page": "7"})
    assert shown.content.decode().count('<tr class="') == 100
