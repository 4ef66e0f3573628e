"""Entries at the same moment, on PostgreSQL: one name sent twice at once makes one entry;
two acceptances racing for the last place under the cap leave one in and one waiting."""

import pytest
from django.contrib.auth.models import AnonymousUser, User

from tournament.actions import ActionError, entries, events
from tournament.models import Entry

from ..races import POSTGRES_MARKS, at_once

pytestmark = POSTGRES_MARKS


@pytest.fixture
def racing_event():
    user = User.objects.create_user("rd", password="pw-123456")
    event = events.create_tournament(user, name="Race Day")
    entries.set_entries(event, user, open=True, cap=1)
    event.refresh_from_db()
    return event, user


def test_one_name_sent_twice_at_once_is_one_entry(racing_event):
    event, _ = racing_event

    def send():
        return entries.make_entry(event, AnonymousUser(), name="Ann Lee", contact="x")

    answers = at_once(send, send)
    refused = [a for a in answers if isinstance(a, ActionError)]
    assert len(refused) == 1 and refused[0].status == 422
    assert Entry.objects.count() == 1


def test_two_acceptances_for_the_last_place(racing_event):
    event, director = racing_event
    ann, _ = entries.make_entry(event, AnonymousUser(), name="Ann", contact="x")
    bo, _ = entries.make_entry(event, AnonymousUser(), name="Bo", contact="x")
    answers = at_once(lambda: entries.accept_entry(ann, director),
                      lambda: entries.accept_entry(bo, director))
    assert sorted(a.status for a in answers) == ["accepted", "waiting"]
    assert event.entrants.count() == 1
