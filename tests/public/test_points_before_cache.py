"""history.points_before (the points beside each name on a round's pairing list) is cached
under what it depends on: a result entered in the round itself reuses it, anything that
changes an earlier round's points computes it again (issue #31, cheaper renders)."""

import pytest

from tournament.actions import entrants, results, rounds
from tournament.models import Match
from tournament.reads import history

from .test_http_cache import boards, crewe_open, forfeit  # noqa: F401


@pytest.fixture
def computed(monkeypatch):
    """The points_before computations made (tournament pk, round number), in order."""
    made = []
    real = history._points_before

    def counting(tournament, number):
        made.append((tournament.pk, number))
        return real(tournament, number)

    monkeypatch.setattr(history, "_points_before", counting)
    return made


@pytest.fixture
def crewe_in_round_two(crewe_open, dora):  # noqa: F811
    """Crewe: round 1's two boards forfeited by side 1 (side 0 wins), round 2 published."""
    for match in boards(crewe_open):
        forfeit(match, dora)
    rounds.publish_round(rounds.pair_round(crewe_open, dora), dora)
    return crewe_open


def live_boards(event, number):
    return list(Match.objects.filter(round__tournament=event, round__number=number)
                .order_by("board"))


def by_side(event, number):
    """(side0, side1) pairing numbers of each board of round `number`."""
    return [(m.side0.number, m.side1.number if m.side1 else None)
            for m in live_boards(event, number)]


def test_a_result_in_the_round_itself_reuses_the_points(crewe_in_round_two, dora, computed):
    before = history.points_before(crewe_in_round_two, 2)
    assert computed == [(crewe_in_round_two.pk, 2)]
    # Side 0 of each round-1 board won it: 1 point each; side 1 none.
    winners = {a for a, _ in by_side(crewe_in_round_two, 1)}
    assert {n for n, p in before.items() if p} == winners
    forfeit(live_boards(crewe_in_round_two, 2)[0], dora)
    again = history.points_before(crewe_in_round_two, 2)
    assert again == before
    assert computed == [(crewe_in_round_two.pk, 2)]  # not computed again
    assert again == history._points_before(crewe_in_round_two, 2)  # and still what it is


def test_a_correction_to_an_earlier_round_computes_them_again(crewe_in_round_two, dora, computed):
    before = history.points_before(crewe_in_round_two, 2)
    first = live_boards(crewe_in_round_two, 1)[0]
    winner, loser = first.side0.number, first.side1.number
    assert (before[winner], before[loser]) == (1, 0)
    results.submit_result(first.pk, dora, version=first.version, outcome="forfeit",
                          conceded_by=0, reason="the other one left")
    after = history.points_before(crewe_in_round_two, 2)
    assert computed == [(crewe_in_round_two.pk, 2)] * 2
    assert (after[winner], after[loser]) == (0, 1)
    assert after == history._points_before(crewe_in_round_two, 2)


def test_another_kind_of_change_computes_them_again(crewe_in_round_two, dora, computed):
    history.points_before(crewe_in_round_two, 2)
    entrant = live_boards(crewe_in_round_two, 1)[0].side0
    entrants.withdraw_entrant(entrant, dora, reason="went home")
    history.points_before(crewe_in_round_two, 2)
    assert computed == [(crewe_in_round_two.pk, 2)] * 2


def test_each_round_and_each_event_has_its_own_points(crewe_in_round_two, dora, computed):
    forfeit(live_boards(crewe_in_round_two, 2)[0], dora)
    two = history.points_before(crewe_in_round_two, 2)
    three = history.points_before(crewe_in_round_two, 3)
    assert computed == [(crewe_in_round_two.pk, 2), (crewe_in_round_two.pk, 3)]
    assert two != three and sum(three.values()) == sum(two.values()) + 1
    assert history.points_before(crewe_in_round_two, 1) == {}


@pytest.fixture
def listed(monkeypatch):
    """The not_paired_in computations made (tournament pk, round number, public)."""
    made = []
    real = history._not_paired_in

    def counting(tournament, number, *, public):
        made.append((tournament.pk, number, public))
        return real(tournament, number, public=public)

    monkeypatch.setattr(history, "_not_paired_in", counting)
    return made


def test_who_has_no_board_is_kept_through_the_round_s_results(crewe_in_round_two, dora, listed):
    assert history.not_paired_in(crewe_in_round_two, 2) == {}
    forfeit(live_boards(crewe_in_round_two, 2)[0], dora)
    assert history.not_paired_in(crewe_in_round_two, 2) == {}
    assert listed == [(crewe_in_round_two.pk, 2, True)]  # a result: not computed again
    # The director's own list is cached apart from the public's.
    assert history.not_paired_in(crewe_in_round_two, 2, public=False) == {}
    assert listed == [(crewe_in_round_two.pk, 2, True), (crewe_in_round_two.pk, 2, False)]


def test_who_has_no_board_follows_a_withdrawal(crewe_in_round_two, dora, listed):
    assert history.not_paired_in(crewe_in_round_two, 3) == {}  # round 3 is not paired yet
    for match in live_boards(crewe_in_round_two, 2):
        forfeit(match, dora)
    gone = live_boards(crewe_in_round_two, 2)[0].side1
    entrants.withdraw_entrant(gone, dora, reason="went home")
    rounds.publish_round(rounds.pair_round(crewe_in_round_two, dora), dora)
    after = history.not_paired_in(crewe_in_round_two, 3)
    assert [e.pk for e in after["withdrawn"]] == [gone.pk]
    assert [e.name for e in after["withdrawn"]] == [gone.name]
    assert len(listed) == 2
