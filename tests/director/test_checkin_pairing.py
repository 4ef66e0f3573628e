"""Pairing only the checked-in (shared/spec/table-entry.md, "Check-in"): whoever is not
checked in is recorded absent from that round through the absence action, scores the
event's `absent` points, stays in the event and is paired again the round after."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournament.actions import ActionError, attendance, events, rounds
from tournament.actions.checkin import set_checkin
from tournament.models import Attendance, AuditEntry, Job
from tournament.reads import history

from .conftest import finish_round
from .test_jobs import IMMEDIATE

pytestmark = pytest.mark.django_db


def check_in(event, director, numbers, round_number=1):
    for n in numbers:
        set_checkin(event, director, entrant=event.entrants.get(number=n),
                    round_number=round_number, checked_in=True)


def seated(round_) -> set[int]:
    return {e.number for m in round_.matches.select_related("side0", "side1")
            for e in (m.side0, m.side1) if e is not None}


def absent(event, round_number=1) -> list[int]:
    return sorted(Attendance.objects.of_event(event).filter(
        round_number=round_number, kind="absent").values_list("entrant__number", flat=True))


def test_the_others_are_absent_score_absent_points_and_play_next_round(seeded, director):
    events.update_settings(seeded, director, points={**seeded.points, "absent": 0.5},
                           require_confirmation=False, reason="a half point for the absent")
    seeded.refresh_from_db()
    check_in(seeded, director, [1, 2, 3, 4, 5, 6])
    r1 = rounds.pair_round(seeded, director, only_checked_in=True)
    assert seated(r1) == {1, 2, 3, 4, 5, 6} and absent(seeded) == [7, 8]
    assert not seeded.entrants.filter(withdrawn_after_round__isnull=False).exists()
    paired = AuditEntry.objects.filter(action="pair_round").get()
    assert "only the checked-in (2 absent)" in paired.summary
    assert paired.detail["absent_not_checked_in"] == [7, 8]
    marks = AuditEntry.objects.filter(action="set_attendance").order_by("id")
    assert [m.detail["entrant"] for m in marks] == [7, 8]
    assert all(m.reason == "Not checked in when the round was paired." for m in marks)
    rounds.publish_round(r1, director)
    finish_round(r1, director)
    rows = {row.player: row for row in history.compute(seeded).rows}
    assert rows[7].points == 0.5 and rows[8].points == 0.5
    assert history.trf_event(seeded, through_round=1).player(7).results[0].to_trf() \
        == "0000 - H"  # the engine is told of the half point as FIDE codes it
    r2 = rounds.pair_round(seeded, director)  # no check-in asked this time
    assert {7, 8} <= seated(r2) and absent(seeded, 2) == []


def test_a_requested_bye_stays_what_it_was(seeded, director):
    attendance.set_attendance(seeded, director, entrant=seeded.entrants.get(number=8),
                              round_number=1, kind="half_bye")
    check_in(seeded, director, [1, 2, 3, 4, 5, 6])
    r1 = rounds.pair_round(seeded, director, only_checked_in=True)
    assert absent(seeded) == [7]
    assert Attendance.objects.get(entrant__number=8, entrant__tournament=seeded).kind \
        == "half_bye"
    assert seated(r1) == {1, 2, 3, 4, 5, 6}


def test_without_the_choice_everyone_is_paired(seeded, director):
    check_in(seeded, director, [1, 2])
    r1 = rounds.pair_round(seeded, director)
    assert seated(r1) == set(range(1, 9)) and absent(seeded) == []


def test_nobody_checked_in_is_refused_and_changes_nothing(seeded, director):
    with pytest.raises(ActionError, match="Nobody is checked in for round 1"):
        rounds.pair_round(seeded, director, only_checked_in=True)
    assert absent(seeded) == [] and not seeded.rounds.exists()


def test_a_refused_pairing_leaves_nobody_absent(seeded, director, monkeypatch):
    from tournament.pairing import Unpairable, systems

    def refuse(event):
        raise Unpairable("no pairing satisfies the absolute criteria")
    monkeypatch.setattr(systems, "pair_next_round", refuse)  # the Swiss's engine
    check_in(seeded, director, [1, 2])
    with pytest.raises(ActionError, match="cannot be paired"):
        rounds.pair_round(seeded, director, only_checked_in=True)
    assert absent(seeded) == [] and not seeded.rounds.exists()


def test_the_directors_pair_form_offers_it_with_the_count(dc, seeded, director):
    check_in(seeded, director, [1, 2, 3, 4])
    page = dc.get(reverse("director:event", args=[seeded.slug])).content.decode()
    assert 'name="only_checked_in"' in page
    assert "Pair only the checked-in (4 of 8)" in page
    assert reverse("arbiter:checkin", args=[seeded.slug]) in page
    response = dc.post(reverse("director:pair", args=[seeded.slug]), {"only_checked_in": "on"})
    assert response.status_code == 302
    assert seated(seeded.rounds.get()) == {1, 2, 3, 4} and absent(seeded) == [5, 6, 7, 8]


def test_a_big_event_passes_the_choice_to_its_job(dc, seeded, director, monkeypatch,
                                                  settings):
    from tournament.web import tasks
    monkeypatch.setattr(tasks, "INLINE_MAX_ENTRANTS", 2)
    settings.TASKS = IMMEDIATE
    check_in(seeded, director, [1, 2, 3, 4, 5, 6])
    dc.post(reverse("director:pair", args=[seeded.slug]), {"only_checked_in": "on"})
    job = Job.objects.get()
    assert job.status == "done", job.message
    assert seated(seeded.rounds.get()) == {1, 2, 3, 4, 5, 6} and absent(seeded) == [7, 8]


def test_pair_round_command_only_checked_in(seeded, director):
    check_in(seeded, director, [2, 3, 4, 5])
    out = io.StringIO()
    call_command("pair_round", seeded.slug, "--only-checked-in", stdout=out)
    assert out.getvalue().splitlines()[0] == "2"
    assert absent(seeded) == [1, 6, 7, 8]
