"""The Berger tables of shared/spec/competitions.md, "Round robin"."""

import itertools

import pytest

from tournament.pairing.round_robin import Fixture, berger_round, rounds_needed, schedule


def pairs(fixtures):
    return [(f.home, f.away) for f in fixtures]


def test_the_specs_six_entrant_example():
    assert pairs(berger_round(6, 1)) == [(1, 6), (2, 5), (3, 4)]
    assert pairs(berger_round(6, 2)) == [(6, 4), (5, 3), (1, 2)]
    assert pairs(berger_round(6, 3)) == [(2, 6), (3, 1), (4, 5)]


def test_boards_are_numbered_in_table_order():
    assert berger_round(6, 2) == [Fixture(1, 6, 4), Fixture(2, 5, 3), Fixture(3, 1, 2)]


@pytest.mark.parametrize("n", range(2, 17))
def test_everyone_meets_everyone_once_per_cycle(n):
    met = [frozenset(p) for r in schedule(n) for p in pairs(r) if p[1] is not None]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    assert set(met) == {frozenset(c) for c in itertools.combinations(range(1, n + 1), 2)}
    for fixtures in schedule(n):
        seen = [s for f in fixtures for s in (f.home, f.away) if s is not None]
        assert sorted(seen) == list(range(1, n + 1))


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_an_odd_field_gives_each_entrant_one_bye_listed_last(n):
    byes = []
    for fixtures in schedule(n):
        assert [f.away for f in fixtures].count(None) == 1
        assert fixtures[-1].away is None
        byes.append(fixtures[-1].home)
    assert sorted(byes) == list(range(1, n + 1))


def test_five_entrants_follow_the_six_table_with_six_as_the_bye():
    # Round 1 of 6 is 1-6, 2-5, 3-4: with 5 entrants 1 has the bye.
    assert pairs(berger_round(5, 1)) == [(2, 5), (3, 4), (1, None)]
    assert pairs(berger_round(5, 2)) == [(5, 3), (1, 2), (4, None)]


def test_a_second_cycle_repeats_the_first_with_sides_swapped():
    assert rounds_needed(6, 2) == 10
    for r in range(1, 6):
        assert pairs(berger_round(6, r + 5, cycles=2)) == [
            (b, a) for a, b in pairs(berger_round(6, r))]


def test_home_and_away_balance_within_one_over_a_cycle():
    for n in (4, 6, 8, 10):
        home = {s: 0 for s in range(1, n + 1)}
        for fixtures in schedule(n):
            for f in fixtures:
                home[f.home] += 1
        assert max(home.values()) - min(home.values()) <= 1


@pytest.mark.parametrize("bad", [(1, 1, 1), (6, 0, 1), (6, 6, 1), (6, 11, 2), (6, 1, 3)])
def test_bad_arguments_are_refused(bad):
    n, r, cycles = bad
    with pytest.raises(ValueError):
        berger_round(n, r, cycles)
