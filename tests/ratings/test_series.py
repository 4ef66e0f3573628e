"""Series: points by place summed per person; the director's screens; the public page."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import series as actions
from tournament.actions.base import ActionError, PermissionDenied
from tournament.models import AuditEntry, Official, Series
from tournament.standings.series_points import series_standings

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db


def test_points_by_place_shared_places_and_order():
    rows = series_standings([
        ("A", [(1, [("ann", "Ann")]), (2, [("bo", "Bo")]), (2, [("cy", "Cy")]),
               (4, [("di", "Di")])]),
        ("B", [(1, [("bo", "Bo")]), (2, [("ann", "Ann")]), (9, [("cy", "Cy")])]),
    ], [10, 8, 6, 5, 4, 3, 2, 1])
    assert [(r.name, r.points, r.rank, r.shared) for r in rows] == [
        ("Ann", 18, 1, True), ("Bo", 18, 1, True), ("Cy", 8, 3, False), ("Di", 5, 4, False)]
    assert [p.points for p in rows[2].placings] == [8, 0]  # 9th is beyond the scale


def test_scale_parsing():
    assert actions.parse_scale("10-8-6") == [10, 8, 6]
    assert actions.parse_scale("25, 18, 15") == [25, 18, 15]
    for bad in ("", "10-x", "5-8", "2000", "-".join(["1"] * 65)):
        with pytest.raises(ActionError):
            actions.parse_scale(bad)


def finished(doc, slug, director):
    event = imported(doc, slug)
    Official.objects.create(tournament=event, user=director, role="director")
    return event


def test_a_director_makes_a_series_and_the_public_sees_its_standings(director, client_for,
                                                                      client):
    a = finished(archive("Spring", FOUR, [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)]],
                         date="2026-04-01"), "spring", director)
    b = finished(archive("Summer", [FOUR[3], FOUR[1], ("Ed <i>Lowe</i>", None), FOUR[0]],
                         [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)]],
                         date="2026-07-01"), "summer", director)
    c = client_for(director)
    c.post(reverse("director:series_list"), {"name": "Season", "slug": "season",
                                             "scale": ""})
    season = Series.objects.get(slug="season")
    assert season.scale == [10, 8, 6, 5, 4, 3, 2, 1]
    for event in (a, b):
        c.post(reverse("director:series_add", args=["season"]), {"event": event.slug})
    c.post(reverse("director:series", args=["season"]), {"scale": "10-6-3-1"})
    assert AuditEntry.objects.filter(action__startswith="series_", actor=director).count() == 3
    page = client.get(reverse("public:series", args=["season"])).content.decode()
    assert "Ed &lt;i&gt;Lowe&lt;/i&gt;" in page
    assert reverse("public:person", args=["ann"]) in page  # one person across both events
    assert page.count(reverse("public:person", args=["di"])) == 1
    assert "10-6-3-1" in page


def test_only_the_maker_changes_a_series(director, client_for):
    season = actions.create_series(director, name="Season", slug="season")
    other = User.objects.create_user("other", password="x")
    with pytest.raises(PermissionDenied):
        actions.set_scale(season, other, scale="1")
    assert client_for(other).get(reverse("director:series", args=["season"])).status_code == 404
    with pytest.raises(PermissionDenied):
        actions.create_series(other, name="Mine", slug="mine")


def test_a_director_adds_only_events_they_direct(director):
    season = actions.create_series(director, name="Season", slug="season")
    event = imported(archive("Theirs", FOUR, [[(1, 2, 1)]]), "theirs")
    with pytest.raises(PermissionDenied):
        actions.add_event(season, director, tournament=event)


def test_a_series_address_is_made_from_its_name_as_an_events_is(director, client_for):
    """The web address is optional: left empty it is made from the name by the one rule
    events use (actions.events.address_from); a typed one is tidied the same way."""
    from tournament.actions.events import address_from, create_tournament

    made = actions.create_series(director, name="Łódź Fives Season 2026")
    assert made.slug == "lodz-fives-season-2026" == address_from("Łódź Fives Season 2026")
    assert create_tournament(director, name="Łódź Fives Season 2026").slug == made.slug
    assert actions.create_series(director, name="Кубок Москвы").slug == "kubok-moskvy"
    assert actions.create_series(director, name="X", slug="My Own Address").slug == \
        "my-own-address"
    c = client_for(director)
    response = c.post(reverse("director:series_list"), {"name": "Winter League",
                                                         "slug": "", "scale": ""})
    assert response.status_code == 302
    assert response["Location"] == reverse("director:series", args=["winter-league"])
    page = c.get(reverse("director:series_list")).content.decode()
    assert "left empty, it is made from the name" in page
    for name, slug, words in (("Winter League", "", "is taken"),
                              ("People", "", "one of the site"),
                              ("!!!", "", "No web address can be made"),
                              ("Y", "---", "needs letters or digits")):
        with pytest.raises(ActionError, match=words) as refused:
            actions.create_series(director, name=name, slug=slug)
        assert "slug" in refused.value.errors
    assert Series.objects.count() == 4
