"""A small hand-built event whose standings are worked out by hand in the tests.

Players: 1 Ann Lee, 2 Bo Park, 3 Cy Hale, 4 <script>alert(1)</script>, 5 Di Fox.
Round 1 (closed):    B1 Ann beat Bo 2–1 (61–40, 52–61, 61–58), confirmed
                     B2 Cy wins by forfeit (the script player forfeited), confirmed
                     B3 Di bye
Round 2 (published): B1 Cy beat Ann 2–0 (61–30, 61–50), confirmed
                     B2 Di beat Bo 2–0 (61–20, 61–25), ENTERED only: must stay hidden
                     B3 script player bye
Round 3 (draft):     B1 Ann – Di, B2 Bo – Cy: invisible to the public
"""

import pytest
from django.core.cache import cache

from tournament.models import Entrant, Match, Round, SetResult, Tournament

SCRIPT = "<script>alert(1)</script>"


@pytest.fixture(autouse=True)
def _clear_public_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _renders_at_once(monkeypatch):
    """Every page is rendered for the first asker after a change, however long its last
    render took on this machine (a test must not depend on that): test_render_later.py
    sets http_cache.LATER_SECONDS for the slow pages' way."""
    from tournament.public import http_cache

    monkeypatch.setattr(http_cache, "LATER_SECONDS", float("inf"))


def board(rnd, number, side0, side1=None, *, winner=None, outcome="", status="pending",
          conceded_by=None, sets=()):
    m = Match.objects.create(round=rnd, board=number, side0=side0, side1=side1, winner=winner,
                             outcome=outcome, status=status, conceded_by=conceded_by)
    for i, (a, b) in enumerate(sets):
        SetResult.objects.create(match=m, number=i + 1, starter=i % 2, score0=a, score1=b)
    return m


@pytest.fixture
def singles_event(db):
    """Leek Open, singles, written row by row: round 1 closed, round 2 published (one
    result entered, not yet confirmed), round 3 a draft."""
    t = Tournament.objects.create(name="Leek Open", slug="leek", status="running",
                                  rounds_planned=5, require_confirmation=True)
    names = ["Ann Lee", "Bo Park", "Cy Hale", SCRIPT, "Di Fox"]
    clubs = ["Leek DC", "", "Bath Fives", "=HYPERLINK(1)", ""]
    ann, bo, cy, scr, di = (
        Entrant.objects.create(tournament=t, number=i + 1, name=n, club=c)
        for i, (n, c) in enumerate(zip(names, clubs, strict=True)))
    r1 = Round.objects.create(tournament=t, number=1, status="closed")
    board(r1, 1, ann, bo, winner=ann, outcome="played", status="confirmed",
          sets=[(61, 40), (52, 61), (61, 58)])
    board(r1, 2, cy, scr, winner=cy, outcome="forfeit", status="confirmed", conceded_by=scr)
    board(r1, 3, di, winner=di, outcome="bye", status="confirmed")
    r2 = Round.objects.create(tournament=t, number=2, status="published")
    board(r2, 1, cy, ann, winner=cy, outcome="played", status="confirmed",
          sets=[(61, 30), (61, 50)])
    board(r2, 2, di, bo, winner=di, outcome="played", status="entered",
          sets=[(61, 20), (61, 25)])
    board(r2, 3, scr, winner=scr, outcome="bye", status="confirmed")
    r3 = Round.objects.create(tournament=t, number=3, status="draft")
    board(r3, 1, ann, di)
    board(r3, 2, bo, cy)
    return t


@pytest.fixture
def pairs_event(db):
    return make_pairs_event()


def make_pairs_event():
    """A pairs event (BNDCC), built through the models: three pairs, one round closed.

    1 Lee & Park (Ann Lee, Leek DC; Bo Park), 2 Hale & Fox (Cy Hale; Di Fox, Bath Fives),
    3 <b>Moss</b> & Reid. Round 1: Hale & Fox beat Lee & Park 2–0 (61–50, 61–40);
    <b>Moss</b> & Reid had the bye.
    """
    t = Tournament.objects.create(name="Pairs Cup", slug="pairs", status="running",
                                  ruleset="bndcc", entrants_kind="pairs", rounds_planned=3)
    lee = Entrant.objects.create(tournament=t, number=1, name="Lee & Park", members=[
        {"name": "Ann Lee", "club": "Leek DC"}, {"name": "Bo Park"}])
    hale = Entrant.objects.create(tournament=t, number=2, name="Hale & Fox", members=[
        {"name": "Cy Hale"}, {"name": "Di Fox", "club": "Bath Fives"}])
    moss = Entrant.objects.create(tournament=t, number=3, name="<b>Moss</b> & Reid", members=[
        {"name": "<b>Moss</b>"}, {"name": "Ed Reid"}])
    r1 = Round.objects.create(tournament=t, number=1, status="closed")
    board(r1, 1, lee, hale, winner=hale, outcome="played", status="confirmed",
          sets=[(50, 61), (40, 61)])
    board(r1, 2, moss, winner=moss, outcome="bye", status="confirmed")
    return t
