"""The event as a TRF(x) file: only the rounds played get result columns (a player
withdrawn after round 2 of a finished 5-round event round-trips through import_trf), from
the command and from the director's dashboard (director-only)."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from tournament.actions import entrants, results, rounds
from tournament.actions.trf_import import import_trf_event
from tournament.models import Entrant
from tournament.pairing import parse_trf
from tournament.reads import history

pytestmark = pytest.mark.django_db

WON_BY_SIDE_0 = {"format": "fives-and-threes-match/1", "ruleset": "mso",
                 "sets": [{"score": [61, 40]}, {"score": [61, 30]}]}


def play_rounds(event, director, n, *, withdraw_after=None):
    """Pair, publish and decide `n` rounds; withdraw Player 3 after round `withdraw_after`."""
    for number in range(1, n + 1):
        round_ = rounds.pair_round(event, director)
        rounds.publish_round(round_, director)
        for m in round_.matches.exclude(side1=None):
            results.submit_result(m.pk, director, version=m.version, record=WON_BY_SIDE_0)
        rounds.close_round(round_, director, reason="results checked at the table")
        if number == withdraw_after:
            entrants.withdraw_entrant(event.entrants.get(name="Player 3"), director,
                                      reason="had to leave")


def export(event):
    out = io.StringIO()
    call_command("export_trf", event.slug, stdout=out)
    return out.getvalue()


def test_a_player_withdrawn_after_round_2_of_a_finished_event_round_trips(seeded, director):
    play_rounds(seeded, director, 5, withdraw_after=2)
    text = export(seeded)
    assert "XXR 5" in text
    parsed = parse_trf(text)
    assert {len(p.results) for p in parsed.players} == {5}  # not 6 for the withdrawn
    assert parsed.absent == frozenset()
    withdrawn = next(p for p in parsed.players if p.name == "Player 3")
    assert [r.code for r in withdrawn.results[2:]] == ["Z", "Z", "Z"]
    again = import_trf_event(text, None, slug="spring-again")
    assert again.rounds.count() == 5
    before = {r.player: r.points for r in history.compute(seeded).rows}
    after = {r.player: r.points for r in history.compute(again).rows}
    assert after == before


def test_while_rounds_remain_the_withdrawn_are_marked_absent_from_the_next(seeded, director):
    play_rounds(seeded, director, 2, withdraw_after=2)
    parsed = parse_trf(export(seeded))
    number = Entrant.objects.get(tournament=seeded, name="Player 3").number
    assert parsed.absent == {number}
    assert {len(p.results) for p in parsed.players} == {2}
    assert import_trf_event(export(seeded), None, slug="spring-two").rounds.count() == 2


def test_a_round_still_being_played_is_left_out(seeded, director):
    play_rounds(seeded, director, 1)
    round_ = rounds.pair_round(seeded, director)
    rounds.publish_round(round_, director)
    assert {len(p.results) for p in parse_trf(export(seeded)).players} == {1}


def test_the_dashboard_offers_the_trf_file_to_directors_only(seeded, director, dc, client_for,
                                                             arbiter):
    play_rounds(seeded, director, 5, withdraw_after=2)
    url = reverse("director:trf", args=[seeded.slug])
    page = dc.get(reverse("director:event", args=[seeded.slug])).content.decode()
    assert f'href="{url}"' in page
    response = dc.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert 'filename="spring-open-after-round-5.trf"' in response["Content-Disposition"]
    assert response.content.decode() == export(seeded)
    # An arbiter of the event, and a stranger, get no file.
    assert client_for(arbiter).get(url).status_code == 403
    stranger = User.objects.create_user("eve", password="pw-123456")
    assert client_for(stranger).get(url).status_code == 404
    assert dc.logout() is None and dc.get(url).status_code == 302
