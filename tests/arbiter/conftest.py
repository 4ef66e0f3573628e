import pytest
from django.contrib.auth.models import User

from tournament.actions import events
from tournament.models import Entrant, Match, Official, Round

EVIL = '<script>alert("x")</script> & Co'


@pytest.fixture
def people(db):
    # No passwords: tests sign in with force_login, and hashing is slow.
    return {name: User.objects.create(username=name)
            for name in ("dir", "arb", "arb2", "stranger", "nobody")}


@pytest.fixture
def round1(people):
    """An event's published round 1 as a dict: "t" the event, "round", "match" (board 1
    Ann v Bo), "bye" (board 2), "ann", "bo", and "other" (another director's event)."""
    t = events.create_tournament(people["dir"], name="Spring Open")
    Official.objects.create(tournament=t, user=people["arb"], role=Official.Role.ARBITER)
    Official.objects.create(tournament=t, user=people["arb2"], role=Official.Role.ARBITER)
    ann = Entrant.objects.create(tournament=t, number=1, name="Ann Lee")
    bo = Entrant.objects.create(tournament=t, number=2, name=EVIL)
    cy = Entrant.objects.create(tournament=t, number=3, name="Cy Dunn")
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    Match.objects.create(round=r1, board=1, side0=ann, side1=bo)
    Match.objects.create(round=r1, board=2, side0=cy, side1=None)
    # "stranger" runs another event, and has no power over this one
    other = events.create_tournament(people["stranger"], name="Other Cup")
    return {"t": t, "other": other, "round": r1, "match": r1.matches.get(board=1),
            "bye": r1.matches.get(board=2), "ann": ann, "bo": bo}


def client_for(client, user):
    client.force_login(user)
    return client
