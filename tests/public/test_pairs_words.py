"""A pairs event's explanations say "pair", on the pages and in `standings --json`."""

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournament.reads import history

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairs_by_wins(pairs_event):
    # Wins put Hale & Fox (who beat Lee & Park) above <b>Moss</b> & Reid (the bye), both
    # on 1 point: Sonneborn-Berger is then not needed.
    pairs_event.tiebreaks = ["wins", "sonneborn_berger"]
    pairs_event.save(update_fields=["tiebreaks"])
    return pairs_event


def test_history_compute_passes_the_event_s_word(pairs_by_wins, singles_event):
    pairs_event = pairs_by_wins
    rows = {row.player: row for row in history.compute(pairs_event).rows}
    assert rows[1].placed == "the only pair on 0 points"
    assert rows[2].notes[1].text == "Sonneborn-Berger: not needed, the pairs were already apart"
    singles = {row.player: row for row in history.compute(singles_event).rows}
    assert any(row.placed.startswith("the only player on ") for row in singles.values())
    assert history.entrant_word(pairs_event) == "pair"
    assert history.entrant_word(singles_event) == "player"


def test_pages_and_the_command_say_pair(client, pairs_by_wins):
    pairs_event = pairs_by_wins
    player = client.get(reverse("public:player", args=[pairs_event.slug, 1])).content.decode()
    assert "The only pair on 0 points." in player
    page = client.get(reverse("public:standings", args=[pairs_event.slug])).content.decode()
    assert "the pairs were already apart" in page and "players were already apart" not in page
    out = io.StringIO()
    call_command("standings", pairs_event.slug, "--json", stdout=out)
    rows = {row["player"]: row for row in json.loads(out.getvalue())}
    assert rows[1]["explanation"] == {"placed": "the only pair on 0 points", "group": None,
                                      "steps": [], "group_steps": []}
    # The group's lines once, on its first row; the other row points at it by rank.
    first, other = sorted((rows[2], rows[3]), key=lambda row: row["rank"])
    assert first["explanation"]["group"] == other["explanation"]["group"] == first["rank"]
    assert first["explanation"]["group_steps"][1] == {
        "tiebreak": "sonneborn_berger", "label": "Sonneborn-Berger", "outcome": "not_reached",
        "text": "Sonneborn-Berger: not needed, the pairs were already apart"}
    assert other["explanation"]["group_steps"] == []
    assert "text" not in other["explanation"]["steps"][1]


def test_a_pair_wins_in_the_plural(pairs_event, singles_event):
    from tournament.actions.results import describe
    from tournament.models import Match
    from tournament.public.data import match_result

    from .conftest import board

    r1 = pairs_event.rounds.get(number=1)
    lee, hale = (pairs_event.entrants.get(number=n) for n in (1, 2))
    forfeit = board(r1, 3, lee, hale, winner=hale, outcome="forfeit", status="confirmed",
                    conceded_by=lee)
    assert match_result(pairs_event, forfeit)["text"] == (
        "Hale & Fox win by forfeit (Lee & Park forfeited)")
    assert describe(forfeit) == "Lee & Park forfeited; Hale & Fox win"
    # A player still wins in the singular.
    singles = Match.objects.get(round__tournament=singles_event, round__number=1, board=2)
    assert match_result(singles_event, singles)["text"].startswith("Cy Hale wins by forfeit")
