"""Issue 33 #7: names could be invisible ("\u200b\u200b") or carry direction overrides.

Direction controls (bidi embeddings, overrides, isolates) are refused in all typed text
(tournament.text.clean.clean_text); a name made only of invisible characters is refused
(text.visible_name) at every door that takes a name: entrants, pair members, people,
events, series, the entrants' CSV, the archive and the TRF import (tests/director/
test_import_bounds.py)."""

import json

import pytest
from django.urls import reverse

from tournament.actions import ActionError, entrants, events, people, series
from tournament.interchange.archive import ArchiveError, archive_json, check_archive
from tournament.models import AuditEntry, Entrant, Person, Series, Tournament
from tournament.text.clean import TextError, clean_text, visible_name

from .test_text_doors import boss, door_open, form_posts  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db

DIRECTION = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
             "\u2066", "\u2067", "\u2068", "\u2069"]
INVISIBLE = ["\u200b\u200b", "\u200d", "\ufeff", "\u2060\u200c", "\u3164", "\u115f",
             "\u2800", "\u200b \u200b", "\u034f", "\ufe0f"]


@pytest.mark.parametrize("char", DIRECTION)
def test_clean_text_refuses_every_direction_control(char):
    with pytest.raises(TextError, match=f"the direction control U\\+{ord(char):04X}"):
        clean_text(f"Ann{char}Lee", "name")


def test_right_to_left_text_and_its_marks_are_kept():
    for text in ("\u05d0\u05e0\u05d4 \u05dc\u05d9", "Ann\u200fLee", "\u0645\u0631\u064a\u0645",
                 "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Zo\u0308e"):
        assert visible_name(clean_text(text, "name"), "name") == text


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_of_invisible_characters_only_is_refused(name):
    with pytest.raises(TextError, match="shows nothing: it holds only invisible characters"):
        visible_name(name, "name")


@pytest.mark.parametrize("char", ["\u202e", "\u2067"])
def test_every_director_form_refuses_direction_controls(client_for, boss, door_open,  # noqa: F811
                                                        char):
    c = client_for(boss)
    before = AuditEntry.objects.count(), Entrant.objects.count(), Tournament.objects.count()
    for url, data, field in form_posts(door_open):
        data = {k: v.replace("{}", f"a{char}b") if isinstance(v, str) else v
                for k, v in data.items()}
        response = c.post(url, data)
        assert response.status_code == 400, (url, field)
        page = response.content.decode()
        assert "direction control" in page and 'aria-invalid="true"' in page, (url, field)
    assert before == (AuditEntry.objects.count(), Entrant.objects.count(),
                      Tournament.objects.count())


@pytest.mark.parametrize("name", ["\u200b\u200b", "\u3164"])
def test_name_forms_refuse_invisible_names(client_for, boss, door_open, name):  # noqa: F811
    c = client_for(boss)
    a = door_open.entrants.first()
    before = AuditEntry.objects.count(), Entrant.objects.count(), Tournament.objects.count()
    for url, data, field in form_posts(door_open):
        if field != "name":
            continue
        data = {k: v.replace("{}", name) if isinstance(v, str) else v for k, v in data.items()}
        response = c.post(url, data)
        assert response.status_code == 400, url
        assert "shows nothing" in response.content.decode(), url
    assert before == (AuditEntry.objects.count(), Entrant.objects.count(),
                      Tournament.objects.count())
    a.refresh_from_db()
    assert a.name == "Ann Lee"


def test_every_action_that_takes_a_name_refuses_an_invisible_one(boss, door_open):  # noqa: F811
    hidden = "\u200b\u200b"
    refusals = [
        lambda: events.create_tournament(boss, name=hidden, slug="ghost"),
        lambda: events.update_settings(door_open, boss, name=hidden),
        lambda: entrants.add_entrant(door_open, boss, name=hidden),
        lambda: entrants.add_entrant(door_open, boss, name="Cy Hale", club=hidden),
        lambda: entrants.edit_entrant(door_open.entrants.first(), boss, name=hidden),
        lambda: people.create_person(boss, name=hidden),
        lambda: series.create_series(boss, name=hidden, slug="ghost-series"),
    ]
    for refuse in refusals:
        with pytest.raises(ActionError) as refused:
            refuse()
        assert "shows nothing" in str(refused.value) + str(refused.value.errors)
    assert not Person.objects.exists() and not Series.objects.exists()
    assert Tournament.objects.count() == 1 and door_open.entrants.count() == 2
    door_open.refresh_from_db()
    assert door_open.name == "Door Open"


def test_a_pair_member_of_invisible_characters_is_refused(boss):  # noqa: F811
    pairs = events.create_tournament(boss, name="Pairs Open", entrants_kind="pairs")
    with pytest.raises(ActionError) as refused:
        entrants.add_entrant(pairs, boss, members=[{"name": "Ann Lee"}, {"name": "\u2060"}])
    assert "shows nothing" in str(refused.value.errors)
    assert not pairs.entrants.exists()


def test_the_csv_names_the_line_of_an_invisible_name(boss, door_open):  # noqa: F811
    with pytest.raises(ActionError) as refused:
        entrants.import_entrants(door_open, boss, "name,club\nCy Hale,Leek\n\u200b\u200b,Leek\n")
    assert "line 3" in str(refused.value) + str(refused.value.errors)
    assert "shows nothing" in str(refused.value) + str(refused.value.errors)
    assert door_open.entrants.count() == 2


@pytest.mark.parametrize("path", ["/name", "/players/0/name"])
def test_the_archive_refuses_an_invisible_name_at_its_path(door_open, path):  # noqa: F811
    doc = json.loads(archive_json(door_open))
    if path == "/name":
        doc["name"] = "\u200b\u200b"
    else:
        doc["players"][0]["name"] = "\ufeff"
    with pytest.raises(ArchiveError) as refused:
        check_archive(doc)
    assert refused.value.path == path
    assert "holds only invisible characters" in refused.value.message


def test_the_archive_refuses_a_direction_override_anywhere(door_open):  # noqa: F811
    doc = json.loads(archive_json(door_open))
    doc["players"][1]["name"] = "Bo \u202ekraP"
    with pytest.raises(ArchiveError) as refused:
        check_archive(doc)
    assert refused.value.path == "/players/1/name"
    assert "direction control U+202E" in refused.value.message


def test_the_director_sees_why_on_the_add_form(client_for, boss, door_open):  # noqa: F811
    response = client_for(boss).post(
        reverse("director:add_entrant", args=[door_open.slug]), {"name": "\u200b\u200b"})
    assert response.status_code == 400
    assert "shows nothing: it holds only invisible characters (U+200B)" in (
        response.content.decode())
