"""A round's life on event day: it closes with its last result or by the director, the
event finishes with its last planned round, and a director may reopen the latest round."""

import pytest
from django.urls import reverse

from tournament.actions import ActionError, entrants, events, results, rounds
from tournament.director.progress import next_step, round_summaries
from tournament.models import AuditEntry, Match, ResultVersion, Round, Tournament

from .conftest import finish_round

pytestmark = pytest.mark.django_db


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


def fresh(obj):
    obj.refresh_from_db()
    return obj


@pytest.fixture
def two_rounds(event, director, arbiter):
    """Four players, two rounds planned, round 1 published; results need confirming."""
    events.update_settings(event, director, rounds_planned=2)
    entrants.import_entrants(event, director, "name\nAnn\nBo\nCy\nDi")
    r1 = rounds.pair_round(event, director)
    rounds.publish_round(r1, director)
    return r1


def enter_all(round_, user):
    for m in round_.matches.exclude(side1=None):
        results.submit_result(m.pk, user, version=m.version, outcome="forfeit", conceded_by=1)


def confirm_all(round_, user):
    for m in round_.matches.exclude(side1=None):
        results.confirm_result(m.pk, user, version=m.version)


@pytest.fixture
def round_two(event, director, arbiter, two_rounds):
    """Round 1 entered and confirmed (so closed), round 2 paired: a draft."""
    enter_all(two_rounds, director)
    confirm_all(two_rounds, arbiter)
    return rounds.pair_round(event, director)


def test_round_closes_when_its_last_result_is_confirmed(event, director, arbiter, two_rounds):
    r1 = two_rounds
    enter_all(r1, director)
    first, last = r1.matches.order_by("board")
    results.confirm_result(first.pk, arbiter, version=1)
    assert fresh(r1).status == Round.Status.PUBLISHED  # one board still waits
    assert not AuditEntry.objects.filter(action="close_round").exists()
    results.confirm_result(last.pk, arbiter, version=1)
    assert fresh(r1).status == Round.Status.CLOSED
    entry = AuditEntry.objects.get(action="close_round")
    assert entry.actor == arbiter and entry.summary == "Round 1 closed: its last result counts"
    assert entry.detail == {"round": 1, "automatic": True, "board": last.board,
                            "finished": False}
    assert fresh(event).status == Tournament.Status.RUNNING  # round 2 of 2 is still to come


def test_event_finishes_when_its_last_planned_round_closes(event, director, arbiter,
                                                           round_two):
    r2 = round_two
    rounds.publish_round(r2, director)
    enter_all(r2, director)
    assert fresh(event).status == Tournament.Status.RUNNING
    confirm_all(r2, arbiter)
    assert fresh(r2).status == Round.Status.CLOSED
    assert fresh(event).status == Tournament.Status.FINISHED
    entry = AuditEntry.objects.filter(action="close_round").latest("id")
    assert entry.summary == "Round 2 closed: its last result counts; the event is finished"
    assert next_step(event, round_summaries(event)).text == (
        "Every round is played: the event is finished.")


def test_without_confirmation_the_last_entry_closes_the_round(event, director, arbiter,
                                                              two_rounds):
    events.update_settings(event, director, require_confirmation=False,
                           reason="one arbiter only today")
    r1 = two_rounds
    enter_all(r1, arbiter)
    assert fresh(r1).status == Round.Status.CLOSED
    assert AuditEntry.objects.get(action="close_round").actor == arbiter
    # Closed: the arbiter can no longer change a result; a director corrects it.
    m = r1.matches.first()
    with pytest.raises(ActionError, match="only a director may correct"):
        results.submit_result(m.pk, arbiter, version=m.version, outcome="forfeit",
                              conceded_by=0)


def test_close_by_hand_confirms_entered_results_and_double_forfeits_the_rest(
        event, director, arbiter, two_rounds):
    r1 = two_rounds
    entered, empty = r1.matches.order_by("board")
    results.submit_result(entered.pk, arbiter, version=0, outcome="forfeit", conceded_by=0)
    with pytest.raises(ActionError, match="decides 2 open boards: give a reason") as exc:
        rounds.close_round(r1, director)
    assert "reason" in exc.value.errors
    assert fresh(r1).status == Round.Status.PUBLISHED and fresh(empty).status == "pending"

    rounds.close_round(r1, director, reason="Bo and Di went home")
    assert fresh(r1).status == Round.Status.CLOSED
    entered, empty = fresh(entered), fresh(empty)
    assert (entered.status, entered.outcome, entered.confirmed_by) == (
        "confirmed", "forfeit", director)
    assert (empty.status, empty.outcome, empty.winner, empty.entered_by) == (
        "confirmed", "double_forfeit", None, director)
    assert empty.version == 1 and entered.version == 2
    version = ResultVersion.objects.get(match=empty, version=1)
    assert (version.outcome, version.by, version.reason) == (
        "double_forfeit", director, "Bo and Di went home")
    entry = AuditEntry.objects.get(action="close_round")
    assert entry.reason == "Bo and Di went home" and entry.detail["boards"] == {
        str(entered.board): "confirm", str(empty.board): "double_forfeit"}
    assert f"board {empty.board} ({empty.side0.name} – {empty.side1.name}): no result: " \
        "double forfeit" in entry.summary
    # Both double-forfeited players may meet again: round 2 pairs.
    assert rounds.pair_round(event, director).number == 2


def test_closing_the_last_round_by_hand_finishes_the_event(event, director, arbiter):
    events.update_settings(event, director, rounds_planned=1)
    entrants.import_entrants(event, director, "name\nAnn\nBo")
    r1 = rounds.pair_round(event, director)
    rounds.publish_round(r1, director)
    rounds.close_round(r1, director, reason="no show")
    assert fresh(event).status == Tournament.Status.FINISHED
    assert AuditEntry.objects.get(action="close_round").detail["finished"] is True


def test_only_a_published_round_closes(event, director, seeded):
    r1 = rounds.pair_round(seeded, director)
    with pytest.raises(ActionError, match="Round 1 is draft: only a published round"):
        rounds.close_round(r1, director, reason="x")


def test_reopen_puts_the_latest_round_and_the_event_back_in_play(event, director, arbiter):
    events.update_settings(event, director, rounds_planned=1)
    entrants.import_entrants(event, director, "name\nAnn\nBo\nCy\nDi")
    r1 = rounds.pair_round(event, director)
    rounds.publish_round(r1, director)
    enter_all(r1, director)
    confirm_all(r1, arbiter)
    assert fresh(event).status == Tournament.Status.FINISHED
    with pytest.raises(ActionError, match="needs a reason"):
        rounds.reopen_round(r1, director)
    with pytest.raises(ActionError, match="Only a director"):
        rounds.reopen_round(r1, arbiter, reason="typo")
    rounds.reopen_round(r1, director, reason="board 1 was scored the wrong way round")
    assert fresh(r1).status == Round.Status.PUBLISHED
    assert fresh(event).status == Tournament.Status.RUNNING
    entry = AuditEntry.objects.get(action="reopen_round")
    assert entry.summary == "Reopened round 1; the event is in play again"
    assert entry.reason == "board 1 was scored the wrong way round"
    # A correction in the reopened round does not close it again...
    m = r1.matches.order_by("board").first()
    results.submit_result(m.pk, director, version=m.version, outcome="forfeit",
                          conceded_by=0, reason="scored the wrong way round")
    assert fresh(r1).status == Round.Status.PUBLISHED
    assert "Round 1 is reopened" in next_step(event, round_summaries(event)).text
    # ...the director does, with nothing left open: no reason needed.
    rounds.close_round(r1, director)
    assert fresh(r1).status == Round.Status.CLOSED
    assert fresh(event).status == Tournament.Status.FINISHED


def test_only_the_latest_round_reopens(event, director, two_rounds, round_two):
    with pytest.raises(ActionError, match="Round 2 is already paired"):
        rounds.reopen_round(two_rounds, director, reason="x")
    with pytest.raises(ActionError, match="not closed"):
        rounds.reopen_round(round_two, director, reason="x")


def test_deleting_a_round_leaves_the_closed_round_before_it_closed(director, two_rounds,
                                                                   round_two):
    rounds.delete_round(round_two, director)
    assert fresh(two_rounds).status == Round.Status.CLOSED


def test_a_round_of_byes_only_closes_as_it_is_published(event, director):
    events.update_settings(event, director, rounds_planned=1)
    entrants.add_entrant(event, director, name="Solo")
    r1 = rounds.pair_round(event, director)
    rounds.publish_round(r1, director)
    assert fresh(r1).status == Round.Status.CLOSED
    assert fresh(event).status == Tournament.Status.FINISHED


def test_close_and_reopen_from_the_round_page(dc, event, director, arbiter, two_rounds):
    r1 = two_rounds
    first = r1.matches.order_by("board").first()
    results.submit_result(first.pk, arbiter, version=0, outcome="forfeit", conceded_by=0)
    page = dc.get(url(event, "round", 1)).content.decode()
    assert "Close round 1" in page and "the entered result is confirmed" in page
    assert "no result: recorded as a double forfeit" in page
    response = dc.post(url(event, "close_round", 1), {"reason": ""})
    assert response.status_code == 400
    assert "decides 2 open boards: give a reason" in response.content.decode()
    assert fresh(r1).status == Round.Status.PUBLISHED
    response = dc.post(url(event, "close_round", 1), {"reason": "time is up"}, follow=True)
    assert "Round 1 is closed." in response.content.decode()
    assert fresh(r1).status == Round.Status.CLOSED
    page = dc.get(url(event, "round", 1)).content.decode()
    assert 'id="close"' not in page and "Reopen round 1" in page
    response = dc.post(url(event, "reopen_round", 1), {"reason": "a slip was misread"},
                       follow=True)
    assert "Round 1 is open again" in response.content.decode()
    assert fresh(r1).status == Round.Status.PUBLISHED


def test_closing_the_last_planned_round_from_its_page_says_the_event_is_finished(
        dc, event, director):
    events.update_settings(event, director, rounds_planned=1)
    entrants.import_entrants(event, director, "name\nAnn\nBo")
    rounds.publish_round(rounds.pair_round(event, director), director)
    response = dc.post(url(event, "close_round", 1), {"reason": "time is up"})
    assert response["Location"] == url(event, "round", 1)
    page = dc.get(response["Location"]).content.decode()
    assert ("Round 1 is closed. Every planned round is played: the event is finished."
            in page)
    assert fresh(event).status == Tournament.Status.FINISHED


def test_arbiter_cannot_close_or_reopen(client_for, event, arbiter, two_rounds):
    c = client_for(arbiter)
    assert c.post(url(event, "close_round", 1), {"reason": "x"}).status_code == 403
    assert fresh(two_rounds).status == Round.Status.PUBLISHED


def test_forfeit_rounds_fixture_still_closes_each_round(seeded, director):
    # finish_round (director's forfeits, no confirmation) leaves every round closed.
    events.update_settings(seeded, director, require_confirmation=False)
    r1 = rounds.pair_round(seeded, director)
    rounds.publish_round(r1, director)
    finish_round(r1, director)
    assert fresh(r1).status == Round.Status.CLOSED
    assert Match.objects.filter(round=r1, status="entered").count() == 4
