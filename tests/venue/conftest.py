"""Events for the venue's tests: the round clock, the hall display, the festival page."""

import pytest
from django.contrib.auth.models import User

from tournament.actions import entrants, events, player_keys, rounds
from tournament.models import Official


def venue_make(director, name="Venue Open", players=9, slug=None):
    t = events.create_tournament(director, name=name, **({"slug": slug} if slug else {}))
    entrants.import_entrants(t, director, "name,club,rating\n" + "\n".join(
        f"Player {i},Club,{1500 + i}" for i in range(players)))
    r1 = rounds.pair_round(t, director)
    rounds.publish_round(r1, director)
    t.refresh_from_db()
    return t


@pytest.fixture
def venue_event(plain_director):
    """A 9-player event with round 1 paired and published (four boards and a bye), run by
    `plain_director`."""
    return venue_make(plain_director)


@pytest.fixture
def venue_round(venue_event):
    return venue_event.rounds.get(number=1)


@pytest.fixture
def venue_arbiter(venue_event, plain_director):
    events.add_official(venue_event, plain_director, username="arbi", password="pw-123456",
                        role=Official.Role.ARBITER, create=True)
    return User.objects.get(username="arbi")


@pytest.fixture
def venue_stranger(db):
    """A director of another event: no right over this one."""
    user = User.objects.create_user("other", password="pw-123456")
    events.create_tournament(user, name="Other Open")
    return user


@pytest.fixture
def venue_staff(db):
    return User.objects.create_user("staffer", password="pw-123456", is_staff=True,
                                    is_superuser=True)


@pytest.fixture
def venue_player_key(venue_event, plain_director):
    return player_keys.issue_key(venue_event, plain_director, number=1)
