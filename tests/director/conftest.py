import pytest
from django.contrib.auth.models import User

from tournament.actions import entrants, events


@pytest.fixture
def dc(director, client_for):
    return client_for(director)


@pytest.fixture
def event(director):
    """A new event, Spring Open, with no entrants: the one conftest fixture left named
    `event` (tests/api has published_event, tests/table accepting_event, tests/public
    singles_event)."""
    return events.create_tournament(director, name="Spring Open")


@pytest.fixture
def seeded(event, director):
    entrants.import_entrants(event, director, "name,club,rating\n" + "\n".join(
        f"Player {i},Club {i % 3},{1500 + i}" for i in range(1, 9)))
    return event


@pytest.fixture
def arbiter(event, director):
    user = User.objects.create_user("arnie", password="pw-123456")
    events.add_official(event, director, username="arnie")
    return user


def finish_round(round_, user):
    """Every board of a published round decided by a forfeit of the second player."""
    from tournament.actions import results

    for m in round_.matches.exclude(side1=None):
        results.submit_result(m.pk, user, version=m.version, outcome="forfeit", conceded_by=1)
