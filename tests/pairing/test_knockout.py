"""Knock-out brackets, shared/spec/competitions.md "Knock-out"."""

import hashlib

import pytest

from tournament.pairing.knockout import (
    BracketError,
    build,
    lot_order,
    placings,
    plate_seeds,
    round_name,
    rounds_in,
    seed_by_ranking,
    seed_positions,
)


def players(round_):
    return [m.players for m in round_]


def test_seed_positions_as_the_spec_defines_them():
    assert seed_positions(1) == [1]
    assert seed_positions(2) == [1, 2]
    assert seed_positions(4) == [1, 4, 2, 3]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert sorted(seed_positions(64)) == list(range(1, 65))
    with pytest.raises(BracketError):
        seed_positions(6)


def test_lots_are_sha256_of_seed_and_id_lowest_first():
    ids = [3, 11, 7, 19, 2]
    expected = sorted(ids, key=lambda i: hashlib.sha256(f"leek-2026:{i}".encode()).hexdigest())
    assert lot_order("leek-2026", ids) == expected
    assert lot_order("leek-2026", reversed(ids)) == expected
    assert lot_order("another seed", ids) != expected or len(ids) < 2


def test_eight_seeds_pair_one_against_eight_and_winners_meet_in_order():
    seeds = [40, 41, 42, 43, 44, 45, 46, 47]          # seed k is entrant 39 + k
    b = build(seeds)
    assert players(b.rounds[0]) == [(40, 47), (43, 44), (41, 46), (42, 45)]
    assert len(b.rounds) == 1                       # round 2 waits for round 1
    winners = {(1, 1): 40, (1, 2): 44, (1, 3): 41, (1, 4): 45}
    b = build(seeds, winners)
    # Better seed first-named: 44 (seed 5) beats 43 (seed 4) yet 40 is first in board 1.
    assert players(b.rounds[1]) == [(40, 44), (41, 45)]


def test_thirteen_entrants_give_the_top_three_seeds_byes():
    seeds = list(range(1, 14))
    b = build(seeds)
    byes = [m for m in b.rounds[0] if m.bye]
    assert [m.players for m in byes] == [(1, None), (2, None), (3, None)]
    assert players(b.rounds[0])[:4] == [(1, None), (8, 9), (4, 13), (5, 12)]
    assert all(m.decided and m.winner == m.players[0] for m in byes)
    assert len([m for m in b.rounds[0] if not m.bye]) == 5
    assert rounds_in(13) == 4


def test_round_names_count_back_from_the_final():
    assert [round_name(r, 4) for r in (1, 2, 3, 4)] == [
        "Round of 16", "Quarter-finals", "Semi-finals", "Final"]
    assert round_name(1, 1) == "Final"


def test_a_double_forfeit_makes_the_next_match_a_walkover():
    b = build([1, 2, 3, 4], {(1, 1): None, (1, 2): 2})
    final = b.rounds[1][0]
    assert final.players == (2, None) and final.bye and final.winner == 2
    assert placings(b)[0] == (1, 2)


def test_a_winner_who_did_not_play_is_refused():
    with pytest.raises(BracketError, match="did not play"):
        build([1, 2, 3, 4], {(1, 1): 2})


def test_placings_with_and_without_a_third_place_match():
    seeds = list(range(1, 9))
    r1 = {(1, 1): 1, (1, 2): 5, (1, 3): 2, (1, 4): 3}
    r2 = {(2, 1): 1, (2, 2): 3}
    final = {(3, 1): 3}
    shared = placings(build(seeds, r1 | r2 | final))
    assert shared[:2] == [(1, 3), (2, 1)]
    assert sorted(shared[2:4]) == [(3, 2), (3, 5)]
    assert sorted(shared[4:]) == [(5, 4), (5, 6), (5, 7), (5, 8)]
    b = build(seeds, r1 | r2 | final | {(3, 2): 5}, third_place=True)
    assert b.third_place.players == (2, 5)
    assert placings(b)[:4] == [(1, 3), (2, 1), (3, 5), (4, 2)]


def test_placings_list_only_what_is_decided():
    assert placings(build(list(range(1, 9)))) == []
    # A quarter-final's loser has 5th place (shared) as soon as that match is decided.
    b = build(list(range(1, 9)), {(1, 1): 1, (1, 2): 4})
    assert sorted(placings(b)) == [(5, 5), (5, 8)]
    b = build(list(range(1, 9)), {(1, 1): 1, (1, 2): 4, (1, 3): 2, (1, 4): 3})
    assert sorted(placings(b)) == [(5, 5), (5, 6), (5, 7), (5, 8)]


def test_the_plate_takes_round_ones_losers_of_played_matches_in_seed_order():
    b = build(list(range(1, 7)), {(1, 2): 5, (1, 4): 3})
    # order(8): 1-8(bye), 4-5, 2-7(bye), 3-6
    assert plate_seeds(b) == [4, 6]
    with pytest.raises(BracketError):
        plate_seeds(build(list(range(1, 7)), {(1, 2): 5}))


def test_a_top_cut_takes_the_best_shares_places_by_lot_and_passes_over_the_withdrawn():
    ranked = [[10], [11, 12], [13], [14, 15, 16]]
    cut = seed_by_ranking(ranked, 4, "s", passed_over=[13])
    assert cut[0] == 10 and set(cut[1:3]) == {11, 12}
    assert cut[1:3] == lot_order("s", [11, 12])
    assert cut[3] == lot_order("s", [14, 15, 16])[0]
    with pytest.raises(BracketError, match="top cut of 8"):
        seed_by_ranking(ranked, 8, "s")
