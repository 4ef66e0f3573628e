"""The clock's pure rule (tournament/rules/round_clock.py): no database."""

from datetime import UTC, datetime, timedelta

import pytest

from tournament.rules.round_clock import (
    ENDED,
    IDLE,
    PAUSED,
    RUNNING,
    ClockRefused,
    Stored,
    apply,
    read,
)

T0 = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


def at(seconds):
    return T0 + timedelta(seconds=seconds)


def test_idle_reads_nothing_left():
    assert read(Stored(), T0) == {"state": IDLE, "duration_s": 0, "remaining_s": 0,
                                  "ends_at": None, "server_time": T0}


def test_start_runs_down_from_the_server_time():
    s = apply(Stored(), "start", T0, 45)
    assert s == Stored(RUNNING, 2700, 2700, at(2700))
    got = read(s, at(60.4))
    assert got["state"] == RUNNING and got["remaining_s"] == 2640  # rounded up
    assert got["ends_at"] == at(2700) and got["server_time"] == at(60.4)


def test_running_past_its_end_reads_ended_with_nothing_left():
    s = apply(Stored(), "start", T0, 1)
    got = read(s, at(61))
    assert got == {"state": ENDED, "duration_s": 60, "remaining_s": 0, "ends_at": None,
                   "server_time": at(61)}
    assert read(s, at(60))["state"] == ENDED  # 0 left is time
    assert read(s, at(59.5))["remaining_s"] == 1


def test_pause_keeps_what_is_left_and_resume_counts_on_from_there():
    s = apply(apply(Stored(), "start", T0, 10), "pause", at(100))
    assert s.state == PAUSED and s.left_s == 500 and s.ends_at is None
    assert read(s, at(1000))["remaining_s"] == 500  # paused: no time passes
    r = apply(s, "resume", at(1000))
    assert r.state == RUNNING and r.ends_at == at(1500)
    assert read(r, at(1100))["remaining_s"] == 400


def test_add_extends_and_takes_off_never_below_zero():
    s = apply(Stored(), "start", T0, 10)
    more = apply(s, "add", at(60), 5)
    assert more.ends_at == at(900) and more.duration_s == 900
    less = apply(more, "add", at(60), -3)
    assert less.ends_at == at(720) and read(less, at(60))["remaining_s"] == 660
    gone = apply(less, "add", at(60), -60)  # more than is left: 0 left, time
    assert read(gone, at(60))["remaining_s"] == 0 and read(gone, at(60))["state"] == ENDED
    paused = apply(apply(s, "pause", at(60)), "add", at(70), 2)
    assert paused.state == PAUSED and paused.left_s == 660


def test_stop_ends_it_and_a_new_start_begins_again():
    s = apply(apply(Stored(), "start", T0, 10), "stop", at(30))
    assert read(s, at(40)) == {"state": ENDED, "duration_s": 600, "remaining_s": 0,
                               "ends_at": None, "server_time": at(40)}
    again = apply(s, "start", at(50), 5)
    assert again.state == RUNNING and again.ends_at == at(350)


@pytest.mark.parametrize("stored, action, minutes", [
    (Stored(), "pause", None),
    (Stored(), "resume", None),
    (Stored(), "add", 5),
    (Stored(), "stop", None),
    (Stored(RUNNING, 600, 600, at(600)), "start", 5),
    (Stored(RUNNING, 600, 600, at(600)), "resume", None),
    (Stored(PAUSED, 600, 300, None), "pause", None),
    (Stored(PAUSED, 600, 300, None), "start", 5),
    (Stored(ENDED, 600, 0, None), "pause", None),
    (Stored(ENDED, 600, 0, None), "resume", None),
    (Stored(ENDED, 600, 0, None), "add", 1),
    (Stored(ENDED, 600, 0, None), "stop", None),
    # running, but its time is up: it reads as ended
    (Stored(RUNNING, 60, 60, at(60)), "pause", None),
    (Stored(RUNNING, 60, 60, at(60)), "add", 1),
])
def test_out_of_turn_is_a_conflict(stored, action, minutes):
    with pytest.raises(ClockRefused) as exc:
        apply(stored, action, at(120), minutes)
    assert exc.value.conflict
    assert exc.value.message.startswith("The clock is ")


@pytest.mark.parametrize("action, minutes, words", [
    ("start", 0, "1 to 600 minutes, not 0"),
    ("start", 601, "not 601"),
    ("start", None, "whole number"),
    ("start", 2.5, "whole number"),
    ("start", True, "whole number"),
    ("add", 0, "not 0"),
    ("add", -601, "given -601"),
    ("pause", 3, "goes only with start and add"),
    ("jump", None, "must be one of"),
])
def test_bad_minutes_or_action_are_bad_input(action, minutes, words):
    running = Stored(RUNNING, 600, 600, at(600))
    with pytest.raises(ClockRefused) as exc:
        apply(Stored() if action == "start" else running, action, T0, minutes)
    assert not exc.value.conflict and words in exc.value.message
