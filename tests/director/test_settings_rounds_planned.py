"""Changing the rounds planned moves the event's status: more rounds put a finished event
back in play, fewer finish a running one whose last planned round is closed."""

import pytest

from tournament.actions import entrants, events, rounds
from tournament.models import AuditEntry, Round, Tournament

from .conftest import finish_round

pytestmark = pytest.mark.django_db


def fresh(obj):
    obj.refresh_from_db()
    return obj


def play(event, director):
    r = rounds.pair_round(event, director)
    rounds.publish_round(r, director)
    finish_round(r, director)
    return fresh(r)


@pytest.fixture
def quick(event, director):
    """Four players, two rounds planned, no confirmation asked."""
    events.update_settings(event, director, rounds_planned=2, require_confirmation=False)
    entrants.import_entrants(event, director, "name\nAnn\nBo\nCy\nDi")
    return event


def summary():
    return AuditEntry.objects.filter(action="update_settings").latest("id").summary


def test_more_rounds_put_a_finished_event_back_in_play(quick, director):
    play(quick, director)
    r2 = play(quick, director)
    assert r2.status == Round.Status.CLOSED
    assert fresh(quick).status == Tournament.Status.FINISHED
    events.update_settings(quick, director, rounds_planned=3, reason="a play-off round")
    assert fresh(quick).status == Tournament.Status.RUNNING
    assert summary() == ("Changed the settings of Spring Open: rounds planned 2 → 3; the "
                         "event is in play (was finished)")
    r3 = play(quick, director)  # and round 3 can be paired and played to the end
    assert r3.number == 3 and fresh(quick).status == Tournament.Status.FINISHED


def test_fewer_rounds_finish_a_running_event_whose_last_planned_round_is_closed(quick,
                                                                                director):
    events.update_settings(quick, director, rounds_planned=3)
    play(quick, director)
    play(quick, director)
    assert fresh(quick).status == Tournament.Status.RUNNING
    events.update_settings(quick, director, rounds_planned=2, reason="out of time")
    assert fresh(quick).status == Tournament.Status.FINISHED
    assert summary().endswith("rounds planned 3 → 2; the event is finished (was in play)")


def test_fewer_rounds_leave_a_live_last_round_in_play(quick, director):
    events.update_settings(quick, director, rounds_planned=3)
    play(quick, director)
    r2 = rounds.pair_round(quick, director)
    rounds.publish_round(r2, director)
    events.update_settings(quick, director, rounds_planned=2, reason="out of time")
    assert fresh(quick).status == Tournament.Status.RUNNING
    assert summary() == "Changed the settings of Spring Open: rounds planned 3 → 2"
    finish_round(r2, director)  # its last result closes it, and the event with it
    assert fresh(quick).status == Tournament.Status.FINISHED


def test_a_reopened_round_is_not_closed_by_a_settings_change(quick, director):
    play(quick, director)
    r2 = play(quick, director)
    rounds.reopen_round(r2, director, reason="board 1 scored the wrong way round")
    assert fresh(quick).status == Tournament.Status.RUNNING
    events.update_settings(quick, director, rounds_planned=3, reason="a play-off round")
    events.update_settings(quick, director, rounds_planned=2, reason="no play-off after all")
    assert fresh(r2).status == Round.Status.PUBLISHED  # settle=False: still reopened
    assert fresh(quick).status == Tournament.Status.RUNNING
