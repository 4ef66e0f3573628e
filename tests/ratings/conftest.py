import pytest

from tournament.actions.events import create_tournament


@pytest.fixture
def next_event(plain_director):
    """Next, a new event with no entrants, which `plain_director` directs."""
    from tournament.models import Official
    t = create_tournament(None, name="Next", slug="next")
    Official.objects.create(tournament=t, user=plain_director, role="director")
    return t
