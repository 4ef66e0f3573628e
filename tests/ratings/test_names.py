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
