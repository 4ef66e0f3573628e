"""Issue 33 #7: a TRF import stored a rating of 9,999 that its own archive then refused.
A 001 line is held to an entrant's rules (rules.entrant_rules.check_entrant) as the archive
holds them: a rating above RATING_MAX, or a name that shows nothing, refuses the file with
the player and columns named, and nothing is made."""

import json

import pytest

from tournament.actions.base import ActionError
from tournament.actions.trf_import import import_trf_event
from tournament.interchange.archive import archive_json, check_archive
from tournament.models import Entrant, Tournament
from tournament.rules.entrant_rules import RATING_MAX

from .test_import_event import post

pytestmark = pytest.mark.django_db


def line(number, name, rating):
    return f"001 {number:4}      {name:<33} {rating:>4}{'':29}0.0 {number:4}\n"


def trf(*lines, name="Bounds Open"):
    return f"012 {name}\n" + "".join(lines)


def test_a_rating_above_the_archives_bound_refuses_the_file_naming_the_line(dc):
    text = trf(line(1, "Ann Lee", 1800), line(2, "Bo Park", 9999))
    response = post(dc, text, slug="bounds")
    assert response.status_code == 400
    html = response.content.decode().replace("&#x27;", "'")
    assert (f"Player 2's 001 line, rating (columns 49-52): rating 9999 is not a whole number "
            f"from 0 to {RATING_MAX}. Nothing was imported.") in html
    assert not Tournament.objects.exists() and not Entrant.objects.exists()


def test_a_rating_at_the_bound_is_imported_and_its_archive_reads_back(director):
    event = import_trf_event(trf(line(1, "Ann Lee", RATING_MAX), line(2, "Bo Park", 0)),
                             director, slug="top")
    assert list(event.entrants.order_by("number").values_list("rating", flat=True)) == [
        RATING_MAX, None]  # 0 in a TRF file is "unrated"
    check_archive(json.loads(archive_json(event)))  # the event's own archive takes it


@pytest.mark.parametrize("name, said", [
    ("\u200b\u200b", "shows nothing: it holds only invisible characters (U+200B)"),
    ("Ann \u202eLee", "contains the direction control U+202E (right-to-left override)"),
])
def test_a_name_that_hides_or_turns_refuses_the_file(director, name, said):
    with pytest.raises(ActionError) as refused:
        import_trf_event(trf(line(1, "Ann Lee", 1800), line(2, name, 1700)), director,
                         slug="hidden-name")
    assert str(refused.value).startswith(f"Player 2's 001 line, name (columns 15-47): {said}")
    assert not Tournament.objects.exists()


def test_names_are_stored_as_typed_entrants_are(director):
    event = import_trf_event(trf(line(1, "Ann   Lee", 1800), line(2, "Bo Park", 1700)),
                             director, slug="spaces")
    assert event.entrants.get(number=1).name == "Ann Lee"


def test_two_names_alike_once_spaces_collapse_are_refused(director):
    with pytest.raises(ActionError, match="Players 1 and 2 are both named 'Ann Lee'"):
        import_trf_event(trf(line(1, "Ann  Lee", 1800), line(2, "Ann Lee", 1700)), director,
                         slug="twice")
