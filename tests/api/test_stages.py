"""The API's stages: the event's `stages`, each round's `stage`, a stage's standings and
a knock-out's bracket, as the commands give them."""

import json
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from tournament.actions import events

from ..stages import swiss_then_cut


@pytest.fixture
def cup(db):
    director = User.objects.create_user("kim", password="pw-123456", is_superuser=True)
    event = events.create_tournament(director, name="Summer Open")
    return swiss_then_cut(event, director)


def test_the_event_read_lists_its_stages_and_each_rounds_stage(cup):
    doc = Client().get(f"/api/v1/tournaments/{cup.slug}/").json()
    assert [(s["number"], s["kind"]) for s in doc["stages"]] == [(1, "swiss"), (2, "knockout")]
    swiss, cut = doc["stages"]
    assert swiss["rounds_planned"] == 3 and cut["rounds_planned"] == 2
    assert cut["lot_seed"] == "spring-2026" and cut["third_place"] is True
    assert len(cut["seeds"]) == 4 and cut["size"] == 4
    assert [(r["number"], r["stage"], r["number_in_stage"], r["title"]) for r in doc["rounds"]] \
        == [(1, 1, 1, "Round 1"), (2, 1, 2, "Round 2"), (3, 1, 3, "Round 3"),
            (4, 2, 1, "Semi-finals"), (5, 2, 2, "Final")]
    board = cup.rounds.get(number=5).matches.get(board=1)
    read = Client().get(f"/api/v1/matches/{board.pk}/").json()
    assert (read["round"], read["stage"], read["round_title"]) == (5, 2, "Final")


def test_a_stages_standings_and_bracket_match_the_commands(cup):
    out = StringIO()
    call_command("bracket", cup.slug, "--json", stdout=out)
    assert Client().get(f"/api/v1/tournaments/{cup.slug}/stages/2/bracket/").json() == \
        json.loads(out.getvalue())
    out = StringIO()
    call_command("standings", cup.slug, "--stage", "1", "--json", stdout=out)
    assert Client().get(f"/api/v1/tournaments/{cup.slug}/standings/?stage=1").json() == \
        json.loads(out.getvalue())
    refused = Client().get(f"/api/v1/tournaments/{cup.slug}/standings/?stage=2")
    assert refused.status_code == 400 and "knock-out" in refused.json()["detail"]
    refused = Client().get(f"/api/v1/tournaments/{cup.slug}/stages/1/bracket/")
    assert refused.status_code == 400 and "swiss" in refused.json()["detail"].lower()
    assert Client().get(f"/api/v1/tournaments/{cup.slug}/stages/9/bracket/").status_code == 404
