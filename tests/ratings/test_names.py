"""People's names: the ids made from them (as event addresses are made)."""

import pytest

from tournament.actions import people as actions
from tournament.actions.events import create_tournament
from tournament.models import Person

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("name", "key"), [
    ("Łukasz Żółć", "lukasz-zolc"), ("李雷", "lilei"), ("Zoë Ångström", "zoe-angstrom"),
    ("Кубок Москвы", "kubok-moskvy"), ("Naomi O’Brien", "naomi-obrien"),
])
def test_a_person_id_keeps_every_letter_as_an_event_address_does(name, key):
    assert actions.create_person(None, name=name).key == key
    # The one helper both use: an event of that name gets the same address.
    assert create_tournament(None, name=name).slug == key


def test_ids_made_from_one_name_stay_unique():
    keys = [actions.create_person(None, name="李雷").key for _ in range(3)]
    assert keys == ["lilei", "lilei-2", "lilei-3"]
    assert actions.create_person(None, name="李雷", club="Łódź").key == "lilei-lodz"
    assert actions.create_person(None, name="!!!").key == "person"  # nothing to spell
    assert Person.objects.count() == 5


# ------------------------------------------------ names folded as find-my-board folds them


def test_an_accent_variant_of_the_same_club_is_flagged_on_the_form(next_event, plain_director,
                                                                   client_for):
    from tournament.actions.entrants import add_entrant
    add_entrant(next_event, plain_director, name="Zoë Ångström", club="Leek DC")
    response = client_for(plain_director).post(f"/manage/{next_event.slug}/entrants/add/", {
        "name": "Zoe Angstrom", "club": "LEEK DC"}, follow=True)
    page = response.content.decode()
    assert ("2. Zoë Ångström has the same club and the name spelt another way: check they "
            "are not one player entered twice.") in page
    assert next_event.entrants.count() == 2  # flagged, not refused: they may be two people


def test_an_accent_variant_is_flagged_in_the_csv_preview(next_event, plain_director):
    from tournament.actions.entrants import add_entrant, read_csv
    add_entrant(next_event, plain_director, name="Zoë Ångström", club="Leek DC")
    parsed = read_csv(next_event, "name,club\nZoe Angstrom,Leek DC\nŁukasz Nowak,\n"
                      "Lukasz Nowak,\nLukasz NOWAK,Crewe\n")
    assert parsed.errors == []
    assert parsed.warnings == [
        "line 2: Zoë Ångström (already entered) has the same club and the name spelt "
        "another way: check they are not one player entered twice",
        "line 4: Łukasz Nowak (line 3) has the same club and the name spelt another way: "
        "check they are not one player entered twice",
        "line 5: Łukasz Nowak (line 3) has the club (none): check they are two people",
        "line 5: Lukasz Nowak (line 4) has the club (none): check they are two people"]


def test_suggestions_fold_names_and_clubs(next_event, plain_director):
    from tournament.actions.entrants import add_entrant
    zoe = actions.create_person(None, name="Zoë Ångström", club="Łódź DC")
    other = actions.create_person(None, name="Zoe Angstrom", club="Crewe")
    kin = actions.create_person(None, name="Ada Ångström", club="lodz dc")
    actions.create_person(None, name="Zoe Smith", club="Lodz DC")
    entrant = add_entrant(next_event, plain_director, name="ZOE ANGSTROM", club="Lodz DC")
    assert actions.suggestions(entrant, plain_director) == [zoe, other, kin]


def test_suggestions_never_reveal_people_known_only_from_hidden_events(next_event, plain_director):
    from tournament.actions.entrants import add_entrant
    from tournament.models import Official

    from .events import archive, imported
    secret = imported(archive("Secret", [("Zoë Ångström", "zoe-secret"), ("Bo", "bo")],
                              [[(1, 2, 1)]]), "secret")
    secret.hidden = True
    secret.save()
    imported(archive("Open", [("Zoë Ångström", "zoe-open"), ("Cy", "cy")], [[(1, 2, 1)]]),
             "open")
    unseen = actions.create_person(None, name="Zoe Angstrom")  # in no event yet
    entrant = add_entrant(next_event, plain_director, name="Zoe Angstrom")
    keys = [p.key for p in actions.suggestions(entrant, plain_director)]
    assert keys == [unseen.key, "zoe-open"]
    page = f"/manage/{next_event.slug}/entrants/{entrant.pk}/people/"
    from django.test import Client
    c = Client()
    c.force_login(plain_director)
    assert "zoe-secret" not in c.get(page).content.decode()
    Official.objects.create(tournament=secret, user=plain_director, role="director")
    assert "zoe-secret" in [p.key for p in actions.suggestions(entrant, plain_director)]
