import io
import json

import pytest
from django.core.management import call_command
from django.test import Client

from tests.api.conftest import make_event, score_record, token_for  # noqa: F401
from tournament.actions import events, rounds
from tournament.models import Match


def key_for(accepting_event, number, member=None) -> str:
    out = io.StringIO()
    args = [accepting_event.slug, str(number)] + (["--member", str(member)] if member else [])
    call_command("player_key", *args, stdout=out)
    return out.getvalue().strip()


class PlayerApi:
    """The test client speaking JSON with a player key (or an arbiter's token)."""

    def __init__(self, key=None, scheme="Player"):
        self.client = Client()
        self.key, self.scheme = key, scheme

    def headers(self):
        return {"Authorization": f"{self.scheme} {self.key}"} if self.key else {}

    def get(self, url):
        return self.client.get(url, headers=self.headers())

    def send(self, method, url, body):
        return getattr(self.client, method)(url, json.dumps(body),
                                            content_type="application/json",
                                            headers=self.headers())

    def enter(self, match, version=None, record=None):
        return self.send("put", f"/api/v1/matches/{match.pk}/result/", {
            "version": match.version if version is None else version,
            "record": record or score_record([61, 40], [61, 30])})

    def accept(self, match, version):
        return self.send("post", f"/api/v1/matches/{match.pk}/accept/", {"version": version})

    def dispute(self, match, version, reason="We scored 61-50 in set 2"):
        return self.send("post", f"/api/v1/matches/{match.pk}/dispute/",
                         {"version": version, "reason": reason})


def players_event(director, policy="players_accept", name="Table Open"):
    t = make_event(director, name=name)
    events.update_settings(t, director, entry_policy=policy, reason="players enter")
    r1 = rounds.pair_round(t, director)
    rounds.publish_round(r1, director)
    t.refresh_from_db()
    return t


@pytest.fixture
def accepting_event(plain_director):
    """Players enter and the opponent's acceptance counts; round 1 published."""
    return players_event(plain_director)


@pytest.fixture
def board(accepting_event):
    return Match.objects.filter(round__tournament=accepting_event).exclude(side1=None).order_by(
        "board").select_related("side0", "side1").first()


@pytest.fixture
def side0(accepting_event, board):
    return PlayerApi(key_for(accepting_event, board.side0.number))


@pytest.fixture
def side1(accepting_event, board):
    return PlayerApi(key_for(accepting_event, board.side1.number))


@pytest.fixture
def stranger(accepting_event, board):
    """A player of the same event, on another board."""
    other = (Match.objects.filter(round__tournament=accepting_event).exclude(side1=None)
             .exclude(pk=board.pk).select_related("side0").first())
    return PlayerApi(key_for(accepting_event, other.side0.number))
