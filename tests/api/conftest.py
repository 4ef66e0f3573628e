import io
import json

import pytest
from django.core.management import call_command
from django.test import Client

from tournament.actions import entrants, events, rounds
from tournament.models import Match

FORMAT = "fives-and-threes-match/1"


def score_record(*scores, **extra):
    """A score-depth record, e.g. score_record([61, 40], [61, 30]); seat 0 is players[0]."""
    return {"format": FORMAT, "ruleset": "mso", "sets": [{"score": list(s)} for s in scores],
            **extra}


def token_for(username, slug) -> str:
    out = io.StringIO()
    call_command("arbiter_token", username, tournament=slug, stdout=out, stderr=io.StringIO())
    return out.getvalue().strip()


class Api:
    """The test client speaking JSON, with an optional token."""

    def __init__(self, key=None):
        self.client = Client()
        self.key = key

    def headers(self):
        return {"Authorization": f"Token {self.key}"} if self.key else {}

    def get(self, url):
        return self.client.get(url, headers=self.headers())

    def put(self, url, body, raw=False):
        data = body if raw else json.dumps(body)
        return self.client.put(url, data, content_type="application/json",
                               headers=self.headers())

    def post(self, url, body, raw=False):
        data = body if raw else json.dumps(body)
        return self.client.post(url, data, content_type="application/json",
                                headers=self.headers())

    def submit(self, match, version=None, record=None, **extra):
        body = {"version": match.version if version is None else version,
                "record": record if record is not None else score_record([61, 40], [61, 30]),
                **extra}
        return self.put(f"/api/v1/matches/{match.pk}/result/", body)

    def confirm(self, match, version):
        return self.post(f"/api/v1/matches/{match.pk}/confirm/", {"version": version})


def make_event(director, name="Api Open", players=9):
    t = events.create_tournament(director, name=name)
    entrants.import_entrants(t, director, "name,club,rating\n" + "\n".join(
        f"Player {i},Club,{1500 + i}" for i in range(players)))
    return t



@pytest.fixture
def published_event(plain_director):
    """A 9-player event with round 1 paired and published (four boards and a bye)."""
    t = make_event(plain_director)
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    t.refresh_from_db()
    return t


@pytest.fixture
def published_board(published_event):
    return Match.objects.filter(round__tournament=published_event).exclude(side1=None).order_by(
        "board").first()


@pytest.fixture
def arbiter_api(published_event):
    return Api(token_for("arb1", published_event.slug))


@pytest.fixture
def arbiter2(published_event):
    return Api(token_for("arb2", published_event.slug))


@pytest.fixture
def outsider(plain_director):
    """An arbiter of another event: a valid token, but no power over this one."""
    other = make_event(plain_director, name="Other Open", players=4)
    return Api(token_for("stranger", other.slug))


@pytest.fixture
def anon():
    return Api()
