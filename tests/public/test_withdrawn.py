"""Withdrawn players marked on the standings (#11): the page, the CSV, the API and the
command; only on a table after the withdrawal."""

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.standings.helpers import beat
from tournament import standings
from tournament.models import Entrant

pytestmark = pytest.mark.django_db


def test_the_core_marks_a_withdrawal_only_on_tables_after_it():
    players = [standings.Player(1, "A"), standings.Player(2, "B", withdrawn_after_round=2),
               standings.Player(3, "C", withdrawn_after_round=0)]
    matches = [beat(1, 1, 2), beat(2, 2, 1)]

    def marks(after_round):
        rows = standings.build_standings(players, matches, after_round=after_round).rows
        return {row.player: row.withdrawn_after_round for row in rows}

    assert marks(None) == {1: None, 2: 2, 3: 0}
    assert marks(2) == {1: None, 2: 2, 3: 0}
    assert marks(1) == {1: None, 2: None, 3: 0}
    row = standings.build_standings(players, matches).rows[1]
    assert row.as_json()["withdrawn_after_round"] == 2
    assert standings.withdrawn_words(2) == "withdrawn after round 2"
    assert standings.withdrawn_words(0) == "withdrawn before round 1"


@pytest.fixture
def withdrawn(singles_event):
    """Bo Park (2) withdrew after round 2 of Leek Open."""
    Entrant.objects.filter(tournament=singles_event, number=2).update(withdrawn_after_round=2)
    return singles_event


def test_the_standings_page_marks_the_name(client, withdrawn):
    url = reverse("public:standings", args=[withdrawn.slug])
    html = client.get(url).content.decode()
    assert ('<a href="/leek/player/2/">Bo Park</a> '
            '<span class="withdrawn">(withdrawn after round 2)</span>') in html
    assert html.count('class="withdrawn"') == 1
    assert 'class="withdrawn"' not in client.get(url, {"after_round": 1}).content.decode()


def test_the_csv_has_the_column(client, withdrawn):
    response = client.get(reverse("public:standings_csv", args=[withdrawn.slug]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert {r["number"]: r["withdrawn_after_round"] for r in rows} == {
        "1": "", "2": "2", "3": "", "4": "", "5": ""}


def test_the_api_row_and_its_schema(client, withdrawn):
    body = client.get(f"/api/v1/tournaments/{withdrawn.slug}/standings/").json()
    assert {r["player"]: r["withdrawn_after_round"] for r in body} == {
        1: None, 2: 2, 3: None, 4: None, 5: None}
    # Every key there was is kept.
    assert list(body[0]) == ["rank", "shared", "player", "name", "points", "tiebreaks",
                             "withdrawn_after_round", "explanation"]
    before = client.get(f"/api/v1/tournaments/{withdrawn.slug}/standings/?after_round=1").json()
    assert all(r["withdrawn_after_round"] is None for r in before)
    schema = client.get("/api/v1/openapi.json").json()["components"]["schemas"]["StandingRow"]
    assert "withdrawn_after_round" in schema["required"]
    assert "withdrew" in schema["properties"]["withdrawn_after_round"]["description"]


def test_the_command_json_and_text(withdrawn):
    out = io.StringIO()
    call_command("standings", withdrawn.slug, "--json", stdout=out)
    rows = {r["player"]: r for r in json.loads(out.getvalue())}
    assert rows[2]["withdrawn_after_round"] == 2 and rows[1]["withdrawn_after_round"] is None
    text = io.StringIO()
    call_command("standings", withdrawn.slug, stdout=text)
    assert "Bo Park (withdrawn after round 2)" in text.getvalue()
    assert text.getvalue().count("withdrawn") == 1
