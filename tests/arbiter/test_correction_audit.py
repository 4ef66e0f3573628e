"""Issue 33 #17: the audit line of a correction showed only the new result. Every change
of a stored result says old and new ("was … now …"): a director's correction, an
official's change of an entered result, the settling of a dispute, a player's new entry;
a first entry says the result alone."""

import pytest
from django.urls import reverse

from tournament.actions import player_keys, results, table
from tournament.actions.events import update_settings
from tournament.models import AuditEntry, PlayerKey

from .conftest import EVIL, client_for
from .test_workflow import RECORD, fresh

pytestmark = pytest.mark.django_db

SWAPPED = {**RECORD, "sets": [{"score": [7, 61]}, {"score": [61, 50]}, {"score": [40, 61]}]}


def test_a_correction_says_old_and_new(round1, people, client):
    m = round1["match"]
    results.submit_result(m.pk, people["arb"], version=0, record=RECORD)
    first = AuditEntry.objects.get(action="enter_result")
    assert first.summary == "Entered round 1 board 1: Ann Lee wins (61–7, 61–8)"
    results.confirm_result(m.pk, people["arb2"], version=1)
    results.submit_result(m.pk, people["dir"], version=2, record=SWAPPED,
                          reason="sheets swapped")
    entry = AuditEntry.objects.get(action="correct_result")
    assert entry.summary == ("Corrected round 1 board 1: was Ann Lee wins (61–7, 61–8), "
                             f"now {EVIL} wins (7–61, 61–50, 40–61)")
    # The director reads it on the event's log, escaped as any name.
    page = client_for(client, people["dir"]).get(
        reverse("director:audit", args=[round1["t"].slug])).content.decode()
    assert ("Corrected round 1 board 1: was Ann Lee wins (61–7, 61–8), now "
            "&lt;script&gt;") in page


def test_a_forfeit_corrected_to_a_played_match_says_both(round1, people):
    m = round1["match"]
    results.submit_result(m.pk, people["arb"], version=0, outcome="forfeit", conceded_by=1)
    results.confirm_result(m.pk, people["arb2"], version=1)
    results.submit_result(m.pk, people["dir"], version=2, record=RECORD, reason="they played")
    assert AuditEntry.objects.get(action="correct_result").summary == (
        f"Corrected round 1 board 1: was {EVIL} forfeited; Ann Lee wins, "
        "now Ann Lee wins (61–7, 61–8)")


def test_an_officials_change_of_an_entered_result_says_both(round1, people):
    m = round1["match"]
    results.submit_result(m.pk, people["arb"], version=0, record=RECORD)
    results.submit_result(m.pk, people["arb2"], version=1, record=SWAPPED)
    assert list(AuditEntry.objects.filter(action="enter_result").order_by("pk")
                .values_list("summary", flat=True)) == [
        "Entered round 1 board 1: Ann Lee wins (61–7, 61–8)",
        f"Entered round 1 board 1: was Ann Lee wins (61–7, 61–8), now {EVIL} wins "
        "(7–61, 61–50, 40–61)"]


def test_a_dispute_settled_and_a_players_new_entry_say_both(round1, people):
    t = round1["t"]
    update_settings(t, people["dir"], entry_policy="players_accept", reason="players enter")
    for number in (1, 2):
        player_keys.issue_key(t, people["dir"], number=number)
    ann, bo = (PlayerKey.objects.get(entrant__number=n, entrant__tournament=t) for n in (1, 2))
    m = round1["match"]
    table.enter_result(m.pk, ann, version=0, record=RECORD)
    table.enter_result(m.pk, ann, version=1, record=SWAPPED)
    assert AuditEntry.objects.filter(action="player_enter_result").order_by("pk").last() \
        .summary == ("Ann Lee entered round 1 board 1: was Ann Lee wins (61–7, 61–8), "
                     f"now {EVIL} wins (7–61, 61–50, 40–61)")
    table.dispute_result(m.pk, bo, version=2, reason="we won")
    results.submit_result(m.pk, people["arb"], version=3, record=RECORD)
    assert AuditEntry.objects.get(action="enter_result").summary == (
        f"Settled the dispute on round 1 board 1: was {EVIL} wins (7–61, 61–50, 40–61), "
        "now Ann Lee wins (61–7, 61–8)")
    assert fresh(m).status == "confirmed"
