"""Ids from another event, passed in URLs or bodies, are never acted on nor shown."""

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournament.actions import ActionError, entrants, events, results, rounds
from tournament.models import AuditEntry, Match, Round

pytestmark = pytest.mark.django_db

RECORD = {"format": "fives-and-threes-match/1", "ruleset": "mso",
          "sets": [{"score": [61, 40]}, {"score": [61, 30]}]}


def lineup(round_):
    return [(m.side0_id, m.side1_id) for m in round_.matches.order_by("board")]


def test_swap_refuses_an_entrant_of_another_event(client_for, dora, mine, theirs):
    draft = mine.rounds.get(number=1)
    before = lineup(draft)
    own = draft.matches.order_by("board").first().side0
    foreign = theirs.entrants.first()
    c = client_for(dora)
    for data in ({"first": own.pk, "second": foreign.pk},
                 {"first": foreign.pk, "second": own.pk}):
        response = c.post(reverse("director:swap", args=[mine.slug, 1]),
                          {**data, "override": "on", "override_reason": "because"})
        assert response.status_code == 400
    response = c.post(reverse("director:set_board", args=[mine.slug, 1]),
                      {"board": 1, "side0": foreign.pk, "side1": own.pk, "override": "on",
                       "override_reason": "because"})
    assert response.status_code == 400
    assert lineup(draft) == before
    assert not Match.objects.filter(round__tournament=mine, side0__tournament=theirs).exists()


def test_set_pairing_refuses_entrants_of_another_event_even_with_an_override(dora, mine,
                                                                              theirs):
    """The action itself checks, not only the form: an override cannot seat a stranger."""
    draft = mine.rounds.get(number=1)
    before = lineup(draft)
    pairs = [(m.side0, m.side1) for m in draft.matches.order_by("board")]
    pairs[0] = (theirs.entrants.first(), pairs[0][1])
    with pytest.raises(ActionError):
        rounds.set_pairing(draft, dora, pairs, override_reason="I insist")
    with pytest.raises(ActionError):  # the command line (actor None) neither
        rounds.set_pairing(draft, None, pairs, override_reason="I insist")
    assert lineup(draft) == before


def test_round_of_another_event_is_404_for_every_round_screen(client_for, dora, theirs):
    c = client_for(dora)
    assert c.get(reverse("director:round", args=[theirs.slug, 1])).status_code == 404
    for name in ("swap", "set_board", "publish", "delete_round"):
        assert c.post(reverse(f"director:{name}", args=[theirs.slug, 1])).status_code == 404
    assert theirs.rounds.get(number=1).status == Round.Status.DRAFT


def test_entrant_and_forbidden_pair_of_another_event_are_404(client_for, dora, eve, mine,
                                                             theirs):
    a, b = theirs.entrants.all()[:2]
    pair = entrants.add_forbidden_pair(theirs, eve, first=a, second=b)
    c = client_for(dora)
    assert c.get(reverse("director:entrant", args=[mine.slug, a.pk])).status_code == 404
    for name in ("entrant", "withdraw", "reinstate"):
        response = c.post(reverse(f"director:{name}", args=[mine.slug, a.pk]),
                          {"name": "Renamed", "reason": "x"})
        assert response.status_code == 404, name
    response = c.post(reverse("director:remove_forbidden_pair", args=[mine.slug, pair.pk]))
    assert response.status_code == 404
    # A forbidden pair of my event naming their entrants is refused by the form.
    response = c.post(reverse("director:add_forbidden_pair", args=[mine.slug]),
                      {"first": a.pk, "second": b.pk})
    assert response.status_code == 400
    a.refresh_from_db()
    assert a.name != "Renamed" and not a.withdrawn
    assert theirs.forbidden_pairs.filter(pk=pair.pk).exists()
    assert not mine.forbidden_pairs.exists()


def api(key=None):
    c = Client()
    headers = {"Authorization": f"Token {key}"} if key else {}
    return c, headers


def token(username, event):
    out = io.StringIO()
    call_command("arbiter_token", username, tournament=event.slug, stdout=out,
                 stderr=io.StringIO())
    return out.getvalue().strip()


@pytest.fixture
def live(eve, theirs):
    """Eve's round 1 published, board 1 entered (awaiting confirmation) by her arbiter."""
    rounds.publish_round(theirs.rounds.get(number=1), eve)
    arb = User.objects.create_user("their-arb", password="pw-123456")
    events.add_official(theirs, eve, username="their-arb")
    m = theirs.rounds.get(number=1).matches.exclude(side1=None).order_by("board").first()
    results.submit_result(m.pk, arb, version=0, record=RECORD)
    m.refresh_from_db()
    return m


def test_token_of_another_event_cannot_write_nor_read_unconfirmed(dora, mine, live):
    key = token("my-arb", mine)
    c, headers = api(key)
    before = AuditEntry.objects.count()
    r = c.put(f"/api/v1/matches/{live.pk}/result/",
              json.dumps({"version": live.version, "record": RECORD}),
              content_type="application/json", headers=headers)
    assert r.status_code == 403
    assert "record" not in r.json() and "version" not in r.json()
    r = c.post(f"/api/v1/matches/{live.pk}/confirm/", json.dumps({"version": live.version}),
               content_type="application/json", headers=headers)
    assert r.status_code == 403
    # A stale version from an outsider is a 403 too, never a 409 carrying the record.
    r = c.put(f"/api/v1/matches/{live.pk}/result/",
              json.dumps({"version": 0, "record": RECORD}),
              content_type="application/json", headers=headers)
    assert r.status_code == 403 and "record" not in r.json()
    r = c.get(f"/api/v1/matches/{live.pk}/", headers=headers)
    assert r.status_code == 200 and r.json()["record"] is None and r.json()["result"] is None
    live.refresh_from_db()
    assert live.status == Match.Status.ENTERED and AuditEntry.objects.count() == before


def test_arbiter_screens_of_another_event_are_403(client_for, dora, mine, live):
    c = client_for(dora)
    assert c.get(reverse("arbiter:match", args=[live.pk])).status_code == 403
    assert c.get(reverse("arbiter:history", args=[live.pk])).status_code == 403
    r = c.post(reverse("arbiter:match", args=[live.pk]),
               {"action": "confirm", "version": live.version})
    assert r.status_code == 403
    assert c.get(reverse("arbiter:boards", args=[live.round.tournament.slug])).status_code == 403
    live.refresh_from_db()
    assert live.status == Match.Status.ENTERED
