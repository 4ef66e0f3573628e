"""Requested byes, absences and late entries: stored, paired as FIDE does (TRF H/Z/F),
scored with the event's points, and shown to the director."""

import pytest
from django.urls import reverse

from tournament.actions import ActionError, attendance, entrants, events, rounds
from tournament.models import Attendance, AuditEntry, Entrant
from tournament.pairing import write_trf
from tournament.reads import history

from .conftest import finish_round

pytestmark = pytest.mark.django_db


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


def player(event, number):
    return event.entrants.get(number=number)


def paired_numbers(round_):
    return {e.number for m in round_.matches.select_related("side0", "side1")
            for e in (m.side0, m.side1) if e is not None}


def played_round(event, director):
    """Pair, publish and finish (forfeits, no confirmation) the next round."""
    r = rounds.pair_round(event, director)
    rounds.publish_round(r, director)
    finish_round(r, director)
    return r


@pytest.fixture
def open_event(seeded, director):
    events.update_settings(seeded, director, require_confirmation=False)
    return seeded


def test_requested_byes_and_absences_are_left_out_of_the_pairing(open_event, director):
    event = open_event
    attendance.set_attendance(event, director, entrant=player(event, 1), round_number=1,
                              kind="half_bye", reason="arrives late")
    attendance.set_attendance(event, director, entrant=player(event, 2), round_number=1,
                              kind="zero_bye")
    attendance.set_attendance(event, director, entrant=player(event, 3), round_number=1,
                              kind="absent")
    trf = history.trf_event(event, through_round=0)
    assert trf.player(1).results[0].to_trf() == "0000 - H"  # entered in advance
    assert trf.absent == {2, 3}  # written as the trailing 0000 - Z
    assert "0000 - Z" in write_trf(trf).splitlines()[[p.number for p in trf.players].index(2)
                                                    + 1]
    r1 = rounds.pair_round(event, director)
    assert paired_numbers(r1) == {4, 5, 6, 7, 8}  # five left: one gets the pairing bye
    assert r1.matches.filter(side1=None).count() == 1
    entry = AuditEntry.objects.filter(action="set_attendance").order_by("id").first()
    assert entry.summary == f"Round 1: {player(event, 1).name} — half-point bye (0.5 points)"
    assert entry.reason == "arrives late" and entry.detail["kind"] == "half_bye"


def test_byes_score_the_events_points_and_reach_the_next_pairing(open_event, director):
    event = open_event
    attendance.set_attendance(event, director, entrant=player(event, 1), round_number=1,
                              kind="half_bye")
    attendance.set_attendance(event, director, entrant=player(event, 2), round_number=1,
                              kind="absent")
    r1 = played_round(event, director)
    _, matches, _ = history.standings_input(event)
    away = {(m.round, m.players[0], m.kind) for m in matches if m.kind in (
        "half_bye", "zero_bye", "absent", "late_entry")}
    assert away == {(1, 1, "half_bye"), (1, 2, "absent")}
    rows = {row.player: row for row in history.compute(event).rows}
    assert rows[1].points == 0.5 and rows[2].points == 0
    # Round 2's TRF: the round-1 entries are H and Z, so the pairing scores 0.5 and 0.
    trf = history.trf_event(event, through_round=1)
    assert trf.player(1).results[0].to_trf() == "0000 - H"
    assert trf.player(2).results[0].to_trf() == "0000 - Z"
    # An event scoring an absence as a win tells the engine so: a full-point bye, F.
    events.update_settings(event, director, points={**event.points, "absent": 1},
                           reason="club rules")
    event.refresh_from_db()
    trf = history.trf_event(event, through_round=1)
    assert trf.player(2).results[0].to_trf() == "0000 - F"
    assert {row.player: row for row in history.compute(event).rows}[2].points == 1
    assert r1.number == 1


def test_a_late_entry_scores_the_late_entry_points_for_rounds_missed(open_event, director):
    event = open_event
    played_round(event, director)
    late = entrants.add_entrant(event, director, name="Late Larry")
    trf = history.trf_event(event, through_round=1)
    assert trf.player(late.number).results[0].to_trf() == "0000 - Z"
    assert history.not_paired_numbers(event, 1) == {"late_entry": [late.number]}
    events.update_settings(event, director, points={**event.points, "late_entry": 0.5},
                           reason="half a point for rounds missed")
    event.refresh_from_db()
    trf = history.trf_event(event, through_round=1)
    assert trf.player(late.number).results[0].to_trf() == "0000 - H"
    rows = {row.player: row for row in history.compute(event).rows}
    assert rows[late.number].points == 0.5
    r2 = played_round(event, director)
    assert late.number in paired_numbers(r2)
    assert history.not_paired_numbers(event, 2) == {}
    assert history.not_paired_numbers(event, 1) == {"late_entry": [late.number]}


def test_not_paired_in_lists_every_reason(open_event, director):
    event = open_event
    attendance.set_attendance(event, director, entrant=player(event, 5), round_number=1,
                              kind="zero_bye")
    entrants.withdraw_entrant(player(event, 6), director, reason="ill")
    r1 = rounds.pair_round(event, director)
    assert history.not_paired_numbers(event, 1, public=False) == {
        "zero_bye": [5], "withdrawn": [6]}
    assert history.not_paired_numbers(event, 1) == {}  # a draft is not public
    rounds.publish_round(r1, director)
    assert history.not_paired_numbers(event, 1) == {"zero_bye": [5], "withdrawn": [6]}
    assert history.not_paired_numbers(event, 2) == {}  # not paired yet


def test_attendance_is_decided_before_the_round_is_paired(open_event, director):
    event = open_event
    r1 = rounds.pair_round(event, director)
    with pytest.raises(ActionError, match="Round 1 is already paired") as exc:
        attendance.set_attendance(event, director, entrant=player(event, 1),
                                  round_number=1, kind="absent")
    assert "round_number" in exc.value.errors
    rounds.delete_round(r1, director)
    attendance.set_attendance(event, director, entrant=player(event, 1), round_number=1,
                              kind="absent")
    assert 1 not in paired_numbers(rounds.pair_round(event, director))


def test_attendance_refusals(open_event, director, arbiter):
    event = open_event
    ann = player(event, 1)
    with pytest.raises(ActionError, match="Unknown kind 'nap'"):
        attendance.set_attendance(event, director, entrant=ann, round_number=1, kind="nap")
    with pytest.raises(ActionError, match="There is no round 6"):
        attendance.set_attendance(event, director, entrant=ann, round_number=6, kind="absent")
    with pytest.raises(ActionError, match="Only a director"):
        attendance.set_attendance(event, arbiter, entrant=ann, round_number=1, kind="absent")
    entrants.withdraw_entrant(ann, director, reason="ill")
    ann.refresh_from_db()
    with pytest.raises(ActionError, match="withdrew after round 0"):
        attendance.set_attendance(event, director, entrant=ann, round_number=1, kind="absent")
    other = events.create_tournament(director, name="Other Open")
    stranger = entrants.add_entrant(other, director, name="Stranger")
    with pytest.raises(ActionError, match="not entered in Spring Open"):
        attendance.set_attendance(event, director, entrant=stranger, round_number=1,
                                  kind="absent")
    assert not Attendance.objects.exists()


def test_removing_a_bye_pairs_the_player_again(open_event, director):
    event = open_event
    bo = player(event, 2)
    attendance.set_attendance(event, director, entrant=bo, round_number=1, kind="zero_bye")
    assert attendance.set_attendance(event, director, entrant=bo, round_number=1,
                                     kind="") is None
    assert not Attendance.objects.exists()
    assert AuditEntry.objects.filter(action="set_attendance").latest("id").summary == (
        f"Round 1: {bo.name} will be paired (no zero-point bye)")
    assert 2 in paired_numbers(rounds.pair_round(event, director))


def test_a_hand_pairing_may_not_seat_a_player_with_a_bye(open_event, director):
    event = open_event
    attendance.set_attendance(event, director, entrant=player(event, 8), round_number=1,
                              kind="absent")
    r1 = rounds.pair_round(event, director)
    pairs = [(m.side0, m.side1) for m in r1.matches.select_related("side0", "side1")]
    # Nobody is "left out" for the absent player: the engine's pairing is within the rules.
    assert rounds.absolute_problems(r1, pairs) == []
    lone = [p for p in pairs if p[1] is None][0]
    changed = [p for p in pairs if p[1] is not None] + [(lone[0], player(event, 8))]
    with pytest.raises(ActionError, match=r"Not to be paired in round 1: .*\(absent\)"):
        rounds.set_pairing(r1, director, changed, override_reason="he came after all")


def test_round_page_shows_who_is_not_paired_and_why(dc, open_event, director):
    event = open_event
    attendance.set_attendance(event, director, entrant=player(event, 1), round_number=1,
                              kind="half_bye")
    attendance.set_attendance(event, director, entrant=player(event, 2), round_number=1,
                              kind="absent")
    rounds.pair_round(event, director)
    page = dc.get(url(event, "round", 1)).content.decode()
    one, two = player(event, 1), player(event, 2)
    assert f"<strong>Half-point bye</strong> (0.5 points):\n        1. {one.name}" in page
    assert f"<strong>Absent</strong> (0 points):\n        2. {two.name}" in page


def test_byes_page_records_and_removes(dc, open_event, director):
    event = open_event
    page = dc.get(url(event, "byes")).content.decode()
    assert "Nobody has asked for a bye" in page and "half-point bye 0.5" in page
    cy = player(event, 3)
    response = dc.post(url(event, "byes"), {"entrant": cy.pk, "round_number": 2,
                                            "kind": "half_bye", "reason": "wedding"},
                       follow=True)
    page = response.content.decode()
    assert f"Round 2: {cy.name} — half-point bye." in page
    assert Attendance.objects.get().kind == "half_bye"
    assert "<td>Half-point bye</td>" in page
    response = dc.post(url(event, "byes"), {"entrant": cy.pk, "round_number": 2, "kind": ""},
                       follow=True)
    assert not Attendance.objects.exists()
    assert "Nobody has asked for a bye" in response.content.decode()


def test_byes_page_refusal_keeps_the_form(dc, open_event, director):
    event = open_event
    played_round(event, director)
    dora = Entrant.objects.get(tournament=event, number=4)
    # Round 1 is paired: it is not offered, and a forged post is refused by the form.
    response = dc.post(url(event, "byes"), {"entrant": dora.pk, "round_number": 1,
                                            "kind": "absent"})
    assert response.status_code == 400
    assert "Select a valid choice. 1 is not one of the available choices." in \
        response.content.decode()
    assert not Attendance.objects.exists()


def test_a_hand_pairing_gives_no_bye_after_a_full_point_bye(open_event, director):
    """The pairing's own rule (pairing.byes): a requested round the event scores as a win
    (F) rules out the pairing's bye, as a forfeit win does."""
    event = open_event
    events.update_settings(event, director, points={**event.points, "absent": 1},
                           reason="club rules")
    event.refresh_from_db()
    attendance.set_attendance(event, director, entrant=player(event, 1), round_number=1,
                              kind="absent")
    played_round(event, director)
    r2 = rounds.pair_round(event, director)
    pairs = [(m.side0, m.side1) for m in r2.matches.select_related("side0", "side1")]
    assert rounds.absolute_problems(r2, pairs) == []
    ann = player(event, 1)
    changed = [p for p in pairs if ann not in p] + [(ann, None)]
    problems = rounds.absolute_problems(r2, changed)
    assert f"{ann.name} would get a second bye (or a bye after a win without playing: a " \
           "forfeit win or a full-point bye)" in problems
