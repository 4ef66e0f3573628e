"""The public rating list, a person's page with its chart, and their API reads."""

import pytest
from django.urls import reverse

from tournament.models import Rating

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db

R_A = [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)]]


@pytest.fixture
def rated_spring():
    people = [("Ann <b>Lee</b>", "ann"), *FOUR[1:]]
    return imported(archive("Spring Open", people, R_A, date="2026-05-01"), "spring")


def test_the_list_ranks_people_best_first_with_club_matches_and_trend(client, rated_spring):
    page = client.get(reverse("public:ratings", args=["mso"]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Ann &lt;b&gt;Lee&lt;/b&gt;" in html and "<b>Lee</b>" not in html  # escaped
    rows = list(Rating.objects.filter(ruleset="mso").order_by("-rating"))
    positions = [html.index(reverse("public:person", args=[r.person.key])) for r in rows]
    assert positions == sorted(positions)
    assert f"{rows[0].rating:.2f}" in html
    assert "up " in html and "over the latest event" in html
    assert client.get("/ratings/").status_code == 200
    assert client.get("/ratings/chess/").status_code == 404


def test_an_empty_list_says_nobody_is_rated(client, rated_spring):
    assert "Nobody has a rated match" in client.get("/ratings/bndcc/").content.decode()


def test_a_person_page_has_the_history_the_chart_and_the_events(client, rated_spring):
    html = client.get(reverse("public:person", args=["ann"])).content.decode()
    ann = Rating.objects.get(person__key="ann")
    assert f"{ann.rating:.2f}" in html
    assert '<svg class="rating-chart"' in html and 'role="img"' in html
    assert "<title id=\"chart-mso-title\">" in html and "<desc" in html
    assert html.count('<circle class="dot"') == 3  # the start and two matches
    assert "Spring Open" in html and reverse("public:player", args=["spring", 1]) in html
    assert "Bo Park" in html and "Cy Hale" in html  # her opponents
    assert "Won" in html


def test_a_person_without_rated_matches_and_an_unknown_one(client, rated_spring):
    from tournament.models import Person
    Person.objects.create(key="ed", name="Ed Lowe")
    assert "has no rated match yet" in client.get("/people/ed/").content.decode()
    assert client.get("/people/nobody/").status_code == 404


def test_api_ratings_list_matches_the_spec_shape(client, rated_spring):
    rows = client.get("/api/v1/ratings/?ruleset=mso").json()
    assert [r["person"] for r in rows] == list(
        Rating.objects.filter(ruleset="mso").order_by("-rating").values_list(
            "person__key", flat=True))
    assert set(rows[0]) == {"person", "name", "club", "mu", "sigma", "rating", "matches"}
    assert client.get("/api/v1/ratings/?ruleset=bndcc").json() == []
    assert client.get("/api/v1/ratings/?ruleset=chess").status_code in (400, 422)


def test_api_person_has_ratings_history_and_events(client, rated_spring):
    doc = client.get("/api/v1/people/ann/").json()
    assert doc["person"] == "ann" and doc["name"] == "Ann <b>Lee</b>"
    [mso] = doc["ratings"]
    assert mso["ruleset"] == "mso" and mso["matches"] == 2
    assert [(s["event"], s["round"]) for s in mso["history"]] == [("spring", 1), ("spring", 2)]
    assert mso["history"][-1]["rating"] == pytest.approx(mso["rating"])
    assert doc["events"] == [{"event": "spring", "name": "Spring Open", "date": "2026-05-01",
                              "number": 1, "entrant": "Ann <b>Lee</b>"}]
    assert client.get("/api/v1/people/nobody/").status_code == 404
    assert client.get("/api/v1/people/bad%00id/").status_code == 404


def test_the_openapi_document_lists_the_reads(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    assert "/api/v1/ratings/" in paths and "/api/v1/people/{person}/" in paths


def test_the_event_player_page_links_to_the_person(client, rated_spring):
    html = client.get(reverse("public:player", args=["spring", 1])).content.decode()
    assert reverse("public:person", args=["ann"]) in html
    assert "Ann &lt;b&gt;Lee&lt;/b&gt;'s history and rating" in html


def test_every_list_of_rulesets_comes_from_RULESETS(client):
    """The rating lists, their page's titles and the API's choice of list are RULESETS'
    own: a ruleset added there is rated, named and offered everywhere."""
    from scoring.rulesets import RULESETS
    from tournament.api.people import RatingsQuery
    from tournament.reads import rating_lists
    from tournament.rules.names import ruleset_titles

    assert rating_lists.RULESETS_RATED == tuple(RULESETS)
    assert ruleset_titles() == {n: r.short_title for n, r in RULESETS.items()}
    schema = RatingsQuery.model_json_schema()["properties"]["ruleset"]
    assert schema["enum"] == list(RULESETS)
    page = client.get("/ratings/about/").content.decode()
    assert all(r.short_title in page for r in RULESETS.values())
