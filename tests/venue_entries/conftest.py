"""Events taking entries before the day (shared/spec/venue.md, "Entries before the day")."""

import pytest
from django.contrib.auth.models import User

from tournament.actions import entries, events


@pytest.fixture
def taking_event(director):
    """Summer Festival Open, a singles event whose entries are open, with no cap."""
    event = events.create_tournament(director, name="Summer Festival Open")
    entries.set_entries(event, director, open=True)
    event.refresh_from_db()
    return event


@pytest.fixture
def capped_event(director):
    """Autumn Cup, singles, entries open with a cap of 2."""
    event = events.create_tournament(director, name="Autumn Cup")
    entries.set_entries(event, director, open=True, cap=2)
    event.refresh_from_db()
    return event


@pytest.fixture
def pairs_open_event(director):
    """Pairs Gala, a pairs event taking entries."""
    event = events.create_tournament(director, name="Pairs Gala", entrants_kind="pairs")
    entries.set_entries(event, director, open=True)
    event.refresh_from_db()
    return event


@pytest.fixture
def entries_arbiter(taking_event, director):
    """arnie, an arbiter of the open event."""
    user = User.objects.create_user("arnie", password="pw-123456")
    events.add_official(taking_event, director, username="arnie")
    return user


@pytest.fixture
def other_director(db):
    """olga, the director of another event only."""
    user = User.objects.create_user("olga", password="pw-123456")
    events.create_tournament(user, name="Olga's Open")
    return user


def enter(event, name, club="", contact="ann@example.org", **more):
    """make_entry as the public makes it: (entry, code)."""
    from django.contrib.auth.models import AnonymousUser
    return entries.make_entry(event, AnonymousUser(), name=name, club=club, contact=contact,
                              **more)
