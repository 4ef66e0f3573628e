"""Two events run by different people, for the cross-event (IDOR) and leak tests."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from tournament.actions import entrants, events, rounds


@pytest.fixture(autouse=True)
def _clear_security_cache():
    cache.clear()
    yield
    cache.clear()


def make_event(director, name, players=8):
    t = events.create_tournament(director, name=name)
    entrants.import_entrants(t, director, "name,club,rating\n" + "\n".join(
        f"{name} player {i},Club,{1500 + i}" for i in range(players)))
    return t


@pytest.fixture
def eve(db):
    return User.objects.create_user("eve", password="pw-123456")


@pytest.fixture
def mine(dora):
    """Dora's event, round 1 paired as a draft."""
    t = make_event(dora, "Mine Open")
    rounds.pair_round(t, dora)
    return t


@pytest.fixture
def theirs(eve):
    """Eve's event, round 1 paired as a draft."""
    t = make_event(eve, "Their Open")
    rounds.pair_round(t, eve)
    return t


