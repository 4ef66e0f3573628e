"""The people, series and rating doors refuse unusable text (a NUL reaches PostgreSQL as a
500 otherwise): a clear refusal, nothing written. Run on PostgreSQL too."""

import pytest
from django.contrib.auth.models import Permission, User
from django.urls import reverse

from tournament.actions import series as series_actions
from tournament.models import AuditEntry, EntrantPerson, Official, Person, Series

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db

BAD = "a\x00b"


@pytest.fixture
def staff_boss():
    user = User.objects.create_user("boss", password="x", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="direct_events"))
    return User.objects.get(pk=user.pk)


def test_unusable_text_is_refused_everywhere(staff_boss, client_for, client):
    event = imported(archive("A", FOUR, [[(1, 2, 1)]]), "a")
    Official.objects.create(tournament=event, user=staff_boss, role="director")
    series_actions.create_series(staff_boss, name="Season", slug="season")
    c = client_for(staff_boss)
    before = AuditEntry.objects.count()
    entrant = event.entrants.get(number=1)
    assert c.post(reverse("director:series_list"),
                  {"name": BAD, "slug": "s2"}).status_code == 400
    assert c.post(reverse("director:series", args=["season"]),
                  {"scale": BAD}).status_code == 400
    assert c.post(reverse("director:series_add", args=["season"]),
                  {"event": BAD}).status_code == 302
    assert c.post(reverse("director:entrant_people", args=["a", entrant.pk]),
                  {"member": "0", "person": BAD}).status_code == 400
    assert c.post(reverse("director:entrant_people", args=["a", entrant.pk]),
                  {"member": BAD, "person": "+new"}).status_code == 400
    assert c.get(reverse("director:people"), {"q": BAD}).status_code == 200
    assert c.post(reverse("director:people"), {"keep": "ann", "gone": BAD,
                                               "reason": "x"}).status_code == 400
    assert c.post(reverse("director:people"), {"keep": "ann", "gone": "bo",
                                               "reason": BAD}).status_code == 400
    entry = AuditEntry.objects.create(action="merge_people", summary="x",
                                      detail={"keep": "ann", "gone": "bo", "links": []})
    before += 1
    assert c.post(reverse("director:unmerge", args=[entry.pk]),
                  {"reason": BAD}).status_code == 302
    assert c.post(reverse("director:event_date", args=["a"]), {"date": BAD}).status_code == 302
    assert client.get("/people/a%00b/").status_code == 404
    assert client.get("/series/a%00b/").status_code == 404
    assert client.get("/ratings/a%00b/").status_code == 404
    assert AuditEntry.objects.count() == before
    assert Series.objects.count() == 1 and Person.objects.count() == 4
    assert EntrantPerson.objects.filter(entrant=entrant, person__key="ann").exists()
