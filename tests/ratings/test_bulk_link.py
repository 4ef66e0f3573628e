"""The bulk People page (/manage/<slug>/entrants/people/): a preview of what "link or
create for every unlinked player" would do, then one all-or-nothing action, audited."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import people as actions
from tournament.actions.base import ActionError
from tournament.actions.entrants import add_entrant
from tournament.actions.events import create_tournament
from tournament.models import AuditEntry, EntrantPerson, Official, Person

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated_with_namesake(plain_director):
    """ann, bo, cy, di, rated from an event `director` ran; "ann-x" from one they did not."""
    a = imported(archive("A", FOUR, [[(1, 2, 1), (3, 4, 3)]]), "a")
    Official.objects.create(tournament=a, user=plain_director, role="director")
    imported(archive("X", [("Ann Lee", "ann-x"), ("Ed Lowe", "ed")], [[(1, 2, 1)]]), "x")
    return a


@pytest.fixture
def next_with_entrants(plain_director, rated_with_namesake):
    t = create_tournament(None, name="Next", slug="next")
    Official.objects.create(tournament=t, user=plain_director, role="director")
    for name, club in [("Ann Lee", ""), ("BO PARK", ""), ("Bö Park", "Crewe"),
                       ("Newcomer", "Leek"), ("Cy Hale", "")]:
        add_entrant(t, plain_director, name=name, club=club)
    actions.link_entrant(t.entrants.get(name="Cy Hale"), plain_director,
                         person=Person.objects.get(key="cy"))
    return t


def url(event):
    return reverse("director:link_everyone", args=[event.slug])


def by_name(plan):
    return {row.name: row for row in plan}


def test_the_plan_links_the_one_likely_person_and_makes_the_others(next_with_entrants,
                                                                   plain_director):
    plan = by_name(actions.link_plan(next_with_entrants, plain_director))
    assert set(plan) == {"Ann Lee", "BO PARK", "Bö Park", "Newcomer"}  # Cy is linked
    assert plan["Ann Lee"].proposal.key == "ann"  # ann-x: only staff may link her
    assert [p.key for p in plan["Ann Lee"].barred] == ["ann-x"]
    assert plan["BO PARK"].proposal.key == "bo"  # same name folded, same (no) club
    # bo is proposed once; the Crewe namesake is for the director to decide.
    assert plan["Bö Park"].proposal == actions.NONE and plan["Bö Park"].choices == []
    assert plan["Newcomer"].proposal == actions.NEW


def test_the_page_previews_then_links_everyone_in_one_audited_change(next_with_entrants,
                                                                     plain_director,
                                                                     client_for):
    c = client_for(plain_director)
    page = c.get(url(next_with_entrants)).content.decode()
    assert "<strong>2</strong> linked to people on the site" in page
    assert "<strong>1</strong> new person" in page and "Also on the site: Ann Lee (ann-x)" in page
    assert 'value="ann" selected' in page and 'value="+new" selected' in page
    entrants_page = c.get(reverse("director:entrants",
                                  args=[next_with_entrants.slug])).content.decode()
    assert url(next_with_entrants) in entrants_page
    rows = {e.name: e for e in next_with_entrants.entrants.all()}
    before = AuditEntry.objects.count()
    response = c.post(url(next_with_entrants), {f"p-{rows['Ann Lee'].pk}-0": "ann",
                                   f"p-{rows['BO PARK'].pk}-0": "bo",
                                   f"p-{rows['Bö Park'].pk}-0": "+new",
                                   f"p-{rows['Newcomer'].pk}-0": "+none"}, follow=True)
    assert "Linked 2 to people on the site, made 1 new person, left 1 unlinked." in \
        response.content.decode()
    links = dict(EntrantPerson.objects.filter(entrant__tournament=next_with_entrants)
                 .values_list("entrant__name", "person__key"))
    assert links == {"Ann Lee": "ann", "BO PARK": "bo", "Bö Park": "bo-park-crewe",
                     "Cy Hale": "cy"}
    made = AuditEntry.objects.filter(tournament=next_with_entrants).order_by("-pk")[:4]
    assert [e.action for e in reversed(made)] == ["link_person", "link_person",
                                                  "create_person", "link_person"]
    assert AuditEntry.objects.count() == before + 4


def test_one_refusal_links_nobody(next_with_entrants, plain_director, client_for):
    rows = {e.name: e for e in next_with_entrants.entrants.all()}
    c = client_for(plain_director)
    # ann-x is not offered (only staff may link her): the whole form is refused.
    response = c.post(url(next_with_entrants), {f"p-{rows['Newcomer'].pk}-0": "+new",
                                   f"p-{rows['Ann Lee'].pk}-0": "ann-x"})
    assert response.status_code == 400
    assert "is not one of the people offered" in response.content.decode()
    # A person already in the event (cy) is refused by the action itself.
    with pytest.raises(ActionError, match="already plays in this event"):
        actions.link_everyone(next_with_entrants, plain_director, choices={
            (rows["Newcomer"].pk, 0): actions.NEW,
            (rows["Ann Lee"].pk, 0): Person.objects.get(key="cy")})
    # And so is a stranger's person, whatever the page was sent.
    with pytest.raises(ActionError, match="only staff"):
        actions.link_everyone(next_with_entrants, plain_director, choices={
            (rows["Ann Lee"].pk, 0): Person.objects.get(key="ann-x")})
    # A player linked meanwhile.
    response = c.post(url(next_with_entrants), {f"p-{rows['Cy Hale'].pk}-0": "+new"})
    assert response.status_code == 400 and "linked already" in response.content.decode()
    assert EntrantPerson.objects.filter(entrant__tournament=next_with_entrants).count() == 1
    assert not Person.objects.filter(name="Newcomer").exists()


def test_only_the_events_director_may_use_it(next_with_entrants, client_for):
    other = User.objects.create_user("other", password="x")
    assert client_for(other).get(url(next_with_entrants)).status_code == 404
    assert client_for(other).post(url(next_with_entrants), {}).status_code == 404


def test_pairs_members_are_listed_one_by_one(plain_director):
    pairs = create_tournament(None, name="Pairs", slug="pairs")
    pairs.entrants_kind = "pairs"
    pairs.save()
    Official.objects.create(tournament=pairs, user=plain_director, role="director")
    add_entrant(pairs, plain_director, members=[{"name": "Łukasz Żółć"}, {"name": "李雷"}])
    plan = actions.link_plan(pairs, plain_director)
    assert [(r.member, r.name, r.proposal) for r in plan] == [
        (0, "Łukasz Żółć", actions.NEW), (1, "李雷", actions.NEW)]
    done = actions.link_everyone(pairs, plain_director, choices={
        (r.entrant.pk, r.member): r.proposal for r in plan})
    assert done == {"linked": 0, "made": 2, "left": 0}
    assert sorted(EntrantPerson.objects.values_list("person__key", flat=True)) == [
        "lilei", "lukasz-zolc"]
