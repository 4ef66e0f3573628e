"""The archive carries the entries settings where they are not the default (closed) and
brings them back; the entries themselves, and their contacts, stay on the site."""

import json
from datetime import UTC, datetime

import pytest

from tournament.actions import entries
from tournament.actions.archive import import_tournament
from tournament.actions.base import ActionError
from tournament.interchange.archive import archive_json, export_tournament

from .conftest import enter

pytestmark = pytest.mark.django_db


def test_closed_is_the_default_and_not_written(taking_event, director):
    entries.set_entries(taking_event, director, open=False)
    taking_event.refresh_from_db()
    assert "entries" not in export_tournament(taking_event)


def test_the_settings_go_out_and_come_back(taking_event, director):
    entries.set_entries(taking_event, director, open=True, cap=40,
                        closes_at=datetime(2027, 5, 1, 17, 0, tzinfo=UTC))
    entry, _ = enter(taking_event, "Ann Lee", contact="ann.secret@example.org")
    entries.accept_entry(entry, director)
    taking_event.refresh_from_db()
    doc = export_tournament(taking_event)
    assert doc["entries"] == {"open": True, "closes_at": "2027-05-01T17:00:00+00:00",
                              "cap": 40}
    assert "ann.secret" not in archive_json(taking_event)
    copy = import_tournament(json.loads(json.dumps(doc)), director, slug="copy")
    assert (copy.entries_open, copy.entries_cap) == (True, 40)
    assert export_tournament(copy) == doc
    assert not copy.entries.exists()  # the entries stay on their site
    assert copy.entrants.get().name == "Ann Lee"


@pytest.mark.parametrize(("entries_doc", "path"), [
    ("open", "/entries"),
    ({"open": "yes"}, "/entries/open"),
    ({"open": True, "cap": 0}, "/entries/cap"),
    ({"open": True, "cap": True}, "/entries/cap"),
    ({"closes_at": "2027-05-01 18:00"}, "/entries/closes_at"),
    ({"closes_at": "tomorrow"}, "/entries/closes_at"),
    ({"open": True, "contact": "x"}, "/entries"),
])
def test_bad_entries_settings_are_refused_at_their_path(taking_event, director, entries_doc,
                                                         path):
    doc = export_tournament(taking_event)
    doc["entries"] = entries_doc
    with pytest.raises(ActionError) as refused:
        import_tournament(doc, director, slug="bad")
    assert path in refused.value.errors


def test_a_cap_below_the_players_is_refused(taking_event, director):
    for name in ("Ann", "Bo"):
        entries.accept_entry(enter(taking_event, name)[0], director)
    doc = export_tournament(taking_event)
    doc["entries"] = {"open": False, "cap": 1}
    with pytest.raises(ActionError) as refused:
        import_tournament(doc, director, slug="bad")
    assert "/entries/cap" in refused.value.errors
