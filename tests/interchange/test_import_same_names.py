"""Imports refuse an entrant entered twice (same name and club) with our own error, as the
database's unique rule would otherwise refuse it with an IntegrityError."""

import pytest

from tournament.actions import ActionError
from tournament.actions.archive import import_tournament
from tournament.actions.trf_import import import_trf_event
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def archive(players):
    return {"format": "fives-and-threes-tournament/1", "name": "Twins", "ruleset": "mso",
            "rounds_planned": 5, "players": players, "rounds": []}


def test_an_archive_naming_one_entrant_twice_is_refused_at_its_path():
    doc = archive([{"id": 1, "name": "Ann Lee", "club": "Leek"},
                   {"id": 2, "name": "Bo Park"},
                   {"id": 3, "name": "ann lee", "club": "LEEK"}])
    with pytest.raises(ActionError) as caught:
        import_tournament(doc, None, slug="twins")
    assert str(caught.value).startswith("The archive was not imported: /players/2/name: ")
    assert "pairing numbers 1 and 3" in str(caught.value)
    assert not Tournament.objects.filter(slug="twins").exists()


def test_the_same_name_of_another_club_is_two_people():
    doc = archive([{"id": 1, "name": "Ann Lee", "club": "Leek"},
                   {"id": 2, "name": "Ann Lee", "club": "Stoke"}])
    event = import_tournament(doc, None, slug="two-anns")
    assert sorted(event.entrants.values_list("club", flat=True)) == ["Leek", "Stoke"]


def test_an_archive_rating_out_of_range_names_the_rule():
    doc = archive([{"id": 1, "name": "Ann Lee", "rating": 4001}, {"id": 2, "name": "Bo Park"}])
    with pytest.raises(ActionError) as caught:
        import_tournament(doc, None, slug="rated")
    assert "/players/0/rating: a whole number from 0 to 4000" in str(caught.value)


def player_line(number, name):
    # The fixed columns of a TRF 001 line: number 5-8, name 15-47, rating 49-52, rank 86-89.
    return f"001 {number:>4}      {name:<33} 1800{'':>29}0.0 {number:>4}"


def test_a_trf_file_with_two_players_of_one_name_is_refused_naming_both():
    text = "\n".join(["012 Twins Open", player_line(1, "Lee, Ann"), player_line(2, "Park, Bo"),
                      player_line(3, "Lee, Ann"), "XXR 5", ""])
    with pytest.raises(ActionError) as caught:
        import_trf_event(text, None, slug="twins-trf")
    assert "Players 1 and 3 are both named 'Lee, Ann'" in str(caught.value)
    assert not Tournament.objects.filter(slug="twins-trf").exists()
