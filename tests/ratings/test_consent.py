"""Linking a player to a person already on the site needs that person's consent in
effect: staff, or a director of an event that person played in (issue: any director
could move anyone's public rating by linking or importing invented results)."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import people as actions
from tournament.actions.archive import import_tournament
from tournament.actions.base import ActionError
from tournament.actions.entrants import add_entrant, import_entrants
from tournament.actions.events import create_tournament
from tournament.models import EntrantPerson, Official, Person, Rating, Tournament

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db


def directed_by(user, **kwargs):
    event = create_tournament(None, **kwargs)
    Official.objects.create(tournament=event, user=user, role="director")
    return event


@pytest.fixture
def rated_elsewhere():
    """ann, bo, cy, di: rated from one event nobody below ran."""
    return imported(archive("A", FOUR, [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)]]), "a")


@pytest.fixture
def stranger_user():
    return User.objects.create_user("stranger", password="x")


@pytest.fixture
def own(stranger_user):
    return directed_by(stranger_user, name="Mine", slug="mine")


def ann():
    return Person.objects.get(key="ann")


def test_a_director_who_never_ran_the_person_cannot_link_them(rated_elsewhere, own, stranger_user,
                                                            client_for):
    before = Rating.objects.get(person__key="ann").rating
    entrant = add_entrant(own, stranger_user, name="Ann Lee")
    with pytest.raises(ActionError, match=r"Ann Lee \(ann\) is rated.*only staff, or a "
                       "director of an event they played in"):
        actions.link_entrant(entrant, stranger_user, person=ann())
    url = reverse("director:entrant_people", args=[own.slug, entrant.pk])
    c = client_for(stranger_user)
    page = c.get(url).content.decode()
    assert 'value="ann" required disabled' in page  # suggested, not to be chosen
    assert "ask staff to link them" in page
    response = c.post(url, {"member": 0, "person": "ann"})
    assert response.status_code == 400 and "only staff" in response.content.decode()
    assert not EntrantPerson.objects.filter(entrant=entrant).exists()
    assert Rating.objects.get(person__key="ann").rating == before


def test_staff_and_a_director_of_an_event_the_person_played_may_link(rated_elsewhere, own,
                                                                     stranger_user):
    staff = User.objects.create_user("staff", is_staff=True)
    Official.objects.create(tournament=own, user=staff, role="director")
    entrant = add_entrant(own, stranger_user, name="Ann Lee")
    actions.link_entrant(entrant, staff, person=ann())
    assert EntrantPerson.objects.get(entrant=entrant).person.key == "ann"
    actions.link_entrant(entrant, stranger_user, person=None)
    Official.objects.create(tournament=rated_elsewhere, user=stranger_user, role="director")
    actions.link_entrant(entrant, stranger_user, person=ann())  # they ran ann's games before
    assert EntrantPerson.objects.get(entrant=entrant).person.key == "ann"


def test_an_arbiter_of_the_persons_event_is_not_enough(rated_elsewhere, own, stranger_user):
    Official.objects.create(tournament=rated_elsewhere, user=stranger_user, role="arbiter")
    entrant = add_entrant(own, stranger_user, name="Ann Lee")
    with pytest.raises(ActionError, match="only staff"):
        actions.link_entrant(entrant, stranger_user, person=ann())


def test_a_person_new_to_the_site_is_free_to_link(own, stranger_user):
    fresh = actions.create_person(None, name="Ed Lowe")
    entrant = add_entrant(own, stranger_user, name="Ed Lowe")
    actions.link_entrant(entrant, stranger_user, person=fresh)
    assert actions.consent_refusals(stranger_user, [fresh], own) == {}


def test_the_csv_person_column_follows_the_same_rule(rated_elsewhere, own, stranger_user):
    with pytest.raises(ActionError) as refused:
        import_entrants(own, stranger_user, "name,person\nAnn Lee,ann\nBo Park,\n")
    assert "only staff" in refused.value.errors["file"][0]
    assert not own.entrants.exists()


def test_a_directors_archive_may_not_name_people_already_playing(rated_elsewhere, stranger_user):
    doc = archive("Fake", [("Ann Lee", "ann"), ("Me", "me")], [[(2, 1, 2)]] * 3)
    with pytest.raises(ActionError) as refused:
        import_tournament(doc, stranger_user, slug="fake")
    assert "only staff may import" in refused.value.message
    assert list(refused.value.errors) == ["/players/0/person"]
    assert not Tournament.objects.filter(slug="fake").exists()  # all or nothing
    assert not Person.objects.filter(key="me").exists()
    assert Rating.objects.get(person__key="ann").matches == 2
    # Even a director of ann's event: an archive's results are its own word.
    Official.objects.create(tournament=rated_elsewhere, user=stranger_user, role="director")
    with pytest.raises(ActionError, match="only staff may import"):
        import_tournament(doc, stranger_user, slug="fake")


def test_an_archive_links_people_it_makes_and_staff_may_link_anyone(rated_elsewhere, stranger_user):
    mine = import_tournament(archive("Own", [("Ed Lowe", "ed"), ("Fay Moss", "fay")],
                                     [[(1, 2, 1)]]), stranger_user, slug="own")
    assert set(EntrantPerson.objects.filter(entrant__tournament=mine)
               .values_list("person__key", flat=True)) == {"ed", "fay"}
    staff = User.objects.create_user("staff", is_staff=True)
    import_tournament(archive("Old", [("Ann Lee", "ann"), ("Ed Lowe", "ed")], [[(1, 2, 1)]]),
                      staff, slug="old")
    assert Rating.objects.get(person__key="ann").matches == 3


def test_a_person_known_only_from_a_hidden_event_is_not_even_named(own, stranger_user,
                                                                  client_for):
    secret = imported(archive("Secret", [("Zed Quill", "zed"), ("Bo", "bo")],
                              [[(1, 2, 1)]]), "secret")
    secret.hidden = True
    secret.save()
    entrant = add_entrant(own, stranger_user, name="Zed Quill")
    url = reverse("director:entrant_people", args=[own.slug, entrant.pk])
    response = client_for(stranger_user).post(url, {"member": 0, "person": "zed"})
    page = response.content.decode()
    assert response.status_code == 400 and "Choose one of the people listed" in page
    assert "zed" not in page.replace("Zed Quill", "")
    with pytest.raises(ActionError) as refused:
        import_entrants(own, stranger_user, "name,person\nAl Fox,zed\n")
    assert refused.value.errors["file"] == [
        "no person has the id 'zed': leave the cell empty, or add the person first"]
