"""One person entered twice is refused whatever the script of the capitals, on SQLite (whose
lower() and LIKE fold only A-Z) as on PostgreSQL: by the form, an edit and the CSV import."""

import pytest
from django.urls import reverse

from tournament.actions import ActionError, entrants, events

pytestmark = pytest.mark.django_db

ZOE = "Zoë Ångström"
# The same name typed otherwise: in small letters, in capitals, with each accent typed as
# a character of its own (NFD, as some keyboards and file exports send it), Å as the
# Ångström sign U+212B.
SAME_ZOE = ["zoë ångström", "ZOË ÅNGSTRÖM", "Zoe\u0308 A\u030angstro\u0308m",
            "ZOE\u0308 \u212bNGSTRO\u0308M"]
# Capitals of other scripts, and a capital whose small letter is two (ß is "ss").
OTHER_SCRIPTS = [("Σωκράτης Παππάς", "ΣΩΚΡΆΤΗΣ ΠΑΠΠΆΣ"), ("Анна Ли", "АННА ЛИ"),
                 ("Jörg Straße", "JÖRG STRASSE")]


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


@pytest.fixture
def zoe(event, director):
    entrants.add_entrant(event, director, name="Ned O'Brien-Smythe", club="Crewe",
                         rating=1500)
    return entrants.add_entrant(event, director, name=ZOE, club="Leek DC", rating=1900)


@pytest.mark.parametrize("name", SAME_ZOE)
def test_the_form_refuses_the_same_name_in_other_capitals_and_keeps_what_was_typed(
        dc, event, zoe, name):
    club = "LEEK DC" if name.isupper() else "leek dc"
    response = dc.post(url(event, "add_entrant"), {"name": name, "club": club,
                                                   "rating": "1700"})
    page = response.content.decode()
    assert response.status_code == 400
    assert f"{name} ({club}) is already entered as number 1" in page
    assert f'value="{name}"' in page and f'value="{club}"' in page and 'value="1700"' in page
    assert event.entrants.count() == 2


@pytest.mark.parametrize(("stored", "typed"), OTHER_SCRIPTS)
def test_capitals_of_every_script_are_ignored(event, director, stored, typed):
    entrants.add_entrant(event, director, name=stored, club="Linz")
    with pytest.raises(ActionError) as refused:
        entrants.add_entrant(event, director, name=typed, club="LINZ")
    assert refused.value.errors["name"] == [
        f"{typed} (LINZ) is already entered as number 1: if they are two people, give the "
        "club that tells them apart."]
    assert event.entrants.count() == 1


def test_another_club_is_another_person_and_the_warning_names_the_first(dc, event, zoe):
    response = dc.post(url(event, "add_entrant"), {"name": "ZOË ÅNGSTRÖM", "club": "Crewe"},
                       follow=True)
    page = response.content.decode()
    assert "ZOË ÅNGSTRÖM is entered as number 3" in page
    assert f"1. {ZOE} has the club Leek DC: check they are two people" in page
    assert event.entrants.count() == 3


def test_a_rename_to_an_entered_name_is_refused(dc, event, zoe):
    ned = event.entrants.get(name="Ned O'Brien-Smythe")
    response = dc.post(url(event, "entrant", ned.pk), {"name": "ZOË ÅNGSTRÖM",
                                                       "club": "LEEK DC", "reason": "typo"})
    page = response.content.decode()
    assert response.status_code == 400
    assert "ZOË ÅNGSTRÖM (LEEK DC) is already entered as number 1" in page
    assert 'value="ZOË ÅNGSTRÖM"' in page
    ned.refresh_from_db()
    assert ned.name == "Ned O'Brien-Smythe"


def test_an_entrant_may_change_the_capitals_of_its_own_name(event, director, zoe):
    renamed = entrants.edit_entrant(zoe, director, name="ZOË ÅNGSTRÖM", club="Leek DC",
                                    rating=1900, reason="as on her card")
    assert renamed.name == "ZOË ÅNGSTRÖM"


@pytest.mark.parametrize("name", SAME_ZOE)
def test_the_import_refuses_a_name_already_entered(event, director, zoe, name):
    parsed = entrants.read_csv(event, f"name,club\nAl Fox,Stoke\n{name},LEEK DC\n")
    assert parsed.errors == [f"line 3: {name} (LEEK DC) is already entered"]
    with pytest.raises(ActionError):
        entrants.import_entrants(event, director, f"name,club\n{name},LEEK DC\n")
    assert event.entrants.count() == 2


@pytest.mark.parametrize("name", SAME_ZOE)
def test_the_import_refuses_a_name_twice_in_one_file(event, director, name):
    parsed = entrants.read_csv(event, f"{ZOE},Leek DC\nAl Fox,Stoke\n{name},leek dc\n")
    assert parsed.errors == [f"line 3: {name} (leek dc) is already on line 1"]


def test_the_import_warns_of_a_namesake_of_another_club_in_any_capitals(event, director,
                                                                        zoe):
    parsed = entrants.read_csv(event, "name,club\nZOE\u0308 ÅNGSTRÖM,Crewe\n")
    assert parsed.errors == []
    assert parsed.warnings == [
        f"line 2: {ZOE} (already entered) has the club Leek DC: check they are two people"]


def test_a_pair_name_in_other_capitals_is_the_same_pair(dc, director):
    pairs = events.create_tournament(director, name="Pairs Cup", ruleset="bndcc",
                                     entrants_kind="pairs", match_target=121, sets_to_win=3)
    entrants.add_entrant(pairs, director, members=[{"name": ZOE}, {"name": "Öla Ørsted"}])
    response = dc.post(url(pairs, "add_entrant"), {"member1": "ZOË ÅNGSTRÖM",
                                                   "member2": "ÖLA ØRSTED"})
    assert response.status_code == 400
    assert ("ZOË ÅNGSTRÖM &amp; ÖLA ØRSTED is already entered as number 1: give the pair "
            "another name.") in response.content.decode()
    parsed = entrants.read_csv(pairs, ",zoë ångström,,öla ørsted,,\n")
    assert parsed.errors == ["line 1: zoë ångström & öla ørsted is already entered: give one "
                             "of the pairs another name"]
    assert pairs.entrants.count() == 1


@pytest.mark.parametrize("name", SAME_ZOE)
def test_named_finds_by_entrant_key_as_the_csv_reader_compares(event, zoe, name):
    """Entrant.objects.named() is entrant_rules.entrant_key, the one rule of "entered
    twice": by name and club, or by name alone when no club is given."""
    from tournament.rules.entrant_rules import entrant_key

    assert entrant_key(name, "LEEK DC") == entrant_key(zoe.name, zoe.club)
    assert event.entrants.named(name, "LEEK DC") == [zoe]
    assert event.entrants.named(name) == [zoe]
    assert event.entrants.named(name, "Crewe") == []
