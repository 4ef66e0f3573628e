"""Linking entrants to people (director), CSV person ids, seeding, merging (staff)."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import merges
from tournament.actions import people as actions
from tournament.actions.base import ActionError, PermissionDenied
from tournament.actions.entrants import add_entrant, import_entrants
from tournament.actions.events import create_tournament
from tournament.models import AuditEntry, EntrantPerson, Person, Rating

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    return User.objects.create_user("staff", password="x", is_staff=True)


@pytest.fixture
def rated(plain_director):
    """ann, bo, cy, di with ratings from one event, which `director` ran (so may link
    them again: actions.people.consent_refusals)."""
    from tournament.models import Official
    a = imported(archive("A", FOUR, [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)]]), "a")
    Official.objects.create(tournament=a, user=plain_director, role="director")
    return a


def test_suggestions_offer_namesakes_but_link_nobody(rated, next_event, plain_director):
    Person.objects.create(key="ann-lee-leek", name="Ann Lee", club="Leek DC")
    entrant = add_entrant(next_event, plain_director, name="Ann Lee", club="Leek DC")
    assert [p.key for p in actions.suggestions(entrant, plain_director)] == ["ann-lee-leek", "ann"]
    assert not EntrantPerson.objects.filter(entrant=entrant).exists()  # never silently


def test_the_director_links_and_unlinks_on_the_entrant_people_page(rated, next_event,
                                                                   plain_director,
                                                                     client_for):
    entrant = add_entrant(next_event, plain_director, name="Ann Lee")
    c = client_for(plain_director)
    url = reverse("director:entrant_people", args=[next_event.slug, entrant.pk])
    page = c.get(url).content.decode()
    assert 'value="ann"' in page and "rated " in page
    c.post(url, {"member": 0, "person": "ann"})
    assert EntrantPerson.objects.get(entrant=entrant).person.key == "ann"
    assert AuditEntry.objects.filter(action="link_person", actor=plain_director).exists()
    c.post(url, {"member": 0, "person": "+none"})
    assert not EntrantPerson.objects.filter(entrant=entrant).exists()
    c.post(url, {"member": 0, "person": "+new"})
    made = EntrantPerson.objects.get(entrant=entrant).person
    assert made.key == "ann-lee" and made.name == "Ann Lee"
    assert c.post(url, {"member": 0, "person": "nobody"}).status_code == 400


def test_another_director_cannot_link(rated, next_event, client_for):
    entrant = add_entrant(next_event, None, name="Ann Lee")
    other = User.objects.create_user("other", password="x")
    url = reverse("director:entrant_people", args=[next_event.slug, entrant.pk])
    assert client_for(other).post(url, {"member": 0, "person": "ann"}).status_code == 404
    assert not EntrantPerson.objects.filter(entrant=entrant).exists()


def test_one_person_plays_once_in_an_event(rated, next_event, plain_director):
    first = add_entrant(next_event, plain_director, name="Ann Lee")
    second = add_entrant(next_event, plain_director, name="Ann Lee", club="Elsewhere")
    ann = Person.objects.get(key="ann")
    actions.link_entrant(first, plain_director, person=ann)
    with pytest.raises(ActionError, match="already plays"):
        actions.link_entrant(second, plain_director, person=ann)


def test_csv_person_column_links_and_unknown_ids_refuse_the_list(rated, next_event, plain_director):
    with pytest.raises(ActionError) as exc:
        import_entrants(next_event, plain_director,
                        "name,club,person\nAnn Lee,,ann\nZed,,zed-who\n")
    assert "zed-who" in str(exc.value.errors)
    assert not next_event.entrants.exists()
    with pytest.raises(ActionError) as exc:
        import_entrants(next_event, plain_director, "name,person\nAnn Lee,Ann Lee\n")
    assert "not a person id" in str(exc.value.errors)
    created = import_entrants(next_event, plain_director,
                              "name,club,person\nAnn Lee,,ann\nBo Park,,\n")
    links = dict(EntrantPerson.objects.values_list("entrant__name", "person__key")
                 .filter(entrant__tournament=next_event))
    assert links == {"Ann Lee": "ann"} and len(created) == 2


def test_csv_pairs_columns(rated, plain_director):
    from tournament.models import Official
    t = create_tournament(None, name="Pairs", slug="pairs")
    t.entrants_kind = "pairs"
    t.save()
    Official.objects.create(tournament=t, user=plain_director, role="director")
    import_entrants(t, plain_director, "member1,member2,person1,person2\nAnn Lee,Bo Park,ann,bo\n")
    assert list(EntrantPerson.objects.filter(entrant__tournament=t).order_by("member")
                .values_list("member", "person__key")) == [(0, "ann"), (1, "bo")]


def test_seeding_takes_the_rating_in_order_and_stays_changeable(rated, next_event, plain_director,
                                                                   client_for):
    ann_e = add_entrant(next_event, plain_director, name="Ann Lee")
    bo_e = add_entrant(next_event, plain_director, name="Bo Park", rating=1500)
    new_e = add_entrant(next_event, plain_director, name="Newcomer", rating=900)
    actions.link_entrant(ann_e, plain_director, person=Person.objects.get(key="ann"))
    actions.link_entrant(bo_e, plain_director, person=Person.objects.get(key="bo"))
    client_for(plain_director).post(reverse("director:seed_ratings", args=[next_event.slug]))
    ann, bo = (Rating.objects.get(person__key=k, ruleset="mso") for k in ("ann", "bo"))
    for e, r in ((ann_e, ann), (bo_e, bo)):
        e.refresh_from_db()
        assert e.rating == round(1500 + 50 * r.rating)
    new_e.refresh_from_db()
    assert new_e.rating == 900  # not linked: as it was
    entry = AuditEntry.objects.get(action="seed_from_ratings")
    assert entry.detail["before"][str(bo_e.number)] == 1500
    assert entry.summary == "Took the pairing ratings of 2 entrants from the mso rating list"


def test_pairing_rating_mapping():
    from tournament.rules.entrant_rules import pairing_rating
    assert pairing_rating([0.0]) == 1500
    assert pairing_rating([12.34]) == 2117
    assert pairing_rating([10.0, 20.0]) == 2250
    assert pairing_rating([99.0]) == 4000


def test_negative_ratings_keep_their_order_when_seeded():
    """Below 0 after a bad start is still an order: no two players tie at 0."""
    from tournament.rules.entrant_rules import RATING_MAX, RATING_MIN, pairing_rating
    ratings = [-30.0, -7.5, -3.2, -0.5, 0.0, 0.4, 12.34, 25.0, 38.0, 50.0]
    seeded = [pairing_rating([r]) for r in ratings]
    assert seeded == sorted(set(seeded)), seeded  # strictly increasing
    assert all(RATING_MIN <= s <= RATING_MAX for s in seeded)
    assert pairing_rating([-3.0]) == 1350 and pairing_rating([-4.0]) == 1300


def test_staff_merge_moves_links_rebuilds_and_unmerge_restores(rated, staff, client_for):
    # A second record of ann, from another event, counted separately until merged.
    imported(archive("B", [("Ann Lee", "ann-2"), ("Ed Lowe", "ed")], [[(1, 2, 1)]]), "b")
    before = Rating.objects.get(person__key="ann").matches
    c = client_for(staff)
    c.post(reverse("director:people"), {"keep": "ann", "gone": "ann-2", "reason": "same"})
    assert Rating.objects.get(person__key="ann").matches == before + 1
    assert not Rating.objects.filter(person__key="ann-2").exists()
    assert c.get("/people/ann-2/").url == "/people/ann/"
    entry = AuditEntry.objects.get(action="merge_people")
    assert entry.actor == staff
    c.post(reverse("director:unmerge", args=[entry.pk]), {"reason": "two Anns after all"})
    assert Rating.objects.get(person__key="ann").matches == before
    assert Rating.objects.get(person__key="ann-2").matches == 1
    assert Person.objects.get(key="ann-2").merged_into is None
    with pytest.raises(ActionError, match="already undone"):
        merges.unmerge_people(staff, entry_id=entry.pk, reason="again")


def test_merge_refuses_two_people_of_one_event_and_non_staff(rated, plain_director, client_for):
    with pytest.raises(ActionError, match="two people"):
        merges.merge_people(User.objects.create_user("s", is_staff=True),
                             keep=Person.objects.get(key="ann"),
                             gone=Person.objects.get(key="bo"), reason="x")
    with pytest.raises(PermissionDenied):
        merges.merge_people(plain_director, keep=Person.objects.get(key="ann"),
                             gone=Person.objects.get(key="bo"), reason="x")
    assert client_for(plain_director).get(reverse("director:people")).status_code == 302


def test_the_event_date_reorders_the_list(plain_director, client_for):
    from tournament.models import Official, RatingStep
    a = imported(archive("A", FOUR, [[(1, 2, 1)]], date="2026-05-01"), "a")
    b = imported(archive("B", FOUR, [[(1, 2, 2)]], date="2026-06-01"), "b")
    Official.objects.create(tournament=b, user=plain_director, role="director")
    c = client_for(plain_director)
    c.post(reverse("director:event_date", args=["b"]), {"date": "2026-04-01"})
    b.refresh_from_db()
    assert b.date.isoformat() == "2026-04-01"
    order = list(RatingStep.objects.filter(person__key="ann").order_by("seq")
                 .values_list("match__round__tournament__slug", flat=True))
    assert order == ["b", "a"]
    assert AuditEntry.objects.filter(action="set_event_date", tournament=b).exists()
    assert c.post(reverse("director:event_date", args=["b"]), {"date": "soon"}).status_code == 302
    b.refresh_from_db()
    assert b.date.isoformat() == "2026-04-01"
    assert client_for(plain_director).post(reverse("director:event_date", args=["a"]),
                                     {"date": ""}).status_code == 404
    a.refresh_from_db()
    assert a.date.isoformat() == "2026-05-01"


def test_linking_an_entrant_who_has_played_rebuilds_and_one_who_has_not_does_not(
        rated, next_event, plain_director, monkeypatch):
    from tournament.reads import rating_lists
    calls = []
    real = rating_lists.rebuild
    monkeypatch.setattr(rating_lists, "rebuild", lambda r: calls.append(r) or real(r))
    fresh = add_entrant(next_event, plain_director, name="Ann Lee")
    actions.link_entrant(fresh, plain_director, person=Person.objects.get(key="ann"))
    assert calls == []  # no match yet: nothing to rate
    bo = rated.entrants.get(number=2)
    actions.link_entrant(bo, None, person=None)  # None: the command line's operator
    assert calls == ["mso"]
    assert not Rating.objects.filter(person__key="bo").exists()
    assert Rating.objects.get(person__key="ann").matches == 1  # only her win over Cy
